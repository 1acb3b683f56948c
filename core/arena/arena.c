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

/* Plays game @index of @set to the end. */
static gboolean
play_game (const ArenaPlan *plan, const char *set, guint index, ArenaStats *stats, GError **error)
{
  g_autoptr (CarcGameConfig) config = arena_make_config (plan, set, index, error);
  if (!config)
    return FALSE;
  g_autoptr (CarcGame) game = carc_game_new (config, error);
  if (!game)
    return FALSE;
  guint n_bots = g_strv_length (plan->bots);
  guint bot_of_seat[CARC_MAX_PLAYERS];
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
  guint scores[CARC_MAX_PLAYERS];
  for (guint s = 0; s < plan->n_players; s++)
    scores[s] = carc_game_get_score (game, s);
  arena_stats_add_game (stats, bot_of_seat, scores, plan->n_players);
  return !plan->records || write_record (plan, set, index, game, names, error);
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
  for (guint g = 0; g < plan->n_games; g++)
    if (!play_game (plan, set, g, stats, error))
      return FALSE;
  return TRUE;
}
