/* bench-dbus-gui.c: what the calls a GUI makes cost (issue 18, "The API a GUI needs").
 *
 * Runs on the session bus (make bench runs it under dbus-run-session) and starts the daemon
 * from the build tree with --no-state. One client on libdbus-1, blocking calls, plays seeded
 * games against the built-in bot; on each of its turns it times PreviewDeployments of its
 * first placement (a replay of the game on a scratch copy), GetSnapshot, GetHistory (a replay
 * too) and, to compare, GetPieces; then it plays the turn, alternately with PlaceAndDeploy
 * (deploying nothing: the scratch copy, then the moves) and with Place then Skip, both timed.
 * The replays grow with the game, so the medians are of a whole game's turns.
 * Usage: bench-dbus-gui [GAMES] (default 5). Prints one "name value unit" line per figure.
 */
#include "config.h"

#include <stdlib.h>

#include "bench-daemon.h"

typedef struct
{
  GArray *preview, *snapshot, *history, *pieces, *place_and_deploy, *place_skip;
} Samples;

static gboolean
wait_my_turn (DBusConnection *c, const char *me)
{
  for (;;)
    {
      DBusMessage *m;
      const char *player;
      dbus_uint32_t turn;
      gboolean mine;

      while ((m = dbus_connection_pop_message (c)) == NULL)
        if (!dbus_connection_read_write (c, -1))
          g_error ("lost the bus");
      if (dbus_message_is_signal (m, BENCH_GAME_IFACE, "GameOver"))
        {
          dbus_message_unref (m);
          return FALSE;
        }
      mine = dbus_message_is_signal (m, BENCH_GAME_IFACE, "TurnStarted")
             && dbus_message_get_args (m, NULL, DBUS_TYPE_UINT32, &turn, DBUS_TYPE_OBJECT_PATH,
                                       &player, DBUS_TYPE_INVALID)
             && g_str_equal (player, me);
      dbus_message_unref (m);
      if (mine)
        return TRUE;
    }
}

static void
timed (GArray *samples, DBusConnection *c, DBusMessage *msg)
{
  gint64 t0 = g_get_monotonic_time ();
  double us;

  dbus_message_unref (bench_call (c, msg));
  us = (double)(g_get_monotonic_time () - t0);
  g_array_append_val (samples, us);
}

/* The first of GetPlacements. */
static void
first_placement (DBusConnection *c, const char *game, dbus_int32_t *x, dbus_int32_t *y,
                 dbus_uint32_t *rotation)
{
  DBusMessage *reply = bench_call (c, bench_method (game, BENCH_GAME_IFACE, "GetPlacements"));
  DBusMessageIter it, array, st;

  dbus_message_iter_init (reply, &it);
  dbus_message_iter_recurse (&it, &array);
  dbus_message_iter_recurse (&array, &st);
  dbus_message_iter_get_basic (&st, x);
  dbus_message_iter_next (&st);
  dbus_message_iter_get_basic (&st, y);
  dbus_message_iter_next (&st);
  dbus_message_iter_get_basic (&st, rotation);
  dbus_message_unref (reply);
}

/* PreviewDeployments ("place", {x, y, rotation}, {}). */
static DBusMessage *
preview (const char *game, dbus_int32_t x, dbus_int32_t y, dbus_uint32_t rotation)
{
  DBusMessage *msg = bench_method (game, BENCH_GAME_IFACE, "PreviewDeployments");
  const char *type = "place";
  DBusMessageIter it, dict, entry, var;
  const char *keys[] = { "x", "y", "rotation" };

  dbus_message_append_args (msg, DBUS_TYPE_STRING, &type, DBUS_TYPE_INVALID);
  dbus_message_iter_init_append (msg, &it);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &dict);
  for (guint i = 0; i < 3; i++)
    {
      dbus_message_iter_open_container (&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
      dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &keys[i]);
      dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, i < 2 ? "i" : "u", &var);
      if (i < 2)
        dbus_message_iter_append_basic (&var, DBUS_TYPE_INT32, i ? &y : &x);
      else
        dbus_message_iter_append_basic (&var, DBUS_TYPE_UINT32, &rotation);
      dbus_message_iter_close_container (&entry, &var);
      dbus_message_iter_close_container (&dict, &entry);
    }
  dbus_message_iter_close_container (&it, &dict);
  bench_append_options (msg, NULL);
  return msg;
}

