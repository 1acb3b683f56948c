/* test-inns-cathedrals.c: the Inns & Cathedrals plugin (RULES-next.md section 2, decisions
 * D14-D17) as the scenarios of RULES-next.md section 7.1, one test named after each (IC-1 ..
 * IC-12) with the points the rule text states, and the cross-checks X-1 (half tiles, D36) and
 * X-4 (vineyards) of section 7.5. Players: Red 0, Blue 1, Green 2. Base tile letters as in
 * tiles.txt, expansion tiles by their tiles-next.txt ids in JCloisterZone's orientation; the start
 * tile D at (0, 0) shows a city north, a road west-east, a field south; y grows to the south.
 * Segment indices are the positions of the features on the tile's data line. The plugins are the
 * real shared objects of the build tree. turn_large() deploys the large follower (figure kind
 * "large-follower").
 *
 * IC-11 (an inn road and the builder) needs Traders & Builders: it is in
 * tests/engine/test-traders-builders.c. */
#include "config.h"

#include <check.h>
#include "carcassonne.h"
#include "check-run.h"
#include "plugin-host.h"
#include "scenario.h"

#define TILES(...)   ((const char *const[]){ __VA_ARGS__, NULL })
#define OPTIONS(...) ((const char *const[]){ __VA_ARGS__, NULL })

#define IC "inns-cathedrals"

/* Segments of the tiles these scenarios deploy on. */
enum
{
  RRR_I_EAST_ROAD = 0, /* IC-RRR.i: R:E>J:inn, the inn road */
  RFR_I_ROAD = 0,      /* IC-RFr.i: R:EW:inn */
  CATHEDRAL_CITY = 0,  /* IC-Cccc.c: C:NESW:cathedral */
  A_ROAD = 1,          /* A: K R:S>K ... */
  WI_RCC_I_ROAD = 1,   /* WI-RCc.i: C:NW R:S>C0:inn ... */
  HT_I_11_ROAD = 0,    /* HT-I-11: R:EL */
  CITY_0 = 0,          /* F: C:EW:s; N: C:NE; E: C:N */
  E_FIELD = 1,         /* E: C:N F:ENE,...@0 */
  V_OUTER_FIELD = 1,   /* V: R:SW F:NNW,NNE,ENE,ESE,SSE,WNW@- */
  B_CLOISTER = 0,      /* B: K F:... */
};

/* The large follower's figure kind in @sc's game. */
static guint
large_kind (Scenario *sc)
{
  gint kind = carc_game_find_figure (sc->game, "large-follower");
  ck_assert_int_gt (kind, 0);
  return (guint)kind;
}

/* The tile in play at (x, y) with @rotation, and the large follower on @segment. */
static void
turn_large (Scenario *sc, gint x, gint y, guint rotation, guint segment)
{
  g_autoptr (GError) error = NULL;
  scenario_place (sc, x, y, rotation);
  ck_assert_msg (carc_game_deploy (sc->game, large_kind (sc), segment, &error), "%s",
                 error ? error->message : "");
}

/* Whether the tile just placed offers the large follower anywhere. */
static gboolean
large_offered (Scenario *sc)
{
  guint n;
  const CarcDeployment *d = carc_game_get_deployments (sc->game, &n);
  for (guint i = 0; i < n; i++)
    if (d[i].figure == large_kind (sc))
      return TRUE;
  return FALSE;
}

/* The first two turns of IC-1 to IC-3: Red's thief on the inn road of IC-RRR.i west of D,
 * Blue's junction W east of D completes the road (-1,0)-(0,0)-(1,0). */
static void
play_inn_road (Scenario *sc)
{
  scenario_turn (sc, -1, 0, 0, RRR_I_EAST_ROAD);
  scenario_turn (sc, 1, 0, 0, SCENARIO_SKIP);
}

/* IC-1 (D15): a completed road with an inn scores 2 per tile: 3 tiles, Red 6 (3 without the
 * inn), as "tiles" and JCZ's "inn" item; the thief goes home. */
