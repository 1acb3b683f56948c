/* test-scoring-stages.c: how expansions' scoring hooks compose (issue 16, Scoring;
 * doc/plugin-guide.md, "Scoring"), with small fixture plugins built into this test:
 *
 * - x-adjust, y-adjust: stage ADJUST on complete roads: x adds "x" 1 x 1 to every winner, y
 *   finds each winner's "tiles" item and adds "y" as many x 1.
 * - o-override: stage OVERRIDE on roads: replaces every winner's items by "o" 0 x 0. Its
 *   priority is CARC_PLUGIN_PRIORITY_HIGH and its name sorts first, so in hook order it comes
 *   before the adjusters: the stage, not the order, makes it win.
 * - watch: feature_completed awards the player who closed a feature nobody held 1 point
 *   ("closed"), and game_over awards player 1 5 points ("end").
 *
 * The board: the start tile D at (0, 0) (city north, road west-east). Player 0 places W r0 at
 * (1, 0) with a thief on its west arm (segment 2); player 1 closes the road A+D+W with A r3 at
 * (-1, 0); player 0 closes the start city with E r2 at (0, -1), nobody in it. */
#include "config.h"

#include <check.h>
#include "carcassonne.h"
#include "check-run.h"
#include "plugin-host.h"
#include "scenario.h"

#define TILES(...) ((const char *const[]){ __VA_ARGS__, NULL })

static void
x_adjust (CarcGame *game, gpointer data, CarcScoring *scoring)
{
  if (scoring->kind == CARC_FEATURE_ROAD && scoring->complete)
    carc_scoring_add_item_to_winners (scoring, "x", 1, 1);
}

static void
y_adjust (CarcGame *game, gpointer data, CarcScoring *scoring)
{
  if (scoring->kind != CARC_FEATURE_ROAD || !scoring->complete)
    return;
  for (guint p = 0; p < scoring->n_players; p++)
    {
      /* the engine's item, as x-adjust (earlier in hook order) left it */
      const CarcScoreItem *tiles = carc_scoring_find_item (scoring, p, "tiles");
      ck_assert (!tiles == !((scoring->winners >> p) & 1));
      if (tiles)
        carc_scoring_add_item (scoring, p, "y", tiles->count, tiles->count);
    }
}

static void
o_override (CarcGame *game, gpointer data, CarcScoring *scoring)
{
  if (scoring->kind == CARC_FEATURE_ROAD)
    carc_scoring_replace_items (scoring, "o", 0, 0);
}

static void
watch_completed (CarcGame *game, gpointer data, const CarcScoring *scoring)
{
  if (scoring->winners == 0)
    carc_game_award (game, carc_game_get_current_player (game), "closed", 1, 1);
}

static void
watch_game_over (CarcGame *game, gpointer data)
{
  carc_game_award (game, 1, "end", 0, 5);
}

#define FIXTURE_INIT(fn, ...)                                                                      \
  static gboolean fn (CarcPlugin *plugin, GError **error)                                          \
  {                                                                                                \
    static const CarcHooks hooks = { .size = sizeof (CarcHooks), __VA_ARGS__ };                    \
    carc_plugin_set_hooks (plugin, &hooks);                                                        \
    return TRUE;                                                                                   \
  }
FIXTURE_INIT (x_init, .score_adjust = x_adjust)
FIXTURE_INIT (y_init, .score_adjust = y_adjust)
FIXTURE_INIT (o_init, .score_override = o_override)
FIXTURE_INIT (watch_init, .feature_completed = watch_completed, .game_over = watch_game_over)

static const CarcPluginDesc fixtures[] = {
  { CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "x-adjust", "adds x", "1",
    CARC_PLUGIN_PRIORITY_DEFAULT, x_init, NULL },
  { CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "y-adjust", "adds y", "1",
    CARC_PLUGIN_PRIORITY_DEFAULT, y_init, NULL },
  { CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "o-override", "zeroes roads", "1",
    CARC_PLUGIN_PRIORITY_HIGH, o_init, NULL },
  { CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "watch", "awards points", "1",
    CARC_PLUGIN_PRIORITY_DEFAULT, watch_init, NULL },
};