static void
play_turn (DBusConnection *c, const char *game, guint turn, Samples *s)
{
  dbus_int32_t x, y;
  dbus_uint32_t rotation, segment = 0;
  const char *none = "";
  DBusMessage *msg;

  first_placement (c, game, &x, &y, &rotation);
  timed (s->preview, c, preview (game, x, y, rotation));
  timed (s->snapshot, c, bench_method_no_options (game, BENCH_GAME_IFACE, "GetSnapshot"));
  timed (s->history, c, bench_method (game, BENCH_GAME_IFACE, "GetHistory"));
  timed (s->pieces, c, bench_method (game, BENCH_GAME_IFACE, "GetPieces"));
  if (turn % 2)
    {
      msg = bench_method (game, BENCH_GAME_IFACE, "PlaceAndDeploy");
      dbus_message_append_args (msg, DBUS_TYPE_INT32, &x, DBUS_TYPE_INT32, &y, DBUS_TYPE_UINT32,
                                &rotation, DBUS_TYPE_STRING, &none, DBUS_TYPE_UINT32, &segment,
                                DBUS_TYPE_INVALID);
      bench_append_options (msg, NULL);
      timed (s->place_and_deploy, c, msg);
      return;
    }
  gint64 t0 = g_get_monotonic_time ();
  msg = bench_method (game, BENCH_GAME_IFACE, "Place");
  dbus_message_append_args (msg, DBUS_TYPE_INT32, &x, DBUS_TYPE_INT32, &y, DBUS_TYPE_UINT32,
                            &rotation, DBUS_TYPE_INVALID);
  bench_append_options (msg, NULL);
  dbus_message_unref (bench_call (c, msg));
  dbus_message_unref (bench_call (c, bench_method_no_options (game, BENCH_GAME_IFACE, "Skip")));
  double us = (double)(g_get_monotonic_time () - t0);
  g_array_append_val (s->place_skip, us);
}

static guint
play_game (DBusConnection *c, guint64 seed, Samples *s)
{
  DBusMessage *msg, *reply;
  const char *game, *player, *token, *name = "bench";
  g_autofree char *path = NULL, *me = NULL, *rule = NULL;
  guint turns = 0;

  msg = bench_method (BENCH_ROOT_PATH, BENCH_MANAGER_IFACE, "CreateGame");
  bench_append_options (msg, "bots", 'u', 1u, "seed", 't', seed, NULL);
  reply = bench_call (c, msg);
  dbus_message_get_args (reply, NULL, DBUS_TYPE_OBJECT_PATH, &game, DBUS_TYPE_INVALID);
  path = g_strdup (game);
  dbus_message_unref (reply);
  rule = g_strdup_printf ("type='signal',interface='" BENCH_GAME_IFACE "',path='%s'", path);
  dbus_bus_add_match (c, rule, NULL);
  msg = bench_method (path, BENCH_GAME_IFACE, "Join");
  dbus_message_append_args (msg, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  bench_append_options (msg, NULL);
  reply = bench_call (c, msg);
  dbus_message_get_args (reply, NULL, DBUS_TYPE_OBJECT_PATH, &player, DBUS_TYPE_STRING, &token,
                         DBUS_TYPE_INVALID);
  me = g_strdup (player);
  dbus_message_unref (reply);
  dbus_message_unref (bench_call (c, bench_method_no_options (path, BENCH_GAME_IFACE, "Start")));
  while (wait_my_turn (c, me))
    play_turn (c, path, turns++, s);
  dbus_bus_remove_match (c, rule, NULL);
  dbus_message_unref (bench_call (c, bench_method_no_options (path, BENCH_GAME_IFACE, "Delete")));
  return turns;
}

static void
print_median (const char *name, GArray *samples, const char *what)
{
  g_print ("dbus.%s_median %.1f us (%s; %u samples)\n", name, quantile (samples, 0.5), what,
           samples->len);
}

int
main (int argc, char **argv)
{
  guint games = argc > 1 ? (guint)atoi (argv[1]) : 5, turns = 0;
  DBusConnection *c = bench_bus ();
  const char *const args[] = { "--no-state", NULL };
  Samples s;
  GArray **all[]
      = { &s.preview, &s.snapshot, &s.history, &s.pieces, &s.place_and_deploy, &s.place_skip };
  BenchDaemon d;

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    *all[i] = g_array_new (FALSE, FALSE, sizeof (double));
  bench_daemon_start (&d, c, args);
  for (guint g = 0; g < games; g++)
    turns += play_game (c, 2000 + g, &s);
  if (!bench_daemon_stop (&d))
    return 1;
  print_median ("preview_deployments", s.preview, "the first placement, whole games");
  print_median ("get_snapshot", s.snapshot, "properties, players, board, hand");
  print_median ("get_history", s.history, "every move so far, replayed");
  print_median ("get_pieces", s.pieces, "for comparison");
  print_median ("place_and_deploy", s.place_and_deploy, "placing and deploying nothing");
  print_median ("place_then_skip", s.place_skip, "two calls: Place, Skip");
  g_print ("dbus.gui_turns %u turns (%u games against the bot, --no-state)\n", turns, games);
  return 0;
}
