/* random-player.c: uniform random moves through the public API. */
#include "config.h"

#include "random-player.h"

gboolean
random_player_turn (CarcGame *game, CarcRng *rng, GError **error)
{
  if (carc_game_get_phase (game) != CARC_PHASE_PLACE)
    return FALSE;
  guint n = carc_game_get_n_placements (game);
  CarcPlacement p;
  if (n == 0 || !carc_game_get_placement (game, carc_rng_below (rng, n), &p))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "no placement offered");
      return FALSE;
    }
  if (!carc_game_place (game, p.x, p.y, p.rotation, error))
    return FALSE;
  const CarcDeployment *d = carc_game_get_deployments (game, &n);
  guint pick = carc_rng_below (rng, n + 1);
  if (!(pick < n ? carc_game_deploy (game, d[pick].segment, error) : carc_game_skip (game, error)))
    return FALSE;
  return carc_game_get_phase (game) != CARC_PHASE_OVER;
}

void
random_player_play (CarcGame *game, CarcRng *rng)
{
  g_autoptr (GError) error = NULL;
  while (random_player_turn (game, rng, &error))
    ;
  if (error)
    g_error ("random player: the engine refused a move it offered: %s", error->message);
}
