/* carc-board.h (internal): the grid of cells, which pieces stand where, and the frontier of
 * empty cells next to the landscape with the edges their neighbours demand. */
#pragma once

#include <glib.h>
#include "carc-tile-private.h"

G_BEGIN_DECLS

typedef struct
{
  guint16 piece[2]; /* piece index + 1 of the pieces in the cell; 0 = none */
  guint16 frontier; /* index + 1 in the frontier list; 0 = not on the frontier */
} CarcCell;

/* An empty cell next to the landscape and what its neighbours demand: 2 bits per side (N at
 * bit 0), 0 for no neighbour (or a wall, which demands nothing), else the edge kind + 1. */
typedef struct
{
  gint16 x;
  gint16 y;
  guint8 demand;
} CarcFrontier;

typedef struct
{
  CarcCell *cells;
  gint x0, y0; /* coordinates of cells[0] */
  guint w, h;
  CarcFrontier *frontier;
  guint n_frontier, cap_frontier;
  gint min_x, min_y, max_x, max_y;
  gboolean empty;
} CarcBoard;

G_GNUC_INTERNAL extern const int carc_side_dx[4];
G_GNUC_INTERNAL extern const int carc_side_dy[4];

static inline CarcCell *
carc_board_cell (const CarcBoard *b, gint x, gint y)
{
  guint cx = (guint)(x - b->x0), cy = (guint)(y - b->y0);
  if (cx >= b->w || cy >= b->h)
    return NULL;
  return &b->cells[cy * b->w + cx];
}

G_GNUC_INTERNAL void carc_board_init (CarcBoard *board);
G_GNUC_INTERNAL void carc_board_clear (CarcBoard *board);
G_GNUC_INTERNAL void carc_board_put_square (CarcBoard *board, gint x, gint y, guint piece,
                                            const CarcTileType *type, guint rotation);

/* TRUE when a square tile of @type turned by @rotation may go at (x, y) under the base rules:
 * the cell is empty, it shares an edge with the landscape, every touching edge matches. */
static inline gboolean
carc_board_square_fits (const CarcBoard *board, gint x, gint y, const CarcTileType *type,
                        guint rotation)
{
  const CarcCell *c = carc_board_cell (board, x, y);
  if (!c || c->piece[0] || !c->frontier || rotation > 3)
    return FALSE;
  return (type->fit[board->frontier[c->frontier - 1].demand] >> rotation) & 1;
}

G_END_DECLS
