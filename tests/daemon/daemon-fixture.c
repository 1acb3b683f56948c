/* daemon-fixture.c: the real carcassonned on the private test bus, and GDBus clients for it. */
#include "config.h"

#include "daemon-fixture.h"

#include <check.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The state directory daemon_start() made for the daemon it started last, removed by
 * daemon_stop(): every daemon starts with no games unless given --state-dir. */
static char *fresh_state_dir;
static GPid fresh_state_pid;

void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
test_time_scale (void)
{
  const char *text = g_getenv ("CARCD_TEST_TIME_SCALE");
  gint64 scale = text ? g_ascii_strtoll (text, NULL, 10) : 1;

  return scale > 0 && scale <= 1000 ? (int)scale : 1;
}

GPid
daemon_start (const char *const *extra_args)
{
  g_autofree char *state_arg = NULL;
  gboolean has_state_dir = FALSE;
  gboolean group_commit_set = FALSE;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_auto (GStrv) wrapper = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GDBusConnection) c = NULL;
  GPid pid;
  gboolean owned = FALSE;
  gint64 deadline;
  const char *daemon = g_getenv ("CARCASSONNED");

  ck_assert_msg (g_getenv ("DBUS_SESSION_BUS_ADDRESS") != NULL,
                 "run the D-Bus tests under dbus-run-session");
  /* `make check-valgrind` runs the daemon under valgrind (tests/valgrind-wrapper.sh) */
  if (g_getenv ("CARCD_DAEMON_WRAPPER") && *g_getenv ("CARCD_DAEMON_WRAPPER"))
    {
      if (!g_shell_parse_argv (g_getenv ("CARCD_DAEMON_WRAPPER"), NULL, &wrapper, &error))
        ck_abort_msg ("CARCD_DAEMON_WRAPPER: %s", error->message);
      for (guint i = 0; wrapper[i]; i++)
        g_ptr_array_add (argv, wrapper[i]);
    }
  g_ptr_array_add (argv, (gpointer)(daemon ? daemon : TOP_BUILDDIR "/core/daemon/carcassonned"));
  g_ptr_array_add (argv, (gpointer) "--nodetach");
  for (guint i = 0; extra_args && extra_args[i]; i++)
    {
      g_ptr_array_add (argv, (gpointer)extra_args[i]);
      has_state_dir |= g_str_has_prefix (extra_args[i], "--state-dir")
                       || g_str_equal (extra_args[i], "--no-state");
      group_commit_set |= g_str_has_prefix (extra_args[i], "--group-commit")
                          || g_str_equal (extra_args[i], "--no-group-commit");
    }
  /* the tests run the group commit whatever file system holds their temporary directories
   * (on tmpfs the daemon would flush each move on its own) */
  if (!group_commit_set)
    g_ptr_array_add (argv, (gpointer) "--group-commit=always");
  if (!has_state_dir)
    {
      /* inside the test's own $XDG_STATE_HOME (tests/daemon/with-state-dir.sh) when there is one */
      const char *parent = g_getenv ("XDG_STATE_HOME");

      g_free (fresh_state_dir);
      fresh_state_dir
          = g_build_filename (parent ? parent : g_get_tmp_dir (), "carcd-state-XXXXXX", NULL);
      ck_assert_msg (g_mkdtemp (fresh_state_dir) != NULL, "no state directory: %s",
                     g_strerror (errno));
      state_arg = g_strconcat ("--state-dir=", fresh_state_dir, NULL);
      g_ptr_array_add (argv, state_arg);
    }
  g_ptr_array_add (argv, NULL);
  if (!g_spawn_async (NULL, (char **)argv->pdata, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL, &pid,
                      &error))
    ck_abort_msg ("cannot start the daemon: %s", error->message);

  c = client_new ();
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC * test_time_scale ();
  while (!owned && g_get_monotonic_time () < deadline)
    {
      g_autoptr (GVariant) r = g_dbus_connection_call_sync (
          c, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
          "NameHasOwner", g_variant_new ("(s)", BUS_NAME), G_VARIANT_TYPE ("(b)"),
          G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL);
      if (r)
        g_variant_get (r, "(b)", &owned);
      if (!owned)
        {
          int status;
          ck_assert_msg (waitpid (pid, &status, WNOHANG) == 0, "the daemon exited at start");
          g_usleep (5000);
        }
    }
  ck_assert_msg (owned, "the daemon did not take %s within %d s", BUS_NAME,
                 10 * test_time_scale ());
  if (!has_state_dir)
    fresh_state_pid = pid;
  return pid;
}

