/* carc-svg.c: a tile type's picture written as SVG elements (carc-tile-geometry.c works out
 * where everything goes); shared by the tile, tile set and board pictures. */
#include "config.h"

#include <math.h>
#include <string.h>
#include "carc-picture-private.h"

#define COLOR_GROUND "#7fb24a"
#define COLOR_CITY   "#c99a5b"
#define COLOR_WALL   "#6b4a2b"
#define COLOR_ROAD   "#f6f0e0"
#define COLOR_KERB   "#8a7a5a"
#define COLOR_WATER  "#3f8fd8"
#define COLOR_STONE  "#d8d2c4"

/* A number for SVG: one decimal, whatever the locale. */
void
carc_svg_num (GString *s, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  long tenths = lround (v * 10);
  if (tenths % 10 == 0)
    g_string_append_printf (s, "%ld", tenths / 10);
  else
    g_string_append (s, g_ascii_formatd (buf, sizeof buf, "%.1f", tenths / 10.0));
}

static void
append_pt (GString *s, CarcPt p, const CarcSvgPlace *at)
{
  p = carc_picture_turn (p, at->rotation);
  carc_svg_num (s, p.x + at->x);
  g_string_append_c (s, ' ');
  carc_svg_num (s, p.y + at->y);
}

void
carc_svg_append_path_data (GString *s, const CarcPath *path, const CarcSvgPlace *at)
{
  for (guint i = 0; i < path->n; i++)
    {
      const CarcPathOp *op = &path->ops[i];
      if (i)
        g_string_append_c (s, ' ');
      g_string_append_c (s, op->op);
      if (op->op == 'Z')
        continue;
      append_pt (s, op->p[0], at);
      if (op->op == 'Q')
        {
          g_string_append_c (s, ' ');
          append_pt (s, op->p[1], at);
        }
    }
}

static void
path_element (GString *s, const CarcPath *path, const CarcSvgPlace *at, const char *attrs)
{
  g_string_append (s, "<path d=\"");
  carc_svg_append_path_data (s, path, at);
  g_string_append_printf (s, "\" %s/>", attrs);
}

/* The curves of a city's outline only: its walls (the tile's edges are not walls). */
static void
wall_element (GString *s, const CarcPath *path, const CarcSvgPlace *at)
{
  CarcPath walls = { 0 };
  CarcPt cur = { 0, 0 };
  for (guint i = 0; i < path->n; i++)
    {
      const CarcPathOp *op = &path->ops[i];
      if (op->op == 'Q')
        {
          walls.ops[walls.n++] = (CarcPathOp){ 'M', { cur, cur } };
          walls.ops[walls.n++] = *op;
        }
      if (op->op != 'Z')
        cur = op->op == 'Q' ? op->p[1] : op->p[0];
    }
  if (walls.n)
    path_element (s, &walls, at,
                  "fill=\"none\" stroke=\"" COLOR_WALL "\" stroke-width=\"3\" "
                  "stroke-linecap=\"round\"");
}

static CarcPt
placed_pt (CarcPt p, const CarcSvgPlace *at)
{
  p = carc_picture_turn (p, at->rotation);
  return (CarcPt){ p.x + at->x, p.y + at->y };
}

/* Upright markers at a point of the board. */
static void
house (GString *s, CarcPt c, double k)
{
  g_string_append_printf (s, "<path d=\"M");
  const double pts[][2] = { { -5, 5 }, { -5, -1 }, { 0, -6 }, { 5, -1 }, { 5, 5 } };
  for (guint i = 0; i < G_N_ELEMENTS (pts); i++)
    {
      g_string_append_c (s, i ? 'L' : ' ');
      carc_svg_num (s, c.x + pts[i][0] * k);
      g_string_append_c (s, ' ');
      carc_svg_num (s, c.y + pts[i][1] * k);
    }
  g_string_append (s, "Z\" fill=\"#e9e1cf\" stroke=\"#5a3b22\" stroke-width=\"1.2\"/>");
}

static void
circle (GString *s, CarcPt c, double r, const char *attrs)
{
  g_string_append (s, "<circle cx=\"");
  carc_svg_num (s, c.x);
  g_string_append (s, "\" cy=\"");
  carc_svg_num (s, c.y);
  g_string_append (s, "\" r=\"");
  carc_svg_num (s, r);
  g_string_append_printf (s, "\" %s/>", attrs);
}

