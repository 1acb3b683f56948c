/* board-query.c: the replies that describe a game's board, features and tiles. */
#include "config.h"

#include "board-query.h"

#include "dbus-args.h"

static gboolean
append_tiles (CarcdSession *s, DBusMessageIter *it)
{
  DBusMessageIter array, st;
  guint n = s->game ? carc_game_get_n_pieces (s->game) : 0;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(iisuo)", &array);

  for (guint i = 0; ok && i < n; i++)
    {
      CarcPieceInfo p;
      dbus_int32_t x, y;
      dbus_uint32_t rotation;
      const char *id, *player;

      if (!carc_game_get_piece (s->game, i, &p))
        continue;
      x = p.x;
      y = p.y;
      rotation = p.rotation;
      id = carc_tile_type_get_id (p.tile);
      player = carcd_session_player_path (s, p.player);
      ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &x)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &y)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &id)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &rotation)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_OBJECT_PATH, &player)
           && dbus_message_iter_close_container (&array, &st);
    }
  return ok && dbus_message_iter_close_container (it, &array);
}

static gboolean
append_followers (CarcdSession *s, DBusMessageIter *it)
{
  DBusMessageIter array, st;
  guint n = s->game ? carc_game_get_n_followers (s->game) : 0;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(oiiuu)", &array);

  for (guint i = 0; ok && i < n; i++)
    {
      CarcFollowerInfo f;
      dbus_int32_t x, y;
      dbus_uint32_t segment, kind;
      const char *player;

      if (!carc_game_get_follower (s->game, i, &f))
        continue;
      x = f.x;
      y = f.y;
      segment = f.segment;
      kind = f.kind;
      player = carcd_session_player_path (s, (gint)f.player);
      ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_OBJECT_PATH, &player)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &x)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &y)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &segment)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &kind)
           && dbus_message_iter_close_container (&array, &st);
    }
  return ok && dbus_message_iter_close_container (it, &array);
}

DBusMessage *
carcd_reply_board (CarcdSession *s, DBusMessage *msg)
{
  DBusMessage *reply = dbus_message_new_method_return (msg);
  DBusMessageIter it;

  if (reply == NULL)
    return NULL;
  dbus_message_iter_init_append (reply, &it);
  if (!append_tiles (s, &it) || !append_followers (s, &it))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

/* A feature and where its segments are. */
typedef struct
{
  CarcFeatureInfo info;
  GArray *segments; /* of gint[3]: x, y, segment */
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
          gint where[3] = { p.x, p.y, (gint)seg };

          if (!carc_game_get_feature (game, p.x, p.y, seg, &info))
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
       && dbus_message_iter_open_container (&st, DBUS_TYPE_ARRAY, "(iiu)", &segs);
  for (guint i = 0; ok && i < f->segments->len; i++)
    {
      const gint *w = &g_array_index (f->segments, gint, 3 * i);
      dbus_int32_t x = w[0], y = w[1];
      dbus_uint32_t s = (dbus_uint32_t)w[2];
      ok = dbus_message_iter_open_container (&segs, DBUS_TYPE_STRUCT, NULL, &seg)
           && dbus_message_iter_append_basic (&seg, DBUS_TYPE_INT32, &x)
           && dbus_message_iter_append_basic (&seg, DBUS_TYPE_INT32, &y)
           && dbus_message_iter_append_basic (&seg, DBUS_TYPE_UINT32, &s)
           && dbus_message_iter_close_container (&segs, &seg);
    }
  return ok && dbus_message_iter_close_container (&st, &segs)
         && dbus_message_iter_close_container (array, &st);
}

DBusMessage *
carcd_reply_features (CarcdSession *s, DBusMessage *msg)
{
  DBusMessage *reply = dbus_message_new_method_return (msg);
  DBusMessageIter it, array;
  g_autoptr (GPtrArray) features = NULL;
  gboolean ok;

  if (reply == NULL)
    return NULL;
  features = s->game ? collect_features (s->game) : g_ptr_array_new ();
  dbus_message_iter_init_append (reply, &it);
  ok = dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "(uubuuaua(iiu))", &array);
  for (guint i = 0; ok && i < features->len; i++)
    ok = append_feature (&array, g_ptr_array_index (features, i), s->options.players);
  if (!ok || !dbus_message_iter_close_container (&it, &array))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

static gboolean
append_tile_type (DBusMessageIter *array, const CarcTileType *t)
{
  DBusMessageIter st, edges, segs, seg, tags;
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
  /* tags (animal, vineyard, ...) come with the expansions' tiles */
  return ok && dbus_message_iter_close_container (&st, &segs)
         && dbus_message_iter_open_container (&st, DBUS_TYPE_ARRAY, "{ss}", &tags)
         && dbus_message_iter_close_container (&st, &tags)
         && dbus_message_iter_close_container (array, &st);
}

DBusMessage *
carcd_reply_tile_types (CarcTileSet *tiles, DBusMessage *msg)
{
  DBusMessage *reply = dbus_message_new_method_return (msg);
  DBusMessageIter it, array;
  gboolean ok;

  if (reply == NULL)
    return NULL;
  dbus_message_iter_init_append (reply, &it);
  ok = dbus_message_iter_open_container (&it, DBUS_TYPE_ARRAY, "(saua(uasb)a{ss})", &array);
  for (guint i = 0; ok && i < carc_tile_set_get_n_types (tiles); i++)
    ok = append_tile_type (&array, carc_tile_set_get_type_at (tiles, i));
  if (!ok || !dbus_message_iter_close_container (&it, &array))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}
