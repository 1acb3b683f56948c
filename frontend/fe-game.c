/* fe-game.c: one game as the client sees it over D-Bus, on the proxies gdbus-codegen made
 * from the introspection XML (frontend/carc-remote.h).
 *
 * Every Game signal and every PropertiesChanged of the game or its players schedules one
 * refresh (coalesced in an idle): it reads the board (GetPieces) and, on the seat's turn, the
 * moves open to it (GetMoves, GetPlacements, GetDeployments, GetHand). A signal that arrives
 * while a refresh is under way schedules another, so the view always ends at the daemon's
 * latest state. The engine's pictures of the tile types (GetTilePicture) and their segments'
 * anchors and outlines (GetSegmentGeometry) are asked once per type; scored_segments reads a
 * scored feature's segments from FeatureScored. */
#include "fe-game.h"

#include <stdio.h>
#include <string.h>

#define BUS_NAME "org.carcassonne.Engine1"

struct _FeGame
{
  GDBusConnection *bus;
  CarcRemoteGame *proxy;
  char *path, *player, *token;
  GHashTable *players;  /* path -> CarcRemotePlayer */
  GPtrArray *order;     /* of CarcRemotePlayer, in seat order */
  GHashTable *types;    /* id -> FeTileType, once started */
  GHashTable *pictures; /* id -> SVG */
  GHashTable *geometry; /* id -> GArray of FeSegmentGeometry, NULL where the call failed */
  GArray *pieces, *followers, *placements, *deployments;
  GPtrArray *moves;
  char **hand;
  int hand_selected;
  gboolean moves_open; /* the last GetMoves listed some: the properties may lag it */
  gboolean composing;  /* a placement previewed, waiting for its figure (FE_HAVE_COMPOSE) */
  FePlacement pending;
  FePiece pending_piece;
  GArray *preview; /* of FeDeployment: what the pending placement offers */
  char *error;
  guint refresh_id;
  gboolean synced;  /* the board is the snapshot's at sequence, and the signals after it */
  guint64 sequence; /* the number of the last message applied (doc/dbus-game.md) */
  gint64 signal_time, refreshed_signal_time; /* for the latency log */
  FeGameFunc changed, replied;
  FeScoredFunc scored;
  gpointer data;
};

static FILE *log_file;

/* fe_log_open: the debug log (--debug-log): timestamped lines, for the latency figures. */
void
fe_log_open (const char *path)
{
  log_file = fopen (path, "a");
  if (!log_file)
    g_warning ("cannot open %s: %s", path, g_strerror (errno));
}

void
fe_log (const char *format, ...)
{
  va_list args;
  if (!log_file)
    return;
  va_start (args, format);
  fprintf (log_file, "%.3f ", g_get_monotonic_time () / 1000.0);
  vfprintf (log_file, format, args);
  fputc ('\n', log_file);
  fflush (log_file);
  va_end (args);
}

static void
piece_clear (gpointer data)
{
  g_free (((FePiece *)data)->tile);
  g_free (((FePiece *)data)->player);
}

static void
follower_clear (gpointer data)
{
  g_free (((FeFollower *)data)->player);
}

static void
deployment_clear (gpointer data)
{
  g_free (((FeDeployment *)data)->figure);
}

static void
move_free (gpointer data)
{
  FeMove *move = data;
  g_free (move->type);
  g_variant_unref (move->args);
  g_free (move);
}

static void
geometry_free (gpointer data)
{
  if (data)
    g_array_unref (data);
}

static GArray *
array_new (gsize size, GDestroyNotify clear)
{
  GArray *array = g_array_new (FALSE, TRUE, size);
  if (clear)
    g_array_set_clear_func (array, clear);
  return array;
}

static GVariant *
token_options (FeGame *game)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  if (game->token)
    g_variant_builder_add (&b, "{sv}", "token", g_variant_new_string (game->token));
  return g_variant_builder_end (&b);
}

static void
set_error (FeGame *game, const GError *error)
{
  g_free (game->error);
  game->error = error ? g_strdup (error->message) : NULL;
  if (error)
    fe_log ("error %s", error->message);
}

static gboolean refresh_idle (gpointer data);

static void
note_signal (FeGame *game)
{
  if (!game->signal_time)
    game->signal_time = g_get_monotonic_time ();
}

static void
schedule_refresh (FeGame *game)
{
  if (!game->refresh_id)
    game->refresh_id = g_idle_add (refresh_idle, game);
}

/* sequenced: the message numbered @sequence arrived. Returns whether to apply it: the next
 * number after the last applied. One at or below it is in the snapshot already; a gap (a
 * message lost, a daemon restarted) makes the next refresh take a new snapshot
 * (doc/dbus-game.md, "Joining a game in progress"). */
