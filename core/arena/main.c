/* main.c: carcassonne-arena (doc/arena.md): games between bot configurations, with win
 * rates, 95% intervals, average scores and Elo per expansion set. Exit status: 0 done, 1 a
 * game failed, 2 a usage error. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include "arena.h"

static gboolean
check_plan (const ArenaPlan *plan, GError **error)
{
  guint n_bots = plan->bots ? g_strv_length (plan->bots) : 0;
  if (n_bots < 2 || n_bots > ARENA_MAX_BOTS)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "give 2 to %d bots (--bot SPEC, once each)", ARENA_MAX_BOTS);
      return FALSE;
    }
  if (plan->n_players < CARC_MIN_PLAYERS || plan->n_players > CARC_MAX_PLAYERS)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--players is %d to %d, not %u",
                   CARC_MIN_PLAYERS, CARC_MAX_PLAYERS, plan->n_players);
      return FALSE;
    }
  for (guint b = 0; b < n_bots; b++) /* a spec that does not parse fails now, not mid-run */
    {
      g_autoptr (CarcBot) bot = carc_bot_new_from_spec (plan->bots[b], 0, error);
      if (!bot)
        return FALSE;
    }
  return TRUE;
}

/* --from-records reads the records another run wrote: it writes none. */
static gboolean
check_from_records (const char *from_records, const char *records, GError **error)
{
  if (from_records && records)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--from-records reads records, --records writes them: give one");
      return FALSE;
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  ArenaPlan plan = { .n_games = 10, .n_players = 2, .seed = 1 };
  gint games = 10, players = 2, jobs = 1;
  gint64 seed = 1;
  /* what GOption fills, freed on every way out (a usage error too) */
  g_auto (GStrv) bots = NULL;
  g_auto (GStrv) expansions = NULL;
  g_autofree char *records = NULL;
  g_autofree char *plugin_dir = NULL;
  g_autofree char *from_records = NULL;
  const GOptionEntry entries[] = {
    { "bot", 'b', 0, G_OPTION_ARG_STRING_ARRAY, &bots,
      "A bot: strategy[:key=value,...] (random, greedy, mcts:ms=200,threads=2); twice or more",
      "SPEC" },
    { "games", 'n', 0, G_OPTION_ARG_INT, &games, "Games per expansion set (default 10)", "N" },
    { "players", 'p', 0, G_OPTION_ARG_INT, &players, "Seats per game (default 2)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed of the first game (default 1)", "N" },
    { "expansions", 'e', 0, G_OPTION_ARG_STRING_ARRAY, &expansions,
      "An expansion set: none, all, or names with commas; repeat for more sets (default none)",
      "SET" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &jobs,
      "Games played at once, in threads (default 1); the results do not depend on it", "N" },
    { "records", 'r', 0, G_OPTION_ARG_FILENAME, &records, "Write every game's record here", "DIR" },
    { "plugin-dir", 0, 0, G_OPTION_ARG_FILENAME, &plugin_dir,
      "Load the expansion plugins from DIR (default: $CARCASSONNE_PLUGIN_DIR or installed)",
      "DIR" },
    { "from-records", 0, 0, G_OPTION_ARG_FILENAME, &from_records,
      "Play nothing: the statistics of the games whose records --records wrote to DIR", "DIR" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- games between bots");
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error) || games < 1 || players < 0
      || seed < 0 || jobs < 1 || jobs > 256)
    {
      fprintf (stderr, "carcassonne-arena: %s\n",
               error ? error->message : "bad --games, --seed or --jobs");
      return 2;
    }
  plan.bots = bots;
  plan.expansions = expansions;
  plan.n_games = (guint)games;
  plan.n_players = (guint)players;
  plan.seed = (guint64)seed;
  plan.records = records;
  plan.jobs = (guint)jobs;
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  carc_plugin_host_load_dir (host, plugin_dir ? plugin_dir : carc_plugin_host_get_default_dir (),
                             NULL, NULL);
  plan.host = host;
  if (!check_plan (&plan, &error) || !check_from_records (from_records, records, &error))
    {
      fprintf (stderr, "carcassonne-arena: %s\n", error->message);
      return 2;
    }
  static char *none[] = { "none", NULL };
  char **sets = plan.expansions ? plan.expansions : none;
  for (guint i = 0; sets[i]; i++)
    {
      ArenaStats stats;
      gint64 start = g_get_monotonic_time ();
      if (from_records ? !arena_read_set (&plan, from_records, sets[i], &stats, &error)
                       : !arena_play_set (&plan, sets[i], &stats, &error))
        {
          fprintf (stderr, "carcassonne-arena: %s\n", error->message);
          return 1;
        }
      gdouble seconds = (g_get_monotonic_time () - start) / 1e6;
      g_autoptr (GString) out = g_string_new (NULL);
      g_string_append_printf (out,
                              "expansions %s: %u games, %u players, seeds %" G_GUINT64_FORMAT
                              "..%" G_GUINT64_FORMAT "\n",
                              sets[i], plan.n_games, plan.n_players, plan.seed,
                              plan.seed + plan.n_games - 1);
      arena_stats_print (&stats, plan.bots, out);
      fputs (out->str, stdout);
      fflush (stdout);
      fprintf (stderr, "expansions %s: %.1f s, %.2f games/s\n", sets[i], seconds,
               plan.n_games / seconds);
    }
  return 0;
}
