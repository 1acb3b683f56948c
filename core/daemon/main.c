/* main.c: carcassonned's command line, bus connection, detaching and signal handling. */
#include "config.h"

#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <syslog.h>
#include <fcntl.h>
#include <unistd.h>

#include <gio/gio.h>

#include "cdbus.h"
#include "commit.h"
#include "daemon.h"
#include "errors.h"
#include "journal.h"
#include "session.h"

typedef struct
{
  gboolean nodetach;
  gboolean debug;
  gboolean system_bus;
  gboolean version;
  gboolean no_state;
  gboolean no_group_commit;
  char *group_commit;
  char *address;
  gint max_games;
  gint max_waiting_games;
  gint max_seats;
  gint max_games_per_client;
  gint max_seats_per_client;
  gint abandon_timeout;
  gint waiting_timeout;
  char **plugins;
  char **noplugins;
  char *plugin_dir;
  char *state_dir;
} Options;

static gboolean
on_quit_signal (gpointer data)
{
  g_message ("Terminating");
  g_main_loop_quit (data);
  return G_SOURCE_CONTINUE;
}

/* SIGUSR1: the per-client bookkeeping in one log line (carcassonned(8), SIGNALS). */
static gboolean
on_tables_signal (gpointer data)
{
  carcd_daemon_log_tables (data);
  return G_SOURCE_CONTINUE;
}

static int exit_status; /* EXIT_FAILURE once the bus is lost */

/* carcassonned(8), EXIT STATUS */
#define EXIT_STATE_LOCKED   3 /* another daemon holds the state directory */
#define EXIT_RESTORE_FAILED 4 /* a journal or the state directory could not be read */

static void
on_bus_lost (DBusConnection *connection, gpointer data)
{
  g_warning ("Lost the connection to the bus; exiting");
  exit_status = EXIT_FAILURE;
  g_main_loop_quit (data);
}

static DBusMessage *
on_unknown_object (DBusConnection *connection, DBusMessage *msg, gpointer data)
{
  const char *path = dbus_message_get_path (msg);
  g_autofree char *quoted = cdbus_echo (path);

  /* a path below a game that does not exist names no game; one below a live game is just
   * not an object */
  if (path && g_str_has_prefix (path, CARCD_GAME_PATH_PREFIX)
      && carcd_daemon_lookup_path (data, path) == NULL)
    return carcd_error (msg, CARCD_ERROR_NO_SUCH_GAME, "No game at %s", quoted);
  return cdbus_error (msg, DBUS_ERROR_UNKNOWN_OBJECT, "No object at %s", quoted);
}

/* Log lines of a detached daemon go to syslog. */
static GLogWriterOutput
syslog_writer (GLogLevelFlags level, const GLogField *fields, gsize n_fields, gpointer data)
{
  int priority = LOG_INFO;

  if (g_log_writer_default_would_drop (level, G_LOG_DOMAIN))
    return G_LOG_WRITER_HANDLED;
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL))
    priority = LOG_ERR;
  else if (level & G_LOG_LEVEL_WARNING)
    priority = LOG_WARNING;
  else if (level & G_LOG_LEVEL_DEBUG)
    priority = LOG_DEBUG;
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "MESSAGE"))
      syslog (priority, "%s", (const char *)fields[i].value);
  return G_LOG_WRITER_HANDLED;
}

/* Forks; the parent waits until the child owns the bus name (or fails) and exits with that
 * status. Returns in the child with the write end of the pipe in @ready_fd. */
static void
detach (int *ready_fd)
{
  int fds[2];
  pid_t pid;
  char status = 1;

  if (pipe (fds) < 0)
    {
      perror ("carcassonned: pipe");
      exit (EXIT_FAILURE);
    }
  pid = fork ();
  if (pid < 0)
    {
      perror ("carcassonned: fork");
      exit (EXIT_FAILURE);
    }
  if (pid > 0)
    {
      close (fds[1]);
      if (read (fds[0], &status, 1) != 1)
        status = 1;
      _exit (status);
    }
  close (fds[0]);
  setsid ();
  *ready_fd = fds[1];
}

static void
detached_ready (int *ready_fd, char status)
{
  int devnull;

  if (*ready_fd < 0)
    return;
  if (write (*ready_fd, &status, 1) != 1)
    { /* the parent is gone; nothing to tell */
    }
  close (*ready_fd);
  *ready_fd = -1;
  devnull = open ("/dev/null", O_RDWR);
  if (devnull >= 0)
    {
      dup2 (devnull, STDIN_FILENO);
      dup2 (devnull, STDOUT_FILENO);
      dup2 (devnull, STDERR_FILENO);
      if (devnull > STDERR_FILENO)
        close (devnull);
    }
}

