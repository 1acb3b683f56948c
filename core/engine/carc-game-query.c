/* carc-game-query.c: the read-only queries of a game: phase, scores, placements and
 * deployments, hands, pieces, features and followers, the move log. */
#include "config.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include "carc-game-private.h"

/* Counts the figures (of every kind) each player has in the feature at @root; returns the
 * largest count. */
guint
carc_game_count_followers (CarcGame *g, gint root, guint count[CARC_MAX_PLAYERS])
{
  guint best = 0;
  memset (count, 0, CARC_MAX_PLAYERS * sizeof (guint));
  for (guint i = 0; i < g->n_followers; i++)
    {
      const CarcFollower *fw = &g->followers[i];
      if (fw->active && carc_features_find (&g->features, fw->seg) == root)
        {
          guint c = ++count[fw->player]; /* not inside MAX (), which evaluates twice */
          best = MAX (best, c);
        }
    }
  return best;
}

/* Occupied cells among the 8 around (x, y) (rules 23, 24). Around a cell that holds a piece
 * the eight are in the grid (carc_board_put() made room around it, and the grid only grows):
 * they are read at fixed offsets; elsewhere each is looked up. */
guint
carc_game_cloister_neighbours (CarcGame *g, gint x, gint y)
{
  const CarcBoard *b = &g->board;
  const CarcCell *c = carc_board_cell (b, x, y);
  if (G_LIKELY (c && c->piece[0]))
    {
      const CarcCell *up = c - b->w, *down = c + b->w;
      return (guint)(up[-1].piece[0] != 0) + (up[0].piece[0] != 0) + (up[1].piece[0] != 0)
             + (c[-1].piece[0] != 0) + (c[1].piece[0] != 0) + (down[-1].piece[0] != 0)
             + (down[0].piece[0] != 0) + (down[1].piece[0] != 0);
    }
  guint n = 0;
  for (gint dy = -1; dy <= 1; dy++)
    for (gint dx = -1; dx <= 1; dx++)
      {
        if (!dx && !dy)
          continue;
        const CarcCell *nb = carc_board_cell (b, x + dx, y + dy);
        n += nb && nb->piece[0];
      }
  return n;
}

/* Lists every legal placement of the tile in play: the frontier cells in frontier order, each
 * with the rotations that meet its demand. carc_game_get_placement() uses the same order. The
 * draw lists a tile a hook asks about at once (its count is the listing). Returns how many. */
guint
carc_game_list_placements (CarcGame *g)
{
  /* At most every rotation of every frontier cell, and the free half of every cell. */
  guint most = 4 * g->board.n_frontier + g->n_pieces;
  if (most > g->cap_placements)
    {
      g->cap_placements = MAX (most, g->cap_placements * 2);
      g->placements = g_renew (CarcPlacement, g->placements, g->cap_placements);
    }
  g->placements_listed = TRUE;
  return carc_game_enumerate (g, g->tile, g->placements, G_MAXUINT);
}

/* carc_game_list_placements() after the draw's count: the same placements. */
static void
list_placements (CarcGame *g)
{
  guint n = carc_game_list_placements (g);
  g_assert (n == g->n_placements);
}

/* The placements of piece @index of the current player's hand, listed once per position:
 * every move clears hand_listed. Pieces past the cache share its last list, listed again on
 * every call. */
const CarcPlacementList *
carc_game_hand_list (CarcGame *g, guint index)
{
  guint slot = MIN (index, CARC_HAND_CACHE);
  CarcPlacementList *l = &g->hand_lists[slot];
  if (slot == CARC_HAND_CACHE || !((g->hand_listed >> slot) & 1))
    {
      const CarcTileType *t = g->hand[g->current].pieces[index];
      /* At most every rotation of every frontier cell, and the free half of every cell. */
      guint n = 4 * g->board.n_frontier + g->n_pieces;
      if (n > l->cap)
        {
          l->cap = MAX (MAX (n, 2 * l->cap), CARC_HAND_LIST_MIN);
          /* the first lists lie in the game's block (allocate_block()): moved out then */
          l->items = carc_game_regrow (g, l->items, 0, l->cap, sizeof (CarcPlacement));
        }
      l->len = carc_game_enumerate (g, t, l->items, G_MAXUINT);
      if (slot < CARC_HAND_CACHE)
        g->hand_listed |= 1u << slot;
    }
  return l;
}

