/* daemon-fixture.h: the real carcassonned on the private test bus, and GDBus clients for it.
 *
 * The tests run under dbus-run-session (TESTS_ENVIRONMENT), so DBUS_SESSION_BUS_ADDRESS names
 * a bus of their own. Clients use GDBus, a D-Bus implementation other than the daemon's
 * libdbus-1, so the tests also check that the two agree on the wire. Each Check test forks:
 * start the daemon and open connections inside the test, never in the runner.
 */
#pragma once
#include <gio/gio.h>

#define BUS_NAME        "org.carcassonne.Engine1"
#define ROOT_PATH       "/org/carcassonne/Engine1"
#define MANAGER_IFACE   "org.carcassonne.Engine1.Manager"
#define GAME_IFACE      "org.carcassonne.Engine1.Game"
#define PLAYER_IFACE    "org.carcassonne.Engine1.Player"
#define EXPANSION_IFACE "org.carcassonne.Engine1.Expansion"
#define STRATEGY_IFACE  "org.carcassonne.Engine1.Strategy"
#define ERROR_PREFIX    "org.carcassonne.Engine1.Error."
#define PROPS_IFACE     "org.freedesktop.DBus.Properties"
#define E(name)         ERROR_PREFIX name
#define DBUS_E(name)    "org.freedesktop.DBus.Error." name

/* How many times longer than usual the tests wait for the daemon: $CARCD_TEST_TIME_SCALE, 20
 * in `make check-valgrind` (tests/check-infra.mk), else 1. Only waits scale, never what the
 * tests assert. */
int test_time_scale (void);

/* Starts the daemon from the build tree (-n plus @extra_args, NULL-terminated or NULL) and
 * waits until it owns its name. Aborts the test if it does not within 10 s (times
 * test_time_scale()). Unless @extra_args has --state-dir or --no-state, the daemon gets a
 * fresh state directory. $CARCD_DAEMON_WRAPPER, when set, is the start of its command line
 * (words as the shell splits them): tests/valgrind-wrapper.sh in `make check-valgrind`. */
GPid daemon_start (const char *const *extra_args);

/* daemon_start() with the daemon's standard error in the file @log. */
GPid daemon_start_logged (const char *const *extra_args, const char *log);

/* SIGTERM, then waits; returns the exit status, or 128 + the signal that killed it. */
int daemon_stop (GPid pid);

/* Removes the directory @path and everything in it. */
void remove_tree (const char *path);

/* A new private connection to the test bus. */
GDBusConnection *client_new (void);

/* Calls @method; returns the reply body, or NULL with @error set. @args may be floating. */
GVariant *call (GDBusConnection *c, const char *path, const char *iface, const char *method,
                GVariant *args, GError **error);

/* Calls and fails the test on an error. */
GVariant *call_ok (GDBusConnection *c, const char *path, const char *iface, const char *method,
                   GVariant *args);

/* Calls, expects a D-Bus error, returns its name (g_free it); fails the test on success. */
char *call_error (GDBusConnection *c, const char *path, const char *iface, const char *method,
                  GVariant *args);

/* A property of an object, read with org.freedesktop.DBus.Properties.Get. */
GVariant *get_property (GDBusConnection *c, const char *path, const char *iface, const char *name);

/* The object path of the Expansion object of plugin @name (Expansion.xml: a '-' in the name is
 * '_' in the path). */
char *expansion_object_path (const char *name);

/* Manager.CreateGame with options given as a GVariant a{sv} text, e.g. "{'seed': <@t 7>}". */
char *create_game (GDBusConnection *c, const char *options_text);

/* Everything a client can learn of a game, as one printable string: its properties (GetAll),
 * its players' properties, board, features, placements, deployments and pieces (an expansion's
 * public state shows in StateHash).
 * Two equal snapshots mean the game did not change. */
char *game_snapshot (GDBusConnection *c, const char *game);

/* A Game signal as text, "Name(args...)", without its last argument, the sequence number
 * (doc/dbus-game.md, "Sequence numbers"), which tests of what a signal says leave aside. */
char *signal_text (const char *signal, GVariant *params);

/* Iterates the default main context until @cond (re-evaluated) holds or 10 s (times
 * test_time_scale()) pass. */
#define WAIT_FOR(cond)                                                                             \
  G_STMT_START                                                                                     \
  {                                                                                                \
    gint64 wait_deadline_ = g_get_monotonic_time () + 10 * G_USEC_PER_SEC * test_time_scale ();    \
    while (!(cond) && g_get_monotonic_time () < wait_deadline_)                                    \
      g_main_context_iteration (NULL, FALSE) || (g_usleep (1000), TRUE);                           \
  }                                                                                                \
  G_STMT_END

/* Everything the daemon shows of itself: its games and every object with its properties, one
 * object a line, sorted by path. */
char *daemon_snapshot (GDBusConnection *c);

/* @snapshot (game_snapshot(), state_snapshot()) with the values of the Sequence properties
 * left out: for comparing the state across a change that only sends PropertiesChanged. */
char *without_sequence (const char *snapshot);

/* The daemon's snapshot, and @game's (game_snapshot()) when not NULL. */
char *state_snapshot (GDBusConnection *c, const char *game);

/* @c calls @method on @path with @args (floating, or NULL); the call must fail with
 * @expected and leave the daemon and @game as they were. @line is the caller's, for the
 * message. */
void assert_refused (int line, GDBusConnection *c, const char *game, const char *path,
                     const char *iface, const char *method, GVariant *args, const char *expected);

#define REFUSED(c, game, path, iface, method, args, expected)                                      \
  assert_refused (__LINE__, (c), (game), (path), (iface), (method), (args), (expected))

/* A game's method, refused. */
#define GAME_REFUSED(c, game, method, args, expected)                                              \
  REFUSED ((c), (game), (game), GAME_IFACE, (method), (args), (expected))

/* Arguments from GVariant text (floating). */
#define A(text) g_variant_new_parsed (text)

/* The arguments of a method that takes only a{sv} options (Start, Skip, Delete...): none
 * given (floating). */
#define NO_OPTIONS A ("(@a{sv} {},)")
