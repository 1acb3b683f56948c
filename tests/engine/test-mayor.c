/* test-mayor.c: the Abbey & Mayor plugin (RULES-next.md section 4, decisions D24-D28) as the
 * scenarios of RULES-next.md section 7.3, one test named after each (AM-1 .. AM-15) with the
 * points and options the rule text states, and the cross-checks X-2, X-3 (half tiles) and X-4
 * (vineyards) of section 7.5.
 * Players: Red 0, Blue 1, Green 2. Base tile letters as in tiles.txt, expansion tiles by their
 * tiles-next.txt ids in JCloisterZone's orientation; the start tile D at (0, 0) shows a city
 * north, a road west-east, a field south; y grows to the south. Segment indices are the
 * positions of the features on the tile's data line. The plugins are the real shared objects of
 * the build tree. turn_kind() deploys a figure of the plugin's kinds "mayor", "wagon", "barn".
 *
 * AM-12 is played twice: as the rule text plays it, with Traders & Builders' pig (its totals
 * exactly), and with the mayor plugin alone (the totals less the pig's points). */
#include "config.h"

#include <check.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"
#include "plugin-host.h"
#include "scenario.h"

#define TILES(...)   ((const char *const[]){ __VA_ARGS__, NULL })
#define OPTIONS(...) ((const char *const[]){ __VA_ARGS__, NULL })

#define AM "mayor"

/* Segments of the tiles these scenarios deploy on. */
enum
{
  CITY_0 = 0,     /* D: C:N; E: C:N; M: C:NE:s; N: C:NE */
  D_ROAD = 1,     /* D: C:N R:EW ... */
  E_FIELD = 1,    /* E: C:N F:ENE,...@0 */
  U_ROAD = 0,     /* U: R:NS */
  B_CLOISTER = 0, /* B: K F:... */
  B_FIELD = 1,
  W_EAST = 0, /* W: R:E>J R:S>J R:W>J */
  W_SOUTH = 1,
  L_EAST = 1, /* L: C:N R:E>J R:S>J R:W>J */
  L_SOUTH = 2,
  V_INNER = 2, /* V: R:SW F:NNW,...,WNW@- F:SSW,WSW@- (the field inside the curve) */
};

/* The kind called @name in @sc's game. */
static guint
kind (Scenario *sc, const char *name)
{
  gint k = carc_game_find_figure (sc->game, name);
  ck_assert_msg (k > 0, "no figure kind %s", name);
  return (guint)k;
}

/* The segments of the tile just placed where a figure of kind @k is offered (bit s). */
static guint
offered_kind (Scenario *sc, guint k)
{
  guint n, mask = 0;
  const CarcDeployment *d = carc_game_get_deployments (sc->game, &n);
  for (guint i = 0; i < n; i++)
    if (d[i].figure == k)
      mask |= 1u << d[i].segment;
  return mask;
}

/* The same for the kind called @name. */
static guint
offered (Scenario *sc, const char *name)
{
  return offered_kind (sc, kind (sc, name));
}

/* The tile in play at (x, y) with @rotation, and a figure of kind @name on @segment. */
static void
turn_kind (Scenario *sc, gint x, gint y, guint rotation, const char *name, guint segment)
{
  g_autoptr (GError) error = NULL;
  scenario_place (sc, x, y, rotation);
  ck_assert_msg (carc_game_deploy (sc->game, kind (sc, name), segment, &error), "%s",
                 error ? error->message : "");
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *)a, *(const char *const *)b);
}

/* The wagon moves the current player may make, as "(x,y)segment" sorted and joined by ' ',
 * and whether a pass is among them. */
static char *
wagon_targets (Scenario *sc, gboolean *can_pass)
{
  g_autoptr (GPtrArray) moves
      = carc_game_list_moves (sc->game, carc_game_get_current_player (sc->game));
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  *can_pass = FALSE;
  for (guint i = 0; i < moves->len; i++)
    {
      const CarcMove *m = g_ptr_array_index (moves, i);
      const char *name = carc_move_get_name (m);
      CarcPieceInfo info;
      if (strcmp (name, "wagon-pass") == 0)
        *can_pass = TRUE;
      else if (strcmp (name, "wagon-move") == 0 && carc_game_get_piece (sc->game, m->piece, &info))
        g_ptr_array_add (parts, g_strdup_printf ("(%d,%d)%u", info.x, info.y, m->segment));
    }
  g_ptr_array_sort (parts, compare_strings);
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" ", (char **)parts->pdata);
}

/* Asserts that the game waits for a wagon decision of @player with exactly @targets (and a
 * pass). */
static void
expect_wagon (Scenario *sc, guint player, const char *targets)
{
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLUGIN);
  ck_assert_str_eq (carc_game_get_phase_name (sc->game), "wagon");
  ck_assert_uint_eq (scenario_current_player (sc), player);
  gboolean can_pass;
  g_autofree char *got = wagon_targets (sc, &can_pass);
  ck_assert_str_eq (got, targets);
  ck_assert (can_pass);
}

