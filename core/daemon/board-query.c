/* board-query.c: the replies that describe a game's board, features and tiles. */
#include "config.h"

#include "board-query.h"

#include "dbus-args.h"
#include "errors.h"

/* The pieces on the board: (x, y, tile id, rotation, player), each led by its index when
 * @indexed (GetPieces). */
static gboolean
append_tiles (CarcdSession *s, DBusMessageIter *it, gboolean indexed)
{
  DBusMessageIter array, st;
  guint n = s->game ? carc_game_get_n_pieces (s->game) : 0;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY,
                                                  indexed ? "(uiisuo)" : "(iisuo)", &array);

  for (guint i = 0; ok && i < n; i++)
    {
      CarcPieceInfo p;
      dbus_int32_t x, y;
      dbus_uint32_t rotation, index = i;
      const char *id, *player;

      if (!carc_game_get_piece (s->game, i, &p))
        continue;
      x = p.x;
      y = p.y;
      rotation = p.rotation;
      id = carc_tile_type_get_id (p.tile);
      player = carcd_session_player_path (s, p.player);
      ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
           && (!indexed || dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &index))
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &x)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &y)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &id)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &rotation)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_OBJECT_PATH, &player)
           && dbus_message_iter_close_container (&array, &st);
    }
  return ok && dbus_message_iter_close_container (it, &array);
}

/* The followers on the board: (player, x, y, piece, segment, kind), or with @by_piece
 * (GetPieces) (player, piece, segment, kind). */
static gboolean
append_followers (CarcdSession *s, DBusMessageIter *it, gboolean by_piece)
{
  DBusMessageIter array, st;
  guint n = s->game ? carc_game_get_n_followers (s->game) : 0;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY,
                                                  by_piece ? "(ouuu)" : "(oiiuuu)", &array);

  for (guint i = 0; ok && i < n; i++)
    {
      CarcFollowerInfo f;
      dbus_int32_t x, y;
      dbus_uint32_t segment, kind, piece;
      const char *player;

      if (!carc_game_get_follower (s->game, i, &f))
        continue;
      x = f.x;
      y = f.y;
      piece = f.piece;
      segment = f.segment;
      kind = f.kind;
      player = carcd_session_player_path (s, (gint)f.player);
      ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_OBJECT_PATH, &player)
           && (by_piece
               || (dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &x)
                   && dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &y)))
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &piece)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &segment)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &kind)
           && dbus_message_iter_close_container (&array, &st);
    }
  return ok && dbus_message_iter_close_container (it, &array);
}

/* The figures on the board, in the order of GetPieces' followers: (player, piece, segment,
 * figure kind's name). */
static gboolean
append_figures (CarcdSession *s, DBusMessageIter *it)
{
  DBusMessageIter array, st;
  guint n = s->game ? carc_game_get_n_followers (s->game) : 0;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(ouus)", &array);

  for (guint i = 0; ok && i < n; i++)
    {
      CarcFollowerInfo f;
      dbus_uint32_t segment, piece;
      const char *player, *figure;

      if (!carc_game_get_follower (s->game, i, &f))
        continue;
      piece = f.piece;
      segment = f.segment;
      figure = carc_game_get_figure_name (s->game, f.figure);
      player = carcd_session_player_path (s, (gint)f.player);
      ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_OBJECT_PATH, &player)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &piece)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &segment)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &figure)
           && dbus_message_iter_close_container (&array, &st);
    }
  return ok && dbus_message_iter_close_container (it, &array);
}

