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
  b->w = b->h = INITIAL_SIZE;
  b->x0 = b->y0 = -INITIAL_SIZE / 2;
  b->cells = g_new0 (CarcCell, b->w * b->h);
  b->cap_frontier = 64;
  b->frontier = g_new (CarcFrontierNode, b->cap_frontier);
  b->empty = TRUE;
}

void
carc_board_clear (CarcBoard *b)
{
  g_clear_pointer (&b->cells, g_free);
  g_clear_pointer (&b->frontier, g_free);
}

/* Doubles the grid, keeping it centred, until (x, y) and its four neighbours have cells. */
static G_GNUC_NO_INLINE void
grow (CarcBoard *b, gint x, gint y)
{
  while (x - 1 < b->x0 || y - 1 < b->y0 || x + 1 >= b->x0 + (gint)b->w
         || y + 1 >= b->y0 + (gint)b->h)
    {
      guint nw = b->w * 2, nh = b->h * 2;
      gint nx0 = b->x0 - (gint)b->w / 2, ny0 = b->y0 - (gint)b->h / 2;
      CarcCell *cells = g_new0 (CarcCell, nw * nh);
      for (guint row = 0; row < b->h; row++)
        memcpy (&cells[(row + (guint)(b->y0 - ny0)) * nw + (guint)(b->x0 - nx0)],
                &b->cells[row * b->w], b->w * sizeof (CarcCell));
      g_free (b->cells);
      b->cells = cells;
      b->w = nw;
      b->h = nh;
      b->x0 = nx0;
      b->y0 = ny0;
    }
}

/* Makes sure (x, y) and its four neighbours have cells: one unsigned comparison an axis (the
 * grid is at least 3 cells wide), and rarely a grow(). */
static inline void
ensure_room (CarcBoard *b, gint x, gint y)
{
  if (G_UNLIKELY ((guint)(x - 1 - b->x0) > b->w - 3 || (guint)(y - 1 - b->y0) > b->h - 3))
    grow (b, x, y);
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

static void
frontier_add (CarcBoard *b, CarcCell *c, gint x, gint y, guint16 demand)
{
  if (b->n_frontier == b->cap_frontier)
    {
      b->cap_frontier *= 2;
      b->frontier = g_renew (CarcFrontierNode, b->frontier, b->cap_frontier);
    }
  b->frontier[b->n_frontier] = (CarcFrontierNode){ (gint16)x, (gint16)y, demand };
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
 * most: adding its digit sets that side). */
static inline void
touch_side (CarcBoard *b, CarcCell *n, gint x, gint y, guint16 give)
{
  if (n->piece[0])
    return;
  if (!n->slot)
    frontier_add (b, n, x, y, give);
  else
    b->frontier[n->slot - 1].demand += give;
}

/* Puts a piece into (x, y): a square into an empty cell, a triangular piece into an empty cell or
 * beside the other half. The empty neighbours join the frontier, with what this piece's edges
 * demand of them (a wall or a triangular gap demands nothing). */
void
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
  touch_side (b, c - b->w, x, y - 1, give[0]);
  touch_side (b, c + 1, x + 1, y, give[1]);
  touch_side (b, c + b->w, x, y + 1, give[2]);
  touch_side (b, c - 1, x - 1, y, give[3]);
  if (b->empty)
    {
      b->min_x = b->max_x = x;
      b->min_y = b->max_y = y;
      b->empty = FALSE;
    }
  b->min_x = MIN (b->min_x, x);
  b->max_x = MAX (b->max_x, x);
  b->min_y = MIN (b->min_y, y);
  b->max_y = MAX (b->max_y, y);
}
