/* carc-picture.c: the public API of tile pictures: a segment's anchor and outline, a tile
 * type's SVG, a tile set's contact sheet (doc/engine-api.md, "Pictures"). */
#include "config.h"

#include "carc-picture-private.h"

/**
 * carc_tile_type_get_segment_anchor:
 * @type: a tile type
 * @segment: a segment index
 * @rotation: clockwise quarter turns, 0..3
 * @x: (out): where a figure on @segment stands, east, in 0..%CARC_PICTURE_TILE_SIZE
 * @y: (out): ... south
 *
 * The point of @type's picture (turned by @rotation) where a figure standing on @segment is
 * drawn: on the road's line, in the cloister, inside the city or field, away from the other
 * segments' anchors. A triangular piece's point is in its cell (turned into its corner).
 * Add the cell's origin (x, y) * %CARC_PICTURE_TILE_SIZE for the board picture.
 *
 * Returns: %FALSE (and @x, @y untouched) if @segment or @rotation is out of range
 */
gboolean
carc_tile_type_get_segment_anchor (const CarcTileType *type, guint segment, guint rotation,
                                   double *x, double *y)
{
  g_return_val_if_fail (type != NULL, FALSE);
  g_return_val_if_fail (x != NULL && y != NULL, FALSE);
  if (segment >= type->n_segments || rotation > 3)
    return FALSE;
  const CarcTilePicture *pic = carc_tile_picture_of (type);
  CarcPt p = carc_picture_turn (pic->seg[segment].anchor, rotation);
  *x = p.x;
  *y = p.y;
  return TRUE;
}

/**
 * carc_tile_type_get_segment_path:
 * @type: a tile type
 * @segment: a segment index
 * @rotation: clockwise quarter turns, 0..3
 * @line: (out) (optional): %TRUE for a line to stroke (roads: %CARC_PICTURE_ROAD_WIDTH,
 *   water: %CARC_PICTURE_WATER_WIDTH), %FALSE for an area to fill
 *
 * The outline of @segment in @type's picture (turned by @rotation), as SVG path data in
 * 0..%CARC_PICTURE_TILE_SIZE: what a frontend fills or strokes over the picture to highlight
 * the segment. A field's outline is what the picture leaves of it visible (its sectors less
 * the cities and the cloister painted over them), traced on a grid of 2 units, holes
 * included: fill it with the even-odd rule. (The field's element in the SVG,
 * carc_tile_type_to_svg(), is the sectors the cities cover in part: recolouring that element
 * highlights the same area.)
 *
 * Returns: (transfer full) (nullable): the path data, or %NULL if @segment or @rotation is
 *   out of range
 */
char *
carc_tile_type_get_segment_path (const CarcTileType *type, guint segment, guint rotation,
                                 gboolean *line)
{
  g_return_val_if_fail (type != NULL, NULL);
  if (segment >= type->n_segments || rotation > 3)
    return NULL;
  const CarcTilePicture *pic = carc_tile_picture_of (type);
  if (line)
    *line = pic->seg[segment].line;
  if (type->seg[segment].kind == CARC_FEATURE_FIELD)
    return carc_picture_field_outline (pic, segment, rotation);
  GString *s = g_string_new (NULL);
  CarcSvgPlace at = { .rotation = rotation };
  const CarcPath *path = &pic->seg[segment].path;
  g_autofree CarcPath *upright = g_new (CarcPath, 1);
  if (type->seg[segment].kind == CARC_FEATURE_CLOISTER)
    {
      carc_picture_upright (pic, path, rotation, upright);
      path = upright;
      at.rotation = 0;
    }
  carc_svg_append_path_data (s, path, &at);
  return g_string_free (s, FALSE);
}

/**
 * carc_tile_type_to_svg:
 * @type: a tile type
 * @rotation: clockwise quarter turns, 0..3
 *
 * A picture of @type turned by @rotation, drawn from its tile data alone: fields green,
 * roads light lines ending at a junction, the cloister, a farmstead or a bar (an end the data
 * does not say), cities ochre with walls and their shields, cloisters as a building with a
 * cross, water blue (a spring, a lake), walls as a stone frame, each segment attribute and
 * each bare tag as a small label. Each segment is a `<g>` element with `id="seg-N"`,
 * `class="segment KIND seg-N"` (KIND as carc_feature_kind_to_string() names it),
 * `data-segment="N"` and `data-anchor="X Y"` (carc_tile_type_get_segment_anchor(), to one
 * decimal), its outline the `path` of class `shape` in it. The picture is
 * %CARC_PICTURE_TILE_SIZE square; a triangular piece fills its corner of it.
 *
 * Returns: (transfer full) (nullable): an SVG document, or %NULL if @rotation is out of range
 */
char *
carc_tile_type_to_svg (const CarcTileType *type, guint rotation)
{
  g_return_val_if_fail (type != NULL, NULL);
  if (rotation > 3)
    return NULL;
  const CarcTilePicture *pic = carc_tile_picture_of (type);
  GString *s = g_string_new (NULL);
  carc_svg_begin (s, 0, 0, CARC_PICTURE_TILE_SIZE, CARC_PICTURE_TILE_SIZE);
  CarcSvgPlace at = { .rotation = rotation, .id_prefix = "" };
  carc_svg_append_piece (s, pic, &at);
  carc_svg_end (s);
  return g_string_free (s, FALSE);
}

#define SHEET_COLUMNS 8
#define SHEET_CELL_W  120
#define SHEET_CELL_H  132

/**
 * carc_tile_set_to_svg:
 * @set: a tile set
 *
 * A contact sheet of @set: every tile type in its canonical orientation, in the set's order,
 * eight a row, each with its id and count under it. Each tile's segments have ids
 * `tile-T-seg-N` (T the type's index in the set).
 *
 * Returns: (transfer full): an SVG document
 */
char *
carc_tile_set_to_svg (CarcTileSet *set)
{
  g_return_val_if_fail (CARC_IS_TILE_SET (set), NULL);
  guint n = carc_tile_set_get_n_types (set);
  guint rows = MAX (1, (n + SHEET_COLUMNS - 1) / SHEET_COLUMNS);
  GString *s = g_string_new (NULL);
  carc_svg_begin (s, 0, 0, SHEET_COLUMNS * SHEET_CELL_W, rows * SHEET_CELL_H);
  g_string_append (s, "<rect width=\"100%\" height=\"100%\" fill=\"#fbfaf6\"/>");
  for (guint i = 0; i < n; i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (set, i);
      g_autofree char *prefix = g_strdup_printf ("tile-%u-", i);
      CarcSvgPlace at = { .x = (i % SHEET_COLUMNS) * SHEET_CELL_W + 10,
                          .y = (i / SHEET_COLUMNS) * SHEET_CELL_H + 6,
                          .id_prefix = prefix };
      carc_svg_append_piece (s, carc_tile_picture_of (t), &at);
      g_autofree char *id = g_markup_escape_text (t->id, -1);
      g_string_append (s, "<text x=\"");
      carc_svg_num (s, at.x + 50);
      g_string_append (s, "\" y=\"");
      carc_svg_num (s, at.y + 118);
      g_string_append_printf (s,
                              "\" font-family=\"sans-serif\" font-size=\"11\" "
                              "text-anchor=\"middle\" fill=\"#222\">%s \303\227%u</text>\n",
                              id, t->count);
    }
  carc_svg_end (s);
  return g_string_free (s, FALSE);
}