DBusMessage *
carcd_game_get_figures (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  DBusMessage *reply = dbus_message_new_method_return (msg);
  DBusMessageIter it;

  if (reply == NULL)
    return NULL;
  dbus_message_iter_init_append (reply, &it);
  if (!append_figures (session, &it))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

static DBusMessage *
reply_board (CarcdSession *s, DBusMessage *msg, gboolean pieces)
{
  DBusMessage *reply = dbus_message_new_method_return (msg);
  DBusMessageIter it;

  if (reply == NULL)
    return NULL;
  dbus_message_iter_init_append (reply, &it);
  if (!append_tiles (s, &it, pieces) || !append_followers (s, &it, pieces))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

gboolean
carcd_append_pieces (CarcdSession *s, DBusMessageIter *it)
{
  return append_tiles (s, it, TRUE) && append_followers (s, it, TRUE);
}

DBusMessage *
carcd_game_get_board (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  return reply_board (session, msg, FALSE);
}

DBusMessage *
carcd_game_get_pieces (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  return reply_board (session, msg, TRUE);
}

/* A feature and where its segments are. */
typedef struct
{
  CarcFeatureInfo info;
  GArray *segments; /* of gint[4]: x, y, piece, segment */
} Feature;

static void
feature_free (gpointer data)
{
  Feature *f = data;
  g_array_unref (f->segments);
  g_free (f);
}

/* Every feature of the board, in the order their first segment was placed. */
static GPtrArray *
collect_features (CarcGame *game)
{
  GPtrArray *features = g_ptr_array_new_with_free_func (feature_free);
  g_autoptr (GHashTable) by_id = g_hash_table_new (NULL, NULL);
  guint n = carc_game_get_n_pieces (game);

  for (guint i = 0; i < n; i++)
    {
      CarcPieceInfo p;

      if (!carc_game_get_piece (game, i, &p))
        continue;
      for (guint seg = 0; seg < carc_tile_type_get_n_segments (p.tile); seg++)
        {
          CarcFeatureInfo info;
          Feature *f;
          gint where[4] = { p.x, p.y, (gint)i, (gint)seg };

          /* by piece: a cell may hold two triangular pieces */
          if (!carc_game_get_piece_feature (game, i, seg, &info))
            continue;
          f = g_hash_table_lookup (by_id, GUINT_TO_POINTER (info.id + 1));
          if (f == NULL)
            {
              f = g_new0 (Feature, 1);
              f->info = info;
              f->segments = g_array_new (FALSE, FALSE, sizeof where);
              g_hash_table_insert (by_id, GUINT_TO_POINTER (info.id + 1), f);
              g_ptr_array_add (features, f);
            }
          g_array_append_val (f->segments, where);
        }
    }
  return features;
}

static gboolean
append_feature (DBusMessageIter *array, const Feature *f, guint n_players)
{
  DBusMessageIter st, segs, seg;
  dbus_uint32_t id = f->info.id, kind = f->info.kind, units = f->info.units,
                shields = f->info.shields;
  dbus_bool_t complete = f->info.complete;
  gboolean ok;

  ok = dbus_message_iter_open_container (array, DBUS_TYPE_STRUCT, NULL, &st)
       && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &id)
       && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &kind)
       && dbus_message_iter_append_basic (&st, DBUS_TYPE_BOOLEAN, &complete)
       && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &units)
       && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &shields)
       && carcd_append_uint_array (&st, f->info.followers, n_players)
       && dbus_message_iter_open_container (&st, DBUS_TYPE_ARRAY, "(iiuu)", &segs);
  for (guint i = 0; ok && i < f->segments->len; i++)
    {
      const gint *w = &g_array_index (f->segments, gint, 4 * i);
      dbus_int32_t x = w[0], y = w[1];
      dbus_uint32_t piece = (dbus_uint32_t)w[2], s = (dbus_uint32_t)w[3];
      ok = dbus_message_iter_open_container (&segs, DBUS_TYPE_STRUCT, NULL, &seg)
           && dbus_message_iter_append_basic (&seg, DBUS_TYPE_INT32, &x)
           && dbus_message_iter_append_basic (&seg, DBUS_TYPE_INT32, &y)
           && dbus_message_iter_append_basic (&seg, DBUS_TYPE_UINT32, &piece)
           && dbus_message_iter_append_basic (&seg, DBUS_TYPE_UINT32, &s)
           && dbus_message_iter_close_container (&segs, &seg);
    }
  return ok && dbus_message_iter_close_container (&st, &segs)
         && dbus_message_iter_close_container (array, &st);
}

DBusMessage *
carcd_game_get_features (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  CarcdSession *s = session;
  DBusMessage *reply = dbus_message_new_method_return (msg);
  DBusMessageIter it, array;
  g_autoptr (GPtrArray) features = NULL;
  gboolean ok;

  if (reply == NULL)
    return NULL;
  features = s->game ? collect_features (s->game) : g_ptr_array_new ();
  dbus_message_iter_init_append (reply, &it);
  ok = dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "(uubuuaua(iiuu))", &array);
  for (guint i = 0; ok && i < features->len; i++)
    ok = append_feature (&array, g_ptr_array_index (features, i), s->options.players);
  if (!ok || !dbus_message_iter_close_container (&it, &array))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

/* The tags of @t as a{ss}; a bare tag has the value "". */
static gboolean
append_tags (DBusMessageIter *st, const CarcTileType *t)
{
  DBusMessageIter tags, entry;
  gboolean ok = dbus_message_iter_open_container (st, DBUS_TYPE_ARRAY, "{ss}", &tags);

  for (guint i = 0; ok && i < carc_tile_type_get_n_tags (t); i++)
    {
      const char *value = NULL;
      const char *key = carc_tile_type_get_tag_at (t, i, &value);

      if (value == NULL)
        value = "";
      ok = dbus_message_iter_open_container (&tags, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
           && dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key)
           && dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &value)
           && dbus_message_iter_close_container (&tags, &entry);
    }
  return ok && dbus_message_iter_close_container (st, &tags);
}

