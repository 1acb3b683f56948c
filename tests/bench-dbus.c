/* bench-dbus.c: what a move costs through carcassonned, against a bare D-Bus round trip.
 *
 * Runs on the session bus (make bench runs it under dbus-run-session) and starts the daemon
 * from the build tree. One client on libdbus-1, blocking calls, as a simple bot would be:
 *  - the round trip of org.freedesktop.DBus.Peer.Ping to the daemon (answered inside libdbus,
 *    so it is the bus's own cost);
 *  - the round trip of Game.Place, timed call by call during complete games against the
 *    built-in bot, and its ratio to the Ping of the same run;
 *  - complete games against the bot: the client's turns per second (each turn GetPlacements,
 *    Place, GetDeployments, Deploy or Skip, then waiting for the bot's turn to end).
 * Usage: bench-dbus [GAMES] (default 20). Prints one "name value unit" line per figure.
 */
#include "config.h"

#include <dbus/dbus.h>
#include <glib.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>

#define BUS_NAME   "org.carcassonne.Engine1"
#define GAME_IFACE "org.carcassonne.Engine1.Game"

static DBusMessage *
call_sync (DBusConnection *c, DBusMessage *msg)
{
  DBusError err = DBUS_ERROR_INIT;
  DBusMessage *reply = dbus_connection_send_with_reply_and_block (c, msg, 10000, &err);

  dbus_message_unref (msg);
  if (reply == NULL)
    g_error ("call failed: %s: %s", err.name, err.message);
  return reply;
}

static DBusMessage *
method (const char *path, const char *iface, const char *member)
{
  return dbus_message_new_method_call (BUS_NAME, path, iface, member);
}

static void
append_empty_dict (DBusMessage *msg)
{
  DBusMessageIter it, dict;
  dbus_message_iter_init_append (msg, &it);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &dict);
  dbus_message_iter_close_container (&it, &dict);
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  return values->len ? g_array_index (values, double, values->len / 2) : 0;
}

static GPid
start_daemon (DBusConnection *c)
{
  const char *argv[] = { TOP_BUILDDIR "/core/daemon/carcassonned", "--nodetach", NULL };
  g_autoptr (GError) error = NULL;
  GPid pid;

  if (!g_spawn_async (NULL, (char **)argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid,
                      &error))
    g_error ("cannot start the daemon: %s", error->message);
  for (int i = 0; i < 2000; i++)
    {
      if (dbus_bus_name_has_owner (c, BUS_NAME, NULL))
        return pid;
      g_usleep (5000);
    }
  g_error ("the daemon did not take its name");
}

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
      if (dbus_message_is_signal (m, GAME_IFACE, "GameOver"))
        {
          dbus_message_unref (m);
          return FALSE;
        }
      if (dbus_message_is_signal (m, GAME_IFACE, "TurnStarted"))
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

