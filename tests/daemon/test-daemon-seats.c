/* test-daemon-seats.c: seats, bots, several games and the signals, through the real daemon.
 *
 * Issue 3: a client killed mid-game and its token, Leave before and after the start, games
 * played by bots, several games at once without cross-talk, a whole game followed from its
 * signals alone, and the information the daemon keeps to itself.
 */
#include "config.h"

#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"

static char *self_exe;

/* The child's side of test_killed_client: joins @game on a connection of its own, tells the
 * parent its Player path and token on stdout, and waits to be killed. No Check assertions
 * here: they report to a runner this process does not have. */
G_GNUC_NORETURN static int
child_join_and_wait (const char *game)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDBusConnection) c = g_dbus_connection_new_for_address_sync (
      g_getenv ("DBUS_SESSION_BUS_ADDRESS"),
      G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
          | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
      NULL, NULL, &error);
  g_autoptr (GVariant) r = NULL;
  const char *player, *token;

  if (c)
    r = g_dbus_connection_call_sync (
        c, BUS_NAME, game, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", "Kim", NULL),
        G_VARIANT_TYPE ("(os)"), G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  if (r == NULL)
    {
      g_printerr ("child: %s\n", error->message);
      exit (1);
    }
  g_variant_get (r, "(&o&s)", &player, &token);
  printf ("%s %s\n", player, token);
  fflush (stdout);
  for (;;)
    pause ();
}

/* A seat's Connected as PropertiesChanged announces it. */
typedef struct
{
  const char *path;
  gint connected; /* -1: not announced */
} ConnectedWatch;

static void
on_player_changed (GDBusConnection *c, const char *sender, const char *path, const char *iface,
                   const char *signal, GVariant *params, gpointer data)
{
  ConnectedWatch *w = data;
  g_autoptr (GVariant) changed = g_variant_get_child_value (params, 1);
  gboolean connected;

  if (g_str_equal (path, w->path) && g_variant_lookup (changed, "Connected", "b", &connected))
    w->connected = connected;
}

static gboolean
get_bool (GDBusConnection *c, const char *path, const char *name)
{
  g_autoptr (GVariant) v = get_property (c, path, PLAYER_IFACE, name);
  return g_variant_get_boolean (v);
}

static char *
replace_all (const char *text, const char *from, const char *to)
{
  g_auto (GStrv) parts = g_strsplit (text, from, -1);
  return g_strjoinv (to, parts);
}

/* Issue 3: a client killed mid-game: its seat's Connected turns false and nothing else
 * changes; Rejoin with the token from another connection takes the seat back, and the game
 * goes on to the end with the engine's scores. The child is started by fork and exec (of this
 * program): a forked copy of a process with a GDBus connection cannot open another one. */