START_TEST (test_ic_1_completed_inn_road)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, IC, TILES ("IC-RRR.i", "W", "B"), NULL);
  play_inn_road (sc);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_ROAD, FALSE, 0, 6, "tiles*3=3 inn*0=3");
  scenario_expect_score (sc, 0, CARC_FEATURE_ROAD, FALSE, 1, 0, "");
  ck_assert_uint_eq (scenario_score (sc, 0), 6);
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
}
END_TEST

/* IC-2 (D16): an inn road left incomplete at the end scores 0: Green's thief on IC-RFr.i west of
 * IC-RRR.i, road (-2,0) plus the west arm of (-1,0), open to the west: Green 0 (would be 2), one
 * "inn" item of 0 points. */
START_TEST (test_ic_2_incomplete_inn_road)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (3, IC, TILES ("IC-RRR.i", "W", "IC-RFr.i"), NULL);
  play_inn_road (sc);
  scenario_turn (sc, -2, 0, 0, RFR_I_ROAD);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores (sc), 2);
  scenario_expect_score (sc, 1, CARC_FEATURE_ROAD, TRUE, 2, 0, "inn*0=0");
  ck_assert_uint_eq (scenario_score (sc, 0), 6);
  ck_assert_uint_eq (scenario_score (sc, 2), 0);
}
END_TEST

/* IC-2, D16's option: with final-zero off (the fork's inn-and-cathedral-final-scoring=ignore)
 * the same road scores as a plain incomplete road: Green 2. */
START_TEST (test_ic_2_final_zero_off)
{
  g_autoptr (Scenario) sc = scenario_new_expansions_full (
      3, IC, OPTIONS (IC ".final-zero=0"), TILES ("IC-RRR.i", "W", "IC-RFr.i"), NULL);
  play_inn_road (sc);
  scenario_turn (sc, -2, 0, 0, RFR_I_ROAD);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  scenario_expect_score (sc, 1, CARC_FEATURE_ROAD, TRUE, 2, 2, "tiles*2=2");
}
END_TEST

/* IC-3 (section 2.4): the inn belongs to one road segment: Green's thief on A south of IC-RRR.i
 * holds the junction's south arm and A, closed by the junction and the cloister: Green 2, not
 * 4. */
START_TEST (test_ic_3_inn_only_on_its_segment)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (3, IC, TILES ("IC-RRR.i", "W", "A"), NULL);
  play_inn_road (sc);
  scenario_turn (sc, -1, 1, 2, A_ROAD);
  ck_assert_uint_eq (scenario_n_scores (sc), 2);
  scenario_expect_score (sc, 1, CARC_FEATURE_ROAD, FALSE, 2, 2, "tiles*2=2");
  ck_assert_uint_eq (scenario_score (sc, 2), 2);
}
END_TEST

/* IC-4 (D15, D16): Red's cathedral city {(0,0),(0,-1),(0,-2),(1,-1),(-1,-1)}, 5 tiles and no
 * shield, completed: Red 15. At the end Blue's city, the east cap of (1,-1) and the second
 * cathedral at (2,-1), is incomplete with a cathedral: Blue 0 (would be 2). */
START_TEST (test_ic_4_cathedral_city)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, IC, TILES ("IC-Cccc.c", "H", "H", "IC-Cccc.c", "E"), NULL);
  scenario_turn (sc, 0, -1, 0, CATHEDRAL_CITY);
  scenario_turn (sc, 0, -2, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, -1, 1, SCENARIO_SKIP);
  scenario_turn (sc, 2, -1, 0, CATHEDRAL_CITY);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, -1, -1, 1, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores (sc), 2);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 15, "tiles*5=10 cathedral*0=5");
  scenario_expect_score (sc, 1, CARC_FEATURE_CITY, TRUE, 1, 0, "cathedral*0=0");
  ck_assert_uint_eq (scenario_score (sc, 0), 15);
  ck_assert_uint_eq (scenario_score (sc, 1), 0);
}
END_TEST

/* IC-5 (D15): a cathedral city of 6 tiles with F's shield: 3 per tile and shield, Red 21 (the
 * base value 14). */