/* One tile type: its id, its edges (a triangular piece has 3: N, E and the long side), its
 * segments and its tags. */
static gboolean
append_tile_type (DBusMessageIter *array, const CarcTileType *t)
{
  DBusMessageIter st, edges, segs, seg;
  const char *id = carc_tile_type_get_id (t);
  guint n_sides = carc_tile_type_get_n_sides (t);
  gboolean ok;

  ok = dbus_message_iter_open_container (array, DBUS_TYPE_STRUCT, NULL, &st)
       && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &id)
       && dbus_message_iter_open_container (&st, DBUS_TYPE_ARRAY, "u", &edges);
  for (guint side = 0; ok && side < n_sides; side++)
    {
      dbus_uint32_t kind = carc_tile_type_get_edge (t, side);
      ok = dbus_message_iter_append_basic (&edges, DBUS_TYPE_UINT32, &kind);
    }
  ok = ok && dbus_message_iter_close_container (&st, &edges)
       && dbus_message_iter_open_container (&st, DBUS_TYPE_ARRAY, "(uasb)", &segs);
  for (guint i = 0; ok && i < carc_tile_type_get_n_segments (t); i++)
    {
      dbus_uint32_t kind = carc_tile_type_get_segment_kind (t, i);
      dbus_bool_t shield = carc_tile_type_get_segment_shield (t, i);
      ok = dbus_message_iter_open_container (&segs, DBUS_TYPE_STRUCT, NULL, &seg)
           && dbus_message_iter_append_basic (&seg, DBUS_TYPE_UINT32, &kind)
           && carcd_append_location (&seg, carc_tile_type_get_segment_location (t, i, 0))
           && dbus_message_iter_append_basic (&seg, DBUS_TYPE_BOOLEAN, &shield)
           && dbus_message_iter_close_container (&segs, &seg);
    }
  return ok && dbus_message_iter_close_container (&st, &segs) && append_tags (&st, t)
         && dbus_message_iter_close_container (array, &st);
}

static gboolean
append_tile_set (DBusMessageIter *array, CarcTileSet *tiles)
{
  gboolean ok = TRUE;

  for (guint i = 0; ok && i < carc_tile_set_get_n_types (tiles); i++)
    ok = append_tile_type (array, carc_tile_set_get_type_at (tiles, i));
  return ok;
}

/* An array of @signature with what @append says of the base set's tile types, then of each
 * of the game's expansions' in hook order. */
static DBusMessage *
reply_tile_sets (CarcdSession *s, DBusMessage *msg, const char *signature,
                 gboolean (*append) (DBusMessageIter *array, CarcTileSet *tiles))
{
  DBusMessage *reply = dbus_message_new_method_return (msg);
  DBusMessageIter it, array;
  gboolean ok;

  if (reply == NULL)
    return NULL;
  dbus_message_iter_init_append (reply, &it);
  ok = dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, signature, &array)
       && append (&array, s->daemon->tiles);
  for (guint i = 0; ok && i < s->options.n_expansions; i++)
    ok = append (&array, carc_plugin_get_tiles (s->options.expansions[i].plugin));
  if (!ok || !dbus_message_iter_close_container (&it, &array))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

static gboolean
append_string (DBusMessageIter *it, gpointer data)
{
  const char *text = data;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &text);
}

DBusMessage *
carcd_game_get_board_picture (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  g_autoptr (GError) error = NULL;
  /* an imported game waiting for Start shows the position it will go on from */
  CarcGame *game = carcd_session_record_game (session);
  if (!game)
    {
      g_set_error (&error, CARCD_ERROR, CARCD_ERROR_WRONG_PHASE,
                   "the game has not started: it has no board yet");
      return carcd_error_reply (msg, error);
    }
  g_autofree char *svg = carc_game_to_svg (game);
  return carcd_reply_with (msg, append_string, svg);
}

gboolean
carcd_append_tile_picture (DBusMessageIter *it, const CarcTileType *type, guint rotation)
{
  g_autofree char *svg = carc_tile_type_to_svg (type, rotation);
  return append_string (it, svg);
}

