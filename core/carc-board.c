/* carc-board.c: the cell grid, growing as the landscape does, and its frontier. */
#include "config.h"

#include <string.h>
#include "carc-board.h"

const int carc_side_dx[4] = { 0, 1, 0, -1 };
const int carc_side_dy[4] = { -1, 0, 1, 0 };

#define INITIAL_SIZE 32

void
carc_board_init (CarcBoard *b)
{
  memset (b, 0, sizeof *b);
  b->w = b->h = INITIAL_SIZE;
  b->x0 = b->y0 = -INITIAL_SIZE / 2;
  b->cells = g_new0 (CarcCell, b->w * b->h);
  b->cap_frontier = 128;
  b->frontier = g_new (CarcFrontier, b->cap_frontier);
  b->empty = TRUE;
}

void
carc_board_clear (CarcBoard *b)
{
  g_clear_pointer (&b->cells, g_free);
  g_clear_pointer (&b->frontier, g_free);
}

/* Makes sure (x, y) and its four neighbours have cells. */
static void
ensure_room (CarcBoard *b, gint x, gint y)
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

static void
frontier_remove (CarcBoard *b, CarcCell *c)
{
  guint i = c->frontier - 1u;
  c->frontier = 0;
  b->n_frontier--;
  if (i != b->n_frontier)
    {
      CarcFrontier moved = b->frontier[b->n_frontier];
      b->frontier[i] = moved;
      carc_board_cell (b, moved.x, moved.y)->frontier = (guint16)(i + 1);
    }
}

static void
frontier_add (CarcBoard *b, CarcCell *c, gint x, gint y)
{
  if (b->n_frontier == b->cap_frontier)
    {
      b->cap_frontier *= 2;
      b->frontier = g_renew (CarcFrontier, b->frontier, b->cap_frontier);
    }
  b->frontier[b->n_frontier] = (CarcFrontier){ (gint16)x, (gint16)y, 0 };
  c->frontier = (guint16)++b->n_frontier;
}

void
carc_board_put_square (CarcBoard *b, gint x, gint y, guint piece, const CarcTileType *type,
                       guint rotation)
{
  ensure_room (b, x, y);
  CarcCell *c = carc_board_cell (b, x, y);
  c->piece[0] = (guint16)(piece + 1);
  if (c->frontier)
    frontier_remove (b, c);
  for (guint s = 0; s < 4; s++)
    {
      gint nx = x + carc_side_dx[s], ny = y + carc_side_dy[s];
      CarcCell *n = carc_board_cell (b, nx, ny);
      if (n->piece[0])
        continue;
      if (!n->frontier)
        frontier_add (b, n, nx, ny);
      guint opp = (s + 2) & 3;
      CarcEdgeKind e = (type->code[rotation] >> (2 * s)) & 3;
      if (e != CARC_EDGE_WALL)
        b->frontier[n->frontier - 1].demand |= (guint8)((e + 1) << (2 * opp));
    }
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