static gboolean
sequenced (FeGame *game, guint64 sequence)
{
  if (!game->synced)
    return FALSE;
  if (sequence <= game->sequence)
    {
      fe_log ("skip %" G_GUINT64_FORMAT " (applied up to %" G_GUINT64_FORMAT ")", sequence,
              game->sequence);
      return FALSE;
    }
  if (sequence != game->sequence + 1)
    {
      fe_log ("gap: %" G_GUINT64_FORMAT " after %" G_GUINT64_FORMAT, sequence, game->sequence);
      game->synced = FALSE;
      return FALSE;
    }
  game->sequence = sequence;
  return TRUE;
}

/* The game's or a player's properties changed: the proxies' caches hold them already; the
 * number says whether one was missed. */
static void
on_properties_changed (GDBusProxy *proxy, GVariant *changed, GStrv invalidated, gpointer data)
{
  FeGame *game = data;
  guint64 sequence;
  fe_log ("signal PropertiesChanged");
  note_signal (game);
  if (g_variant_lookup (changed, "Sequence", "t", &sequence))
    sequenced (game, sequence);
  schedule_refresh (game);
}

/* scored_segments: every segment of the feature FeatureScored names (its a(iiuu) of
 * (x, y, piece, segment)) */
static GArray *
scored_segments (GVariant *params)
{
  GArray *segments = g_array_new (FALSE, FALSE, sizeof (FeSegmentRef));
  FeSegmentRef ref;
  gsize n = g_variant_n_children (params);

  for (gsize i = 0; i < n; i++)
    {
      g_autoptr (GVariant) child = g_variant_get_child_value (params, i);
      if (g_variant_is_of_type (child, G_VARIANT_TYPE ("a(iiuu)")))
        {
          GVariantIter iter;
          g_variant_iter_init (&iter, child);
          while (g_variant_iter_next (&iter, "(iiuu)", &ref.x, &ref.y, &ref.piece, &ref.segment))
            g_array_append_val (segments, ref);
        }
    }
  return segments;
}

static guint
scored_points (GVariant *params)
{
  gsize n = g_variant_n_children (params);
  guint total = 0, p;

  for (gsize i = 0; i < n; i++)
    {
      g_autoptr (GVariant) child = g_variant_get_child_value (params, i);
      if (g_variant_is_of_type (child, G_VARIANT_TYPE ("au")))
        {
          GVariantIter iter;
          g_variant_iter_init (&iter, child);
          while (g_variant_iter_next (&iter, "u", &p))
            total += p;
          break;
        }
    }
  return total;
}

static void
remove_follower (FeGame *game, const char *player, guint piece, guint segment)
{
  for (guint i = 0; i < game->followers->len; i++)
    {
      const FeFollower *f = &g_array_index (game->followers, FeFollower, i);
      if (f->piece == piece && f->segment == segment && g_str_equal (f->player, player))
        {
          g_array_remove_index (game->followers, i);
          return;
        }
    }
  fe_log ("FollowerReturned: no figure on %u.%u: a new snapshot", piece, segment);
  game->synced = FALSE;
}

/* apply_signal: what a board signal changes on the board (doc/dbus-game.md, "Following a game
 * from signals"); the rest is in the properties. */
static void
apply_signal (FeGame *game, const char *name, GVariant *params)
{
  FePiece piece;
  FeFollower f;
  const char *player;

  if (g_str_equal (name, "TilePlaced"))
    {
      g_variant_get (params, "(osiiuut)", &piece.player, &piece.tile, &piece.x, &piece.y,
                     &piece.rotation, &piece.index, NULL);
      g_array_append_val (game->pieces, piece);
    }
  else if (g_str_equal (name, "FollowerDeployed"))
    {
      g_variant_get (params, "(oiiuuu@as&st)", &f.player, NULL, NULL, &f.piece, &f.segment, &f.kind,
                     NULL, NULL, NULL);
      g_array_append_val (game->followers, f);
    }
  else if (g_str_equal (name, "FollowerReturned"))
    {
      g_variant_get (params, "(&oiiuu&st)", &player, NULL, NULL, &f.piece, &f.segment, NULL, NULL);
      remove_follower (game, player, f.piece, f.segment);
    }
}

/* A Game signal: applied to the board when it is the next by number; every signal's last
 * argument is its number. */
static void
on_signal (GDBusProxy *proxy, const char *sender, const char *name, GVariant *params, gpointer data)
{
  FeGame *game = data;
  gsize n = g_variant_n_children (params);
  guint64 sequence = 0;

  fe_log ("signal %s", name);
  note_signal (game);
  if (n > 0)
    {
      g_autoptr (GVariant) last = g_variant_get_child_value (params, n - 1);
      if (g_variant_is_of_type (last, G_VARIANT_TYPE_UINT64))
        sequence = g_variant_get_uint64 (last);
    }
  if (!sequenced (game, sequence))
    {
      schedule_refresh (game);
      return;
    }
  apply_signal (game, name, params);
  if (strcmp (name, "FeatureScored") == 0 && game->scored)
    {
      g_autoptr (GArray) segments = scored_segments (params);
      game->scored (game, segments, scored_points (params), game->data);
    }
  schedule_refresh (game);
}

