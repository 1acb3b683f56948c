/* test-daemon-load.c: many games, each between 4 separate D-Bus connections, played at once
 * for a while (issue 8, "Load").
 *
 * LOAD_GAMES games (default 20) run side by side for LOAD_SECONDS (default 10): each has 4
 * clients of its own, real connections to the bus, all driven by one main loop. A client
 * moves when TurnStarted names its seat (GetPlacements, Place, GetDeployments, Deploy or
 * Skip, chosen at random); when a game ends its 4 clients start another, until the time is
 * up. Every client records the moves it sees in the Game signals (TilePlaced, FollowerDeployed,
 * TurnEnded): at the end of each game each client's sequence must equal the move log of the
 * game's record (ExportRecord) exactly, with no move lost, duplicated or reordered; the turns
 * of TurnStarted must count up one by one; and the game's final scores (GameOver, for every
 * client, and Scores) must equal the engine's replay of the record. Throughput and latency
 * are printed, never asserted. The long form is `make check-load` (250 games, 120 s).
 */
#include "config.h"

#include <check.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-stats.h"

#define SEATS 4

typedef struct Table Table;

typedef struct
{
  Table *t;
  guint index;
  GDBusConnection *c;
  char *player; /* our seat's path in the current game */
  guint sub;
  GArray *seen; /* CarcMove, from the signals */
  gboolean deployed_this_turn;
  gboolean placed_this_turn;
  guint last_turn;
  GVariant *game_over;
  gint64 call_start;
} Client;

typedef struct
{
  GRand *rand;
  GPid pid;
  gint64 deadline;
  guint running; /* tables with a game in progress */
  guint64 games_done, moves, calls;
  GArray *latency; /* microseconds per call */
} Load;

struct Table
{
  Load *load;
  guint index;
  Client clients[SEATS];
  char *game;
  guint joined, over;
  guint64 seed;
};

static void table_next_game (Table *t);
static void client_act (Client *cl, guint turn);

/* An async call of @cl, its reply to @done (the reply, or NULL and the error). */
typedef void (*Done) (Client *cl, GVariant *reply, GError *error);

typedef struct
{
  Client *cl;
  Done done;
  gint64 start;
} Call;

static void
on_call_done (GObject *source, GAsyncResult *res, gpointer data)
{
  Call *call = data;
  Load *load = call->cl->t->load;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), res, &error);
  double us = (double)(g_get_monotonic_time () - call->start);

  g_array_append_val (load->latency, us);
  ck_assert_msg (r != NULL, "game %s, seat %u: %s", call->cl->t->game, call->cl->index,
                 error->message);
  call->done (call->cl, r, error);
  g_free (call);
}

static void
client_call (Client *cl, const char *path, const char *iface, const char *method, GVariant *args,
             Done done)
{
  Call *call = g_new0 (Call, 1);

  call->cl = cl;
  call->done = done;
  call->start = g_get_monotonic_time ();
  cl->t->load->calls++;
  g_dbus_connection_call (cl->c, BUS_NAME, path, iface, method, args, NULL, G_DBUS_CALL_FLAGS_NONE,
                          G_MAXINT, NULL, on_call_done, call);
}

/* Signals: the moves each client sees --------------------------------------------------- */

static void
seen_add (Client *cl, CarcMoveType type, gint x, gint y, guint rotation, guint segment)
{
  CarcMove m = { .type = type, .x = x, .y = y, .rotation = rotation, .segment = segment };
  g_array_append_val (cl->seen, m);
}

static void table_check (Table *t);

