/* carc-game-preview.c: moves tried before they are made, and the segments of a feature.
 *
 * A frontend lets the player compose a whole move (where the tile goes, then where a figure
 * goes) before it is made. The engine answers on a scratch copy of the game (carc_game_copy(),
 * or a replay from its config and moves where an expansion cannot copy its data), so nothing
 * of the game itself changes and every hook of every expansion answers as it would for the
 * real move.
 */
#include "config.h"

#include <stdlib.h>

#include "carc-error.h"
#include "carc-game-private.h"

static int
compare_uint (const void *a, const void *b)
{
  guint x = *(const guint *)a, y = *(const guint *)b;
  return x < y ? -1 : x > y;
}

/* A copy of @self without events: carc_game_copy(), or for a game with an expansion that
 * cannot copy its per-game data, a replay of its config and moves. */
static CarcGame *
scratch_copy (CarcGame *self, GError **error)
{
  g_autoptr (GError) local = NULL;
  CarcGame *copy = carc_game_copy (self, &local);
  guint n;

  if (copy || !g_error_matches (local, CARC_ERROR, CARC_ERROR_PLUGIN))
    {
      if (!copy)
        g_propagate_error (error, g_steal_pointer (&local));
      return copy;
    }
  const CarcMove *moves = carc_game_get_moves (self, &n);
  return carc_game_replay (self->config, moves, n, error);
}

/**
 * carc_game_preview_deployments:
 * @self: a game
 * @move: a move that places a piece: the tile in play (%CARC_MOVE_PLACE) or a piece of the
 *   hand (%CARC_MOVE_PLACE_PIECE), or any other move
 * @deployments: (out) (array length=n_deployments) (transfer full) (optional): the
 *   deployments carc_game_get_deployments() would list once @move is made; empty when the
 *   move does not lead to deploying
 * @n_deployments: (out): how many
 * @error: return location for a #CarcError
 *
 * What the current player could deploy after @move, without making it: the game does not
 * change. The answer costs a copy of the game (carc_game_copy()), or where an expansion
 * cannot copy its data, a replay of the game's moves.
 *
 * Returns: %TRUE when @move is legal now; %FALSE with the error carc_game_apply_move() would
 *   give, and @deployments untouched
 */
gboolean
carc_game_preview_deployments (CarcGame *self, const CarcMove *move, CarcDeployment **deployments,
                               guint *n_deployments, GError **error)
{
  g_return_val_if_fail (CARC_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (n_deployments != NULL, FALSE);
  g_autoptr (CarcGame) copy = scratch_copy (self, error);
  guint n = 0;
  const CarcDeployment *d = NULL;

  if (copy == NULL || !carc_game_apply_move (copy, move, error))
    return FALSE;
  if (carc_game_get_phase (copy) == CARC_PHASE_DEPLOY)
    d = carc_game_get_deployments (copy, &n);
  *n_deployments = n;
  if (deployments)
    *deployments = n ? g_memdup2 (d, n * sizeof *d) : NULL;
  return TRUE;
}

/**
 * carc_game_apply_moves:
 * @self: a game
 * @moves: (array length=n_moves): moves to make one after the other
 * @n_moves: how many
 * @error: return location for a #CarcError
 *
 * Makes every move of @moves, or none: they are tried on a scratch copy first, so a move that
 * is refused (the deployment after a placement) leaves the game exactly as it was, with the
 * error that move gives. A frontend sends a placement and its deployment as one.
 *
 * Returns: %TRUE when every move was made; %FALSE with @error set and nothing changed
 */
gboolean
carc_game_apply_moves (CarcGame *self, const CarcMove *moves, guint n_moves, GError **error)
{
  g_return_val_if_fail (CARC_IS_GAME (self), FALSE);
  g_return_val_if_fail (moves != NULL || n_moves == 0, FALSE);
  g_autoptr (CarcGame) copy = scratch_copy (self, error);

  if (copy == NULL)
    return FALSE;
  for (guint i = 0; i < n_moves; i++)
    if (!carc_game_apply_move (copy, &moves[i], error))
      return FALSE;
  /* the game is the copy's twin: the same moves cannot fail on it */
  for (guint i = 0; i < n_moves; i++)
    if (!carc_game_apply_move (self, &moves[i], error))
      g_return_val_if_reached (FALSE);
  return TRUE;
}

/**
 * carc_game_get_feature_segments:
 * @self: a game
 * @piece: a piece on the board (carc_game_get_piece())
 * @segment: a segment index on that piece's tile
 * @pieces: (out) (array length=n_segments) (transfer full): the piece of each segment of the
 *   feature @segment belongs to
 * @segments: (out) (array length=n_segments) (transfer full): each one's segment index on
 *   that piece's tile
 * @n_segments: (out): how many segments the feature has
 *
 * Every segment of a feature, as (piece, segment): exact also in a cell that holds two
 * triangular pieces. Sorted by piece, then segment.
 *
 * Returns: %TRUE if @piece has that segment
 */
gboolean
carc_game_get_feature_segments (CarcGame *self, guint piece, guint segment, guint **pieces,
                                guint **segments, guint *n_segments)
{
  g_return_val_if_fail (CARC_IS_GAME (self), FALSE);
  g_return_val_if_fail (pieces != NULL && segments != NULL && n_segments != NULL, FALSE);
  if (piece >= self->n_pieces || segment >= self->pieces[piece].type->n_segments)
    return FALSE;
  CarcFeatures *f = &self->features;
  gint root = carc_features_find (f, (gint)(self->pieces[piece].seg_base + segment));
  guint n = 0, size = f->segs[root].size;
  g_autofree guint *order = g_new (guint, size);

  /* segment numbers grow with the piece placed and the segment on it */
  gint s = root;
  do
    {
      order[n++] = (guint)s;
      s = f->segs[s].next;
    }
  while (s != root && n < size);
  qsort (order, n, sizeof *order, compare_uint);
  *pieces = g_new (guint, n);
  *segments = g_new (guint, n);
  for (guint i = 0; i < n; i++)
    {
      (*pieces)[i] = f->segs[order[i]].piece;
      (*segments)[i] = f->segs[order[i]].local;
    }
  *n_segments = n;
  return TRUE;
}