static void
shield (GString *s, CarcPt c)
{
  g_string_append (s, "<path transform=\"translate(");
  carc_svg_num (s, c.x);
  g_string_append_c (s, ' ');
  carc_svg_num (s, c.y);
  g_string_append (s, ")\" d=\"M-5 -6 L5 -6 L5 0 Q5 5 0 7 Q-5 5 -5 0 Z\" fill=\"#1d4f9c\" "
                      "stroke=\"#f4f4f4\" stroke-width=\"1.3\" class=\"shield\"/>");
}

/* A short label for an attribute or tag name: its leading letters and digits (all of it if
 * it starts otherwise), up to five characters; longer ones cut to four and a dot. */
static char *
short_label (const char *name)
{
  gsize len = 0;
  while (g_ascii_isalnum (name[len]))
    len++;
  if (len == 0)
    len = strlen (name);
  if (len > 5)
    {
      g_autofree char *cut = g_strndup (name, 4);
      g_autofree char *esc = g_markup_escape_text (cut, -1);
      return g_strconcat (esc, ".", NULL);
    }
  g_autofree char *word = g_strndup (name, len);
  return g_markup_escape_text (word, -1);
}

void
carc_svg_badge (GString *s, CarcPt c, const char *name, const char *class)
{
  g_autofree char *label = short_label (name);
  g_autofree char *full = g_markup_escape_text (name, -1);
  double w = 4.6 * (double)strlen (label) + 4;
  g_string_append_printf (s, "<g class=\"%s\" data-name=\"%s\"><rect x=\"", class, full);
  carc_svg_num (s, c.x - w / 2);
  g_string_append (s, "\" y=\"");
  carc_svg_num (s, c.y - 5);
  g_string_append (s, "\" width=\"");
  carc_svg_num (s, w);
  g_string_append (s, "\" height=\"10\" rx=\"3\" fill=\"#fffdf5\" fill-opacity=\"0.9\" "
                      "stroke=\"#333\" stroke-width=\"0.6\"/><text x=\"");
  carc_svg_num (s, c.x);
  g_string_append (s, "\" y=\"");
  carc_svg_num (s, c.y + 3);
  g_string_append_printf (s,
                          "\" font-family=\"sans-serif\" font-size=\"8\" "
                          "text-anchor=\"middle\" fill=\"#222\">%s</text></g>",
                          label);
}

/* Shields, then one badge per attribute, from the segment's decoration point down. */
static void
decorations (GString *s, const CarcTilePicture *pic, guint seg, const CarcSvgPlace *at)
{
  const CarcTileType *t = pic->type;
  CarcPt c = placed_pt (pic->seg[seg].deco, at);
  guint shields = t->seg[seg].shields;
  if (!shields && !t->seg[seg].n_attrs)
    return;
  g_string_append_printf (s, "<g class=\"decoration\" data-segment=\"%u\">", seg);
  for (guint i = 0; i < shields; i++)
    shield (s, (CarcPt){ c.x + (i - (shields - 1) / 2.0) * 11, c.y });
  if (shields)
    c.y += 11;
  for (guint i = 0; i < t->seg[seg].n_attrs; i++, c.y += 11)
    carc_svg_badge (s, c, t->attrs[t->seg[seg].first_attr + i].key, "attribute");
  g_string_append (s, "</g>");
}

static void
end_mark (GString *s, const CarcTilePicture *pic, guint seg, const CarcSvgPlace *at)
{
  const CarcSegmentPicture *sp = &pic->seg[seg];
  CarcPt e = placed_pt (sp->end, at);
  switch (sp->mark)
    {
      case CARC_MARK_HOUSE:
        house (s, e, pic->scale);
        break;
      case CARC_MARK_DEAD_END:
        {
          CarcPt from = placed_pt (sp->path.ops[0].p[0], at);
          double dx = e.x - from.x, dy = e.y - from.y, len = hypot (dx, dy);
          CarcPath bar = { 0 };
          CarcSvgPlace none = { 0 };
          bar.ops[bar.n++] = (CarcPathOp){ 'M', { { e.x - 6 * dy / len, e.y + 6 * dx / len } } };
          bar.ops[bar.n++] = (CarcPathOp){ 'L', { { e.x + 6 * dy / len, e.y - 6 * dx / len } } };
          path_element (s, &bar, &none,
                        "stroke=\"" COLOR_WALL "\" stroke-width=\"3\" stroke-linecap=\"round\"");
          break;
        }
      case CARC_MARK_SPRING:
        circle (s, e, 5 * pic->scale,
                "fill=\"#a9d6f5\" stroke=\"" COLOR_WATER "\" stroke-width=\"2\"");
        break;
      case CARC_MARK_LAKE:
        circle (s, e, 15 * pic->scale, "fill=\"" COLOR_WATER "\"");
        break;
      case CARC_MARK_NONE:
      default:
        break;
    }
}