/* The daemon left the bus or came back: its numbers start again, so a new snapshot. */
static void
on_name_owner (GObject *proxy, GParamSpec *pspec, gpointer data)
{
  FeGame *game = data;
  fe_log ("the daemon's name changed owner");
  game->synced = FALSE;
  schedule_refresh (game);
}

static CarcRemotePlayer *
player_proxy (FeGame *game, const char *path)
{
  CarcRemotePlayer *player = g_hash_table_lookup (game->players, path);
  g_autoptr (GError) error = NULL;

  if (player)
    return player;
  if (!g_variant_is_object_path (path) || g_str_equal (path, "/"))
    {
      fe_log ("no player at '%s'", path);
      return NULL;
    }
  player = carc_remote_player_proxy_new_sync (game->bus, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME, path,
                                              NULL, &error);
  if (!player)
    {
      g_warning ("player %s: %s", path, error->message);
      return NULL;
    }
  g_signal_connect (player, "g-properties-changed", G_CALLBACK (on_properties_changed), game);
  g_hash_table_insert (game->players, g_strdup (path), player);
  return player;
}

/**
 * fe_game_new:
 * @player: (nullable): the seat's Player object, or NULL to watch
 * @token: (nullable): the seat's token
 *
 * Returns: (transfer full) (nullable): the game, or NULL with @error set
 */
FeGame *
fe_game_new (GDBusConnection *bus, const char *path, const char *player, const char *token,
             GError **error)
{
  g_return_val_if_fail (G_IS_DBUS_CONNECTION (bus) && path, NULL);
  CarcRemoteGame *proxy
      = carc_remote_game_proxy_new_sync (bus, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME, path, NULL, error);
  if (!proxy)
    return NULL;

  FeGame *game = g_new0 (FeGame, 1);
  game->bus = g_object_ref (bus);
  game->proxy = proxy;
  game->path = g_strdup (path);
  game->player = g_strdup (player);
  game->token = g_strdup (token);
  game->players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  game->order = g_ptr_array_new ();
  game->pieces = array_new (sizeof (FePiece), piece_clear);
  game->followers = array_new (sizeof (FeFollower), follower_clear);
  game->placements = array_new (sizeof (FePlacement), NULL);
  game->deployments = array_new (sizeof (FeDeployment), deployment_clear);
  game->moves = g_ptr_array_new_with_free_func (move_free);
  game->hand_selected = -1;
  game->preview = array_new (sizeof (FeDeployment), deployment_clear);
  game->pictures = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  game->geometry = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, geometry_free);
  g_signal_connect (proxy, "g-signal", G_CALLBACK (on_signal), game);
  g_signal_connect (proxy, "notify::g-name-owner", G_CALLBACK (on_name_owner), game);
  g_signal_connect (proxy, "g-properties-changed", G_CALLBACK (on_properties_changed), game);
  return game;
}

void
fe_game_free (FeGame *game)
{
  if (!game)
    return;
  if (game->refresh_id)
    g_source_remove (game->refresh_id);
  g_signal_handlers_disconnect_by_data (game->proxy, game);
  GHashTableIter iter;
  gpointer player;
  g_hash_table_iter_init (&iter, game->players);
  while (g_hash_table_iter_next (&iter, NULL, &player))
    g_signal_handlers_disconnect_by_data (player, game);
  g_object_unref (game->proxy);
  g_object_unref (game->bus);
  g_hash_table_unref (game->players);
  g_ptr_array_unref (game->order);
  g_clear_pointer (&game->types, g_hash_table_unref);
  g_hash_table_unref (game->pictures);
  g_hash_table_unref (game->geometry);
  g_array_unref (game->preview);
  piece_clear (&game->pending_piece);
  g_array_unref (game->pieces);
  g_array_unref (game->followers);
  g_array_unref (game->placements);
  g_array_unref (game->deployments);
  g_ptr_array_unref (game->moves);
  g_strfreev (game->hand);
  g_free (game->path);
  g_free (game->player);
  g_free (game->token);
  g_free (game->error);
  g_free (game);
}

void
fe_game_set_funcs (FeGame *game, FeGameFunc changed, FeScoredFunc scored, FeGameFunc replied,
                   gpointer data)
{
  game->changed = changed;
  game->scored = scored;
  game->replied = replied;
  game->data = data;
}