static void
on_signal (GDBusConnection *c, const char *sender, const char *path, const char *iface,
           const char *signal, GVariant *params, gpointer data)
{
  Client *cl = data;
  Table *t = cl->t;

  if (t->game == NULL || !g_str_equal (path, t->game))
    return; /* a game this table has left */
  if (g_str_equal (signal, "TurnStarted"))
    {
      guint turn;
      const char *player;

      g_variant_get (params, "(u&o&sut)", &turn, &player, NULL, NULL, NULL);
      ck_assert_msg (turn == cl->last_turn + 1, "%s, seat %u: TurnStarted %u after %u", t->game,
                     cl->index, turn, cl->last_turn);
      cl->last_turn = turn;
      cl->placed_this_turn = cl->deployed_this_turn = FALSE;
      if (g_str_equal (player, cl->player))
        client_act (cl, turn);
    }
  else if (g_str_equal (signal, "TilePlaced"))
    {
      gint32 x, y;
      guint32 rotation;

      g_variant_get (params, "(&o&siiuut)", NULL, NULL, &x, &y, &rotation, NULL, NULL);
      if (cl->last_turn == 0)
        return; /* the start tile, placed by Start: no move */
      seen_add (cl, CARC_MOVE_PLACE, x, y, rotation, 0);
      cl->placed_this_turn = TRUE;
    }
  else if (g_str_equal (signal, "FollowerDeployed"))
    {
      guint32 segment;

      g_variant_get (params, "(&oiiuuu^a&s&st)", NULL, NULL, NULL, NULL, &segment, NULL, NULL, NULL,
                     NULL);
      seen_add (cl, CARC_MOVE_DEPLOY, 0, 0, 0, segment);
      cl->deployed_this_turn = TRUE;
    }
  else if (g_str_equal (signal, "TurnEnded"))
    {
      if (cl->placed_this_turn && !cl->deployed_this_turn)
        seen_add (cl, CARC_MOVE_SKIP, 0, 0, 0, 0);
      cl->placed_this_turn = cl->deployed_this_turn = FALSE;
    }
  else if (g_str_equal (signal, "GameOver"))
    {
      ck_assert_msg (cl->game_over == NULL, "%s: GameOver twice", t->game);
      cl->game_over = g_variant_get_child_value (params, 0);
      if (++t->over == SEATS)
        table_check (t);
    }
}

/* Moves ----------------------------------------------------------------------------------- */

static void
on_moved (Client *cl, GVariant *r, GError *error)
{
  cl->t->load->moves++;
}

static void
on_deployments (Client *cl, GVariant *r, GError *error)
{
  g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
  guint n = (guint)g_variant_n_children (list);
  guint k = (guint)g_rand_int_range (cl->t->load->rand, 0, (gint)(3 * n + 1));

  if (k < n)
    {
      const char *figure;
      guint32 segment;
      g_variant_get_child (list, k, "(&suu^a&s)", &figure, &segment, NULL, NULL);
      client_call (cl, cl->t->game, GAME_IFACE, "Deploy",
                   g_variant_new ("(sua{sv})", figure, segment, NULL), on_moved);
    }
  else
    client_call (cl, cl->t->game, GAME_IFACE, "Skip", NO_OPTIONS, on_moved);
}

static void
on_placed (Client *cl, GVariant *r, GError *error)
{
  cl->t->load->moves++;
  client_call (cl, cl->t->game, GAME_IFACE, "GetDeployments", NULL, on_deployments);
}

static void
on_placements (Client *cl, GVariant *r, GError *error)
{
  g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
  guint n = (guint)g_variant_n_children (list);
  gint32 x, y;
  guint32 rotation;

  ck_assert_uint_gt (n, 0);
  g_variant_get_child (list, (gsize)g_rand_int_range (cl->t->load->rand, 0, (gint)n), "(iiu)", &x,
                       &y, &rotation);
  client_call (cl, cl->t->game, GAME_IFACE, "Place",
               g_variant_new ("(iiua{sv})", x, y, rotation, NULL), on_placed);
}

static void
client_act (Client *cl, guint turn)
{
  client_call (cl, cl->t->game, GAME_IFACE, "GetPlacements", NULL, on_placements);
}

/* Games ----------------------------------------------------------------------------------- */

static void
on_started (Client *cl, GVariant *r, GError *error)
{
}

static void
on_joined (Client *cl, GVariant *r, GError *error)
{
  Table *t = cl->t;

  g_variant_get (r, "(os)", &cl->player, NULL);
  if (++t->joined == SEATS)
    client_call (&t->clients[0], t->game, GAME_IFACE, "Start", NO_OPTIONS, on_started);
}

