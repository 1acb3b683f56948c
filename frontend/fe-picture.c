/* fe-picture.c: the tile types of a game (Game.GetTileTypes) and a picture of each.
 *
 * The picture here is the client's own stand-in, drawn from the topology alone: fields,
 * cities (with shields), roads and cloisters in the engine's picture units. Once the daemon
 * serves the engine's SVG of a tile type, fe_game_tile_svg() (fe-game.c) asks for that and
 * this drawing is only the fallback for an older daemon. */
#include "fe-picture.h"

#include <math.h>
#include <string.h>

#define COLOUR_FIELD  "#7fae45"
#define COLOUR_CITY   "#c9a064"
#define COLOUR_WALL   "#7a5a32"
#define COLOUR_ROAD   "#f2ead3"
#define COLOUR_EDGE   "#5b4a30"
#define COLOUR_SHIELD "#2f5fb3"

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

static gboolean
is_half (const FeTileType *type)
{
  return type->n_edges == 3;
}

/* The middle of the piece: of the square, or of a half tile's north-east triangle. */
static void
centre (const FeTileType *type, double *x, double *y)
{
  *x = is_half (type) ? 200.0 / 3 : 50;
  *y = is_half (type) ? 100.0 / 3 : 50;
}

/* The two ends of a side ("N", "E", "S", "W", the long side "L"), clockwise. */
static gboolean
side_ends (const char *side, double p[4])
{
  static const struct
  {
    const char *name;
    double p[4];
  } sides[] = {
    { "N", { 0, 0, 100, 0 } }, { "E", { 100, 0, 100, 100 } }, { "S", { 100, 100, 0, 100 } },
    { "W", { 0, 100, 0, 0 } }, { "L", { 100, 100, 0, 0 } },
  };
  for (guint i = 0; i < G_N_ELEMENTS (sides); i++)
    if (strcmp (side, sides[i].name) == 0)
      {
        memcpy (p, sides[i].p, sizeof sides[i].p);
        return TRUE;
      }
  return FALSE;
}

/* Where a location (a side or a half-edge) meets the piece's border. */
static gboolean
location_point (const char *location, double *x, double *y)
{
  double p[4];
  gsize n = strlen (location);

  if (n == 1 && side_ends (location, p))
    {
      *x = (p[0] + p[2]) / 2, *y = (p[1] + p[3]) / 2;
      return TRUE;
    }
  char side[2] = { location[0], 0 };
  if (n != 3 || !side_ends (side, p))
    return FALSE;
  /* the half towards the named neighbour: NNW is the west half of the north side */
  gboolean first = FALSE;
  switch (location[0])
    {
      case 'N':
        first = location[2] == 'W';
        break;
      case 'E':
        first = location[1] == 'N';
        break;
      case 'S':
        first = location[2] == 'E';
        break;
      case 'W':
        first = location[1] == 'S';
        break;
      case 'L':
        first = location[1] == 'S';
        break;
      default:
        return FALSE;
    }
  double t = first ? 0.25 : 0.75;
  *x = p[0] + (p[2] - p[0]) * t, *y = p[1] + (p[3] - p[1]) * t;
  return TRUE;
}

/**
 * fe_picture_segment_anchor:
 *
 * Where a figure on @segment of @type is drawn, in picture units of the unrotated piece.
 */
