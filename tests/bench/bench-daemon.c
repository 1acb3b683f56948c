/* bench-daemon.c: what the daemon benchmarks share (see bench-daemon.h). */
#include "config.h"

#include "bench-daemon.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

char **
bench_daemon_environ (void)
{
  const char *path = g_getenv ("LD_LIBRARY_PATH");
  g_autofree char *libs
      = path && *path ? g_strconcat (BENCH_LIB_DIR ":", path, NULL) : g_strdup (BENCH_LIB_DIR);

  return g_environ_setenv (g_get_environ (), "LD_LIBRARY_PATH", libs, TRUE);
}

void
bench_daemon_start_nowait (BenchDaemon *d, const char *const *extra_args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) wrapper = NULL;
  g_autoptr (GError) error = NULL;
  const char *wrap = g_getenv ("BENCH_DAEMON_WRAPPER");
  const char *parent = g_getenv ("BENCH_STATE_DIR");
  g_auto (GStrv) envp = bench_daemon_environ ();
  gboolean stateless = FALSE;
  int log_fd;

  if (wrap && *wrap && !g_shell_parse_argv (wrap, NULL, &wrapper, &error))
    g_error ("BENCH_DAEMON_WRAPPER: %s", error->message);
  for (guint i = 0; wrapper && wrapper[i]; i++)
    g_ptr_array_add (argv, g_strdup (wrapper[i]));
  g_ptr_array_add (argv, g_strdup (BENCH_DAEMON_BINARY));
  g_ptr_array_add (argv, g_strdup ("--nodetach"));
  for (guint i = 0; extra_args && extra_args[i]; i++)
    {
      stateless |= g_str_equal (extra_args[i], "--no-state");
      g_ptr_array_add (argv, g_strdup (extra_args[i]));
    }
  d->state_dir = NULL;
  if (!stateless)
    {
      d->state_dir
          = g_build_filename (parent ? parent : g_get_tmp_dir (), "carcd-bench-XXXXXX", NULL);
      if (g_mkdtemp (d->state_dir) == NULL)
        g_error ("no state directory %s: %s", d->state_dir, g_strerror (errno));
      g_ptr_array_add (argv, g_strconcat ("--state-dir=", d->state_dir, NULL));
    }
  g_ptr_array_add (argv, NULL);
  /* its log beside the state directory, for bench_daemon_commits() */
  d->log = d->state_dir ? g_strconcat (d->state_dir, ".log", NULL) : NULL;
  log_fd = d->log ? open (d->log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600) : -1;
  if (!g_spawn_async_with_fds (NULL, (char **)argv->pdata, envp,
                               G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_SEARCH_PATH
                                   | G_SPAWN_STDOUT_TO_DEV_NULL
                                   | (log_fd < 0 ? G_SPAWN_STDERR_TO_DEV_NULL : 0),
                               NULL, NULL, &d->pid, -1, -1, log_fd, &error))
    g_error ("cannot start the daemon: %s", error->message);
  if (log_fd >= 0)
    close (log_fd);
}

/* The "commits:" lines of the daemon's log so far, and the counts of the last one. */
static guint
read_commits (BenchDaemon *d, BenchCommits *counts)
{
  g_autofree char *text = NULL;
  guint n = 0;

  if (!g_file_get_contents (d->log, &text, NULL, NULL))
    return 0;
  for (const char *p = strstr (text, "commits: "); p; p = strstr (p + 1, "commits: "))
    if (sscanf (p,
                "commits: fsyncs %" G_GUINT64_FORMAT " moves %" G_GUINT64_FORMAT
                " batches %" G_GUINT64_FORMAT,
                &counts->fsyncs, &counts->moves, &counts->batches)
        == 3)
      n++;
  return n;
}

gboolean
bench_daemon_commits (BenchDaemon *d, BenchCommits *counts)
{
  BenchCommits old;
  guint before;

  if (d->log == NULL)
    return FALSE;
  before = read_commits (d, &old);
  kill (d->pid, SIGUSR1);
  for (int i = 0; i < 1000; i++)
    {
      if (read_commits (d, counts) > before)
        return TRUE;
      g_usleep (5000);
    }
  return FALSE;
}

void
bench_daemon_start (BenchDaemon *d, DBusConnection *c, const char *const *extra_args)
{
  bench_daemon_start_nowait (d, extra_args);
  for (int i = 0; i < 12000; i++)
    {
      if (dbus_bus_name_has_owner (c, BENCH_BUS_NAME, NULL))
        return;
      g_usleep (5000);
    }
  g_error ("the daemon did not take its name");
}

gboolean
bench_daemon_stop (BenchDaemon *d)
{
  int status = 0;

  kill (d->pid, SIGTERM);
  waitpid (d->pid, &status, 0);
  if (d->state_dir)
    {
      const char *rm[] = { "rm", "-rf", d->state_dir, NULL };
      g_spawn_sync (NULL, (char **)rm, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL, NULL, NULL,
                    NULL);
    }
  if (d->log)
    g_unlink (d->log);
  g_clear_pointer (&d->state_dir, g_free);
  g_clear_pointer (&d->log, g_free);
  return WIFEXITED (status) && WEXITSTATUS (status) == 0;
}

