/* test-daemon-authz.c: the authorisation matrix (issue 8, "Reliability and security").
 *
 * On the session bus every process of the user can call the daemon, so the daemon alone keeps
 * every seat its holder's and every game correct. This test calls every method and property
 * of every interface the daemon shows (org.carcassonne.Engine1.Manager, Game, Player,
 * Expansion, Strategy, and the standard Introspectable, Peer, Properties and ObjectManager as each
 * object exposes them) as each of these callers (roles):
 *
 *   owner      the seat the call is about (the active seat; the hand GetHand asks for)
 *   other      another seated player of the same game
 *   spectator  a client that watches the game (its signals, its properties) but holds no seat
 *   stranger   a client that never touched the game
 *   creator    the client that created the game (it holds no seat)
 *   returned   a client that joined, vanished from the bus, and took its seat back from a new
 *              connection with Rejoin and its token: it has its seat's rights again
 *   displaced  a client still on the bus whose seat another connection took with Rejoin: its
 *              rights are gone
 *
 * on three targets: its own game (the one where the role is what its name says), another game
 * (the same position, where the role is nobody), and an object path that does not exist. For
 * the Manager, the Expansions and the Strategies, which belong to no game, "another game" is
 * another object (a game's path; another expansion). Every cell has its exact outcome: success, or
 * the exact D-Bus error name; every read must leave the daemon's objects and properties as they
 * were (what daemon_snapshot() reads), and every refused call must also leave the game it aimed at
 * as it was (what game_snapshot() reads, and which client holds which seat and which game).
 *
 * The members come at run time from introspection/<interface>.xml (TOP_SRCDIR) and from the
 * daemon's own Introspect of each kind of object; a member without an entry here, or an entry
 * for a member that no longer exists, fails the test, so a new method or property cannot be
 * added without saying who may call it. Each entry names the rule it checks (doc page and section).
 *
 * A method that succeeds changes the game (a move, a seat, a game more), so the world is built
 * anew after every call that succeeded and is not a pure read.
 */
#include "config.h"

#include <check.h>

#include "check-run.h"
#include "daemon-fixture.h"

#define INTROSPECTABLE_IFACE "org.freedesktop.DBus.Introspectable"
#define PEER_IFACE           "org.freedesktop.DBus.Peer"
#define OBJMGR_IFACE         "org.freedesktop.DBus.ObjectManager"
#define MISSING_GAME         ROOT_PATH "/game/999"

typedef enum
{
  ROLE_OWNER,
  ROLE_OTHER,
  ROLE_SPECTATOR,
  ROLE_STRANGER,
  ROLE_CREATOR,
  ROLE_RETURNED,
  ROLE_DISPLACED,
  N_ROLES
} Role;

static const char *const role_names[N_ROLES]
    = { "owner", "other", "spectator", "stranger", "creator", "returned", "displaced" };

typedef enum
{
  TARGET_OWN,
  TARGET_OTHER,
  TARGET_NONE,
  N_TARGETS
} Target;

static const char *const target_names[N_TARGETS] = { "own game", "another game", "no object" };

typedef enum
{
  KIND_MANAGER,
  KIND_GAME,
  KIND_PLAYER,
  KIND_EXPANSION,
  KIND_STRATEGY,
  N_KINDS
} Kind;

static const char *const kind_names[N_KINDS]
    = { "Manager", "Game", "Player", "Expansion", "Strategy" };
static const char *const kind_ifaces[N_KINDS]
    = { MANAGER_IFACE, GAME_IFACE, PLAYER_IFACE, EXPANSION_IFACE, STRATEGY_IFACE };

/* The position both games are in when a member is called. */
typedef enum
{
  SCENE_WAIT_FREE, /* waiting, 5 seats, 4 taken */
  SCENE_WAIT_FULL, /* waiting, 4 seats, all taken */
  SCENE_PLACE,     /* started, the owner places */
  SCENE_DEPLOY,    /* the owner placed its tile and deploys */
  SCENE_CHOOSE,    /* halftiles with hands: the owner chooses (State 4) */
  SCENE_DRAFT,     /* halftiles draft: the owner picks (State 6, its phase), hands open */
  SCENE_OVER,      /* an empty tile-order: over at the start */
  N_SCENES
} Scene;

static const char *const scene_names[N_SCENES] = { "waiting, a seat free",
                                                   "waiting, full",
                                                   "placing",
                                                   "deploying",
                                                   "choosing",
                                                   "drafting",
                                                   "game over" };

/* One game of the world: its path, seats, and the arguments an authorised call would use. */
typedef struct
{
  char *path;
  char *seats[5];
  char *owner_seat;    /* the Player path of the seat the calls are about */
  GVariant *placement; /* (iiu) legal for the owner, SCENE_PLACE */
  guint segment;       /* a legal deployment, SCENE_DEPLOY */
  GVariant *piece;     /* (uiiu) a legal PlacePiece, SCENE_CHOOSE */
} WorldGame;

typedef struct
{
  Scene scene;
  GDBusConnection *roles[N_ROLES];
  GDBusConnection *observer;
  GPtrArray *extra; /* connections that hold seats (of the other game, the displaced's seat) */
  WorldGame games[2];
  char *owner_token; /* the token of the owner's seat of the own game */
  char *record;      /* the own game's record (for ImportGame), when started */
  guint spectator_watch;
  char *base[3]; /* the snapshots the world must keep: SNAP_LIGHT, SNAP_GAME (+ the game) */
} World;

/* ---- building the world ---- */

static GVariant *
empty_dict (void)
{
  return g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0);
}

static void
join_into (GDBusConnection *c, const char *game, const char *name, char **seat, char **token)
{
  g_autoptr (GVariant) r
      = call_ok (c, game, GAME_IFACE, "Join", g_variant_new ("(s@a{sv})", name, empty_dict ()));
  g_variant_get (r, "(os)", seat, token);
}

static gboolean
get_bool (GDBusConnection *c, const char *path, const char *iface, const char *name)
{
  g_autoptr (GVariant) v = get_property (c, path, iface, name);
  return g_variant_get_boolean (v);
}

static guint
get_u (GDBusConnection *c, const char *path, const char *iface, const char *name)
{
  g_autoptr (GVariant) v = get_property (c, path, iface, name);
  return g_variant_get_uint32 (v);
}

static const char *
scene_options (Scene scene)
{
  switch (scene)
    {
      case SCENE_WAIT_FREE:
        return "{'players': <@u 5>, 'seed': <@t 7>}";
      case SCENE_CHOOSE:
        return "{'players': <@u 4>, 'seed': <@t 7>, 'expansions': <['halftiles']>, "
               "'halftiles.hand': <@u 3>}";
      case SCENE_DRAFT:
        return "{'players': <@u 4>, 'seed': <@t 7>, 'expansions': <['halftiles']>, "
               "'halftiles.draft': <true>}";
      case SCENE_OVER:
        return "{'players': <@u 4>, 'seed': <@t 7>, 'tile-order': <@as []>}";
      default:
        return "{'players': <@u 4>, 'seed': <@t 7>}";
    }
}

