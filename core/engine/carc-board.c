/* carc-board.c: the cell grid, growing as the landscape does, and its frontier. */
#include "config.h"

#include <string.h>
#include "carc-board.h"

const int carc_side_dx[4] = { 0, 1, 0, -1 };
const int carc_side_dy[4] = { -1, 0, 1, 0 };

/* A random base game stays inside 24 x 24 cells 97 times in 100 (32 x 32 always); the rest
 * grows the grid once, to 48 x 48. */
#define INITIAL_SIZE 24

void
carc_board_init (CarcBoard *b)
{
  memset (b, 0, sizeof *b);
  b->w = b->rows = INITIAL_SIZE;
  b->x0 = -INITIAL_SIZE / 2;
  b->block = g_new (CarcCell, b->w * b->rows);
  /* in use: the rows of the start tile at (0, 0) and its neighbours */
  b->top = INITIAL_SIZE / 2 - 1;
  b->y0 = -1;
  b->h = 3;
  b->cells = b->block + b->top * b->w;
  memset (b->cells, 0, b->h * b->w * sizeof (CarcCell));
  b->cap_frontier = 64;
  b->frontier = g_new (CarcFrontierNode, b->cap_frontier);
}

void
carc_board_clear (CarcBoard *b)
{
  g_clear_pointer (&b->block, g_free);
  b->cells = NULL;
  g_clear_pointer (&b->frontier, g_free);
}

void
carc_board_copy (CarcBoard *dst, const CarcBoard *src)
{
  *dst = *src;
  dst->block = g_new (CarcCell, src->w * src->rows);
  dst->cells = dst->block + src->top * src->w;
  memcpy (dst->cells, src->cells, src->h * src->w * sizeof (CarcCell));
  dst->frontier = g_new (CarcFrontierNode, src->cap_frontier);
  memcpy (dst->frontier, src->frontier, src->n_frontier * sizeof (CarcFrontierNode));
}

/* Doubles the block both ways, the old one in its middle; the rows in use stay in use. */
static void
grow (CarcBoard *b)
{
  guint nw = b->w * 2, nrows = b->rows * 2, dx = b->w / 2, top = b->top + b->rows / 2;
  CarcCell *block = g_new (CarcCell, nw * nrows), *cells = block + top * nw;
  memset (cells, 0, b->h * nw * sizeof (CarcCell));
  for (guint row = 0; row < b->h; row++)
    memcpy (&cells[row * nw + dx], &b->cells[row * b->w], b->w * sizeof (CarcCell));
  g_free (b->block);
  b->block = block;
  b->cells = cells;
  b->top = top;
  b->w = nw;
  b->rows = nrows;
  b->x0 -= (gint)dx;
}

/* Puts the rows @lo to @hi in use, zeroing those that were not, growing the block while it
 * lacks them. */
static void
use_rows (CarcBoard *b, gint lo, gint hi)
{
  while (lo < b->y0 - (gint)b->top || hi >= b->y0 - (gint)b->top + (gint)b->rows)
    grow (b);
  if (lo < b->y0)
    {
      guint k = (guint)(b->y0 - lo);
      b->cells -= k * b->w;
      b->top -= k;
      b->y0 = lo;
      b->h += k;
      memset (b->cells, 0, k * b->w * sizeof (CarcCell));
    }
  if (hi >= b->y0 + (gint)b->h)
    {
      guint k = (guint)(hi + 1 - (b->y0 + (gint)b->h));
      memset (b->cells + b->h * b->w, 0, k * b->w * sizeof (CarcCell));
      b->h += k;
    }
}

/* Gives (x, y) and its four neighbours cells: the block grows for a column past its sides, rows
 * come into use one by one. */
static G_GNUC_NO_INLINE void
make_room (CarcBoard *b, gint x, gint y)
{
  while (x - 1 < b->x0 || x + 1 >= b->x0 + (gint)b->w)
    grow (b);
  use_rows (b, y - 1, y + 1);
}

/* Makes sure (x, y) and its four neighbours have cells: one unsigned comparison an axis (at
 * least 3 rows are in use, and the block is wider), and now and then a make_room(). */
static inline void
ensure_room (CarcBoard *b, gint x, gint y)
{
  if (G_UNLIKELY ((guint)(x - 1 - b->x0) > b->w - 3 || (guint)(y - 1 - b->y0) > b->h - 3))
    make_room (b, x, y);
}

