/* board.c: draws tiles, followers, coordinate labels and a legend as text (see board.h).
 *
 * A tile is 7 characters wide and 3 high. Every character belongs to the segment owning the
 * port it stands for, so a follower can stand on its segment and a city fills its sides:
 *
 *     corner NNW NNW  N  NNE NNE corner      row 0: the north edge
 *     W      in  in   C  in  in  E           row 1: west edge, the middle, east edge
 *     corner SSW SSW  S  SSE SSE corner      row 2: the south edge
 *
 * A corner belongs to the segment owning both half-edges beside it, else to a field beside it.
 * The middle row belongs to cities touching two sides or more, roads and the cloister; what is
 * left goes to the field beside it. A wall takes its whole side.
 *
 * A triangular piece is laid out as the north-east triangle, in its own orientation, then mirrored
 * into its corner (see layout_half()):
 *
 *     -   LNW NNW  N  NNE NNE corner
 *     -   -   -    L  in  in  E
 *     -   -   -    -  -   LSE corner
 */
#include "config.h"

#include <string.h>
#include "board.h"

#define CELL_W 7
#define CELL_H 3

/* Half-edge indices, clockwise from NNW. */
enum
{
  H_NNW,
  H_NNE,
  H_ENE,
  H_ESE,
  H_SSE,
  H_SSW,
  H_WSW,
  H_WNW,
  H_LSE, /* a triangular piece's long side */
  H_LNW,
  N_HALVES
};

/* A road character's arms. */
enum
{
  ARM_N = 1,
  ARM_E = 2,
  ARM_S = 4,
  ARM_W = 8
};

static const char *const location_names[15]
    = { "N",   "E",   "S",   "W",   "NNW", "NNE", "ENE", "ESE",
        "SSE", "SSW", "WSW", "WNW", "L",   "LSE", "LNW" };

guint32
ctl_location_parse (const char *const *names)
{
  guint32 loc = 0;
  for (; names && *names; names++)
    for (guint i = 0; i < G_N_ELEMENTS (location_names); i++)
      if (g_str_equal (*names, location_names[i]))
        loc |= 1u << i;
  return loc;
}

guint32
ctl_location_rotate (guint32 loc, guint rotation)
{
  guint32 out = loc & (CTL_LOC_L | CTL_LOC_LSE | CTL_LOC_LNW);
  rotation &= 3;
  for (guint s = 0; s < 4; s++)
    if (loc & CTL_LOC_SIDE (s))
      out |= CTL_LOC_SIDE ((s + rotation) & 3);
  for (guint h = 0; h < 8; h++)
    if (loc & CTL_LOC_HALF (h))
      out |= CTL_LOC_HALF ((h + 2 * rotation) & 7);
  return out;
}

char *
ctl_location_to_string (guint32 loc)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (location_names); i++)
    if (loc & (1u << i))
      g_string_append_printf (s, "%s%s", s->len ? "," : "", location_names[i]);
  return g_string_free (s, FALSE);
}

const char *
ctl_feature_kind_name (guint kind)
{
  static const char *const names[] = { "field", "road", "city", "cloister", "water" };
  return kind < G_N_ELEMENTS (names) ? names[kind] : "feature";
}

const CtlTileType *
ctl_tile_type_lookup (const CtlTileType *types, guint n_types, const char *id)
{
  for (guint i = 0; i < n_types; i++)
    if (g_strcmp0 (types[i].id, id) == 0)
      return &types[i];
  return NULL;
}

/* What a character shows. */
typedef enum
{
  G_EMPTY,
  G_FIELD,
  G_CITY,
  G_ROAD_H,
  G_ROAD_V,
  G_ROAD_BOX, /* the middle of a road turning or crossing: by arm mask */
  G_JUNCTION,
  G_CLOISTER,
  G_SHIELD,
  G_FOLLOWER,
  G_MARK,
  G_WALL,
  G_DIAG_DOWN, /* a triangular piece's long side from the north-west corner down to the south-east
                */
  G_DIAG_UP,   /* ... from the south-west corner up to the north-east */
  G_NONE,      /* not this tile's: the other triangle of a triangular piece's cell */
  G_WATER,
  G_ATTRIBUTE, /* a segment attribute's mark: its letter (Layout.mark) */
  G_UNKNOWN,
} Glyph;

typedef struct
{
  const char *glyph[G_UNKNOWN + 1];
  const char *box[16]; /* arms N=1 E=2 S=4 W=8 */
} GlyphSet;

static const GlyphSet unicode_glyphs = {
  { " ", "·", "▓", "─", "│", "+", "○", "✚", "◆", "●", "+", "█", "╲", "╱", " ", "≈", "*", "?" },
  { "○", "│", "─", "└", "│", "│", "┌", "├", "─", "┘", "─", "┴", "┐", "┤", "┬", "┼" },
};

static const GlyphSet ascii_glyphs = {
  { " ", ".", "#", "-", "|", "+", "o", "K", "$", "@", "+", "%", "\\", "/", " ", "~", "*", "?" },
  { "o", "|", "-", "+", "|", "|", "+", "+", "-", "+", "-", "+", "+", "+", "+", "+" },
};

/* SGR parameters per glyph (followers take their player's colour). */
static const char *const glyph_sgr[G_UNKNOWN + 1] = {
  NULL, "2;32", "33", "1", "1", "1",  "1",    "1;35", "1;34",
  NULL, "2",    "37", "2", "2", NULL, "1;36", "1;97", "2",
};

/* A letter as a string that lives as long as the program. */
static const char *
letter_text (char c)
{
  const char s[2] = { c, 0 };
  return g_intern_string (s);
}

static const char *const digits[] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" };

const char *
ctl_colour_sgr (const char *colour)
{
  static const char *const table[][2] = {
    { "red", "1;91" },   { "blue", "1;94" },  { "yellow", "1;93" },
    { "green", "1;92" }, { "black", "1;90" }, { "grey", "1;37" },
  };
  for (guint i = 0; colour && i < G_N_ELEMENTS (table); i++)
    if (g_str_equal (colour, table[i][0]))
      return table[i][1];
  return NULL;
}

/* One tile's picture: per character the glyph, the owning segment (-1 none) and, for a road's
 * box character, its arms (ARM_*). */