/* The seat the owner takes: the one that moves first (in a draft the last seat picks first). */
static guint
owner_index (Scene scene)
{
  return scene == SCENE_DRAFT ? 3 : 0;
}

static void
on_spectated (GDBusConnection *c, const char *sender, const char *path, const char *iface,
              const char *signal, GVariant *params, gpointer data)
{
}

/* The arguments the owner of @g would use, read once the scene is set. */
static void
read_scene_args (World *w, WorldGame *g, GDBusConnection *holder)
{
  if (w->scene == SCENE_PLACE)
    {
      g_autoptr (GVariant) r = call_ok (holder, g->path, GAME_IFACE, "GetPlacements", NULL);
      g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
      ck_assert_uint_gt (g_variant_n_children (list), 0);
      g->placement = g_variant_get_child_value (list, 0);
    }
  else if (w->scene == SCENE_DEPLOY)
    {
      g_autoptr (GVariant) r = call_ok (holder, g->path, GAME_IFACE, "GetDeployments", NULL);
      g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
      g_autoptr (GVariant) first = NULL;
      ck_assert_uint_gt (g_variant_n_children (list), 0);
      first = g_variant_get_child_value (list, 0);
      g_variant_get_child (first, 1, "u", &g->segment);
    }
  else if (w->scene == SCENE_CHOOSE)
    {
      g_autoptr (GVariant) r = call_ok (holder, g->path, GAME_IFACE, "GetPiecePlacements",
                                        g_variant_new ("(ua{sv})", 0, NULL));
      g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
      gint32 x, y;
      guint32 rot;
      ck_assert_uint_gt (g_variant_n_children (list), 0);
      g_variant_get_child (list, 0, "(iiu)", &x, &y, &rot);
      g->piece = g_variant_ref_sink (g_variant_new ("(uiiu)", 0, x, y, rot));
    }
}

static GDBusConnection *
extra_client (World *w)
{
  GDBusConnection *c = client_new ();
  g_ptr_array_add (w->extra, c);
  return c;
}

/* Game @which of the world: created by @creator, seats taken in order by @joiners (NULL: the
 * returned and displaced dance for the own game), started as the scene wants. */
static void
build_game (World *w, guint which)
{
  WorldGame *g = &w->games[which];
  const guint n = 4; /* seats taken (SCENE_WAIT_FREE has a fifth) */
  guint own = owner_index (w->scene);
  GDBusConnection *creator = which == 0 ? w->roles[ROLE_CREATOR] : extra_client (w);
  GDBusConnection *holders[5] = { NULL };
  /* the roles in seat order, the owner on its seat */
  Role order[4] = { ROLE_OWNER, ROLE_OTHER, ROLE_RETURNED, ROLE_DISPLACED };

  if (own == 3)
    {
      order[0] = ROLE_OTHER;
      order[1] = ROLE_RETURNED;
      order[2] = ROLE_DISPLACED;
      order[3] = ROLE_OWNER;
    }
  g->path = create_game (creator, scene_options (w->scene));
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *token = NULL;
      g_autofree char *name = g_strdup_printf ("P%u", i);

      if (which == 1)
        {
          holders[i] = extra_client (w);
          join_into (holders[i], g->path, name, &g->seats[i], &token);
          continue;
        }
      switch (order[i])
        {
          case ROLE_RETURNED:
            {
              /* joins, vanishes, comes back under a new unique name with its token */
              g_autoptr (GDBusConnection) old = client_new ();
              g_autoptr (GVariant) r = NULL;
              join_into (old, g->path, name, &g->seats[i], &token);
              g_dbus_connection_close_sync (old, NULL, NULL);
              WAIT_FOR (!get_bool (w->observer, g->seats[i], PLAYER_IFACE, "Connected"));
              ck_assert (!get_bool (w->observer, g->seats[i], PLAYER_IFACE, "Connected"));
              r = call_ok (w->roles[ROLE_RETURNED], g->path, GAME_IFACE, "Rejoin",
                           g_variant_new ("(s)", token));
              holders[i] = w->roles[ROLE_RETURNED];
              break;
            }
          case ROLE_DISPLACED:
            {
              /* joins; another connection takes the seat with the token while it stays */
              GDBusConnection *taker = extra_client (w);
              g_autoptr (GVariant) r = NULL;
              join_into (w->roles[ROLE_DISPLACED], g->path, name, &g->seats[i], &token);
              r = call_ok (taker, g->path, GAME_IFACE, "Rejoin", g_variant_new ("(s)", token));
              holders[i] = taker;
              break;
            }
          default:
            join_into (w->roles[order[i]], g->path, name, &g->seats[i], &token);
            holders[i] = w->roles[order[i]];
            if (order[i] == ROLE_OWNER)
              w->owner_token = g_strdup (token);
            break;
        }
    }
  g->owner_seat = g_strdup (g->seats[own]);
  if (w->scene >= SCENE_PLACE)
    {
      g_autoptr (GVariant) r = call_ok (creator, g->path, GAME_IFACE, "Start", NO_OPTIONS);
    }
  if (w->scene == SCENE_DEPLOY)
    {
      g_autoptr (GVariant) r = call_ok (holders[own], g->path, GAME_IFACE, "GetPlacements", NULL);
      g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
      g_autoptr (GVariant) first = g_variant_get_child_value (list, 0);
      gint32 x, y;
      guint32 rot;
      g_autoptr (GVariant) done = NULL;

      g_variant_get (first, "(iiu)", &x, &y, &rot);
      done = call_ok (holders[own], g->path, GAME_IFACE, "Place",
                      g_variant_new_parsed ("(%i, %i, %u, @a{sv} {})", x, y, rot));
    }
  {
    static const guint states[N_SCENES] = { 0, 0, 1, 2, 4, 6, 3 };
    ck_assert_uint_eq (get_u (w->observer, g->path, GAME_IFACE, "State"), states[w->scene]);
  }
  read_scene_args (w, g, holders[own]);
  if (which == 0 && w->scene >= SCENE_PLACE)
    {
      g_autoptr (GVariant) r = call_ok (creator, g->path, GAME_IFACE, "ExportRecord", NO_OPTIONS);
      g_variant_get (r, "(s)", &w->record);
    }
}

/* What a snapshot holds: the daemon's objects, and all of one game of the world's. */
#define SNAP_LIGHT 2
#define SNAP_GAME  0

static char *world_snapshot (World *w, guint what);

static World *
world_new (Scene scene)
{
  World *w = g_new0 (World, 1);

  w->scene = scene;
  w->extra = g_ptr_array_new_with_free_func (g_object_unref);
  w->observer = client_new ();
  for (guint r = 0; r < N_ROLES; r++)
    w->roles[r] = client_new ();
  build_game (w, 0);
  build_game (w, 1);
  /* the spectator watches the own game: its signals and its properties */
  w->spectator_watch = g_dbus_connection_signal_subscribe (
      w->roles[ROLE_SPECTATOR], BUS_NAME, NULL, NULL, w->games[0].path, NULL,
      G_DBUS_SIGNAL_FLAGS_NONE, on_spectated, NULL, NULL);
  {
    g_autofree char *seen = game_snapshot (w->roles[ROLE_SPECTATOR], w->games[0].path);
  }
  for (guint i = 0; i < 3; i++)
    w->base[i] = world_snapshot (w, i);
  return w;
}