/* One game against the bot; returns the client's turns and adds Place round trips. */
static guint
play_game (DBusConnection *c, guint64 seed, GArray *place_us)
{
  DBusMessage *msg, *reply;
  DBusMessageIter it, dict, entry, var;
  const char *game, *player, *token, *name = "bench";
  g_autofree char *game_path = NULL, *me = NULL, *rule = NULL;
  dbus_uint32_t bots = 1;
  guint turns = 0;

  msg = method ("/org/carcassonne/Engine1", "org.carcassonne.Engine1.Manager", "CreateGame");
  dbus_message_iter_init_append (msg, &it);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &dict);
  for (int k = 0; k < 2; k++)
    {
      const char *key = k ? "seed" : "bots";
      dbus_message_iter_open_container (&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
      dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key);
      dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, k ? "t" : "u", &var);
      dbus_message_iter_append_basic (&var, k ? DBUS_TYPE_UINT64 : DBUS_TYPE_UINT32,
                                      k ? (void *)&seed : (void *)&bots);
      dbus_message_iter_close_container (&entry, &var);
      dbus_message_iter_close_container (&dict, &entry);
    }
  dbus_message_iter_close_container (&it, &dict);
  reply = call_sync (c, msg);
  dbus_message_get_args (reply, NULL, DBUS_TYPE_OBJECT_PATH, &game, DBUS_TYPE_INVALID);
  game_path = g_strdup (game);
  dbus_message_unref (reply);

  rule = g_strdup_printf ("type='signal',interface='" GAME_IFACE "',path='%s'", game_path);
  dbus_bus_add_match (c, rule, NULL);

  msg = method (game_path, GAME_IFACE, "Join");
  dbus_message_append_args (msg, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  append_empty_dict (msg);
  reply = call_sync (c, msg);
  dbus_message_get_args (reply, NULL, DBUS_TYPE_OBJECT_PATH, &player, DBUS_TYPE_STRING, &token,
                         DBUS_TYPE_INVALID);
  me = g_strdup (player);
  dbus_message_unref (reply);
  dbus_message_unref (call_sync (c, method (game_path, GAME_IFACE, "Start")));

  while (wait_my_turn (c, me))
    {
      DBusMessageIter array, st;
      dbus_int32_t x, y;
      dbus_uint32_t rotation;
      gint64 t0;

      reply = call_sync (c, method (game_path, GAME_IFACE, "GetPlacements"));
      dbus_message_iter_init (reply, &it);
      dbus_message_iter_recurse (&it, &array);
      dbus_message_iter_recurse (&array, &st);
      dbus_message_iter_get_basic (&st, &x);
      dbus_message_iter_next (&st);
      dbus_message_iter_get_basic (&st, &y);
      dbus_message_iter_next (&st);
      dbus_message_iter_get_basic (&st, &rotation);
      dbus_message_unref (reply);

      msg = method (game_path, GAME_IFACE, "Place");
      dbus_message_append_args (msg, DBUS_TYPE_INT32, &x, DBUS_TYPE_INT32, &y, DBUS_TYPE_UINT32,
                                &rotation, DBUS_TYPE_INVALID);
      append_empty_dict (msg);
      t0 = g_get_monotonic_time ();
      dbus_message_unref (call_sync (c, msg));
      double us = (double)(g_get_monotonic_time () - t0);
      g_array_append_val (place_us, us);

      dbus_message_unref (call_sync (c, method (game_path, GAME_IFACE, "GetDeployments")));
      dbus_message_unref (call_sync (c, method (game_path, GAME_IFACE, "Skip")));
      turns++;
    }
  dbus_bus_remove_match (c, rule, NULL);
  dbus_message_unref (call_sync (c, method (game_path, GAME_IFACE, "Delete")));
  return turns;
}

int
main (int argc, char **argv)
{
  guint games = argc > 1 ? (guint)strtoul (argv[1], NULL, 10) : 20;
  DBusError err = DBUS_ERROR_INIT;
  DBusConnection *c = dbus_bus_get_private (DBUS_BUS_SESSION, &err);
  g_autoptr (GArray) ping_us = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) place_us = g_array_new (FALSE, FALSE, sizeof (double));
  guint turns = 0;
  GPid pid;
  gint64 t0;
  double seconds;
  int status;

  if (c == NULL)
    g_error ("no session bus (run under dbus-run-session): %s", err.message);
  pid = start_daemon (c);
  for (guint i = 0; i < 3000; i++)
    {
      gint64 t = g_get_monotonic_time ();
      dbus_message_unref (
          call_sync (c, method ("/org/carcassonne/Engine1", "org.freedesktop.DBus.Peer", "Ping")));
      double us = (double)(g_get_monotonic_time () - t);
      if (i >= 100) /* warm-up */
        g_array_append_val (ping_us, us);
    }
  t0 = g_get_monotonic_time ();
  for (guint g = 0; g < games; g++)
    turns += play_game (c, 1000 + g, place_us);
  seconds = (double)(g_get_monotonic_time () - t0) / G_USEC_PER_SEC;

  double ping = median (ping_us), place = median (place_us);
  g_print ("dbus.ping_roundtrip_median %.1f us\n", ping);
  g_print ("dbus.place_roundtrip_median %.1f us\n", place);
  g_print ("dbus.place_over_ping %.2f ratio\n", ping > 0 ? place / ping : 0);
  g_print ("dbus.client_turns_per_second %.0f turns/s (%u games against the bot, %u turns)\n",
           turns / seconds, games, turns);
  g_print ("dbus.client_calls_per_second %.0f calls/s (4 calls a turn)\n", 4 * turns / seconds);

  kill (pid, SIGTERM);
  waitpid (pid, &status, 0);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  return WIFEXITED (status) && WEXITSTATUS (status) == 0 ? 0 : 1;
}