char *
bench_fs_name (const char *dir)
{
  struct statfs st;

  if (statfs (dir, &st) < 0)
    return g_strdup ("unknown");
  switch ((unsigned long)st.f_type)
    {
      case 0x01021994:
        return g_strdup ("tmpfs");
      case 0xEF53:
        return g_strdup ("ext4");
      case 0x58465342:
        return g_strdup ("xfs");
      case 0x9123683E:
        return g_strdup ("btrfs");
      case 0x794c7630:
        return g_strdup ("overlayfs");
      default:
        return g_strdup_printf ("0x%lx", (unsigned long)st.f_type);
    }
}

gint64
bench_cpu_us (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int)pid);
  g_autofree char *text = NULL;
  g_auto (GStrv) fields = NULL;
  const char *end;

  if (!g_file_get_contents (path, &text, NULL, NULL) || (end = strrchr (text, ')')) == NULL)
    return -1;
  /* after the command: state is field 3, utime 14, stime 15 */
  fields = g_strsplit (end + 2, " ", -1);
  if (g_strv_length (fields) < 13)
    return -1;
  return (g_ascii_strtoll (fields[11], NULL, 10) + g_ascii_strtoll (fields[12], NULL, 10))
         * G_USEC_PER_SEC / sysconf (_SC_CLK_TCK);
}

DBusConnection *
bench_bus (void)
{
  DBusError err = DBUS_ERROR_INIT;
  DBusConnection *c = dbus_bus_get_private (DBUS_BUS_SESSION, &err);

  if (c == NULL)
    g_error ("no session bus (run under dbus-run-session): %s", err.message);
  dbus_connection_set_exit_on_disconnect (c, FALSE);
  return c;
}

DBusMessage *
bench_call (DBusConnection *c, DBusMessage *msg)
{
  DBusError err = DBUS_ERROR_INIT;
  DBusMessage *reply = dbus_connection_send_with_reply_and_block (c, msg, 60000, &err);

  dbus_message_unref (msg);
  if (reply == NULL)
    g_error ("call failed: %s: %s", err.name, err.message);
  return reply;
}

DBusMessage *
bench_method (const char *path, const char *iface, const char *member)
{
  return dbus_message_new_method_call (BENCH_BUS_NAME, path, iface, member);
}

DBusMessage *
bench_method_no_options (const char *path, const char *iface, const char *member)
{
  DBusMessage *msg = bench_method (path, iface, member);

  bench_append_options (msg, NULL);
  return msg;
}

void
bench_append_options (DBusMessage *msg, ...)
{
  DBusMessageIter it, dict, entry, var;
  const char *key;
  va_list ap;

  dbus_message_iter_init_append (msg, &it);
  dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "{sv}", &dict);
  va_start (ap, msg);
  while ((key = va_arg (ap, const char *)) != NULL)
    {
      int type = va_arg (ap, int);
      dbus_uint32_t u;
      dbus_uint64_t t;

      dbus_message_iter_open_container (&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry);
      dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key);
      if (type == 't')
        {
          t = va_arg (ap, guint64);
          dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, "t", &var);
          dbus_message_iter_append_basic (&var, DBUS_TYPE_UINT64, &t);
        }
      else
        {
          u = va_arg (ap, guint);
          dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, "u", &var);
          dbus_message_iter_append_basic (&var, DBUS_TYPE_UINT32, &u);
        }
      dbus_message_iter_close_container (&entry, &var);
      dbus_message_iter_close_container (&dict, &entry);
    }
  va_end (ap);
  dbus_message_iter_close_container (&it, &dict);
}

double
bench_place_first (DBusConnection *c, const char *game)
{
  DBusMessage *msg, *reply;
  DBusMessageIter it, array, st;
  dbus_int32_t x, y;
  dbus_uint32_t rotation;
  gint64 t0;

  reply = bench_call (c, bench_method (game, BENCH_GAME_IFACE, "GetPlacements"));
  dbus_message_iter_init (reply, &it);
  dbus_message_iter_recurse (&it, &array);
  dbus_message_iter_recurse (&array, &st);
  dbus_message_iter_get_basic (&st, &x);
  dbus_message_iter_next (&st);
  dbus_message_iter_get_basic (&st, &y);
  dbus_message_iter_next (&st);
  dbus_message_iter_get_basic (&st, &rotation);
  dbus_message_unref (reply);

  msg = bench_method (game, BENCH_GAME_IFACE, "Place");
  dbus_message_append_args (msg, DBUS_TYPE_INT32, &x, DBUS_TYPE_INT32, &y, DBUS_TYPE_UINT32,
                            &rotation, DBUS_TYPE_INVALID);
  bench_append_options (msg, NULL);
  t0 = g_get_monotonic_time ();
  dbus_message_unref (bench_call (c, msg));
  return (double)(g_get_monotonic_time () - t0);
}

GPid
bench_bus_pid (DBusConnection *c)
{
  DBusMessage *msg
      = dbus_message_new_method_call ("org.freedesktop.DBus", "/org/freedesktop/DBus",
                                      "org.freedesktop.DBus", "GetConnectionUnixProcessID");
  const char *name = "org.freedesktop.DBus";
  DBusError err = DBUS_ERROR_INIT;
  DBusMessage *reply;
  dbus_uint32_t pid = 0;

  dbus_message_append_args (msg, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  reply = dbus_connection_send_with_reply_and_block (c, msg, 10000, &err);
  dbus_message_unref (msg);
  if (reply == NULL)
    {
      dbus_error_free (&err);
      return 0;
    }
  dbus_message_get_args (reply, NULL, DBUS_TYPE_UINT32, &pid, DBUS_TYPE_INVALID);
  dbus_message_unref (reply);
  return (GPid)pid;
}
