/* arena-records.c: carcassonne-arena --from-records DIR (doc/arena.md, "Dask"): a set's
 * statistics from the records of its games, played elsewhere (carcassonne-arena --records,
 * carcassonne-arena-dask's workers), instead of playing them. Each record must be the game
 * the plan says: its setup that of the plan's game, its seats the plan's bots, replayed to
 * its end with the scores it gives. */
#include "config.h"

#include <string.h>
#include "arena.h"

/* DIR/SET-NNNN.json: the set with its commas (and slashes) as '+', the game's index. */
char *
arena_record_path (const char *dir, const char *set, guint index)
{
  g_autofree char *safe = g_strdelimit (g_strdup (set), ",/", '+');
  g_autofree char *base = g_strdup_printf ("%s-%04u.json", safe, index);
  return g_build_filename (dir, base, NULL);
}

/* The record is of game @index of @set as the plan has it: the same setup (players, seed,
 * expansions and their options), the plan's bot at every seat. */
static gboolean
check_record (const ArenaPlan *plan, const char *set, guint index, CarcRecord *record,
              GError **error)
{
  g_autoptr (CarcGameConfig) want = arena_make_config (plan, set, index, error);
  if (!want)
    return FALSE;
  g_autofree char *want_setup = carc_game_config_to_json (want);
  g_autofree char *setup = carc_game_config_to_json (carc_record_get_config (record));
  if (strcmp (want_setup, setup) != 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD,
                   "its setup is %s, not game %u of set %s (%s)", setup, index, set, want_setup);
      return FALSE;
    }
  guint n_bots = g_strv_length (plan->bots);
  for (guint s = 0; s < plan->n_players; s++)
    {
      const char *want_bot = plan->bots[arena_bot_of_seat (s, index, n_bots)];
      const char *name = carc_record_get_player_name (record, s);
      if (g_strcmp0 (name, want_bot) != 0)
        {
          g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD,
                       "seat %u is '%s', not the bot '%s' the plan seats there", s,
                       name ? name : "(no name)", want_bot);
          return FALSE;
        }
    }
  return TRUE;
}

/* Game @index of @set from its record in @dir, added to @stats. */
static gboolean
read_game (const ArenaPlan *plan, const char *dir, const char *set, guint index, CarcTileSet *base,
           ArenaStats *stats, GError **error)
{
  g_autofree char *path = arena_record_path (dir, set, index);
  g_autofree char *data = NULL;
  gsize length;
  if (!g_file_get_contents (path, &data, &length, error))
    return FALSE;
  g_autoptr (CarcRecord) record = carc_record_parse (data, (gssize)length, base, plan->host, error);
  g_autoptr (CarcGame) game = NULL;
  if (record && check_record (plan, set, index, record, error))
    game = carc_record_replay (record, G_MAXUINT, NULL, NULL, NULL, error);
  if (game && carc_game_get_phase (game) != CARC_PHASE_OVER)
    g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD, "the game is not over");
  if (!game || carc_game_get_phase (game) != CARC_PHASE_OVER)
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  guint n_bots = g_strv_length (plan->bots);
  guint bot_of_seat[CARC_MAX_PLAYERS], scores[CARC_MAX_PLAYERS];
  for (guint s = 0; s < plan->n_players; s++)
    {
      bot_of_seat[s] = arena_bot_of_seat (s, index, n_bots);
      scores[s] = carc_game_get_score (game, s);
    }
  arena_stats_add_game (stats, bot_of_seat, scores, plan->n_players);
  return TRUE;
}

gboolean
arena_read_set (const ArenaPlan *plan, const char *dir, const char *set, ArenaStats *stats,
                GError **error)
{
  memset (stats, 0, sizeof *stats);
  stats->n_bots = g_strv_length (plan->bots);
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (error);
  if (!base)
    return FALSE;
  for (guint g = 0; g < plan->n_games; g++)
    if (!read_game (plan, dir, set, g, base, stats, error))
      return FALSE;
  return TRUE;
}