static void
read_players (FeGame *game)
{
  g_auto (GStrv) players = carc_remote_game_dup_players (game->proxy);

  g_ptr_array_set_size (game->order, 0);
  for (guint i = 0; players && players[i]; i++)
    {
      CarcRemotePlayer *player = player_proxy (game, players[i]);
      if (player)
        g_ptr_array_add (game->order, player);
    }
}

static void
read_types (FeGame *game)
{
  g_autoptr (GVariant) tiles = NULL;
  g_autoptr (GError) error = NULL;

  if (game->types || carc_remote_game_get_state (game->proxy) == FE_STATE_WAITING)
    return;
  if (!carc_remote_game_call_get_tile_types_sync (game->proxy, &tiles, NULL, &error))
    {
      g_warning ("GetTileTypes: %s", error->message);
      return;
    }
  game->types = fe_tile_types_from_variant (tiles);
}

static void
read_hand (FeGame *game)
{
  g_autoptr (GError) error = NULL;
  g_clear_pointer (&game->hand, g_strfreev);
  if (game->player && carc_remote_game_get_state (game->proxy) != FE_STATE_WAITING
      && !carc_remote_game_call_get_hand_sync (game->proxy, game->player, token_options (game),
                                               &game->hand, NULL, &error))
    fe_log ("GetHand: %s", error->message);
}

static void
set_board (FeGame *game, GVariant *pieces, GVariant *followers)
{
  GVariantIter iter;
  FePiece piece;
  FeFollower follower;

  g_variant_iter_init (&iter, pieces);
  while (g_variant_iter_next (&iter, "(uiisuo)", &piece.index, &piece.x, &piece.y, &piece.tile,
                              &piece.rotation, &piece.player))
    g_array_append_val (game->pieces, piece);
  g_variant_iter_init (&iter, followers);
  while (g_variant_iter_next (&iter, "(ouuu)", &follower.player, &follower.piece, &follower.segment,
                              &follower.kind))
    g_array_append_val (game->followers, follower);
}

#ifdef FE_HAVE_SNAPSHOT
static void
set_cached (GDBusProxy *proxy, GVariant *properties)
{
  GVariantIter iter;
  const char *name;
  GVariant *value;
  g_variant_iter_init (&iter, properties);
  while (g_variant_iter_next (&iter, "{&sv}", &name, &value))
    {
      g_dbus_proxy_set_cached_property (proxy, name, value);
      g_variant_unref (value);
    }
}
#endif

/* read_snapshot: where the API has GetSnapshot (the build defines FE_HAVE_SNAPSHOT), the
 * board, the hand and the properties of the game and its players in one answer, at one
 * sequence number: the properties go into the proxies' caches, so everything the window
 * shows is of one moment. */
static gboolean
read_snapshot (FeGame *game)
{
#ifdef FE_HAVE_SNAPSHOT
  g_autoptr (GVariant) properties = NULL, players = NULL, pieces = NULL, followers = NULL;
  g_autoptr (GError) error = NULL;
  char **hand = NULL;
  guint64 sequence;
  GVariantIter iter;
  const char *path;
  GVariant *player_properties;

  if (!carc_remote_game_call_get_snapshot_sync (game->proxy, token_options (game), &sequence,
                                                &properties, &players, &pieces, &followers, &hand,
                                                NULL, &error))
    {
      fe_log ("GetSnapshot: %s", error->message);
      return FALSE;
    }
  set_cached (G_DBUS_PROXY (game->proxy), properties);
  g_variant_iter_init (&iter, players);
  while (g_variant_iter_next (&iter, "(&o@a{sv})", &path, &player_properties))
    {
      CarcRemotePlayer *player = player_proxy (game, path);
      if (player)
        set_cached (G_DBUS_PROXY (player), player_properties);
      g_variant_unref (player_properties);
    }
  g_array_set_size (game->pieces, 0);
  g_array_set_size (game->followers, 0);
  set_board (game, pieces, followers);
  g_strfreev (game->hand);
  game->hand = hand;
  game->sequence = sequence;
  game->synced = TRUE;
  fe_log ("snapshot at %" G_GUINT64_FORMAT, sequence);
  return TRUE;
#else
  return FALSE;
#endif
}

/* read_board: the pieces and the figures on them, and the seat's hand. Once a snapshot was
 * read (GetSnapshot, where the API has it), the board is that snapshot and the signals
 * numbered after it (on_signal), and only the hand is read again; without one, GetPieces and
 * GetHand every time, with the properties as the proxies cached them. */