static void
world_free (World *w)
{
  GDBusConnection *creator = w->roles[ROLE_CREATOR];

  /* the games go with their creators' Delete; then nothing may be left */
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GVariant) r = NULL;
      if (w->games[i].path)
        r = call (i == 0 ? creator : g_ptr_array_index (w->extra, 0), w->games[i].path, GAME_IFACE,
                  "Delete", NO_OPTIONS, NULL);
      g_free (w->games[i].path);
      g_free (w->games[i].owner_seat);
      for (guint k = 0; k < 5; k++)
        g_free (w->games[i].seats[k]);
      g_clear_pointer (&w->games[i].placement, g_variant_unref);
      g_clear_pointer (&w->games[i].piece, g_variant_unref);
    }
  g_dbus_connection_signal_unsubscribe (w->roles[ROLE_SPECTATOR], w->spectator_watch);
  for (guint r = 0; r < N_ROLES; r++)
    {
      g_dbus_connection_close_sync (w->roles[r], NULL, NULL);
      g_object_unref (w->roles[r]);
    }
  for (guint i = 0; i < w->extra->len; i++)
    g_dbus_connection_close_sync (g_ptr_array_index (w->extra, i), NULL, NULL);
  g_ptr_array_unref (w->extra);
  /* every game is gone (Delete, or abandoned: --abandon-timeout=0) */
  {
    gboolean empty = FALSE;
    for (int i = 0; i < 10000 && !empty; i++)
      {
        g_autoptr (GVariant) r = call_ok (w->observer, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
        g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
        empty = g_variant_n_children (list) == 0;
        if (!empty)
          g_usleep (1000);
      }
    ck_assert_msg (empty, "games are left after the world went");
  }
  g_object_unref (w->observer);
  g_free (w->owner_token);
  g_free (w->record);
  for (guint i = 0; i < 3; i++)
    g_free (w->base[i]);
  g_free (w);
}

/* Snapshots are many calls; they go out together and their answers are read in order, so
 * that the round trips overlap (the daemon still answers them one by one). */
typedef struct
{
  GPtrArray *labels; /* char * */
  GPtrArray *texts;  /* char *, NULL until answered */
  guint pending;
} Batch;

typedef struct
{
  Batch *batch;
  guint index;
} BatchSlot;

static void
batch_done (GObject *source, GAsyncResult *result, gpointer data)
{
  BatchSlot *slot = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r
      = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  g_autofree char *name = r ? NULL : g_dbus_error_get_remote_error (error);

  g_ptr_array_index (slot->batch->texts, slot->index)
      = r ? g_variant_print (r, TRUE) : g_strdup_printf ("error %s", name ? name : error->message);
  slot->batch->pending--;
  g_free (slot);
}

static void
batch_add (Batch *b, GDBusConnection *c, const char *label, const char *path, const char *iface,
           const char *method, GVariant *args)
{
  BatchSlot *slot = g_new0 (BatchSlot, 1);

  slot->batch = b;
  slot->index = b->texts->len;
  g_ptr_array_add (b->labels, g_strdup_printf ("%s %s %s.%s", label, path, iface, method));
  g_ptr_array_add (b->texts, NULL);
  b->pending++;
  g_dbus_connection_call (c, BUS_NAME, path, iface, method, args, NULL, G_DBUS_CALL_FLAGS_NONE,
                          10000, NULL, batch_done, slot);
}

/* Waits for every answer; returns them one a line, in the order they were asked. */
static char *
batch_finish (Batch *b)
{
  GString *out = g_string_new (NULL);

  WAIT_FOR (b->pending == 0);
  ck_assert_uint_eq (b->pending, 0);
  for (guint i = 0; i < b->texts->len; i++)
    g_string_append_printf (out, "%s: %s\n", (char *)g_ptr_array_index (b->labels, i),
                            (char *)g_ptr_array_index (b->texts, i));
  g_ptr_array_unref (b->labels);
  g_ptr_array_unref (b->texts);
  return g_string_free (out, FALSE);
}

/* The daemon as every client sees it: its games and objects with their properties; with
 * @what SNAP_GAME + i, game i's board, features, placements, deployments and pieces,
 * and what each client may do there without changing anything: GetPiecePlacements tells
 * NotSeated / NotYourTurn / the active seat's answer, GetSeed whether it is the creator (so a
 * seat or a game that changed hands shows). */
