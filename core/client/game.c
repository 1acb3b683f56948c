/* game.c: reads a game over D-Bus into plain structs (see game.h). */
#include "config.h"

#include <string.h>
#include "bus.h"
#include "game.h"

const char *
ctl_state_name (guint state)
{
  static const char *const names[] = {
    "waiting", "placing", "deploying", "over", "choosing", "state 5", "in an expansion's phase"
  };
  return state < G_N_ELEMENTS (names) ? names[state] : "unknown";
}

void
ctl_game_free (CtlGame *g)
{
  if (!g)
    return;
  g_free (g->path);
  g_clear_pointer (&g->options, g_variant_unref);
  g_free (g->players);
  g_free (g->player_paths);
  g_free (g->hand_sizes);
  g_free (g->strategies);
  for (guint i = 0; i < g->n_types; i++)
    g_free ((gpointer)g->types[i].segments);
  g_free (g->types);
  g_free (g->tiles);
  g_free (g->followers);
  g_free (g->figures);
  g_clear_pointer (&g->attribute_lists, g_ptr_array_unref);
  g_string_chunk_free (g->strings);
  g_free (g);
}

static const char *
lookup_string (CtlGame *g, GVariant *dict, const char *key)
{
  const char *s = NULL;
  if (!g_variant_lookup (dict, key, "&s", &s) && !g_variant_lookup (dict, key, "&o", &s))
    return "";
  return g_string_chunk_insert_const (g->strings, s);
}

static guint
lookup_uint (GVariant *dict, const char *key)
{
  guint32 u = 0;
  g_variant_lookup (dict, key, "u", &u);
  return u;
}

static gboolean
lookup_bool (GVariant *dict, const char *key)
{
  gboolean b = FALSE;
  g_variant_lookup (dict, key, "b", &b);
  return b;
}

/* Room for the seats of @props' Players (returned, NULL-terminated: g_free it). */
static const char **
size_players (CtlGame *g, GVariant *props)
{
  const char **paths = NULL;
  if (!g_variant_lookup (props, "Players", "^a&o", &paths))
    paths = g_new0 (const char *, 1);
  guint n = MAX (g->seats, g_strv_length ((char **)paths));
  g_free (g->players);
  g_free (g->player_paths);
  g_free (g->hand_sizes);
  g_free (g->strategies);
  g->players = g_new0 (CtlPlayer, n);
  g->player_paths = g_new0 (const char *, n);
  g->hand_sizes = g_new0 (guint, n);
  g->strategies = g_new0 (const char *, n);
  g->n_players = n;
  return paths;
}

/* The game's figure kinds, in its order: the keys of a player's Figures (every seat has them
 * all), read once. */
static void
set_figure_kinds (CtlGame *g, GVariant *p)
{
  g_autoptr (GVariant) figures = g_variant_lookup_value (p, "Figures", G_VARIANT_TYPE ("a{su}"));
  if (g->n_figures || !figures)
    return;
  g->n_figures = (guint)g_variant_n_children (figures);
  g->figures = g_new0 (const char *, g->n_figures + 1);
  for (guint i = 0; i < g->n_figures; i++)
    {
      const char *name;
      g_variant_get_child (figures, i, "{&su}", &name, NULL);
      g->figures[i] = g_string_chunk_insert_const (g->strings, name);
    }
}

/* The @i-th taken seat's Player properties @p, at @path. */
static void
set_player (CtlGame *g, guint i, const char *path, GVariant *p)
{
  guint32 seat = i;
  if (!g_variant_lookup (p, "Seat", "u", &seat) || seat >= g->n_players)
    seat = i;
  if (seat >= g->n_players)
    return;
  CtlPlayer *pl = &g->players[seat];
  g->player_paths[seat] = g_string_chunk_insert_const (g->strings, path);
  pl->name = lookup_string (g, p, "Name");
  pl->colour = lookup_string (g, p, "Colour");
  pl->score = lookup_uint (p, "Score");
  pl->followers = lookup_uint (p, "Followers");
  pl->bot = lookup_bool (p, "Bot");
  pl->connected = lookup_bool (p, "Connected");
  g->hand_sizes[seat] = lookup_uint (p, "HandSize");
  g->strategies[seat] = lookup_string (g, p, "Strategy");
  set_figure_kinds (g, p);
}