/* The current player's wagon to @segment of the piece at (x, y), or home (@segment -1). */
static void
move_wagon (Scenario *sc, gint x, gint y, gint segment)
{
  CarcPieceInfo info = { 0 };
  g_autoptr (GError) error = NULL;
  CarcMove m = { .type = CARC_MOVE_PLUGIN, .name = "wagon-pass" };
  if (segment >= 0)
    {
      ck_assert (carc_game_get_piece_at (sc->game, x, y, &info));
      m = (CarcMove){ .type = CARC_MOVE_PLUGIN,
                      .name = "wagon-move",
                      .params = CARC_MOVE_PARAM_PIECE | CARC_MOVE_PARAM_SEGMENT,
                      .piece = info.index,
                      .segment = (guint)segment };
    }
  ck_assert_msg (carc_game_apply_move (sc->game, &m, &error), "%s", error ? error->message : "");
}

/* AM-1 (D24, JCZ mayor-zero-points): Red's mayor alone in a completed 2-tile city without a
 * shield: strength 0, nobody scores (one 0-point scoring, JCZ's "city.empty"), the mayor goes
 * home. */
START_TEST (test_am_1_mayor_without_shields)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, AM, TILES ("E", "B"), NULL);
  turn_kind (sc, 0, -1, 2, "mayor", CITY_0);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 0, "");
  ck_assert_uint_eq (scenario_score (sc, 0), 0);
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, kind (sc, "mayor"), 0), 1);
}
END_TEST

/* AM-2 and AM-3 (D24, D14): Red's mayor on the tile north of D, Blue's knight on D at (1,0),
 * Green's tile at (1,-1) completes the 4-tile city. @red_tile/@green_tile set the shields;
 * @blue_large puts a large follower (Inns & Cathedrals) there instead of the knight. */
static Scenario *
play_am_2 (const char *red_tile, guint red_rot, const char *green_tile, guint green_rot,
           gboolean blue_large)
{
  Scenario *sc = scenario_new_expansions (3, blue_large ? AM ",inns-cathedrals" : AM,
                                          TILES (red_tile, "D", green_tile, "B"), NULL);
  turn_kind (sc, 0, -1, red_rot, "mayor", CITY_0);
  if (blue_large)
    turn_kind (sc, 1, 0, 0, "large-follower", CITY_0);
  else
    scenario_turn (sc, 1, 0, 0, CITY_0);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, 1, -1, green_rot, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  return sc;
}

/* AM-2: one shield (M north of D): 4 tiles + 1 shield = 10, strengths 1 : 1, Red 10, Blue 10. */
START_TEST (test_am_2_mayor_strength_one_shield)
{
  g_autoptr (Scenario) sc = play_am_2 ("M", 1, "N", 2, FALSE);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 10, "tiles*4=8 shields*1=2");
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 1, 10, "tiles*4=8 shields*1=2");
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, kind (sc, "mayor"), 0), 1);
}
END_TEST

/* AM-2: no shield (N instead of M): 8, strengths 0 : 1, Blue 8, Red 0. */
START_TEST (test_am_2_mayor_strength_no_shield)
{
  g_autoptr (Scenario) sc = play_am_2 ("N", 1, "N", 2, FALSE);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 0, "");
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 1, 8, "tiles*4=8");
}
END_TEST

/* AM-2: two shields (M at (1,-1) instead of N): 12, strengths 2 : 1, Red 12, Blue 0. */
START_TEST (test_am_2_mayor_strength_two_shields)
{
  g_autoptr (Scenario) sc = play_am_2 ("M", 1, "M", 2, FALSE);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 12, "tiles*4=8 shields*2=4");
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 1, 0, "");
}
END_TEST

/* AM-3 (A&M + I&C): the 2-shield board with Blue's knight large: 2 : 2, Red 12, Blue 12. */
START_TEST (test_am_3_mayor_against_large_follower)
{
  g_autoptr (Scenario) sc = play_am_2 ("M", 1, "M", 2, TRUE);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 12, "tiles*4=8 shields*2=4");
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 1, 12, "tiles*4=8 shields*2=4");
}
END_TEST

/* AM-4 (D24): at the end Red's mayor alone in the open city of D and M north of it (2 tiles,
 * 1 shield) scores 3; with N there (no shield) 0 (one 0-point final scoring). */
START_TEST (test_am_4_mayor_at_the_end)
{
  static const struct
  {
    const char *tile;
    guint points;
    const char *items;
  } cases[] = { { "M", 3, "tiles*2=2 shields*1=1" }, { "N", 0, "" } };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Scenario) sc = scenario_new_expansions (2, AM, TILES (cases[i].tile), NULL);
      turn_kind (sc, 0, -1, 1, "mayor", CITY_0);
      ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
      ck_assert_uint_eq (scenario_n_scores (sc), 1);
      scenario_expect_score (sc, 0, CARC_FEATURE_CITY, TRUE, 0, cases[i].points, cases[i].items);
      ck_assert_uint_eq (scenario_score (sc, 0), cases[i].points);
    }
}
END_TEST