static char *
world_snapshot (World *w, guint what)
{
  Batch b = { g_ptr_array_new_with_free_func (g_free), g_ptr_array_new_with_free_func (g_free), 0 };
  static const char *const reads[]
      = { "GetBoard", "GetFeatures", "GetPlacements", "GetDeployments", "GetPieces" };

  batch_add (&b, w->observer, "", ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
  batch_add (&b, w->observer, "", ROOT_PATH, OBJMGR_IFACE, "GetManagedObjects", NULL);
  if (what != SNAP_LIGHT)
    {
      const char *game = w->games[what - SNAP_GAME].path;

      for (guint k = 0; k < G_N_ELEMENTS (reads); k++)
        batch_add (&b, w->observer, "", game, GAME_IFACE, reads[k], NULL);
      for (guint r = 0; r < N_ROLES + w->extra->len; r++)
        {
          GDBusConnection *c
              = r < N_ROLES ? w->roles[r] : g_ptr_array_index (w->extra, r - N_ROLES);
          g_autofree char *who = g_strdup_printf ("client %u", r);

          batch_add (&b, c, who, game, GAME_IFACE, "GetPiecePlacements",
                     g_variant_new ("(ua{sv})", 999, NULL));
          batch_add (&b, c, who, game, GAME_IFACE, "GetSeed", NO_OPTIONS);
        }
    }
  return batch_finish (&b);
}

/* ---- the matrix ---- */

typedef enum
{
  CALL_METHOD,
  CALL_GET,
  CALL_SET,
  CALL_GET_ALL,
} CallKind;

typedef GVariant *(*ArgsFunc) (World *w, Target t);

/* One row: a member called in a scene, the outcome for each role on each target.
 * An outcome list is one word for every role, or one word per role in role order; "ok" is
 * success, a bare name is org.carcassonne.Engine1.Error.<name>, "D:<name>" is
 * org.freedesktop.DBus.Error.<name>. */
typedef struct
{
  Kind kind;
  const char *iface;
  const char *member; /* a method, or a property for CALL_GET/CALL_SET */
  CallKind call;
  Scene scene;
  ArgsFunc args;
  gboolean read_only; /* success changes nothing */
  const char *outcome[N_TARGETS];
  const char *rule;
} Entry;

static GVariant *
no_args (World *w, Target t)
{
  return NULL;
}

static WorldGame *
target_game (World *w, Target t)
{
  return &w->games[t == TARGET_OTHER ? 1 : 0];
}

static GVariant *
args_name_options (World *w, Target t)
{
  return g_variant_new ("(s@a{sv})", "Newcomer", empty_dict ());
}

static GVariant *
args_token (World *w, Target t)
{
  /* the own game's owner's token, whatever the target */
  return g_variant_new ("(s)", w->owner_token);
}

static GVariant *
args_place (World *w, Target t)
{
  gint32 x, y;
  guint32 rot;

  g_variant_get (target_game (w, t)->placement, "(iiu)", &x, &y, &rot);
  return g_variant_new ("(iiu@a{sv})", x, y, rot, empty_dict ());
}

/* PreviewDeployments of the placement args_place() makes. */
static GVariant *
args_preview (World *w, Target t)
{
  gint32 x, y;
  guint32 rot;

  g_variant_get (target_game (w, t)->placement, "(iiu)", &x, &y, &rot);
  return g_variant_new (
      "(s@a{sv}@a{sv})", "place",
      g_variant_new_parsed ("{'x': <%i>, 'y': <%i>, 'rotation': <%u>}", x, y, rot), empty_dict ());
}

/* PlaceAndDeploy of that placement, deploying nothing. */
static GVariant *
args_place_and_deploy (World *w, Target t)
{
  gint32 x, y;
  guint32 rot;

  g_variant_get (target_game (w, t)->placement, "(iiu)", &x, &y, &rot);
  return g_variant_new ("(iiusu@a{sv})", x, y, rot, "", 0, empty_dict ());
}

static GVariant *
args_deploy (World *w, Target t)
{
  return g_variant_new ("(su@a{sv})", "follower", target_game (w, t)->segment, empty_dict ());
}

static GVariant *
args_place_piece (World *w, Target t)
{
  guint32 index, rot;
  gint32 x, y;

  g_variant_get (target_game (w, t)->piece, "(uiiu)", &index, &x, &y, &rot);
  return g_variant_new ("(uiiu@a{sv})", index, x, y, rot, empty_dict ());
}

static GVariant *
args_index0 (World *w, Target t)
{
  return g_variant_new ("(u@a{sv})", 0, empty_dict ());
}

static GVariant *
args_tile_picture (World *w, Target t)
{
  return g_variant_new ("(su)", "D", 1);
}

static GVariant *
args_play_skip (World *w, Target t)
{
  return g_variant_new ("(s@a{sv}@a{sv})", "skip", empty_dict (), empty_dict ());
}

/* The draft's first pick, pool piece 0 (issue 16: an expansion's move, played with Play). */
static GVariant *
args_play_pick (World *w, Target t)
{
  return g_variant_new_parsed ("('pick', {'piece': <uint32 0>}, %@a{sv})", empty_dict ());
}

static GVariant *
args_owner_seat (World *w, Target t)
{
  return g_variant_new ("(o@a{sv})", target_game (w, t)->owner_seat, empty_dict ());
}

static GVariant *
args_options (World *w, Target t)
{
  return g_variant_new ("(@a{sv})", empty_dict ());
}

static GVariant *
args_record (World *w, Target t)
{
  return g_variant_new ("(s@a{sv})", w->record, empty_dict ());
}

/* A row of the matrix: @member of @iface on objects of @kind in @scene, called with @args;
 * @ro: its success changes nothing; the outcomes on the own game, another game, no object. */
#define ROW(kind, iface, member, scene, args, ro, own, other, none, rule)                          \
  {                                                                                                \
    kind, iface, member, CALL_METHOD, scene, args, ro, { own, other, none }, rule                  \
  }
#define GAME_ROW(member, scene, args, ro, own, other, rule)                                        \
  ROW (KIND_GAME, GAME_IFACE, member, scene, args, ro, own, other, "NoSuchGame", rule)
#define READ         TRUE
#define CHANGE       FALSE
#define MOVER        "ok NotYourTurn NotSeated NotSeated NotSeated NotYourTurn NotSeated"
#define PARTICIPANTS "ok ok PermissionDenied PermissionDenied ok ok PermissionDenied"
#define CREATOR                                                                                    \
  "PermissionDenied PermissionDenied PermissionDenied PermissionDenied ok PermissionDenied "       \
  "PermissionDenied"
#define SEATED "ok ok NotSeated NotSeated NotSeated ok NotSeated"
#define HOLDER                                                                                     \
  "ok PermissionDenied PermissionDenied PermissionDenied PermissionDenied PermissionDenied "       \
  "PermissionDenied"
#define DENIED "PermissionDenied"
#define WHO    "dbus-game.md#who-may-do-what: "
#define ANY    WHO "every Get*, anyone"
#define MOVES  WHO "moves, the seated player whose turn it is; the checks' order"

static const Entry methods[] = {
  /* Game: seats */
  GAME_ROW ("Join", SCENE_WAIT_FREE, args_name_options, CHANGE,
            "AlreadySeated AlreadySeated ok ok ok AlreadySeated ok", "ok",
            WHO "Join, anyone; dbus-game.md#join: one seat per client per game"),
  GAME_ROW ("Rejoin", SCENE_PLACE, args_token, CHANGE, "ok AlreadySeated ok ok ok AlreadySeated ok",
            "InvalidToken",
            WHO "Rejoin, anyone with the token; dbus-game.md#rejoin: AlreadySeated for a caller "
                "holding another seat; the token of another game is InvalidToken"),
  GAME_ROW ("AddBot", SCENE_WAIT_FREE, args_name_options, CHANGE, PARTICIPANTS, DENIED,
            WHO "AddBot, the creator and the seated players"),
  GAME_ROW ("Start", SCENE_WAIT_FULL, args_options, CHANGE, PARTICIPANTS, DENIED,
            WHO "Start, the creator and the seated players"),
  GAME_ROW ("Leave", SCENE_WAIT_FULL, args_options, CHANGE, SEATED, "NotSeated",
            WHO "Leave, a seated player (waiting)"),
  GAME_ROW ("Leave", SCENE_PLACE, args_options, CHANGE, SEATED, "NotSeated",
            WHO "Leave, a seated player (playing)"),
  /* Game: the creator's */
  GAME_ROW ("Delete", SCENE_PLACE, args_options, CHANGE, CREATOR, DENIED,
            WHO "Delete, the creator"),
  GAME_ROW ("GetSeed", SCENE_PLACE, args_options, READ, CREATOR, DENIED,
            WHO "GetSeed, the creator"),
  GAME_ROW ("ExportRecord", SCENE_WAIT_FULL, args_options, READ,
            "PermissionDenied PermissionDenied PermissionDenied PermissionDenied WrongPhase "
            "PermissionDenied PermissionDenied",
            DENIED,
            WHO "ExportRecord, the creator while not over; dbus-game.md#exportrecord: "
                "PermissionDenied before WrongPhase (not started)"),
  GAME_ROW ("ExportRecord", SCENE_PLACE, args_options, READ, CREATOR, DENIED,
            WHO "ExportRecord, the creator while the game is not over"),
  GAME_ROW ("ExportRecord", SCENE_OVER, args_options, READ, "ok", "ok",
            WHO "ExportRecord, anyone once the game is over"),
  /* Game: moves */
  GAME_ROW ("Place", SCENE_PLACE, args_place, CHANGE, MOVER, "NotSeated", MOVES),
  GAME_ROW ("Deploy", SCENE_DEPLOY, args_deploy, CHANGE, MOVER, "NotSeated", MOVES),
  GAME_ROW ("Skip", SCENE_DEPLOY, args_options, CHANGE, MOVER, "NotSeated", MOVES),
  GAME_ROW ("Draw", SCENE_CHOOSE, args_options, CHANGE, MOVER, "NotSeated", MOVES),
  GAME_ROW ("PlacePiece", SCENE_CHOOSE, args_place_piece, CHANGE, MOVER, "NotSeated", MOVES),
  GAME_ROW ("Pass", SCENE_CHOOSE, args_options, CHANGE,
            "WrongPhase NotYourTurn NotSeated NotSeated NotSeated NotYourTurn NotSeated",
            "NotSeated", MOVES " (the owner gets past who and when to the phase: tiles are left)"),
  GAME_ROW ("Play", SCENE_DEPLOY, args_play_skip, CHANGE, MOVER, "NotSeated", MOVES),
  GAME_ROW ("Play", SCENE_DRAFT, args_play_pick, CHANGE, MOVER, "NotSeated",
            MOVES " (a draft's pick, an expansion's move)"),
  GAME_ROW ("PlaceAndDeploy", SCENE_PLACE, args_place_and_deploy, CHANGE, MOVER, "NotSeated",
            MOVES),
  GAME_ROW ("PreviewDeployments", SCENE_PLACE, args_preview, READ, MOVER, "NotSeated",
            WHO "PreviewDeployments, checked as Play: the seated player whose turn it is"),
  GAME_ROW ("GetHint", SCENE_PLACE, args_options, READ, MOVER, "NotSeated",
            "dbus-game.md#gethint: the seated player whose turn it is, checked as a move"),
  GAME_ROW ("GetMoves", SCENE_PLACE, args_options, READ, "ok", "ok",
            WHO "GetMoves, anyone (the caller's own moves: none without a seat)"),
  GAME_ROW ("GetMoves", SCENE_DRAFT, args_options, READ, "ok", "ok",
            WHO "GetMoves, anyone (the draft's picks show the pool to the seat that picks)"),
  /* Game: reads */
  GAME_ROW ("GetHand", SCENE_CHOOSE, args_owner_seat, READ, HOLDER, DENIED,
            WHO "GetHand, the seated player holding that hand (face down)"),
  GAME_ROW ("GetHand", SCENE_DRAFT, args_owner_seat, READ, "ok", "ok",
            WHO "GetHand, anyone when the hands are open (a draft)"),
  GAME_ROW ("GetPiecePlacements", SCENE_CHOOSE, args_index0, READ, MOVER, "NotSeated",
            WHO "GetPiecePlacements, the seated player whose turn it is"),
  GAME_ROW ("GetPlacements", SCENE_PLACE, no_args, READ, "ok", "ok", ANY),
  GAME_ROW ("GetDeployments", SCENE_DEPLOY, no_args, READ, "ok", "ok", ANY),
  GAME_ROW ("GetPieces", SCENE_PLACE, no_args, READ, "ok", "ok", ANY),
  GAME_ROW ("GetBoard", SCENE_PLACE, no_args, READ, "ok", "ok", ANY),
  GAME_ROW ("GetFeatures", SCENE_PLACE, no_args, READ, "ok", "ok", ANY),
  GAME_ROW ("GetTileTypes", SCENE_PLACE, no_args, READ, "ok", "ok", ANY),
  GAME_ROW ("GetSegmentAttributes", SCENE_PLACE, no_args, READ, "ok", "ok", ANY),
  GAME_ROW ("GetFigures", SCENE_PLACE, no_args, READ, "ok", "ok", ANY),
  GAME_ROW ("GetHistory", SCENE_PLACE, no_args, READ, "ok", "ok",
            WHO "GetHistory, anyone (every move is public)"),
  GAME_ROW ("GetSnapshot", SCENE_PLACE, args_options, READ, "ok", "ok",
            WHO "GetSnapshot, anyone (the hand only for its seat)"),
  GAME_ROW ("GetBoardPicture", SCENE_PLACE, no_args, READ, "ok", "ok", ANY),
  GAME_ROW ("GetTilePicture", SCENE_PLACE, args_tile_picture, READ, "ok", "ok", ANY),
  GAME_ROW ("GetSegmentGeometry", SCENE_PLACE, args_tile_picture, READ, "ok", "ok", ANY),
  /* Manager: anyone; on a game's path its methods do not exist */
  ROW (KIND_MANAGER, MANAGER_IFACE, "CreateGame", SCENE_PLACE, args_options, CHANGE, "ok",
       "D:UnknownMethod", "D:UnknownObject", "dbus-manager.md#creategame: anyone"),
  ROW (KIND_MANAGER, MANAGER_IFACE, "ImportGame", SCENE_PLACE, args_record, CHANGE, "ok",
       "D:UnknownMethod", "D:UnknownObject", "dbus-manager.md#importgame: anyone"),
  ROW (KIND_MANAGER, MANAGER_IFACE, "ListGames", SCENE_PLACE, no_args, READ, "ok",
       "D:UnknownMethod", "D:UnknownObject", "dbus-manager.md: anyone"),
  ROW (KIND_MANAGER, MANAGER_IFACE, "GetTilePicture", SCENE_PLACE, args_tile_picture, READ, "ok",
       "D:UnknownMethod", "D:UnknownObject", "dbus-manager.md#gettilepicture: anyone"),
  ROW (KIND_MANAGER, MANAGER_IFACE, "GetSegmentGeometry", SCENE_PLACE, args_tile_picture, READ,
       "ok", "D:UnknownMethod", "D:UnknownObject", "dbus-manager.md#getsegmentgeometry: anyone"),
  ROW (KIND_MANAGER, OBJMGR_IFACE, "GetManagedObjects", SCENE_PLACE, no_args, READ, "ok",
       "D:UnknownMethod", "D:UnknownObject",
       "dbus-manager.md#objectmanager: anyone, only at the root; dbus-errors.md#standard-errors"),
/* the standard interfaces, on every kind of object */
#define STANDARD(kind, none)                                                                       \
  ROW (kind, INTROSPECTABLE_IFACE, "Introspect", SCENE_PLACE, no_args, READ, "ok", "ok", none,     \
       "dbus-manager.md#introspection: every object, anyone"),                                     \
      ROW (kind, PEER_IFACE, "Ping", SCENE_PLACE, no_args, READ, "ok", "ok", "ok",                 \
           "dbus-errors.md#standard-errors: Peer is answered by libdbus, on any path"),            \
      ROW (kind, PEER_IFACE, "GetMachineId", SCENE_PLACE, no_args, READ, "ok", "ok", "ok",         \
           "dbus-errors.md#standard-errors: Peer is answered by libdbus, on any path")
  STANDARD (KIND_MANAGER, "D:UnknownObject"),
  STANDARD (KIND_GAME, "NoSuchGame"),
  STANDARD (KIND_PLAYER, "NoSuchGame"),
  STANDARD (KIND_EXPANSION, "D:UnknownObject"),
  STANDARD (KIND_STRATEGY, "D:UnknownObject"),
};

/* Properties: every one is read by anyone, and read-only (Set: PropertyReadOnly). */
typedef struct
{
  Kind kind;
  const char *name;
  Scene scene;
} PropertyEntry;

static const PropertyEntry properties[] = {
  { KIND_MANAGER, "Version", SCENE_PLACE },
  { KIND_MANAGER, "Expansions", SCENE_PLACE },
  { KIND_MANAGER, "RuleOptions", SCENE_PLACE },
  { KIND_GAME, "Name", SCENE_PLACE },
  { KIND_GAME, "State", SCENE_PLACE },
  { KIND_GAME, "Seats", SCENE_PLACE },
  { KIND_GAME, "Players", SCENE_PLACE },
  { KIND_GAME, "ActivePlayer", SCENE_PLACE },
  { KIND_GAME, "Turn", SCENE_PLACE },
  { KIND_GAME, "TilesLeft", SCENE_PLACE },
  { KIND_GAME, "Tile", SCENE_PLACE },
  { KIND_GAME, "CanDraw", SCENE_PLACE },
  { KIND_GAME, "CanPass", SCENE_PLACE },
  { KIND_GAME, "Scores", SCENE_PLACE },
  { KIND_GAME, "Options", SCENE_PLACE },
  { KIND_GAME, "StateHash", SCENE_PLACE },
  { KIND_GAME, "Sequence", SCENE_PLACE },
  { KIND_PLAYER, "Name", SCENE_PLACE },
  { KIND_PLAYER, "Colour", SCENE_PLACE },
  { KIND_PLAYER, "Seat", SCENE_PLACE },
  { KIND_PLAYER, "Game", SCENE_PLACE },
  { KIND_PLAYER, "Score", SCENE_PLACE },
  { KIND_PLAYER, "Followers", SCENE_PLACE },
  { KIND_PLAYER, "Figures", SCENE_PLACE },
  { KIND_PLAYER, "Bot", SCENE_PLACE },
  { KIND_PLAYER, "Connected", SCENE_PLACE },
  { KIND_PLAYER, "HandSize", SCENE_CHOOSE },
  { KIND_PLAYER, "Sequence", SCENE_PLACE },
  { KIND_EXPANSION, "Name", SCENE_PLACE },
  { KIND_EXPANSION, "Description", SCENE_PLACE },
  { KIND_EXPANSION, "Version", SCENE_PLACE },
  { KIND_EXPANSION, "Priority", SCENE_PLACE },
  { KIND_EXPANSION, "Options", SCENE_PLACE },
  { KIND_EXPANSION, "Tiles", SCENE_PLACE },
  { KIND_MANAGER, "RefusedPlugins", SCENE_PLACE },
  { KIND_MANAGER, "Strategies", SCENE_PLACE },
  { KIND_PLAYER, "Strategy", SCENE_PLACE },
  { KIND_STRATEGY, "Name", SCENE_PLACE },
  { KIND_STRATEGY, "Description", SCENE_PLACE },
  { KIND_STRATEGY, "Options", SCENE_PLACE },
};

#define PROPS_RULE                                                                                 \
  "dbus-game.md#who-may-do-what: properties, anyone; dbus-errors.md: Set is PropertyReadOnly"

/* The outcome of the missing object of @kind (a game that does not exist: NoSuchGame). */
static const char *
none_outcome (Kind kind)
{
  return kind == KIND_GAME || kind == KIND_PLAYER ? "NoSuchGame" : "D:UnknownObject";
}

/* Every row: the methods, then Get, Set and GetAll of every property's interface. */
static GArray *
all_entries (void)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (Entry));

  g_array_append_vals (rows, methods, G_N_ELEMENTS (methods));
  for (guint i = 0; i < G_N_ELEMENTS (properties); i++)
    {
      const PropertyEntry *p = &properties[i];
      Entry get = {
        p->kind,
        kind_ifaces[p->kind],
        p->name,
        CALL_GET,
        p->scene,
        NULL,
        TRUE,
        { "ok", p->kind == KIND_MANAGER ? "D:UnknownInterface" : "ok", none_outcome (p->kind) },
        PROPS_RULE
      };
      Entry set = get;

      set.call = CALL_SET;
      set.read_only = FALSE;
      set.outcome[0] = "D:PropertyReadOnly";
      set.outcome[1] = p->kind == KIND_MANAGER ? "D:UnknownInterface" : "D:PropertyReadOnly";
      g_array_append_val (rows, get);
      g_array_append_val (rows, set);
    }
  for (guint k = 0; k < N_KINDS; k++)
    {
      Entry all = {
        k,           kind_ifaces[k],
        NULL,        CALL_GET_ALL,
        SCENE_PLACE, NULL,
        TRUE,        { "ok", k == KIND_MANAGER ? "D:UnknownInterface" : "ok", none_outcome (k) },
        PROPS_RULE
      };
      g_array_append_val (rows, all);
    }
  return rows;
}