typedef struct
{
  Glyph glyph[CELL_H][CELL_W];
  gint owner[CELL_H][CELL_W];
  guint8 arms[CELL_H][CELL_W];
  char mark[CELL_H][CELL_W]; /* G_ATTRIBUTE's letter */
} Layout;

static gboolean
is_field (const CtlTileType *t, gint seg)
{
  return seg >= 0 && t->segments[seg].kind == CTL_FEATURE_FIELD;
}

/* The owner of a corner between half-edges @a and @b. */
static gint
corner_owner (const CtlTileType *t, gint a, gint b)
{
  if (a == b)
    return a;
  if (is_field (t, a))
    return a;
  if (is_field (t, b))
    return b;
  return -1;
}

/* The first field among @n half-edges, -1 if none. */
static gint
first_field (const CtlTileType *t, const gint *half_owner, const guint *halves, guint n)
{
  for (guint i = 0; i < n; i++)
    if (is_field (t, half_owner[halves[i]]))
      return half_owner[halves[i]];
  return -1;
}

/* The character a segment's follower (or shield) stands on: the segment's character nearest
 * to the middle of its characters (a character is about half as wide as high). */
static gboolean anchor_skipping (const Layout *l, gint seg, const gint (*skip)[2], guint n_skip,
                                 gint *row, gint *col);

static gboolean
anchor (const Layout *l, gint seg, gint skip_r, gint skip_c, gint *row, gint *col)
{
  const gint skip[1][2] = { { skip_r, skip_c } };
  return anchor_skipping (l, seg, skip, 1, row, col);
}

static gboolean
skipped (const gint (*skip)[2], guint n_skip, gint r, gint c)
{
  for (guint i = 0; i < n_skip; i++)
    if (skip[i][0] == r && skip[i][1] == c)
      return TRUE;
  return FALSE;
}

/* The anchor of @seg among the characters not in @skip (@n_skip row, column pairs). */
static gboolean
anchor_skipping (const Layout *l, gint seg, const gint (*skip)[2], guint n_skip, gint *row,
                 gint *col)
{
  double sr = 0, sc = 0;
  guint n = 0;
  for (gint r = 0; r < CELL_H; r++)
    for (gint c = 0; c < CELL_W; c++)
      if (l->owner[r][c] == seg)
        {
          sr += r;
          sc += c;
          n++;
        }
  if (!n)
    return FALSE;
  sr /= n;
  sc /= n;
  double best = G_MAXDOUBLE;
  for (gint r = 0; r < CELL_H; r++)
    for (gint c = 0; c < CELL_W; c++)
      if (l->owner[r][c] == seg && !skipped (skip, n_skip, r, c))
        {
          double d = (r - sr) * (r - sr) + (c - sc) * (c - sc) / 4.0;
          if (d < best - 1e-9)
            {
              best = d;
              *row = r;
              *col = c;
            }
        }
  return best < G_MAXDOUBLE;
}

static void
set_cell (Layout *l, gint r, gint c, gint seg, Glyph g)
{
  l->owner[r][c] = seg;
  l->glyph[r][c] = g;
}

/* Gives the middle row's characters @c0..@c1 to @seg. */
static void
fill_middle (Layout *l, gint c0, gint c1, gint seg, Glyph g)
{
  for (gint c = c0; c <= c1; c++)
    set_cell (l, 1, c, seg, g);
}

static Glyph
kind_glyph (const CtlTileType *t, gint seg, gboolean vertical)
{
  if (seg < 0)
    return G_FIELD;
  switch (t->segments[seg].kind)
    {
      case CTL_FEATURE_CITY:
        return G_CITY;
      case CTL_FEATURE_ROAD:
        return vertical ? G_ROAD_V : G_ROAD_H;
      case CTL_FEATURE_CLOISTER:
        return G_CLOISTER;
      case CTL_FEATURE_WATER:
        return G_WATER;
      default:
        return G_FIELD;
    }
}

static void
set_road (Layout *l, gint r, gint c, gint seg, guint arms)
{
  set_cell (l, r, c, seg, G_ROAD_BOX);
  l->arms[r][c] = (guint8)arms;
}

/* Which segment owns each side and half-edge of a tile, in board orientation. */
typedef struct
{
  gint side[4];
  gint half[N_HALVES];
} Owners;

/* A blank picture: all field (@half: the triangle of a triangular piece, the rest not its own). */
static void
layout_clear (Layout *l, gboolean half)
{
  memset (l, 0, sizeof *l);
  for (gint r = 0; r < CELL_H; r++)
    for (gint c = 0; c < CELL_W; c++)
      set_cell (l, r, c, -1, !half || c > 2 * r ? G_FIELD : G_NONE);
}

static void
square_owners (const CtlTileType *t, guint rotation, Owners *o)
{
  for (guint s = 0; s < 4; s++)
    o->side[s] = -1;
  for (guint h = 0; h < N_HALVES; h++)
    o->half[h] = -1;
  for (guint i = 0; i < t->n_segments; i++)
    {
      guint32 loc = ctl_location_rotate (t->segments[i].locations, rotation);
      for (guint s = 0; s < 4; s++)
        if (loc & CTL_LOC_SIDE (s))
          {
            o->side[s] = (gint)i;
            if (t->segments[i].kind != CTL_FEATURE_ROAD)
              o->half[2 * s] = o->half[2 * s + 1] = (gint)i;
          }
      for (guint h = 0; h < 8; h++)
        if (loc & CTL_LOC_HALF (h))
          o->half[h] = (gint)i;
    }
}

/* The edge rows and columns of a square tile: half-edges, sides, corners and walls. Returns
 * whether the tile has a wall. */
