/* test-figures.c: figure kinds (issue 16, Figures; doc/plugin-guide.md, "Figures"), with
 * fixture plugins built into this test:
 *
 * - big-figure: declares "big", strength 2 in a majority, 1 per player, anywhere (a large
 *   follower, RULES-next.md D14).
 * - zero-figure: declares "zero", whose strength hook says 0 (a mayor in a city without
 *   shields, D24).
 *
 * Board A (the scoring-stages board): the start tile D at (0, 0) (city north, road west-east).
 * Player 0 places W r0 at (1, 0) and deploys on its west arm (segment 2); player 1 closes the
 * road A+D+W (3 tiles) with A r3 at (-1, 0).
 *
 * Board B, for majorities: player 0 puts W r0 at (1, 0) with the big figure on its south arm
 * (segment 1); player 1 puts U r1 at (0, 1) with a follower on its road (segment 0); then U r1
 * at (-1, 0) and (-2, 0), E r2 at (0, -1) (no deployments); player 1 puts A r3 at (-2, 1),
 * with a second follower on its road (segment 1) or none; U r1 at (-1, 1) joins the two of
 * player 1 (no deployment), E r0 at (-1, -1) (none); player 0 closes the road W, V, U, U, A
 * (5 tiles) with V r1 at (1, 1). */
#include "config.h"

#include <check.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"
#include "plugin-host.h"
#include "scenario.h"

#define TILES(...) ((const char *const[]){ __VA_ARGS__, NULL })

static guint
zero_strength (CarcGame *game, gpointer data, const CarcScoring *scoring, guint player)
{
  return 0;
}

static gboolean
big_init (CarcPlugin *plugin, GError **error)
{
  static const CarcFigureDef big
      = { .name = "big", .supply = 1, .stands = CARC_STANDS_ANYWHERE, .strength = 2 };
  carc_plugin_add_figure (plugin, &big);
  return TRUE;
}

static gboolean
zero_init (CarcPlugin *plugin, GError **error)
{
  static const CarcFigureDef zero = { .name = "zero",
                                      .supply = 1,
                                      .stands = CARC_STANDS_ON (CARC_FEATURE_ROAD),
                                      .strength = 1, /* the hook wins */
                                      .strength_func = zero_strength };
  carc_plugin_add_figure (plugin, &zero);
  return TRUE;
}

static const CarcPluginDesc fixtures[] = {
  { CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "big-figure", "a figure of strength 2", "1",
    CARC_PLUGIN_PRIORITY_DEFAULT, big_init, NULL },
  { CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "zero-figure", "a figure of strength 0", "1",
    CARC_PLUGIN_PRIORITY_DEFAULT, zero_init, NULL },
};

static void
add_fixtures (void)
{
  test_plugin_host_add_static (fixtures, G_N_ELEMENTS (fixtures));
}

/* The figure kinds of follower-deployed (+) and follower-returned (-) events, as "+1 -1". */
static void
on_event (CarcGame *game, const CarcEvent *event, gpointer data)
{
  GString *log = data;
  if (event->type == CARC_EVENT_FOLLOWER_DEPLOYED || event->type == CARC_EVENT_FOLLOWER_RETURNED)
    g_string_append_printf (log, "%s%c%u", log->len ? " " : "",
                            event->type == CARC_EVENT_FOLLOWER_DEPLOYED ? '+' : '-', event->figure);
}

static Scenario *
new_game (const char *expansions, const char *const *tiles, GString *log)
{
  add_fixtures ();
  Scenario *sc = scenario_new_expansions (2, expansions, tiles, NULL);
  carc_game_set_event_signals (sc->game, TRUE);
  g_signal_connect (sc->game, "event", G_CALLBACK (on_event), log);
  return sc;
}

static void
deploy (Scenario *sc, const char *figure, guint segment)
{
  g_autoptr (GError) error = NULL;
  gint k = carc_game_find_figure (sc->game, figure);
  ck_assert_int_ge (k, 0);
  ck_assert_msg (carc_game_deploy (sc->game, (guint)k, segment, &error), "%s",
                 error ? error->message : "");
}