/* The key of a member: "Game org.carcassonne.Engine1.Game.Join", "... Get State", ... */
static char *
entry_key (const Entry *e)
{
  static const char *const how[] = { "", " Get ", " Set ", " GetAll" };

  if (e->call == CALL_METHOD)
    return g_strdup_printf ("%s %s.%s", kind_names[e->kind], e->iface, e->member);
  return g_strdup_printf ("%s %s%s%s", kind_names[e->kind], e->iface, how[e->call],
                          e->member ? e->member : "");
}

/* ---- the members the daemon and the XML have ---- */

static void
add_interface_keys (GHashTable *keys, Kind kind, GDBusInterfaceInfo *iface)
{
  if (g_str_equal (iface->name, PROPS_IFACE))
    {
      /* Get, GetAll and Set are called as rows of each property; anything more needs its
       * own row */
      for (guint i = 0; iface->methods && iface->methods[i]; i++)
        if (!g_strv_contains ((const char *const[]){ "Get", "GetAll", "Set", NULL },
                              iface->methods[i]->name))
          g_hash_table_add (keys, g_strdup_printf ("%s %s.%s", kind_names[kind], iface->name,
                                                   iface->methods[i]->name));
      return;
    }
  for (guint i = 0; iface->methods && iface->methods[i]; i++)
    g_hash_table_add (
        keys, g_strdup_printf ("%s %s.%s", kind_names[kind], iface->name, iface->methods[i]->name));
  for (guint i = 0; iface->properties && iface->properties[i]; i++)
    {
      GDBusPropertyInfo *p = iface->properties[i];
      ck_assert_msg (!(p->flags & G_DBUS_PROPERTY_INFO_FLAGS_WRITABLE),
                     "%s.%s is writable: give its Set a row of its own", iface->name, p->name);
      g_hash_table_add (keys,
                        g_strdup_printf ("%s %s Get %s", kind_names[kind], iface->name, p->name));
      g_hash_table_add (keys,
                        g_strdup_printf ("%s %s Set %s", kind_names[kind], iface->name, p->name));
    }
  if (iface->properties && iface->properties[0])
    g_hash_table_add (keys, g_strdup_printf ("%s %s GetAll", kind_names[kind], iface->name));
}