static gboolean
read_players (CtlGame *g, DBusConnection *conn, GVariant *props, GError **error)
{
  g_autofree const char **paths = size_players (g, props);
  for (guint i = 0; paths[i]; i++)
    {
      g_autoptr (GVariant) p = ctl_get_all (conn, paths[i], CTL_IFACE_PLAYER, error);
      if (!p)
        return FALSE;
      set_player (g, i, paths[i], p);
    }
  return TRUE;
}

/* The tiles of GetBoard's rows (x, y, id, rotation, player), or of GetPieces' rows with the
 * piece index first, kept in @index. */
static void
set_tiles (CtlGame *g, GVariant *tiles, guint32 *index)
{
  guint k = index ? 1 : 0;
  g_free (g->tiles);
  g->n_tiles = (guint)g_variant_n_children (tiles);
  g->tiles = g_new0 (CtlPlacedTile, g->n_tiles);
  for (guint i = 0; i < g->n_tiles; i++)
    {
      g_autoptr (GVariant) row = g_variant_get_child_value (tiles, i);
      const char *id;
      if (index)
        g_variant_get_child (row, 0, "u", &index[i]);
      g_variant_get_child (row, k, "i", &g->tiles[i].x);
      g_variant_get_child (row, k + 1, "i", &g->tiles[i].y);
      g_variant_get_child (row, k + 2, "&s", &id);
      g_variant_get_child (row, k + 3, "u", &g->tiles[i].rotation);
      g->tiles[i].tile = g_string_chunk_insert_const (g->strings, id);
    }
}

/* GetPieces' (or GetSnapshot's) pieces and followers: exact where two triangular pieces share
 * a cell (a follower names its piece). */
static void
set_pieces (CtlGame *g, GVariant *pieces, GVariant *followers)
{
  g_autofree guint32 *index = g_new0 (guint32, g_variant_n_children (pieces));
  set_tiles (g, pieces, index);
  g_free (g->followers);
  g->n_followers = (guint)g_variant_n_children (followers);
  g->followers = g_new0 (CtlFollower, g->n_followers);
  for (guint i = 0; i < g->n_followers; i++)
    {
      const char *player;
      guint32 piece, kind;
      CtlFollower *f = &g->followers[i];
      g_variant_get_child (followers, i, "(&ouuu)", &player, &piece, &f->segment, &kind);
      f->seat = ctl_game_seat (g, player);
      for (guint k = 0; k < g->n_tiles && !f->piece; k++)
        if (index[k] == piece)
          {
            f->piece = k + 1;
            f->x = g->tiles[k].x;
            f->y = g->tiles[k].y;
          }
    }
}

static gboolean
read_pieces (CtlGame *g, DBusConnection *conn, GError **error)
{
  g_autoptr (GVariant) reply
      = ctl_call_typed (conn, g->path, "GetPieces", NULL, "(a(uiisuo)a(ouuu))", error);
  if (!reply)
    return FALSE;
  g_autoptr (GVariant) pieces = g_variant_get_child_value (reply, 0);
  g_autoptr (GVariant) followers = g_variant_get_child_value (reply, 1);
  set_pieces (g, pieces, followers);
  return TRUE;
}

static gboolean
read_board (CtlGame *g, DBusConnection *conn, GError **error)
{
  g_autoptr (GError) local = NULL;
  if (read_pieces (g, conn, &local))
    return TRUE;
  /* A daemon from before expansions has GetBoard only, its followers (player, x, y,
   * segment, kind): the piece was added to them later, with GetPieces. */
  if (!g_str_has_prefix (local->message, "UnknownMethod:"))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  g_autoptr (GVariant) reply
      = ctl_call_typed (conn, g->path, "GetBoard", NULL, "(a(iisuo)a(oiiuu))", error);
  if (!reply)
    return FALSE;
  g_autoptr (GVariant) tiles = g_variant_get_child_value (reply, 0);
  g_autoptr (GVariant) followers = g_variant_get_child_value (reply, 1);
  set_tiles (g, tiles, NULL);
  g_free (g->followers);
  g->n_followers = (guint)g_variant_n_children (followers);
  g->followers = g_new0 (CtlFollower, g->n_followers);
  for (guint i = 0; i < g->n_followers; i++)
    {
      const char *player;
      guint32 kind;
      CtlFollower *f = &g->followers[i];
      g_variant_get_child (followers, i, "(&oiiuu)", &player, &f->x, &f->y, &f->segment, &kind);
      f->seat = ctl_game_seat (g, player);
    }
  return TRUE;
}