/* The registry: the follower first, then the expansion's kind, each with its supply. */
START_TEST (test_registry_and_deployments)
{
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (Scenario) sc = new_game ("big-figure", TILES ("W", "A"), log);
  CarcGame *g = sc->game;
  ck_assert_uint_eq (carc_game_get_n_figures (g), 2);
  ck_assert_str_eq (carc_game_get_figure_name (g, 0), "follower");
  ck_assert_str_eq (carc_game_get_figure_name (g, 1), "big");
  ck_assert_ptr_null (carc_game_get_figure_name (g, 2));
  ck_assert_int_eq (carc_game_find_figure (g, "big"), 1);
  ck_assert_int_eq (carc_game_find_figure (g, "follower"), CARC_FIGURE_FOLLOWER);
  ck_assert_int_eq (carc_game_find_figure (g, "pig"), -1);
  for (guint p = 0; p < 2; p++)
    {
      ck_assert_uint_eq (carc_game_get_figure_supply (g, 0, p), 7);
      ck_assert_uint_eq (carc_game_get_figure_supply (g, 1, p), 1);
    }
  /* W r0 at (1, 0): 6 segments (3 road arms, 3 fields), each free: both kinds on each, the
   * follower first */
  scenario_place (sc, 1, 0, 0);
  guint n;
  const CarcDeployment *d = carc_game_get_deployments (g, &n);
  ck_assert_uint_eq (n, 12);
  for (guint i = 0; i < n; i++)
    {
      ck_assert_uint_eq (d[i].segment, i / 2);
      ck_assert_uint_eq (d[i].figure, i % 2);
    }
  ck_assert_int_eq (d[4].kind, CARC_FEATURE_ROAD);
  /* a kind the game does not have, and nothing changed */
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_game_deploy (g, 2, 2, &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT));
  ck_assert_str_eq (error->message, "figure kind 2: the game has 2");
  carc_game_get_deployments (g, &n);
  ck_assert_uint_eq (n, 12);
  ck_assert_uint_eq (carc_game_get_figure_supply (g, 1, 0), 1);
}
END_TEST

/* D14: the big figure holds the road A+D+W alone; it scores 3, not 6; it leaves its supply
 * and comes back to it, the events and the board naming its kind. */
START_TEST (test_points_not_doubled)
{
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (Scenario) sc = new_game ("big-figure", TILES ("W", "A", "E"), log);
  CarcGame *g = sc->game;
  scenario_place (sc, 1, 0, 0);
  deploy (sc, "big", 2);
  ck_assert_uint_eq (carc_game_get_figure_supply (g, 1, 0), 0);
  ck_assert_uint_eq (carc_game_get_supply (g, 0), 7);
  CarcFollowerInfo info;
  ck_assert (carc_game_get_follower (g, 0, &info));
  ck_assert_uint_eq (info.figure, 1);
  ck_assert_uint_eq (info.player, 0);
  /* the move log names the kind (and a record would) */
  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (g, &n_moves);
  ck_assert_str_eq (moves[n_moves - 1].figure, "big");
  /* player 0 has no big left: only followers are offered now */
  scenario_turn (sc, -1, 0, 3, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_assert_items (sc, 0, 0, "tiles*3=3");
  scenario_assert_items (sc, 0, 1, "");
  ck_assert_uint_eq (scenario_score (sc, 0), 3);
  ck_assert_uint_eq (carc_game_get_figure_supply (g, 1, 0), 1);
  ck_assert_uint_eq (carc_game_get_n_followers (g), 0);
  ck_assert_str_eq (log->str, "+1 -1");
}
END_TEST

/* Board B: the big figure (2) of player 0 against one follower of player 1 wins alone;
 * against two it ties and both score the road's 5 (rule 25). */
static void
board_b (gboolean second_follower, guint points0, guint points1)
{
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (Scenario) sc
      = new_game ("big-figure", TILES ("W", "U", "U", "U", "E", "A", "U", "E", "V"), log);
  scenario_place (sc, 1, 0, 0);
  deploy (sc, "big", 1);
  scenario_turn (sc, 0, 1, 1, 0);
  scenario_turn (sc, -1, 0, 1, SCENARIO_SKIP);
  scenario_turn (sc, -2, 0, 1, SCENARIO_SKIP);
  scenario_turn (sc, 0, -1, 2, SCENARIO_SKIP);
  scenario_turn (sc, -2, 1, 3, second_follower ? 1 : SCENARIO_SKIP);
  scenario_turn (sc, -1, 1, 1, SCENARIO_SKIP);
  scenario_turn (sc, -1, -1, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, 1, 1, 1, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  ck_assert_int_eq (scenario_score_event (sc, 0)->kind, CARC_FEATURE_ROAD);
  ck_assert_uint_eq (scenario_score_event (sc, 0)->points[0], points0);
  ck_assert_uint_eq (scenario_score_event (sc, 0)->points[1], points1);
  /* everyone goes home, whoever won */
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, 1, 0), 1);
  ck_assert_uint_eq (carc_game_get_supply (sc->game, 1), 7);
  ck_assert_str_eq (log->str, second_follower ? "+1 +0 +0 -1 -0 -0" : "+1 +0 -1 -0");
}