/* AM-5 (section 4.3): the mayor goes only on a city segment of the tile just placed, into an
 * unoccupied city: on D at (1,0) only its city; on N joining Red's occupied city, nowhere; on
 * a cloister tile, nowhere. Elsewhere it is refused with CARC_ERROR_ILLEGAL_DEPLOYMENT. */
START_TEST (test_am_5_mayor_placement)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, AM, TILES ("M", "D", "N", "B"), NULL);
  scenario_turn (sc, 0, -1, 1, CITY_0);
  scenario_place (sc, 1, 0, 0);
  ck_assert_uint_eq (offered (sc, "mayor"), 1u << CITY_0);
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_game_deploy (sc->game, kind (sc, "mayor"), D_ROAD, &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT));
  ck_assert_str_eq (error->message, "a mayor cannot stand on a road");
  scenario_skip (sc);
  scenario_place (sc, 1, -1, 2);
  ck_assert_uint_eq (offered (sc, "mayor"), 0);
  scenario_skip (sc);
  scenario_place (sc, -1, -1, 0);
  ck_assert_uint_eq (offered (sc, "mayor"), 0);
}
END_TEST

/* The board of AM-6: Red's wagon on U east of D, Blue's W at (2,0), Red's W at (-1,0)
 * completing the road. */
static void
play_am_6 (Scenario *sc)
{
  turn_kind (sc, 1, 0, 1, "wagon", U_ROAD);
  scenario_turn (sc, 2, 0, 0, SCENARIO_SKIP);
  scenario_turn (sc, -1, 0, 0, SCENARIO_SKIP);
}

/* AM-6 (D25, C2): Red's wagon on U east of D; Blue's W at (2,0); Red's W at (-1,0) completes
 * the 4-tile road, Red 4. The wagon may go to the start tile's city or the east or south road
 * of (2,0), or home; not to the roads of (-1,0), two cells away. It goes to the south road. */
START_TEST (test_am_6_wagon_c2_range)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, AM, TILES ("U", "W", "W", "B"), NULL);
  play_am_6 (sc);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_ROAD, FALSE, 0, 4, "tiles*4=4");
  expect_wagon (sc, 0, "(0,0)0 (2,0)0 (2,0)1");
  guint wagon = kind (sc, "wagon");
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, wagon, 0), 1);
  move_wagon (sc, 2, 0, W_SOUTH);
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, wagon, 0), 0);
  ck_assert_uint_eq (scenario_followers_in (sc, 2, 0, W_SOUTH, 0), 1);
  /* the phase is over: Blue's turn */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
}
END_TEST

/* AM-6 under C1 (option wagon-c1, JCZ wagon-move=C1): the roads the scored road's junctions
 * lead to, at any distance: the south and east roads of (2,0) and the south and west roads of
 * (-1,0); not the start city. */
START_TEST (test_am_6_wagon_c1_range)
{
  g_autoptr (Scenario) sc = scenario_new_expansions_full (2, AM, OPTIONS (AM ".wagon-c1=1"),
                                                          TILES ("U", "W", "W", "B"), NULL);
  play_am_6 (sc);
  scenario_expect_score (sc, 0, CARC_FEATURE_ROAD, FALSE, 0, 4, "tiles*4=4");
  expect_wagon (sc, 0, "(-1,0)1 (-1,0)2 (2,0)0 (2,0)1");
  move_wagon (sc, -1, 0, W_SOUTH);
  ck_assert_uint_eq (scenario_followers_in (sc, -1, 0, W_SOUTH, 0), 1);
}
END_TEST

/* AM-6: a wagon move that is not offered is refused and changes nothing. */
START_TEST (test_am_6_wagon_bad_target)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, AM, TILES ("U", "W", "W", "B"), NULL);
  play_am_6 (sc);
  CarcPieceInfo west;
  ck_assert (carc_game_get_piece_at (sc->game, -1, 0, &west));
  CarcMove m = { .type = CARC_MOVE_PLUGIN,
                 .name = "wagon-move",
                 .params = CARC_MOVE_PARAM_PIECE | CARC_MOVE_PARAM_SEGMENT,
                 .piece = west.index,
                 .segment = W_SOUTH };
  g_autoptr (GError) error = NULL;
  guint moves;
  carc_game_get_moves (sc->game, &moves);
  ck_assert (!carc_game_apply_move (sc->game, &m, &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE));
  guint after;
  carc_game_get_moves (sc->game, &after);
  ck_assert_uint_eq (after, moves);
  expect_wagon (sc, 0, "(0,0)0 (2,0)0 (2,0)1");
}
END_TEST

/* The board of AM-7: Red's wagon on U east of D, Blue's B, Green's W west of D, Red's U at
 * (-2,0), Blue's wagon on E at (2,-1), Green's L at (2,0) completing both features. */