/* GetSegmentAttributes into the tile types' segments (their names; a daemon without it: none). */
static void
read_attributes (CtlGame *g, DBusConnection *conn)
{
  g_autoptr (GVariant) reply
      = ctl_call_typed (conn, g->path, "GetSegmentAttributes", NULL, "(a(sua{ss}))", NULL);
  if (!reply)
    return;
  g_autoptr (GVariant) list = g_variant_get_child_value (reply, 0);
  for (guint i = 0; i < g_variant_n_children (list); i++)
    {
      const char *id;
      guint32 segment;
      g_autoptr (GVariant) attrs = NULL;
      g_variant_get_child (list, i, "(&su@a{ss})", &id, &segment, &attrs);
      const CtlTileType *t = ctl_tile_type_lookup (g->types, g->n_types, id);
      if (!t || segment >= t->n_segments)
        continue;
      guint n = (guint)g_variant_n_children (attrs);
      const char **names = g_new0 (const char *, n + 1);
      g_ptr_array_add (g->attribute_lists, names);
      for (guint k = 0; k < n; k++)
        {
          const char *name;
          g_variant_get_child (attrs, k, "{&s&s}", &name, NULL);
          names[k] = g_string_chunk_insert_const (g->strings, name);
        }
      ((CtlSegment *)t->segments)[segment].attributes = names;
    }
}

static gboolean
read_types (CtlGame *g, DBusConnection *conn, GError **error)
{
  g_autoptr (GVariant) reply
      = ctl_call_typed (conn, g->path, "GetTileTypes", NULL, "(a(saua(uasb)a{ss}))", error);
  if (!reply)
    return FALSE;
  g_autoptr (GVariant) types = g_variant_get_child_value (reply, 0);
  g->n_types = (guint)g_variant_n_children (types);
  g->types = g_new0 (CtlTileType, g->n_types);
  for (guint i = 0; i < g->n_types; i++)
    {
      g_autoptr (GVariant) type = g_variant_get_child_value (types, i);
      g_autoptr (GVariant) edges = g_variant_get_child_value (type, 1);
      g_autoptr (GVariant) segments = g_variant_get_child_value (type, 2);
      const char *id;
      CtlTileType *t = &g->types[i];
      g_variant_get_child (type, 0, "&s", &id);
      t->id = g_string_chunk_insert_const (g->strings, id);
      for (guint e = 0; e < 4 && e < g_variant_n_children (edges); e++)
        g_variant_get_child (edges, e, "u", &t->edges[e]);
      t->half = g_variant_n_children (edges) == 3; /* legs N, E and the long side */
      t->n_segments = (guint)g_variant_n_children (segments);
      CtlSegment *segs = g_new0 (CtlSegment, t->n_segments);
      for (guint s = 0; s < t->n_segments; s++)
        {
          g_autofree const char **locations = NULL;
          g_variant_get_child (segments, s, "(u^a&sb)", &segs[s].kind, &locations, &segs[s].shield);
          segs[s].locations = ctl_location_parse (locations);
        }
      t->segments = segs;
    }
  read_attributes (g, conn);
  ctl_tile_types_mark_attributes (g->types, g->n_types, g->strings);
  return TRUE;
}

/* The Game properties @props into @g (the players are read apart). */
static void
set_properties (CtlGame *g, GVariant *props)
{
  g->name = lookup_string (g, props, "Name");
  g->state = lookup_uint (props, "State");
  g->seats = lookup_uint (props, "Seats");
  g->turn = lookup_uint (props, "Turn");
  g->tiles_left = lookup_uint (props, "TilesLeft");
  g->tile = lookup_string (g, props, "Tile");
  g->active = lookup_string (g, props, "ActivePlayer");
  g->state_hash = lookup_string (g, props, "StateHash");
  g_clear_pointer (&g->options, g_variant_unref);
  g->options = g_variant_lookup_value (props, "Options", G_VARIANT_TYPE_VARDICT);
}