START_TEST (test_big_beats_one_follower)
{
  board_b (FALSE, 5, 0);
}
END_TEST

START_TEST (test_big_ties_two_followers)
{
  board_b (TRUE, 5, 5);
}
END_TEST

/* D24 as a capability: a figure whose strength hook says 0 holds the road alone; when the road
 * is complete nobody scores (one feature-scored event with 0 points for everyone, as JCZ's
 * "road.empty" award), and the figure still goes home. */
START_TEST (test_strength_zero_scores_nobody)
{
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (Scenario) sc = new_game ("zero-figure", TILES ("W", "A", "E"), log);
  CarcGame *g = sc->game;
  scenario_place (sc, 1, 0, 0);
  deploy (sc, "zero", 2);
  ck_assert_uint_eq (carc_game_get_figure_supply (g, 1, 0), 0);
  scenario_turn (sc, -1, 0, 3, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  ck_assert_uint_eq (scenario_score_event (sc, 0)->points[0], 0);
  ck_assert_uint_eq (scenario_score_event (sc, 0)->items[0].n_items, 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 0);
  ck_assert_uint_eq (carc_game_get_figure_supply (g, 1, 0), 1);
  ck_assert_uint_eq (carc_game_get_n_followers (g), 0);
  ck_assert_str_eq (log->str, "+1 -1");
}
END_TEST

/* Where a kind may stand: "zero" stands on roads only; on a field it is refused with a reason
 * and nothing changes. Rule 15 per kind: with its one "zero" out, none is offered. */
START_TEST (test_where_it_stands)
{
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (Scenario) sc = new_game ("zero-figure", TILES ("W", "U", "U"), log);
  CarcGame *g = sc->game;
  scenario_place (sc, 1, 0, 0);
  guint n, zeros = 0;
  const CarcDeployment *d = carc_game_get_deployments (g, &n);
  for (guint i = 0; i < n; i++)
    if (d[i].figure == 1)
      {
        ck_assert_int_eq (d[i].kind, CARC_FEATURE_ROAD);
        zeros++;
      }
  ck_assert_uint_eq (zeros, 3);
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_game_deploy (g, 1, 3, &error)); /* segment 3: a field */
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT));
  ck_assert_str_eq (error->message, "a zero cannot stand on a field");
  deploy (sc, "zero", 0); /* the east arm, open */
  scenario_turn (sc, 0, 1, 1, SCENARIO_SKIP);
  scenario_place (sc, 2, 0, 1); /* player 0 extends the east arm */
  d = carc_game_get_deployments (g, &n);
  for (guint i = 0; i < n; i++)
    ck_assert_uint_eq (d[i].figure, CARC_FIGURE_FOLLOWER);
  g_clear_error (&error);
  ck_assert (!carc_game_deploy (g, 1, 0, &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_NO_FOLLOWER));
  ck_assert_str_eq (error->message, "player 0 has no zero in the supply");
}
END_TEST