static void
read_board (FeGame *game)
{
  g_autoptr (GVariant) pieces = NULL, followers = NULL;
  g_autoptr (GError) error = NULL;

  if (game->synced)
    {
      read_hand (game);
      return;
    }
  if (read_snapshot (game))
    return;
  g_array_set_size (game->pieces, 0);
  g_array_set_size (game->followers, 0);
  if (carc_remote_game_call_get_pieces_sync (game->proxy, &pieces, &followers, NULL, &error))
    set_board (game, pieces, followers);
  else
    fe_log ("GetPieces: %s", error->message);
  read_hand (game);
}

static void
add_placements (GArray *placements, GVariant *list)
{
  GVariantIter iter;
  FePlacement p;
  g_variant_iter_init (&iter, list);
  while (g_variant_iter_next (&iter, "(iiu)", &p.x, &p.y, &p.rotation))
    g_array_append_val (placements, p);
}

static void
read_moves (FeGame *game)
{
  g_autoptr (GVariant) moves = NULL;
  g_autoptr (GError) error = NULL;
  GVariantIter iter;
  const char *type;
  GVariant *args;

  g_ptr_array_set_size (game->moves, 0);
  if (!carc_remote_game_call_get_moves_sync (game->proxy, token_options (game), &moves, NULL,
                                             &error))
    {
      fe_log ("GetMoves: %s", error->message);
      return;
    }
  g_variant_iter_init (&iter, moves);
  while (g_variant_iter_next (&iter, "(&s@a{sv})", &type, &args))
    {
      FeMove *move = g_new0 (FeMove, 1);
      move->type = g_strdup (type);
      move->args = args;
      g_ptr_array_add (game->moves, move);
    }
}

/* the placements of the piece chosen from the hand, from the move list */
static void
hand_placements (FeGame *game)
{
  for (guint i = 0; i < game->moves->len; i++)
    {
      FeMove *move = game->moves->pdata[i];
      FePlacement p;
      guint piece;
      if (strcmp (move->type, "place-piece") != 0
          || !g_variant_lookup (move->args, "piece", "u", &piece)
          || (int)piece != game->hand_selected)
        continue;
      if (g_variant_lookup (move->args, "x", "i", &p.x)
          && g_variant_lookup (move->args, "y", "i", &p.y)
          && g_variant_lookup (move->args, "rotation", "u", &p.rotation))
        g_array_append_val (game->placements, p);
    }
}

static gboolean seat_active (FeGame *game);

static void
read_turn (FeGame *game)
{
  g_autoptr (GVariant) list = NULL;
  guint state = carc_remote_game_get_state (game->proxy);

  g_array_set_size (game->placements, 0);
  g_array_set_size (game->deployments, 0);
  g_ptr_array_set_size (game->moves, 0);
  game->moves_open = FALSE;
  if (game->composing
      && (!seat_active (game) || (state != FE_STATE_PLACING && state != FE_STATE_CHOOSING)))
    game->composing = FALSE;
  if (!seat_active (game))
    return;
  read_moves (game);
  /* the cached ActivePlayer may be older than the move list: no moves, not our turn */
  game->moves_open = game->moves->len > 0;
  if (!game->moves_open)
    return;
  if (state == FE_STATE_PLACING
      && carc_remote_game_call_get_placements_sync (game->proxy, &list, NULL, NULL))
    add_placements (game->placements, list);
  if (state == FE_STATE_CHOOSING && game->hand_selected >= 0)
    hand_placements (game);
  if (game->composing && (state == FE_STATE_PLACING || state == FE_STATE_CHOOSING))
    {
      for (guint k = 0; k < game->preview->len; k++)
        {
          FeDeployment d = g_array_index (game->preview, FeDeployment, k);
          d.figure = g_strdup (d.figure);
          g_array_append_val (game->deployments, d);
        }
      return;
    }
  if (state == FE_STATE_DEPLOYING
      && carc_remote_game_call_get_deployments_sync (game->proxy, &list, NULL, NULL))
    {
      GVariantIter iter;
      FeDeployment d;
      g_variant_iter_init (&iter, list);
      while (g_variant_iter_next (&iter, "(suuas)", &d.figure, &d.segment, &d.kind, NULL))
        g_array_append_val (game->deployments, d);
    }
}

/* fe_game_refresh: reads everything again now and tells the view. */
void
fe_game_refresh (FeGame *game)
{
  gint64 start = g_get_monotonic_time ();
  if (game->signal_time && !game->refreshed_signal_time)
    game->refreshed_signal_time = game->signal_time;
  game->signal_time = 0;
  if (carc_remote_game_get_state (game->proxy) != FE_STATE_CHOOSING)
    game->hand_selected = -1;
  read_players (game);
  read_board (game);
  read_types (game);
  read_turn (game);
  fe_log ("refresh state %u turn %u: %.2f ms", carc_remote_game_get_state (game->proxy),
          carc_remote_game_get_turn (game->proxy), (g_get_monotonic_time () - start) / 1000.0);
  if (game->changed)
    game->changed (game, game->data);
}

