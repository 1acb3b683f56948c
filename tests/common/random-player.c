/* random-player.c: uniform random moves through the public API. */
#include "config.h"

#include "random-player.h"

/* The choose phase: draw, pass, or one placement of one hand piece, all equally likely. */
static gboolean
random_choice (CarcGame *game, CarcRng *rng, GError **error)
{
  guint player = carc_game_get_current_player (game);
  guint hand = carc_game_get_hand_size (game, player), n;
  guint options = carc_game_can_draw (game) + carc_game_can_pass (game);
  for (guint i = 0; i < hand; i++)
    {
      carc_game_get_piece_placements (game, i, &n);
      options += n;
    }
  if (options == 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "a choose phase offers nothing");
      return FALSE;
    }
  guint pick = carc_rng_below (rng, options);
  if (carc_game_can_draw (game) && pick-- == 0)
    return carc_game_draw (game, error);
  if (carc_game_can_pass (game) && pick-- == 0)
    return carc_game_pass (game, error);
  for (guint i = 0; i < hand; i++)
    {
      const CarcPlacement *pl = carc_game_get_piece_placements (game, i, &n);
      if (pick < n)
        return carc_game_place_piece (game, i, pl[pick].x, pl[pick].y, pl[pick].rotation, error);
      pick -= n;
    }
  g_assert_not_reached ();
}

static gboolean
random_deploy (CarcGame *game, CarcRng *rng, GError **error)
{
  guint n;
  const CarcDeployment *d = carc_game_get_deployments (game, &n);
  guint pick = carc_rng_below (rng, n + 1);
  return pick < n ? carc_game_deploy (game, d[pick].figure, d[pick].segment, error)
                  : carc_game_skip (game, error);
}

/* A plugin phase: one of the listed moves (issue 16, Moves). */
static gboolean
random_listed (CarcGame *game, CarcRng *rng, GError **error)
{
  g_autoptr (GPtrArray) moves = carc_game_list_moves (game, carc_game_get_current_player (game));
  if (moves->len == 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "no move offered");
      return FALSE;
    }
  return carc_game_apply_move (game, moves->pdata[carc_rng_below (rng, moves->len)], error);
}

gboolean
random_player_move (CarcGame *game, CarcRng *rng, GError **error)
{
  switch (carc_game_get_phase (game))
    {
      case CARC_PHASE_CHOOSE:
        return random_choice (game, rng, error);
      case CARC_PHASE_PLACE:
        {
          guint n = carc_game_get_n_placements (game);
          CarcPlacement p;
          if (n == 0 || !carc_game_get_placement (game, carc_rng_below (rng, n), &p))
            {
              g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "no placement offered");
              return FALSE;
            }
          return carc_game_place (game, p.x, p.y, p.rotation, error);
        }
      case CARC_PHASE_DEPLOY:
        return random_deploy (game, rng, error);
      case CARC_PHASE_PLUGIN:
        return random_listed (game, rng, error);
      case CARC_PHASE_OVER:
        break;
    }
  return FALSE;
}

gboolean
random_player_turn (CarcGame *game, CarcRng *rng, GError **error)
{
  if (carc_game_get_phase (game) != CARC_PHASE_PLACE)
    return FALSE;
  if (!random_player_move (game, rng, error) || !random_deploy (game, rng, error))
    return FALSE;
  return carc_game_get_phase (game) != CARC_PHASE_OVER;
}

void
random_player_play (CarcGame *game, CarcRng *rng)
{
  g_autoptr (GError) error = NULL;
  while (random_player_move (game, rng, &error))
    ;
  if (error)
    g_error ("random player: the engine refused a move it offered: %s", error->message);
}
