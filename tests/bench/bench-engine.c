/* bench-engine.c: the engine's speed and memory on one core (issue 7).
 *
 * Prints one line per figure, "name value unit", then a comment after '#':
 *   engine.base.games_per_s        complete random 2-player base games per second of CPU time
 *   engine.base.us_per_game        the same as time per game
 *   engine.query.can_place_ns      one legal-placement query (carc_game_can_place) late in a game
 *   engine.query.list_ns           listing every legal placement of the tile in play, late
 *   engine.memory.new_bytes        heap bytes per new 2-player game
 *   engine.memory.end_bytes        heap bytes per 2-player game played to the end
 *   engine.memory.midgame4_bytes   heap bytes per live 4-player base game at mid-game
 *   engine.expansions.games_per_s  complete random 2-player games with all four expansions
 *   engine.all.games_per_s  the same with every plugin found (every shipped expansion)
 *
 * Each game: a deck shuffled from its seed, a uniformly random legal placement every turn
 * (half tiles and abbeys from the hand included), a uniformly random deployment (farmers
 * included) or a skip, full final scoring. The machine may be shared: time is the thread's
 * CPU time, every round plays the same games, and the best and the median round are shown.
 *
 * Usage: bench-engine [GAMES [ROUNDS [base|expansions|games|all]]] (default 20000 games, 5
 * rounds, both; expansion rounds play GAMES / 10 games; "games" plays the base games alone,
 * "all" GAMES games with every plugin alone, for tests/bench/bench-instructions.sh). Instructions
 * per base game, which do not depend on the machine's load: tests/bench/bench-instructions.sh
 * (callgrind). Memory: glibc's mallinfo2() before and after 1000 games alive at once. Plugins come
 * from $CARCASSONNE_PLUGIN_DIR, as `make bench` sets it. */
#include "config.h"

#include <malloc.h>
#include <stdlib.h>
#include <time.h>
#include "carcassonne.h"
#include "random-player.h"

/* CPU time of this thread in nanoseconds: time spent waiting for a core is not the engine's. */
static gint64
cpu_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Plays @games random games of @config per round; returns the best rate (games/s) and puts
 * the median in @median and the mean turns per game in @turns. */
static double
play_rounds (CarcGameConfig *config, guint games, guint rounds, double *median, double *turns)
{
  double rate[100];
  guint64 n_turns = 0;
  for (guint round = 0; round < rounds; round++)
    {
      CarcRng rng;
      carc_rng_init (&rng, 42, 7);
      n_turns = 0;
      gint64 t0 = cpu_ns ();
      for (guint i = 0; i < games; i++)
        {
          carc_game_config_set_seed (config, i);
          g_autoptr (GError) error = NULL;
          g_autoptr (CarcGame) game = carc_game_new (config, &error);
          if (!game)
            g_error ("bench: %s", error->message);
          random_player_play (game, &rng);
          n_turns += carc_game_get_turn (game);
        }
      rate[round] = games / ((double)(cpu_ns () - t0) / 1e9);
    }
  qsort (rate, rounds, sizeof (double), compare_doubles);
  *median = rate[rounds / 2];
  *turns = (double)n_turns / games;
  return rate[rounds - 1];
}

/* Plays random moves until @turn or the end. */
static void
play_to_turn (CarcGame *game, CarcRng *rng, guint turn)
{
  g_autoptr (GError) error = NULL;
  while (carc_game_get_turn (game) < turn && carc_game_get_phase (game) != CARC_PHASE_OVER)
    if (!random_player_move (game, rng, &error))
      g_error ("bench: %s", error->message);
}

/* Heap bytes per game with 1000 games of @config alive at once, each played to @turn
 * (0: new; G_MAXUINT: to the end). */
static size_t
memory_per_game (CarcGameConfig *config, guint turn)
{
  enum
  {
    N_MEM = 1000
  };
  CarcGame **alive = g_new (CarcGame *, N_MEM);
  CarcRng rng;
  carc_rng_init (&rng, 42, 7);
  malloc_trim (0);
  size_t before = mallinfo2 ().uordblks;
  for (guint i = 0; i < N_MEM; i++)
    {
      carc_game_config_set_seed (config, i);
      alive[i] = carc_game_new (config, NULL);
      play_to_turn (alive[i], &rng, turn);
    }
  size_t after = mallinfo2 ().uordblks;
  for (guint i = 0; i < N_MEM; i++)
    g_object_unref (alive[i]);
  g_free (alive);
  return (after - before) / N_MEM;
}

/* The cost of a legal-placement query late in a game (turn 60 of about 71): every cell of the
 * board's bounding box plus a border, every rotation, asked with carc_game_can_place(); and a
 * whole listing with carc_game_get_placements(). */
