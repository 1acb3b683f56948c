/* gi-reference.c: the C engine playing the policy of examples/engine-game.py and .js (the
 * uniform random player of random-player.c, its PCG32 seeded with the game's seed, stream 1),
 * printing the same "scores:" line, so tests/gi/gi-examples.sh can check that the engine seen
 * through GObject Introspection plays exactly the game C plays.
 *
 *   gi-reference [--seed N] [--players N] [--expansions a,b,...] */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include "random-player.h"

int
main (int argc, char **argv)
{
  gint64 seed = 1;
  gint players = 2;
  g_autofree char *expansions = NULL;
  GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "the game's seed", "N" },
    { "players", 0, 0, G_OPTION_ARG_INT, &players, "2 to 6", "N" },
    { "expansions", 0, 0, G_OPTION_ARG_STRING, &expansions, "comma-separated plugin names",
      "LIST" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- the C engine's reference game");
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "gi-reference: %s\n", error->message);
      return 2;
    }

  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (&error);
  g_assert_no_error (error);
  carc_game_config_set_seed (config, (guint64)seed);
  carc_game_config_set_n_players (config, (guint)players);
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new_default ();
  g_auto (GStrv) names = g_strsplit (expansions ? expansions : "", ",", -1);
  for (guint i = 0; names[i]; i++)
    if (*names[i] && !carc_game_config_add_expansion_by_name (config, host, names[i], &error))
      {
        fprintf (stderr, "gi-reference: %s\n", error->message);
        return 1;
      }
  g_autoptr (CarcGame) game = carc_game_new (config, &error);
  if (!game)
    {
      fprintf (stderr, "gi-reference: %s\n", error->message);
      return 1;
    }
  CarcRng rng;
  carc_rng_init (&rng, (guint64)seed, 1);
  random_player_play (game, &rng);

  guint n;
  g_autofree guint *scores = carc_game_get_scores (game, &n);
  printf ("scores:");
  for (guint p = 0; p < n; p++)
    printf (" %u", scores[p]);
  printf ("\n");
  return 0;
}