START_TEST (test_killed_client)
{
  const guint64 seed = 77;
  GPid pid = daemon_start (NULL);
  GDBusConnection *clients[2] = { client_new (), NULL };
  g_autofree char *game = create_game (clients[0], "{'seed': <@t 77>}");
  g_autofree char *token0 = NULL;
  char *players[2] = { join_game (clients[0], game, "Ann", &token0), NULL };
  const char *child_argv[] = { self_exe, "--join-and-wait", game, NULL };
  g_autoptr (GError) error = NULL;
  GPid child;
  int out, status;
  char line[256] = "";
  ssize_t n = 0, r;
  g_auto (GStrv) fields = NULL;
  g_autofree char *before = NULL, *after = NULL, *after_fixed = NULL;
  g_autoptr (GVariant) rejoined = NULL;
  ConnectedWatch watch = { NULL, -1 };
  guint sub;
  guint expected[2];
  const char *path;

  ck_assert_msg (g_spawn_async_with_pipes (NULL, (char **)child_argv, NULL,
                                           G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &child, NULL,
                                           &out, NULL, &error),
                 "cannot start the child: %s", error ? error->message : "?");
  while (n < (ssize_t)sizeof line - 1 && !strchr (line, '\n')
         && (r = read (out, line + n, sizeof line - 1 - (gsize)n)) > 0)
    n += r;
  close (out);
  fields = g_strsplit (g_strstrip (line), " ", 2);
  ck_assert_uint_eq (g_strv_length (fields), 2);
  players[1] = g_strdup (fields[0]);
  ck_assert_str_eq (players[1], ROOT_PATH "/game/1/player/1");
  ck_assert (get_bool (clients[0], players[1], "Connected"));

  g_variant_unref (call_ok (clients[0], game, GAME_IFACE, "Start", NO_OPTIONS));
  play_policy_turn (clients[0], game);
  g_free (active_player (clients[0], game));
  before = game_snapshot (clients[0], game);

  watch.path = players[1];
  sub = g_dbus_connection_signal_subscribe (clients[0], NULL, PROPS_IFACE, "PropertiesChanged",
                                            players[1], PLAYER_IFACE, G_DBUS_SIGNAL_FLAGS_NONE,
                                            on_player_changed, &watch, NULL);
  /* the match rule is in place once a call has made the round trip */
  g_free (active_player (clients[0], game));
  kill (child, SIGKILL);
  ck_assert_int_eq (waitpid (child, &status, 0), child);
  g_spawn_close_pid (child);
  WAIT_FOR (watch.connected == 0);
  ck_assert_int_eq (watch.connected, 0);
  ck_assert (!get_bool (clients[0], players[1], "Connected"));
  ck_assert (!get_bool (clients[0], players[1], "Bot"));
  after = game_snapshot (clients[0], game);
  after_fixed = replace_all (after, "'Connected': <false>", "'Connected': <true>");
  ck_assert_str_ne (after, after_fixed);
  {
    /* the change took a sequence number (issue 18); the rest is as it was */
    g_autofree char *a = without_sequence (after_fixed), *b = without_sequence (before);
    ck_assert_str_eq (a, b);
  }

  /* the token takes the seat back from another connection */
  clients[1] = client_new ();
  rejoined = call_ok (clients[1], game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", fields[1]));
  g_variant_get (rejoined, "(&o)", &path);
  ck_assert_str_eq (path, players[1]);
  WAIT_FOR (watch.connected == 1);
  ck_assert_int_eq (watch.connected, 1);
  ck_assert (get_bool (clients[0], players[1], "Connected"));
  g_dbus_connection_signal_unsubscribe (clients[0], sub);

  play_to_end (clients, players, 2, game);
  engine_scores (seed, 2, expected);
  assert_scores (clients[1], game, expected, 2);
  for (guint i = 0; i < 2; i++)
    {
      g_free (players[i]);
      g_object_unref (clients[i]);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* The Player paths listed in GetManagedObjects. */
static gboolean
managed (GDBusConnection *c, const char *path)
{
  g_autoptr (GVariant) r
      = call_ok (c, ROOT_PATH, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", NULL);
  g_autoptr (GVariant) dict = g_variant_get_child_value (r, 0);
  g_autoptr (GVariant) found = g_variant_lookup_value (dict, path, NULL);

  return found != NULL;
}

/* introspection/org.carcassonne.Engine1.Game.xml: "Leave: ... While waiting the seat becomes
 * free again"; Player.xml: the object "disappears if it is given up before the game
 * starts". */
START_TEST (test_leave_while_waiting)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (a, "{'players': <uint32 3>}");
  g_autofree char *ta = NULL, *tb = NULL, *tc = NULL;
  g_autofree char *pa = join_game (a, game, "Ann", &ta);
  g_autofree char *pb = join_game (b, game, "Bob", &tb);
  g_autofree char *pc = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GVariant) seats = NULL;
  g_autofree char *seats_text = NULL;

  ck_assert (managed (a, pb));
  g_variant_unref (call_ok (b, game, GAME_IFACE, "Leave", NO_OPTIONS));
  seats = get_property (a, game, GAME_IFACE, "Players");
  seats_text = g_variant_print (seats, FALSE);
  ck_assert_str_eq (seats_text, "['/org/carcassonne/Engine1/game/1/player/0']");
  ck_assert (!managed (a, pb));
  err = call_error (c, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", tb));
  ck_assert_str_eq (err, ERROR_PREFIX "InvalidToken");
  g_free (err);
  err = call_error (b, game, GAME_IFACE, "Leave", NO_OPTIONS);
  ck_assert_str_eq (err, ERROR_PREFIX "NotSeated");
  /* the lowest free seat is b's old one */
  pc = join_game (c, game, "Cid", &tc);
  ck_assert_str_eq (pc, pb);
  ck_assert_str_ne (tc, tb);
  ck_assert_uint_eq (get_uint (a, pc, PLAYER_IFACE, "Seat"), 1);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* The tiles of @game's board placed by @player. */
static guint
tiles_placed_by (GDBusConnection *c, const char *game, const char *player)
{
  g_autoptr (GVariant) board = call_ok (c, game, GAME_IFACE, "GetBoard", NULL);
  g_autoptr (GVariant) tiles = g_variant_get_child_value (board, 0);
  GVariantIter iter;
  const char *by;
  guint n = 0;

  g_variant_iter_init (&iter, tiles);
  while (g_variant_iter_next (&iter, "(ii&su&o)", NULL, NULL, NULL, NULL, &by))
    n += g_str_equal (by, player);
  return n;
}

/* introspection/org.carcassonne.Engine1.Game.xml: "once the game has started the built-in bot
 * takes the seat over and the token stops working"; the bot then plays the seat. */
START_TEST (test_leave_after_start)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (a, "{'seed': <@t 5>}");
  g_autofree char *ta = NULL, *tb = NULL;
  char *pa = join_game (a, game, "Ann", &ta);
  g_autofree char *pb = join_game (b, game, "Bob", &tb);
  g_autofree char *err = NULL;
  guint placed;

  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  ck_assert (!get_bool (a, pb, "Bot"));
  g_variant_unref (call_ok (b, game, GAME_IFACE, "Leave", NO_OPTIONS));
  ck_assert (get_bool (a, pb, "Bot"));
  ck_assert (get_bool (a, pb, "Connected"));
  err = call_error (b, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", tb));
  ck_assert_str_eq (err, ERROR_PREFIX "InvalidToken");
  g_free (err);
  err = call_error (c, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", tb));
  ck_assert_str_eq (err, ERROR_PREFIX "InvalidToken");
  g_free (err);
  err = call_error (b, game, GAME_IFACE, "Skip", NO_OPTIONS);
  ck_assert_str_eq (err, ERROR_PREFIX "NotSeated");
  /* a plays its seat; the bot plays b's */
  play_to_end (&a, &pa, 1, game);
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "State"), 3);
  placed = tiles_placed_by (a, game, pb);
  ck_assert_uint_ge (placed, 30);
  ck_assert_uint_eq (tiles_placed_by (a, game, pa) + placed, 71);
  g_free (pa);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* GameOver's scores, caught. */
typedef struct
{
  char *path;
  GVariant *scores;
} GameOverWatch;

static void
on_game_over (GDBusConnection *c, const char *sender, const char *path, const char *iface,
              const char *signal, GVariant *params, gpointer data)
{
  GameOverWatch *w = data;

  ck_assert_str_eq (path, w->path);
  ck_assert_ptr_null (w->scores);
  w->scores = g_variant_get_child_value (params, 0);
}

static guint
watch_game_over (GDBusConnection *c, GameOverWatch *w)
{
  guint id = g_dbus_connection_signal_subscribe (c, NULL, GAME_IFACE, "GameOver", w->path, NULL,
                                                 G_DBUS_SIGNAL_FLAGS_NONE, on_game_over, w, NULL);
  /* a round trip: the match rule is in place */
  g_variant_unref (call_ok (c, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL));
  return id;
}

/* GameOver's scores equal the Scores property. */
static void
assert_game_over_scores (GDBusConnection *c, GameOverWatch *w)
{
  g_autoptr (GVariant) scores = get_property (c, w->path, GAME_IFACE, "Scores");

  ck_assert_msg (w->scores != NULL, "no GameOver from %s", w->path);
  ck_assert (g_variant_equal (scores, w->scores));
  ck_assert_uint_eq (get_uint (c, w->path, GAME_IFACE, "State"), 3);
}

/* introspection/org.carcassonne.Engine1.Manager.xml: "bots: seats filled at once by the
 * built-in bot": a game of bots plays to the end by itself after Start; a seeded one replays
 * exactly (session.c: seeded bots). */
START_TEST (test_bots_only)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  GameOverWatch w[2] = { { NULL, NULL }, { NULL, NULL } };
  char *boards[2] = { NULL, NULL };
  guint subs[2];

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GVariant) seats = NULL;
      w[i].path = create_game (a, "{'bots': <uint32 2>, 'seed': <@t 31>}");
      seats = get_property (a, w[i].path, GAME_IFACE, "Players");
      ck_assert_uint_eq (g_variant_n_children (seats), 2);
      for (gsize k = 0; k < g_variant_n_children (seats); k++)
        {
          g_autofree char *seat = NULL;
          g_variant_get_child (seats, k, "o", &seat);
          ck_assert (get_bool (a, seat, "Bot"));
        }
      subs[i] = watch_game_over (a, &w[i]);
    }
  for (guint i = 0; i < 2; i++)
    g_variant_unref (call_ok (a, w[i].path, GAME_IFACE, "Start", NO_OPTIONS));
  WAIT_FOR (w[0].scores && w[1].scores);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GVariant) board = call_ok (a, w[i].path, GAME_IFACE, "GetBoard", NULL);
      assert_game_over_scores (a, &w[i]);
      g_autofree char *text = g_variant_print (board, FALSE);
      /* the same but for the game's own path in the players' */
      boards[i] = replace_all (text, w[i].path, "GAME");
      g_dbus_connection_signal_unsubscribe (a, subs[i]);
    }
  ck_assert_msg (g_str_equal (boards[0], boards[1]), "two bot games of one seed differ: %.300s",
                 boards[1]);
  ck_assert (g_variant_equal (w[0].scores, w[1].scores));
  for (guint i = 0; i < 2; i++)
    {
      g_free (boards[i]);
      g_free (w[i].path);
      g_variant_unref (w[i].scores);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Issue 3: a game with one bot and one human plays to the end, the human moving through
 * D-Bus. */
START_TEST (test_bot_and_human)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  GameOverWatch w = { NULL, NULL };
  g_autofree char *tb = NULL;
  char *pb;
  guint sub;

  w.path = create_game (a, "{'bots': <uint32 1>, 'seed': <@t 8>, 'bot-delay': <uint32 1>}");
  pb = join_game (b, w.path, "Bob", &tb);
  /* the bot took the lowest seat */
  ck_assert_str_eq (pb, ROOT_PATH "/game/1/player/1");
  ck_assert (get_bool (b, ROOT_PATH "/game/1/player/0", "Bot"));
  ck_assert (!get_bool (b, pb, "Bot"));
  sub = watch_game_over (b, &w);
  g_variant_unref (call_ok (b, w.path, GAME_IFACE, "Start", NO_OPTIONS));
  play_to_end (&b, &pb, 1, w.path);
  WAIT_FOR (w.scores != NULL);
  assert_game_over_scores (a, &w);
  ck_assert_uint_eq (tiles_placed_by (a, w.path, pb)
                         + tiles_placed_by (a, w.path, ROOT_PATH "/game/1/player/0"),
                     71);
  g_dbus_connection_signal_unsubscribe (b, sub);
  g_variant_unref (w.scores);
  g_free (w.path);
  g_free (pb);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Every Game signal a connection receives. */
typedef struct
{
  GPtrArray *paths;   /* object path of each signal */
  guint tiles_placed; /* TilePlaced */
  guint games_over;
} SignalLog;

static void
on_any_game_signal (GDBusConnection *c, const char *sender, const char *path, const char *iface,
                    const char *signal, GVariant *params, gpointer data)
{
  SignalLog *log = data;

  g_ptr_array_add (log->paths, g_strdup (path));
  log->tiles_placed += g_str_equal (signal, "TilePlaced");
  log->games_over += g_str_equal (signal, "GameOver");
}

#define N_GAMES 3

/* Issue 3: several games at once (3 games, 2 clients each, moves interleaved, seeded): no
 * cross-talk. A client subscribed to one game's signals (a match rule on its path) receives
 * that game's signals only; each game ends with the engine's scores for its seed; a client
 * seated in one game cannot move in another (NotSeated). */
START_TEST (test_several_games)
{
  static const guint64 seeds[N_GAMES] = { 101, 202, 303 };
  GPid pid = daemon_start (NULL);
  GDBusConnection *clients[N_GAMES][2];
  char *players[N_GAMES][2];
  char *games[N_GAMES];
  g_autoptr (GDBusConnection) watcher = client_new ();
  g_autofree char *rule = NULL;
  SignalLog log = { g_ptr_array_new_with_free_func (g_free), 0, 0 };
  guint sub, board_tiles;
  gboolean playing = TRUE;
  gboolean crossed = FALSE;

  for (guint g = 0; g < N_GAMES; g++)
    {
      g_autofree char *options = g_strdup_printf ("{'seed': <@t %" G_GUINT64_FORMAT ">}", seeds[g]);
      for (guint i = 0; i < 2; i++)
        {
          g_autofree char *token = NULL;
          clients[g][i] = client_new ();
          if (i == 0)
            games[g] = create_game (clients[g][0], options);
          players[g][i] = join_game (clients[g][i], games[g], "P", &token);
        }
    }
  /* all of the Game interface's signals are delivered to the callback; the bus sends only
   * what the one match rule (game 2's path) asks for */
  sub = g_dbus_connection_signal_subscribe (watcher, NULL, GAME_IFACE, NULL, NULL, NULL,
                                            G_DBUS_SIGNAL_FLAGS_NO_MATCH_RULE, on_any_game_signal,
                                            &log, NULL);
  rule = g_strdup_printf ("type='signal',interface='%s',path='%s'", GAME_IFACE, games[1]);
  g_variant_unref (g_dbus_connection_call_sync (
      watcher, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch",
      g_variant_new ("(s)", rule), NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL));
  for (guint g = 0; g < N_GAMES; g++)
    g_variant_unref (call_ok (clients[g][1], games[g], GAME_IFACE, "Start", NO_OPTIONS));

  while (playing)
    {
      playing = FALSE;
      for (guint g = 0; g < N_GAMES; g++)
        {
          g_autofree char *active = NULL;
          guint i;

          if (get_uint (clients[g][0], games[g], GAME_IFACE, "State") == 3)
            continue;
          playing = TRUE;
          active = active_player (clients[g][0], games[g]);
          i = g_str_equal (active, players[g][0]) ? 0 : 1;
          ck_assert_str_eq (active, players[g][i]);
          if (!crossed && get_uint (clients[g][0], games[g], GAME_IFACE, "Turn") == 10)
            {
              /* the active client of this game tries the next game, where it holds no seat */
              g_autofree char *before = game_snapshot (clients[g][i], games[(g + 1) % N_GAMES]);
              g_autofree char *after = NULL;
              g_autofree char *err = call_error (clients[g][i], games[(g + 1) % N_GAMES],
                                                 GAME_IFACE, "Skip", NO_OPTIONS);
              ck_assert_str_eq (err, ERROR_PREFIX "NotSeated");
              after = game_snapshot (clients[g][i], games[(g + 1) % N_GAMES]);
              ck_assert_str_eq (after, before);
              crossed = TRUE;
            }
          play_policy_turn (clients[g][i], games[g]);
        }
    }
  ck_assert (crossed);
  for (guint g = 0; g < N_GAMES; g++)
    {
      guint expected[2];
      engine_scores (seeds[g], 2, expected);
      assert_scores (clients[g][0], games[g], expected, 2);
    }
  {
    g_autoptr (GVariant) board = call_ok (watcher, games[1], GAME_IFACE, "GetBoard", NULL);
    g_autoptr (GVariant) tiles = g_variant_get_child_value (board, 0);
    board_tiles = (guint)g_variant_n_children (tiles);
  }
  WAIT_FOR (log.games_over == 1 && log.tiles_placed == board_tiles);
  ck_assert_uint_eq (log.games_over, 1);
  ck_assert_uint_eq (log.tiles_placed, board_tiles);
  ck_assert_uint_gt (log.paths->len, 200);
  for (guint i = 0; i < log.paths->len; i++)
    ck_assert_str_eq (g_ptr_array_index (log.paths, i), games[1]);
  g_dbus_connection_signal_unsubscribe (watcher, sub);
  g_ptr_array_unref (log.paths);
  for (guint g = 0; g < N_GAMES; g++)
    {
      for (guint i = 0; i < 2; i++)
        {
          g_free (players[g][i]);
          g_object_unref (clients[g][i]);
        }
      g_free (games[g]);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* What a watcher rebuilds of a game from its signals alone. */
typedef struct
{
  const char *game;
  GPtrArray *tiles;      /* "(x, y, 'id', rotation, 'player')" in the order placed */
  GHashTable *followers; /* "(player, x, y, segment, kind)" on the board */
  guint scores[6];       /* sum of FeatureScored and PointsAwarded points */
  guint breakdowns;      /* FeatureScored breakdown items seen */
  guint n_seats;
  guint last_turn_started;
  guint last_turn_ended;
  gboolean turn_open; /* TurnStarted seen, TurnEnded not yet */
  guint discarded;
  GVariant *game_over;
  guint errors; /* signals out of order */
} Watcher;

/* Issue 18: FeatureScored's breakdown (seat, item, count, points) adds up, seat by seat, to
 * its points (@p, @n seats), and names only seats of the game. */
static gboolean
breakdown_adds_up (GVariant *breakdown, const guint32 *p, gsize n)
{
  guint sums[6] = { 0 };
  GVariantIter iter;
  guint32 seat, points;
  gboolean ok = n <= G_N_ELEMENTS (sums);

  g_variant_iter_init (&iter, breakdown);
  while (g_variant_iter_next (&iter, "(u&suu)", &seat, NULL, NULL, &points))
    {
      ok &= seat < n;
      if (seat < G_N_ELEMENTS (sums))
        sums[seat] += points;
    }
  for (gsize i = 0; ok && i < n; i++)
    ok = sums[i] == p[i];
  return ok;
}

static void
on_watched_signal (GDBusConnection *c, const char *sender, const char *path, const char *iface,
                   const char *signal, GVariant *params, gpointer data)
{
  Watcher *w = data;
  const char *player, *tile;
  gint32 x, y;
  guint32 turn, rotation, piece, segment, kind, left;
  gboolean final;
  g_autoptr (GVariant) points = NULL;

  w->errors += !g_str_equal (path, w->game);
  if (g_str_equal (signal, "TurnStarted"))
    {
      g_variant_get (params, "(u&o&sut)", &turn, &player, &tile, &left, NULL);
      w->errors += turn != w->last_turn_started + 1 || w->turn_open;
      w->last_turn_started = turn;
      w->turn_open = TRUE;
    }
  else if (g_str_equal (signal, "TurnEnded"))
    {
      g_variant_get (params, "(u&ot)", &turn, &player, NULL);
      w->errors += turn != w->last_turn_started || !w->turn_open;
      w->last_turn_ended = turn;
      w->turn_open = FALSE;
    }
  else if (g_str_equal (signal, "TilePlaced"))
    {
      g_variant_get (params, "(&o&siiuut)", &player, &tile, &x, &y, &rotation, NULL, NULL);
      g_ptr_array_add (w->tiles,
                       g_strdup_printf ("(%d, %d, '%s', %u, '%s')", x, y, tile, rotation, player));
    }
  else if (g_str_equal (signal, "TileDiscarded"))
    w->discarded++;
  else if (g_str_equal (signal, "FollowerDeployed"))
    {
      g_variant_get (params, "(&oiiuuu@as&st)", &player, &x, &y, &piece, &segment, &kind, NULL,
                     NULL, NULL);
      w->errors
          += !g_hash_table_add (w->followers, g_strdup_printf ("('%s', %d, %d, %u, %u, %u)", player,
                                                               x, y, piece, segment, kind));
    }
  else if (g_str_equal (signal, "FollowerReturned"))
    {
      /* the kind is not in the signal: find the follower by the rest */
      g_autofree char *prefix = NULL;
      GHashTableIter iter;
      const char *key;
      gboolean found = FALSE;

      g_variant_get (params, "(&oiiuu&st)", &player, &x, &y, &piece, &segment, NULL, NULL);
      prefix = g_strdup_printf ("('%s', %d, %d, %u, %u, ", player, x, y, piece, segment);
      g_hash_table_iter_init (&iter, w->followers);
      while (!found && g_hash_table_iter_next (&iter, (gpointer *)&key, NULL))
        if (g_str_has_prefix (key, prefix))
          {
            g_hash_table_iter_remove (&iter);
            found = TRUE;
          }
      w->errors += !found;
    }
  else if (g_str_equal (signal, "FeatureScored"))
    {
      gsize n;
      const guint32 *p;

      g_autoptr (GVariant) breakdown = NULL;

      g_variant_get (params, "(iiuuub@au@a(usuu)@a(iiuu)t)", &x, &y, NULL, &segment, &kind, &final,
                     &points, &breakdown, NULL, NULL);
      p = g_variant_get_fixed_array (points, &n, sizeof (guint32));
      w->errors += n != w->n_seats;
      w->errors += !breakdown_adds_up (breakdown, p, n);
      w->breakdowns += g_variant_n_children (breakdown);
      for (gsize i = 0; i < n && i < G_N_ELEMENTS (w->scores); i++)
        w->scores[i] += p[i];
    }
  else if (g_str_equal (signal, "PointsAwarded"))
    {
      guint32 points_awarded;
      const char *seat;

      g_variant_get (params, "(&o&suut)", &player, NULL, NULL, &points_awarded, NULL);
      seat = strrchr (player, '/');
      w->errors += seat == NULL || (guint)atoi (seat + 1) >= w->n_seats;
      if (seat && (guint)atoi (seat + 1) < w->n_seats)
        w->scores[atoi (seat + 1)] += points_awarded;
    }
  else if (g_str_equal (signal, "GameOver"))
    {
      w->errors += w->game_over != NULL;
      g_clear_pointer (&w->game_over, g_variant_unref);
      w->game_over = g_variant_get_child_value (params, 0);
    }
  else
    w->errors++;
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* The watcher's board, followers (with the piece each stands on, issue 18) and scores equal
 * GetBoard's and Scores. */
static void
assert_watcher_agrees (GDBusConnection *c, Watcher *w)
{
  g_autoptr (GVariant) board = call_ok (c, w->game, GAME_IFACE, "GetBoard", NULL);
  g_autoptr (GVariant) tiles = g_variant_get_child_value (board, 0);
  g_autoptr (GVariant) followers = g_variant_get_child_value (board, 1);
  g_autoptr (GVariant) scores = get_property (c, w->game, GAME_IFACE, "Scores");
  g_autoptr (GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) rebuilt = g_ptr_array_new ();
  g_autofree char *tiles_text = NULL, *rebuilt_text = NULL;
  g_autofree char *followers_text = NULL, *rebuilt_followers_text = NULL;
  const guint32 *s;
  gsize n;
  GVariantIter iter;
  GVariant *child;
  GHashTableIter hiter;
  gpointer key;

  ck_assert_uint_eq (w->errors, 0);
  /* tiles, in the order placed */
  g_ptr_array_add (w->tiles, NULL);
  rebuilt_text = g_strjoinv (", ", (char **)w->tiles->pdata);
  g_ptr_array_remove_index (w->tiles, w->tiles->len - 1);
  g_variant_iter_init (&iter, tiles);
  while ((child = g_variant_iter_next_value (&iter)))
    {
      g_ptr_array_add (expected, g_variant_print (child, FALSE));
      g_variant_unref (child);
    }
  g_ptr_array_add (expected, NULL);
  tiles_text = g_strjoinv (", ", (char **)expected->pdata);
  ck_assert_str_eq (rebuilt_text, tiles_text);
  /* followers, in any order */
  g_ptr_array_set_size (expected, 0);
  g_variant_iter_init (&iter, followers);
  while ((child = g_variant_iter_next_value (&iter)))
    {
      g_ptr_array_add (expected, g_variant_print (child, FALSE));
      g_variant_unref (child);
    }
  g_ptr_array_sort (expected, compare_strings);
  g_ptr_array_add (expected, NULL);
  followers_text = g_strjoinv (", ", (char **)expected->pdata);
  g_hash_table_iter_init (&hiter, w->followers);
  while (g_hash_table_iter_next (&hiter, &key, NULL))
    g_ptr_array_add (rebuilt, key);
  g_ptr_array_sort (rebuilt, compare_strings);
  g_ptr_array_add (rebuilt, NULL);
  rebuilt_followers_text = g_strjoinv (", ", (char **)rebuilt->pdata);
  ck_assert_str_eq (rebuilt_followers_text, followers_text);
  /* scores */
  s = g_variant_get_fixed_array (scores, &n, sizeof (guint32));
  ck_assert_uint_eq (n, w->n_seats);
  for (gsize i = 0; i < n; i++)
    ck_assert_msg (s[i] == w->scores[i], "seat %zu: Scores says %u, FeatureScored %u", i, s[i],
                   w->scores[i]);
}

/* Issue 3: a watcher that subscribes before Start and only listens rebuilds the tiles, the
 * followers on the board and the scores (the sum of FeatureScored) from the signals; they
 * equal GetBoard and Scores during the game and at the end, and GameOver's scores. Issue
 * 18: every FeatureScored's breakdown adds up to its points, seat by seat. */
START_TEST (test_follow_from_signals)
{
  GPid pid = daemon_start (NULL);
  GDBusConnection *clients[2] = { client_new (), client_new () };
  g_autoptr (GDBusConnection) listener = client_new ();
  char *players[2];
  g_autofree char *t0 = NULL, *t1 = NULL;
  Watcher w = { 0 };
  guint sub, checks = 0, most_followers = 0;

  w.game = create_game (clients[0], "{'seed': <@t 4711>}");
  w.tiles = g_ptr_array_new_with_free_func (g_free);
  w.followers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  w.n_seats = 2;
  players[0] = join_game (clients[0], w.game, "Ann", &t0);
  players[1] = join_game (clients[1], w.game, "Bob", &t1);
  sub = g_dbus_connection_signal_subscribe (listener, NULL, GAME_IFACE, NULL, w.game, NULL,
                                            G_DBUS_SIGNAL_FLAGS_NONE, on_watched_signal, &w, NULL);
  g_variant_unref (call_ok (listener, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL));
  g_variant_unref (call_ok (clients[0], w.game, GAME_IFACE, "Start", NO_OPTIONS));
  while (get_uint (clients[0], w.game, GAME_IFACE, "State") != 3)
    {
      guint turn = get_uint (clients[0], w.game, GAME_IFACE, "Turn");
      g_autofree char *active = active_player (clients[0], w.game);

      play_policy_turn (clients[g_str_equal (active, players[0]) ? 0 : 1], w.game);
      if (turn % 7 == 0)
        {
          /* the signals of the turn come before its reply, but to another connection */
          WAIT_FOR (w.last_turn_ended == turn);
          ck_assert_uint_eq (w.last_turn_ended, turn);
          assert_watcher_agrees (listener, &w);
          most_followers = MAX (most_followers, g_hash_table_size (w.followers));
          checks++;
        }
    }
  WAIT_FOR (w.game_over != NULL);
  ck_assert (w.game_over != NULL);
  ck_assert_uint_gt (checks, 5);
  /* the comparisons had something to compare */
  ck_assert_uint_gt (most_followers, 2);
  ck_assert_uint_gt (w.scores[0] + w.scores[1], 20);
  ck_assert_uint_gt (w.breakdowns, 5);
  assert_watcher_agrees (listener, &w);
  {
    g_autoptr (GVariant) scores = get_property (listener, w.game, GAME_IFACE, "Scores");
    ck_assert (g_variant_equal (scores, w.game_over));
  }
  ck_assert_uint_eq (w.tiles->len + w.discarded, 72);
  g_dbus_connection_signal_unsubscribe (listener, sub);
  g_ptr_array_unref (w.tiles);
  g_hash_table_unref (w.followers);
  g_variant_unref (w.game_over);
  g_free ((char *)w.game);
  for (guint i = 0; i < 2; i++)
    {
      g_free (players[i]);
      g_object_unref (clients[i]);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Every property of the daemon's objects, printed. */
static char *
everything_visible (GDBusConnection *c, const char *game, const char *player)
{
  g_autoptr (GVariant) objects
      = call_ok (c, ROOT_PATH, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", NULL);
  g_autoptr (GVariant) all_game
      = call_ok (c, game, PROPS_IFACE, "GetAll", g_variant_new ("(s)", ""));
  g_autoptr (GVariant) all_player
      = call_ok (c, player, PROPS_IFACE, "GetAll", g_variant_new ("(s)", ""));
  g_autoptr (GVariant) all_manager
      = call_ok (c, ROOT_PATH, PROPS_IFACE, "GetAll", g_variant_new ("(s)", MANAGER_IFACE));
  g_autofree char *a = g_variant_print (objects, TRUE);
  g_autofree char *b = g_variant_print (all_game, TRUE);
  g_autofree char *p = g_variant_print (all_player, TRUE);
  g_autofree char *m = g_variant_print (all_manager, TRUE);

  return g_strjoin ("\n", a, b, p, m, NULL);
}

/* introspection/org.carcassonne.Engine1.Manager.xml: the seed is "readable back only by the
 * caller, with Game.GetSeed"; Game.xml: Options is "never the seed or the tile order". */
START_TEST (test_hidden_information)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  g_autofree char *game = create_game (a, "{'seed': <@t 9876543210123>, 'name': <'secret test'>}");
  g_autofree char *ordered
      = create_game (a, "{'tile-order': <['X', 'C', 'Q']>, 'seed': <@t 9876543210123>}");
  g_autofree char *ta = NULL, *tb = NULL;
  g_autofree char *pa = join_game (a, game, "Ann", &ta);
  g_autofree char *pb = join_game (b, game, "Bob", &tb);
  g_autoptr (GVariant) seed = NULL;
  g_autoptr (GVariant) options = get_property (b, ordered, GAME_IFACE, "Options");
  guint64 value;

  for (guint started = 0; started < 2; started++)
    {
      g_autofree char *text = everything_visible (b, game, pb);
      g_autofree char *text2 = everything_visible (b, ordered, pa);
      ck_assert_ptr_nonnull (strstr (text, "secret test"));
      ck_assert_ptr_null (strstr (text, "9876543210123"));
      ck_assert_ptr_null (strstr (text2, "9876543210123"));
      ck_assert_ptr_null (strstr (text2, "seed"));
      ck_assert_ptr_null (strstr (text2, "tile-order"));
      ck_assert_ptr_null (strstr (text, ta));
      ck_assert_ptr_null (strstr (text, tb));
      if (!started)
        g_variant_unref (call_ok (b, game, GAME_IFACE, "Start", NO_OPTIONS));
    }
  ck_assert (!g_variant_lookup (options, "seed", "t", NULL));
  ck_assert (!g_variant_lookup (options, "tile-order", "as", NULL));
  seed = call_ok (a, game, GAME_IFACE, "GetSeed", NO_OPTIONS);
  g_variant_get (seed, "(t)", &value);
  ck_assert_uint_eq (value, 9876543210123);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static Suite *
seats_suite (void)
{
  Suite *s = suite_create ("daemon-seats");
  TCase *tc = tcase_create ("seats");

  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_killed_client);
  tcase_add_test (tc, test_leave_while_waiting);
  tcase_add_test (tc, test_leave_after_start);
  tcase_add_test (tc, test_bots_only);
  tcase_add_test (tc, test_bot_and_human);
  tcase_add_test (tc, test_several_games);
  tcase_add_test (tc, test_follow_from_signals);
  tcase_add_test (tc, test_hidden_information);
  suite_add_tcase (s, tc);
  return s;
}

int
main (int argc, char **argv)
{
  if (argc == 3 && g_str_equal (argv[1], "--join-and-wait"))
    return child_join_and_wait (argv[2]);
  /* the program itself, not a libtool wrapper's idea of it */
  self_exe = g_file_read_link ("/proc/self/exe", NULL);
  if (self_exe == NULL)
    self_exe = argv[0];
  return check_run_suite (seats_suite ());
}