/* TRUE if @player holds a piece of @shape (-1: any) that has a legal placement now. For the
 * current player the pieces are listed in full, as a player choosing will ask for them. */
gboolean
carc_game_hand_placeable (CarcGame *g, guint player, gint shape)
{
  const CarcHand *h = &g->hand[player];
  for (guint i = 0; i < h->len; i++)
    {
      const CarcTileType *t = h->pieces[i];
      gboolean seen = FALSE;
      for (guint j = 0; j < i && !seen; j++)
        seen = h->pieces[j] == t;
      if (seen || (shape >= 0 && (gint)t->shape != shape))
        continue;
      if (player == g->current ? carc_game_hand_list (g, i)->len > 0
                               : carc_game_enumerate (g, t, NULL, 1) > 0)
        return TRUE;
    }
  return FALSE;
}

gboolean
carc_game_get_event_signals (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  return self->event_signals;
}

/**
 * carc_game_get_config:
 * @self: a game
 *
 * The game keeps a copy of the config it was created with: changing that config afterwards
 * changes neither the game nor this copy.
 *
 * Returns: (transfer none): the game's copy of its config
 */
const CarcGameConfig *
carc_game_get_config (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  return self->config;
}

/**
 * carc_game_get_phase:
 *
 * Returns: what the current player must do now
 */
CarcPhase
carc_game_get_phase (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), CARC_PHASE_OVER);
  return self->phase;
}

/**
 * carc_game_get_n_players:
 *
 * Returns: the number of players
 */
guint
carc_game_get_n_players (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  return self->n_players;
}

/**
 * carc_game_get_current_player:
 *
 * Returns: whose turn it is, 0 .. carc_game_get_n_players() - 1
 */
guint
carc_game_get_current_player (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  return self->current;
}

/**
 * carc_game_get_turn:
 *
 * Returns: the turn's number, from 1
 */
guint
carc_game_get_turn (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  return self->turn;
}

/**
 * carc_game_get_current_tile:
 * Returns: (transfer none) (nullable): the tile in play (in the deploy phase: the piece just
 *   placed, from the hand too); %NULL before drawing, in an expansion's phase and once the game is
 * over
 */
const CarcTileType *
carc_game_get_current_tile (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  return self->phase == CARC_PHASE_OVER ? NULL : self->tile;
}

/**
 * carc_game_get_tiles_left:
 *
 * Returns: the tiles left in the draw pile
 */
guint
carc_game_get_tiles_left (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  return self->deck_len - self->deck_pos;
}

/**
 * carc_game_get_score:
 *
 * Returns: @player's score; 0 for a player the game does not have
 */
guint
carc_game_get_score (CarcGame *self, guint player)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  return player < self->n_players ? self->score[player] : 0;
}

/**
 * carc_game_get_scores:
 * @self: a game
 * @n_players: (out): the number of players
 *
 * Returns: (transfer full) (array length=n_players): every player's score, to free with
 *   g_free()
 */
guint *
carc_game_get_scores (CarcGame *self, guint *n_players)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  g_return_val_if_fail (n_players != NULL, NULL);
  *n_players = self->n_players;
  return g_memdup2 (self->score, self->n_players * sizeof (guint));
}

/**
 * carc_game_get_supply:
 *
 * Returns: the followers (figures of the follower kind) @player has left in the supply;
 *   carc_game_get_figure_supply() tells the other kinds'
 */
guint
carc_game_get_supply (CarcGame *self, guint player)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  return player < self->n_players ? self->supply[CARC_FIGURE_FOLLOWER][player] : 0;
}