static gboolean
refresh_idle (gpointer data)
{
  FeGame *game = data;
  game->refresh_id = 0;
  fe_game_refresh (game);
  return G_SOURCE_REMOVE;
}

/* fe_game_take_signal_time: when the first signal the last refresh read arrived (monotonic
 * µs), once; 0 when no refresh has been drawn since */
gint64
fe_game_take_signal_time (FeGame *game)
{
  gint64 t = game->refreshed_signal_time;
  game->refreshed_signal_time = 0;
  return t;
}

/**
 * fe_game_board_text:
 *
 * Returns: (transfer full): the board as the window has it, printed as `gdbus call` prints
 * GetPieces' reply (g_variant_print() with types), for the test to compare
 */
char *
fe_game_board_text (FeGame *game)
{
  GVariantBuilder pieces, followers;
  g_variant_builder_init (&pieces, G_VARIANT_TYPE ("a(uiisuo)"));
  g_variant_builder_init (&followers, G_VARIANT_TYPE ("a(ouuu)"));
  for (guint i = 0; i < game->pieces->len; i++)
    {
      const FePiece *p = &g_array_index (game->pieces, FePiece, i);
      g_variant_builder_add (&pieces, "(uiisuo)", p->index, p->x, p->y, p->tile, p->rotation,
                             p->player && g_variant_is_object_path (p->player) ? p->player : "/");
    }
  for (guint i = 0; i < game->followers->len; i++)
    {
      const FeFollower *f = &g_array_index (game->followers, FeFollower, i);
      g_variant_builder_add (&followers, "(ouuu)", f->player, f->piece, f->segment, f->kind);
    }
  g_autoptr (GVariant) board = g_variant_ref_sink (g_variant_new (
      "(@a(uiisuo)@a(ouuu))", g_variant_builder_end (&pieces), g_variant_builder_end (&followers)));
  return g_variant_print (board, TRUE);
}

CarcRemoteGame *
fe_game_proxy (FeGame *game)
{
  return game->proxy;
}

const char *
fe_game_player (FeGame *game)
{
  return game->player;
}

guint
fe_game_state (FeGame *game)
{
  return carc_remote_game_get_state (game->proxy);
}

/* fe_game_my_turn: the seat is to move: the active player, with moves open to it */
gboolean
fe_game_my_turn (FeGame *game)
{
  return seat_active (game) && game->moves_open;
}

static gboolean
seat_active (FeGame *game)
{
  const char *active = carc_remote_game_get_active_player (game->proxy);
  guint state = fe_game_state (game);
  return game->player && active && strcmp (active, game->player) == 0 && state != FE_STATE_WAITING
         && state != FE_STATE_OVER;
}

/* fe_game_players: (transfer none) (element-type CarcRemotePlayer): the seats in order */
GPtrArray *
fe_game_players (FeGame *game)
{
  return game->order;
}

const char *
fe_game_colour (FeGame *game, const char *player)
{
  CarcRemotePlayer *proxy = g_hash_table_lookup (game->players, player);
  return proxy ? carc_remote_player_get_colour (proxy) : "white";
}

GArray *
fe_game_pieces (FeGame *game)
{
  return game->pieces;
}

GArray *
fe_game_followers (FeGame *game)
{
  return game->followers;
}

GArray *
fe_game_placements (FeGame *game)
{
  return game->placements;
}

GArray *
fe_game_deployments (FeGame *game)
{
  return game->deployments;
}

GPtrArray *
fe_game_moves (FeGame *game)
{
  return game->moves;
}

char **
fe_game_hand (FeGame *game)
{
  return game->hand;
}

int
fe_game_hand_selected (FeGame *game)
{
  return game->hand_selected;
}

/* fe_game_piece_in_play: the tile in play, or the piece chosen from the hand, or NULL */
const char *
fe_game_piece_in_play (FeGame *game)
{
  if (game->hand_selected >= 0 && game->hand
      && (guint)game->hand_selected < g_strv_length (game->hand))
    return game->hand[game->hand_selected];
  const char *tile = carc_remote_game_get_tile (game->proxy);
  return tile && *tile ? tile : NULL;
}

const FeTileType *
fe_game_tile_type (FeGame *game, const char *id)
{
  return game->types ? g_hash_table_lookup (game->types, id) : NULL;
}

/* engine_tile_svg: the engine's picture of tile type id, where the daemon's API has
 * Game.GetTilePicture (the build defines FE_HAVE_TILE_PICTURE when the XML has it) */
static char *
engine_tile_svg (FeGame *game, const char *id)
{
  char *svg = NULL;
#ifdef FE_HAVE_TILE_PICTURE
  g_autoptr (GError) error = NULL;
  if (!carc_remote_game_call_get_tile_picture_sync (game->proxy, id, 0, &svg, NULL, &error))
    fe_log ("GetTilePicture %s: %s", id, error->message);
#endif
  return svg;
}

