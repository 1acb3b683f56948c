/* bench-bots.c: what the bots' search costs on one core (issue 19, doc/bots.md).
 *
 * Prints one line per figure, "name value unit # comment":
 *   bots.copy.base_ns            carc_game_copy() and its unref, a 2-player base game at turn 36
 *   bots.copy.base_turns         the same in turns of a random base game (one turn's average
 *                                cost, from whole games: creation and final scoring included)
 *   bots.copy.expansions_ns      the same with every shipped expansion
 *   bots.mcts.playouts_per_s     mcts playouts (to the end, depth=100000) per CPU second, from the
 *                                first turn of a 2-player base game, one thread
 *   bots.mcts.iterations_per_s   mcts iterations per CPU second with the default cut-off
 *                                (depth=4), same position
 *   bots.mcts.halving_per_s      playouts per CPU second of the Sequential Halving search
 *                                (k=5,reply=2: a candidate played on one deal, the turn, the
 *                                reply and the next turn played by greedy, evaluated), over a
 *                                whole 2-player base game
 *   bots.mcts.halving_ms_for_200 the CPU ms of 200 such playouts, one decision's worth
 *   bots.greedy.ms_per_move      greedy's time per decision over a whole 2-player base game
 *
 * Time is the thread's CPU time (the machine may be shared). Usage: bench-bots [SCALE]
 * (default 1: every count times SCALE). Plugins come from $CARCASSONNE_PLUGIN_DIR. */
#include "config.h"

#include <stdlib.h>
#include <time.h>
#include "carcassonne.h"
#include "random-player.h"

static gint64
cpu_ns (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static CarcGameConfig *
make_config (gboolean expansions)
{
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  carc_game_config_set_n_players (config, 2);
  carc_game_config_set_seed (config, 42);
  if (expansions)
    {
      g_autoptr (CarcPluginHost) host = carc_plugin_host_new_default ();
      for (guint i = 0; i < carc_plugin_host_get_n_plugins (host); i++)
        carc_game_config_add_expansion (config, carc_plugin_host_get_plugin (host, i), NULL);
    }
  return g_steal_pointer (&config);
}

static CarcGame *
game_at_turn (CarcGameConfig *config, guint turn)
{
  CarcGame *game = carc_game_new (config, NULL);
  CarcRng rng;
  carc_rng_init (&rng, 1, 7);
  while (carc_game_get_turn (game) < turn && carc_game_get_phase (game) != CARC_PHASE_OVER)
    random_player_move (game, &rng, NULL);
  return game;
}

/* ns per copy of @game. */
static double
copy_ns (CarcGame *game, guint n)
{
  gint64 t0 = cpu_ns ();
  for (guint i = 0; i < n; i++)
    {
      CarcGame *copy = carc_game_copy (game, NULL);
      g_object_unref (copy);
    }
  return (double)(cpu_ns () - t0) / n;
}

/* ns per turn of random base games. */
static double
turn_ns (CarcGameConfig *config, guint games)
{
  CarcRng rng;
  carc_rng_init (&rng, 3, 7);
  guint64 turns = 0;
  gint64 t0 = cpu_ns ();
  for (guint i = 0; i < games; i++)
    {
      g_autoptr (CarcGame) game = carc_game_new (config, NULL);
      random_player_play (game, &rng);
      turns += carc_game_get_turn (game);
    }
  return (double)(cpu_ns () - t0) / turns;
}

/* Playouts (or iterations) per CPU second of an mcts bot @spec choosing once in @game. */
static double
search_rate (CarcGame *game, const char *spec, guint64 *done)
{
  g_autoptr (CarcBot) bot = carc_bot_new_from_spec (spec, 1, NULL);
  CarcMove move;
  gint64 t0 = cpu_ns ();
  carc_bot_choose (bot, game, &move, NULL);
  *done = carc_bot_get_playouts (bot);
  return *done / ((cpu_ns () - t0) / 1e9);
}

/* Playouts per CPU second of a bot @spec playing both seats of a whole game. */
static double
game_rate (CarcGameConfig *config, const char *spec)
{
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  g_autoptr (CarcBot) bot = carc_bot_new_from_spec (spec, 1, NULL);
  gint64 t0 = cpu_ns ();
  while (carc_game_get_phase (game) != CARC_PHASE_OVER)
    {
      CarcMove move;
      carc_bot_choose (bot, game, &move, NULL);
      carc_game_apply_move (game, &move, NULL);
    }
  return carc_bot_get_playouts (bot) / ((cpu_ns () - t0) / 1e9);
}

static double
greedy_ms (CarcGameConfig *config)
{
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  g_autoptr (CarcBot) bot = carc_bot_new ("greedy", NULL, 1, NULL);
  guint decisions = 0;
  gint64 t0 = cpu_ns ();
  while (carc_game_get_phase (game) != CARC_PHASE_OVER)
    {
      CarcMove move;
      carc_bot_choose (bot, game, &move, NULL);
      carc_game_apply_move (game, &move, NULL);
      decisions++;
    }
  return (cpu_ns () - t0) / 1e6 / decisions;
}

int
main (int argc, char **argv)
{
  guint scale = argc > 1 ? (guint)MAX (1, atoi (argv[1])) : 1;
  g_autoptr (CarcGameConfig) base = make_config (FALSE);
  g_autoptr (CarcGameConfig) all = make_config (TRUE);
  g_autoptr (CarcGame) mid = game_at_turn (base, 36);
  g_autoptr (CarcGame) mid_all = game_at_turn (all, 36);
  double copy = copy_ns (mid, 20000 * scale), turn = turn_ns (base, 2000 * scale);
  g_print ("bots.copy.base_ns %.0f ns # carc_game_copy + unref, 2-player base game at turn 36\n",
           copy);
  g_print ("bots.copy.base_turns %.2f turns # the copy in turns of a random base game (%.0f ns "
           "a turn)\n",
           copy / turn, turn);
  g_print ("bots.copy.expansions_ns %.0f ns # the same with every shipped expansion\n",
           copy_ns (mid_all, 20000 * scale));
  g_autoptr (CarcGame) start = game_at_turn (base, 1);
  guint64 done;
  g_autofree char *full = g_strdup_printf ("mcts:iterations=%u,depth=100000,k=0", 2000 * scale);
  double rate = search_rate (start, full, &done);
  g_print ("bots.mcts.playouts_per_s %.0f playouts/s # one core, to the end of the game, from "
           "turn 1 of a 2-player base game (%" G_GUINT64_FORMAT " playouts)\n",
           rate, done);
  g_autofree char *cut = g_strdup_printf ("mcts:iterations=%u,k=0", 5000 * scale);
  rate = search_rate (start, cut, &done);
  g_print ("bots.mcts.iterations_per_s %.0f iterations/s # one core, playouts cut off after 4 "
           "moves (the default), same position\n",
           rate);
  g_autofree char *halving = g_strdup_printf ("mcts:iterations=%u,k=5,reply=2", 30 * scale);
  rate = game_rate (base, halving);
  g_print ("bots.mcts.halving_per_s %.0f playouts/s # one core, k=5,reply=2: a candidate, its "
           "turn, the reply and the next turn played by greedy, a whole 2-player base game\n",
           rate);
  g_print ("bots.mcts.halving_ms_for_200 %.0f ms # the same: 200 playouts\n", 200 * 1000 / rate);
  g_print ("bots.greedy.ms_per_move %.2f ms # one core, a whole 2-player base game\n",
           greedy_ms (base));
  return 0;
}
