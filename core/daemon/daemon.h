/* daemon.h: the daemon's registry: games, the clients that hold them, and the caps.
 *
 * This is the daemon's only mutable global state, and it is not global: main() owns one
 * CarcdDaemon and hands it to everything else.
 */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

#include "carcassonne.h"

#define CARCD_BUS_NAME              "org.carcassonne.Engine1"
#define CARCD_ROOT_PATH             "/org/carcassonne/Engine1"
#define CARCD_GAME_PATH_PREFIX      CARCD_ROOT_PATH "/game/"
#define CARCD_EXPANSION_PATH_PREFIX CARCD_ROOT_PATH "/expansion/"
#define CARCD_STRATEGY_PATH_PREFIX  CARCD_ROOT_PATH "/strategy/"
#define CARCD_MANAGER_INTERFACE     "org.carcassonne.Engine1.Manager"
#define CARCD_GAME_INTERFACE        "org.carcassonne.Engine1.Game"
#define CARCD_PLAYER_INTERFACE      "org.carcassonne.Engine1.Player"
#define CARCD_EXPANSION_INTERFACE   "org.carcassonne.Engine1.Expansion"
#define CARCD_STRATEGY_INTERFACE    "org.carcassonne.Engine1.Strategy"

typedef struct _CarcdSession CarcdSession;

typedef struct
{
  guint max_games;            /* in the whole daemon */
  guint max_waiting_games;    /* games not started (created or imported), in the whole daemon */
  guint max_seats;            /* seats held by clients, in the whole daemon */
  guint max_games_per_client; /* live games a client created */
  guint max_seats_per_client; /* seats a client holds, over all games */
  guint abandon_timeout;      /* seconds a game nobody holds is kept */
  guint waiting_timeout;      /* the same for a game not started */
} CarcdLimits;

/* A bus client known to the daemon because it created a game or holds a seat. */
typedef struct
{
  char *name; /* unique bus name */
  guint watch_id;
  guint n_games; /* live games it created */
  guint n_seats; /* seats it holds */
} CarcdClient;

typedef struct
{
  DBusConnection *connection;
  CarcTileSet *tiles;
  CarcPluginHost *plugins; /* the expansions loaded at start; never changes after */
  CarcdLimits limits;
  GHashTable *games;    /* guint id -> CarcdSession (owned) */
  GHashTable *clients;  /* unique name -> CarcdClient (owned) */
  guint64 next_game_id; /* past G_MAXUINT32: no number is left, no new game */
  guint n_seats_held;   /* seats held by clients, all games together (the clients' n_seats) */
  guint reap_source;
  guint trim_source;     /* gives freed memory back, after games are removed */
  char *state_dir;       /* where the games' journals are; NULL: games do not survive a restart */
  GThreadPool *thinkers; /* where bots think (thinker.c); NULL until the first thinks */
  GQueue thoughts;       /* CarcdThought: those not back in the main loop yet */
  /* the group commit (commit.h) */
  gboolean group_commit; /* on (the default; --no-group-commit turns it off) */
  GPtrArray *dirty;      /* CarcdSession: those with journal lines not flushed, not flying */
  GQueue held_replies;   /* replies waiting for the flush, in order */
  gint64 pending_since;  /* monotonic time the batch began */
  guint commit_source;
  struct _CarcdFlight *flight; /* the batch whose journals are being flushed, or NULL */
  GMutex flight_lock;          /* guards the flight's count of journals left */
  GCond flight_landed;         /* the last journal of the flight is flushed */
  GThreadPool *syncers;        /* flush journals side by side; NULL until the first batch */
  guint64 n_fsyncs, n_commit_moves, n_batches; /* since the start, for SIGUSR1's log */
} CarcdDaemon;

/* @state_dir: the directory of the journals (created if missing), or NULL. */
CarcdDaemon *carcd_daemon_new (DBusConnection *connection, CarcTileSet *tiles,
                               CarcPluginHost *plugins, const CarcdLimits *limits,
                               const char *state_dir);
void carcd_daemon_free (CarcdDaemon *daemon);

/* The client record of @name, created (with its disconnect watch) when @create. */
CarcdClient *carcd_daemon_get_client (CarcdDaemon *daemon, const char *name, gboolean create);

/* Drops @client's record when it holds nothing any more. */
void carcd_daemon_release_client (CarcdDaemon *daemon, CarcdClient *client);

/* Looks, from an idle callback, for games nobody on the bus holds: a finished one is removed
 * at once, another after the abandon timeout (unless bots are still playing it). */
void carcd_daemon_schedule_reap (CarcdDaemon *daemon);

/* Takes @session off the bus, removes its journal and frees it. */
void carcd_daemon_remove_game (CarcdDaemon *daemon, CarcdSession *session);

/* Logs the sizes of the daemon's per-client bookkeeping in one line (SIGUSR1; for tests and
 * for people chasing a leak): client records, their disconnect watches, games, objects on the
 * bus, seats held by clients, games with a creator on the bus, and mismatches (a client's
 * counts that differ from the seats and games it holds, or a holder without a record: 0 unless
 * the daemon has a bug). */
void carcd_daemon_log_tables (CarcdDaemon *daemon);

/* How many games wait for their start (created or imported, not started). */
guint carcd_daemon_count_waiting (CarcdDaemon *daemon);

/* The session at @path (a game path or a path below it), or NULL. */
CarcdSession *carcd_daemon_lookup_path (CarcdDaemon *daemon, const char *path);

/* Registers the Manager interface and the ObjectManager root. */
gboolean carcd_manager_register (CarcdDaemon *daemon);

/* expansion-object.c: registers an Expansion object for every loaded plugin. */
gboolean carcd_expansion_objects_register (CarcdDaemon *daemon);

/* strategy-object.c: registers a Strategy object for every bot strategy of the library. */
gboolean carcd_strategy_objects_register (CarcdDaemon *daemon);
