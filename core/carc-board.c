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
  b->cap_nodes = 64;
  b->nodes = g_new (CarcFrontierNode, b->cap_nodes);
  b->empty = TRUE;
}

void
carc_board_clear (CarcBoard *b)
{
  g_clear_pointer (&b->cells, g_free);
  g_clear_pointer (&b->nodes, g_free);
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
bucket_remove (CarcBoard *b, CarcCell *c)
{
  guint id = c->slot;
  CarcFrontierNode *n = &b->nodes[id - 1];
  guint8 d = c->demand;
  if (n->prev)
    b->nodes[n->prev - 1].next = n->next;
  else
    b->head[d] = n->next;
  if (n->next)
    b->nodes[n->next - 1].prev = n->prev;
  n->next = b->free_node;
  b->free_node = (guint16)id;
  c->slot = 0;
  if (--b->len[d] == 0)
    {
      guint at = b->present_at[d];
      guint8 last = b->present[--b->n_present];
      b->present[at] = last;
      b->present_at[last] = (guint8)at;
    }
}

static void
bucket_add (CarcBoard *b, CarcCell *c, gint x, gint y)
{
  guint id = b->free_node;
  if (id)
    b->free_node = b->nodes[id - 1].next;
  else
    {
      if (b->n_nodes == b->cap_nodes)
        {
          b->cap_nodes *= 2;
          b->nodes = g_renew (CarcFrontierNode, b->nodes, b->cap_nodes);
        }
      id = ++b->n_nodes;
    }
  guint8 d = c->demand;
  b->nodes[id - 1] = (CarcFrontierNode){ (gint16)x, (gint16)y, b->head[d], 0 };
  if (b->head[d])
    b->nodes[b->head[d] - 1].prev = (guint16)id;
  b->head[d] = (guint16)id;
  if (b->len[d]++ == 0)
    {
      b->present_at[d] = (guint8)b->n_present;
      b->present[b->n_present++] = d;
    }
  c->slot = (guint16)id;
}

/* The edge a piece of @type turned by @rotation shows on board side @side; -1 where a half
 * tile leaves a triangular gap. */
gint
carc_board_edge_on_side (const CarcTileType *type, guint rotation, guint side)
{
  if (type->shape == CARC_SHAPE_SQUARE)
    return (type->code[rotation] >> (2 * side)) & 3;
  guint local = (side + 4 - rotation) & 3;
  return local <= 1 ? (gint)type->edge[local] : -1;
}

/* Puts a piece into (x, y): a square into an empty cell, a half tile into an empty cell or
 * beside the other half. The empty neighbours join the frontier, with what this piece's edges
 * demand of them (a wall or a triangular gap demands nothing). */
void
carc_board_put (CarcBoard *b, gint x, gint y, guint piece, const CarcTileType *type, guint rotation)
{
  ensure_room (b, x, y);
  CarcCell *c = carc_board_cell (b, x, y);
  c->piece[c->piece[0] ? 1 : 0] = (guint16)(piece + 1);
  if (c->slot)
    bucket_remove (b, c);
  for (guint s = 0; s < 4; s++)
    {
      gint nx = x + carc_side_dx[s], ny = y + carc_side_dy[s];
      CarcCell *n = carc_board_cell (b, nx, ny);
      if (n->piece[0])
        continue;
      gint e = type->shape == CARC_SHAPE_SQUARE ? (type->code[rotation] >> (2 * s)) & 3
                                                : carc_board_edge_on_side (type, rotation, s);
      guint8 demand = n->demand;
      if (e >= 0 && e != CARC_EDGE_WALL)
        demand |= (guint8)((e + 1) << (2 * ((s + 2) & 3)));
      if (n->slot)
        {
          if (demand == n->demand)
            continue;
          bucket_remove (b, n);
        }
      n->demand = demand;
      bucket_add (b, n, nx, ny);
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