/**
 * carc_game_get_placements:
 * @self: a game
 * @n_placements: (out): the number of placements
 *
 * Every legal placement of the tile in play (in the place phase; none otherwise).
 *
 * Returns: (transfer none) (array length=n_placements): valid until the next move
 */
const CarcPlacement *
carc_game_get_placements (CarcGame *self, guint *n_placements)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  g_return_val_if_fail (n_placements != NULL, NULL);
  *n_placements = self->phase == CARC_PHASE_PLACE ? self->n_placements : 0;
  if (*n_placements && !self->placements_listed)
    list_placements (self);
  return self->placements;
}

/**
 * carc_game_get_n_placements:
 * @self: a game
 *
 * Returns: how many legal placements the tile in play has (0 outside the place phase)
 */
guint
carc_game_get_n_placements (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  return self->phase == CARC_PHASE_PLACE ? self->n_placements : 0;
}

/* nth_rotation[f][k]: the k-th set bit of the four-bit rotation set f, a load instead of a loop
 * whose length a random pick decides (a mispredicted branch most times). */
static const guint8 nth_rotation[16][4] = {
  { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, { 1, 0, 0, 0 }, { 0, 1, 0, 0 }, { 2, 0, 0, 0 }, { 0, 2, 0, 0 },
  { 1, 2, 0, 0 }, { 0, 1, 2, 0 }, { 3, 0, 0, 0 }, { 0, 3, 0, 0 }, { 1, 3, 0, 0 }, { 0, 1, 3, 0 },
  { 2, 3, 0, 0 }, { 0, 2, 3, 0 }, { 1, 2, 3, 0 }, { 0, 1, 2, 3 },
};

/* The frontier cell that holds placement @index of a tile the last count was of
 * (CarcBoard.start): the last cell whose start is at or before @index (one with no fits starts
 * where the next does), with @index turned into that cell's. The starts rise, so with SSE2 it
 * counts those at or before @index, eight a comparison, without a branch on the comparisons
 * (which a random pick would mispredict); the walk's length is the frontier's. */
static inline const CarcFrontierNode *
cell_of (const CarcBoard *b, guint *index)
{
  const guint16 *start = b->start;
  guint n = (b->n_frontier + 7) / 8 * 8; /* the cells the count walked */
#ifdef __SSE2__
  /* a frontier offers far fewer placements than G_MAXUINT16 */
  __m128i at = _mm_set1_epi16 ((gshort)*index), zero = _mm_setzero_si128 (), count = zero;
  for (guint i = 0; i < n; i += 8)
    {
      /* start <= index where start - index saturates to 0: -1 in that lane */
      __m128i e = _mm_loadu_si128 ((const __m128i *)(start + i));
      count = _mm_sub_epi16 (count, _mm_cmpeq_epi16 (_mm_subs_epu16 (e, at), zero));
    }
  /* the eight lanes' sum, as four 32-bit sums, then two, then one */
  __m128i sum = _mm_madd_epi16 (count, _mm_set1_epi16 (1));
  sum = _mm_add_epi32 (sum, _mm_shuffle_epi32 (sum, _MM_SHUFFLE (1, 0, 3, 2)));
  sum = _mm_add_epi32 (sum, _mm_shuffle_epi32 (sum, _MM_SHUFFLE (2, 3, 0, 1)));
  guint c = (guint)_mm_cvtsi128_si32 (sum) - 1;
#else
  guint c = 0;
  for (guint i = 1; i < n; i++)
    c += start[i] <= *index;
#endif
  *index -= start[c];
  return &b->frontier[c];
}

/**
 * carc_game_get_placement:
 * @self: a game
 * @index: 0 .. carc_game_get_n_placements() - 1
 * @placement: (out caller-allocates): the placement
 *
 * The placement at @index in the order of carc_game_get_placements(), found without listing
 * them all: a bot that picks a placement at random needs no list.
 *
 * Returns: %TRUE if @index names a placement
 */
gboolean
carc_game_get_placement (CarcGame *self, guint index, CarcPlacement *placement)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  g_return_val_if_fail (placement != NULL, FALSE);
  if (self->phase != CARC_PHASE_PLACE || index >= self->n_placements)
    return FALSE;
  if (!self->placements_listed && carc_game_hooks_check (self, self->tile))
    list_placements (self);
  if (self->placements_listed)
    {
      *placement = self->placements[index];
      return TRUE;
    }
  const CarcBoard *b = &self->board;
  const CarcFrontierNode *cell;
  if (b->block_type == self->tile)
    cell = cell_of (b, &index);
  else
    {
      /* four cells a step while the placement lies past them, then one by one */
      const guint8 *n_fit = self->tile->n_fit;
      const CarcFrontierNode *end4 = b->frontier + (b->n_frontier & ~3u);
      for (cell = b->frontier; cell < end4; cell += 4)
        {
          guint four = carc_board_fits_of_four (cell, n_fit);
          if (index < four)
            break;
          index -= four;
        }
      /* index < n_placements, the count of this frontier's fits: a cell ahead holds it */
      while (index >= n_fit[cell->demand])
        {
          index -= n_fit[cell->demand];
          cell++;
        }
    }
  guint f = self->tile->fit[cell->demand];
  *placement = (CarcPlacement){ .x = cell->x, .y = cell->y, .rotation = nth_rotation[f][index] };
  return TRUE;
}