/* Takes the cell @c off the frontier: the last frontier cell moves into its place. */
static void
frontier_remove (CarcBoard *b, CarcCell *c)
{
  guint at = c->slot - 1u, last = --b->n_frontier;
  c->slot = 0;
  if (at != last)
    {
      CarcFrontierNode *moved = &b->frontier[at];
      *moved = b->frontier[last];
      /* a frontier cell is inside the grid: no bounds check */
      b->cells[(guint)(moved->y - b->y0) * b->w + (guint)(moved->x - b->x0)].slot
          = (guint16)(at + 1);
    }
}

/* Doubles the frontier array's room. */
static G_GNUC_NO_INLINE void
frontier_grow (CarcBoard *b)
{
  b->cap_frontier *= 2;
  b->frontier = g_renew (CarcFrontierNode, b->frontier, b->cap_frontier);
}

static inline void
frontier_add (CarcBoard *b, CarcCell *c, gint x, gint y, guint16 demand)
{
  if (G_UNLIKELY (b->n_frontier == b->cap_frontier))
    frontier_grow (b);
  b->frontier[b->n_frontier] = (CarcFrontierNode){ (gint16)x, (gint16)y, demand, 0 };
  c->slot = (guint16)++b->n_frontier;
}

/* The edge a piece of @type turned by @rotation shows on board side @side; -1 where a half
 * tile leaves a triangular gap. */
gint
carc_board_edge_on_side (const CarcTileType *type, guint rotation, guint side)
{
  if (type->shape == CARC_SHAPE_SQUARE)
    return (type->code[rotation] >> (3 * side)) & 7;
  guint local = (side + 4 - rotation) & 3;
  return local <= 1 ? (gint)type->edge[local] : -1;
}

/* The piece just put faces the cell @n at (x, y) and adds @give to its demand: an empty cell
 * joins the frontier, or its demand takes the digit (each side of a cell faces one piece at
 * most: adding its digit sets that side). Returns 1 if a piece stands there, else 0. */
static inline guint
touch_side (CarcBoard *b, CarcCell *n, gint x, gint y, guint16 give)
{
  if (n->piece[0])
    return 1;
  if (!n->slot)
    frontier_add (b, n, x, y, give);
  else
    b->frontier[n->slot - 1].demand += give;
  return 0;
}

/* Puts a piece into (x, y): a square into an empty cell, a triangular piece into an empty cell or
 * beside the other half. The empty neighbours join the frontier, with what this piece's edges
 * demand of them (a wall or a triangular gap demands nothing). Returns the sides (bit s for
 * board side s) where a neighbouring cell holds a piece. */
guint
carc_board_put (CarcBoard *b, gint x, gint y, guint piece, const CarcTileType *type, guint rotation)
{
  ensure_room (b, x, y);
  b->block_type = NULL;
  CarcCell *c = carc_board_cell (b, x, y);
  c->piece[c->piece[0] ? 1 : 0] = (guint16)(piece + 1);
  if (c->slot)
    frontier_remove (b, c);
  /* ensure_room() made the neighbours' cells: each is at a fixed offset from this one */
  const guint16 *give = type->gives[rotation];
  guint taken = touch_side (b, c - b->w, x, y - 1, give[0]);
  taken |= touch_side (b, c + 1, x + 1, y, give[1]) << 1;
  taken |= touch_side (b, c + b->w, x, y + 1, give[2]) << 2;
  taken |= touch_side (b, c - 1, x - 1, y, give[3]) << 3;
  return taken;
}

/* Counts the piece just put into (x, y) in its neighbours' near (CarcFrontierNode.near), on a
 * board that counts them from its first piece on. Its empty neighbours are on the frontier now
 * (carc_board_put()), and the cell itself left it with as many occupied neighbours as it has. The
 * second half of a cell changes nothing: the first was counted. */
void
carc_board_count_near (CarcBoard *b, gint x, gint y)
{
  CarcCell *c = carc_board_cell (b, x, y);
  if (c->piece[1])
    return;
  const gint step[4] = { -(gint)b->w, 1, (gint)b->w, -1 };
  guint mine = 0;
  for (guint s = 0; s < 4; s++)
    {
      const CarcCell *n = c + step[s];
      if (n->piece[0])
        {
          mine++;
          continue;
        }
      CarcFrontierNode *f = &b->frontier[n->slot - 1];
      if (f->near)
        b->n_near[f->near]--;
      b->n_near[++f->near]++;
    }
  if (mine)
    b->n_near[mine]--;
}