static void
upright_element (GString *s, const CarcTilePicture *pic, const CarcPath *path,
                 const CarcSvgPlace *at, const char *attrs)
{
  g_autofree CarcPath *moved = g_new (CarcPath, 1);
  carc_picture_upright (pic, path, at->rotation, moved);
  CarcSvgPlace still = *at;
  still.rotation = 0;
  path_element (s, moved, &still, attrs);
}

static void
cloister_cross (GString *s, const CarcTilePicture *pic, const CarcSvgPlace *at)
{
  double k = pic->scale;
  CarcPt c = pic->centre;
  CarcPath cross = { 0 };
  const double pts[][2] = { { 0, -1 }, { 0, 11 }, { -4, 3 }, { 4, 3 } };
  for (guint i = 0; i < 4; i++)
    cross.ops[cross.n++]
        = (CarcPathOp){ i % 2 ? 'L' : 'M', { { c.x + pts[i][0] * k, c.y + pts[i][1] * k } } };
  upright_element (s, pic, &cross, at, "stroke=\"#9c1c1c\" stroke-width=\"2.2\" fill=\"none\"");
}

static const char *
kind_class (CarcFeatureKind kind)
{
  return carc_feature_kind_to_string (kind);
}

static void
segment_element (GString *s, const CarcTilePicture *pic, guint seg, const CarcSvgPlace *at)
{
  const CarcTileType *t = pic->type;
  CarcFeatureKind kind = t->seg[seg].kind;
  g_string_append_printf (s,
                          "<g id=\"%sseg-%u\" class=\"segment %s seg-%u\" data-segment=\"%u\" "
                          "data-anchor=\"",
                          at->id_prefix ? at->id_prefix : "", seg, kind_class (kind), seg, seg);
  append_pt (s, pic->seg[seg].anchor, at);
  g_string_append (s, "\">");
  const CarcPath *path = &pic->seg[seg].path;
  switch (kind)
    {
      case CARC_FEATURE_ROAD:
        path_element (s, path, at,
                      "fill=\"none\" stroke=\"" COLOR_KERB "\" stroke-width=\"10\" "
                      "stroke-linecap=\"butt\" stroke-linejoin=\"round\"");
        path_element (s, path, at,
                      "class=\"shape\" fill=\"none\" stroke=\"" COLOR_ROAD "\" "
                      "stroke-width=\"8\" stroke-linecap=\"butt\" stroke-linejoin=\"round\"");
        break;
      case CARC_FEATURE_WATER:
        path_element (s, path, at,
                      "class=\"shape\" fill=\"none\" stroke=\"" COLOR_WATER "\" "
                      "stroke-width=\"12\" stroke-linecap=\"butt\" stroke-linejoin=\"round\"");
        break;
      case CARC_FEATURE_CITY:
        path_element (s, path, at, "class=\"shape\" fill=\"" COLOR_CITY "\"");
        wall_element (s, path, at);
        break;
      case CARC_FEATURE_CLOISTER:
        upright_element (s, pic, path, at,
                         "class=\"shape\" fill=\"#efe4cc\" stroke=\"#5a3b22\" "
                         "stroke-width=\"1.5\" stroke-linejoin=\"round\"");
        cloister_cross (s, pic, at);
        break;
      case CARC_FEATURE_FIELD:
      default:
        path_element (s, path, at, "class=\"shape\" fill=\"" COLOR_GROUND "\"");
        break;
    }
  if (pic->seg[seg].mark != CARC_MARK_NONE)
    end_mark (s, pic, seg, at);
  g_string_append (s, "</g>");
}