/**
 * carc_game_can_place:
 *
 * Whether the tile in play may go at (@x, @y) with @rotation.
 *
 * Returns: %TRUE in the place phase if it may
 */
gboolean
carc_game_can_place (CarcGame *self, gint x, gint y, guint rotation)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  if (self->phase != CARC_PHASE_PLACE)
    return FALSE;
  if (carc_game_hooks_check (self, self->tile))
    return carc_game_piece_fits (self, self->tile, x, y, rotation);
  return carc_board_square_fits (&self->board, x, y, self->tile, rotation);
}

/**
 * carc_game_get_deployments:
 * @self: a game
 * @n_deployments: (out): the number of deployments
 *
 * Where the current player may put a figure on the tile just placed (deploy phase only): a
 * (figure kind, segment) pair each, segments in order and kinds in the game's order.
 *
 * Returns: (transfer none) (array length=n_deployments): valid until the next move
 */
const CarcDeployment *
carc_game_get_deployments (CarcGame *self, guint *n_deployments)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  g_return_val_if_fail (n_deployments != NULL, NULL);
  *n_deployments = self->phase == CARC_PHASE_DEPLOY ? self->n_deployments : 0;
  return self->deployments;
}

/**
 * carc_game_can_draw:
 * @self: a game
 *
 * Returns: %TRUE in the choose phase while the draw pile has tiles
 */
gboolean
carc_game_can_draw (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  return self->phase == CARC_PHASE_CHOOSE && self->can_draw;
}

/**
 * carc_game_can_pass:
 * @self: a game
 *
 * Returns: %TRUE in an end-of-game turn the player may decline (decision D10)
 */
gboolean
carc_game_can_pass (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  return self->phase == CARC_PHASE_CHOOSE && self->can_pass;
}

/**
 * carc_game_get_hand_size:
 *
 * Returns: how many pieces @player holds in the hand
 */
guint
carc_game_get_hand_size (CarcGame *self, guint player)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  return player < self->n_players ? self->hand[player].len : 0;
}

/**
 * carc_game_get_hand_piece:
 * @self: a game
 * @player: a player
 * @index: 0 .. carc_game_get_hand_size() - 1
 *
 * A piece in a player's hand. Hands are face down unless carc_game_get_hands_open(): a
 * program that serves several players shows each only their own.
 *
 * Returns: (transfer none) (nullable): the piece
 */
const CarcTileType *
carc_game_get_hand_piece (CarcGame *self, guint player, guint index)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  if (player >= self->n_players || index >= self->hand[player].len)
    return NULL;
  return self->hand[player].pieces[index];
}

/**
 * carc_game_get_hands_open:
 *
 * Returns: %TRUE if the hands are face up (every player may see them)
 */
gboolean
carc_game_get_hands_open (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  return self->hands_open;
}

