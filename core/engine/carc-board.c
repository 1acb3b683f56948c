/* carc-board.c: the cell grid, growing as the landscape does, and its frontier. */
#include "config.h"

#include <string.h>
#include "carc-board.h"

const int carc_side_dx[4] = { 0, 1, 0, -1 };
const int carc_side_dy[4] = { -1, 0, 1, 0 };

/* A random base game stays inside 24 x 24 cells 97 times in 100 (32 x 32 always); the rest
 * grows the grid once, to 48 x 48. */
#define INITIAL_SIZE 24

/* (Re)allocates the frontier array of @cap cells, with the spare before it and CARC_BOARD_PAD
 * after, then the count's start (CarcBoard.start) for each of those cap + CARC_BOARD_PAD cells.
 * Returns the array; sets the board's start. */
static CarcFrontierNode *
frontier_alloc (CarcBoard *b, CarcFrontierNode *old, guint cap)
{
  guint cells = cap + CARC_BOARD_PAD;
  gsize nodes
      = 1 + cells
        + (cells * sizeof (guint16) + sizeof (CarcFrontierNode) - 1) / sizeof (CarcFrontierNode);
  CarcFrontierNode *f = g_renew (CarcFrontierNode, old ? old - 1 : NULL, nodes) + 1;
  b->start = (guint16 *)(f + cells);
  return f;
}

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
  b->frontier = frontier_alloc (b, NULL, b->cap_frontier);
  memset (b->frontier - 1, 0, (1 + b->cap_frontier + CARC_BOARD_PAD) * sizeof (CarcFrontierNode));
}

void
carc_board_clear (CarcBoard *b)
{
  g_clear_pointer (&b->block, g_free);
  b->cells = NULL;
  if (b->frontier)
    g_free (b->frontier - 1); /* the spare before it */
  b->frontier = NULL;
}

void
carc_board_copy (CarcBoard *dst, const CarcBoard *src)
{
  *dst = *src;
  dst->block = g_new (CarcCell, src->w * src->rows);
  dst->cells = dst->block + src->top * src->w;
  memcpy (dst->cells, src->cells, src->h * src->w * sizeof (CarcCell));
  dst->frontier = frontier_alloc (dst, NULL, src->cap_frontier);
  dst->block_type = NULL; /* the starts are not copied: the next count writes them */
  dst->frontier[-1] = (CarcFrontierNode){ 0 }; /* the spare: never read, but not left undefined */
  /* the cells past the last too: they demand nothing */
  memcpy (dst->frontier, src->frontier,
          (src->cap_frontier + CARC_BOARD_PAD) * sizeof (CarcFrontierNode));
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

/* Rows put in use past those asked for, where the block has them: a landscape that reaches a
 * new row often reaches the next soon, and each call costs more than zeroing a row. */
#define ROW_MARGIN 1
/* Puts the rows @lo to @hi in use, zeroing those that were not (and up to ROW_MARGIN more
 * beyond them, inside the block), growing the block while it lacks them. */
static void
use_rows (CarcBoard *b, gint lo, gint hi)
{
  while (lo < b->y0 - (gint)b->top || hi >= b->y0 - (gint)b->top + (gint)b->rows)
    grow (b);
  gint first = b->y0 - (gint)b->top, last = first + (gint)b->rows - 1;
  if (lo < b->y0)
    {
      lo = MAX (lo - ROW_MARGIN, first);
      guint k = (guint)(b->y0 - lo);
      b->cells -= k * b->w;
      b->top -= k;
      b->y0 = lo;
      b->h += k;
      memset (b->cells, 0, k * b->w * sizeof (CarcCell));
    }
  if (hi >= b->y0 + (gint)b->h)
    {
      hi = MIN (hi + ROW_MARGIN, last);
      guint k = (guint)(hi + 1 - (b->y0 + (gint)b->h));
      memset (b->cells + b->h * b->w, 0, k * b->w * sizeof (CarcCell));
      b->h += k;
    }
}

/* Gives (x, y) and its four neighbours cells: the block grows for a column past its sides, rows
 * come into use a few at a time (use_rows()). */
void
carc_board_make_room (CarcBoard *b, gint x, gint y)
{
  while (x - 1 < b->x0 || x + 1 >= b->x0 + (gint)b->w)
    grow (b);
  use_rows (b, y - 1, y + 1);
}

/* Doubles the frontier array's room (at least 4 cells: carc_board_put()). */
void
carc_board_frontier_grow (CarcBoard *b)
{
  b->frontier = frontier_alloc (b, b->frontier, 2 * b->cap_frontier);
  /* the new cells demand nothing, like the old past the last (CARC_BOARD_PAD) */
  memset (b->frontier + b->cap_frontier + CARC_BOARD_PAD, 0,
          b->cap_frontier * sizeof (CarcFrontierNode));
  b->cap_frontier *= 2;
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

/* One neighbour @n of the piece counted: a frontier cell gains an occupied neighbour. Returns 1
 * when a piece stands there instead. */
static inline guint
count_near_side (CarcBoard *b, const CarcCell *n)
{
  if (n->piece[0])
    return 1;
  CarcFrontierNode *f = &b->frontier[n->slot - 1];
  if (f->near)
    b->n_near[f->near]--;
  b->n_near[++f->near]++;
  return 0;
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
  /* the four sides by hand: a loop over an array of steps cost 28 instructions more a call */
  guint mine = count_near_side (b, c - b->w) + count_near_side (b, c + 1)
               + count_near_side (b, c + b->w) + count_near_side (b, c - 1);
  if (mine)
    b->n_near[mine]--;
}