/**
 * fe_game_tile_svg:
 *
 * The engine's picture of tile type @id (Game.GetTilePicture), asked once per type.
 *
 * Returns: (transfer full) (nullable): SVG, 100 by 100 units, unrotated; NULL where the
 *   daemon does not serve it
 */
char *
fe_game_tile_svg (FeGame *game, const char *id)
{
  const char *known = g_hash_table_lookup (game->pictures, id);
  if (known)
    return g_strdup (known);
  char *svg = engine_tile_svg (game, id);
  if (svg)
    g_hash_table_insert (game->pictures, g_strdup (id), g_strdup (svg));
  return svg;
}

/**
 * fe_game_segment_geometry:
 *
 * The anchors and outlines of tile type @id's segments, unrotated (Game.GetSegmentGeometry),
 * asked once per type.
 *
 * Returns: (transfer none) (nullable) (element-type FeSegmentGeometry): entry i is segment
 *   i's; NULL where the daemon does not answer
 */
GArray *
fe_game_segment_geometry (FeGame *game, const char *id)
{
  gpointer known;
  if (g_hash_table_lookup_extended (game->geometry, id, NULL, &known))
    return known;
  g_autoptr (GVariant) segments = NULL;
  g_autoptr (GError) error = NULL;
  GArray *geometry = NULL;
  if (carc_remote_game_call_get_segment_geometry_sync (game->proxy, id, 0, &segments, NULL, &error))
    geometry = fe_segment_geometry_from_variant (segments);
  else
    fe_log ("GetSegmentGeometry %s: %s", id, error->message);
  g_hash_table_insert (game->geometry, g_strdup (id), geometry);
  return geometry;
}

/* fe_game_last_piece: the piece placed last (the one deployed on), or the placement being
 * composed, or NULL */
const FePiece *
fe_game_last_piece (FeGame *game)
{
  if (game->composing)
    return &game->pending_piece;
  return game->pieces->len ? &g_array_index (game->pieces, FePiece, game->pieces->len - 1) : NULL;
}

const char *
fe_game_error (FeGame *game)
{
  return game->error;
}

/**
 * fe_move_label:
 *
 * Returns: (transfer full): the move as a button shows it: its type and arguments
 */
char *
fe_move_label (const FeMove *move)
{
  GString *label = g_string_new (move->type);
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_variant_iter_init (&iter, move->args);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      g_autofree char *text = g_variant_print (value, FALSE);
      g_string_append_printf (label, " %s=%s", key, text);
      g_variant_unref (value);
    }
  return g_string_free (label, FALSE);
}

void
fe_game_select_hand (FeGame *game, int index)
{
  game->hand_selected = index;
  g_array_set_size (game->placements, 0);
  if (index >= 0)
    hand_placements (game);
  if (game->changed)
    game->changed (game, game->data);
}

typedef struct
{
  FeGame *game;
  char *what;
  gint64 sent;
} Call;

static Call *
call_new (FeGame *game, const char *what)
{
  Call *call = g_new0 (Call, 1);
  call->game = game;
  call->what = g_strdup (what);
  call->sent = g_get_monotonic_time ();
  fe_log ("call %s", what);
  return call;
}

/* The reply of a move: its latency goes to the debug log, an error to the status line. The
 * generated _finish functions of the moves only check the reply, so one callback finishes
 * them all. */
static void
on_move_reply (GObject *source, GAsyncResult *result, gpointer data)
{
  Call *call = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (source), result, &error);

  fe_log ("reply %s: %.2f ms%s", call->what, (g_get_monotonic_time () - call->sent) / 1000.0,
          error ? " (error)" : "");
  set_error (call->game, error);
  if (call->game->replied)
    call->game->replied (call->game, call->game->data);
  schedule_refresh (call->game);
  g_free (call->what);
  g_free (call);
}

/* Composing a move: where the API has PreviewDeployments and PlaceAndDeploy (the build
 * defines FE_HAVE_COMPOSE when the XML has them), a placement is first previewed: the board
 * shows its spots, and the figure chosen (or none) goes out with the placement as one move,
 * so a misclick costs nothing. Elsewhere a placement is final (Place, then Deploy or Skip). */
#ifdef FE_HAVE_COMPOSE
static GVariant *
placement_args (FeGame *game, const FePlacement *p)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "x", g_variant_new_int32 (p->x));
  g_variant_builder_add (&b, "{sv}", "y", g_variant_new_int32 (p->y));
  g_variant_builder_add (&b, "{sv}", "rotation", g_variant_new_uint32 (p->rotation));
  if (game->hand_selected >= 0)
    g_variant_builder_add (&b, "{sv}", "piece", g_variant_new_uint32 (game->hand_selected));
  return g_variant_builder_end (&b);
}