/* The active seat and the scores, once the properties and the players are in. */
static void
set_scores (CtlGame *g, GVariant *props)
{
  if (g->state != CTL_STATE_OVER)
    for (guint i = 0; i < g->n_players; i++)
      g->players[i].active = g_strcmp0 (g->player_paths[i], g->active) == 0;
  {
    /* Scores: the game's own array wins over the players' (it is one read). */
    g_autoptr (GVariant) scores = g_variant_lookup_value (props, "Scores", G_VARIANT_TYPE ("au"));
    for (guint i = 0; scores && i < g_variant_n_children (scores) && i < g->n_players; i++)
      g_variant_get_child (scores, i, "u", &g->players[i].score);
  }
}

/* GetSnapshot: the properties, players, board and the sequence number they are valid at, in
 * one read (the board too: the signals after that number are the ones to apply to it). FALSE
 * with @error; *@old when the daemon has no GetSnapshot. */
static gboolean
read_snapshot (CtlGame *g, DBusConnection *conn, gboolean *old, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (GVariant) reply
      = ctl_call_typed (conn, g->path, "GetSnapshot", g_variant_new ("(a{sv})", NULL),
                        "(ta{sv}a(oa{sv})a(uiisuo)a(ouuu)as)", &local);
  *old = reply == NULL && g_str_has_prefix (local->message, "UnknownMethod:");
  if (!reply)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  g_autoptr (GVariant) props = g_variant_get_child_value (reply, 1);
  g_autoptr (GVariant) players = g_variant_get_child_value (reply, 2);
  g_variant_get_child (reply, 0, "t", &g->sequence);
  set_properties (g, props);
  g_free (size_players (g, props));
  for (guint i = 0; i < g_variant_n_children (players); i++)
    {
      const char *path;
      g_autoptr (GVariant) p = NULL;
      g_variant_get_child (players, i, "(&o@a{sv})", &path, &p);
      set_player (g, i, path, p);
    }
  set_scores (g, props);
  g_autoptr (GVariant) pieces = g_variant_get_child_value (reply, 3);
  g_autoptr (GVariant) followers = g_variant_get_child_value (reply, 4);
  set_pieces (g, pieces, followers);
  return TRUE;
}

/* GetFigures: the figure kind of each follower GetPieces or GetSnapshot listed, in their
 * order. A daemon without it, or an answer of another length: figures stay unnamed (drawn as
 * followers). */
static void
read_figures (CtlGame *g, DBusConnection *conn)
{
  g_autoptr (GVariant) reply
      = ctl_call_typed (conn, g->path, "GetFigures", NULL, "(a(ouus))", NULL);
  if (!reply)
    return;
  g_autoptr (GVariant) figures = g_variant_get_child_value (reply, 0);
  if (g_variant_n_children (figures) != g->n_followers)
    return;
  for (guint i = 0; i < g->n_followers; i++)
    {
      const char *figure;
      g_variant_get_child (figures, i, "(&ouu&s)", NULL, NULL, NULL, &figure);
      g->followers[i].figure = g_string_chunk_insert_const (g->strings, figure);
    }
}

gboolean
ctl_game_refresh (CtlGame *g, DBusConnection *conn, gboolean board, GError **error)
{
  g_autoptr (GError) local = NULL;
  gboolean old = FALSE;
  if (read_snapshot (g, conn, &old, &local))
    {
      read_figures (g, conn);
      return TRUE;
    }
  if (!old)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  g_autoptr (GVariant) props = ctl_get_all (conn, g->path, CTL_IFACE_GAME, error);
  if (!props)
    return FALSE;
  /* a daemon from before GetSnapshot: separate reads, no sequence number */
  g->sequence = 0;
  set_properties (g, props);
  if (!read_players (g, conn, props, error))
    return FALSE;
  set_scores (g, props);
  if (!board)
    return TRUE;
  if (!read_board (g, conn, error))
    return FALSE;
  read_figures (g, conn);
  return TRUE;
}