static gboolean
square_edges (const CtlTileType *t, guint rotation, const Owners *o, Layout *l)
{
  const gint *half = o->half;
  for (gint c = 1; c <= 2; c++)
    {
      set_cell (l, 0, c, half[H_NNW], kind_glyph (t, half[H_NNW], FALSE));
      set_cell (l, 0, c + 3, half[H_NNE], kind_glyph (t, half[H_NNE], FALSE));
      set_cell (l, 2, c, half[H_SSW], kind_glyph (t, half[H_SSW], FALSE));
      set_cell (l, 2, c + 3, half[H_SSE], kind_glyph (t, half[H_SSE], FALSE));
    }
  gint n = o->side[CTL_SIDE_N] >= 0 ? o->side[CTL_SIDE_N] : half[H_NNW];
  gint s = o->side[CTL_SIDE_S] >= 0 ? o->side[CTL_SIDE_S] : half[H_SSW];
  gint w = o->side[CTL_SIDE_W] >= 0 ? o->side[CTL_SIDE_W] : half[H_WNW];
  gint e = o->side[CTL_SIDE_E] >= 0 ? o->side[CTL_SIDE_E] : half[H_ENE];
  set_cell (l, 0, 3, n, kind_glyph (t, n, TRUE));
  set_cell (l, 2, 3, s, kind_glyph (t, s, TRUE));
  set_cell (l, 1, 0, w, kind_glyph (t, w, FALSE));
  set_cell (l, 1, 6, e, kind_glyph (t, e, FALSE));
  static const gint corners[4][4] = {
    { 0, 0, H_NNW, H_WNW },
    { 0, 6, H_NNE, H_ENE },
    { 2, 6, H_SSE, H_ESE },
    { 2, 0, H_SSW, H_WSW },
  };
  for (guint k = 0; k < 4; k++)
    {
      gint c = corner_owner (t, half[corners[k][2]], half[corners[k][3]]);
      set_cell (l, corners[k][0], corners[k][1], c, kind_glyph (t, c, FALSE));
    }
  gboolean walled = FALSE;
  for (guint side = 0; side < 4; side++)
    if (t->edges[(side + 4 - (rotation & 3)) & 3] == CTL_EDGE_WALL)
      for (gint i = 0; i < (side % 2 ? CELL_H : CELL_W); i++)
        {
          gint r = side == CTL_SIDE_N ? 0 : side == CTL_SIDE_S ? CELL_H - 1 : i;
          gint c = side == CTL_SIDE_W ? 0 : side == CTL_SIDE_E ? CELL_W - 1 : i;
          set_cell (l, r, c, -1, G_WALL);
          walled = TRUE;
        }
  return walled;
}

/* A city of a square tile in the middle row, from the sides it touches. */
static void
square_city (Layout *l, gint i, guint32 sides)
{
  guint ns = (guint)__builtin_popcount (sides);
  gboolean has_w = sides & CTL_LOC_SIDE (CTL_SIDE_W), has_e = sides & CTL_LOC_SIDE (CTL_SIDE_E);
  gboolean has_n = sides & CTL_LOC_SIDE (CTL_SIDE_N), has_s = sides & CTL_LOC_SIDE (CTL_SIDE_S);
  if (ns < 2)
    {
      if (has_w)
        set_cell (l, 1, 1, i, G_CITY);
      else if (has_e)
        set_cell (l, 1, 5, i, G_CITY);
      return;
    }
  if (has_w)
    fill_middle (l, 1, 2, i, G_CITY);
  if (has_e)
    fill_middle (l, 4, 5, i, G_CITY);
  if (has_n && has_s)
    fill_middle (l, 2, 4, i, G_CITY);
  if ((has_e && has_w) || ns >= 3)
    fill_middle (l, 3, 3, i, G_CITY);
}

/* A road of a square tile in the middle row. Returns TRUE if it ends in the middle. */
static gboolean
square_road (Layout *l, gint i, guint32 sides)
{
  guint ns = (guint)__builtin_popcount (sides);
  if (sides & CTL_LOC_SIDE (CTL_SIDE_W))
    fill_middle (l, 1, 2, i, G_ROAD_H);
  if (sides & CTL_LOC_SIDE (CTL_SIDE_E))
    fill_middle (l, 4, 5, i, G_ROAD_H);
  if (ns >= 2)
    set_road (l, 1, 3, i, l->arms[1][3] | sides);
  return ns == 1;
}

/* Water of a square tile in the middle row: its west and east parts, and the middle unless a
 * road crosses there (a bridge) or it runs only north-south (the edge cells show it). */
static void
square_water (Layout *l, gint i, guint32 sides)
{
  if (sides & CTL_LOC_SIDE (CTL_SIDE_W))
    fill_middle (l, 1, 2, i, G_WATER);
  if (sides & CTL_LOC_SIDE (CTL_SIDE_E))
    fill_middle (l, 4, 5, i, G_WATER);
  if (l->owner[1][3] < 0)
    set_cell (l, 1, 3, i, G_WATER);
}

/* The middle row of a square tile: cities, then roads, then water, then the cloister.
 * Returns whether some road ends in the middle. */
static gboolean
square_middle (const CtlTileType *t, guint rotation, Layout *l)
{
  gboolean road_ends = FALSE;
  static const CtlFeatureKind order[]
      = { CTL_FEATURE_CITY, CTL_FEATURE_ROAD, CTL_FEATURE_WATER, CTL_FEATURE_CLOISTER };
  for (guint pass = 0; pass < G_N_ELEMENTS (order); pass++)
    for (guint i = 0; i < t->n_segments; i++)
      {
        const CtlSegment *seg = &t->segments[i];
        guint32 sides = ctl_location_rotate (seg->locations, rotation) & CTL_LOC_SIDES;
        if (seg->kind != order[pass])
          continue;
        if (seg->kind == CTL_FEATURE_CITY)
          square_city (l, (gint)i, sides);
        else if (seg->kind == CTL_FEATURE_ROAD)
          road_ends |= square_road (l, (gint)i, sides);
        else if (seg->kind == CTL_FEATURE_WATER)
          square_water (l, (gint)i, sides);
        else
          set_cell (l, 1, 3, (gint)i, G_CLOISTER);
      }
  return road_ends;
}

static void
layout_square (const CtlTileType *t, guint rotation, Layout *l)
{
  Owners o;
  layout_clear (l, FALSE);
  square_owners (t, rotation, &o);
  gboolean walled = square_edges (t, rotation, &o, l);
  gboolean road_ends = square_middle (t, rotation, l);

  /* What is left of the middle row goes to a field beside it (inside walls with none, it stays
   * blank); roads ending in an empty middle meet at a junction. */
  static const guint west[] = { H_WNW, H_WSW, H_NNW, H_SSW };
  static const guint east[] = { H_ENE, H_ESE, H_NNE, H_SSE };
  static const guint mid[] = { H_NNW, H_NNE, H_SSW, H_SSE, H_WNW, H_ENE };
  for (gint c = 1; c <= 5; c++)
    if (l->owner[1][c] < 0)
      {
        if (c == 3 && road_ends)
          {
            set_cell (l, 1, c, -1, G_JUNCTION);
            continue;
          }
        gint f = c < 3   ? first_field (t, o.half, west, G_N_ELEMENTS (west))
                 : c > 3 ? first_field (t, o.half, east, G_N_ELEMENTS (east))
                         : first_field (t, o.half, mid, G_N_ELEMENTS (mid));
        set_cell (l, 1, c, f, f < 0 && walled ? G_EMPTY : G_FIELD);
      }
}

