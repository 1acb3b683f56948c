/* awards.c: a plugin that awards points outside features, built for the tests (never
 * installed).
 *
 * Whoever completes a feature nobody holds gets "closed" 1 = 1, and at the end seat 1 gets
 * "end" = 5 (carc_game_award(): the trade goods' kind of points, RULES-next.md). test-daemon-
 * scoring loads it into the daemon to check PointsAwarded (issue 18).
 */
#include "config.h"

#include <carcassonne.h>

static void
awards_completed (CarcGame *game, gpointer data, const CarcScoring *scoring)
{
  if (scoring->winners == 0)
    carc_game_award (game, carc_game_get_current_player (game), "closed", 1, 1);
}

static void
awards_game_over (CarcGame *game, gpointer data)
{
  carc_game_award (game, 1, "end", 0, 5);
}

static gboolean
awards_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .feature_completed = awards_completed,
                                   .game_over = awards_game_over };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("awards", "Test: points outside features", "1.0", CARC_PLUGIN_PRIORITY_DEFAULT,
                    awards_init, NULL)
