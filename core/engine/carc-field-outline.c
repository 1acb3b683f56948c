/* carc-field-outline.c: the exact outline of a field in a tile's picture. The picture paints a
 * field as its half-edges' sectors and the cities over them; a frontend that highlights the
 * field on top of the picture wants what is left visible. It is traced on a grid (marching
 * squares): the points inside the field's sectors and outside every city and cloister, the
 * contour between them, its straight runs merged. */
#include "config.h"

#include <string.h>
#include "carc-picture-private.h"

#define RES  50 /* grid cells a side: 2 units each */
#define STEP ((double)CARC_PICTURE_TILE_SIZE / RES)
#define N    (RES + 3) /* samples a side, with an outside ring */

typedef struct
{
  guint n;
  CarcPt v[CARC_PATH_MAX_POINTS];
  gboolean starts[CARC_PATH_MAX_POINTS];
} Poly;

static gboolean
poly_inside (const Poly *poly, CarcPt p)
{
  gboolean in = FALSE;
  for (guint k = 1; k < poly->n; k++)
    {
      CarcPt a = poly->v[k - 1], b = poly->v[k];
      if (!poly->starts[k] && (a.y > p.y) != (b.y > p.y)
          && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y))
        in = !in;
    }
  return in;
}

typedef struct
{
  gboolean in[N][N];
} Mask;

/* mask[i][j]: sample (i - 1, j - 1) of the grid is in the field; the ring around is not. */
static void
field_mask (const CarcTilePicture *pic, guint seg, gboolean mask[N][N])
{
  const CarcTileType *t = pic->type;
  g_autofree Poly *polys = g_new (Poly, t->n_segments);
  for (guint s = 0; s < t->n_segments; s++)
    polys[s].n = carc_path_flatten (&pic->seg[s].path, polys[s].v, polys[s].starts);
  memset (mask, 0, sizeof (gboolean) * N * N);
  for (guint i = 1; i + 1 < N; i++)
    for (guint j = 1; j + 1 < N; j++)
      {
        /* just inside the tile at its edges, so that edge samples count */
        CarcPt p = { CLAMP ((i - 1) * STEP, 0.01, CARC_PICTURE_TILE_SIZE - 0.01),
                     CLAMP ((j - 1) * STEP, 0.01, CARC_PICTURE_TILE_SIZE - 0.01) };
        gboolean in = poly_inside (&polys[seg], p);
        for (guint s = 0; in && s < t->n_segments; s++)
          if (t->seg[s].kind == CARC_FEATURE_CITY || t->seg[s].kind == CARC_FEATURE_CLOISTER)
            in = !poly_inside (&polys[s], p);
        mask[i][j] = in;
      }
}

/* A point of the contour: the middle of a grid edge, in doubled sample coordinates. */
typedef struct
{
  gint x2, y2;
} Mid;

typedef struct
{
  Mid a, b;
  gboolean used;
} Piece;

static CarcPt
mid_point (Mid m)
{
  double x = (m.x2 / 2.0 - 1) * STEP, y = (m.y2 / 2.0 - 1) * STEP;
  return (CarcPt){ CLAMP (x, 0, CARC_PICTURE_TILE_SIZE), CLAMP (y, 0, CARC_PICTURE_TILE_SIZE) };
}

/* Marching squares: the contour's pieces in the cell whose top-left sample is (i, j). */
static void
cell_pieces (gboolean mask[N][N], guint i, guint j, GArray *pieces)
{
  guint code = mask[i][j] | mask[i + 1][j] << 1 | mask[i + 1][j + 1] << 2 | mask[i][j + 1] << 3;
  Mid top = { 2 * i + 1, 2 * j }, right = { 2 * i + 2, 2 * j + 1 };
  Mid bottom = { 2 * i + 1, 2 * j + 2 }, left = { 2 * i, 2 * j + 1 };
  /* per case, up to two pieces between the edges' middles: 0 top, 1 right, 2 bottom, 3 left */
  static const gint8 table[16][4] = {
    { -1, -1, -1, -1 }, { 3, 0, -1, -1 }, { 0, 1, -1, -1 }, { 3, 1, -1, -1 },
    { 1, 2, -1, -1 },   { 3, 0, 1, 2 },   { 0, 2, -1, -1 }, { 3, 2, -1, -1 },
    { 2, 3, -1, -1 },   { 0, 2, -1, -1 }, { 0, 1, 2, 3 },   { 1, 2, -1, -1 },
    { 3, 1, -1, -1 },   { 0, 1, -1, -1 }, { 3, 0, -1, -1 }, { -1, -1, -1, -1 },
  };
  const Mid mids[4] = { top, right, bottom, left };
  for (guint k = 0; k < 4 && table[code][k] >= 0; k += 2)
    {
      Piece p = { mids[table[code][k]], mids[table[code][k + 1]], FALSE };
      g_array_append_val (pieces, p);
    }
}