/* Walls along the tile's wall edges: a stone frame. */
static void
wall_edges (GString *s, const CarcTilePicture *pic, const CarcSvgPlace *at)
{
  const CarcTileType *t = pic->type;
  for (guint i = 0; i < pic->n_corners; i++)
    if (t->edge[i] == CARC_EDGE_WALL)
      {
        CarcPath p = { 0 };
        CarcPt a = pic->corner[i], b = pic->corner[(i + 1) % pic->n_corners];
        CarcPt in = pic->centre;
        a = (CarcPt){ a.x + (in.x - a.x) * 0.06, a.y + (in.y - a.y) * 0.06 };
        b = (CarcPt){ b.x + (in.x - b.x) * 0.06, b.y + (in.y - b.y) * 0.06 };
        p.ops[p.n++] = (CarcPathOp){ 'M', { a } };
        p.ops[p.n++] = (CarcPathOp){ 'L', { b } };
        path_element (s, &p, at,
                      "class=\"wall\" stroke=\"#7a746a\" stroke-width=\"7\" "
                      "stroke-dasharray=\"7 2\" stroke-linecap=\"square\"");
      }
}

/* The draw order: fields (inner ones last), water, roads, cities, cloisters. */
static guint
layer_of (const CarcTileType *t, guint seg)
{
  switch (t->seg[seg].kind)
    {
      case CARC_FEATURE_FIELD:
        return t->seg[seg].location == 0 ? 1 : 0;
      case CARC_FEATURE_WATER:
        return 2;
      case CARC_FEATURE_ROAD:
        return 3;
      case CARC_FEATURE_CITY:
        return 4;
      case CARC_FEATURE_CLOISTER:
      default:
        return 5;
    }
}

static gboolean
all_walls (const CarcTileType *t)
{
  for (guint i = 0; i < t->n_sides; i++)
    if (t->edge[i] != CARC_EDGE_WALL)
      return FALSE;
  return TRUE;
}

void
carc_svg_append_piece (GString *s, const CarcTilePicture *pic, const CarcSvgPlace *at)
{
  const CarcTileType *t = pic->type;
  g_autofree char *id = g_markup_escape_text (t->id, -1);
  g_string_append_printf (s, "<g class=\"tile\" data-tile=\"%s\" data-rotation=\"%u\">", id,
                          at->rotation);
  CarcPath outline = { 0 };
  for (guint i = 0; i < pic->n_corners; i++)
    outline.ops[outline.n++] = (CarcPathOp){ i ? 'L' : 'M', { pic->corner[i] } };
  outline.ops[outline.n++] = (CarcPathOp){ 'Z', { { 0, 0 }, { 0, 0 } } };
  path_element (s, &outline, at,
                all_walls (t) ? "class=\"ground\" fill=\"" COLOR_STONE "\""
                              : "class=\"ground\" fill=\"" COLOR_GROUND "\"");
  for (guint layer = 0; layer <= 5; layer++)
    for (guint seg = 0; seg < t->n_segments; seg++)
      if (layer_of (t, seg) == layer)
        segment_element (s, pic, seg, at);
  if (pic->junction)
    house (s, placed_pt (pic->centre, at), pic->scale * 1.3);
  wall_edges (s, pic, at);
  /* Shields and attributes over everything, so that no city hides a road's. */
  for (guint seg = 0; seg < t->n_segments; seg++)
    decorations (s, pic, seg, at);
  /* Bare tags (a tile's features no segment carries) as badges. */
  CarcPt spot = placed_pt (pic->tag_spot, at);
  for (guint i = 0; i < t->n_tags; i++)
    if (!t->tags[i].value[0])
      {
        carc_svg_badge (s, spot, t->tags[i].key, "tag");
        spot.y += 11;
      }
  path_element (s, &outline, at,
                "class=\"edge\" fill=\"none\" stroke=\"#3a3a3a\" stroke-opacity=\"0.5\" "
                "stroke-width=\"0.8\"");
  g_string_append (s, "</g>");
}

void
carc_svg_begin (GString *s, double x, double y, double w, double h)
{
  g_string_append (s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" viewBox=\"");
  carc_svg_num (s, x);
  g_string_append_c (s, ' ');
  carc_svg_num (s, y);
  g_string_append_c (s, ' ');
  carc_svg_num (s, w);
  g_string_append_c (s, ' ');
  carc_svg_num (s, h);
  g_string_append (s, "\" width=\"");
  carc_svg_num (s, w);
  g_string_append (s, "\" height=\"");
  carc_svg_num (s, h);
  g_string_append (s, "\">\n");
}

void
carc_svg_end (GString *s)
{
  g_string_append (s, "\n</svg>\n");
}
