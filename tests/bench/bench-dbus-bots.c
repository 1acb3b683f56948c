/* bench-dbus-bots.c: moves in many games while a strategy bot thinks (issue 19: "while one bot
 * thinks for a second, moves in 200 other games keep their p99").
 *
 * Runs on the session bus (make bench runs it under dbus-run-session) and starts the daemon
 * from the build tree (tests/bench/bench-daemon.h). One client creates GAMES games, each with
 * the built-in random bot in one seat and itself in the other, and starts them. Then it plays
 * ROUNDS turns in every game at RATE turns a second (an open load, evenly spaced), twice:
 *  - "idle": no other game;
 *  - "thinking": while one more game of two mcts bots ("ms" 1000: a second per move, a turn
 *    is two or three) plays, so a bot is thinking all the time in a worker thread.
 * A turn is GetPlacements, Place, Skip; Place and Skip are timed. Measured: their latency p50
 * and p99 in each phase, and how many turns the mcts game made meanwhile (that it did think).
 * One round, untimed, warms the daemon and the games up first.
 * Usage: bench-dbus-bots [--games N] [--rounds N] [--rate N] [--ms N] [--no-state]
 * (defaults 200, 5, 200, 1000; --no-state runs the daemon without journals, so no move waits
 * for the disk). Prints one "name value unit" line per figure.
 */
#include "config.h"

#include <stdlib.h>

#include "bench-daemon.h"

typedef struct
{
  char *path;
  gboolean over;
} Game;

static guint n_games = 200, rounds = 5, rate = 200, think_ms = 1000;
static gboolean no_state;

static double
timed_call (DBusConnection *c, DBusMessage *msg)
{
  gint64 t0 = g_get_monotonic_time ();

  dbus_message_unref (bench_call (c, msg));
  return (double)(g_get_monotonic_time () - t0);
}

static char *
create_game (DBusConnection *c, guint bots, guint64 seed)
{
  DBusMessage *msg = bench_method (BENCH_ROOT_PATH, BENCH_MANAGER_IFACE, "CreateGame");
  DBusMessage *reply;
  const char *path;
  char *copy;

  bench_append_options (msg, "bots", 'u', bots, "seed", 't', seed, NULL);
  reply = bench_call (c, msg);
  dbus_message_get_args (reply, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
  copy = g_strdup (path);
  dbus_message_unref (reply);
  return copy;
}

static void
join (DBusConnection *c, const char *game)
{
  DBusMessage *msg = bench_method (game, BENCH_GAME_IFACE, "Join");
  const char *name = "bench";

  dbus_message_append_args (msg, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  bench_append_options (msg, NULL);
  dbus_message_unref (bench_call (c, msg));
}

/* AddBot with {"strategy": "mcts", "ms": @ms}. */
static void
add_mcts_bot (DBusConnection *c, const char *game, guint ms)
{
  DBusMessage *msg = bench_method (game, BENCH_GAME_IFACE, "AddBot");
  DBusMessageIter it, dict, entry, var;
  const char *name = "mcts", *key = "strategy", *value = "mcts", *ms_key = "ms";
  dbus_uint32_t u = ms;

  dbus_message_append_args (msg, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  dbus_message_iter_init_append (msg, &it);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &dict);
  dbus_message_iter_open_container (&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
  dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key);
  dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, "s", &var);
  dbus_message_iter_append_basic (&var, DBUS_TYPE_STRING, &value);
  dbus_message_iter_close_container (&entry, &var);
  dbus_message_iter_close_container (&dict, &entry);
  dbus_message_iter_open_container (&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
  dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &ms_key);
  dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, "u", &var);
  dbus_message_iter_append_basic (&var, DBUS_TYPE_UINT32, &u);
  dbus_message_iter_close_container (&entry, &var);
  dbus_message_iter_close_container (&dict, &entry);
  dbus_message_iter_close_container (&it, &dict);
  dbus_message_unref (bench_call (c, msg));
}

static guint
get_turn (DBusConnection *c, const char *game)
{
  DBusMessage *msg = bench_method (game, "org.freedesktop.DBus.Properties", "Get");
  const char *iface = BENCH_GAME_IFACE, *name = "Turn";
  DBusMessageIter it, var;
  dbus_uint32_t turn = 0;

  dbus_message_append_args (msg, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name,
                            DBUS_TYPE_INVALID);
  DBusMessage *reply = bench_call (c, msg);
  dbus_message_iter_init (reply, &it);
  dbus_message_iter_recurse (&it, &var);
  dbus_message_iter_get_basic (&var, &turn);
  dbus_message_unref (reply);
  return turn;
}

/* One turn of the client in @g if it is its turn (GetPlacements lists the placements only
 * then): Place at the first placement, Skip, both timed into @us. */
