/* bench-dbus.c: what a move costs through carcassonned, against a bare D-Bus round trip.
 *
 * Runs on the session bus (make bench runs it under dbus-run-session) and starts the daemon
 * from the build tree (tests/bench/bench-daemon.h: where its state directory goes). One client on
 * libdbus-1, blocking calls, as a simple bot would be, plays complete games against the
 * built-in bot. Each of its turns: a Peer.Ping, a Properties.Get of the game's State,
 * GetPlacements, Place, GetDeployments, Skip,
 * then it waits for the bot's turn to end. Measured:
 *  - the round trip of org.freedesktop.DBus.Peer.Ping to the daemon (answered inside libdbus,
 *    so it is the bus's own cost), timed just before each Place so that both see the same load
 *    on the machine;
 *  - the round trip of Properties.Get (State): the least a call the daemon handles itself
 *    costs (dispatch, a getter, a reply of one variant);
 *  - the round trip of Game.Place, and its ratio to the Ping;
 *  - the client's turns per second, and the daemon's CPU time per turn (the client's turn and
 *    the bot's).
 * Four times: with the games' journals in a fresh state directory (the daemon's default
 * behaviour: every move is flushed with fdatasync() before its reply, with the group commit
 * unless the directory is in memory; the file system is printed), with --no-state (no
 * journals), with --no-group-commit (each move flushed on its own in its handler, as before
 * issue 20), and with --group-commit=always (the group commit on tmpfs too). Also the cost of one
 * journal-sized write and fdatasync() in that directory, the part of a move the disk takes. Usage:
 * bench-dbus [GAMES] (default 20 for each daemon). Prints one "name value unit" line per figure.
 */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench-daemon.h"

typedef struct
{
  GArray *ping_us;
  GArray *get_us;
  GArray *place_us;
  guint turns;
} Samples;

/* Waits for the TurnStarted that gives @me the turn, or GameOver; TRUE if it is my turn. */
static gboolean
wait_my_turn (DBusConnection *c, const char *me)
{
  for (;;)
    {
      DBusMessage *m;

      while ((m = dbus_connection_pop_message (c)) == NULL)
        if (!dbus_connection_read_write (c, -1))
          g_error ("lost the bus");
      if (dbus_message_is_signal (m, BENCH_GAME_IFACE, "GameOver"))
        {
          dbus_message_unref (m);
          return FALSE;
        }
      if (dbus_message_is_signal (m, BENCH_GAME_IFACE, "TurnStarted"))
        {
          dbus_uint32_t turn, left;
          const char *player, *tile;
          gboolean mine = dbus_message_get_args (m, NULL, DBUS_TYPE_UINT32, &turn,
                                                 DBUS_TYPE_OBJECT_PATH, &player, DBUS_TYPE_STRING,
                                                 &tile, DBUS_TYPE_UINT32, &left, DBUS_TYPE_INVALID)
                          && g_str_equal (player, me);
          dbus_message_unref (m);
          if (mine)
            return TRUE;
          continue;
        }
      dbus_message_unref (m);
    }
}

static double
timed_call (DBusConnection *c, DBusMessage *msg)
{
  gint64 t0 = g_get_monotonic_time ();

  dbus_message_unref (bench_call (c, msg));
  return (double)(g_get_monotonic_time () - t0);
}

/* Properties.Get of the game's State. */
static DBusMessage *
get_state (const char *game)
{
  DBusMessage *msg = bench_method (game, "org.freedesktop.DBus.Properties", "Get");
  const char *iface = BENCH_GAME_IFACE, *name = "State";

  dbus_message_append_args (msg, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name,
                            DBUS_TYPE_INVALID);
  return msg;
}

/* One game against the bot. */
static void
play_game (DBusConnection *c, guint64 seed, Samples *samples)
{
  DBusMessage *msg, *reply;
  const char *game, *player, *token, *name = "bench";
  g_autofree char *game_path = NULL, *me = NULL, *rule = NULL;

  msg = bench_method (BENCH_ROOT_PATH, BENCH_MANAGER_IFACE, "CreateGame");
  bench_append_options (msg, "bots", 'u', 1u, "seed", 't', seed, NULL);
  reply = bench_call (c, msg);
  dbus_message_get_args (reply, NULL, DBUS_TYPE_OBJECT_PATH, &game, DBUS_TYPE_INVALID);
  game_path = g_strdup (game);
  dbus_message_unref (reply);

  rule = g_strdup_printf ("type='signal',interface='" BENCH_GAME_IFACE "',path='%s'", game_path);
  dbus_bus_add_match (c, rule, NULL);

  msg = bench_method (game_path, BENCH_GAME_IFACE, "Join");
  dbus_message_append_args (msg, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  bench_append_options (msg, NULL);
  reply = bench_call (c, msg);
  dbus_message_get_args (reply, NULL, DBUS_TYPE_OBJECT_PATH, &player, DBUS_TYPE_STRING, &token,
                         DBUS_TYPE_INVALID);
  me = g_strdup (player);
  dbus_message_unref (reply);
  dbus_message_unref (
      bench_call (c, bench_method_no_options (game_path, BENCH_GAME_IFACE, "Start")));

  while (wait_my_turn (c, me))
    {
      double us
          = timed_call (c, bench_method (BENCH_ROOT_PATH, "org.freedesktop.DBus.Peer", "Ping"));

      g_array_append_val (samples->ping_us, us);
      us = timed_call (c, get_state (game_path));
      g_array_append_val (samples->get_us, us);
      us = bench_place_first (c, game_path);
      g_array_append_val (samples->place_us, us);

      dbus_message_unref (
          bench_call (c, bench_method (game_path, BENCH_GAME_IFACE, "GetDeployments")));
      dbus_message_unref (
          bench_call (c, bench_method_no_options (game_path, BENCH_GAME_IFACE, "Skip")));
      samples->turns++;
    }
  dbus_bus_remove_match (c, rule, NULL);
  dbus_message_unref (
      bench_call (c, bench_method_no_options (game_path, BENCH_GAME_IFACE, "Delete")));
}

/* The median of @rounds write + fdatasync() of a journal line's size in a new file in @dir. */
static double
fdatasync_us (const char *dir, guint rounds)
{
  g_autofree char *path = g_build_filename (dir, "bench-sync", NULL);
  g_autoptr (GArray) us = g_array_new (FALSE, FALSE, sizeof (double));
  char line[200];
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0600);

  if (fd < 0)
    g_error ("cannot create %s: %s", path, g_strerror (errno));
  memset (line, 'x', sizeof line);
  line[sizeof line - 1] = '\n';
  for (guint i = 0; i < rounds; i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double d;

      if (write (fd, line, sizeof line) != sizeof line || fdatasync (fd) < 0)
        g_error ("cannot write %s: %s", path, g_strerror (errno));
      d = (double)(g_get_monotonic_time () - t0);
      g_array_append_val (us, d);
    }
  close (fd);
  g_unlink (path);
  return quantile (us, 0.5);
}