/* The reflection of a triangular piece across its axis, in its own orientation: legs swapped, each
 * edge's ports in the other order. A mirror of the cell does that to the triangle. */
static guint32
half_reflect (guint32 loc)
{
  static const guint32 pairs[][2] = {
    { CTL_LOC_SIDE (CTL_SIDE_N), CTL_LOC_SIDE (CTL_SIDE_E) },
    { CTL_LOC_HALF (H_NNW), CTL_LOC_HALF (H_ESE) },
    { CTL_LOC_HALF (H_NNE), CTL_LOC_HALF (H_ENE) },
    { CTL_LOC_LSE, CTL_LOC_LNW },
  };
  guint32 out = loc & CTL_LOC_L;
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      if (loc & pairs[i][0])
        out |= pairs[i][1];
      if (loc & pairs[i][1])
        out |= pairs[i][0];
    }
  return out;
}

/* Mirrors a picture left to right (@across) and top to bottom (@down). */
static void
mirror (Layout *l, gboolean across, gboolean down)
{
  Layout m;
  for (gint r = 0; r < CELL_H; r++)
    for (gint c = 0; c < CELL_W; c++)
      {
        gint r2 = down ? CELL_H - 1 - r : r, c2 = across ? CELL_W - 1 - c : c;
        guint a = l->arms[r][c];
        Glyph g = l->glyph[r][c];
        if (across)
          a = (a & (ARM_N | ARM_S)) | (a & ARM_E ? ARM_W : 0) | (a & ARM_W ? ARM_E : 0);
        if (down)
          a = (a & (ARM_E | ARM_W)) | (a & ARM_N ? ARM_S : 0) | (a & ARM_S ? ARM_N : 0);
        if (across != down && (g == G_DIAG_DOWN || g == G_DIAG_UP))
          g = g == G_DIAG_DOWN ? G_DIAG_UP : G_DIAG_DOWN;
        m.glyph[r2][c2] = g;
        m.owner[r2][c2] = l->owner[r][c];
        m.arms[r2][c2] = (guint8)a;
      }
  *l = m;
}

/* A triangular piece's sides in its own orientation: the legs north and east, the long side. */
enum
{
  LEG_N,
  LEG_E,
  LONG
};

/* The triangle's long side, row by row: row, column and the half-edge it stands for (-1: the
 * middle, the side itself). */
static const gint diagonal[3][3] = { { 0, 1, H_LNW }, { 1, 3, -1 }, { 2, 5, H_LSE } };

static void
half_owners (const CtlTileType *t, gboolean reflect, Owners *o)
{
  static const struct
  {
    guint32 bit;
    gint side, a, b;
  } sides[] = {
    { CTL_LOC_SIDE (CTL_SIDE_N), LEG_N, H_NNW, H_NNE },
    { CTL_LOC_SIDE (CTL_SIDE_E), LEG_E, H_ENE, H_ESE },
    { CTL_LOC_L, LONG, H_LSE, H_LNW },
  };
  static const guint32 half_bits[][2] = {
    { CTL_LOC_HALF (H_NNW), H_NNW }, { CTL_LOC_HALF (H_NNE), H_NNE },
    { CTL_LOC_HALF (H_ENE), H_ENE }, { CTL_LOC_HALF (H_ESE), H_ESE },
    { CTL_LOC_LSE, H_LSE },          { CTL_LOC_LNW, H_LNW },
  };
  for (guint s = 0; s < 4; s++)
    o->side[s] = -1;
  for (guint h = 0; h < N_HALVES; h++)
    o->half[h] = -1;
  for (guint i = 0; i < t->n_segments; i++)
    {
      guint32 loc = reflect ? half_reflect (t->segments[i].locations) : t->segments[i].locations;
      for (guint k = 0; k < G_N_ELEMENTS (sides); k++)
        if (loc & sides[k].bit)
          {
            o->side[sides[k].side] = (gint)i;
            if (t->segments[i].kind != CTL_FEATURE_ROAD)
              o->half[sides[k].a] = o->half[sides[k].b] = (gint)i;
          }
      for (guint k = 0; k < G_N_ELEMENTS (half_bits); k++)
        if (loc & half_bits[k][0])
          o->half[half_bits[k][1]] = (gint)i;
    }
}

/* The legs, their corners, the long side (a line where no city crosses it) and the walls. */
static void
half_edges (const CtlTileType *t, gboolean reflect, const Owners *o, Layout *l)
{
  const gint *half = o->half;
  set_cell (l, 0, 2, half[H_NNW], kind_glyph (t, half[H_NNW], FALSE));
  for (gint c = 4; c <= 5; c++)
    set_cell (l, 0, c, half[H_NNE], kind_glyph (t, half[H_NNE], FALSE));
  gint n = o->side[LEG_N] >= 0 ? o->side[LEG_N] : half[H_NNW];
  gint e = o->side[LEG_E] >= 0 ? o->side[LEG_E] : half[H_ENE];
  set_cell (l, 0, 3, n, kind_glyph (t, n, TRUE));
  set_cell (l, 1, 6, e, kind_glyph (t, e, FALSE));
  gint c = corner_owner (t, half[H_NNE], half[H_ENE]);
  set_cell (l, 0, 6, c, kind_glyph (t, c, FALSE));
  c = corner_owner (t, half[H_ESE], half[H_LSE]);
  set_cell (l, 2, 6, c, kind_glyph (t, c, FALSE));
  for (guint k = 0; k < 3; k++)
    {
      gint d = diagonal[k][2] >= 0  ? half[diagonal[k][2]]
               : o->side[LONG] >= 0 ? o->side[LONG]
                                    : half[H_LNW];
      gboolean city = d >= 0 && t->segments[d].kind == CTL_FEATURE_CITY;
      set_cell (l, diagonal[k][0], diagonal[k][1], d, city ? G_CITY : G_DIAG_DOWN);
    }
  guint edges[3] = { t->edges[reflect ? 1 : 0], t->edges[reflect ? 0 : 1], t->edges[2] };
  for (gint i = 0; i < CELL_W; i++)
    {
      if (edges[LEG_N] == CTL_EDGE_WALL && i > 0)
        set_cell (l, 0, i, -1, G_WALL);
      if (edges[LEG_E] == CTL_EDGE_WALL && i < CELL_H)
        set_cell (l, i, CELL_W - 1, -1, G_WALL);
      if (edges[LONG] == CTL_EDGE_WALL && i < 3)
        set_cell (l, diagonal[i][0], diagonal[i][1], -1, G_WALL);
    }
}