/**
 * carc_game_get_piece_placements:
 * @self: a game
 * @index: a piece of the current player's hand
 * @n_placements: (out): the number of placements
 *
 * Every legal placement of that piece, in the choose phase (none otherwise).
 *
 * Returns: (transfer none) (array length=n_placements): valid until the next move
 */
const CarcPlacement *
carc_game_get_piece_placements (CarcGame *self, guint index, guint *n_placements)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  g_return_val_if_fail (n_placements != NULL, NULL);
  *n_placements = 0;
  if (self->phase != CARC_PHASE_CHOOSE || index >= self->hand[self->current].len)
    return NULL;
  const CarcPlacementList *l = carc_game_hand_list (self, index);
  *n_placements = l->len;
  return l->items;
}

/**
 * carc_game_get_pieces_at:
 * @self: a game
 * @x: column
 * @y: row
 * @info: (out caller-allocates) (array fixed-size=2): the pieces in that cell
 *
 * Returns: how many pieces the cell holds: 0, 1, or 2 (two triangular pieces)
 */
guint
carc_game_get_pieces_at (CarcGame *self, gint x, gint y, CarcPieceInfo info[2])
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  g_return_val_if_fail (info != NULL, 0);
  const CarcCell *c = carc_board_cell (&self->board, x, y);
  guint n = 0;
  for (guint k = 0; c && k < 2 && c->piece[k]; k++)
    carc_game_get_piece (self, c->piece[k] - 1u, &info[n++]);
  return n;
}

/**
 * carc_game_list_pieces_at:
 * @self: a game
 * @x: column
 * @y: row
 * @n_pieces: (out): how many pieces the cell holds: 0, 1, or 2 (two triangular pieces)
 *
 * carc_game_get_pieces_at() for bindings: the pieces in a cell as a new array of copies
 * (carc_piece_info_copy()), %NULL-terminated.
 *
 * Returns: (transfer full) (array length=n_pieces): the pieces; free each with
 *   carc_piece_info_free(), then the array with g_free()
 */
CarcPieceInfo **
carc_game_list_pieces_at (CarcGame *self, gint x, gint y, guint *n_pieces)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  g_return_val_if_fail (n_pieces != NULL, NULL);
  CarcPieceInfo info[2];
  guint n = carc_game_get_pieces_at (self, x, y, info);
  CarcPieceInfo **list = g_new0 (CarcPieceInfo *, n + 1);
  for (guint i = 0; i < n; i++)
    list[i] = carc_piece_info_copy (&info[i]);
  *n_pieces = n;
  return list;
}

/**
 * carc_game_is_occupied:
 * @self: a game
 * @x: column
 * @y: row
 *
 * Returns: %TRUE if the cell holds at least one piece (a full tile or one or two triangular pieces)
 */
gboolean
carc_game_is_occupied (CarcGame *self, gint x, gint y)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  const CarcCell *c = carc_board_cell (&self->board, x, y);
  return c && c->piece[0];
}

/**
 * carc_game_is_ending:
 * @self: a game
 *
 * Returns: %TRUE once the draw pile is empty and the end_turn hooks decide who plays
 */
gboolean
carc_game_is_ending (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  return self->ending;
}

/**
 * carc_game_has_expansion:
 *
 * Returns: %TRUE if the game uses the expansion called @name
 */
gboolean
carc_game_has_expansion (CarcGame *self, const char *name)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  for (guint i = 0; i < self->n_exp; i++)
    if (g_strcmp0 (self->exp[i].plugin->desc->name, name) == 0)
      return TRUE;
  return FALSE;
}

/**
 * carc_game_hand_can_place:
 * @self: a game
 * @player: a player
 * @shape: only pieces of this #CarcShape, or -1 for any
 *
 * Returns: %TRUE if @player holds such a piece and it has a legal placement now
 */
gboolean
carc_game_hand_can_place (CarcGame *self, guint player, gint shape)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  return player < self->n_players && carc_game_hand_placeable (self, player, shape);
}