static void
on_created (Client *cl, GVariant *r, GError *error)
{
  Table *t = cl->t;

  g_variant_get (r, "(o&s)", &t->game, NULL);
  for (guint i = 0; i < SEATS; i++)
    {
      Client *c = &t->clients[i];
      g_autofree char *name = g_strdup_printf ("T%u.%u", t->index, i);

      /* the match rule goes out before Join, on the same connection: in place before Start */
      c->sub = g_dbus_connection_signal_subscribe (c->c, NULL, GAME_IFACE, NULL, t->game, NULL,
                                                   G_DBUS_SIGNAL_FLAGS_NONE, on_signal, c, NULL);
      client_call (c, t->game, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", name, NULL),
                   on_joined);
    }
}

static void
on_deleted (Client *cl, GVariant *r, GError *error)
{
  Table *t = cl->t;

  g_clear_pointer (&t->game, g_free);
  t->load->running--;
  if (g_get_monotonic_time () < t->load->deadline)
    table_next_game (t);
}

/* The game is over for all 4 clients: their moves and scores against the record's replay. */
static void
on_record (Client *cl, GVariant *r, GError *error)
{
  Table *t = cl->t;
  const char *text;
  g_autoptr (GError) e = NULL;
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  g_autoptr (CarcRecord) record = NULL;
  g_autoptr (CarcGame) replay = NULL;
  guint n;

  g_variant_get (r, "(&s)", &text);
  record = carc_record_parse (text, -1, tiles, NULL, &e);
  ck_assert_msg (record != NULL, "%s: %s", t->game, e->message);
  replay = carc_record_replay (record, G_MAXUINT, NULL, NULL, NULL, &e);
  ck_assert_msg (replay != NULL, "%s: %s", t->game, e->message);
  ck_assert_int_eq (carc_game_get_phase (replay), CARC_PHASE_OVER);
  n = carc_record_get_n_moves (record);
  for (guint i = 0; i < SEATS; i++)
    {
      Client *c = &t->clients[i];
      gsize n_scores;
      const guint32 *scores = g_variant_get_fixed_array (c->game_over, &n_scores, sizeof (guint32));

      for (guint k = 0; k < MIN (n, c->seen->len); k++)
        {
          const CarcMove *want = carc_record_get_move (record, k);
          const CarcMove *have = &g_array_index (c->seen, CarcMove, k);

          ck_assert_msg (want->type == have->type && want->x == have->x && want->y == have->y
                             && want->rotation == have->rotation && want->segment == have->segment,
                         "%s, seat %u, move %u: the signals say %d (%d,%d) r%u s%u, the record %d "
                         "(%d,%d) r%u s%u",
                         t->game, i, k, have->type, have->x, have->y, have->rotation, have->segment,
                         want->type, want->x, want->y, want->rotation, want->segment);
        }
      ck_assert_msg (c->seen->len == n, "%s, seat %u saw %u moves, the record has %u", t->game, i,
                     c->seen->len, n);
      ck_assert_uint_eq (n_scores, SEATS);
      for (guint s = 0; s < SEATS; s++)
        ck_assert_msg (scores[s] == carc_game_get_score (replay, s),
                       "%s, seat %u: GameOver gives %u points, the replay %u", t->game, s,
                       scores[s], carc_game_get_score (replay, s));
    }
  t->load->games_done++;
  client_call (&t->clients[0], t->game, GAME_IFACE, "Delete", NO_OPTIONS, on_deleted);
}

static void
table_check (Table *t)
{
  client_call (&t->clients[0], t->game, GAME_IFACE, "ExportRecord", NO_OPTIONS, on_record);
}

static void
table_next_game (Table *t)
{
  GVariantBuilder options;

  for (guint i = 0; i < SEATS; i++)
    {
      Client *c = &t->clients[i];
      if (c->sub)
        g_dbus_connection_signal_unsubscribe (c->c, c->sub);
      c->sub = 0;
      g_clear_pointer (&c->player, g_free);
      g_clear_pointer (&c->game_over, g_variant_unref);
      g_array_set_size (c->seen, 0);
      c->last_turn = 0;
      c->placed_this_turn = c->deployed_this_turn = FALSE;
    }
  t->joined = t->over = 0;
  t->seed = ((guint64)g_rand_int (t->load->rand) << 32) | g_rand_int (t->load->rand);
  g_variant_builder_init (&options, G_VARIANT_TYPE ("a{sv}"));
  g_variant_builder_add (&options, "{sv}", "seed", g_variant_new_uint64 (t->seed));
  g_variant_builder_add (&options, "{sv}", "players", g_variant_new_uint32 (SEATS));
  t->load->running++;
  client_call (&t->clients[0], ROOT_PATH, MANAGER_IFACE, "CreateGame",
               g_variant_new ("(a{sv})", &options), on_created);
}