GPid
daemon_start_logged (const char *const *extra_args, const char *log)
{
  int saved = dup (STDERR_FILENO);
  int fd = open (log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  GPid pid;

  ck_assert_int_ge (fd, 0);
  dup2 (fd, STDERR_FILENO);
  close (fd);
  pid = daemon_start (extra_args);
  dup2 (saved, STDERR_FILENO);
  close (saved);
  return pid;
}

int
daemon_stop (GPid pid)
{
  int status;

  kill (pid, SIGTERM);
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  if (fresh_state_dir && pid == fresh_state_pid)
    {
      remove_tree (fresh_state_dir);
      g_clear_pointer (&fresh_state_dir, g_free);
    }
  if (WIFSIGNALED (status))
    return 128 + WTERMSIG (status);
  return WEXITSTATUS (status);
}

GDBusConnection *
client_new (void)
{
  g_autoptr (GError) error = NULL;
  GDBusConnection *c = g_dbus_connection_new_for_address_sync (
      g_getenv ("DBUS_SESSION_BUS_ADDRESS"),
      G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
          | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
      NULL, NULL, &error);

  ck_assert_msg (c != NULL, "cannot connect to the test bus: %s", error ? error->message : "?");
  g_dbus_connection_set_exit_on_close (c, FALSE);
  return c;
}

GVariant *
call (GDBusConnection *c, const char *path, const char *iface, const char *method, GVariant *args,
      GError **error)
{
  return g_dbus_connection_call_sync (c, BUS_NAME, path, iface, method, args, NULL,
                                      G_DBUS_CALL_FLAGS_NONE, 10000 * test_time_scale (), NULL,
                                      error);
}

GVariant *
call_ok (GDBusConnection *c, const char *path, const char *iface, const char *method,
         GVariant *args)
{
  g_autoptr (GError) error = NULL;
  GVariant *r = call (c, path, iface, method, args, &error);

  ck_assert_msg (r != NULL, "%s.%s on %s failed: %s", iface, method, path,
                 error ? error->message : "?");
  return r;
}

char *
call_error (GDBusConnection *c, const char *path, const char *iface, const char *method,
            GVariant *args)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r = call (c, path, iface, method, args, &error);
  char *name;

  ck_assert_msg (r == NULL, "%s.%s on %s succeeded; an error was expected", iface, method, path);
  name = g_dbus_error_get_remote_error (error);
  ck_assert_msg (name != NULL, "%s.%s: not a D-Bus error: %s", iface, method, error->message);
  return name;
}

GVariant *
get_property (GDBusConnection *c, const char *path, const char *iface, const char *name)
{
  g_autoptr (GVariant) r = call_ok (c, path, "org.freedesktop.DBus.Properties", "Get",
                                    g_variant_new ("(ss)", iface, name));
  GVariant *value;

  g_variant_get (r, "(v)", &value);
  return value;
}

char *
expansion_object_path (const char *name)
{
  char *path = g_strconcat (ROOT_PATH "/expansion/", name, NULL);
  g_strdelimit (path + strlen (ROOT_PATH "/expansion/"), "-", '_');
  return path;
}

char *
create_game (GDBusConnection *c, const char *options_text)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) options
      = g_variant_parse (G_VARIANT_TYPE ("a{sv}"), options_text, NULL, NULL, &error);
  g_autoptr (GVariant) r = NULL;
  char *path;

  ck_assert_msg (options != NULL, "bad options text: %s", error ? error->message : "?");
  r = call_ok (c, ROOT_PATH, MANAGER_IFACE, "CreateGame", g_variant_new ("(@a{sv})", options));
  g_variant_get (r, "(o&s)", &path, NULL);
  return path;
}

static void
append_reply (GString *out, GDBusConnection *c, const char *path, const char *iface,
              const char *method, GVariant *args)
{
  g_autoptr (GVariant) r = call_ok (c, path, iface, method, args);
  g_autofree char *text = g_variant_print (r, TRUE);

  g_string_append_printf (out, "%s.%s %s\n", path, method, text);
}