/* Plays @games games against a daemon started with @args; prints the figures with @suffix. */
static gboolean
run (DBusConnection *c, guint games, const char *const *args, const char *suffix)
{
  Samples samples
      = { g_array_new (FALSE, FALSE, sizeof (double)), g_array_new (FALSE, FALSE, sizeof (double)),
          g_array_new (FALSE, FALSE, sizeof (double)), 0 };
  g_autofree char *setup = NULL;
  BenchDaemon d;
  gint64 t0, cpu0;
  double seconds, cpu, ping, place;
  gboolean ok;

  bench_daemon_start (&d, c, args);
  if (d.state_dir)
    {
      g_autofree char *fs = bench_fs_name (d.state_dir);
      setup = g_strdup_printf ("journals on %s%s%s", fs, args && args[0] ? ", " : "",
                               args && args[0] ? args[0] : "");
      g_print ("dbus.journal_fdatasync_median %.1f us (a %s file)\n",
               fdatasync_us (d.state_dir, 200), fs);
    }
  else
    setup = g_strdup ("no journals, --no-state");
  /* warm-up: the first game's first calls pay for page faults and caches */
  play_game (c, 999, &samples);
  g_array_set_size (samples.ping_us, 0);
  g_array_set_size (samples.get_us, 0);
  g_array_set_size (samples.place_us, 0);
  samples.turns = 0;

  cpu0 = bench_cpu_us (d.pid);
  t0 = g_get_monotonic_time ();
  for (guint g = 0; g < games; g++)
    play_game (c, 1000 + g, &samples);
  seconds = (double)(g_get_monotonic_time () - t0) / G_USEC_PER_SEC;
  cpu = (double)(bench_cpu_us (d.pid) - cpu0);
  ok = bench_daemon_stop (&d);

  ping = quantile (samples.ping_us, 0.5);
  place = quantile (samples.place_us, 0.5);
  g_print ("dbus.ping_roundtrip_median%s %.1f us (%s)\n", suffix, ping, setup);
  g_print ("dbus.get_roundtrip_median%s %.1f us (Properties.Get; %s)\n", suffix,
           quantile (samples.get_us, 0.5), setup);
  g_print ("dbus.place_roundtrip_median%s %.1f us (%s)\n", suffix, place, setup);
  g_print ("dbus.place_over_ping%s %.2f ratio (%s)\n", suffix, ping > 0 ? place / ping : 0, setup);
  g_print ("dbus.client_turns_per_second%s %.0f turns/s (%u games against the bot, %u turns; %s)\n",
           suffix, samples.turns / seconds, games, samples.turns, setup);
  g_print ("dbus.daemon_cpu_per_turn%s %.0f us (the client's turn and the bot's; %s)\n", suffix,
           samples.turns ? cpu / samples.turns : 0, setup);
  g_array_unref (samples.ping_us);
  g_array_unref (samples.get_us);
  g_array_unref (samples.place_us);
  return ok;
}

int
main (int argc, char **argv)
{
  guint games = argc > 1 ? (guint)strtoul (argv[1], NULL, 10) : 20;
  DBusConnection *c = bench_bus ();
  const char *no_state[] = { "--no-state", NULL };
  const char *no_group_commit[] = { "--no-group-commit", NULL };
  const char *always_group_commit[] = { "--group-commit=always", NULL };
  gboolean ok;

  ok = run (c, games, NULL, "");
  ok = run (c, games, no_state, "_nostate") && ok;
  ok = run (c, games, no_group_commit, "_nogroupcommit") && ok;
  ok = run (c, games, always_group_commit, "_alwaysgroupcommit") && ok;
  dbus_connection_close (c);
  dbus_connection_unref (c);
  return ok ? 0 : 1;
}