static void
add_fixtures (void)
{
  test_plugin_host_add_static (fixtures, G_N_ELEMENTS (fixtures));
}

/* The board of the file's comment; the road's scoring is event 0. */
static Scenario *
play (const char *expansions)
{
  add_fixtures ();
  Scenario *sc = scenario_new_expansions (2, expansions, TILES ("W", "A", "E"), NULL);
  scenario_turn (sc, 1, 0, 0, 2);
  scenario_turn (sc, -1, 0, 3, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_turn (sc, 0, -1, 2, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  return sc;
}

/* The engine's own items, no hook: the road A+D+W gives player 0 "tiles" 3 x 1. */
START_TEST (test_engine_items)
{
  g_autoptr (Scenario) sc = play ("winter");
  scenario_assert_items (sc, 0, 0, "tiles*3=3");
  scenario_assert_items (sc, 0, 1, "");
  ck_assert_uint_eq (scenario_score (sc, 0), 3);
}
END_TEST

/* Stage ADJUST: two adjusting expansions both count, whichever order the game names them in:
 * hooks run in the game's expansion order (priority, then name), not the config's. */
START_TEST (test_two_adjusters_compose)
{
  static const char *const orders[] = { "x-adjust,y-adjust", "y-adjust,x-adjust" };
  for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
    {
      g_autoptr (Scenario) sc = play (orders[i]);
      scenario_assert_items (sc, 0, 0, "tiles*3=3 x*1=1 y*3=3");
      ck_assert_uint_eq (scenario_score_event (sc, 0)->points[0], 7);
      ck_assert_uint_eq (scenario_score (sc, 0), 7);
    }
}
END_TEST

/* Stage OVERRIDE runs after every ADJUST hook: the override replaces the engine's items and
 * both adjusters', though it comes first in hook order (higher priority, first name). */
START_TEST (test_override_wins_over_adjust)
{
  static const char *const orders[]
      = { "x-adjust,o-override,y-adjust", "y-adjust,x-adjust,o-override" };
  for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
    {
      g_autoptr (Scenario) sc = play (orders[i]);
      const CarcGameConfig *config = carc_game_get_config (sc->game);
      ck_assert_str_eq (carc_plugin_get_name (carc_game_config_get_expansion (config, 0)),
                        "o-override");
      scenario_assert_items (sc, 0, 0, "o*0=0");
      ck_assert_uint_eq (scenario_score (sc, 0), 0);
    }
}
END_TEST

/* feature_completed is told of every feature completed during the game, occupied or not: the
 * start city closed by player 0 with nobody in it scores nothing, but the hook awards player
 * 0 "closed" (no feature-scored event for it); the road, occupied, does not count. game_over
 * runs after final scoring and its award comes before the game-over event, marked final (as
 * the final feature-scored events are), the other not. */
START_TEST (test_completed_and_game_over_hooks)
{
  g_autoptr (Scenario) sc = play ("watch");
  ck_assert_uint_eq (scenario_n_scores (sc), 1); /* the road only */
  ck_assert_uint_eq (scenario_n_awards (sc), 2);
  g_autofree char *closed = scenario_award (sc, 0);
  g_autofree char *end = scenario_award (sc, 1);
  ck_assert_str_eq (closed, "0:closed*1=1");
  ck_assert_str_eq (end, "1:end*0=5 final"); /* the daemon orders TurnEnded by it */
  ck_assert_uint_eq (scenario_score (sc, 0), 3 + 1);
  ck_assert_uint_eq (scenario_score (sc, 1), 5);
  guint n = scenario_n_events (sc);
  ck_assert_int_eq (scenario_event_type (sc, n - 1), CARC_EVENT_GAME_OVER);
  ck_assert_int_eq (scenario_event_type (sc, n - 2), CARC_EVENT_POINTS_AWARDED);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("scoring-stages");
  TCase *tc = tcase_create ("stages");
  tcase_add_test (tc, test_engine_items);
  tcase_add_test (tc, test_two_adjusters_compose);
  tcase_add_test (tc, test_override_wins_over_adjust);
  tcase_add_test (tc, test_completed_and_game_over_hooks);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
