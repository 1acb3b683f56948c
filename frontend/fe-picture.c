/* fe-picture.c: the tile types of a game (Game.GetTileTypes) and the geometry of their
 * segments (Game.GetSegmentGeometry): where a figure stands, the outline that highlights a
 * segment. Everything the window draws of a tile comes from the daemon: the engine's picture
 * (GetTilePicture) and these anchors and outlines, in the picture's units. */
#include "fe-picture.h"

static void
segment_clear (gpointer data)
{
  FeSegment *segment = data;
  g_strfreev (segment->locations);
}

static void
tile_type_free (gpointer data)
{
  FeTileType *type = data;
  g_free (type->id);
  g_array_unref (type->segments);
  g_hash_table_unref (type->tags);
  g_free (type);
}

static FeTileType *
tile_type_from_variant (GVariant *tile)
{
  g_autoptr (GVariantIter) edges = NULL;
  g_autoptr (GVariantIter) segments = NULL;
  g_autoptr (GVariantIter) tags = NULL;
  FeTileType *type = g_new0 (FeTileType, 1);
  FeSegment segment;
  const char *key, *value;
  guint edge;

  g_variant_get (tile, "(saua(uasb)a{ss})", &type->id, &edges, &segments, &tags);
  while (g_variant_iter_next (edges, "u", &edge))
    if (type->n_edges < G_N_ELEMENTS (type->edges))
      type->edges[type->n_edges++] = edge;
  type->segments = g_array_new (FALSE, TRUE, sizeof (FeSegment));
  g_array_set_clear_func (type->segments, segment_clear);
  while (
      g_variant_iter_next (segments, "(u^asb)", &segment.kind, &segment.locations, &segment.shield))
    g_array_append_val (type->segments, segment);
  type->tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  while (g_variant_iter_next (tags, "{&s&s}", &key, &value))
    g_hash_table_insert (type->tags, g_strdup (key), g_strdup (value));
  return type;
}

/**
 * fe_tile_types_from_variant:
 * @tiles: GetTileTypes' a(saua(uasb)a{ss})
 *
 * Returns: (transfer full): tile id to its FeTileType
 */
GHashTable *
fe_tile_types_from_variant (GVariant *tiles)
{
  GHashTable *types = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, tile_type_free);
  GVariantIter iter;
  GVariant *tile;

  g_variant_iter_init (&iter, tiles);
  while ((tile = g_variant_iter_next_value (&iter)))
    {
      FeTileType *type = tile_type_from_variant (tile);
      g_hash_table_replace (types, type->id, type);
      g_variant_unref (tile);
    }
  return types;
}

static void
geometry_clear (gpointer data)
{
  g_free (((FeSegmentGeometry *)data)->path);
}

/**
 * fe_segment_geometry_from_variant:
 * @segments: GetSegmentGeometry's a(uuddbs)
 *
 * Returns: (transfer full) (element-type FeSegmentGeometry): entry i is segment i's
 */
GArray *
fe_segment_geometry_from_variant (GVariant *segments)
{
  GArray *geometry = g_array_new (FALSE, TRUE, sizeof (FeSegmentGeometry));
  GVariantIter iter;
  FeSegmentGeometry g;
  guint segment;

  g_array_set_clear_func (geometry, geometry_clear);
  g_variant_iter_init (&iter, segments);
  while (g_variant_iter_next (&iter, "(uuddbs)", &segment, &g.kind, &g.x, &g.y, &g.line, &g.path))
    if (segment == geometry->len)
      g_array_append_val (geometry, g);
    else
      g_free (g.path); /* not in order: not the engine's answer */
  return geometry;
}

/**
 * fe_picture_rotate_point:
 *
 * Turns a point of a piece's picture @rotation quarter turns clockwise about the cell's
 * middle, as the board shows the piece.
 */
void
fe_picture_rotate_point (guint rotation, double *x, double *y)
{
  for (guint i = 0; i < rotation % 4; i++)
    {
      double nx = 100 - *y, ny = *x;
      *x = nx, *y = ny;
    }
}