/* doc/game-records.md: a deploy names its figure kind when it is not the follower, and the
 * record replays to the same state; "follower" or no kind at all reads as a follower (records
 * from before figure kinds); a kind no loaded expansion declares is refused at parse time. */
START_TEST (test_records_name_the_kind)
{
  g_autoptr (GString) log = g_string_new (NULL);
  g_autoptr (Scenario) sc = new_game ("big-figure", TILES ("W", "A", "E"), log);
  scenario_place (sc, 1, 0, 0);
  deploy (sc, "big", 2);
  scenario_turn (sc, -1, 0, 3, 0); /* player 1: a follower on A's cloister */
  g_autofree char *text = carc_game_to_record (sc->game, NULL);
  ck_assert_ptr_nonnull (strstr (text, "{\"move\":\"deploy\",\"segment\":2,\"figure\":\"big\""));
  ck_assert_ptr_nonnull (strstr (text, "{\"move\":\"deploy\",\"segment\":0,\"scores\""));
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (NULL);
  g_autoptr (CarcRecord) record = carc_record_parse (text, -1, base, test_plugin_host (), &error);
  ck_assert_msg (record != NULL, "%s", error ? error->message : "");
  g_autoptr (CarcGame) again = carc_record_replay (record, G_MAXUINT, NULL, NULL, NULL, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  g_autofree char *h1 = carc_game_get_state_hash (sc->game);
  g_autofree char *h2 = carc_game_get_state_hash (again);
  ck_assert_str_eq (h1, h2);

  CarcMove m;
  ck_assert (carc_move_from_json ("{\"move\":\"deploy\",\"segment\":3}", -1, &m, &error));
  ck_assert_ptr_null (m.figure);
  ck_assert (carc_move_from_json ("{\"move\":\"deploy\",\"segment\":3,\"figure\":\"follower\"}", -1,
                                  &m, &error));
  ck_assert_ptr_null (m.figure);
  ck_assert (carc_move_from_json ("{\"move\":\"deploy\",\"segment\":3,\"figure\":\"big\"}", -1, &m,
                                  &error));
  ck_assert_str_eq (m.figure, "big");
  ck_assert (!carc_move_from_json ("{\"move\":\"deploy\",\"segment\":3,\"figure\":\"unicorn\"}", -1,
                                   &m, &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD));
  ck_assert_str_eq (error->message, "move.figure: no loaded expansion has a figure 'unicorn'");
  g_clear_error (&error);
  ck_assert (!carc_move_from_json ("{\"move\":\"skip\",\"figure\":\"big\"}", -1, &m, &error));
  ck_assert_str_eq (error->message, "move.figure: a skip move has no figure");
  g_clear_error (&error);
  /* a kind this game does not have: refused by the replay, nothing changed */
  g_autoptr (Scenario) plain = new_game ("zero-figure", TILES ("W"), log);
  scenario_place (plain, 1, 0, 0);
  CarcMove big = { .type = CARC_MOVE_DEPLOY, .segment = 2, .figure = "big" };
  ck_assert (!carc_game_apply_move (plain->game, &big, &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT));
  ck_assert_str_eq (error->message, "this game has no figure 'big'");
  ck_assert_int_eq (scenario_phase (plain), CARC_PHASE_DEPLOY);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("figures");
  TCase *tc = tcase_create ("figures");
  tcase_add_test (tc, test_registry_and_deployments);
  tcase_add_test (tc, test_points_not_doubled);
  tcase_add_test (tc, test_big_beats_one_follower);
  tcase_add_test (tc, test_big_ties_two_followers);
  tcase_add_test (tc, test_strength_zero_scores_nobody);
  tcase_add_test (tc, test_where_it_stands);
  tcase_add_test (tc, test_records_name_the_kind);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
