/* carc-board.h (internal): the grid of cells, which pieces stand where, and the frontier: the
 * empty cells next to the landscape, grouped by what their neighbours demand. */
#pragma once

#include <glib.h>
#include "carc-tile-private.h"

G_BEGIN_DECLS

/* A cell: its pieces, and for a frontier cell (an empty cell next to the landscape) its place
 * in the frontier array, where its demand is. (Six bytes: the grid every new game zeroes.) */
typedef struct
{
  guint16 piece[2]; /* piece index + 1 of the pieces in the cell; 0 = none */
  guint16 slot;     /* frontier index + 1; 0 = not on the frontier */
} CarcCell;

/* A frontier cell and its demand: one base-5 digit a side (N weighs 1, E 5, S 25, W 125), 0
 * for no neighbour (or a wall, which demands nothing), else the neighbour's edge
 * (carc_demand_digit()). The frontier is one dense array (a cell leaving it is replaced by the
 * last), so a placement is found by index with a walk over consecutive memory. */
typedef struct
{
  gint16 x;
  gint16 y;
  guint16 demand;
  guint16 near; /* its neighbouring cells that hold a piece, 1 to 4, if counted (n_near) */
} CarcFrontierNode;

/* The frontier array has room for this many cells more than cap_frontier, and every cell past
 * the last is all zero, so demands nothing (n_fit[0] is 0): a count walks eight cells at a time
 * to the end without a test for the odd cells, and a cell joining the frontier finds its node
 * ready (carc_board_touch_side()). */
#define CARC_BOARD_PAD 7

/* The grid is a block of `rows` rows of w cells, of which h rows from row `top` on are in
 * use, zeroed: cells points at the first of them. carc_board_cell() sees those alone, so a
 * game zeroes the rows its landscape reaches, not the whole block. */
typedef struct
{
  CarcCell *cells;
  gint x0, y0; /* coordinates of cells[0] */
  guint w, h;
  CarcCell *block;
  guint top, rows;
  /* n_frontier cells, then zeroed ones (CARC_BOARD_PAD); frontier[-1] is a spare that
   * carc_board_touch_side() writes for a neighbour that is no frontier cell */
  CarcFrontierNode *frontier;
  guint n_frontier, cap_frontier;
  /* What the last count of a square tile's placements (carc_board_count_square()) found, for
   * the type block_type: start[i], the placements in the frontier cells before cell i, for
   * every cell the count walked, in blocks of eight (the padded ones past the last hold the
   * total). It lies in the frontier array's block, after the padded cells (carc-board.c,
   * frontier_alloc()). block_type is NULL once the frontier changes. */
  const CarcTileType *block_type;
  guint16 *start;
  /* The frontier cells with k occupied neighbours (n_near[k]), when the game counts them
   * (carc_board_count_near(): a check_place hook needs them, CarcHooks.check_place_near). */
  guint n_near[5];
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
G_GNUC_INTERNAL void carc_board_copy (CarcBoard *dst, const CarcBoard *src);
G_GNUC_INTERNAL void carc_board_count_near (CarcBoard *board, gint x, gint y);
G_GNUC_INTERNAL gint carc_board_edge_on_side (const CarcTileType *type, guint rotation, guint side);
G_GNUC_INTERNAL void carc_board_make_room (CarcBoard *b, gint x, gint y);
G_GNUC_INTERNAL void carc_board_frontier_grow (CarcBoard *b);
/* The steps of carc_board_put(), inline: every placement takes them. */
/* Makes sure (x, y) and its four neighbours have cells: one unsigned comparison an axis (at
 * least 3 rows are in use, and the block is wider), and now and then a carc_board_make_room().
 * Returns the cell of (x, y). */
static inline CarcCell *
carc_board_ensure_room (CarcBoard *b, gint x, gint y)
{
  guint cx = (guint)(x - b->x0), cy = (guint)(y - b->y0);
  if (G_UNLIKELY (cx - 1 > b->w - 3 || cy - 1 > b->h - 3))
    {
      carc_board_make_room (b, x, y);
      cx = (guint)(x - b->x0);
      cy = (guint)(y - b->y0);
    }
  return &b->cells[cy * b->w + cx];
}

/* Takes the cell @c off the frontier: the last frontier cell moves into its place. */
static inline void
carc_board_frontier_remove (CarcBoard *b, CarcCell *c)
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
  b->frontier[last] = (CarcFrontierNode){ 0 }; /* past the last now (CARC_BOARD_PAD) */
}

/* The piece just put faces the cell @n at (x, y) and adds @give to its demand: an empty cell
 * joins the frontier @fr of *@len cells, or its demand takes the digit (each side of a cell faces
 * one piece at most: adding its digit sets that side). Returns 1 if a piece stands there, else 0.
 * Without a branch (which case holds is random, and a mispredicted branch costs more than a
 * store): the node written is the cell's own, the one past the last (all zero,
 * CARC_BOARD_PAD) for a cell joining, or the spare at index -1 for an occupied cell, whose slot
 * stays 0. carc_board_put() made room for four cells joining. */