/* A road of a triangular piece, touching legs N, E and the long side as @loc says. Returns TRUE if
 * it ends in the middle. */
static gboolean
half_road (Layout *l, gint i, guint32 loc)
{
  gboolean has_n = (loc & CTL_LOC_SIDE (CTL_SIDE_N)) != 0;
  gboolean has_e = (loc & CTL_LOC_SIDE (CTL_SIDE_E)) != 0, has_l = (loc & CTL_LOC_L) != 0;
  if (has_n && has_e && !has_l)
    {
      /* A curve from N to E: a step round the corner's small field. */
      set_road (l, 0, 3, i, ARM_N | ARM_E);
      set_road (l, 0, 4, i, ARM_E | ARM_W);
      set_road (l, 0, 5, i, ARM_W | ARM_S);
      set_road (l, 1, 5, i, ARM_N | ARM_E);
      set_road (l, 1, 6, i, ARM_E | ARM_W);
      return FALSE;
    }
  if (has_n)
    set_road (l, 0, 3, i, ARM_N | ARM_S);
  if (has_e)
    for (gint c = 5; c <= 6; c++)
      set_road (l, 1, c, i, ARM_E | ARM_W);
  if (has_l)
    set_road (l, 1, 3, i, has_n && !has_e ? ARM_N | ARM_S : ARM_E | ARM_W);
  if (has_e && has_l)
    set_road (l, 1, 4, i, ARM_E | ARM_W);
  return (guint)has_n + (guint)has_e + (guint)has_l == 1;
}

/* The middle of a triangular piece: cities, then roads, then the cloister. Returns whether some
 * road ends in the middle. */
static gboolean
half_middle (const CtlTileType *t, gboolean reflect, Layout *l)
{
  gboolean road_ends = FALSE;
  static const CtlFeatureKind order[]
      = { CTL_FEATURE_CITY, CTL_FEATURE_ROAD, CTL_FEATURE_WATER, CTL_FEATURE_CLOISTER };
  for (guint pass = 0; pass < G_N_ELEMENTS (order); pass++)
    for (guint i = 0; i < t->n_segments; i++)
      {
        const CtlSegment *seg = &t->segments[i];
        guint32 loc = reflect ? half_reflect (seg->locations) : seg->locations;
        if (seg->kind != order[pass])
          continue;
        if (seg->kind == CTL_FEATURE_CITY)
          {
            gboolean has_e = (loc & CTL_LOC_SIDE (CTL_SIDE_E)) != 0;
            guint ns = (guint)__builtin_popcount (
                loc & (CTL_LOC_SIDE (CTL_SIDE_N) | CTL_LOC_SIDE (CTL_SIDE_E) | CTL_LOC_L));
            if (has_e)
              set_cell (l, 1, 5, (gint)i, G_CITY);
            if ((loc & CTL_LOC_L) && ns >= 2)
              set_cell (l, 1, 4, (gint)i, G_CITY);
          }
        else if (seg->kind == CTL_FEATURE_ROAD)
          road_ends |= half_road (l, (gint)i, loc);
        else
          set_cell (l, 1, 4, (gint)i, G_CLOISTER);
      }
  return road_ends;
}

/* A triangular piece: laid out as the north-east triangle (see the top of this file), from the
 * tile's segments reflected for the odd corners, then mirrored into its corner: top to bottom
 * for south-east, left to right for north-west, both (a half turn) for south-west. */
static void
layout_half (const CtlTileType *t, guint rotation, Layout *l)
{
  gboolean reflect = rotation & 1;
  Owners o;
  layout_clear (l, TRUE);
  half_owners (t, reflect, &o);
  half_edges (t, reflect, &o, l);
  gboolean road_ends = half_middle (t, reflect, l);
  static const guint west[] = { H_ESE, H_LSE, H_ENE, H_NNE, H_NNW, H_LNW };
  static const guint east[] = { H_ENE, H_ESE, H_NNE, H_LSE, H_NNW, H_LNW };
  for (gint c = 4; c <= 5; c++)
    if (l->owner[1][c] < 0)
      {
        if (c == 4 && road_ends)
          set_cell (l, 1, c, -1, G_JUNCTION);
        else
          set_cell (l, 1, c, first_field (t, o.half, c == 4 ? west : east, G_N_ELEMENTS (west)),
                    G_FIELD);
      }
  mirror (l, rotation == 2 || rotation == 3, rotation == 1 || rotation == 2);
}

static void
layout_tile (const CtlTileType *t, guint rotation, Layout *l)
{
  if (t->half)
    layout_half (t, rotation & 3, l);
  else
    layout_square (t, rotation, l);

  /* Shields, then the attributes' marks: beside the spot a follower would take. */
  for (guint i = 0; i < t->n_segments; i++)
    {
      const CtlSegment *seg = &t->segments[i];
      gint skip[8][2] = { { -1, -1 } }, r, c;
      guint n = 1;
      if (!anchor (l, (gint)i, -1, -1, &skip[0][0], &skip[0][1]))
        continue;
      if (seg->shield && anchor_skipping (l, (gint)i, skip, n, &r, &c))
        {
          l->glyph[r][c] = G_SHIELD;
          skip[n][0] = r;
          skip[n++][1] = c;
        }
      for (guint k = 0; seg->attributes && seg->attributes[k] && n < G_N_ELEMENTS (skip); k++)
        /* no room beside it (a road of one character): on the follower's spot */
        if (anchor_skipping (l, (gint)i, skip, n, &r, &c)
            || (r = skip[0][0], c = skip[0][1], l->glyph[r][c] != G_ATTRIBUTE))
          {
            l->glyph[r][c] = G_ATTRIBUTE;
            l->mark[r][c] = seg->marks ? seg->marks[k] : g_ascii_tolower (seg->attributes[k][0]);
            skip[n][0] = r;
            skip[n++][1] = c;
          }
    }
}