/**
 * carc_game_get_n_pieces:
 *
 * Returns: how many pieces are on the board, the start tile included
 */
guint
carc_game_get_n_pieces (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  return self->n_pieces;
}

static void
fill_piece_info (CarcGame *g, guint index, CarcPieceInfo *info)
{
  const CarcPiece *p = &g->pieces[index];
  *info = (CarcPieceInfo){ .tile = p->type,
                           .x = p->x,
                           .y = p->y,
                           .rotation = p->rotation,
                           .player = p->player,
                           .index = index };
}

/**
 * carc_game_get_piece:
 * @self: a game
 * @index: pieces are numbered in the order they were placed; 0 is the start tile
 * @info: (out caller-allocates): the piece
 *
 * Returns: %TRUE if @index names a piece
 */
gboolean
carc_game_get_piece (CarcGame *self, guint index, CarcPieceInfo *info)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  g_return_val_if_fail (info != NULL, FALSE);
  if (index >= self->n_pieces)
    return FALSE;
  fill_piece_info (self, index, info);
  return TRUE;
}

/**
 * carc_game_get_piece_at:
 * @self: a game
 * @x: column
 * @y: row
 * @info: (out caller-allocates): the piece in that cell
 *
 * Returns: %TRUE if the cell holds a piece
 */
gboolean
carc_game_get_piece_at (CarcGame *self, gint x, gint y, CarcPieceInfo *info)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  g_return_val_if_fail (info != NULL, FALSE);
  const CarcCell *c = carc_board_cell (&self->board, x, y);
  if (!c || !c->piece[0])
    return FALSE;
  fill_piece_info (self, c->piece[0] - 1u, info);
  return TRUE;
}

/**
 * carc_game_get_bounds:
 * @self: a game
 * @min_x: (out): westmost column holding a piece
 * @min_y: (out): northmost row
 * @max_x: (out): eastmost column
 * @max_y: (out): southmost row
 */
void
carc_game_get_bounds (CarcGame *self, gint *min_x, gint *min_y, gint *max_x, gint *max_y)
{
  g_return_if_fail (CARC_GAME_VALID (self));
  g_return_if_fail (min_x != NULL);
  g_return_if_fail (min_y != NULL);
  g_return_if_fail (max_x != NULL);
  g_return_if_fail (max_y != NULL);
  /* worked out when asked, from the pieces: placing one keeps no extent */
  gint x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  if (self->n_pieces > 0)
    {
      x0 = x1 = self->pieces[0].x;
      y0 = y1 = self->pieces[0].y;
    }
  for (guint i = 1; i < self->n_pieces; i++)
    {
      const CarcPiece *p = &self->pieces[i];
      x0 = MIN (x0, p->x);
      y0 = MIN (y0, p->y);
      x1 = MAX (x1, p->x);
      y1 = MAX (y1, p->y);
    }
  *min_x = x0;
  *min_y = y0;
  *max_x = x1;
  *max_y = y1;
}

/**
 * carc_game_get_feature:
 * @self: a game
 * @x: column of a piece
 * @y: row of a piece
 * @segment: a segment index on that piece's tile
 * @info: (out caller-allocates): the feature the segment belongs to
 *
 * Returns: %TRUE if (x, y) holds a piece with that segment
 */
gboolean
carc_game_get_feature (CarcGame *self, gint x, gint y, guint segment, CarcFeatureInfo *info)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  g_return_val_if_fail (info != NULL, FALSE);
  const CarcCell *c = carc_board_cell (&self->board, x, y);
  if (!c || !c->piece[0])
    return FALSE;
  return carc_game_get_piece_feature (self, c->piece[0] - 1u, segment, info);
}

/* The root of the feature holding @segment of @piece; -1 if the piece has no such segment. */
static inline gint
piece_feature_root (CarcGame *self, guint piece, guint segment)
{
  if (piece >= self->n_pieces || segment >= self->pieces[piece].type->n_segments)
    return -1;
  return carc_features_find (&self->features, (gint)(self->pieces[piece].seg_base + segment));
}