static inline guint
carc_board_touch_side (CarcFrontierNode *fr, guint *len, CarcCell *n, gint x, gint y, guint16 give)
{
  guint taken = n->piece[0] != 0;
  gint slot = n->slot;
  gint at = slot ? slot - 1 : (gint)*len;
  at |= -(gint)taken; /* -1 when taken: a mask, as GCC makes a branch of a condition here */
  fr[at].x = (gint16)x;
  fr[at].y = (gint16)y;
  fr[at].demand = (guint16)(fr[at].demand + give);
  *len = MAX (*len, (guint)(at + 1));
  n->slot = (guint16)(at + 1);
  return taken;
}

/* Puts a piece into (x, y): a square into an empty cell, a triangular piece into an empty cell or
 * beside the other half. The empty neighbours join the frontier, with what this piece's edges
 * demand of them (a wall or a triangular gap demands nothing). Returns the sides (bit s for
 * board side s) where a neighbouring cell holds a piece, and the cell in @cell. */
static inline guint
carc_board_put (CarcBoard *b, gint x, gint y, guint piece, const CarcTileType *type, guint rotation,
                CarcCell **cell)
{
  CarcCell *c = *cell = carc_board_ensure_room (b, x, y);
  b->block_type = NULL;
  c->piece[c->piece[0] ? 1 : 0] = (guint16)(piece + 1);
  if (c->slot)
    carc_board_frontier_remove (b, c);
  if (G_UNLIKELY (b->n_frontier + 4 > b->cap_frontier))
    carc_board_frontier_grow (b);
  /* carc_board_ensure_room() made the neighbours' cells: each is at a fixed offset from this one */
  const guint16 *give = type->gives[rotation];
  CarcFrontierNode *fr = b->frontier;
  guint len = b->n_frontier;
  guint taken = carc_board_touch_side (fr, &len, c - b->w, x, y - 1, give[0]);
  taken |= carc_board_touch_side (fr, &len, c + 1, x + 1, y, give[1]) << 1;
  taken |= carc_board_touch_side (fr, &len, c + b->w, x, y + 1, give[2]) << 2;
  taken |= carc_board_touch_side (fr, &len, c - 1, x - 1, y, give[3]) << 3;
  b->n_frontier = len;
  return taken;
}

/* TRUE when a square tile of @type turned by @rotation may go at (x, y) under the base rules:
 * the cell is empty, it shares an edge with the landscape, every touching edge matches.
 * (fit[0] is empty: a cell that only touches gaps or walls continues nothing.) */
static inline gboolean
carc_board_square_fits (const CarcBoard *board, gint x, gint y, const CarcTileType *type,
                        guint rotation)
{
  const CarcCell *c = carc_board_cell (board, x, y);
  if (!c || c->piece[0] || !c->slot || rotation > 3)
    return FALSE;
  return (type->fit[board->frontier[c->slot - 1].demand] >> rotation) & 1;
}

/* The rotations of a square tile (its n_fit) that fit the four frontier cells at @f. */
static inline guint
carc_board_fits_of_four (const CarcFrontierNode *f, const guint8 *n_fit)
{
  return (guint)n_fit[f[0].demand] + n_fit[f[1].demand] + n_fit[f[2].demand] + n_fit[f[3].demand];
}

/* How many placements of a square tile of @type the frontier offers: a walk over the frontier
 * array that keeps, for each cell, the placements before it (CarcBoard.start), from which
 * carc_game_get_placement() finds placement k's cell by comparisons, not by a walk whose exits
 * a random pick mispredicts. (Counts per demand, kept as the frontier changed, cost more to
 * keep than this walk, about 45 cells late in a base game, costs at each draw.) The cells past
 * the last demand nothing (CARC_BOARD_PAD): the walk takes eight cells a step to the end,
 * without a branch on the frontier's length modulo 8 that a random game mispredicts. */
static inline guint
carc_board_count_square (CarcBoard *b, const CarcTileType *type)
{
  const guint8 *n_fit = type->n_fit;
  const CarcFrontierNode *f = b->frontier, *end = f + ((b->n_frontier + 7) & ~7u);
  guint16 *start = b->start;
  guint n = 0;
  for (; f < end; f += 8, start += 8)
    {
      guint k[8];
#pragma GCC unroll 8
      for (guint j = 0; j < 8; j++)
        k[j] = n_fit[f[j].demand];
#pragma GCC unroll 8
      for (guint j = 0; j < 8; j++)
        {
          start[j] = (guint16)n;
          n += k[j];
        }
    }
  b->block_type = type;
  return n;
}

/* TRUE when some frontier cell has at least @near occupied neighbours (boards that count them). */
static inline gboolean
carc_board_has_near (const CarcBoard *b, guint near)
{
  guint n = 0;
  for (guint k = MAX (near, 1u); k <= 4; k++)
    n += b->n_near[k];
  return n > 0;
}

G_END_DECLS
