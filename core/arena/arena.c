/* arena.c: one expansion set's games: configs, seats rotated, bots seeded per game and
 * seat, each game written as a record (doc/arena.md). */
#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include "arena.h"

/* A config of @set ("none", "all", "a,b,c") for game @index. */
CarcGameConfig *
arena_make_config (const ArenaPlan *plan, const char *set, guint index, GError **error)
{
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (error);
  if (!config)
    return NULL;
  carc_game_config_set_n_players (config, plan->n_players);
  carc_game_config_set_seed (config, plan->seed + index);
  if (!carc_game_config_add_expansion_set (config, plan->host, set, error))
    return NULL;
  return g_steal_pointer (&config);
}

static gboolean
write_record (const ArenaPlan *plan, const char *set, guint index, CarcGame *game, char **names,
              GError **error)
{
  g_autofree char *path = arena_record_path (plan->records, set, index);
  g_autofree char *record = carc_game_to_record (game, (const char *const *)names);
  return g_file_set_contents (path, record, -1, error);
}

/* Plays game @index of @set to the end; its seats' bots and final scores into @result. */
static gboolean
play_game (const ArenaPlan *plan, const char *set, guint index, ArenaResult *result, GError **error)
{
  g_autoptr (CarcGameConfig) config = arena_make_config (plan, set, index, error);
  if (!config)
    return FALSE;
  g_autoptr (CarcGame) game = carc_game_new (config, error);
  if (!game)
    return FALSE;
  guint n_bots = g_strv_length (plan->bots);
  guint *bot_of_seat = result->bot_of_seat;
  CarcBot *seat_bot[CARC_MAX_PLAYERS] = { NULL };
  char *names[CARC_MAX_PLAYERS + 1] = { NULL };
  gboolean ok = TRUE;
  for (guint s = 0; s < plan->n_players && ok; s++)
    {
      bot_of_seat[s] = arena_bot_of_seat (s, index, n_bots);
      names[s] = plan->bots[bot_of_seat[s]];
      seat_bot[s]
          = carc_bot_new_from_spec (names[s], (plan->seed + index) * CARC_MAX_PLAYERS + s, error);
      ok = seat_bot[s] != NULL;
    }
  while (ok && carc_game_get_phase (game) != CARC_PHASE_OVER)
    ok = carc_bot_play_turn (seat_bot[carc_game_get_current_player (game)], game, error);
  for (guint s = 0; s < plan->n_players; s++)
    g_clear_object (&seat_bot[s]);
  if (!ok)
    {
      g_prefix_error (error, "%s game %u: ", set, index);
      return FALSE;
    }
  for (guint s = 0; s < plan->n_players; s++)
    result->scores[s] = carc_game_get_score (game, s);
  return !plan->records || write_record (plan, set, index, game, names, error);
}

/* The games of one set shared among the jobs: each takes the next game not yet taken. */
typedef struct
{
  const ArenaPlan *plan;
  const char *set;
  ArenaResult *results;
  gint next;
  gint failed; /* a game failed: the jobs take no new game */
} Jobs;

static gpointer
play_games (gpointer data)
{
  Jobs *jobs = data;
  for (;;)
    {
      guint g = (guint)g_atomic_int_add (&jobs->next, 1);
      if (g >= jobs->plan->n_games || g_atomic_int_get (&jobs->failed))
        return NULL;
      ArenaResult *r = &jobs->results[g];
      if (!play_game (jobs->plan, jobs->set, g, r, &r->error))
        g_atomic_int_set (&jobs->failed, 1);
    }
}

gboolean
arena_play_set (const ArenaPlan *plan, const char *set, ArenaStats *stats, GError **error)
{
  memset (stats, 0, sizeof *stats);
  stats->n_bots = g_strv_length (plan->bots);
  if (plan->records && g_mkdir_with_parents (plan->records, 0755) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", plan->records,
                   g_strerror (saved));
      return FALSE;
    }
  g_autofree ArenaResult *results = g_new0 (ArenaResult, plan->n_games);
  Jobs jobs = { .plan = plan, .set = set, .results = results };
  guint n_threads = MIN (MAX (plan->jobs, 1), plan->n_games);
  g_autofree GThread **threads = g_new0 (GThread *, n_threads);
  for (guint k = 1; k < n_threads; k++)
    threads[k] = g_thread_new ("arena-job", play_games, &jobs);
  play_games (&jobs);
  for (guint k = 1; k < n_threads; k++)
    g_thread_join (threads[k]);
  gboolean ok = TRUE;
  for (guint g = 0; g < plan->n_games; g++) /* in the order of the games, as one job would */
    if (ok && results[g].error)
      {
        g_propagate_error (error, g_steal_pointer (&results[g].error));
        ok = FALSE;
      }
    else if (results[g].error)
      g_clear_error (&results[g].error);
    else if (ok)
      arena_stats_add_game (stats, results[g].bot_of_seat, results[g].scores, plan->n_players);
  return ok;
}