/**
 * carc_game_get_piece_feature:
 * @self: a game
 * @piece: a piece's index (carc_game_get_piece())
 * @segment: a segment index on that piece's tile
 * @info: (out caller-allocates): the feature the segment belongs to
 *
 * Like carc_game_get_feature(), for either triangular piece of a cell.
 *
 * Returns: %TRUE if the piece has that segment
 */
gboolean
carc_game_get_piece_feature (CarcGame *self, guint piece, guint segment, CarcFeatureInfo *info)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  g_return_val_if_fail (info != NULL, FALSE);
  gint r = piece_feature_root (self, piece, segment);
  if (r < 0)
    return FALSE;
  const CarcPiece *p = &self->pieces[piece];
  CarcFeatures *f = &self->features;
  memset (info, 0, sizeof *info);
  info->id = (guint)r;
  info->kind = f->segs[r].kind;
  info->segments = f->segs[r].size;
  carc_score_measure (self, r, &info->units, &info->shields);
  switch (info->kind)
    {
      case CARC_FEATURE_ROAD:
      case CARC_FEATURE_CITY:
        info->open = (guint)MAX (0, f->segs[r].open);
        info->complete = f->segs[r].open == 0;
        break;
      case CARC_FEATURE_CLOISTER:
        info->open = 8 - carc_game_cloister_neighbours (self, p->x, p->y);
        info->complete = info->open == 0;
        break;
      case CARC_FEATURE_FIELD:
      case CARC_FEATURE_WATER:
        break;
    }
  carc_game_count_followers (self, r, info->followers);
  return TRUE;
}

/**
 * carc_game_get_piece_feature_id:
 * @self: a game
 * @piece: a piece's index (carc_game_get_piece())
 * @segment: a segment index on that piece's tile
 *
 * The id of the feature holding @segment of @piece: the #CarcFeatureInfo.id that
 * carc_game_get_piece_feature() would give, without measuring the feature or counting its
 * figures, so a hook can tell cheaply whether two segments (a figure's and a scored
 * feature's) are in one feature now. Ids change when features join. Since plugin ABI 2.2.
 *
 * Returns: the feature's id; %G_MAXUINT if the piece has no such segment
 */
guint
carc_game_get_piece_feature_id (CarcGame *self, guint piece, guint segment)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), G_MAXUINT);
  if (piece >= self->n_pieces || segment >= self->pieces[piece].type->n_segments)
    return G_MAXUINT;
  return (guint)carc_features_find (&self->features,
                                    (gint)(self->pieces[piece].seg_base + segment));
}

/**
 * carc_game_is_piece_feature_complete:
 * @self: a game
 * @piece: a piece's index (carc_game_get_piece())
 * @segment: a segment index on that piece's tile
 *
 * Whether the feature holding @segment of @piece is complete: the #CarcFeatureInfo.complete
 * that carc_game_get_piece_feature() would give, without measuring the feature or counting its
 * figures (a road's or a city's open ports are kept as the features join; a cloister looks at
 * its eight neighbours), so a hook can ask it at every deployment cheaply. Fields and water
 * are never complete. Since plugin ABI 2.4.
 *
 * Returns: %TRUE if the feature is complete; %FALSE if it is not or the piece has no such
 *   segment
 */
gboolean
carc_game_is_piece_feature_complete (CarcGame *self, guint piece, guint segment)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  gint root = piece_feature_root (self, piece, segment);
  if (root < 0)
    return FALSE;
  const CarcPiece *p = &self->pieces[piece];
  const CarcSeg *r = &self->features.segs[root];
  switch (r->kind)
    {
      case CARC_FEATURE_ROAD:
      case CARC_FEATURE_CITY:
        return r->open == 0;
      case CARC_FEATURE_CLOISTER:
        return carc_game_cloister_neighbours (self, p->x, p->y) == 8;
      case CARC_FEATURE_FIELD:
      case CARC_FEATURE_WATER:
        break;
    }
  return FALSE;
}

