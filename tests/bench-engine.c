/* bench-engine.c: complete random 2-player base games on one core, games per second; then the
 * same with all four expansion plugins on (from $CARCASSONNE_PLUGIN_DIR, as `make bench` sets).
 *
 * Each game: a deck shuffled from its seed, a uniformly random legal placement every turn, a
 * uniformly random deployment (farmers included) or a skip, full final scoring.
 * Usage: bench-engine [GAMES [ROUNDS [base]]] (default 20000 games, 5 rounds; "base" leaves out
 * the expansion games). The machine is shared
 * and noisy, so each round plays the same games and the best and the median round are shown.
 * Instructions per game, which do not depend on the noise:
 *   libtool --mode=execute valgrind --tool=callgrind tests/bench-engine 1000 1
 * and divide the total by 1000. Memory: heap bytes held per game (glibc's mallinfo2), new and
 * played to the end, averaged over 1000 games alive at once. */
#include "config.h"

#include <malloc.h>
#include <stdlib.h>
#include "carcassonne.h"
#include "random-player.h"

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Random 2-player games with abbey, halftiles, vineyards and winter: every move goes through
 * the placement hooks and the general placement path. */
static void
bench_expansions (CarcTileSet *tiles, guint games, guint rounds)
{
  static const char *const names[] = { "abbey", "halftiles", "vineyards", "winter" };
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  carc_plugin_host_load_dir (host, carc_plugin_host_get_default_dir (), NULL, NULL);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  carc_game_config_set_n_players (config, 2);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      CarcPlugin *plugin = carc_plugin_host_lookup (host, names[i]);
      if (!plugin)
        {
          g_print ("engine: expansions skipped: no plugin %s in %s\n", names[i],
                   carc_plugin_host_get_default_dir ());
          return;
        }
      carc_game_config_add_expansion (config, plugin, NULL);
    }
  double best = 0;
  guint64 turns = 0;
  for (guint round = 0; round < rounds; round++)
    {
      CarcRng rng;
      carc_rng_init (&rng, 42, 7);
      turns = 0;
      gint64 t0 = g_get_monotonic_time ();
      for (guint i = 0; i < games; i++)
        {
          carc_game_config_set_seed (config, i);
          g_autoptr (CarcGame) game = carc_game_new (config, NULL);
          random_player_play (game, &rng);
          turns += carc_game_get_turn (game);
        }
      best = MAX (best, games / ((double)(g_get_monotonic_time () - t0) / 1e6));
    }
  g_print ("engine: random 2-player games with all four expansions: best %.0f games/s "
           "(%.1f us/game) over %u rounds of %u games; %.1f turns/game\n",
           best, 1e6 / best, rounds, games, (double)turns / games);
}

int
main (int argc, char **argv)
{
  guint games = argc > 1 ? (guint)strtoul (argv[1], NULL, 10) : 20000;
  guint rounds = argc > 2 ? (guint)strtoul (argv[2], NULL, 10) : 5;
  games = MAX (games, 1u);
  rounds = CLAMP (rounds, 1u, 100u);
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (&error);
  if (!tiles)
    g_error ("%s", error->message);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  carc_game_config_set_n_players (config, 2);
  double rate[100];
  guint64 total_score = 0, turns = 0;

  for (guint round = 0; round < rounds; round++)
    {
      CarcRng rng;
      carc_rng_init (&rng, 42, 7);
      total_score = turns = 0;
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
      rate[round] = games / ((double)(t1 - t0) / 1e6);
    }
  /* Memory per game: 1000 games alive at once, new and then played to the end. */
  enum
  {
    N_MEM = 1000
  };
  CarcGame **alive = g_new (CarcGame *, N_MEM);
  CarcRng rng;
  carc_rng_init (&rng, 42, 7);
  size_t before = mallinfo2 ().uordblks;
  for (guint i = 0; i < N_MEM; i++)
    {
      carc_game_config_set_seed (config, i);
      alive[i] = carc_game_new (config, NULL);
    }
  size_t fresh = mallinfo2 ().uordblks;
  for (guint i = 0; i < N_MEM; i++)
    random_player_play (alive[i], &rng);
  size_t played = mallinfo2 ().uordblks;
  for (guint i = 0; i < N_MEM; i++)
    g_object_unref (alive[i]);
  g_free (alive);

  double best = rate[0];
  for (guint r = 1; r < rounds; r++)
    best = MAX (best, rate[r]);
  qsort (rate, rounds, sizeof (double), compare_doubles);
  g_print ("engine: random 2-player base games on one core: best %.0f games/s (%.1f us/game), "
           "median %.0f games/s over %u rounds of %u games; %.1f turns/game, mean total score "
           "%.1f\n",
           best, 1e6 / best, rate[rounds / 2], rounds, games, (double)turns / games,
           (double)total_score / games);
  g_print ("engine: memory per game %zu bytes new, %zu bytes played to the end\n",
           (fresh - before) / N_MEM, (played - before) / N_MEM);
  if (argc <= 3 || g_strcmp0 (argv[3], "base") != 0)
    bench_expansions (tiles, MAX (games / 10, 1u), rounds);
  return 0;
}