/* The directory of the games' journals, created (0700) if missing; NULL with --no-state or
 * when it cannot be: the daemon runs, but its games do not survive it. */
/* The group commit, unless --group-commit=never (--no-group-commit), or by default
 * (--group-commit=auto) journals in memory (@dir on tmpfs: a flush there costs less than
 * handing it to a thread). */
static gboolean
group_commit_wanted (const Options *o, const char *dir)
{
  const char *when = o->no_group_commit ? "never" : o->group_commit ? o->group_commit : "auto";

  if (g_str_equal (when, "never"))
    return FALSE;
  return g_str_equal (when, "always") || dir == NULL || !carcd_journal_dir_in_memory (dir);
}

static char *
state_dir (const Options *o)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;

  if (o->no_state)
    {
      g_message ("No state directory (--no-state): games will not survive a restart");
      return NULL;
    }
  if (o->state_dir)
    dir = g_strdup (o->state_dir);
  else if (o->system_bus)
    dir = g_strdup ("/var/lib/carcassonned");
  else
    dir = g_build_filename (g_get_user_state_dir (), "carcassonned", NULL);
  if (!carcd_journal_ensure_dir (dir, &error))
    {
      g_warning ("%s; games will not survive a restart", error->message);
      return NULL;
    }
  return g_steal_pointer (&dir);
}

/* Loads the expansion plugins -p/-P choose from the plugin directory. A plugin that is
 * refused (not a plugin, another ABI, a failed init) is logged by the host, one line each;
 * the daemon goes on without it. */
static CarcPluginHost *
load_plugins (const Options *o)
{
  CarcPluginHost *host = carc_plugin_host_new ();
  const char *dir = o->plugin_dir ? o->plugin_dir : carc_plugin_host_get_default_dir ();
  g_autofree char *enable = o->plugins ? g_strjoinv (",", o->plugins) : NULL;
  g_autofree char *disable = o->noplugins ? g_strjoinv (",", o->noplugins) : NULL;
  g_autoptr (GString) names = g_string_new (NULL);

  carc_plugin_host_load_dir (host, dir, enable, disable);
  for (guint i = 0; i < carc_plugin_host_get_n_plugins (host); i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "",
                            carc_plugin_get_name (carc_plugin_host_get_plugin (host, i)));
  g_message ("Expansions from %s: %s", dir, names->len ? names->str : "none");
  return host;
}

/* Every game keeps its journal open: allow as many files as the hard limit does (the soft
 * limit is often 1024, fewer than the games a daemon holds by default). GLib polls with
 * poll(), so descriptors past 1024 are no problem. */
static void
raise_file_limit (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max)
    {
      limit.rlim_cur = limit.rlim_max;
      if (setrlimit (RLIMIT_NOFILE, &limit) < 0)
        g_debug ("Could not raise the limit of open files: %s", g_strerror (errno));
    }
}

