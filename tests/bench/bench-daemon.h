/* bench-daemon.h: what the daemon benchmarks share: the daemon started from the build tree with
 * a state directory of its own, blocking libdbus-1 calls, its memory, medians and percentiles.
 *
 * The benchmarks run on the session bus (make bench runs each under dbus-run-session).
 * Environment:
 *   BENCH_STATE_DIR       the directory the daemon's state directory is made in (default: the
 *                         temporary directory, $TMPDIR or /tmp); the benchmarks print which
 *                         file system that is, since a move is flushed to it before its reply
 *   BENCH_DAEMON_WRAPPER  a command line to run the daemon under, e.g.
 *                         "valgrind --tool=callgrind" or "perf record -g"
 */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

#include "proc-stats.h"

#define BENCH_BUS_NAME      "org.carcassonne.Engine1"
#define BENCH_ROOT_PATH     "/org/carcassonne/Engine1"
#define BENCH_MANAGER_IFACE "org.carcassonne.Engine1.Manager"
#define BENCH_GAME_IFACE    "org.carcassonne.Engine1.Game"

/* The daemon itself, not libtool's wrapper script, which would add a shell to every start
 * and hide the daemon from a BENCH_DAEMON_WRAPPER; it finds the engine library through
 * LD_LIBRARY_PATH. */
#define BENCH_DAEMON_BINARY TOP_BUILDDIR "/core/daemon/.libs/carcassonned"
#define BENCH_LIB_DIR       TOP_BUILDDIR "/core/engine/.libs"

/* The environment to run BENCH_DAEMON_BINARY in (g_strfreev() it). */
char **bench_daemon_environ (void);

typedef struct
{
  GPid pid;
  char *state_dir; /* made for this daemon, removed by bench_daemon_stop(); NULL with --no-state */
  char *log;       /* its standard error, beside the state directory; NULL with --no-state */
} BenchDaemon;

/* Starts the daemon (--nodetach, a fresh --state-dir unless @extra_args has --no-state, then
 * @extra_args, NULL-terminated or NULL) and waits until it owns its name on @c's bus. */
void bench_daemon_start (BenchDaemon *d, DBusConnection *c, const char *const *extra_args);

/* The same, returning at once. */
void bench_daemon_start_nowait (BenchDaemon *d, const char *const *extra_args);

/* What the daemon's journals flushed so far (the "commits:" line it logs on SIGUSR1;
 * doc/persistence.md, "Group commit"). */
typedef struct
{
  guint64 fsyncs;  /* journal flushes (fdatasync), one per game per batch */
  guint64 moves;   /* the moves they carried */
  guint64 batches; /* group commits (each a move flushed on its own, without it) */
} BenchCommits;

/* The daemon's counts now; FALSE with --no-state. */
gboolean bench_daemon_commits (BenchDaemon *d, BenchCommits *counts);

/* SIGTERM, waits, removes the state directory and the log; FALSE unless the daemon exited
 * with 0. */
gboolean bench_daemon_stop (BenchDaemon *d);

/* The kind of file system @dir is on ("tmpfs", "ext4", "xfs", "btrfs", or the magic in hex). */
char *bench_fs_name (const char *dir);

/* The CPU time (user + system) @pid has used, in microseconds, or -1. */
gint64 bench_cpu_us (GPid pid);

/* The session bus on a private connection; aborts if there is none. */
DBusConnection *bench_bus (void);

/* The bus daemon's process, or 0 if the bus does not say. */
GPid bench_bus_pid (DBusConnection *c);

/* A blocking call (takes @msg); aborts on an error reply. */
DBusMessage *bench_call (DBusConnection *c, DBusMessage *msg);

/* A method call to the daemon. */
DBusMessage *bench_method (const char *path, const char *iface, const char *member);
/* bench_method() for a member that takes only a{sv} options (Start, Skip, Delete), with
 * none given. */
DBusMessage *bench_method_no_options (const char *path, const char *iface, const char *member);

/* Appends an a{sv} with the uint32 or uint64 entries given as key, 'u' or 't', value... NULL. */
void bench_append_options (DBusMessage *msg, ...) G_GNUC_NULL_TERMINATED;

/* GetPlacements in @game, then Place at the first placement; returns the round trip of Place
 * in microseconds. */
double bench_place_first (DBusConnection *c, const char *game);