START_TEST (test_ic_5_cathedral_and_shield)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, IC, TILES ("IC-Cccc.c", "H", "E", "F", "E"), NULL);
  scenario_turn (sc, 0, -1, 0, CATHEDRAL_CITY);
  scenario_turn (sc, 0, -2, 0, SCENARIO_SKIP);
  scenario_turn (sc, -1, -1, 1, SCENARIO_SKIP);
  scenario_turn (sc, 1, -1, 0, SCENARIO_SKIP);
  scenario_turn (sc, 2, -1, 3, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 21,
                         "tiles*6=12 shields*1=2 cathedral*0=7");
  ck_assert_uint_eq (scenario_score (sc, 0), 21);
}
END_TEST

/* IC-6 (section 2.6.1, D9): Blue's abbey in the hole at (1,-1) closes Red's cathedral city
 * {(0,0),(0,-1),(0,-2),(-1,-1)}: 4 tiles, the abbey adds none: Red 12. */
START_TEST (test_ic_6_abbey_closes_cathedral_city)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, IC ",abbey", TILES ("IC-Cccc.c", "H", "E", "V", "B", "B", "B", "B"), NULL);
  scenario_turn (sc, 0, -1, 0, CATHEDRAL_CITY);
  scenario_turn (sc, 0, -2, 0, SCENARIO_SKIP);
  scenario_turn (sc, -1, -1, 1, SCENARIO_SKIP);
  scenario_turn (sc, 1, 0, 0, SCENARIO_SKIP);
  scenario_turn (sc, 2, 0, 0, SCENARIO_SKIP);
  scenario_turn (sc, 2, -1, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, -2, 0, SCENARIO_SKIP);
  /* Blue's 8th turn: a hole, the abbey on offer. */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_piece_turn (sc, 0, 1, -1, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 12, "tiles*4=8 cathedral*0=4");
  ck_assert_uint_eq (scenario_score (sc, 0), 12);
}
END_TEST

/* IC-7 (D14): a large knight weighs 2: Red's large knight on F, Blue's knight on N, joined into
 * one city of 6 tiles and 1 shield (14): 2 against 1, Red 14, Blue 0; with Blue's knight large
 * too, 2 against 2, both 14. One large follower each: once deployed, none is offered. */
static void
play_ic_7 (Scenario *sc, gboolean blue_large)
{
  turn_large (sc, 0, -1, 1, CITY_0);
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, large_kind (sc), 0), 0);
  scenario_place (sc, 1, -1, 0);
  ck_assert (large_offered (sc));
  if (blue_large)
    ck_assert (carc_game_deploy (sc->game, large_kind (sc), CITY_0, NULL));
  else
    scenario_deploy (sc, CITY_0);
  scenario_place (sc, 0, -2, 1);
  ck_assert (!large_offered (sc)); /* Red's is on the board */
  scenario_skip (sc);
  scenario_turn (sc, 1, -2, 2, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, 2, -1, 3, SCENARIO_SKIP);
}

START_TEST (test_ic_7_large_follower_majority)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, IC, TILES ("F", "N", "N", "N", "E", "B"), NULL);
  play_ic_7 (sc, FALSE);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 14, "tiles*6=12 shields*1=2");
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 1, 0, "");
  /* both go home, each to its own kind's supply */
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, large_kind (sc), 0), 1);
  ck_assert_uint_eq (scenario_supply (sc, 1), 7);
}
END_TEST

START_TEST (test_ic_7_large_follower_tie)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, IC, TILES ("F", "N", "N", "N", "E", "B"), NULL);
  play_ic_7 (sc, TRUE);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 14, "tiles*6=12 shields*1=2");
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 1, 14, "tiles*6=12 shields*1=2");
}
END_TEST

/* IC-8 (D14, section 2.7): a large farmer weighs 2 among farmers: Red's on E's field (E closes
 * the 2-tile city of D and E), Blue's farmer on V's outer field, joined by Green's B: the field
 * borders 1 completed city, Red 3, Blue 0. */
