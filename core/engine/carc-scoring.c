/* carc-scoring.c: the scoring record the scoring hooks read and change (a player's points as
 * named items), and points an expansion awards outside a feature (doc/plugin-guide.md,
 * "Scoring"). The engine's own scoring is carc-score.c. */
#include "config.h"

#include <string.h>
#include "carc-game-private.h"

/**
 * carc_scoring_add_item: (skip)
 * @scoring: the feature being scored
 * @player: a player, below @scoring->n_players
 * @name: what the points are for ("bonus": an expansion's item); a static string (plugins stay
 * loaded)
 * @count: how many of it, 0 for an item that counts nothing
 * @points: the points it is worth
 *
 * Appends an item to @player's points: the player scores @points more. A player holds at
 * most CARC_SCORE_MAX_ITEMS items; a hook that would add more is a bug, refused with a
 * critical warning.
 *
 * Returns: %TRUE if the item was added
 */
gboolean
carc_scoring_add_item (CarcScoring *scoring, guint player, const char *name, guint count,
                       guint points)
{
  g_return_val_if_fail (scoring != NULL, FALSE);
  g_return_val_if_fail (player < scoring->n_players, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  CarcScoreItems *own = &scoring->points[player];
  g_return_val_if_fail (own->n_items < CARC_SCORE_MAX_ITEMS, FALSE);
  own->items[own->n_items++] = (CarcScoreItem){ name, count, points };
  return TRUE;
}

/**
 * carc_scoring_add_item_to_winners: (skip)
 * @scoring: the feature being scored
 * @name: what the points are for; a static string
 * @count: how many of it
 * @points: the points it is worth to each winner
 *
 * carc_scoring_add_item() for every player in @scoring->winners.
 */
void
carc_scoring_add_item_to_winners (CarcScoring *scoring, const char *name, guint count, guint points)
{
  g_return_if_fail (scoring != NULL);
  for (guint p = 0; p < scoring->n_players; p++)
    if ((scoring->winners >> p) & 1)
      carc_scoring_add_item (scoring, p, name, count, points);
}

/**
 * carc_scoring_find_item: (skip)
 * @scoring: the feature being scored
 * @player: a player, below @scoring->n_players
 * @name: an item's name
 *
 * Returns: (nullable): @player's first item called @name, to change in place, or %NULL
 */
CarcScoreItem *
carc_scoring_find_item (CarcScoring *scoring, guint player, const char *name)
{
  g_return_val_if_fail (scoring != NULL, NULL);
  g_return_val_if_fail (player < scoring->n_players, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  CarcScoreItems *own = &scoring->points[player];
  for (guint i = 0; i < own->n_items; i++)
    if (strcmp (own->items[i].name, name) == 0)
      return &own->items[i];
  return NULL;
}

/**
 * carc_scoring_clear_items: (skip)
 * @scoring: the feature being scored
 * @player: a player, below @scoring->n_players
 *
 * Drops every item of @player: the player scores nothing unless items are added again (what
 * a score_override hook does before it adds its own).
 */
void
carc_scoring_clear_items (CarcScoring *scoring, guint player)
{
  g_return_if_fail (scoring != NULL);
  g_return_if_fail (player < scoring->n_players);
  scoring->points[player].n_items = 0;
}

/**
 * carc_scoring_replace_items: (skip)
 * @scoring: the feature being scored
 * @name: what the points are for; a static string
 * @count: how many of it
 * @points: the points each winner scores now
 *
 * For every player in @scoring->winners: carc_scoring_clear_items(), then this one item (a
 * score_override hook's way of saying "this feature scores @points, and why").
 */
void
carc_scoring_replace_items (CarcScoring *scoring, const char *name, guint count, guint points)
{
  g_return_if_fail (scoring != NULL);
  for (guint p = 0; p < scoring->n_players; p++)
    if ((scoring->winners >> p) & 1)
      {
        carc_scoring_clear_items (scoring, p);
        carc_scoring_add_item (scoring, p, name, count, points);
      }
}

/**
 * carc_scoring_get_points: (skip)
 * @scoring: the feature being scored
 * @player: a player, below @scoring->n_players
 *
 * Returns: the points @player scores as the items stand: the sum of their points
 */
guint
carc_scoring_get_points (const CarcScoring *scoring, guint player)
{
  g_return_val_if_fail (scoring != NULL, 0);
  g_return_val_if_fail (player < scoring->n_players, 0);
  const CarcScoreItems *own = &scoring->points[player];
  guint sum = 0;
  for (guint i = 0; i < own->n_items; i++)
    sum += own->items[i].points;
  return sum;
}

/**
 * carc_game_award:
 * @self: a game
 * @player: a player
 * @name: what the points are for ("trade-goods"); a static string
 * @count: how many of it, 0 for an item that counts nothing
 * @points: the points
 *
 * Gives @player @points outside the scoring of a feature, as one named item, reported by a
 * #CARC_EVENT_POINTS_AWARDED event. For the feature_completed and game_over hooks of
 * expansions (trade goods to whoever closed a city, majorities at the end); a game that is
 * over takes no more points. The event's @final is %TRUE for an award made during the final
 * scoring (a game_over hook).
 */
void
carc_game_award (CarcGame *self, guint player, const char *name, guint count, guint points)
{
  g_return_if_fail (CARC_GAME_VALID (self));
  g_return_if_fail (player < self->n_players);
  g_return_if_fail (name != NULL);
  g_return_if_fail (self->phase != CARC_PHASE_OVER);
  self->score[player] += points;
  if (!carc_game_wants_events (self))
    return;
  CarcScoreItems items[CARC_MAX_PLAYERS] = { 0 };
  items[player] = (CarcScoreItems){ 1, { { name, count, points } } };
  CarcEvent ev = { .type = CARC_EVENT_POINTS_AWARDED,
                   .player = (gint)player,
                   .items = items,
                   .final = self->final_scoring };
  ev.points[player] = points;
  carc_game_emit (self, &ev);
}
