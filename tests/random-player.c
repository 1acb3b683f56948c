/* random-player.c: uniform random moves through the public API. */
#include "config.h"

#include "random-player.h"

gboolean
random_player_turn (CarcGame *game, CarcRng *rng)
{
  if (carc_game_get_phase (game) != CARC_PHASE_PLACE)
    return FALSE;
  guint n;
  const CarcPlacement *pl = carc_game_get_placements (game, &n);
  const CarcPlacement *p = &pl[carc_rng_below (rng, n)];
  if (!carc_game_place (game, p->x, p->y, p->rotation, NULL))
    g_error ("random player: a listed placement was refused");
  const CarcDeployment *d = carc_game_get_deployments (game, &n);
  guint pick = carc_rng_below (rng, n + 1);
  gboolean ok = pick < n ? carc_game_deploy (game, d[pick].segment, NULL)
                         : carc_game_skip (game, NULL);
  if (!ok)
    g_error ("random player: a listed deployment was refused");
  return carc_game_get_phase (game) != CARC_PHASE_OVER;
}

void
random_player_play (CarcGame *game, CarcRng *rng)
{
  while (random_player_turn (game, rng))
    ;
}