static void
play_am_7 (Scenario *sc)
{
  turn_kind (sc, 1, 0, 1, "wagon", U_ROAD);
  scenario_turn (sc, 1, -1, 0, SCENARIO_SKIP);
  scenario_turn (sc, -1, 0, 0, SCENARIO_SKIP);
  scenario_turn (sc, -2, 0, 1, SCENARIO_SKIP);
  turn_kind (sc, 2, -1, 2, "wagon", CITY_0);
  scenario_turn (sc, 2, 0, 0, SCENARIO_SKIP);
}

/* AM-7 (D26): Red's wagon on U east of D, Blue's on E at (2,-1); Green's L at (2,0) completes
 * Red's road (Red 4) and Blue's city (Blue 4). The wagons move after scoring in seat order from
 * Green: Red first (the cloister (1,-1), the start city, L's east and south roads), then Blue;
 * Red takes the cloister, so Blue may choose only a road of L or go home. */
START_TEST (test_am_7_wagon_order)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (3, AM, TILES ("U", "B", "W", "U", "E", "L", "B"), NULL);
  play_am_7 (sc);
  ck_assert_uint_eq (scenario_n_scores (sc), 2);
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
  ck_assert_uint_eq (scenario_score (sc, 1), 4);
  expect_wagon (sc, 0, "(0,0)0 (1,-1)0 (2,0)1 (2,0)2");
  move_wagon (sc, 1, -1, B_CLOISTER);
  expect_wagon (sc, 1, "(2,0)1 (2,0)2");
  move_wagon (sc, 0, 0, -1);
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, kind (sc, "wagon"), 1), 1);
  /* the next turn is Red's: the turn order goes on from Green */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
}
END_TEST

/* AM-7 under C1: Red's wagon may go to the roads its road's junctions lead to; Blue's has no
 * target (no road leaves that city's gate), so it stays home without a decision. */
START_TEST (test_am_7_wagon_order_c1)
{
  g_autoptr (Scenario) sc = scenario_new_expansions_full (
      3, AM, OPTIONS (AM ".wagon-c1=1"), TILES ("U", "B", "W", "U", "E", "L", "B"), NULL);
  play_am_7 (sc);
  expect_wagon (sc, 0, "(-1,0)1 (-1,0)2 (2,0)1 (2,0)2");
  move_wagon (sc, 2, 0, L_EAST);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, kind (sc, "wagon"), 1), 1);
}
END_TEST

/* AM-8 (section 4.4): Red's wagon on E north of D completes the 2-tile city, Red 4, and may
 * move at once: onto the start road (incomplete, unoccupied, one cell away). */
START_TEST (test_am_8_wagon_on_the_feature_it_completes)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, AM, TILES ("E", "B"), NULL);
  turn_kind (sc, 0, -1, 2, "wagon", CITY_0);
  scenario_expect_score (sc, 0, CARC_FEATURE_CITY, FALSE, 0, 4, "tiles*2=4");
  expect_wagon (sc, 0, "(0,0)1");
  move_wagon (sc, 0, 0, D_ROAD);
  ck_assert_uint_eq (scenario_followers_in (sc, 0, 0, D_ROAD, 0), 1);
}
END_TEST

/* AM-9 (section 4.4): at the end a wagon scores like a small follower and does not move: the
 * open 2-tile road of D and U, Red 2. */
START_TEST (test_am_9_wagon_at_the_end)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, AM, TILES ("U"), NULL);
  turn_kind (sc, 1, 0, 1, "wagon", U_ROAD);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_ROAD, TRUE, 0, 2, "tiles*2=2");
}
END_TEST

/* The board of AM-10, AM-11 and AM-13: Red's farmer on E north of D; E at (0,-2), (0,-3),
 * (1,-2); Red's E at (1,-1) with the barn at its NW corner (the corner of (0,-2), (1,-2),
 * (0,-1), (1,-1)). */
static void
play_am_10 (Scenario *sc)
{
  scenario_turn (sc, 0, -1, 2, E_FIELD);
  scenario_turn (sc, 0, -2, 0, SCENARIO_SKIP);
  scenario_turn (sc, 0, -3, 2, SCENARIO_SKIP);
  scenario_turn (sc, 1, -2, 0, SCENARIO_SKIP);
  scenario_place (sc, 1, -1, 1);
  ck_assert_uint_eq (offered (sc, "barn"), 1u << E_FIELD);
  ck_assert_uint_eq (carc_game_deploy (sc->game, kind (sc, "barn"), E_FIELD, NULL), TRUE);
}

/* AM-10 (D28, JCZ barn-scoring): the barn arrives in the farmer's field: the cities start +
 * (0,-1) and (0,-2) + (0,-3) are complete, the farmer scores 6 now and goes home; the barn
 * stays. At the end the barn scores 2 x 4 = 8: Red 14. */
START_TEST (test_am_10_barn_scores_the_farmers)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, AM, TILES ("E", "E", "E", "E", "E"), NULL);
  play_am_10 (sc);
  /* the cities were completed unheld: no scoring of theirs */
  ck_assert_uint_eq (scenario_n_scores (sc), 2);
  scenario_expect_score (sc, 0, CARC_FEATURE_FIELD, FALSE, 0, 6, "cities*2=6");
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  scenario_expect_score (sc, 1, CARC_FEATURE_FIELD, TRUE, 0, 8, "cities*2=8");
  ck_assert_uint_eq (scenario_score (sc, 0), 14);
}
END_TEST