/* (segment, feature kind, anchor x, anchor y, line, path data) of every segment */
gboolean
carcd_append_segment_geometry (DBusMessageIter *it, const CarcTileType *type, guint rotation)
{
  DBusMessageIter array, st;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(uuddbs)", &array);

  for (guint i = 0; ok && i < carc_tile_type_get_n_segments (type); i++)
    {
      dbus_uint32_t segment = i, kind = carc_tile_type_get_segment_kind (type, i);
      double x = 0, y = 0;
      gboolean line = FALSE;
      carc_tile_type_get_segment_anchor (type, i, rotation, &x, &y);
      g_autofree char *path = carc_tile_type_get_segment_path (type, i, rotation, &line);
      const char *d = path ? path : "";
      dbus_bool_t stroke = line;
      ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &segment)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &kind)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_DOUBLE, &x)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_DOUBLE, &y)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_BOOLEAN, &stroke)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &d)
           && dbus_message_iter_close_container (&array, &st);
    }
  return ok && dbus_message_iter_close_container (it, &array);
}

typedef struct
{
  const CarcTileType *type;
  guint rotation;
  CarcdTileAppend append;
} TileReply;

static gboolean
append_tile_reply (DBusMessageIter *it, gpointer data)
{
  TileReply *r = data;
  return r->append (it, r->type, r->rotation);
}

DBusMessage *
carcd_reply_tile (DBusMessage *msg, CarcTileSet *const *sets, guint n_sets, const char *owner,
                  CarcdTileAppend append)
{
  g_autoptr (GError) error = NULL;
  const char *id;
  dbus_uint32_t rotation;
  dbus_message_get_args (msg, NULL, DBUS_TYPE_STRING, &id, DBUS_TYPE_UINT32, &rotation,
                         DBUS_TYPE_INVALID);
  const CarcTileType *t = NULL;
  for (guint i = 0; !t && i < n_sets; i++)
    t = carc_tile_set_lookup (sets[i], id);
  if (!t)
    g_set_error (&error, CARCD_ERROR, CARCD_ERROR_UNKNOWN_TILE, "%s '%s'", owner, id);
  else if (rotation > 3)
    g_set_error (&error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "rotation %u is not 0..3",
                 rotation);
  if (error)
    return carcd_error_reply (msg, error);
  TileReply r = { t, rotation, append };
  return carcd_reply_with (msg, append_tile_reply, &r);
}

/* The game's tile sets: the base set's, then its expansions' (as GetTileTypes lists them). */
static DBusMessage *
reply_game_tile (CarcdSession *s, DBusMessage *msg, CarcdTileAppend append)
{
  g_autofree CarcTileSet **sets = g_new (CarcTileSet *, s->options.n_expansions + 1);
  sets[0] = s->daemon->tiles;
  for (guint i = 0; i < s->options.n_expansions; i++)
    sets[i + 1] = carc_plugin_get_tiles (s->options.expansions[i].plugin);
  return carcd_reply_tile (msg, sets, s->options.n_expansions + 1, "the game has no tile type",
                           append);
}

DBusMessage *
carcd_game_get_tile_picture (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  return reply_game_tile (session, msg, carcd_append_tile_picture);
}

DBusMessage *
carcd_game_get_segment_geometry (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  return reply_game_tile (session, msg, carcd_append_segment_geometry);
}

DBusMessage *
carcd_game_get_tile_types (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  return reply_tile_sets (session, msg, "(saua(uasb)a{ss})", append_tile_set);
}

/* One (tile id, segment, attributes) per segment of @tiles' types that has attributes. */
static gboolean
append_segment_attributes (DBusMessageIter *array, CarcTileSet *tiles)
{
  gboolean ok = TRUE;

  for (guint i = 0; ok && i < carc_tile_set_get_n_types (tiles); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (tiles, i);
      const char *id = carc_tile_type_get_id (t);
      for (guint seg = 0; ok && seg < carc_tile_type_get_n_segments (t); seg++)
        {
          guint n = carc_tile_type_get_segment_n_attributes (t, seg);
          dbus_uint32_t segment = seg;
          DBusMessageIter st, dict, entry;
          if (!n)
            continue;
          ok = dbus_message_iter_open_container (array, DBUS_TYPE_STRUCT, NULL, &st)
               && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &id)
               && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &segment)
               && dbus_message_iter_open_container (&st, DBUS_TYPE_ARRAY, "{ss}", &dict);
          for (guint k = 0; ok && k < n; k++)
            {
              const char *value = NULL;
              const char *name = carc_tile_type_get_segment_attribute_at (t, seg, k, &value);
              if (value == NULL)
                value = "";
              ok = dbus_message_iter_open_container (&dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
                   && dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &name)
                   && dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &value)
                   && dbus_message_iter_close_container (&dict, &entry);
            }
          ok = ok && dbus_message_iter_close_container (&st, &dict)
               && dbus_message_iter_close_container (array, &st);
        }
    }
  return ok;
}

DBusMessage *
carcd_game_get_segment_attributes (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  return reply_tile_sets (session, msg, "(sua{ss})", append_segment_attributes);
}