START_TEST (test_ic_8_large_farmer)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (3, IC, TILES ("E", "V", "B"), NULL);
  turn_large (sc, 0, -1, 2, E_FIELD);
  scenario_turn (sc, 1, 0, 0, V_OUTER_FIELD);
  scenario_turn (sc, 1, -1, 0, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_FIELD, TRUE, 0, 3, "cities*1=3");
  scenario_expect_score (sc, 0, CARC_FEATURE_FIELD, TRUE, 1, 0, "");
  ck_assert_uint_eq (scenario_score (sc, 0), 3);
  ck_assert_uint_eq (scenario_score (sc, 1), 0);
}
END_TEST

/* IC-9 (D14): no double points: a large knight alone in a completed 2-tile city without shields
 * scores 4, and goes home. */
START_TEST (test_ic_9_no_double_points)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, IC, TILES ("E", "B"), NULL);
  turn_large (sc, 0, -1, 2, CITY_0);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 4, "tiles*2=4");
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, large_kind (sc), 0), 1);
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
}
END_TEST

/* X-4 (section 2.7, D11): a large follower as monk in a completed monastery with one vineyard
 * around scores like any monk: 9 + 3 = Red 12. */
START_TEST (test_x_4_large_monk_and_vineyard)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, IC ",vineyards", TILES ("B", "U", "U", "B", "B", "E", "E", "HS-C!.v"), NULL);
  turn_large (sc, 0, 1, 0, B_CLOISTER);
  scenario_turn (sc, -1, 0, 1, SCENARIO_SKIP);
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
  scenario_turn (sc, -1, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, -1, 2, 2, SCENARIO_SKIP);
  scenario_turn (sc, 1, 2, 2, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, 0, 2, 2, SCENARIO_SKIP);
  scenario_expect_score (sc, 0, CARC_FEATURE_CLOISTER, FALSE, 0, 12, "tiles*9=9 vineyards*1=3");
}
END_TEST

/* IC-10 (D17): Winter's fox tile WI-RCc.i east of D, its lake road from the west edge into the
 * city gate; W west of D completes the 3-tile road: with Inns & Cathedrals in play the lake is an
 * inn, Red 6; with Winter alone it is rules-neutral (D12), Red 3. */
START_TEST (test_ic_10_winter_fox_lake_is_an_inn)
{
  static const struct
  {
    const char *expansions;
    guint points;
    const char *items;
  } cases[] = {
    { "winter," IC, 6, "tiles*3=3 inn*0=3" },
    { "winter", 3, "tiles*3=3" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Scenario) sc
          = scenario_new_expansions (2, cases[i].expansions, TILES ("WI-RCc.i", "W"), NULL);
      scenario_turn (sc, 1, 0, 1, WI_RCC_I_ROAD);
      scenario_turn (sc, -1, 0, 0, SCENARIO_SKIP);
      ck_assert_uint_eq (scenario_n_scores (sc), 1);
      scenario_expect_score (sc, 0, CARC_FEATURE_ROAD, FALSE, 0, cases[i].points, cases[i].items);
    }
}
END_TEST

/* IC-12 (D15): a completed city holding both cathedral tiles scores 3 per tile and shield, not
 * 4: 8 tiles, no shield, Red 24 (not 32). */
START_TEST (test_ic_12_two_cathedrals_one_city)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, IC, TILES ("IC-Cccc.c", "IC-Cccc.c", "E", "E", "E", "E", "E"), NULL);
  scenario_turn (sc, 0, -1, 0, CATHEDRAL_CITY);
  scenario_turn (sc, 0, -2, 0, SCENARIO_SKIP);
  scenario_turn (sc, 0, -3, 2, SCENARIO_SKIP);
  scenario_turn (sc, -1, -1, 1, SCENARIO_SKIP);
  scenario_turn (sc, 1, -1, 3, SCENARIO_SKIP);
  scenario_turn (sc, -1, -2, 1, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, 1, -2, 3, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 24, "tiles*8=16 cathedral*0=8");
}
END_TEST