/* AM-11 (D28): after AM-10, B at (-1,-1) joins the barn field: no farmer may go on its field
 * (refused), a monk on its cloister may. */
START_TEST (test_am_11_no_farmer_in_a_barn_field)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, AM, TILES ("E", "E", "E", "E", "E", "B"), NULL);
  play_am_10 (sc);
  /* the farmer went home, the barn stays */
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, kind (sc, "barn"), 0), 0);
  ck_assert_uint_eq (carc_game_get_n_followers (sc->game), 1);
  scenario_place (sc, -1, -1, 0);
  ck_assert (!scenario_can_deploy (sc, B_FIELD));
  ck_assert (scenario_can_deploy (sc, B_CLOISTER));
  scenario_expect_deploy_error (sc, B_FIELD, CARC_ERROR_ILLEGAL_DEPLOYMENT);
  scenario_deploy (sc, B_CLOISTER);
}
END_TEST

/* AM-12 (D28, JCZ barn-connected-scoring) without the pig: with the mayor plugin alone the
 * rule text's totals (Red 8, Blue 8) lose the pig's +1 per city: Blue's barn arrives in
 * Red's farmer field, 1 completed city: Red 3 (4 with the pig); Red's second farmer, on the
 * field of E at (0,-3) and AM-R at (0,-4), is joined to the barn field by V at (1,-3): 2 cities
 * x 1 = Red 2 (4 with the pig), and the farmer goes home. End: Blue's barn 2 x 4 = 8. Totals Red
 * 5, Blue 8. */
START_TEST (test_am_12_barn_connection)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, AM, TILES ("E", "B", "B", "E", "E", "U", "AM-R", "V"), NULL);
  scenario_turn (sc, 0, -1, 2, E_FIELD);
  scenario_turn (sc, 1, -1, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, -2, 0, SCENARIO_SKIP); /* the pig in the rule text */
  turn_kind (sc, 0, -2, 0, "barn", E_FIELD);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_FIELD, FALSE, 0, 3, "cities*1=3");
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  scenario_turn (sc, 0, -3, 2, E_FIELD);
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
  scenario_turn (sc, 0, -4, 2, SCENARIO_SKIP); /* the second pig in the rule text */
  ck_assert_uint_eq (scenario_supply (sc, 0), 6);
  scenario_turn (sc, 1, -3, 2, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  /* the farmers' connection scoring, then the barn at the end (the cities closed unheld) */
  ck_assert_uint_eq (scenario_n_scores (sc), 3);
  scenario_expect_score (sc, 1, CARC_FEATURE_FIELD, FALSE, 0, 2, "cities*2=2");
  scenario_expect_score (sc, 2, CARC_FEATURE_FIELD, TRUE, 1, 8, "cities*2=8");
  ck_assert_uint_eq (scenario_score (sc, 0), 5);
  ck_assert_uint_eq (scenario_score (sc, 1), 8);
}
END_TEST

/* AM-12 with the pig, as the rule text plays it (D28, D22; A&M + T&B): Blue's barn arrives in
 * Red's farmer field, which Red's pig shares: 1 completed city x (3 + 1) = Red 4, and farmer
 * and pig go home; Red's second farmer and pig (on E at (0,-3) and AM-R at (0,-4)) are joined
 * to the barn field by V at (1,-3): 2 cities x (1 + 1) = Red 4. End: Blue's barn 2 x 4 = 8.
 * Totals Red 8, Blue 8. */
START_TEST (test_am_12_barn_connection_and_pig)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, AM ",traders-builders", TILES ("E", "B", "B", "E", "E", "U", "AM-R", "V"), NULL);
  scenario_turn (sc, 0, -1, 2, E_FIELD);
  scenario_turn (sc, 1, -1, 0, SCENARIO_SKIP);
  turn_kind (sc, 1, -2, 0, "pig", B_FIELD);
  turn_kind (sc, 0, -2, 0, "barn", E_FIELD);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_FIELD, FALSE, 0, 4, "cities*1=3 pig*0=1");
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  scenario_turn (sc, 0, -3, 2, E_FIELD);
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
  turn_kind (sc, 0, -4, 2, "pig", 1); /* AM-R's field */
  scenario_turn (sc, 1, -3, 2, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores (sc), 3);
  scenario_expect_score (sc, 1, CARC_FEATURE_FIELD, FALSE, 0, 4, "cities*2=2 pig*0=2");
  scenario_expect_score (sc, 2, CARC_FEATURE_FIELD, TRUE, 1, 8, "cities*2=8");
  ck_assert_uint_eq (scenario_score (sc, 0), 8);
  ck_assert_uint_eq (scenario_score (sc, 1), 8);
}
END_TEST

/* AM-13 (D27): after AM-10, Blue's B at (-1,-2): its SE corner lies on Red's barn field, so no
 * barn is offered (by default); with the option barn-into-barn-field (JCZ
 * barn-placement=occupied) it is. */
