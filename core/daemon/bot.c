/* bot.c: the built-in random bot.
 *
 * Every choice is uniform over the legal moves, drawn from the session's RNG (seeded from the
 * game's seed, so a seeded game of bots replays exactly): in a base game one number for the
 * placement and one for the deployment, as it always was; choosing, one number over every
 * way to go on (drawing, each placement of each hand piece, passing); drafting, one over the
 * pool.
 */
#include "config.h"

#include "bot.h"

/* One move in the engine, then the caller's callback. */
typedef struct
{
  CarcdBotMoveFunc moved;
  gpointer user_data;
} Notify;

static gboolean
made (CarcGame *game, const Notify *n, gboolean ok)
{
  if (ok && n->moved)
    n->moved (game, n->user_data);
  return ok;
}

/* A number in [0, n). */
static guint
pick (GRand *rand, guint n)
{
  return (guint)g_rand_int_range (rand, 0, (gint32)n);
}

/* Choosing: draw, place a piece from the hand, or pass, each legal move equally likely. */
static gboolean
choose (CarcGame *game, GRand *rand, const Notify *notify, GError **error)
{
  guint player = carc_game_get_current_player (game);
  guint hand = carc_game_get_hand_size (game, player);
  guint draw = carc_game_can_draw (game) ? 1 : 0;
  guint total = draw + (carc_game_can_pass (game) ? 1 : 0);
  guint k, n;

  for (guint i = 0; i < hand; i++)
    {
      carc_game_get_piece_placements (game, i, &n);
      total += n;
    }
  /* the engine offers a choice only when there is a move */
  if (total == 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "nothing to choose from");
      return FALSE;
    }
  k = pick (rand, total);
  if (k < draw)
    return made (game, notify, carc_game_draw (game, error));
  k -= draw;
  for (guint i = 0; i < hand; i++)
    {
      const CarcPlacement *p = carc_game_get_piece_placements (game, i, &n);

      if (k < n)
        return made (game, notify,
                     carc_game_place_piece (game, i, p[k].x, p[k].y, p[k].rotation, error));
      k -= n;
    }
  return made (game, notify, carc_game_pass (game, error));
}

static gboolean
random_play_turn (CarcGame *game, GRand *rand, CarcdBotMoveFunc moved, gpointer user_data,
                  GError **error)
{
  const Notify notify = { moved, user_data };

  switch (carc_game_get_phase (game))
    {
      case CARC_PHASE_DRAFT:
        return made (game, &notify,
                     carc_game_pick (game, pick (rand, carc_game_get_pool_size (game)), error));
      case CARC_PHASE_CHOOSE:
        if (!choose (game, rand, &notify, error))
          return FALSE;
        /* a pass, or a draw from a pile that ran out, ended the turn */
        if (carc_game_get_phase (game) != CARC_PHASE_PLACE
            && carc_game_get_phase (game) != CARC_PHASE_DEPLOY)
          return TRUE;
        break;
      default:
        break;
    }
  if (carc_game_get_phase (game) == CARC_PHASE_PLACE)
    {
      CarcPlacement p;
      guint n = carc_game_get_n_placements (game);

      /* the engine discards unplaceable tiles, so a tile in play always has a placement */
      if (!carc_game_get_placement (game, pick (rand, n), &p)
          || !made (game, &notify, carc_game_place (game, p.x, p.y, p.rotation, error)))
        return FALSE;
    }
  if (carc_game_get_phase (game) == CARC_PHASE_DEPLOY)
    {
      guint n;
      const CarcDeployment *d = carc_game_get_deployments (game, &n);
      guint k = pick (rand, n + 1);

      if (k < n)
        return made (game, &notify, carc_game_deploy (game, d[k].figure, d[k].segment, error));
      return made (game, &notify, carc_game_skip (game, error));
    }
  return TRUE;
}

const CarcdBotPolicy carcd_bot_random = {
  .name = "random",
  .play_turn = random_play_turn,
};