static void
play_turn (DBusConnection *c, Game *g, GArray *us)
{
  DBusMessage *reply = bench_call (c, bench_method (g->path, BENCH_GAME_IFACE, "GetPlacements"));
  DBusMessageIter it, array;

  dbus_message_iter_init (reply, &it);
  dbus_message_iter_recurse (&it, &array);
  gboolean mine = dbus_message_iter_get_arg_type (&array) == DBUS_TYPE_STRUCT;
  dbus_message_unref (reply);
  if (!mine)
    return;
  double t = bench_place_first (c, g->path);
  g_array_append_val (us, t);
  t = timed_call (c, bench_method_no_options (g->path, BENCH_GAME_IFACE, "Skip"));
  g_array_append_val (us, t);
}

/* @n turns in every game at RATE turns a second; the latencies into @us. */
static void
play_phase (DBusConnection *c, Game *games, guint n, GArray *us)
{
  gint64 interval = G_USEC_PER_SEC / MAX (rate, 1), due = g_get_monotonic_time ();

  for (guint r = 0; r < n; r++)
    for (guint i = 0; i < n_games; i++)
      {
        gint64 now = g_get_monotonic_time ();
        if (now < due)
          g_usleep ((gulong)(due - now));
        due += interval;
        play_turn (c, &games[i], us);
      }
}

static void
parse_args (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      guint v = i + 1 < argc ? (guint)strtoul (argv[i + 1], NULL, 10) : 0;
      if (g_str_equal (argv[i], "--no-state"))
        no_state = TRUE;
      else if (g_str_equal (argv[i], "--games") && ++i)
        n_games = MAX (v, 1);
      else if (g_str_equal (argv[i], "--rounds") && ++i)
        rounds = MAX (v, 1);
      else if (g_str_equal (argv[i], "--rate") && ++i)
        rate = v;
      else if (g_str_equal (argv[i], "--ms") && ++i)
        think_ms = MAX (v, 1);
    }
}

int
main (int argc, char **argv)
{
  g_autoptr (GArray) idle = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) thinking = g_array_new (FALSE, FALSE, sizeof (double));
  DBusConnection *c;
  BenchDaemon d;
  Game *games;

  parse_args (argc, argv);
  g_autofree char *caps_games = g_strdup_printf ("--max-games-per-client=%u", n_games + 1);
  g_autofree char *caps_seats = g_strdup_printf ("--max-seats-per-client=%u", n_games);
  const char *args[] = { caps_games, caps_seats, no_state ? "--no-state" : NULL, NULL };
  c = bench_bus ();
  bench_daemon_start (&d, c, args);
  g_autofree char *fs = d.state_dir ? bench_fs_name (d.state_dir) : g_strdup ("none: --no-state");
  games = g_new0 (Game, n_games);
  for (guint i = 0; i < n_games; i++)
    {
      games[i].path = create_game (c, 1, 2000 + i);
      join (c, games[i].path);
      dbus_message_unref (
          bench_call (c, bench_method_no_options (games[i].path, BENCH_GAME_IFACE, "Start")));
    }
  g_autoptr (GArray) warm = g_array_new (FALSE, FALSE, sizeof (double));
  play_phase (c, games, 1, warm);
  play_phase (c, games, rounds, idle);

  g_autofree char *mcts = create_game (c, 0, 7);
  add_mcts_bot (c, mcts, think_ms);
  add_mcts_bot (c, mcts, think_ms);
  dbus_message_unref (bench_call (c, bench_method_no_options (mcts, BENCH_GAME_IFACE, "Start")));
  g_usleep (100000); /* the first bot is thinking */
  guint turn0 = get_turn (c, mcts);
  gint64 t0 = g_get_monotonic_time ();
  play_phase (c, games, rounds, thinking);
  double seconds = (double)(g_get_monotonic_time () - t0) / G_USEC_PER_SEC;
  guint turns = get_turn (c, mcts) - turn0;

  g_print ("botlat.setup %u games (each a client against the random bot, %u turns each at %u "
           "turns/s after one untimed; state on %s), then the same with one game of two mcts bots "
           "(ms=%u)\n",
           n_games, rounds, rate, fs, think_ms);
  g_print ("botlat.move_p50_idle %.2f ms (Place and Skip, no bot thinking)\n",
           quantile (idle, 0.5) / 1000);
  g_print ("botlat.move_p99_idle %.2f ms\n", quantile (idle, 0.99) / 1000);
  g_print ("botlat.move_p50_thinking %.2f ms (Place and Skip, an mcts bot thinking meanwhile)\n",
           quantile (thinking, 0.5) / 1000);
  g_print ("botlat.move_p99_thinking %.2f ms\n", quantile (thinking, 0.99) / 1000);
  g_print ("botlat.mcts_turns %u turns (of the mcts game in %.1f s of that phase)\n", turns,
           seconds);
  g_print ("botlat.moves_timed %u idle, %u thinking\n", idle->len, thinking->len);
  if (!bench_daemon_stop (&d))
    {
      g_printerr ("bench-dbus-bots: the daemon did not exit cleanly\n");
      return 1;
    }
  for (guint i = 0; i < n_games; i++)
    g_free (games[i].path);
  g_free (games);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  return 0;
}