static void
add_node_keys (GHashTable *keys, Kind kind, const char *xml, const char *where)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDBusNodeInfo) node = g_dbus_node_info_new_for_xml (xml, &error);

  ck_assert_msg (node != NULL, "%s: %s", where, error ? error->message : "");
  for (guint i = 0; node->interfaces && node->interfaces[i]; i++)
    add_interface_keys (keys, kind, node->interfaces[i]);
}

/* ---- running the cells ---- */

static char *
expected_name (const char *word)
{
  if (g_str_equal (word, "ok"))
    return NULL;
  if (g_str_has_prefix (word, "D:"))
    return g_strconcat ("org.freedesktop.DBus.Error.", word + 2, NULL);
  return g_strconcat (ERROR_PREFIX, word, NULL);
}

/* The word for @role in an outcome list. */
static char *
outcome_word (const char *list, Role role)
{
  g_auto (GStrv) words = g_strsplit (list, " ", -1);
  guint n = g_strv_length (words);

  ck_assert_msg (n == 1 || n == N_ROLES, "outcome list \"%s\": 1 or %u words", list, N_ROLES);
  return g_strdup (words[n == 1 ? 0 : role]);
}

static const char *
target_path (World *w, Kind kind, Target t)
{
  switch (kind)
    {
      case KIND_MANAGER:
        return t == TARGET_OWN     ? ROOT_PATH
               : t == TARGET_OTHER ? w->games[0].path
                                   : ROOT_PATH "/nosuch";
      case KIND_GAME:
        return t == TARGET_NONE ? MISSING_GAME : target_game (w, t)->path;
      case KIND_PLAYER:
        return t == TARGET_NONE ? MISSING_GAME "/player/0" : target_game (w, t)->owner_seat;
      case KIND_STRATEGY:
        return t == TARGET_OWN     ? ROOT_PATH "/strategy/mcts"
               : t == TARGET_OTHER ? ROOT_PATH "/strategy/greedy"
                                   : ROOT_PATH "/strategy/nosuch";
      default:
        return t == TARGET_OWN     ? ROOT_PATH "/expansion/halftiles"
               : t == TARGET_OTHER ? ROOT_PATH "/expansion/abbey"
                                   : ROOT_PATH "/expansion/nosuch";
    }
}