char *
game_snapshot (GDBusConnection *c, const char *game)
{
  GString *out = g_string_new (NULL);
  g_autoptr (GVariant) players = get_property (c, game, GAME_IFACE, "Players");
  GVariantIter iter;
  const char *player;

  append_reply (out, c, game, "org.freedesktop.DBus.Properties", "GetAll",
                g_variant_new ("(s)", GAME_IFACE));
  g_variant_iter_init (&iter, players);
  while (g_variant_iter_next (&iter, "&o", &player))
    append_reply (out, c, player, "org.freedesktop.DBus.Properties", "GetAll",
                  g_variant_new ("(s)", PLAYER_IFACE));
  append_reply (out, c, game, GAME_IFACE, "GetBoard", NULL);
  append_reply (out, c, game, GAME_IFACE, "GetFeatures", NULL);
  append_reply (out, c, game, GAME_IFACE, "GetPlacements", NULL);
  append_reply (out, c, game, GAME_IFACE, "GetDeployments", NULL);
  append_reply (out, c, game, GAME_IFACE, "GetPieces", NULL);
  return g_string_free (out, FALSE);
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* Everything the daemon shows of itself: its games and every object with its properties, one
 * object a line, sorted by path. */
char *
daemon_snapshot (GDBusConnection *c)
{
  g_autoptr (GVariant) games = call_ok (c, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
  g_autoptr (GVariant) objects
      = call_ok (c, ROOT_PATH, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", NULL);
  g_autoptr (GVariant) dict = g_variant_get_child_value (objects, 0);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *games_text = g_variant_print (games, TRUE);
  GString *out = g_string_new (NULL);
  GVariantIter iter;
  const char *path;
  GVariant *ifaces;

  g_variant_iter_init (&iter, dict);
  while (g_variant_iter_next (&iter, "{&o@a{sa{sv}}}", &path, &ifaces))
    {
      g_autofree char *text = g_variant_print (ifaces, TRUE);
      g_ptr_array_add (lines, g_strdup_printf ("%s %s", path, text));
      g_variant_unref (ifaces);
    }
  g_ptr_array_sort (lines, compare_strings);
  g_string_append_printf (out, "ListGames %s\n", games_text);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s\n", (char *)g_ptr_array_index (lines, i));
  return g_string_free (out, FALSE);
}

/* The daemon's snapshot, and @game's when not NULL. */
char *
state_snapshot (GDBusConnection *c, const char *game)
{
  g_autofree char *all = daemon_snapshot (c);
  g_autofree char *one = game ? game_snapshot (c, game) : g_strdup ("");

  return g_strconcat (all, one, NULL);
}

/* The first line where @before and @after differ, both ways, cut short for Check's
 * message size. */
static char *
first_difference (const char *before, const char *after)
{
  g_auto (GStrv) b = g_strsplit (before, "\n", -1);
  g_auto (GStrv) a = g_strsplit (after, "\n", -1);
  guint i = 0;

  while (b[i] && a[i] && g_str_equal (b[i], a[i]))
    i++;
  return g_strdup_printf ("\n--- before: %.1500s\n+++ after:  %.1500s", b[i] ? b[i] : "(end)",
                          a[i] ? a[i] : "(end)");
}

/* @c calls @method on @path with @args (floating, or NULL); the call must fail with
 * @expected and leave the daemon and @game as they were. */
void
assert_refused (int line, GDBusConnection *c, const char *game, const char *path, const char *iface,
                const char *method, GVariant *args, const char *expected)
{
  g_autofree char *before = state_snapshot (c, game);
  g_autoptr (GVariant) in = args ? g_variant_ref_sink (args) : NULL;
  g_autofree char *text = in ? g_variant_print (in, TRUE) : g_strdup ("()");
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = call (c, path, iface, method, in, &error);
  g_autofree char *name = NULL;
  g_autofree char *after = NULL;

  ck_assert_msg (reply == NULL, "line %d: %s.%s%s on %s succeeded; %s was expected", line, iface,
                 method, text, path, expected);
  name = g_dbus_error_get_remote_error (error);
  ck_assert_msg (g_strcmp0 (name, expected) == 0, "line %d: %s.%s%s on %s: %s (%s); %s expected",
                 line, iface, method, text, path, name ? name : "(not a D-Bus error)",
                 error->message, expected);
  after = state_snapshot (c, game);
  if (!g_str_equal (before, after))
    {
      g_autofree char *diff = first_difference (before, after);
      ck_abort_msg ("line %d: %s.%s%s was refused (%s) but changed the state: %s", line, iface,
                    method, text, expected, diff);
    }
}

char *
signal_text (const char *signal, GVariant *params)
{
  gsize n = g_variant_n_children (params);
  g_autoptr (GPtrArray) children = g_ptr_array_new_with_free_func ((GDestroyNotify)g_variant_unref);

  for (gsize i = 0; i < n; i++)
    g_ptr_array_add (children, g_variant_get_child_value (params, i));
  if (n && g_variant_is_of_type (children->pdata[n - 1], G_VARIANT_TYPE_UINT64))
    g_ptr_array_set_size (children, (guint)n - 1);
  g_autoptr (GVariant) rest = g_variant_ref_sink (
      g_variant_new_tuple ((GVariant *const *)children->pdata, children->len));
  g_autofree char *text = g_variant_print (rest, FALSE);
  return g_strdup_printf ("%s%s", signal, text);
}

char *
without_sequence (const char *snapshot)
{
  g_autoptr (GRegex) re = g_regex_new ("'Sequence': <uint64 [0-9]+>", 0, 0, NULL);
  return g_regex_replace_literal (re, snapshot, -1, 0, "'Sequence': <>", 0, NULL);
}
