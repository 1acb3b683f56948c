/* fuzz-tiles.c: libFuzzer target for the tile-data parser. Any input must be either parsed
 * into a consistent tile set, whose tile types have pictures, or rejected with
 * CARC_ERROR_PARSE; never crash or leak. */
#include "config.h"

#include <stdint.h>
#include "carcassonne.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* A segment's accessors agree: each attribute is found by its name, shields only on a city
 * (at most 9), an empty location only for a field (an inner one). */
static void
check_segment (const CarcTileType *t, guint s)
{
  for (guint r = 0; r < 4; r++)
    (void)carc_tile_type_get_segment_location (t, s, r);
  CarcFeatureKind kind = carc_tile_type_get_segment_kind (t, s);
  guint n = carc_tile_type_get_segment_n_attributes (t, s);
  for (guint i = 0; i < n; i++)
    {
      const char *value = NULL;
      const char *name = carc_tile_type_get_segment_attribute_at (t, s, i, &value);
      g_assert (name != NULL && value != NULL);
      g_assert (carc_tile_type_get_segment_attribute (t, s, name) == value);
    }
  g_assert (carc_tile_type_get_segment_attribute_at (t, s, n, NULL) == NULL);
  guint shields = carc_tile_type_get_segment_shields (t, s);
  g_assert (shields <= 9 && (shields == 0 || kind == CARC_FEATURE_CITY));
  g_assert (carc_tile_type_get_segment_location (t, s, 0) != 0 || kind == CARC_FEATURE_FIELD
            || kind == CARC_FEATURE_CLOISTER);
}

/* Issue 18, Pictures: any tile that parses has a picture, well-formed XML, with an anchor and
 * an outline for every segment (doc/engine-api.md, "Pictures"). */
static void
check_picture (const CarcTileType *t)
{
  static const GMarkupParser parser = { NULL, NULL, NULL, NULL, NULL };
  g_autofree char *svg = carc_tile_type_to_svg (t, 1);
  g_autoptr (GMarkupParseContext) ctx = g_markup_parse_context_new (&parser, 0, NULL, NULL);
  g_assert (g_markup_parse_context_parse (ctx, svg, -1, NULL)
            && g_markup_parse_context_end_parse (ctx, NULL));
  for (guint s = 0; s < carc_tile_type_get_n_segments (t); s++)
    {
      double x, y;
      g_assert (carc_tile_type_get_segment_anchor (t, s, 2, &x, &y));
      g_assert (x >= 0 && x <= CARC_PICTURE_TILE_SIZE && y >= 0 && y <= CARC_PICTURE_TILE_SIZE);
      g_autofree char *path = carc_tile_type_get_segment_path (t, s, 3, NULL);
      g_assert (path != NULL);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (CarcTileSet) set = carc_tile_set_new ();
  g_autoptr (GError) error = NULL;
  gboolean ok = carc_tile_set_load_data (set, (const char *)data, (gssize)size, "fuzz", &error);
  if (ok)
    {
      g_assert_no_error (error);
      guint total = 0;
      for (guint i = 0; i < carc_tile_set_get_n_types (set); i++)
        {
          const CarcTileType *t = carc_tile_set_get_type_at (set, i);
          g_assert (carc_tile_set_lookup (set, carc_tile_type_get_id (t)) == t);
          total += carc_tile_type_get_count (t);
          for (guint s = 0; s < carc_tile_type_get_n_segments (t); s++)
            check_segment (t, s);
          if (i < 4) /* the first few: a picture costs milliseconds */
            check_picture (t);
        }
      g_assert_cmpuint (total, ==, carc_tile_set_get_n_tiles (set));
    }
  else
    {
      g_assert_error (error, CARC_ERROR, CARC_ERROR_PARSE);
      g_assert_cmpuint (carc_tile_set_get_n_types (set), ==, 0);
    }
  return 0;
}