static void
place_and_deploy (FeGame *game, const char *figure, guint segment)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  if (game->token)
    g_variant_builder_add (&b, "{sv}", "token", g_variant_new_string (game->token));
  if (game->hand_selected >= 0)
    g_variant_builder_add (&b, "{sv}", "piece", g_variant_new_uint32 (game->hand_selected));
  g_autofree char *what
      = g_strdup_printf ("place %d,%d r%u and deploy '%s' %u", game->pending.x, game->pending.y,
                         game->pending.rotation, figure, segment);
  game->composing = FALSE;
  carc_remote_game_call_place_and_deploy (
      game->proxy, game->pending.x, game->pending.y, game->pending.rotation, figure, segment,
      g_variant_builder_end (&b), NULL, on_move_reply, call_new (game, what));
}

static gboolean
preview (FeGame *game, const FePlacement *p)
{
  g_autoptr (GVariant) list = NULL;
  g_autoptr (GError) error = NULL;
  const char *type = game->hand_selected >= 0 ? "place-piece" : "place";
  GVariantIter iter;
  FeDeployment d;

  if (!carc_remote_game_call_preview_deployments_sync (game->proxy, type, placement_args (game, p),
                                                       token_options (game), &list, NULL, &error))
    {
      fe_log ("PreviewDeployments: %s", error->message);
      return FALSE;
    }
  game->pending = *p;
  piece_clear (&game->pending_piece);
  game->pending_piece = (FePiece){ G_MAXUINT,   p->x,
                                   p->y,        g_strdup (fe_game_piece_in_play (game)),
                                   p->rotation, g_strdup (game->player) };
  g_array_set_size (game->preview, 0);
  g_variant_iter_init (&iter, list);
  while (g_variant_iter_next (&iter, "(suuas)", &d.figure, &d.segment, &d.kind, NULL))
    g_array_append_val (game->preview, d);
  game->composing = TRUE;
  if (game->preview->len == 0)
    {
      place_and_deploy (game, "", 0);
      return TRUE;
    }
  fe_log ("preview %d,%d r%u: %u deployments", p->x, p->y, p->rotation, game->preview->len);
  fe_game_refresh (game);
  return TRUE;
}
#endif

/* fe_game_composing: a placement is previewed and waits for its figure or a skip */
gboolean
fe_game_composing (FeGame *game)
{
  return game->composing;
}

/* fe_game_cancel: forgets the previewed placement */
void
fe_game_cancel (FeGame *game)
{
  if (!game->composing)
    return;
  game->composing = FALSE;
  fe_game_refresh (game);
}

void
fe_game_place (FeGame *game, const FePlacement *p)
{
#ifdef FE_HAVE_COMPOSE
  if (preview (game, p))
    return;
#endif
  g_autofree char *what = g_strdup_printf ("place %d,%d r%u", p->x, p->y, p->rotation);
  Call *call = call_new (game, what);
  if (game->hand_selected >= 0)
    carc_remote_game_call_place_piece (game->proxy, game->hand_selected, p->x, p->y, p->rotation,
                                       token_options (game), NULL, on_move_reply, call);
  else
    carc_remote_game_call_place (game->proxy, p->x, p->y, p->rotation, token_options (game), NULL,
                                 on_move_reply, call);
}

void
fe_game_deploy (FeGame *game, const char *figure, guint segment)
{
#ifdef FE_HAVE_COMPOSE
  if (game->composing)
    {
      place_and_deploy (game, figure, segment);
      return;
    }
#endif
  g_autofree char *what = g_strdup_printf ("deploy %s %u", figure, segment);
  carc_remote_game_call_deploy (game->proxy, figure, segment, token_options (game), NULL,
                                on_move_reply, call_new (game, what));
}

void
fe_game_skip (FeGame *game)
{
#ifdef FE_HAVE_COMPOSE
  if (game->composing)
    {
      place_and_deploy (game, "", 0);
      return;
    }
#endif
  carc_remote_game_call_skip (game->proxy, token_options (game), NULL, on_move_reply,
                              call_new (game, "skip"));
}

void
fe_game_play (FeGame *game, const FeMove *move)
{
  g_autofree char *what = fe_move_label (move);
  carc_remote_game_call_play (game->proxy, move->type, move->args, token_options (game), NULL,
                              on_move_reply, call_new (game, what));
}

void
fe_game_start (FeGame *game, const char *creator_token)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  if (creator_token)
    g_variant_builder_add (&b, "{sv}", "token", g_variant_new_string (creator_token));
  carc_remote_game_call_start (game->proxy, g_variant_builder_end (&b), NULL, on_move_reply,
                               call_new (game, "start"));
}