/* The canvas: per character a glyph string and its SGR parameters. */
typedef struct
{
  const char *text;
  const char *sgr;
} Char;

typedef struct
{
  guint w, h; /* in characters */
  Char *chars;
} Canvas;

static void
canvas_init (Canvas *cv, guint w, guint h)
{
  cv->w = w;
  cv->h = h;
  cv->chars = g_new0 (Char, (gsize)w * h);
  for (guint i = 0; i < w * h; i++)
    cv->chars[i].text = " ";
}

static Char *
canvas_at (Canvas *cv, guint x, guint y)
{
  return &cv->chars[(gsize)y * cv->w + x];
}

static void
put_glyph (Canvas *cv, guint x, guint y, const GlyphSet *gs, Glyph g, guint arms)
{
  if (g == G_NONE)
    return;
  Char *ch = canvas_at (cv, x, y);
  ch->text = g == G_ROAD_BOX ? gs->box[arms & 15] : gs->glyph[g];
  ch->sgr = glyph_sgr[g];
}

/* Draws a tile (or '?' for an unknown type) with its top-left character at @x, @y. */
static void
draw_tile (Canvas *cv, guint x, guint y, const CtlTileType *t, guint rotation, const GlyphSet *gs)
{
  if (!t)
    {
      for (guint r = 0; r < CELL_H; r++)
        for (guint c = 0; c < CELL_W; c++)
          put_glyph (cv, x + c, y + r, gs, r == 1 && c == 3 ? G_UNKNOWN : G_FIELD, 0);
      return;
    }
  Layout l;
  layout_tile (t, rotation, &l);
  for (guint r = 0; r < CELL_H; r++)
    for (guint c = 0; c < CELL_W; c++)
      {
        put_glyph (cv, x + c, y + r, gs, l.glyph[r][c], l.arms[r][c]);
        if (l.glyph[r][c] == G_ATTRIBUTE)
          canvas_at (cv, x + c, y + r)->text = letter_text (l.mark[r][c]);
      }
}

/* Appends the canvas's row @y with colours when asked. */
static void
append_row (GString *out, Canvas *cv, guint y, gboolean colour)
{
  const char *cur = NULL;
  for (guint x = 0; x < cv->w; x++)
    {
      const Char *ch = canvas_at (cv, x, y);
      if (colour && g_strcmp0 (ch->sgr, cur) != 0)
        {
          if (cur)
            g_string_append (out, "\033[0m");
          if (ch->sgr)
            g_string_append_printf (out, "\033[%sm", ch->sgr);
          cur = ch->sgr;
        }
      g_string_append (out, ch->text);
    }
  if (cur)
    g_string_append (out, "\033[0m");
  /* No trailing spaces: they only make tests and diffs harder to read. */
  while (out->len && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);
  g_string_append_c (out, '\n');
}

static void
append_coloured (GString *out, const char *text, const char *sgr, gboolean colour)
{
  if (colour && sgr)
    g_string_append_printf (out, "\033[%sm%s\033[0m", sgr, text);
  else
    g_string_append (out, text);
}

char *
ctl_player_label (const CtlPlayer *player, gint seat, CtlRenderFlags flags)
{
  const char *name = player && player->name && *player->name ? player->name : NULL;
  g_autofree char *text = name ? g_strdup (name) : g_strdup_printf ("seat %d", seat);
  if (!(flags & CTL_RENDER_COLOR) || !player)
    return g_steal_pointer (&text);
  const char *sgr = ctl_colour_sgr (player->colour);
  return sgr ? g_strdup_printf ("\033[%sm%s\033[0m", sgr, text) : g_steal_pointer (&text);
}

/* The game's figure kinds: the board's list, or those of its followers in their order. */
static GPtrArray *
figure_kinds (const CtlBoard *b)
{
  GPtrArray *kinds = g_ptr_array_new ();
  for (guint i = 0; i < b->n_figures; i++)
    g_ptr_array_add (kinds, (gpointer)b->figures[i]);
  for (guint i = 0; i < b->n_followers; i++)
    {
      const char *f = b->followers[i].figure;
      guint k = 0;
      while (f && k < kinds->len && g_strcmp0 (kinds->pdata[k], f) != 0)
        k++;
      if (f && k == kinds->len)
        g_ptr_array_add (kinds, (gpointer)f);
    }
  return kinds;
}

static char
follower_letter (const CtlBoard *b, const CtlFollower *f)
{
  if (!f->figure)
    return 0;
  g_autoptr (GPtrArray) kinds = figure_kinds (b);
  return ctl_figure_letter ((const char *const *)kinds->pdata, kinds->len, f->figure);
}

/* The marks of the attributes on the board's tiles, each name once, in the order they occur. */
static void
append_attribute_legend (GString *out, const CtlBoard *b, gboolean colour)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < b->n_tiles; i++)
    {
      const CtlTileType *t = ctl_tile_type_lookup (b->types, b->n_types, b->tiles[i].tile);
      for (guint s = 0; t && s < t->n_segments; s++)
        {
          const CtlSegment *seg = &t->segments[s];
          for (guint k = 0; seg->attributes && seg->attributes[k]; k++)
            {
              const char *name = seg->attributes[k];
              if (!g_hash_table_add (seen, (gpointer)name))
                continue;
              char mark = seg->marks ? seg->marks[k] : g_ascii_tolower (name[0]);
              append_coloured (out, letter_text (mark), glyph_sgr[G_ATTRIBUTE], colour);
              g_string_append_printf (out, " %s  ", name);
            }
        }
    }
}