START_TEST (test_am_13_barn_into_a_barn_field)
{
  const struct
  {
    const char *const *options;
    guint barn;
  } cases[] = { { NULL, 0 }, { OPTIONS (AM ".barn-into-barn-field=1"), 1u << B_FIELD } };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (Scenario) sc = scenario_new_expansions_full (
          2, AM, cases[i].options, TILES ("E", "E", "E", "E", "E", "B", "U", "B"), NULL);
      play_am_10 (sc);
      scenario_turn (sc, -1, -1, 0, SCENARIO_SKIP);
      scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
      scenario_place (sc, -1, -2, 0);
      ck_assert_uint_eq (offered (sc, "barn"), cases[i].barn);
      ck_assert_uint_eq (offered_kind (sc, CARC_FIGURE_FOLLOWER), 1u << B_CLOISTER);
    }
}
END_TEST

/* AM-14 (D28): Blue's barn in the field north of D, Red's in the start's south field; A at
 * (1,0) joins them; the field borders 2 completed cities: at the end Red 8, Blue 8. */
START_TEST (test_am_14_two_barns_joined)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, AM, TILES ("E", "E", "E", "E", "E", "B", "B", "B", "B", "A"), NULL);
  scenario_turn (sc, 0, -1, 2, SCENARIO_SKIP);
  scenario_turn (sc, 0, -2, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, -2, 0, SCENARIO_SKIP);
  turn_kind (sc, 1, -1, 1, "barn", E_FIELD);
  scenario_turn (sc, 0, -3, 2, SCENARIO_SKIP);
  scenario_turn (sc, 0, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, 0, 2, 0, SCENARIO_SKIP);
  turn_kind (sc, 1, 2, 0, "barn", B_FIELD);
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_expect_score (sc, 0, CARC_FEATURE_FIELD, TRUE, 0, 8, "cities*2=8");
  scenario_expect_score (sc, 0, CARC_FEATURE_FIELD, TRUE, 1, 8, "cities*2=8");
  ck_assert_uint_eq (scenario_score (sc, 0), 8);
  ck_assert_uint_eq (scenario_score (sc, 1), 8);
}
END_TEST

/* AM-15 (a) (D27): the barn at the NW corner of V at (1,1), its inner corner: offered on V's
 * inner field only. */
START_TEST (test_am_15a_barn_at_an_inner_corner)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, AM, TILES ("W", "U", "V"), NULL);
  scenario_turn (sc, 1, 0, 0, SCENARIO_SKIP);
  scenario_turn (sc, 0, 1, 1, SCENARIO_SKIP);
  scenario_place (sc, 1, 1, 1);
  ck_assert_uint_eq (offered (sc, "barn"), 1u << V_INNER);
  ck_assert (carc_game_deploy (sc->game, kind (sc, "barn"), V_INNER, NULL));
}
END_TEST

/* AM-15 (b): no barn where one of the four cells shows a city at the corner (the start tile's
 * NE corner); asked for anyway, it is refused with a reason. */
START_TEST (test_am_15b_no_barn_at_a_city_corner)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, AM, TILES ("E", "B", "U"), NULL);
  scenario_turn (sc, 0, -1, 2, SCENARIO_SKIP);
  scenario_turn (sc, 1, -1, 0, SCENARIO_SKIP);
  scenario_place (sc, 1, 0, 1);
  ck_assert_uint_eq (offered (sc, "barn"), 0);
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_game_deploy (sc->game, kind (sc, "barn"), 1, &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT));
  ck_assert_str_eq (error->message,
                    "a barn stands only at a corner where four fields meet; segment 1 has none");
}
END_TEST

/* AM-15 (c): no barn on the abbey (it has no field) and none at E's NW corner at (2,2), an
 * abbey corner. */
START_TEST (test_am_15c_no_barn_at_an_abbey)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, AM ",abbey", TILES ("V", "U", "B", "B", "B", "B", "E", "B"), NULL);
  scenario_turn (sc, 1, 0, 0, SCENARIO_SKIP);
  scenario_turn (sc, 0, 1, 1, SCENARIO_SKIP);
  scenario_turn (sc, 2, 0, 0, SCENARIO_SKIP);
  scenario_turn (sc, 2, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, 0, 2, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, 2, 0, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  scenario_piece (sc, 0, 1, 1, 0);
  ck_assert_uint_eq (offered (sc, "barn"), 0);
  scenario_skip (sc);
  scenario_place (sc, 2, 2, 1);
  ck_assert_uint_eq (offered (sc, "barn"), 0);
}
END_TEST

/* X-2 (D36, seed 002 1/2021): the barn's corner must be completely filled with field in all
 * four cells. Red's half tile HT-I-05 in (1,1) (north-east triangle) shows its acute corner at
 * the NE corner of (0,1): U placed there gets no barn. With Blue's HT-I-02 turned to the
 * south-west half beside it, their fields joined across the long side, the cell is full there
 * and U gets the barn on its north field. */
