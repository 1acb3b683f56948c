/* bot.c: the built-in random bot. */
#include "config.h"

#include "bot.h"

static gboolean
random_play_turn (CarcGame *game, GRand *rand, GError **error)
{
  if (carc_game_get_phase (game) == CARC_PHASE_PLACE)
    {
      CarcPlacement p;
      guint n = carc_game_get_n_placements (game);

      /* the engine discards unplaceable tiles, so a tile in play always has a placement */
      if (!carc_game_get_placement (game, g_rand_int_range (rand, 0, (gint32)n), &p)
          || !carc_game_place (game, p.x, p.y, p.rotation, error))
        return FALSE;
    }
  if (carc_game_get_phase (game) == CARC_PHASE_DEPLOY)
    {
      guint n;
      const CarcDeployment *d = carc_game_get_deployments (game, &n);
      guint pick = g_rand_int_range (rand, 0, (gint32)n + 1);

      if (pick < n)
        return carc_game_deploy (game, d[pick].segment, error);
      return carc_game_skip (game, error);
    }
  return TRUE;
}

const CarcdBotPolicy carcd_bot_random = {
  .name = "random",
  .play_turn = random_play_turn,
};