/* "  L large-follower" for each figure kind other than the follower on the board. */
static void
append_figure_legend (GString *out, const CtlBoard *b, gboolean colour)
{
  g_autoptr (GPtrArray) kinds = figure_kinds (b);
  for (guint k = 0; k < kinds->len; k++)
    {
      const char *kind = kinds->pdata[k];
      char letter = ctl_figure_letter ((const char *const *)kinds->pdata, kinds->len, kind);
      gboolean shown = FALSE;
      for (guint i = 0; letter && i < b->n_followers && !shown; i++)
        shown = g_strcmp0 (b->followers[i].figure, kind) == 0;
      if (!shown)
        continue;
      g_string_append (out, "  ");
      append_coloured (out, letter_text (letter), "1", colour);
      g_string_append_printf (out, " %s", kind);
    }
}

static void
append_legend (GString *out, const CtlBoard *b, const GlyphSet *gs, gboolean colour)
{
  static const struct
  {
    Glyph g;
    const char *what;
  } symbols[] = {
    { G_FIELD, "field" }, { G_CITY, "city" },           { G_SHIELD, "shield" },
    { G_ROAD_H, "road" }, { G_JUNCTION, "junction" },   { G_CLOISTER, "cloister" },
    { G_WALL, "wall" },   { G_DIAG_DOWN, "long side" }, { G_WATER, "water" },
  };
  /* The wall, the long side and water only when the board shows them. */
  gboolean shown[G_UNKNOWN + 1] = { FALSE };
  for (guint i = 0; i < b->n_tiles; i++)
    {
      const CtlTileType *t = ctl_tile_type_lookup (b->types, b->n_types, b->tiles[i].tile);
      for (guint e = 0; t && e < 4; e++)
        shown[G_WALL] |= t->edges[e] == CTL_EDGE_WALL && (e < 3 || !t->half);
      shown[G_DIAG_DOWN] |= t && t->half;
      for (guint s = 0; t && s < t->n_segments; s++)
        shown[G_WATER] |= t->segments[s].kind == CTL_FEATURE_WATER;
    }
  g_string_append (out, "  ");
  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (symbols[i].g < G_WALL || shown[symbols[i].g])
      {
        append_coloured (out, gs->glyph[symbols[i].g], glyph_sgr[symbols[i].g], colour);
        g_string_append_printf (out, " %s  ", symbols[i].what);
      }
  if (b->n_marks)
    {
      append_coloured (out, gs->glyph[G_MARK], glyph_sgr[G_MARK], colour);
      g_string_append (out, " the tile fits here  ");
    }
  append_attribute_legend (out, b, colour);
  if (colour)
    append_coloured (out, gs->glyph[G_FOLLOWER], "1", TRUE);
  g_string_append (out, colour ? " follower" : "0-5 follower (seat)");
  append_figure_legend (out, b, colour);
  g_string_append_c (out, '\n');
  for (guint p = 0; p < b->n_players; p++)
    {
      const CtlPlayer *pl = &b->players[p];
      const char *sgr = ctl_colour_sgr (pl->colour);
      g_string_append (out, pl->active ? "> " : "  ");
      if (colour && sgr)
        append_coloured (out, gs->glyph[G_FOLLOWER], sgr, TRUE);
      else
        g_string_append (out, p < G_N_ELEMENTS (digits) ? digits[p] : "?");
      g_string_append_printf (
          out, " %-6s %-16s %3u points  %u follower%s%s%s\n", pl->colour ? pl->colour : "",
          pl->name ? pl->name : "", pl->score, pl->followers, pl->followers == 1 ? "" : "s",
          pl->bot ? "  (bot)" : "", !pl->bot && !pl->connected ? "  (disconnected)" : "");
    }
}

static void
append_centred (GString *out, const char *text, guint width)
{
  guint len = (guint)g_utf8_strlen (text, -1);
  guint left = len < width ? (width - len) / 2 : 0;
  guint right = len < width ? width - len - left : 0;
  g_string_append_printf (out, "%*s%s%*s", (int)left, "", text, (int)right, "");
}

/* The cells a board drawing covers: every tile and mark. */
typedef struct
{
  gint x0, y0, x1, y1;
} Bounds;

static Bounds
board_bounds (const CtlBoard *b)
{
  Bounds r = { G_MAXINT, G_MAXINT, G_MININT, G_MININT };
  for (guint i = 0; i < b->n_tiles + b->n_marks; i++)
    {
      gint x = i < b->n_tiles ? b->tiles[i].x : b->marks[2 * (i - b->n_tiles)];
      gint y = i < b->n_tiles ? b->tiles[i].y : b->marks[2 * (i - b->n_tiles) + 1];
      r.x0 = MIN (r.x0, x);
      r.y0 = MIN (r.y0, y);
      r.x1 = MAX (r.x1, x);
      r.y1 = MAX (r.y1, y);
    }
  return r;
}

/* A mark in the middle of its cell, or in the empty triangle beside a triangular piece. */
static void
draw_marks (Canvas *cv, const CtlBoard *b, Bounds r, const GlyphSet *gs)
{
  static const guint columns[] = { 3, 1, 5 };
  for (guint i = 0; i < b->n_marks; i++)
    {
      guint x = (guint)(b->marks[2 * i] - r.x0) * CELL_W,
            y = (guint)(b->marks[2 * i + 1] - r.y0) * CELL_H;
      for (guint k = 0; k < G_N_ELEMENTS (columns); k++)
        if (g_str_equal (canvas_at (cv, x + columns[k], y + 1)->text, " "))
          {
            put_glyph (cv, x + columns[k], y + 1, gs, G_MARK, 0);
            break;
          }
    }
}

/* The tile a follower stands on: its piece, else the last tile listed in its cell. */
static const CtlPlacedTile *
follower_tile (const CtlBoard *b, const CtlFollower *f)
{
  if (f->piece && f->piece <= b->n_tiles)
    return &b->tiles[f->piece - 1];
  const CtlPlacedTile *pt = NULL;
  for (guint k = 0; k < b->n_tiles; k++)
    if (b->tiles[k].x == f->x && b->tiles[k].y == f->y)
      pt = &b->tiles[k];
  return pt;
}

/* Each figure on its segment's anchor: a follower is its player's digit, or a dot in the
 * player's colour; another kind its letter in the player's colour, or the digit then the
 * letter (before it at a tile's east edge). */