static guint
mid_key (Mid m)
{
  return (guint)m.x2 * 1024u + (guint)m.y2;
}

static gboolean
mid_eq (Mid a, Mid b)
{
  return a.x2 == b.x2 && a.y2 == b.y2;
}

/* Is @b on the line from @a to @c (a straight run of the contour)? */
static gboolean
collinear (CarcPt a, CarcPt b, CarcPt c)
{
  double cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  return cross < 0.01 && cross > -0.01;
}

static void
append_point (GString *s, char op, CarcPt p, guint rotation)
{
  p = carc_picture_turn (p, rotation);
  if (s->len)
    g_string_append_c (s, ' ');
  g_string_append_c (s, op);
  carc_svg_num (s, p.x);
  g_string_append_c (s, ' ');
  carc_svg_num (s, p.y);
}

/* Walks one loop from piece @first, writing it to @s with its straight runs merged. */
static void
walk_loop (GArray *pieces, GHashTable *at, guint first, GString *s, guint rotation)
{
  g_autoptr (GArray) loop = g_array_new (FALSE, FALSE, sizeof (CarcPt));
  Piece *p = &g_array_index (pieces, Piece, first);
  Mid start = p->a, cur = p->b;
  p->used = TRUE;
  CarcPt a = mid_point (start);
  g_array_append_val (loop, a);
  while (!mid_eq (cur, start))
    {
      CarcPt c = mid_point (cur), last = g_array_index (loop, CarcPt, loop->len - 1);
      if (c.x != last.x || c.y != last.y) /* clamped to the tile's edge, two may fall together */
        g_array_append_val (loop, c);
      GPtrArray *here = g_hash_table_lookup (at, GUINT_TO_POINTER (mid_key (cur)));
      Piece *next = NULL;
      for (guint k = 0; here && k < here->len && !next; k++)
        if (!((Piece *)g_ptr_array_index (here, k))->used)
          next = g_ptr_array_index (here, k);
      if (!next)
        break;
      next->used = TRUE;
      cur = mid_eq (next->a, cur) ? next->b : next->a;
    }
  guint n = loop->len;
  for (guint k = 0, written = 0; k < n; k++)
    {
      CarcPt prev = g_array_index (loop, CarcPt, (k + n - 1) % n);
      CarcPt here = g_array_index (loop, CarcPt, k);
      CarcPt next = g_array_index (loop, CarcPt, (k + 1) % n);
      if (n > 3 && collinear (prev, here, next))
        continue;
      append_point (s, written++ ? 'L' : 'M', here, rotation);
    }
  g_string_append (s, " Z");
}

char *
carc_picture_field_outline (const CarcTilePicture *pic, guint seg, guint rotation)
{
  g_autofree Mask *m = g_new (Mask, 1);
  gboolean (*mask)[N] = m->in;
  field_mask (pic, seg, mask);
  g_autoptr (GArray) pieces = g_array_new (FALSE, FALSE, sizeof (Piece));
  for (guint i = 0; i + 1 < N; i++)
    for (guint j = 0; j + 1 < N; j++)
      cell_pieces (mask, i, j, pieces);
  /* the pieces at each contour point: two, or four at a saddle */
  g_autoptr (GHashTable) at
      = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify)g_ptr_array_unref);
  for (guint k = 0; k < pieces->len; k++)
    {
      Piece *p = &g_array_index (pieces, Piece, k);
      for (guint e = 0; e < 2; e++)
        {
          gpointer key = GUINT_TO_POINTER (mid_key (e ? p->b : p->a));
          GPtrArray *list = g_hash_table_lookup (at, key);
          if (!list)
            g_hash_table_insert (at, key, list = g_ptr_array_new ());
          g_ptr_array_add (list, p);
        }
    }
  GString *s = g_string_new (NULL);
  for (guint k = 0; k < pieces->len; k++)
    if (!g_array_index (pieces, Piece, k).used)
      walk_loop (pieces, at, k, s, rotation);
  return g_string_free (s, FALSE);
}
