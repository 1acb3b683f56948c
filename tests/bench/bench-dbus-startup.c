/* bench-dbus-startup.c: how long carcassonned takes to start.
 *
 * Runs on the session bus (make bench runs it under dbus-run-session, with
 * CARCASSONNE_PLUGIN_DIR naming the build tree's plugins, so that every expansion is loaded).
 * N times (default 20): fork and exec the daemon (a fresh, empty state directory each time,
 * tests/bench/bench-daemon.h) and time
 *  - until the bus announces (NameOwnerChanged) that it owns org.carcassonne.Engine1: its
 *    plugins are loaded by then;
 *  - until it answers its first call, Manager.ListGames;
 * then stop it. Prints the median and the best of each, and, for comparison, the time to run
 * `carcassonned --version` (exec, dynamic linking, exit) the same way.
 * Usage: bench-dbus-startup [N]. Prints one "name value unit" line per figure.
 */
#include "config.h"

#include <stdlib.h>
#include <sys/wait.h>

#include "bench-daemon.h"

/* Waits for NameOwnerChanged giving the daemon's name an owner. */
static void
wait_owned (DBusConnection *c)
{
  for (;;)
    {
      DBusMessage *m;

      while ((m = dbus_connection_pop_message (c)) == NULL)
        if (!dbus_connection_read_write (c, 10000))
          g_error ("lost the bus");
      if (dbus_message_is_signal (m, "org.freedesktop.DBus", "NameOwnerChanged"))
        {
          const char *name, *old_owner, *new_owner;

          if (dbus_message_get_args (m, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old_owner,
                                     DBUS_TYPE_STRING, &new_owner, DBUS_TYPE_INVALID)
              && g_str_equal (name, BENCH_BUS_NAME) && new_owner[0])
            {
              dbus_message_unref (m);
              return;
            }
        }
      dbus_message_unref (m);
    }
}

static double
ms_since (gint64 t0)
{
  return (double)(g_get_monotonic_time () - t0) / 1000;
}

/* The time `carcassonned --version` takes, exec to exit, in ms. */
static double
version_ms (void)
{
  const char *argv[] = { BENCH_DAEMON_BINARY, "--version", NULL };
  g_auto (GStrv) envp = bench_daemon_environ ();
  gint64 t0 = g_get_monotonic_time ();
  int status;

  if (!g_spawn_sync (NULL, (char **)argv, envp, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, NULL,
                     &status, NULL))
    g_error ("cannot run %s", argv[0]);
  return ms_since (t0);
}

/* The expansions the daemon loaded, comma-separated. */
static char *
expansions (DBusConnection *c)
{
  DBusMessage *msg = bench_method (BENCH_ROOT_PATH, "org.freedesktop.DBus.Properties", "Get");
  const char *iface = BENCH_MANAGER_IFACE, *name = "Expansions";
  g_autoptr (GString) names = g_string_new (NULL);
  DBusMessageIter it, var, array;
  DBusMessage *reply;

  dbus_message_append_args (msg, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name,
                            DBUS_TYPE_INVALID);
  reply = bench_call (c, msg);
  dbus_message_iter_init (reply, &it);
  dbus_message_iter_recurse (&it, &var);
  dbus_message_iter_recurse (&var, &array);
  while (dbus_message_iter_get_arg_type (&array) == DBUS_TYPE_STRING)
    {
      const char *s;

      dbus_message_iter_get_basic (&array, &s);
      g_string_append_printf (names, "%s%s", names->len ? "," : "", s);
      dbus_message_iter_next (&array);
    }
  dbus_message_unref (reply);
  return g_string_free (g_steal_pointer (&names), FALSE);
}

int
main (int argc, char **argv)
{
  guint runs = argc > 1 ? (guint)strtoul (argv[1], NULL, 10) : 20;
  DBusConnection *c = bench_bus ();
  g_autoptr (GArray) owned = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) answered = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) version = g_array_new (FALSE, FALSE, sizeof (double));
  const char *rule = "type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',"
                     "arg0='" BENCH_BUS_NAME "'";
  g_autofree char *loaded = NULL;
  gboolean ok = TRUE;

  dbus_bus_add_match (c, rule, NULL);
  for (guint i = 0; i < runs; i++)
    {
      BenchDaemon d;
      gint64 t0 = g_get_monotonic_time ();
      double ms;

      /* bench_daemon_start() returns once the name is owned; its polling is not what is timed:
       * the signal, read afterwards, was queued when the bus sent it */
      bench_daemon_start_nowait (&d, NULL);
      wait_owned (c);
      ms = ms_since (t0);
      g_array_append_val (owned, ms);
      dbus_message_unref (
          bench_call (c, bench_method (BENCH_ROOT_PATH, BENCH_MANAGER_IFACE, "ListGames")));
      ms = ms_since (t0);
      g_array_append_val (answered, ms);
      if (loaded == NULL)
        loaded = expansions (c);
      ok = bench_daemon_stop (&d) && ok;
      ms = version_ms ();
      g_array_append_val (version, ms);
    }
  g_print ("startup.name_owned_median %.1f ms (exec to owning the bus name, plugins loaded: "
           "%s; %u runs)\n",
           quantile (owned, 0.5), *loaded ? loaded : "none", runs);
  g_print ("startup.name_owned_best %.1f ms\n", quantile (owned, 0));
  g_print ("startup.first_reply_median %.1f ms (exec to the reply of Manager.ListGames)\n",
           quantile (answered, 0.5));
  g_print ("startup.version_median %.1f ms (carcassonned --version: exec, linking, exit)\n",
           quantile (version, 0.5));
  dbus_connection_close (c);
  dbus_connection_unref (c);
  return ok ? 0 : 1;
}