/**
 * carc_game_get_n_followers:
 * @self: a game
 *
 * Returns: how many figures (followers and expansions' kinds) are on the board
 *   (carc_game_get_follower() lists them in the order they were deployed)
 */
guint
carc_game_get_n_followers (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  guint n = 0;
  if (!self->followers_gone)
    return self->n_followers; /* between turns the list holds the board's figures only */
  for (guint i = 0; i < self->n_followers; i++)
    n += self->followers[i].active;
  return n;
}

/**
 * carc_game_get_follower:
 * @self: a game
 * @index: 0 .. carc_game_get_n_followers() - 1
 * @info: (out caller-allocates): the follower
 *
 * Returns: %TRUE if @index names a follower on the board
 */
gboolean
carc_game_get_follower (CarcGame *self, guint index, CarcFollowerInfo *info)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  g_return_val_if_fail (info != NULL, FALSE);
  guint i = index;
  if (G_UNLIKELY (self->followers_gone))
    {
      /* between the turn's first return and the next turn the list has gaps: count them */
      for (i = 0; i < self->n_followers; i++)
        if (self->followers[i].active && index-- == 0)
          break;
    }
  /* else the list holds the board's figures only: an index is a place in it */
  if (i >= self->n_followers)
    return FALSE;
  const CarcFollower *fw = &self->followers[i];
  const CarcSeg *s = &self->features.segs[fw->seg];
  const CarcPiece *p = &self->pieces[s->piece];
  *info = (CarcFollowerInfo){ .player = fw->player,
                              .x = p->x,
                              .y = p->y,
                              .segment = s->local,
                              .kind = s->kind,
                              .piece = s->piece,
                              .figure = fw->figure };
  return TRUE;
}

/* Whether @fw is of kind @figure (any with -1) and owned by @player (anyone's with -1). */
static inline gboolean
follower_is (const CarcFollower *fw, gint figure, gint player)
{
  return (figure < 0 || fw->figure == (guint)figure) && (player < 0 || fw->player == (guint)player);
}

/**
 * carc_game_find_follower:
 * @self: a game
 * @from: the index to start at, as carc_game_get_follower() numbers the figures
 * @figure: a figure kind (carc_game_find_figure()), or -1 for any
 * @player: a player, or -1 for any
 *
 * Finds the next figure on the board of kind @figure owned by @player, so a hook that looks
 * for one kind (a builder, a pig) need not fetch every figure with carc_game_get_follower().
 * Since plugin ABI 2.3.
 *
 * Returns: the index of the first such figure at @from or after, for
 *   carc_game_get_follower(); -1 if there is none
 */
gint
carc_game_find_follower (CarcGame *self, guint from, gint figure, gint player)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), -1);
  /* no figure went home this turn: the list has no gaps, an index is a place in it */
  if (!self->followers_gone)
    {
      const CarcFollower *fw = self->followers;
      guint n = self->n_followers;
      /* one kind of one player (a player's builder): a test of two bytes per figure */
      if (figure >= 0 && player >= 0)
        {
          for (guint i = from; i < n; i++)
            if (fw[i].figure == (guint)figure && fw[i].player == (guint)player)
              return (gint)i;
          return -1;
        }
      for (guint i = from; i < n; i++)
        if (follower_is (&fw[i], figure, player))
          return (gint)i;
      return -1;
    }
  /* between the turn's first return and the next turn the list has gaps: count them */
  for (guint i = 0, index = 0; i < self->n_followers; i++)
    {
      const CarcFollower *fw = &self->followers[i];
      if (!fw->active)
        continue;
      if (index >= from && follower_is (fw, figure, player))
        return (gint)index;
      index++;
    }
  return -1;
}

/**
 * carc_game_get_moves:
 * @self: a game
 * @n_moves: (out): the number of moves
 *
 * Returns: (transfer none) (array length=n_moves): every move so far
 */
const CarcMove *
carc_game_get_moves (CarcGame *self, guint *n_moves)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  g_return_val_if_fail (n_moves != NULL, NULL);
  *n_moves = self->n_moves;
  return self->moves;
}