static void
draw_followers (Canvas *cv, const CtlBoard *b, Bounds r, const GlyphSet *gs, gboolean colour)
{
  for (guint i = 0; i < b->n_followers; i++)
    {
      const CtlFollower *f = &b->followers[i];
      const CtlPlacedTile *pt = follower_tile (b, f);
      const CtlTileType *t = pt ? ctl_tile_type_lookup (b->types, b->n_types, pt->tile) : NULL;
      gint row = 1, col = 3;
      if (t && f->segment < t->n_segments)
        {
          Layout l;
          layout_tile (t, pt->rotation, &l);
          anchor (&l, (gint)f->segment, -1, -1, &row, &col);
        }
      if (f->x < r.x0 || f->x > r.x1 || f->y < r.y0 || f->y > r.y1)
        continue;
      Char *ch = canvas_at (cv, (guint)(f->x - r.x0) * CELL_W + (guint)col,
                            (guint)(f->y - r.y0) * CELL_H + (guint)row);
      const CtlPlayer *pl
          = f->seat >= 0 && (guint)f->seat < b->n_players ? &b->players[f->seat] : NULL;
      const char *sgr = pl ? ctl_colour_sgr (pl->colour) : NULL;
      char letter = follower_letter (b, f);
      if (colour && sgr)
        ch->text = letter ? letter_text (letter) : gs->glyph[G_FOLLOWER];
      else
        ch->text = f->seat >= 0 && (guint)f->seat < G_N_ELEMENTS (digits) ? digits[f->seat] : "?";
      ch->sgr = sgr ? sgr : "1";
      if (letter && !(colour && sgr))
        {
          Char *next = col + 1 < CELL_W ? ch + 1 : ch - 1;
          next->text = letter_text (letter);
          next->sgr = "1";
        }
    }
}

/* The canvas with column labels (x) above, row labels (y) on the left of each tile row's
 * middle line. */
static void
append_labelled (GString *out, Canvas *cv, Bounds r, gboolean colour)
{
  g_autofree char *top = g_strdup_printf ("%d", r.y0);
  g_autofree char *bottom = g_strdup_printf ("%d", r.y1);
  guint margin = MAX (MAX ((guint)strlen (top), (guint)strlen (bottom)), 2) + 1;
  g_string_append_printf (out, "%*s", (int)margin, "");
  for (gint x = r.x0; x <= r.x1; x++)
    {
      g_autofree char *label = g_strdup_printf ("%d", x);
      append_centred (out, label, CELL_W);
    }
  while (out->len && out->str[out->len - 1] == ' ')
    g_string_truncate (out, out->len - 1);
  g_string_append_c (out, '\n');
  for (guint row = 0; row < cv->h; row++)
    {
      if (row % CELL_H == 1)
        g_string_append_printf (out, "%*d ", (int)margin - 1, r.y0 + (gint)(row / CELL_H));
      else
        g_string_append_printf (out, "%*s", (int)margin, "");
      append_row (out, cv, row, colour);
    }
}

char *
ctl_board_render (const CtlBoard *b, CtlRenderFlags flags)
{
  gboolean colour = (flags & CTL_RENDER_COLOR) != 0;
  const GlyphSet *gs = (flags & CTL_RENDER_ASCII) ? &ascii_glyphs : &unicode_glyphs;
  GString *out = g_string_new (NULL);
  if (!b->n_tiles && !b->n_marks)
    {
      g_string_append (out, "(no tile on the board yet)\n");
      if (flags & CTL_RENDER_LEGEND && b->n_players)
        append_legend (out, b, gs, colour);
      return g_string_free (out, FALSE);
    }

  Bounds r = board_bounds (b);
  guint cols = (guint)(r.x1 - r.x0) + 1, rows = (guint)(r.y1 - r.y0) + 1;
  Canvas cv;
  canvas_init (&cv, cols * CELL_W, rows * CELL_H);
  for (guint i = 0; i < b->n_tiles; i++)
    {
      const CtlPlacedTile *pt = &b->tiles[i];
      draw_tile (&cv, (guint)(pt->x - r.x0) * CELL_W, (guint)(pt->y - r.y0) * CELL_H,
                 ctl_tile_type_lookup (b->types, b->n_types, pt->tile), pt->rotation, gs);
    }
  draw_marks (&cv, b, r, gs);
  draw_followers (&cv, b, r, gs, colour);
  append_labelled (out, &cv, r, colour);
  g_free (cv.chars);

  if (flags & CTL_RENDER_LEGEND)
    append_legend (out, b, gs, colour);
  return g_string_free (out, FALSE);
}

char *
ctl_tiles_render (const CtlTileType *const *types, const guint *rotations,
                  const char *const *labels, guint n, guint per_row, CtlRenderFlags flags)
{
  const GlyphSet *gs = (flags & CTL_RENDER_ASCII) ? &ascii_glyphs : &unicode_glyphs;
  const guint gap = 3;
  guint width = CELL_W;
  for (guint i = 0; i < n; i++)
    width = MAX (width, (guint)g_utf8_strlen (labels[i], -1));
  if (!per_row)
    per_row = MAX ((79 + gap) / (width + gap), 1);
  GString *out = g_string_new (NULL);
  for (guint first = 0; first < n; first += per_row)
    {
      guint count = MIN (per_row, n - first);
      Canvas cv;
      canvas_init (&cv, count * (width + gap), CELL_H);
      for (guint i = 0; i < count; i++)
        {
          draw_tile (&cv, i * (width + gap) + (width - CELL_W) / 2, 0, types[first + i],
                     rotations ? rotations[first + i] : 0, gs);
          append_centred (out, labels[first + i], width);
          g_string_append_printf (out, "%*s", (int)gap, "");
        }
      while (out->len && out->str[out->len - 1] == ' ')
        g_string_truncate (out, out->len - 1);
      g_string_append_c (out, '\n');
      for (guint row = 0; row < CELL_H; row++)
        append_row (out, &cv, row, (flags & CTL_RENDER_COLOR) != 0);
      g_free (cv.chars);
    }
  return g_string_free (out, FALSE);
}

char *
ctl_tile_render (const CtlTileType *type, CtlRenderFlags flags)
{
  const CtlTileType *types[4] = { type, type, type, type };
  const guint rotations[4] = { 0, 1, 2, 3 };
  const char *const labels[4] = { "rot 0", "rot 1", "rot 2", "rot 3" };
  return ctl_tiles_render (types, rotations, labels, 4, 4, flags);
}