START_TEST (test_load)
{
  guint n_tables = (guint)env_u64 ("LOAD_GAMES", 20);
  guint seconds = (guint)env_u64 ("LOAD_SECONDS", 10);
  guint64 seed = env_u64 ("LOAD_SEED", (guint64)g_get_real_time ());
  /* every client holds one seat and has one game at a time: the defaults would do, but a
   * large LOAD_GAMES needs more games than --max-games' 10000 never; set them anyway */
  g_autofree char *max_games = g_strdup_printf ("--max-games=%u", 2 * n_tables + 10);
  const char *args[] = { max_games, NULL };
  Load load = { 0 };
  g_autofree Table *tables = g_new0 (Table, n_tables);
  gint64 start, elapsed;
  gsize rss_start, rss_peak;

  g_print ("load: %u games of %u clients for %u s, seed %" G_GUINT64_FORMAT
           " (LOAD_SEED repeats the choices)\n",
           n_tables, SEATS, seconds, seed);
  load.rand = g_rand_new_with_seed ((guint32)(seed ^ (seed >> 32)));
  load.latency = g_array_new (FALSE, FALSE, sizeof (double));
  load.pid = daemon_start (args);
  for (guint i = 0; i < n_tables; i++)
    {
      tables[i].load = &load;
      tables[i].index = i;
      for (guint k = 0; k < SEATS; k++)
        {
          Client *c = &tables[i].clients[k];
          c->t = &tables[i];
          c->index = k;
          c->c = client_new ();
          c->seen = g_array_new (FALSE, FALSE, sizeof (CarcMove));
        }
    }
  rss_start = vm_rss_kib (load.pid);
  rss_peak = rss_start;
  start = g_get_monotonic_time ();
  load.deadline = start + (gint64)seconds * G_USEC_PER_SEC;
  for (guint i = 0; i < n_tables; i++)
    table_next_game (&tables[i]);
  while (load.running > 0)
    {
      guint64 before = load.games_done;

      g_main_context_iteration (NULL, TRUE);
      if (load.games_done != before)
        rss_peak = MAX (rss_peak, vm_rss_kib (load.pid));
    }
  elapsed = g_get_monotonic_time () - start;
  rss_peak = MAX (rss_peak, vm_rss_kib (load.pid));

  g_print ("load: %" G_GUINT64_FORMAT " games played to the end and checked, %" G_GUINT64_FORMAT
           " moves, %" G_GUINT64_FORMAT " calls in %.1f s: %.0f moves/s, %.0f calls/s\n",
           load.games_done, load.moves, load.calls, elapsed / 1e6, load.moves * 1e6 / elapsed,
           load.calls * 1e6 / elapsed);
  g_print ("load: call latency median %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms; daemon "
           "VmRSS %zu KiB with %u x %u clients connected, %zu KiB at most\n",
           percentile_ms (load.latency, 50), percentile_ms (load.latency, 95),
           percentile_ms (load.latency, 99), percentile_ms (load.latency, 100), rss_start, n_tables,
           SEATS, rss_peak);
  ck_assert_uint_ge (load.games_done, n_tables);

  for (guint i = 0; i < n_tables; i++)
    for (guint k = 0; k < SEATS; k++)
      {
        Client *c = &tables[i].clients[k];
        if (c->sub)
          g_dbus_connection_signal_unsubscribe (c->c, c->sub);
        g_clear_object (&c->c);
        g_free (c->player);
        g_clear_pointer (&c->game_over, g_variant_unref);
        g_array_unref (c->seen);
      }
  ck_assert_int_eq (daemon_stop (load.pid), 0);
  g_array_unref (load.latency);
  g_rand_free (load.rand);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("daemon-load");
  TCase *tc = tcase_create ("load");

  tcase_set_timeout (tc, (double)env_u64 ("LOAD_SECONDS", 10) * 4 + 600);
  tcase_add_test (tc, test_load);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
