/* bench-engine.c: complete random 2-player base games on one core, games per second.
 *
 * Each game: a deck shuffled from its seed, a uniformly random legal placement every turn, a
 * uniformly random deployment (farmers included) or a skip, full final scoring.
 * Usage: bench-engine [GAMES] (default 20000). Instructions per game: run it under
 * `valgrind --tool=callgrind` with a small GAMES and divide. */
#include "config.h"

#include <stdlib.h>
#include "carcassonne.h"
#include "random-player.h"

int
main (int argc, char **argv)
{
  guint games = argc > 1 ? (guint)strtoul (argv[1], NULL, 10) : 20000;
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (&error);
  if (!tiles)
    g_error ("%s", error->message);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  carc_game_config_set_n_players (config, 2);
  CarcRng rng;
  carc_rng_init (&rng, 42, 7);
  guint64 total_score = 0, turns = 0;

  gint64 t0 = g_get_monotonic_time ();
  for (guint i = 0; i < games; i++)
    {
      carc_game_config_set_seed (config, i);
      g_autoptr (CarcGame) game = carc_game_new (config, &error);
      random_player_play (game, &rng);
      total_score += carc_game_get_score (game, 0) + carc_game_get_score (game, 1);
      turns += carc_game_get_turn (game);
    }
  gint64 t1 = g_get_monotonic_time ();
  double secs = (double)(t1 - t0) / 1e6;
  g_print ("engine: %u random 2-player base games in %.3f s: %.0f games/s on one core "
           "(%.1f us/game, %.1f turns/game, mean total score %.1f)\n",
           games, secs, games / secs, secs * 1e6 / games, (double)turns / games,
           (double)total_score / games);
  return 0;
}