static void
bench_queries (CarcGameConfig *config, guint games)
{
  guint64 queries = 0, legal = 0, lists = 0, listed = 0;
  gint64 query_ns = 0, list_ns = 0;
  CarcRng rng;
  carc_rng_init (&rng, 42, 7);
  games = MAX (games / 20, 10u);
  for (guint i = 0; i < games; i++)
    {
      carc_game_config_set_seed (config, i);
      g_autoptr (CarcGame) game = carc_game_new (config, NULL);
      play_to_turn (game, &rng, 60);
      if (carc_game_get_phase (game) != CARC_PHASE_PLACE)
        continue;
      gint x0, y0, x1, y1;
      carc_game_get_bounds (game, &x0, &y0, &x1, &y1);
      gint64 t0 = cpu_ns ();
      for (gint y = y0 - 1; y <= y1 + 1; y++)
        for (gint x = x0 - 1; x <= x1 + 1; x++)
          for (guint r = 0; r < 4; r++)
            legal += carc_game_can_place (game, x, y, r);
      query_ns += cpu_ns () - t0;
      queries += (guint64)(y1 - y0 + 3) * (guint64)(x1 - x0 + 3) * 4;
      /* A listing is cached until the next move: time the first of each, on a fresh copy of
       * the position each time. */
      for (guint k = 0; k < 50; k++)
        {
          g_autoptr (CarcGame) copy = NULL;
          guint n_moves, n;
          const CarcMove *moves = carc_game_get_moves (game, &n_moves);
          copy = carc_game_replay (config, moves, n_moves, NULL);
          t0 = cpu_ns ();
          carc_game_get_placements (copy, &n);
          list_ns += cpu_ns () - t0;
          lists++;
          listed += n;
        }
    }
  g_print (
      "engine.query.can_place_ns %.1f ns # carc_game_can_place() at turn 60, %" G_GUINT64_FORMAT
      " queries over the bounding box (%.1f%% legal)\n",
      (double)query_ns / (double)queries, queries, 100.0 * (double)legal / (double)queries);
  g_print ("engine.query.list_ns %.0f ns # carc_game_get_placements() at turn 60, %.1f "
           "placements on average, %" G_GUINT64_FORMAT " listings\n",
           (double)list_ns / (double)lists, (double)listed / (double)lists, lists);
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
          g_print ("# engine.expansions skipped: no plugin %s in %s\n", names[i],
                   carc_plugin_host_get_default_dir ());
          return;
        }
      carc_game_config_add_expansion (config, plugin, NULL);
    }
  double median, turns;
  double best = play_rounds (config, games, rounds, &median, &turns);
  g_print ("engine.expansions.games_per_s %.0f games/s # all four expansions, 2 players, best "
           "of %u rounds of %u games, median %.0f; %.1f us/game, %.1f turns/game\n",
           best, rounds, games, median, 1e6 / best, turns);
}

/* Random 2-player games with every plugin the host finds: in a build tree, every shipped
 * expansion at once (issue 17's figure, beside the four above). */
static void
bench_all (CarcTileSet *tiles, guint games, guint rounds)
{
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  carc_plugin_host_load_dir (host, carc_plugin_host_get_default_dir (), NULL, NULL);
  guint n = carc_plugin_host_get_n_plugins (host);
  if (n == 0)
    {
      g_print ("# engine.all.games_per_s skipped: no plugin in %s\n",
               carc_plugin_host_get_default_dir ());
      return;
    }
  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  carc_game_config_set_n_players (config, 2);
  g_autoptr (GString) names = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    {
      CarcPlugin *plugin = carc_plugin_host_get_plugin (host, i);
      if (!carc_game_config_add_expansion (config, plugin, NULL))
        g_error ("bench-engine: cannot add expansion %s", carc_plugin_get_name (plugin));
      g_string_append_printf (names, "%s%s", i ? "," : "", carc_plugin_get_name (plugin));
    }
  double median, turns;
  double best = play_rounds (config, games, rounds, &median, &turns);
  g_print ("engine.all.games_per_s %.0f games/s # every plugin found (%s), 2 players, best of "
           "%u rounds of %u games, median %.0f; %.1f us/game, %.1f turns/game\n",
           best, names->str, rounds, games, median, 1e6 / best, turns);
}

int
main (int argc, char **argv)
{
  guint games = argc > 1 ? (guint)strtoul (argv[1], NULL, 10) : 20000;
  guint rounds = argc > 2 ? (guint)strtoul (argv[2], NULL, 10) : 5;
  const char *only = argc > 3 ? argv[3] : NULL;
  games = MAX (games, 1u);
  rounds = CLAMP (rounds, 1u, 100u);
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (&error);
  if (!tiles)
    g_error ("%s", error->message);

  if (g_strcmp0 (only, "all") == 0)
    {
      bench_all (tiles, games, rounds);
      return 0;
    }
  if (g_strcmp0 (only, "expansions") != 0)
    {
      g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
      carc_game_config_set_n_players (config, 2);
      double median, turns;
      double best = play_rounds (config, games, rounds, &median, &turns);
      g_print ("engine.base.games_per_s %.0f games/s # 2 players, best of %u rounds of %u "
               "games, median %.0f; %.1f turns/game\n",
               best, rounds, games, median, turns);
      g_print ("engine.base.us_per_game %.2f us # the best round\n", 1e6 / best);
      if (g_strcmp0 (only, "games") == 0)
        return 0;
      bench_queries (config, games);
      g_print ("engine.memory.new_bytes %zu bytes # per new 2-player base game\n",
               memory_per_game (config, 0));
      g_print ("engine.memory.end_bytes %zu bytes # per 2-player base game played to the end\n",
               memory_per_game (config, G_MAXUINT));
      carc_game_config_set_n_players (config, 4);
      g_print ("engine.memory.midgame4_bytes %zu bytes # per live 4-player base game at turn 36 "
               "of 72\n",
               memory_per_game (config, 36));
    }
  if (g_strcmp0 (only, "base") != 0)
    {
      bench_expansions (tiles, MAX (games / 10, 1u), rounds);
      bench_all (tiles, MAX (games / 10, 1u), rounds);
    }
  return 0;
}