CtlGame *
ctl_game_new (DBusConnection *conn, const char *path, GError **error)
{
  g_autoptr (CtlGame) g = g_new0 (CtlGame, 1);
  g->path = g_strdup (path);
  g->strings = g_string_chunk_new (1024);
  g->attribute_lists = g_ptr_array_new_with_free_func (g_free);
  if (!ctl_game_refresh (g, conn, TRUE, error) || !read_types (g, conn, error))
    return NULL;
  return g_steal_pointer (&g);
}

void
ctl_game_add_tile (CtlGame *g, const char *id, gint x, gint y, guint rotation)
{
  g->tiles = g_renew (CtlPlacedTile, g->tiles, g->n_tiles + 1);
  g->tiles[g->n_tiles++]
      = (CtlPlacedTile){ x, y, g_string_chunk_insert_const (g->strings, id), rotation };
}

/* Only the follower kind is counted in CtlPlayer.followers: a plugin's figure (a large
 * follower, ...) has a supply of its own. */
static gboolean
counted (const char *figure)
{
  return g_strcmp0 (figure, "follower") == 0;
}

void
ctl_game_add_follower (CtlGame *g, gint seat, guint piece, gint x, gint y, guint segment,
                       const char *figure)
{
  g->followers = g_renew (CtlFollower, g->followers, g->n_followers + 1);
  g->followers[g->n_followers++] = (CtlFollower){
    seat, x, y, segment, piece + 1, figure ? g_string_chunk_insert_const (g->strings, figure) : NULL
  };
  if (counted (figure) && seat >= 0 && (guint)seat < g->n_players && g->players[seat].followers)
    g->players[seat].followers--;
}

void
ctl_game_remove_follower (CtlGame *g, guint piece, gint x, gint y, guint segment,
                          const char *figure)
{
  for (guint i = 0; i < g->n_followers; i++)
    if ((g->followers[i].piece ? g->followers[i].piece == piece + 1
                               : g->followers[i].x == x && g->followers[i].y == y)
        && g->followers[i].segment == segment)
      {
        gint seat = g->followers[i].seat;
        if (counted (figure) && seat >= 0 && (guint)seat < g->n_players)
          g->players[seat].followers++;
        g->followers[i] = g->followers[--g->n_followers];
        return;
      }
}

CtlBoard
ctl_game_board (const CtlGame *g, const gint *marks, guint n_marks)
{
  CtlBoard b = { g->types,   g->n_types,   g->tiles, g->n_tiles, g->followers, g->n_followers,
                 g->players, g->n_players, marks,    n_marks,    g->figures,   g->n_figures };
  return b;
}

const CtlTileType *
ctl_game_tile_type (const CtlGame *g, const char *id)
{
  return ctl_tile_type_lookup (g->types, g->n_types, id);
}

gint
ctl_game_seat (const CtlGame *g, const char *player_path)
{
  for (guint i = 0; i < g->n_players; i++)
    if (g_strcmp0 (g->player_paths[i], player_path) == 0)
      return (gint)i;
  return g_str_has_prefix (player_path, g->path) ? ctl_player_path_seat (player_path) : -1;
}

char *
ctl_game_player_label (const CtlGame *g, gint seat, CtlRenderFlags flags)
{
  if (seat < 0)
    return g_strdup ("nobody");
  const CtlPlayer *pl = (guint)seat < g->n_players ? &g->players[seat] : NULL;
  g_autofree char *name = ctl_player_label (pl, seat, flags);
  if (!pl || !pl->colour || !*pl->colour)
    return g_steal_pointer (&name);
  return g_strdup_printf ("%s (%s)", name, pl->colour);
}

static char **
call_strv (DBusConnection *conn, const char *game, const char *method, GVariant *args,
           GError **error)
{
  g_autoptr (GVariant) reply = ctl_call_typed (conn, game, method, args, "(as)", error);
  char **out = NULL;
  if (reply)
    g_variant_get (reply, "(^as)", &out);
  return out;
}

char **
ctl_game_get_hand (DBusConnection *conn, const char *game, const char *player, GError **error)
{
  return call_strv (conn, game, "GetHand", g_variant_new ("(oa{sv})", player, NULL), error);
}