void
fe_picture_segment_anchor (const FeTileType *type, guint segment, double *x, double *y)
{
  double cx, cy, sx = 0, sy = 0;
  guint n = 0;

  centre (type, &cx, &cy);
  *x = cx, *y = cy;
  if (segment >= type->segments->len)
    return;
  const FeSegment *s = &g_array_index (type->segments, FeSegment, segment);
  for (char **l = s->locations; l && *l; l++)
    {
      double px, py;
      if (location_point (*l, &px, &py))
        sx += px, sy += py, n++;
    }
  if (n == 0)
    return;
  sx /= n, sy /= n;
  /* a road runs from its ends to the middle (fe_picture_tile_svg): through it, its figure
   * stands there; ending in it, halfway along */
  if (s->kind == 1 && n >= 2)
    return;
  /* a field around the middle (its locations all round): by its first location instead */
  if (s->kind == 0 && hypot (sx - cx, sy - cy) < 20)
    location_point (s->locations[0], &sx, &sy);
  double pull = s->kind == 1 ? 0.5 : s->kind == 2 ? 0.45 : 0.15;
  *x = sx + (cx - sx) * pull, *y = sy + (cy - sy) * pull;
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

/* The piece's sides in clockwise order, and its corners: side i runs from corner i to corner
 * i + 1. */
static guint
piece_outline (const FeTileType *type, const char *const **sides, const double (**corners)[2])
{
  static const char *const square[] = { "N", "E", "S", "W" }, *const half[] = { "N", "E", "L" };
  static const double square_corners[][2] = { { 0, 0 }, { 100, 0 }, { 100, 100 }, { 0, 100 } };
  *sides = is_half (type) ? half : square;
  *corners = square_corners;
  return is_half (type) ? 3 : 4;
}

static gboolean
has_location (const FeSegment *s, const char *location)
{
  return s->locations && g_strv_contains ((const char *const *)s->locations, location);
}

/* a city: its sides along the border; between them, each run of other sides is cut off by a
 * curve bowed towards the middle (one side alone: a cap) */
static void
draw_city (GString *svg, const FeTileType *type, const FeSegment *s)
{
  const char *const *sides;
  const double (*corners)[2];
  guint n = piece_outline (type, &sides, &corners), first = n;
  double cx, cy;

  centre (type, &cx, &cy);
  for (guint i = 0; i < n && first == n; i++)
    if (has_location (s, sides[i]))
      first = i;
  if (first == n)
    return;
  g_string_append_printf (svg, "<path d='M%.1f,%.1f", corners[first][0], corners[first][1]);
  for (guint k = 0; k < n;)
    {
      guint i = (first + k) % n;
      if (has_location (s, sides[i]))
        {
          g_string_append_printf (svg, " L%.1f,%.1f", corners[(i + 1) % n][0],
                                  corners[(i + 1) % n][1]);
          k++;
          continue;
        }
      double mx = 0, my = 0;
      guint run = 0;
      for (; k < n && !has_location (s, sides[(first + k) % n]); k++, run++)
        {
          double p[4] = { 0 };
          side_ends (sides[(first + k) % n], p);
          mx += (p[0] + p[2]) / 2, my += (p[1] + p[3]) / 2;
        }
      guint end = (first + k) % n;
      double pull = run == n - 1 ? 0.55 : 0.3;
      g_string_append_printf (svg, " Q%.1f,%.1f %.1f,%.1f", cx + (mx / run - cx) * pull,
                              cy + (my / run - cy) * pull, corners[end][0], corners[end][1]);
    }
  g_string_append (svg, " Z' fill='" COLOUR_CITY "' stroke='" COLOUR_WALL "' stroke-width='2'/>\n");
}

static void
draw_road (GString *svg, const FeTileType *type, const FeSegment *s)
{
  double c[2];
  GString *d = g_string_new (NULL);
  guint n = 0;

  centre (type, &c[0], &c[1]);
  for (char **l = s->locations; l && *l; l++)
    {
      double px, py;
      if (strlen (*l) == 1 && location_point (*l, &px, &py))
        {
          g_string_append_printf (d, "M%.1f,%.1f L%.1f,%.1f ", px, py, c[0], c[1]);
          n++;
        }
    }
  if (n > 0)
    {
      g_string_append_printf (
          svg, "<path d='%s' stroke='" COLOUR_EDGE "' stroke-width='10' fill='none'/>\n", d->str);
      g_string_append_printf (
          svg, "<path d='%s' stroke='" COLOUR_ROAD "' stroke-width='6' fill='none'/>\n", d->str);
    }
  if (n == 1) /* a road that ends here: a junction stone */
    g_string_append_printf (svg, "<circle cx='%.1f' cy='%.1f' r='7' fill='" COLOUR_EDGE "'/>\n",
                            c[0], c[1]);
  g_string_free (d, TRUE);
}

static void
draw_cloister (GString *svg, const FeTileType *type)
{
  double cx, cy;
  centre (type, &cx, &cy);
  g_string_append_printf (
      svg,
      "<rect x='%.1f' y='%.1f' width='24' height='20' fill='#d9c7a0' stroke='" COLOUR_EDGE
      "' stroke-width='1.5'/>\n"
      "<polygon points='%.1f,%.1f %.1f,%.1f %.1f,%.1f' fill='#b5482f' stroke='" COLOUR_EDGE
      "' stroke-width='1.5'/>\n",
      cx - 12, cy - 6, cx - 15, cy - 6, cx + 15, cy - 6, cx, cy - 20);
}

static void
draw_shield (GString *svg, const FeTileType *type, guint segment)
{
  double x, y;
  fe_picture_segment_anchor (type, segment, &x, &y);
  x += 12, y -= 12;
  g_string_append_printf (
      svg,
      "<path d='M%.1f,%.1f h10 v6 q0,6 -5,9 q-5,-3 -5,-9 Z' fill='" COLOUR_SHIELD
      "' stroke='white' stroke-width='1'/>\n",
      x - 5, y - 7);
}

/**
 * fe_picture_tile_svg:
 *
 * Returns: (transfer full): an SVG picture of @type unrotated, 100 by 100 units (a half tile
 * fills the north-east triangle).
 */
char *
fe_picture_tile_svg (const FeTileType *type)
{
  GString *svg = g_string_new ("<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100' "
                               "viewBox='0 0 100 100'>\n");
  const char *shape
      = is_half (type) ? "<polygon points='0,0 100,0 100,100'" : "<rect width='100' height='100'";

  g_string_append_printf (svg, "%s fill='" COLOUR_FIELD "'/>\n", shape);
  for (guint pass = 0; pass < 3; pass++)
    for (guint i = 0; i < type->segments->len; i++)
      {
        const FeSegment *s = &g_array_index (type->segments, FeSegment, i);
        if (pass == 0 && s->kind == 2)
          draw_city (svg, type, s);
        else if (pass == 1 && s->kind == 1)
          draw_road (svg, type, s);
        else if (pass == 1 && s->kind == 3)
          draw_cloister (svg, type);
        else if (pass == 2 && s->shield)
          draw_shield (svg, type, i);
      }
  g_string_append_printf (svg, "%s fill='none' stroke='#3b3b2a' stroke-width='1'/>\n</svg>\n",
                          shape);
  return g_string_free (svg, FALSE);
}