typedef struct
{
  guint cells, refused, succeeded, worlds, rows;
} Counts;

/* Runs one cell; returns TRUE if the call succeeded. */
static gboolean
run_cell (World *w, const Entry *e, Role role, Target t, Counts *counts)
{
  const char *path = target_path (w, e->kind, t);
  g_autofree char *word = outcome_word (e->outcome[t], role);
  g_autofree char *want = expected_name (word);
  g_autofree char *key = entry_key (e);
  GVariant *args = NULL;
  const char *iface = e->iface, *method = e->member;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = NULL;
  g_autofree char *got = NULL;

  switch (e->call)
    {
      case CALL_METHOD:
        args = e->args (w, t);
        break;
      case CALL_GET:
        args = g_variant_new ("(ss)", e->iface, e->member);
        iface = PROPS_IFACE;
        method = "Get";
        break;
      case CALL_SET:
        args = g_variant_new ("(ssv)", e->iface, e->member, g_variant_new_uint32 (0));
        iface = PROPS_IFACE;
        method = "Set";
        break;
      case CALL_GET_ALL:
        args = g_variant_new ("(s)", e->iface);
        iface = PROPS_IFACE;
        method = "GetAll";
        break;
    }
  reply = call (w->roles[role], path, iface, method, args, &error);
  got = reply ? NULL : g_dbus_error_get_remote_error (error);
  counts->cells++;
  ck_assert_msg (g_strcmp0 (got, want) == 0,
                 "%s [%s], %s as %s on %s (%s): %s (%s); %s expected. Rule: %s", key,
                 scene_names[e->scene], method, role_names[role], target_names[t], path,
                 reply ? "success"
                 : got ? got
                       : "not a D-Bus error",
                 reply ? "" : error->message, want ? want : "success", e->rule);
  if (reply)
    counts->succeeded++;
  else
    counts->refused++;
  if (reply && !e->read_only)
    return TRUE;
  {
    /* refused, or a read: nothing changed; a refused change, in the game it was aimed at,
     * seats and roles included */
    guint what = e->read_only || t == TARGET_NONE ? SNAP_LIGHT : SNAP_GAME + (t == TARGET_OTHER);
    g_autofree char *now = world_snapshot (w, what);
    const char *base = w->base[what];

    if (!g_str_equal (now, base))
      {
        g_auto (GStrv) a = g_strsplit (base, "\n", -1);
        g_auto (GStrv) b = g_strsplit (now, "\n", -1);
        guint k = 0;

        while (a[k] && b[k] && g_str_equal (a[k], b[k]))
          k++;
        ck_abort_msg ("%s [%s], %s as %s on %s (%s) changed the daemon:\n--- %.1000s\n+++ %.1000s",
                      key, scene_names[e->scene], method, role_names[role], target_names[t],
                      got ? got : "success", a[k] ? a[k] : "(end)", b[k] ? b[k] : "(end)");
      }
  }
  return FALSE;
}

/* Abandoned games go at once: a world's games are gone when its clients are. */
static const char *const daemon_args[] = { "--abandon-timeout=0", NULL };

/* The members the matrix must cover: introspection/<interface>.xml, and the daemon's Introspect of
 * each kind of object (standard interfaces included). */
static GHashTable *
required_keys (World *w)
{
  GHashTable *keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint k = 0; k < N_KINDS; k++)
    {
      g_autofree char *file
          = g_strdup_printf ("%s/introspection/%s.xml", TOP_SRCDIR, kind_ifaces[k]);
      g_autofree char *xml = NULL;
      g_autoptr (GError) error = NULL;
      g_autoptr (GVariant) r = NULL;
      const char *live;

      ck_assert_msg (g_file_get_contents (file, &xml, NULL, &error), "%s",
                     error ? error->message : "");
      add_node_keys (keys, k, xml, file);
      r = call_ok (w->observer, target_path (w, k, TARGET_OWN), INTROSPECTABLE_IFACE, "Introspect",
                   NULL);
      g_variant_get (r, "(&s)", &live);
      add_node_keys (keys, k, live, target_path (w, k, TARGET_OWN));
    }
  return keys;
}

/* Issue 8: "The test fails when a new member is missing from it": every member the XML or the
 * daemon has has a row, and every row is a member. */