static void
options_clear (Options *o)
{
  g_clear_pointer (&o->plugins, g_strfreev);
  g_clear_pointer (&o->noplugins, g_strfreev);
  g_clear_pointer (&o->plugin_dir, g_free);
  g_clear_pointer (&o->state_dir, g_free);
  g_clear_pointer (&o->address, g_free);
  g_clear_pointer (&o->group_commit, g_free);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

static gboolean
parse_options (int *argc, char ***argv, Options *o)
{
  GOptionEntry entries[] = {
    { "nodetach", 'n', 0, G_OPTION_ARG_NONE, &o->nodetach, "Stay in the foreground", NULL },
    { "debug", 'd', 0, G_OPTION_ARG_NONE, &o->debug, "Log debug messages", NULL },
    { "system", 0, 0, G_OPTION_ARG_NONE, &o->system_bus, "Use the system bus", NULL },
    { "address", 0, 0, G_OPTION_ARG_STRING, &o->address, "Use the bus at ADDRESS", "ADDRESS" },
    { "max-games", 0, 0, G_OPTION_ARG_INT, &o->max_games, "Games the daemon holds at most (10000)",
      "N" },
    { "max-waiting-games", 0, 0, G_OPTION_ARG_INT, &o->max_waiting_games,
      "Games not started yet the daemon holds at most (1000)", "N" },
    { "max-seats", 0, 0, G_OPTION_ARG_INT, &o->max_seats,
      "Seats all clients together hold at most (20000)", "N" },
    { "max-games-per-client", 0, 0, G_OPTION_ARG_INT, &o->max_games_per_client,
      "Live games one client may create (64)", "N" },
    { "max-seats-per-client", 0, 0, G_OPTION_ARG_INT, &o->max_seats_per_client,
      "Seats one client may hold (256)", "N" },
    { "abandon-timeout", 0, 0, G_OPTION_ARG_INT, &o->abandon_timeout,
      "Seconds a game nobody holds is kept (3600)", "SECONDS" },
    { "waiting-timeout", 0, 0, G_OPTION_ARG_INT, &o->waiting_timeout,
      "Seconds a game not started that nobody holds is kept (120)", "SECONDS" },
    { "plugin", 'p', 0, G_OPTION_ARG_STRING_ARRAY, &o->plugins,
      "Load only these plugins (names or globs, comma-separated; repeatable)", "NAME[,NAME...]" },
    { "noplugin", 'P', 0, G_OPTION_ARG_STRING_ARRAY, &o->noplugins,
      "Never load these plugins (names or globs, comma-separated; repeatable)", "NAME[,NAME...]" },
    { "plugin-dir", 0, 0, G_OPTION_ARG_FILENAME, &o->plugin_dir,
      "Load plugins from DIR (default: $CARCASSONNE_PLUGIN_DIR, else " CARC_PLUGIN_DIR ")", "DIR" },
    { "state-dir", 0, 0, G_OPTION_ARG_FILENAME, &o->state_dir,
      "Keep the games' journals in DIR (default: $XDG_STATE_HOME/carcassonned, with --system "
      "/var/lib/carcassonned)",
      "DIR" },
    { "no-state", 0, 0, G_OPTION_ARG_NONE, &o->no_state,
      "Keep no journals: faster moves, but no game survives the daemon", NULL },
    { "no-group-commit", 0, 0, G_OPTION_ARG_NONE, &o->no_group_commit,
      "Flush each move's journal on its own, not with the moves made at the same time", NULL },
    { "group-commit", 0, 0, G_OPTION_ARG_STRING, &o->group_commit,
      "When to flush the moves made at the same time together: auto (the default: unless the "
      "journals are in memory, on tmpfs, where each move is flushed on its own), always, never "
      "(as --no-group-commit)",
      "WHEN" },
    { "version", 'v', 0, G_OPTION_ARG_NONE, &o->version, "Print the version and exit", NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- Carcassonne game server");
  g_autoptr (GError) error = NULL;

  g_option_context_set_summary (context, "Hosts Carcassonne games on D-Bus as " CARCD_BUS_NAME ".");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("carcassonned: %s\n", error->message);
      return FALSE;
    }
  if (o->no_state && o->state_dir)
    {
      g_printerr ("carcassonned: --no-state and --state-dir exclude each other\n");
      return FALSE;
    }
  if (o->group_commit
      && !g_strv_contains ((const char *[]){ "auto", "always", "never", NULL }, o->group_commit))
    {
      g_printerr ("carcassonned: --group-commit must be auto, always or never, not \"%s\"\n",
                  o->group_commit);
      return FALSE;
    }
  if (o->no_group_commit && o->group_commit && !g_str_equal (o->group_commit, "never"))
    {
      g_printerr ("carcassonned: --no-group-commit and --group-commit=%s exclude each other\n",
                  o->group_commit);
      return FALSE;
    }
  if (o->max_games < -1 || o->max_waiting_games < -1 || o->max_seats < -1
      || o->max_games_per_client < -1 || o->max_seats_per_client < -1 || o->abandon_timeout < -1
      || o->waiting_timeout < -1)
    {
      g_printerr ("carcassonned: limits must be 0 or more\n");
      return FALSE;
    }
  return TRUE;
}

/* A limit given on the command line (-1: not given, the default stays). */
static void
set_limit (guint *limit, gint value)
{
  if (value >= 0)
    *limit = (guint)value;
}

int
main (int argc, char **argv)
{
  /* cleared on every return, the early ones included */
  g_auto (Options) o = { .max_games = -1,
                         .max_waiting_games = -1,
                         .max_seats = -1,
                         .max_games_per_client = -1,
                         .max_seats_per_client = -1,
                         .abandon_timeout = -1,
                         .waiting_timeout = -1 };
  g_autoptr (GMainLoop) loop = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) tiles = NULL;
  g_autoptr (CarcPluginHost) plugins = NULL;
  DBusConnection *connection;
  CarcdDaemon *daemon;
  CarcdLimits limits = { .max_games = 10000,
                         .max_waiting_games = 1000,
                         .max_seats = 20000,
                         .max_games_per_client = 64,
                         .max_seats_per_client = 256,
                         .abandon_timeout = 3600,
                         .waiting_timeout = 120 };
  int ready_fd = -1;
  int lock_fd = -1; /* holds the state directory's lock until the daemon exits */

  /* a file past the size limit (a journal, or the log on standard error) is a failed write
   * (a move refused, a line lost), not the end of the daemon */
  signal (SIGXFSZ, SIG_IGN);
  raise_file_limit ();
  if (!parse_options (&argc, &argv, &o))
    return 2;
  if (o.version)
    {
      g_print ("carcassonned %s\n", PACKAGE_VERSION);
      return 0;
    }
  if (o.debug)
    g_log_set_debug_enabled (TRUE);
  set_limit (&limits.max_games, o.max_games);
  set_limit (&limits.max_waiting_games, o.max_waiting_games);
  set_limit (&limits.max_seats, o.max_seats);
  set_limit (&limits.max_games_per_client, o.max_games_per_client);
  set_limit (&limits.max_seats_per_client, o.max_seats_per_client);
  set_limit (&limits.abandon_timeout, o.abandon_timeout);
  set_limit (&limits.waiting_timeout, o.waiting_timeout);

  tiles = carc_tile_set_new_base (&error);
  if (tiles == NULL)
    {
      g_printerr ("carcassonned: the base tile set: %s\n", error->message);
      return 1;
    }
  if (!o.nodetach)
    {
      openlog ("carcassonned", LOG_PID, LOG_DAEMON);
      g_log_set_writer_func (syslog_writer, NULL, NULL);
      detach (&ready_fd);
    }
  plugins = load_plugins (&o);

  loop = g_main_loop_new (NULL, FALSE);
  if (o.address)
    connection = cdbus_connect_address (o.address, CARCD_BUS_NAME, DBUS_ERROR_INVALID_ARGS, &error);
  else
    connection = cdbus_connect (o.system_bus ? DBUS_BUS_SYSTEM : DBUS_BUS_SESSION, CARCD_BUS_NAME,
                                DBUS_ERROR_INVALID_ARGS, &error);
  if (connection == NULL)
    {
      g_printerr ("carcassonned: %s\n", error->message);
      g_warning ("Could not own %s: %s", CARCD_BUS_NAME, error->message);
      detached_ready (&ready_fd, 1);
      return 1;
    }
  {
    g_autofree char *dir = state_dir (&o);

    /* one daemon a state directory: two would number their games alike and write over each
     * other's journals */
    if (dir && (lock_fd = carcd_journal_lock_dir (dir, &error)) < 0)
      {
        if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BUSY))
          {
            g_printerr ("carcassonned: %s; exiting\n", error->message);
            g_warning ("%s; exiting", error->message);
            detached_ready (&ready_fd, EXIT_STATE_LOCKED);
            return EXIT_STATE_LOCKED;
          }
        g_warning ("%s; a second daemon on it would not be noticed", error->message);
        g_clear_error (&error);
      }
    daemon = carcd_daemon_new (connection, tiles, plugins, &limits, dir);
    if (group_commit_wanted (&o, dir))
      carcd_commit_start (daemon);
  }
  cdbus_set_unknown_object_func (connection, on_unknown_object, daemon);
  cdbus_set_disconnect_func (connection, on_bus_lost, loop);
  if (!carcd_manager_register (daemon))
    {
      g_printerr ("carcassonned: could not register %s\n", CARCD_ROOT_PATH);
      detached_ready (&ready_fd, 1);
      return 1;
    }
  /* the games are back on the bus before the first call is answered, so they are in the
   * first GetManagedObjects: announcing each one (20000 InterfacesAdded at a full daemon's
   * start, a third of its restore; issue 15) would tell nobody anything. A journal that could
   * not be read now (not a damaged one) stops the start, rather than start without its game */
  cdbus_set_object_manager_quiet (connection, TRUE);
  gboolean restored = carcd_daemon_restore (daemon, &error);
  cdbus_set_object_manager_quiet (connection, FALSE);
  if (!restored)
    {
      g_printerr ("carcassonned: %s; exiting\n", error->message);
      g_warning ("%s; exiting", error->message);
      detached_ready (&ready_fd, EXIT_RESTORE_FAILED);
      carcd_daemon_free (daemon);
      return EXIT_RESTORE_FAILED;
    }
  g_unix_signal_add (SIGTERM, on_quit_signal, loop);
  g_unix_signal_add (SIGINT, on_quit_signal, loop);
  g_unix_signal_add (SIGUSR1, on_tables_signal, daemon);
  g_message ("carcassonned %s owns %s on the %s bus", PACKAGE_VERSION, CARCD_BUS_NAME,
             o.address      ? "given"
             : o.system_bus ? "system"
                            : "session");
  detached_ready (&ready_fd, 0);

  g_main_loop_run (loop);

  carcd_daemon_free (daemon);
  /* the journals are closed: the next daemon may have the directory, before it may have the
   * bus name (it would exit if it found the lock still held) */
  if (lock_fd >= 0)
    close (lock_fd);
  cdbus_shutdown (connection);
  dbus_connection_close (connection);
  dbus_connection_unref (connection);
  return exit_status;
}