/* X-1 (D36, D5): an inn road through a cell with two half tiles counts that cell once. Red's
 * thief on HT-I-11 (south-west half of (1,0)) continues D's road, which ends west at the
 * junction's inn arm of IC-RRR.i; the cloister half HT-II-04 closes the cell: 3 cells, 2
 * points each: 6 (8 if the halves counted apart). */
START_TEST (test_x_1_inn_road_through_two_halves)
{
  const char *const red[] = { "HT-I-11", "HT-II-04", NULL };
  const char *const none[] = { NULL };
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, "halftiles," IC, TILES ("IC-RRR.i", "U", "U", "U"),
                                 (const char *const *const[]){ red, none });
  scenario_draw (sc);
  scenario_turn (sc, -1, 0, 0, SCENARIO_SKIP);
  scenario_turn (sc, 0, 1, 1, SCENARIO_SKIP);
  scenario_piece_turn (sc, 0, 1, 0, 2, HT_I_11_ROAD);
  scenario_turn (sc, 0, 2, 1, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_piece_turn (sc, 0, 1, 0, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_ROAD, FALSE, 0, 6, "tiles*3=3 inn*0=3");
}
END_TEST

/* Section 2.1/2.2: the 18 tiles (17 types, 6 with an inn road, 2 cathedrals, 3 shields) are
 * shuffled into the 72: 89 face down at the start. */
START_TEST (test_ic_tiles_and_deck)
{
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  carc_plugin_host_load_dir (host, carc_plugin_host_get_default_dir (), IC, NULL);
  CarcPlugin *plugin = carc_plugin_host_lookup (host, IC);
  ck_assert_ptr_nonnull (plugin);
  CarcTileSet *tiles = carc_plugin_get_tiles (plugin);
  ck_assert_uint_eq (carc_tile_set_get_n_types (tiles), 17);
  ck_assert_uint_eq (carc_tile_set_get_n_tiles (tiles), 18);
  guint inns = 0, cathedrals = 0, shields = 0;
  for (guint i = 0; i < carc_tile_set_get_n_types (tiles); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (tiles, i);
      for (guint s = 0; s < carc_tile_type_get_n_segments (t); s++)
        {
          guint n = carc_tile_type_get_count (t);
          inns += n * (carc_tile_type_get_segment_attribute (t, s, "inn") != NULL);
          cathedrals += n * (carc_tile_type_get_segment_attribute (t, s, "cathedral") != NULL);
          shields += n * carc_tile_type_get_segment_shields (t, s);
        }
    }
  ck_assert_uint_eq (inns, 6);
  ck_assert_uint_eq (cathedrals, 2);
  ck_assert_uint_eq (shields, 3);
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  ck_assert (carc_game_config_add_expansion (config, plugin, NULL));
  guint size = 0;
  ck_assert (carc_game_config_get_deck_size (config, &size, NULL));
  ck_assert_uint_eq (size, 71 + 18);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("inns-cathedrals");
  TCase *tc = tcase_create ("rules");
  tcase_add_test (tc, test_ic_1_completed_inn_road);
  tcase_add_test (tc, test_ic_2_incomplete_inn_road);
  tcase_add_test (tc, test_ic_2_final_zero_off);
  tcase_add_test (tc, test_ic_3_inn_only_on_its_segment);
  tcase_add_test (tc, test_ic_4_cathedral_city);
  tcase_add_test (tc, test_ic_5_cathedral_and_shield);
  tcase_add_test (tc, test_ic_6_abbey_closes_cathedral_city);
  tcase_add_test (tc, test_ic_7_large_follower_majority);
  tcase_add_test (tc, test_ic_7_large_follower_tie);
  tcase_add_test (tc, test_ic_8_large_farmer);
  tcase_add_test (tc, test_ic_9_no_double_points);
  tcase_add_test (tc, test_ic_10_winter_fox_lake_is_an_inn);
  tcase_add_test (tc, test_ic_12_two_cathedrals_one_city);
  tcase_add_test (tc, test_x_1_inn_road_through_two_halves);
  tcase_add_test (tc, test_x_4_large_monk_and_vineyard);
  tcase_add_test (tc, test_ic_tiles_and_deck);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