START_TEST (test_matrix_covers_every_member)
{
  GPid pid = daemon_start (daemon_args);
  World *w = world_new (SCENE_PLACE);
  g_autoptr (GHashTable) required = required_keys (w);
  g_autoptr (GHashTable) rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GArray) entries = all_entries ();
  g_autoptr (GString) missing = g_string_new (NULL);
  GHashTableIter iter;
  gpointer key;

  for (guint i = 0; i < entries->len; i++)
    g_hash_table_add (rows, entry_key (&g_array_index (entries, Entry, i)));
  g_hash_table_iter_init (&iter, required);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (rows, key))
      g_string_append_printf (missing, "no row for %s\n", (char *)key);
  g_hash_table_iter_init (&iter, rows);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (required, key))
      g_string_append_printf (missing, "a row for %s, which is no member\n", (char *)key);
  ck_assert_msg (missing->len == 0, "the authorisation matrix is not the API:\n%s", missing->str);
  world_free (w);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* dbus-game.md#who-may-do-what and dbus-errors.md: every member, every role, every target,
 * its exact outcome; a refused call changes nothing. */
START_TEST (test_matrix)
{
  GPid pid = daemon_start (daemon_args);
  g_autoptr (GArray) entries = all_entries ();
  Counts counts = { 0 };
  gint64 t0 = g_get_monotonic_time ();

  for (Scene scene = 0; scene < N_SCENES; scene++)
    {
      World *w = NULL;

      for (guint i = 0; i < entries->len; i++)
        {
          const Entry *e = &g_array_index (entries, Entry, i);

          if (e->scene != scene)
            continue;
          counts.rows++;
          for (Target t = 0; t < N_TARGETS; t++)
            for (Role r = 0; r < N_ROLES; r++)
              {
                if (w == NULL)
                  {
                    w = world_new (scene);
                    counts.worlds++;
                  }
                if (run_cell (w, e, r, t, &counts))
                  g_clear_pointer (&w, world_free);
              }
        }
      g_clear_pointer (&w, world_free);
    }
  ck_assert_uint_eq (counts.cells, counts.rows * N_ROLES * N_TARGETS);
  /* the figures, for doc/reliability.md */
  g_print ("authz: %u rows (members and scenes) x %u roles x %u targets = %u calls: %u succeeded, "
           "%u refused; %u worlds built; %.1f s\n",
           counts.rows, N_ROLES, N_TARGETS, counts.cells, counts.succeeded, counts.refused,
           counts.worlds, (g_get_monotonic_time () - t0) / 1e6);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* dbus-game.md#who-may-do-what: "the role ends when that connection leaves the bus (nobody
 * becomes creator after it)". The creator's process comes back with a new connection: it is a
 * stranger now; the game stays, nobody may Delete it or read its seed, and ExportRecord of the
 * running game is refused to everyone. */
START_TEST (test_creator_does_not_come_back)
{
  GPid pid = daemon_start (daemon_args);
  World *w = world_new (SCENE_PLACE);
  const char *game = w->games[0].path;
  g_autofree char *before = NULL;
  static const char *const creator_only[] = { "Delete", "GetSeed", "ExportRecord" };

  g_dbus_connection_close_sync (w->roles[ROLE_CREATOR], NULL, NULL);
  g_object_unref (w->roles[ROLE_CREATOR]);
  w->roles[ROLE_CREATOR] = client_new ();
  /* the seats hold the game: it stays */
  before = state_snapshot (w->observer, game);
  for (guint i = 0; i < G_N_ELEMENTS (creator_only); i++)
    {
      for (Role r = 0; r < N_ROLES; r++)
        REFUSED (w->roles[r], game, game, GAME_IFACE, creator_only[i], NO_OPTIONS,
                 E ("PermissionDenied"));
    }
  {
    g_autofree char *after = state_snapshot (w->observer, game);
    ck_assert_str_eq (before, after);
  }
  world_free (w);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* dbus-game.md#leave: once started, "the built-in bot plays it to the end [...], the token
 * stops working"; #gethand: "A bot's hand is face down to everyone", its former holder too. */
START_TEST (test_left_seat_keeps_no_rights)
{
  GPid pid = daemon_start (daemon_args);
  World *w = world_new (SCENE_CHOOSE);
  const char *game = w->games[0].path;
  const char *seat = w->games[0].owner_seat;
  g_autoptr (GVariant) r = call_ok (w->roles[ROLE_OWNER], game, GAME_IFACE, "Leave", NO_OPTIONS);

  /* the bot plays the seat's turn; then the next seat, a player's, waits */
  WAIT_FOR (get_u (w->observer, game, GAME_IFACE, "Turn") == 2);
  ck_assert_uint_eq (get_u (w->observer, game, GAME_IFACE, "Turn"), 2);
  ck_assert (get_bool (w->observer, seat, PLAYER_IFACE, "Bot"));
  for (Role role = 0; role < N_ROLES; role++)
    {
      REFUSED (w->roles[role], game, game, GAME_IFACE, "GetHand",
               g_variant_new ("(oa{sv})", seat, NULL), E ("PermissionDenied"));
      REFUSED (w->roles[role], game, game, GAME_IFACE, "Rejoin",
               g_variant_new ("(s)", w->owner_token), E ("InvalidToken"));
    }
  world_free (w);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* dbus-game.md#leave: "Leaving does not end the caller's role as creator." */
START_TEST (test_creator_who_leaves_stays_creator)
{
  GPid pid = daemon_start (daemon_args);
  World *w = world_new (SCENE_WAIT_FREE);
  GDBusConnection *creator = w->roles[ROLE_CREATOR];
  const char *game = w->games[0].path;
  g_autofree char *seat = NULL;
  g_autofree char *token = NULL;
  g_autoptr (GVariant) left = NULL;
  g_autoptr (GVariant) seed = NULL;

  join_into (creator, game, "Creator", &seat, &token);
  left = call_ok (creator, game, GAME_IFACE, "Leave", NO_OPTIONS);
  seed = call_ok (creator, game, GAME_IFACE, "GetSeed", NO_OPTIONS);
  REFUSED (creator, game, game, GAME_IFACE, "Leave", NO_OPTIONS, E ("NotSeated"));
  REFUSED (creator, game, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", token),
           E ("InvalidToken"));
  {
    /* still the creator: it may fill the seat with a bot */
    g_autoptr (GVariant) bot = call_ok (creator, game, GAME_IFACE, "AddBot",
                                        g_variant_new ("(s@a{sv})", "Bot", empty_dict ()));
  }
  world_free (w);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static Suite *
authz_suite (void)
{
  Suite *s = suite_create ("daemon-authz");
  TCase *tc = tcase_create ("matrix");

  tcase_set_timeout (tc, 600);
  tcase_add_test (tc, test_matrix_covers_every_member);
  tcase_add_test (tc, test_creator_does_not_come_back);
  tcase_add_test (tc, test_left_seat_keeps_no_rights);
  tcase_add_test (tc, test_creator_who_leaves_stays_creator);
  tcase_add_test (tc, test_matrix);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (authz_suite ());
}