START_TEST (test_x_2_barn_corner_with_half_tiles)
{
  enum
  {
    U_NORTH_FIELD = 2 /* U: R:NS F:NNE,ENE,ESE,SSE@- F:SSW,WSW,WNW,NNW@- turned once */
  };
  const char *const red[] = { "HT-I-05", NULL };
  const char *const blue[] = { "HT-I-02", NULL };
  const char *const none[] = { NULL };
  for (guint full = 0; full < 2; full++)
    {
      g_autoptr (Scenario) sc
          = scenario_new_expansions (2, "halftiles," AM, TILES ("U", "B", "U"),
                                     (const char *const *const[]){ red, full ? blue : none });
      scenario_draw (sc);
      scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
      if (full)
        scenario_draw (sc);
      scenario_turn (sc, 1, -1, 0, SCENARIO_SKIP);
      scenario_piece_turn (sc, 0, 1, 1, 0, SCENARIO_SKIP);
      if (full)
        scenario_piece_turn (sc, 0, 1, 1, 2, SCENARIO_SKIP);
      scenario_place (sc, 0, 1, 1);
      ck_assert_uint_eq (offered (sc, "barn"), full ? 1u << U_NORTH_FIELD : 0);
    }
}
END_TEST

/* X-3 (D36): the C2 range counts cells. Red's wagon on U east of D; Blue's half tiles HT-I-09
 * (turned to the north-west half, its west road a junction arm) and HT-I-01 (the south-east
 * half) fill (2,0); D at (3,0) continues their road; W west of D completes Red's road, 4 cells,
 * Red 4. The wagon may go to the start city, B's cloister at (0,1) and the free roads of both
 * halves in (2,0), one cell away; not to the city of D at (3,0), two cells away, though the
 * halves' road runs into it. */
START_TEST (test_x_3_wagon_range_in_cells)
{
  const char *const none[] = { NULL };
  const char *const blue[] = { "HT-I-09", "HT-I-01", NULL };
  g_autoptr (Scenario) sc = scenario_new_expansions (2, "halftiles," AM, TILES ("U", "B", "D", "W"),
                                                     (const char *const *const[]){ none, blue });
  turn_kind (sc, 1, 0, 1, "wagon", U_ROAD);
  scenario_piece_turn (sc, 0, 2, 0, 3, SCENARIO_SKIP);
  scenario_turn (sc, 0, 1, 0, SCENARIO_SKIP);
  scenario_piece_turn (sc, 0, 2, 0, 1, SCENARIO_SKIP);
  scenario_turn (sc, 3, 0, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, -1, 0, 0, SCENARIO_SKIP);
  scenario_expect_score (sc, 0, CARC_FEATURE_ROAD, FALSE, 0, 4, "tiles*4=4");
  expect_wagon (sc, 0, "(0,0)0 (0,1)0 (2,0)0 (2,0)1 (2,0)2");
}
END_TEST

/* X-4 (section 4.7, D11): a wagon as monk in a completed monastery with one vineyard around
 * scores like any monk: 9 + 3 = Red 12; then it may move on. */
START_TEST (test_x_4_wagon_monk_and_vineyard)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, AM ",vineyards", TILES ("B", "U", "U", "B", "B", "E", "E", "HS-C!.v"), NULL);
  turn_kind (sc, 0, 1, 0, "wagon", B_CLOISTER);
  scenario_turn (sc, -1, 0, 1, SCENARIO_SKIP);
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
  scenario_turn (sc, -1, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, -1, 2, 2, SCENARIO_SKIP);
  scenario_turn (sc, 1, 2, 2, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, 0, 2, 2, SCENARIO_SKIP);
  scenario_expect_score (sc, 0, CARC_FEATURE_CLOISTER, FALSE, 0, 12, "tiles*9=9 vineyards*1=3");
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLUGIN);
  move_wagon (sc, 0, 0, -1);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_score (sc, 0), 12);
}
END_TEST

/* The ABI 2.1 calls the plugin is built on refuse bad input with a clear error and change
 * nothing: carc_game_put_figure() a bad player or segment (INVALID_ARGUMENT), an empty supply
 * (NO_FOLLOWER), a kind on a segment kind it does not stand on (ILLEGAL_DEPLOYMENT);
 * carc_game_return_figure() and carc_game_score_feature() nothing to act on (FALSE, no
 * event). */
START_TEST (test_abi_refusals)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, AM, TILES ("U", "B"), NULL);
  turn_kind (sc, 1, 0, 1, "wagon", U_ROAD);
  guint wagon = kind (sc, "wagon"), mayor = kind (sc, "mayor");
  guint events = scenario_n_events (sc);
  static const struct
  {
    guint player, figure, piece, segment;
    CarcError code;
  } bad[] = {
    { 7, 2, 0, 0, CARC_ERROR_INVALID_ARGUMENT },        /* no player 7 */
    { 0, 2, 0, 9, CARC_ERROR_INVALID_ARGUMENT },        /* D has no segment 9 */
    { 0, 2, 9, 0, CARC_ERROR_INVALID_ARGUMENT },        /* no piece 9 */
    { 0, 0, 0, D_ROAD, CARC_ERROR_NO_FOLLOWER },        /* figure kind set below */
    { 1, 0, 0, D_ROAD, CARC_ERROR_ILLEGAL_DEPLOYMENT }, /* a mayor on a road */
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      guint figure = i == 3 ? wagon : i == 4 ? mayor : bad[i].figure;
      ck_assert (!carc_game_put_figure (sc->game, bad[i].player, figure, bad[i].piece,
                                        bad[i].segment, &error));
      ck_assert_msg (g_error_matches (error, CARC_ERROR, bad[i].code), "case %u: %s", i,
                     error ? error->message : "no error");
    }
  ck_assert (!carc_game_return_figure (sc->game, 5));
  ck_assert (!carc_game_score_feature (sc->game, 0, CITY_0)); /* the start city: no figure */
  ck_assert (!carc_game_score_feature (sc->game, 40, 0));
  ck_assert_uint_eq (scenario_n_events (sc), events);
  ck_assert_uint_eq (carc_game_get_n_followers (sc->game), 1);
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, mayor, 1), 1);
}
END_TEST

/* The plugin's tiles (section 4.1): 12 land tiles of 12 types, 6 shields; the deck grows by 12;
 * each player has one mayor, wagon and barn. */
START_TEST (test_am_tiles_and_figures)
{
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  carc_plugin_host_load_dir (host, carc_plugin_host_get_default_dir (), AM, NULL);
  CarcPlugin *plugin = carc_plugin_host_lookup (host, AM);
  ck_assert_ptr_nonnull (plugin);
  CarcTileSet *tiles = carc_plugin_get_tiles (plugin);
  ck_assert_uint_eq (carc_tile_set_get_n_types (tiles), 12);
  ck_assert_uint_eq (carc_tile_set_get_n_tiles (tiles), 12);
  guint shields = 0;
  for (guint i = 0; i < carc_tile_set_get_n_types (tiles); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (tiles, i);
      for (guint s = 0; s < carc_tile_type_get_n_segments (t); s++)
        shields += carc_tile_type_get_segment_shields (t, s);
    }
  ck_assert_uint_eq (shields, 6);
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  ck_assert (carc_game_config_add_expansion (config, plugin, NULL));
  guint size = 0;
  ck_assert (carc_game_config_get_deck_size (config, &size, NULL));
  ck_assert_uint_eq (size, 71 + 12);
  carc_game_config_set_n_players (config, 3);
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  ck_assert_ptr_nonnull (game);
  static const char *const names[] = { "mayor", "wagon", "barn" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      gint k = carc_game_find_figure (game, names[i]);
      ck_assert_int_gt (k, 0);
      for (guint p = 0; p < 3; p++)
        ck_assert_uint_eq (carc_game_get_figure_supply (game, (guint)k, p), 1);
    }
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("mayor");
  TCase *tc = tcase_create ("rules");
  tcase_add_test (tc, test_am_1_mayor_without_shields);
  tcase_add_test (tc, test_am_2_mayor_strength_one_shield);
  tcase_add_test (tc, test_am_2_mayor_strength_no_shield);
  tcase_add_test (tc, test_am_2_mayor_strength_two_shields);
  tcase_add_test (tc, test_am_3_mayor_against_large_follower);
  tcase_add_test (tc, test_am_4_mayor_at_the_end);
  tcase_add_test (tc, test_am_5_mayor_placement);
  tcase_add_test (tc, test_am_6_wagon_c2_range);
  tcase_add_test (tc, test_am_6_wagon_c1_range);
  tcase_add_test (tc, test_am_6_wagon_bad_target);
  tcase_add_test (tc, test_am_7_wagon_order);
  tcase_add_test (tc, test_am_7_wagon_order_c1);
  tcase_add_test (tc, test_am_8_wagon_on_the_feature_it_completes);
  tcase_add_test (tc, test_am_9_wagon_at_the_end);
  tcase_add_test (tc, test_am_10_barn_scores_the_farmers);
  tcase_add_test (tc, test_am_11_no_farmer_in_a_barn_field);
  tcase_add_test (tc, test_am_12_barn_connection);
  tcase_add_test (tc, test_am_12_barn_connection_and_pig);
  tcase_add_test (tc, test_am_13_barn_into_a_barn_field);
  tcase_add_test (tc, test_am_14_two_barns_joined);
  tcase_add_test (tc, test_am_15a_barn_at_an_inner_corner);
  tcase_add_test (tc, test_am_15b_no_barn_at_a_city_corner);
  tcase_add_test (tc, test_am_15c_no_barn_at_an_abbey);
  tcase_add_test (tc, test_x_2_barn_corner_with_half_tiles);
  tcase_add_test (tc, test_x_3_wagon_range_in_cells);
  tcase_add_test (tc, test_x_4_wagon_monk_and_vineyard);
  tcase_add_test (tc, test_am_tiles_and_figures);
  tcase_add_test (tc, test_abi_refusals);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
