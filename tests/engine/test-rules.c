/* test-rules.c: one scenario per base-game rule of doc/rules.md section 7 (rules 1-36), the
 * worked examples of section 7, and bad input.
 *
 * Every scenario is a real board built from an explicit tile order and explicit placements.
 * Conventions (carc-types.h): x grows east, y grows south; the start tile D sits at (0, 0)
 * with its city north, road west-east and field south; rotation r turns a tile r quarter
 * turns clockwise, so the tile's north edge faces north/east/south/west for r = 0/1/2/3.
 * Segment numbers are the order of the features on the tile's line in data/base.tiles:
 *   A: 0 cloister, 1 road (ends at the cloister), 2 field (all round)
 *   B: 0 cloister, 1 field               C: 0 city NESW (shield)
 *   D: 0 city N, 1 road EW, 2 field between city and road, 3 field south
 *   E: 0 city N, 1 field                 F/G: 0 city EW (F: shield), 1 field N, 2 field S
 *   H: 0 city N, 1 city S, 2 field       I: 0 city N, 1 city W, 2 field
 *   J: 0 city N, 1 road ES, 2 field (borders the city), 3 field inside the curve
 *   K: 0 city N, 1 road SW, 2 field (borders the city), 3 field inside the curve
 *   N: 0 city NE, 1 field                T: 0 city NEW, 1 road S (ends at the gate), 2, 3 fields
 *   U: 0 road NS, 1 field east, 2 field west
 *   V: 0 road SW, 1 big field, 2 field inside the curve
 *   W: 0 road E, 1 road S, 2 road W (each ends at the junction), 3 field N, 4 field SE, 5 field SW
 *   X: 0..3 roads N E S W (ending at the junction), 4..7 corner fields NW NE SE SW
 * "<tile> rN" below means that tile with rotation N. Often used: "E r2" is a city cap facing south
 * ("E r0" north, "E r1" east, "E r3" west); "U r1" is a west-east road whose segment 1 is the
 * field south of it and segment 2 the field north of it.
 */
#include "config.h"

#include <check.h>
#include "carcassonne.h"
#include "check-run.h"
#include "scenario.h"

#define TILES(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define SKIP       SCENARIO_SKIP

/* Asserts scoring event @index: its kind, final flag and the points of every player. */
#define assert_scored(sc, index, kind_, final_, ...)                                               \
  check_scored ((sc), __LINE__, (index), (kind_), (final_), (const guint[]){ __VA_ARGS__ },        \
                G_N_ELEMENTS (((const guint[]){ __VA_ARGS__ })))

static void
check_scored (Scenario *sc, int line, guint index, CarcFeatureKind kind, gboolean final,
              const guint *points, gsize n_points)
{
  ck_assert_msg (index < scenario_n_scores (sc), "line %d: only %u scoring events, no event %u",
                 line, scenario_n_scores (sc), index);
  const ScenarioScore *s = scenario_score_event (sc, index);
  ck_assert_msg (s->kind == kind, "line %d: scoring event %u: kind %s, expected %s", line, index,
                 carc_feature_kind_to_string (s->kind), carc_feature_kind_to_string (kind));
  ck_assert_msg (!s->final == !final, "line %d: scoring event %u: final is %d, expected %d", line,
                 index, s->final, final);
  for (gsize p = 0; p < n_points; p++)
    ck_assert_msg (s->points[p] == points[p],
                   "line %d: scoring event %u (%s at (%d, %d)): player %zu got %u, expected %u",
                   line, index, carc_feature_kind_to_string (s->kind), s->x, s->y, p, s->points[p],
                   points[p]);
}

/* ---------------------------------------------------------------------------------------
 * Setup / turn (rules 1-7)
 * --------------------------------------------------------------------------------------- */

/* doc/rules.md rule 1: each player has 7 playable followers; 2-5 players (Winter).
 * Nearest engine behaviour: every player starts with 7 followers in the supply and score 0,
 * and (decision D4) 2 to 6 players are accepted while 1 and 7 are refused with
 * CARC_ERROR_INVALID_ARGUMENT. Player 0 starts. */
START_TEST (test_rule01_seven_followers_two_to_six_players)
{
  for (guint n = 2; n <= 6; n++)
    {
      g_autoptr (Scenario) sc = scenario_new (n, TILES ("E"));
      ck_assert_uint_eq (carc_game_get_n_players (sc->game), n);
      ck_assert_uint_eq (scenario_current_player (sc), 0);
      ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
      for (guint p = 0; p < n; p++)
        {
          ck_assert_uint_eq (scenario_supply (sc, p), 7);
          ck_assert_uint_eq (scenario_score (sc, p), 0);
        }
    }

  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) set = carc_tile_set_new_base (&error);
  ck_assert_ptr_nonnull (set);
  const guint refused[] = { 0, 1, 7 };
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (CarcGameConfig) config = carc_game_config_new (set);
      carc_game_config_set_n_players (config, refused[i]);
      carc_game_config_set_tile_order (config, TILES ("E"));
      g_autoptr (GError) err = NULL;
      CarcGame *g = carc_game_new (config, &err);
      ck_assert_msg (g == NULL, "a game with %u players was accepted", refused[i]);
      ck_assert_ptr_nonnull (err);
      ck_assert_msg (g_error_matches (err, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT),
                     "%u players: wrong error %s", refused[i], err->message);
    }
}
END_TEST

/* An empty tile order (dbus-game.md#start: "If the pile runs out first (an empty
 * tile-order [...]), GameOver [...] and the game is over at once"): the start tile alone, no
 * turn. Found by test-daemon-authz under UBSan: the empty deck was copied from no storage. */
START_TEST (test_empty_tile_order_is_over_at_once)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) set = carc_tile_set_new_base (&error);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (set);
  g_autoptr (CarcGame) game = NULL;

  carc_game_config_set_n_players (config, 2);
  carc_game_config_set_tile_order (config, (const char *const[]){ NULL });
  game = carc_game_new (config, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_int_eq (carc_game_get_phase (game), CARC_PHASE_OVER);
  ck_assert_uint_eq (carc_game_get_tiles_left (game), 0);
  ck_assert_uint_eq (carc_game_get_score (game, 0), 0);
  ck_assert_uint_eq (carc_game_get_score (game, 1), 0);
}
END_TEST

/* doc/rules.md rule 2: a turn is (1) place the tile, (2) optionally one follower, only on the
 * tile just placed, (3) score what the tile completed.
 * Board: E r2 at (0,-1) closes the start city. Player 0 (1 follower) cannot deploy or skip
 * before placing, cannot place twice, cannot use a segment that is not on the new tile; the
 * knight goes on first and is scored afterwards (event order placed, deployed, scored,
 * returned, next turn). The returned knight cannot go out again this turn: the turn is over. */
START_TEST (test_rule02_turn_order_place_deploy_score)
{
  g_autoptr (Scenario) sc = scenario_new_full (2, 1, TILES ("E", "U"));
  scenario_expect_deploy_error (sc, 0, CARC_ERROR_WRONG_PHASE);
  scenario_expect_skip_error (sc, CARC_ERROR_WRONG_PHASE);

  guint first = scenario_n_events (sc);
  scenario_place (sc, 0, -1, 2);
  scenario_expect_place_error (sc, 0, 1, 2, CARC_ERROR_WRONG_PHASE);
  /* Only the E just placed can take the follower: its segments are 0 (city) and 1 (field). */
  ck_assert_uint_eq (scenario_n_deployments (sc), 2);
  ck_assert (scenario_can_deploy (sc, 0));
  ck_assert (scenario_can_deploy (sc, 1));
  scenario_expect_deploy_error (sc, 2, CARC_ERROR_ILLEGAL_DEPLOYMENT);
  scenario_deploy (sc, 0);

  const CarcEventType expected[]
      = { CARC_EVENT_TILE_PLACED, CARC_EVENT_FOLLOWER_DEPLOYED, CARC_EVENT_FEATURE_SCORED,
          CARC_EVENT_FOLLOWER_RETURNED, CARC_EVENT_TURN_STARTED };
  ck_assert_uint_eq (scenario_n_events (sc) - first, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    ck_assert_msg (scenario_event_type (sc, first + i) == expected[i], "event %u is %s, not %s", i,
                   carc_event_type_to_string (scenario_event_type (sc, first + i)),
                   carc_event_type_to_string (expected[i]));
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 4, 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 4);

  /* The knight is back in the supply, but player 0's turn is over. */
  ck_assert_uint_eq (scenario_supply (sc, 0), 1);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  scenario_expect_deploy_error (sc, 0, CARC_ERROR_WRONG_PHASE);
}
END_TEST

/* doc/rules.md rule 3: a tile must share at least one full edge with the landscape; touching
 * only at a corner is illegal.
 * Board: start tile alone; an E tried at the four diagonal cells (every rotation) and far
 * away is refused with CARC_ERROR_ILLEGAL_PLACEMENT and changes nothing; the diagonal cells
 * are not among the legal placements; E r2 at (0,1) (edge contact) is accepted. */
START_TEST (test_rule03_corner_only_contact_rejected)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("E", "E"));
  const gint corners[][2] = { { 1, -1 }, { -1, -1 }, { 1, 1 }, { -1, 1 } };
  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    {
      ck_assert (!scenario_placements_contain_cell (sc, corners[i][0], corners[i][1]));
      for (guint r = 0; r < 4; r++)
        {
          ck_assert (!carc_game_can_place (sc->game, corners[i][0], corners[i][1], r));
          scenario_expect_place_error (sc, corners[i][0], corners[i][1], r,
                                       CARC_ERROR_ILLEGAL_PLACEMENT);
        }
    }
  scenario_expect_place_error (sc, 5, 5, 0, CARC_ERROR_ILLEGAL_PLACEMENT);
  ck_assert (scenario_placements_contain_cell (sc, 0, 1));
  scenario_place (sc, 0, 1, 2);
}
END_TEST

/* doc/rules.md rule 4: every edge the tile touches must match; one matching edge is not
 * enough.
 * Board: U r1 at (1,0), E r2 at (0,-1); the cell (1,-1) then needs field to the west and to
 * the south. I (cities N and W) r0 matches the south but clashes west; I r2 matches the west
 * but clashes south: both refused. I r1 (cities north and east) matches both and is legal. */
START_TEST (test_rule04_every_touching_edge_must_match)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("U", "E", "I"));
  scenario_turn (sc, 1, 0, 1, SKIP);
  scenario_turn (sc, 0, -1, 2, SKIP);
  scenario_expect_place_error (sc, 1, -1, 0, CARC_ERROR_ILLEGAL_PLACEMENT);
  scenario_expect_place_error (sc, 1, -1, 2, CARC_ERROR_ILLEGAL_PLACEMENT);
  scenario_expect_place_error (sc, 1, -1, 3, CARC_ERROR_ILLEGAL_PLACEMENT);
  ck_assert (carc_game_can_place (sc->game, 1, -1, 1));
  scenario_place (sc, 1, -1, 1);
}
END_TEST

/* doc/rules.md rule 5: a tile that fits nowhere is removed from the game and the player draws
 * another (decision D3: reported as an event).
 * Board: E r2 at (0,-1) closes the start city, so no cell of the frontier accepts C (city on
 * all four sides). Player 1 draws C: a TILE_DISCARDED event names player 1 and C, and player 1
 * goes on with the next tile (E), which leaves the pile empty. */
START_TEST (test_rule05_unplaceable_tile_discarded_same_player_draws)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("E", "C", "E"));
  scenario_turn (sc, 0, -1, 2, SKIP);
  ck_assert_uint_eq (scenario_n_discards (sc), 1);
  ck_assert_int_eq (scenario_discard_event (sc, 0)->player, 1);
  ck_assert_str_eq (scenario_discard_event (sc, 0)->tile_id, "C");
  ck_assert_uint_eq (scenario_current_player (sc), 1);
  ck_assert_str_eq (scenario_current_tile (sc), "E");
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  ck_assert_uint_eq (carc_game_get_tiles_left (sc->game), 0);
  ck_assert_uint_eq (carc_game_get_n_pieces (sc->game), 2);
  scenario_turn (sc, 0, 1, 2, SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_discards (sc), 1);
}
END_TEST

/* doc/rules.md rule 6: corner contact never connects features.
 * Board: D r0 at (1,0) (its own city north, road continuing the start road), E r2 at (1,-1)
 * closing that city. The start city (north edge of (0,0)) meets that city only at the corner
 * point (1,-1)/(0,0) and stays a separate one-tile open city; the field of E at (1,-1) meets
 * the start tile's north field only at that corner and stays separate too. Player 0's knight
 * on (1,0) scores the 2-tile city (4); player 1's farmer on the E field scores 3 at the end
 * for that city only. */
START_TEST (test_rule06_corner_contact_does_not_connect)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("D", "E", "U"));
  scenario_turn (sc, 1, 0, 0, 0);
  ck_assert_uint_eq (scenario_followers_in (sc, 0, 0, 0, 0), 0);
  scenario_turn (sc, 1, -1, 2, 1);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 4, 0);

  CarcFeatureInfo start_city, other_city;
  scenario_feature (sc, 0, 0, 0, &start_city);
  scenario_feature (sc, 1, 0, 0, &other_city);
  ck_assert (!start_city.complete);
  ck_assert_uint_eq (start_city.units, 1);
  ck_assert_uint_eq (start_city.segments, 1);
  ck_assert (other_city.complete);
  ck_assert_uint_eq (other_city.units, 2);
  /* Fields meeting at the corner are separate: the farmer is not in the start's north field. */
  ck_assert_uint_eq (scenario_followers_in (sc, 1, -1, 1, 1), 1);
  ck_assert_uint_eq (scenario_followers_in (sc, 0, 0, 2, 1), 0);

  scenario_turn (sc, -1, 0, 1, SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
  ck_assert_uint_eq (scenario_score (sc, 1), 3);
}
END_TEST

/* doc/rules.md rule 7: cloisters connect to nothing and may be next to each other,
 * orthogonally or diagonally.
 * Board: B at (0,1) (monk, player 0), B at (1,1) (monk, player 1, orthogonal neighbour),
 * B at (1,2) (monk, player 0, diagonal to the first). Every monk is allowed, each cloister is
 * a one-segment feature, and each scores alone at the end: (0,1) and (1,1) have 3 occupied
 * neighbours (4 points each), (1,2) has 2 (3 points): player 0 7, player 1 4. */
START_TEST (test_rule07_cloisters_adjacent_and_unconnected)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("B", "B", "B"));
  scenario_turn (sc, 0, 1, 0, 0);
  scenario_place (sc, 1, 1, 0);
  ck_assert (scenario_can_deploy (sc, 0));
  scenario_deploy (sc, 0);
  scenario_place (sc, 1, 2, 0);
  ck_assert (scenario_can_deploy (sc, 0));
  CarcFeatureInfo a, b;
  scenario_feature (sc, 0, 1, 0, &a);
  scenario_feature (sc, 1, 1, 0, &b);
  ck_assert_uint_eq (a.segments, 1);
  ck_assert_uint_eq (a.followers[0], 1);
  ck_assert_uint_eq (a.followers[1], 0);
  ck_assert_uint_eq (b.segments, 1);
  ck_assert_uint_eq (b.followers[0], 0);
  ck_assert_uint_eq (b.followers[1], 1);
  scenario_deploy (sc, 0);

  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_CLOISTER, TRUE), 3);
  ck_assert_uint_eq (scenario_score (sc, 0), 7);
  ck_assert_uint_eq (scenario_score (sc, 1), 4);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Follower placement (rules 8-15)
 * --------------------------------------------------------------------------------------- */

/* doc/rules.md rule 8: no follower on a segment whose feature already holds one, even one's own.
 * Board: player 0's thief on U r1 at (1,0) (the start road). Player 1's U r1 at (-1,0) joins
 * that road: the road is not offered and deploying there fails with
 * CARC_ERROR_ILLEGAL_DEPLOYMENT (the south field is free and taken). Player 0's U r1 at (2,0):
 * his own road and player 1's south field are both refused; the north field is offered. */
START_TEST (test_rule08_occupied_feature_refused_even_own)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("U", "U", "U"));
  scenario_turn (sc, 1, 0, 1, 0);

  scenario_place (sc, -1, 0, 1);
  ck_assert (!scenario_can_deploy (sc, 0));
  scenario_expect_deploy_error (sc, 0, CARC_ERROR_ILLEGAL_DEPLOYMENT);
  ck_assert (scenario_can_deploy (sc, 1));
  scenario_deploy (sc, 1);

  scenario_place (sc, 2, 0, 1);
  ck_assert (!scenario_can_deploy (sc, 0));
  scenario_expect_deploy_error (sc, 0, CARC_ERROR_ILLEGAL_DEPLOYMENT);
  ck_assert (!scenario_can_deploy (sc, 1));
  scenario_expect_deploy_error (sc, 1, CARC_ERROR_ILLEGAL_DEPLOYMENT);
  ck_assert (scenario_can_deploy (sc, 2));
  CarcFeatureInfo road;
  scenario_feature (sc, 2, 0, 0, &road);
  ck_assert_uint_eq (road.units, 4);
  ck_assert_uint_eq (road.followers[0], 1);
  ck_assert_uint_eq (road.followers[1], 0);
  scenario_skip (sc);
}
END_TEST

/* doc/rules.md rule 9: followers come only from the supply; one returned during this turn
 * cannot be placed in the same turn.
 * Board (1 follower each): player 0's knight on G r1 at (0,-1) (city D+G, open north), so his
 * supply is empty. Player 1 plays U r1 at (1,0). Player 0 closes the city with E r2 at (0,-2):
 * no deployment is offered and deploying fails with CARC_ERROR_NO_FOLLOWER, although the knight
 * comes back in this very turn when the 3-tile city scores 6. */
START_TEST (test_rule09_returned_follower_not_redeployed_same_turn)
{
  g_autoptr (Scenario) sc = scenario_new_full (2, 1, TILES ("G", "U", "E", "U"));
  scenario_turn (sc, 0, -1, 1, 0);
  ck_assert_uint_eq (scenario_supply (sc, 0), 0);
  scenario_turn (sc, 1, 0, 1, SKIP);

  scenario_place (sc, 0, -2, 2);
  ck_assert_uint_eq (scenario_n_deployments (sc), 0);
  scenario_expect_deploy_error (sc, 0, CARC_ERROR_NO_FOLLOWER);
  scenario_expect_deploy_error (sc, 1, CARC_ERROR_NO_FOLLOWER);
  scenario_skip (sc);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 6, 0);
  ck_assert_uint_eq (scenario_supply (sc, 0), 1);
  ck_assert_uint_eq (scenario_followers_on_board (sc, 0), 0);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
}
END_TEST

/* doc/rules.md rule 10: place-then-complete: a knight put into the 2-tile city its tile
 * completes scores 4 at once and comes back the same turn.
 * Board: E r2 at (0,-1) closing the start city, knight on its city segment. */
START_TEST (test_rule10_place_then_complete_returns_follower)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("E", "U"));
  scenario_turn (sc, 0, -1, 2, 0);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 4, 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  ck_assert_uint_eq (scenario_followers_on_board (sc, 0), 0);
  ck_assert_uint_eq (scenario_n_events_of_type (sc, CARC_EVENT_FOLLOWER_RETURNED), 1);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
}
END_TEST

/* doc/rules.md rule 11: a two-city tile completing an occupied small city may take the
 * player's single follower on its other city segment (first case of the rule).
 * The small city scores and the earlier knight returns.
 * Board (2 followers each): player 0's knight on E r2 at (0,1) (a cap facing south); player 1
 * plays U r1 at (1,0); player 0 plays H r0 at (0,2) (caps N and S): the north cap (segment 0)
 * is occupied, the south cap (segment 1) takes his last follower; the small city E+H scores 4
 * and the first knight returns. At the end the open one-tile south city scores 1. */
START_TEST (test_rule11_two_city_tile_other_segment_while_small_city_occupied)
{
  g_autoptr (Scenario) sc = scenario_new_full (2, 2, TILES ("E", "U", "H", "U"));
  scenario_turn (sc, 0, 1, 2, 0);
  scenario_turn (sc, 1, 0, 1, SKIP);
  scenario_place (sc, 0, 2, 0);
  ck_assert (!scenario_can_deploy (sc, 0));
  ck_assert (scenario_can_deploy (sc, 1));
  scenario_deploy (sc, 1);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 4, 0);
  ck_assert_uint_eq (scenario_supply (sc, 0), 1);
  ck_assert_uint_eq (scenario_followers_on_board (sc, 0), 1);
  ck_assert_uint_eq (scenario_followers_in (sc, 0, 2, 1, 0), 1);

  scenario_turn (sc, -1, 0, 1, SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  assert_scored (sc, 1, CARC_FEATURE_CITY, TRUE, 1, 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 5);
}
END_TEST

/* doc/rules.md rule 11: with neither city occupied, choosing the small city scores 4 and the
 * follower returns, but it cannot be placed again this turn (second case of the rule).
 * Board (1 follower each): E r2 at (0,1) unoccupied, U r1 at (1,0), then player 0's H r0 at
 * (0,2) with his only follower on the north cap (segment 0), which completes E+H. */
START_TEST (test_rule11_two_city_tile_choose_small_city)
{
  g_autoptr (Scenario) sc = scenario_new_full (2, 1, TILES ("E", "U", "H", "U"));
  scenario_turn (sc, 0, 1, 2, SKIP);
  scenario_turn (sc, 1, 0, 1, SKIP);
  scenario_place (sc, 0, 2, 0);
  ck_assert (scenario_can_deploy (sc, 0));
  ck_assert (scenario_can_deploy (sc, 1));
  scenario_deploy (sc, 0);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 4, 0);
  ck_assert_uint_eq (scenario_supply (sc, 0), 1);
  ck_assert_uint_eq (scenario_followers_on_board (sc, 0), 0);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
  scenario_expect_deploy_error (sc, 1, CARC_ERROR_WRONG_PHASE);
  scenario_turn (sc, -1, 0, 1, SKIP);
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
}
END_TEST

/* doc/rules.md rule 12: occupying is optional; a city may be extended or completed without a
 * knight, and a farmer may go on the free field instead.
 * Board: player 0 extends the start city with G r1 at (0,-1) and skips (a deployment was
 * offered); player 1 completes it with E r2 at (0,-2) and puts a farmer on the E's field
 * instead of a knight. Nothing scores during the game; at the end the farmer's field borders
 * the completed city: 3 for player 1. */
START_TEST (test_rule12_occupying_is_optional)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("G", "E"));
  scenario_place (sc, 0, -1, 1);
  ck_assert (scenario_can_deploy (sc, 0));
  scenario_skip (sc);
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  scenario_place (sc, 0, -2, 2);
  ck_assert (scenario_can_deploy (sc, 0));
  ck_assert (scenario_can_deploy (sc, 1));
  scenario_deploy (sc, 1);

  CarcFeatureInfo city;
  scenario_feature (sc, 0, 0, 0, &city);
  ck_assert (city.complete);
  ck_assert_uint_eq (city.units, 3);
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_CITY, FALSE), 0);
  ck_assert_uint_eq (scenario_points_scored (sc, 0, FALSE) + scenario_points_scored (sc, 1, FALSE),
                     0);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_score (sc, 0), 0);
  ck_assert_uint_eq (scenario_score (sc, 1), 3);
}
END_TEST

/* doc/rules.md rule 13: on a cloister tile a farmer may go on the surrounding field instead of
 * a monk; the cloister stays unoccupied.
 * Board: player 0's B at (0,1) offers both the cloister and the field; he takes the field.
 * Player 1 plays U r1 at (1,0). The cloister never holds a monk and never scores; the farmer's
 * field (south of the road) borders no city and scores 0. */
START_TEST (test_rule13_farmer_instead_of_monk)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("B", "U"));
  scenario_place (sc, 0, 1, 0);
  ck_assert (scenario_can_deploy (sc, 0));
  ck_assert (scenario_can_deploy (sc, 1));
  scenario_deploy (sc, 1);
  CarcFollowerInfo f;
  ck_assert (carc_game_get_follower (sc->game, 0, &f));
  ck_assert_int_eq (f.kind, CARC_FEATURE_FIELD);
  ck_assert_uint_eq (scenario_followers_in (sc, 0, 1, 0, 0), 0);

  scenario_place (sc, 1, 0, 1);
  ck_assert_uint_eq (scenario_followers_in (sc, 0, 1, 0, 0), 0);
  scenario_skip (sc);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_CLOISTER, FALSE), 0);
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_CLOISTER, TRUE), 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 0);
}
END_TEST

/* doc/rules.md rule 14: the player who joins two occupied fields may not add a farmer; several
 * farmers in one field arise only by joining separately occupied fields.
 * Board: player 0's farmer on the north field of U r1 at (0,1) (= the start's south field);
 * player 1's farmer on B at (0,2) (the field south of that road). Player 0's A r1 at (1,1)
 * (road ending at its cloister, field all round) joins both fields: the field is refused with
 * CARC_ERROR_ILLEGAL_DEPLOYMENT, and the joined field holds one farmer of each player. */
START_TEST (test_rule14_joined_fields_hold_both_farmers)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("U", "B", "A"));
  scenario_turn (sc, 0, 1, 1, 2);
  scenario_turn (sc, 0, 2, 0, 1);
  ck_assert_uint_eq (scenario_followers_in (sc, 0, 0, 3, 1), 0);

  scenario_place (sc, 1, 1, 1);
  ck_assert (!scenario_can_deploy (sc, 2));
  scenario_expect_deploy_error (sc, 2, CARC_ERROR_ILLEGAL_DEPLOYMENT);
  ck_assert (scenario_can_deploy (sc, 0));
  ck_assert (scenario_can_deploy (sc, 1));
  CarcFeatureInfo field;
  scenario_feature (sc, 1, 1, 2, &field);
  ck_assert_uint_eq (field.followers[0], 1);
  ck_assert_uint_eq (field.followers[1], 1);
  scenario_skip (sc);
}
END_TEST

/* doc/rules.md rule 15: out of followers, a player still places a tile each turn but cannot
 * deploy.
 * Board (1 follower each): player 0's knight on G r1 at (0,-1); player 1 plays U r1 at (1,0);
 * player 0 still gets legal placements and places U r1 at (-1,0), but no deployment is offered
 * and deploying fails with CARC_ERROR_NO_FOLLOWER; skipping works. At the end the open city
 * D+G scores 2. */
START_TEST (test_rule15_out_of_followers_still_places)
{
  g_autoptr (Scenario) sc = scenario_new_full (2, 1, TILES ("G", "U", "U"));
  scenario_turn (sc, 0, -1, 1, 0);
  scenario_turn (sc, 1, 0, 1, SKIP);
  guint n;
  carc_game_get_placements (sc->game, &n);
  ck_assert_uint_gt (n, 0);
  scenario_place (sc, -1, 0, 1);
  ck_assert_uint_eq (scenario_n_deployments (sc), 0);
  scenario_expect_deploy_error (sc, 1, CARC_ERROR_NO_FOLLOWER);
  scenario_skip (sc);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  assert_scored (sc, 0, CARC_FEATURE_CITY, TRUE, 2, 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 2);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Roads (rules 16-18)
 * --------------------------------------------------------------------------------------- */

/* doc/rules.md rule 16: a road is complete when both ends are closed (here by a city gate and
 * a cloister); an end at a tile edge is never closed.
 * Board: player 0's thief on T r1 at (1,0) (road ends at its city gate); the road D+T still
 * has one open end. Player 1's A r3 at (-1,0) ends the west side at its cloister: 3 tiles, 3
 * points for player 0 during the game. */
START_TEST (test_rule16_road_closed_by_city_gate_and_cloister)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("T", "A"));
  scenario_turn (sc, 1, 0, 1, 1);
  CarcFeatureInfo road;
  scenario_feature (sc, 0, 0, 1, &road);
  ck_assert (!road.complete);
  ck_assert_uint_eq (road.open, 1);
  ck_assert_uint_eq (road.units, 2);
  scenario_turn (sc, -1, 0, 3, SKIP);
  scenario_feature (sc, 0, 0, 1, &road);
  ck_assert (road.complete);
  ck_assert_uint_eq (road.units, 3);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  assert_scored (sc, 0, CARC_FEATURE_ROAD, FALSE, 3, 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 3);
}
END_TEST

/* doc/rules.md rule 16: a road that forms a closed loop is complete (second case).
 * Board: four curves V south of the start: (0,1) r3, (1,1) r0, (1,2) r1, (0,2) r2. Player 0's
 * thief on the first; the fourth tile closes the loop: 4 points during the game. */
START_TEST (test_rule16_road_closed_loop)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("V", "V", "V", "V"));
  scenario_turn (sc, 0, 1, 3, 0);
  scenario_turn (sc, 1, 1, 0, SKIP);
  scenario_turn (sc, 1, 2, 1, SKIP);
  CarcFeatureInfo road;
  scenario_feature (sc, 0, 1, 0, &road);
  ck_assert (!road.complete);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, 0, 2, 2, SKIP);
  scenario_feature (sc, 0, 1, 0, &road);
  ck_assert (road.complete);
  ck_assert_uint_eq (road.units, 4);
  assert_scored (sc, 0, CARC_FEATURE_ROAD, FALSE, 4, 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
}
END_TEST

/* doc/rules.md rule 17: every junction ends every road reaching it; the two arms of a T bar
 * are separate roads; the junction itself cannot be occupied.
 * Board: W r0 at (1,0) (roads W, E, S to a junction). Player 0's thief on its west arm (road
 * D+W, 2 tiles); the east arm is a separate 1-tile road that player 1 occupies from U r1 at
 * (2,0). Player 0's X at (-1,0) (four-way junction): only roads and fields are offered (7
 * segments: its east road is player 0's road); it closes D+W+X: 3 points. At the end player
 * 1's open road (W east arm + U) scores 2. */
START_TEST (test_rule17_junction_ends_every_road)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("W", "U", "X"));
  scenario_turn (sc, 1, 0, 0, 2);
  CarcFeatureInfo west, east;
  scenario_feature (sc, 1, 0, 2, &west);
  scenario_feature (sc, 1, 0, 0, &east);
  ck_assert_uint_eq (west.units, 2);
  ck_assert_uint_eq (west.followers[0], 1);
  ck_assert_uint_eq (east.units, 1);
  ck_assert_uint_eq (east.followers[0], 0);
  ck_assert_uint_eq (east.open, 1);

  scenario_place (sc, 2, 0, 1);
  ck_assert (scenario_can_deploy (sc, 0));
  scenario_deploy (sc, 0);

  scenario_place (sc, -1, 0, 0);
  guint n;
  const CarcDeployment *d = carc_game_get_deployments (sc->game, &n);
  ck_assert_uint_eq (n, 7);
  for (guint i = 0; i < n; i++)
    ck_assert (d[i].kind == CARC_FEATURE_ROAD || d[i].kind == CARC_FEATURE_FIELD);
  ck_assert (!scenario_can_deploy (sc, 1));
  scenario_skip (sc);

  assert_scored (sc, 0, CARC_FEATURE_ROAD, FALSE, 3, 0);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  assert_scored (sc, 1, CARC_FEATURE_ROAD, TRUE, 0, 2);
  ck_assert_uint_eq (scenario_score (sc, 0), 3);
  ck_assert_uint_eq (scenario_score (sc, 1), 2);
}
END_TEST

/* doc/rules.md rule 18: a road scores 1 per tile, during the game and at the end alike.
 * Board: player 0's thief on the west arm of W r0 at (1,0); player 1's on U r1 at (2,0)
 * (east arm). A r3 at (-1,0) completes A+D+W: 3 during the game; U r1 at (3,0) is the last
 * tile: player 1's open road W+U+U scores 3 at the end. */
START_TEST (test_rule18_road_one_point_per_tile)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("W", "U", "A", "U"));
  scenario_turn (sc, 1, 0, 0, 2);
  scenario_turn (sc, 2, 0, 1, 0);
  scenario_turn (sc, -1, 0, 3, SKIP);
  assert_scored (sc, 0, CARC_FEATURE_ROAD, FALSE, 3, 0);
  scenario_assert_items (sc, 0, 0, "tiles*3=3"); /* issue 16: the breakdown */
  scenario_assert_items (sc, 0, 1, "");
  scenario_turn (sc, 3, 0, 1, SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores (sc), 2);
  assert_scored (sc, 1, CARC_FEATURE_ROAD, TRUE, 0, 3);
  scenario_assert_items (sc, 1, 1, "tiles*3=3");
  ck_assert_uint_eq (scenario_score (sc, 0), 3);
  ck_assert_uint_eq (scenario_score (sc, 1), 3);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Cities (rules 19-22)
 * --------------------------------------------------------------------------------------- */

/* doc/rules.md rule 19: a completed city scores 2 per tile + 2 per shield (example: 3 tiles +
 * 1 shield = 8).
 * Board: player 0's knight on F r1 at (0,-1) (shielded city band running north-south), player
 * 1 closes it with E r2 at (0,-2): D+F+E, 1 shield: 8. */
START_TEST (test_rule19_city_two_per_tile_and_shield)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("F", "E"));
  scenario_turn (sc, 0, -1, 1, 0);
  scenario_turn (sc, 0, -2, 2, SKIP);
  CarcFeatureInfo city;
  scenario_feature (sc, 0, 0, 0, &city);
  ck_assert (city.complete);
  ck_assert_uint_eq (city.units, 3);
  ck_assert_uint_eq (city.shields, 1);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 8, 0);
  scenario_assert_items (sc, 0, 0, "tiles*3=6 shields*1=2"); /* issue 16: the breakdown */
  ck_assert_uint_eq (scenario_score (sc, 0), 8);
}
END_TEST

/* doc/rules.md rule 20: two segments of one city on the same tile count as one tile (example:
 * 4 tiles, no shield = 8).
 * Board: a ring south of the start: I r2 at (0,1) (two separate caps, east and south), N r2 at
 * (1,1), N r3 at (1,2), N r0 at (0,2) (corner cities). The city leaves I through its east cap
 * and comes back through its south cap: 5 segments on 4 tiles, complete: 8 for player 0's
 * knight on I. */
START_TEST (test_rule20_two_segments_on_one_tile_count_once)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("I", "N", "N", "N"));
  scenario_turn (sc, 0, 1, 2, 0);
  scenario_turn (sc, 1, 1, 2, SKIP);
  scenario_turn (sc, 1, 2, 3, SKIP);
  scenario_turn (sc, 0, 2, 0, SKIP);
  CarcFeatureInfo city, other;
  scenario_feature (sc, 0, 1, 0, &city);
  scenario_feature (sc, 0, 1, 1, &other);
  ck_assert (city.complete);
  ck_assert_uint_eq (city.segments, 5);
  ck_assert_uint_eq (other.segments, 5);
  ck_assert_uint_eq (city.units, 4);
  ck_assert_uint_eq (city.shields, 0);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 8, 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 8);
}
END_TEST

/* doc/rules.md rule 21: a shield counts only for the city segment it is drawn in.
 * No base tile has a shield next to a second city segment, so this uses a test tile set: the
 * base D and E plus "Z", an H (caps N and S) whose north cap alone carries a shield. Player 0's
 * knight on Z's south cap (Z r0 at (0,-1)) completes D+Z-south: 2 tiles, no shield: 4.
 * Player 1's knight on E r2 at (0,-2) completes Z-north+E: 2 tiles + 1 shield: 6. */
START_TEST (test_rule21_shield_counts_for_its_own_segment)
{
  static const char data[] = "D 4 CRFR C:N R:EW F:ENE,WNW@0 F:ESE,SSE,SSW,WSW@- start=1\n"
                             "E 5 CFFF C:N F:ENE,ESE,SSE,SSW,WSW,WNW@0\n"
                             "Z 1 CFCF C:N:s C:S F:ENE,ESE,WSW,WNW@0,1\n";
  g_autoptr (Scenario) sc = scenario_new_with_data (2, data, TILES ("Z", "E"));
  scenario_turn (sc, 0, -1, 0, 1);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 4, 0);
  CarcFeatureInfo south, north;
  scenario_feature (sc, 0, 0, 0, &south);
  ck_assert_uint_eq (south.shields, 0);
  ck_assert_uint_eq (south.units, 2);
  scenario_turn (sc, 0, -2, 2, 0);
  scenario_feature (sc, 0, -1, 0, &north);
  ck_assert_uint_eq (north.shields, 1);
  ck_assert_uint_eq (north.units, 2);
  assert_scored (sc, 1, CARC_FEATURE_CITY, FALSE, 0, 6);
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
  ck_assert_uint_eq (scenario_score (sc, 1), 6);
}
END_TEST

/* doc/rules.md rule 22: an incomplete city at the end scores 1 per tile + 1 per shield
 * (example: 2 tiles + 1 shield = 3).
 * Board: player 0's knight on F r1 at (0,-1), the last tile; the city D+F is open north. */
START_TEST (test_rule22_incomplete_city_at_end)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("F"));
  scenario_turn (sc, 0, -1, 1, 0);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  assert_scored (sc, 0, CARC_FEATURE_CITY, TRUE, 3, 0);
  scenario_assert_items (sc, 0, 0, "tiles*2=2 shields*1=1"); /* issue 16: 1 each at the end */
  ck_assert_uint_eq (scenario_score (sc, 0), 3);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Cloisters (rules 23-24)
 * --------------------------------------------------------------------------------------- */

/* Board of rules 23 and 24: player 0's monk on B at (0,1), then up to 7 of its neighbours:
 * U r1 at (-1,0) and (1,0), B at (-1,1) and (1,1), E r2 at (0,2), (-1,2) and (1,2) (the start
 * tile is the 8th neighbour). Nobody else deploys. */
static void
play_cloister_ring (Scenario *sc, guint n_neighbours)
{
  static const gint cells[][3] = { { -1, 0, 1 }, { 1, 0, 1 },  { -1, 1, 0 }, { 1, 1, 0 },
                                   { 0, 2, 2 },  { -1, 2, 2 }, { 1, 2, 2 } };
  scenario_turn (sc, 0, 1, 0, 0);
  for (guint i = 0; i < n_neighbours; i++)
    scenario_turn (sc, cells[i][0], cells[i][1], (guint)cells[i][2], SKIP);
}

/* doc/rules.md rule 23: a cloister whose 8 surrounding cells are filled is complete: 9 points.
 * Board: play_cloister_ring() with all 7 neighbours; the last E (at (1,2)) completes it during
 * the game, and the monk returns. */
START_TEST (test_rule23_complete_cloister_nine)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("B", "U", "U", "B", "B", "E", "E", "E"));
  play_cloister_ring (sc, 7);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  CarcFeatureInfo cloister;
  scenario_feature (sc, 0, 1, 0, &cloister);
  ck_assert (cloister.complete);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  assert_scored (sc, 0, CARC_FEATURE_CLOISTER, FALSE, 9, 0);
  scenario_assert_items (sc, 0, 0, "tiles*9=9"); /* issue 16: the breakdown */
  ck_assert_uint_eq (scenario_score (sc, 0), 9);
}
END_TEST

/* doc/rules.md rule 24: an incomplete cloister at the end scores 1 + its neighbouring tiles
 * (example: 5 neighbours -> 6).
 * Board: play_cloister_ring() with 4 neighbours placed: the cloister at (0,1) has the start
 * tile, U at (-1,0) and (1,0), B at (-1,1) and (1,1) around it: 5 neighbours, 6 points. */
START_TEST (test_rule24_incomplete_cloister_at_end)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("B", "U", "U", "B", "B"));
  play_cloister_ring (sc, 4);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  assert_scored (sc, 0, CARC_FEATURE_CLOISTER, TRUE, 6, 0);
  scenario_assert_items (sc, 0, 0, "tiles*6=6"); /* issue 16: the breakdown */
  ck_assert_uint_eq (scenario_score (sc, 0), 6);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Majority / ties (rules 25-27)
 * --------------------------------------------------------------------------------------- */

/* Board of rules 25 and 26: a cross-shaped city around the cell (1,-1), four arms occupied
 * separately, closed by C (city on all sides, shield) at (1,-1):
 *   1. P0: N r1 at (0,-1) (corner city south+east, joins the start city), knight
 *   2. P1: D r0 at (1,0) (city north), knight
 *   3. P0: U r1 at (2,0)            4. P1: B at (0,-2)
 *   5. P0: E r3 at (2,-1) (cap facing west), knight
 *   6. P1: E r2 at (1,-2) (cap facing south), knight if @p1_second_knight
 *   7. P0: C at (1,-1): the city D+N+D+E+E+C, 6 tiles + 1 shield = 14, is complete. */
static void
play_cross_city (Scenario *sc, gboolean p1_second_knight)
{
  scenario_turn (sc, 0, -1, 1, 0);
  scenario_turn (sc, 1, 0, 0, 0);
  scenario_turn (sc, 2, 0, 1, SKIP);
  scenario_turn (sc, 0, -2, 0, SKIP);
  scenario_turn (sc, 2, -1, 3, 0);
  scenario_turn (sc, 1, -2, 2, p1_second_knight ? 0 : SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, 1, -1, 0, SKIP);
  CarcFeatureInfo city;
  scenario_feature (sc, 1, -1, 0, &city);
  ck_assert (city.complete);
  ck_assert_uint_eq (city.units, 6);
  ck_assert_uint_eq (city.shields, 1);
}

/* doc/rules.md rule 25: the player with most followers in a feature scores it; a tie gives
 * every tied player the full points.
 * Board: play_cross_city() with two knights each: the 14-point city gives 14 to both (the
 * seed's "two knights each -> both 10" with a 10-point city; four separately occupied parts
 * need at least this many tiles, so the city here is worth 14). */
START_TEST (test_rule25_tie_scores_full_for_each)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("N", "D", "U", "B", "E", "E", "C"));
  play_cross_city (sc, TRUE);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 14, 14);
  /* issue 16: each tied player gets the whole breakdown */
  scenario_assert_items (sc, 0, 0, "tiles*6=12 shields*1=2");
  scenario_assert_items (sc, 0, 1, "tiles*6=12 shields*1=2");
  ck_assert_uint_eq (scenario_score (sc, 0), 14);
  ck_assert_uint_eq (scenario_score (sc, 1), 14);
}
END_TEST

/* doc/rules.md rule 26: extra followers of one player do not multiply the points; they only
 * count for the majority (the others get nothing).
 * Board: play_cross_city() where player 1 leaves the north arm empty: player 0 (two knights)
 * beats player 1 (one knight) and scores the city once: 14 (not 28); player 1 gets 0. */
START_TEST (test_rule26_majority_scores_once)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("N", "D", "U", "B", "E", "E", "C"));
  play_cross_city (sc, FALSE);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 14, 0);
  scenario_assert_items (sc, 0, 0, "tiles*6=12 shields*1=2");
  scenario_assert_items (sc, 0, 1, ""); /* issue 16: the minority has no items */
  ck_assert_uint_eq (scenario_score (sc, 0), 14);
  ck_assert_uint_eq (scenario_score (sc, 1), 0);
}
END_TEST

/* doc/rules.md rule 27: after scoring, all thieves/knights/monks of the feature return; farmers
 * never return during the game.
 * Part 1: play_cross_city(): all four knights (two per player) return to the supplies.
 * Part 2: player 0's knight on G r1 at (0,-1); player 1's farmer north of the road on U r1 at
 * (1,0) (the field along the start city); player 0 completes the city with E r2 at (0,-2):
 * 6 points, the knight returns, the farmer stays on the board until the end, where it scores
 * its field (3, for the completed city). */
START_TEST (test_rule27_followers_return_farmers_stay)
{
  {
    g_autoptr (Scenario) sc = scenario_new (2, TILES ("N", "D", "U", "B", "E", "E", "C"));
    play_cross_city (sc, TRUE);
    ck_assert_uint_eq (scenario_supply (sc, 0), 7);
    ck_assert_uint_eq (scenario_supply (sc, 1), 7);
    ck_assert_uint_eq (carc_game_get_n_followers (sc->game), 0);
    ck_assert_uint_eq (scenario_n_events_of_type (sc, CARC_EVENT_FOLLOWER_RETURNED), 4);
  }
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("G", "U", "E", "U"));
  scenario_turn (sc, 0, -1, 1, 0);
  scenario_turn (sc, 1, 0, 1, 2);
  scenario_turn (sc, 0, -2, 2, SKIP);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 6, 0);
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  ck_assert_uint_eq (scenario_followers_on_board (sc, 0), 0);
  ck_assert_uint_eq (scenario_supply (sc, 1), 6);
  ck_assert_uint_eq (scenario_followers_on_board (sc, 1), 1);
  ck_assert_uint_eq (scenario_followers_in (sc, 1, 0, 2, 1), 1);
  scenario_turn (sc, -1, 0, 1, SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_score (sc, 0), 6);
  ck_assert_uint_eq (scenario_score (sc, 1), 3);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Fields (rules 28-34)
 * --------------------------------------------------------------------------------------- */

/* doc/rules.md rule 28: fields are separated by roads (and cities, and the landscape's edge);
 * they score nothing during the game; farmers stay until the end.
 * Board: player 0's farmer south of the road on U r1 at (1,0); player 1's farmer north of the
 * road on U r1 at (-1,0) is allowed (the road separates the fields). Player 0 completes the
 * start city with E r2 at (0,-1): no field scores during the game, both farmers stay. At the
 * end the north field (bordering the completed city) gives player 1 3; the south field 0. */
START_TEST (test_rule28_fields_separated_score_only_at_end)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("U", "U", "E", "U"));
  scenario_turn (sc, 1, 0, 1, 1);
  scenario_place (sc, -1, 0, 1);
  ck_assert (!scenario_can_deploy (sc, 1));
  ck_assert (scenario_can_deploy (sc, 2));
  scenario_deploy (sc, 2);
  scenario_turn (sc, 0, -1, 2, SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  ck_assert_uint_eq (scenario_followers_on_board (sc, 0), 1);
  ck_assert_uint_eq (scenario_followers_on_board (sc, 1), 1);
  scenario_turn (sc, 2, 0, 1, SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_FIELD, FALSE), 0);
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_FIELD, TRUE), 2);
  ck_assert_uint_eq (scenario_score (sc, 0), 0);
  ck_assert_uint_eq (scenario_score (sc, 1), 3);
}
END_TEST

/* doc/rules.md rule 29: at the end each field's majority owner(s) get 3 points per completed
 * city bordering the field.
 * Board: player 0's farmer north of the road on U r1 at (1,0). The field north of the start
 * road grows with E r2 at (0,-1) (completes the start city), E r0 at (1,-1) (a city cap facing
 * north, completed by E r2 at (1,-2)), U r1 at (-1,0) and E r0 at (-1,-1) (a cap left open).
 * The field borders 2 completed cities and 1 incomplete one: 6. */
START_TEST (test_rule29_farm_three_per_completed_city)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("U", "E", "E", "E", "U", "E"));
  scenario_turn (sc, 1, 0, 1, 2);
  scenario_turn (sc, 0, -1, 2, SKIP);
  scenario_turn (sc, 1, -1, 0, SKIP);
  scenario_turn (sc, 1, -2, 2, SKIP);
  scenario_turn (sc, -1, 0, 1, SKIP);
  scenario_turn (sc, -1, -1, 0, SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  assert_scored (sc, 0, CARC_FEATURE_FIELD, TRUE, 6, 0);
  scenario_assert_items (sc, 0, 0, "cities*2=6"); /* issue 16: the breakdown */
  ck_assert_uint_eq (scenario_score (sc, 0), 6);
  ck_assert_uint_eq (scenario_score (sc, 1), 0);
}
END_TEST

/* Board of rule 30 and of the first part of rule 34 (player 0 Blue, player 1 Red):
 *   1. Blue: D r0 at (-1,0) (city B's lower half, road), farmer on the strip between city and
 *      road (segment 2): field 2 starts as the strips of (-1,0) and (0,0).
 *   2. Red: U r1 at (0,1), farmer north of its road (= the start's south field).
 *   3. Blue: E r2 at (0,-1) completes city A (start + E); farmer on its field: field 1.
 *   4. Red: E r2 at (-1,-1) completes city B; its field joins field 1.
 *  [5. Blue: K r3 at (-1,1) (city west, its big field joins the south field);
 *   6. Red: E r1 at (-2,1) completes city C = K + E.]  (only with @with_city_c)
 *   7. Blue: A r1 at (1,0): its field wraps round the road end and joins the strip with the
 *      south field: field 2 holds one Blue and one Red farmer.
 * Field 1 borders A and B; field 2 borders A and B (and C). */
static void
play_two_fields (Scenario *sc, gboolean with_city_c)
{
  scenario_turn (sc, -1, 0, 0, 2);
  scenario_turn (sc, 0, 1, 1, 2);
  scenario_turn (sc, 0, -1, 2, 1);
  scenario_turn (sc, -1, -1, 2, SKIP);
  if (with_city_c)
    {
      scenario_turn (sc, -1, 1, 3, SKIP);
      scenario_turn (sc, -2, 1, 1, SKIP);
    }
  CarcFeatureInfo strip, south;
  scenario_feature (sc, 0, 0, 2, &strip);
  scenario_feature (sc, 0, 0, 3, &south);
  ck_assert_uint_eq (strip.followers[0], 1);
  ck_assert_uint_eq (strip.followers[1], 0);
  ck_assert_uint_eq (south.followers[0], 0);
  ck_assert_uint_eq (south.followers[1], 1);
  scenario_turn (sc, 1, 0, 1, SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
}

/* Copies the points of every final field event into @out (one row per event); returns the count. */
static guint
final_field_events (Scenario *sc, guint out[][CARC_MAX_PLAYERS], guint max)
{
  guint n = 0;
  for (guint i = 0; i < scenario_n_scores (sc) && n < max; i++)
    {
      const ScenarioScore *s = scenario_score_event (sc, i);
      if (s->kind != CARC_FEATURE_FIELD || !s->final)
        continue;
      for (guint p = 0; p < CARC_MAX_PLAYERS; p++)
        out[n][p] = s->points[p];
      n++;
    }
  return n;
}

/* Is there a final field event giving exactly @points (the first @n players)? */
static gboolean
has_field_event (guint events[][CARC_MAX_PLAYERS], guint n_events, const guint *points, guint n)
{
  for (guint i = 0; i < n_events; i++)
    {
      gboolean same = TRUE;
      for (guint p = 0; p < n; p++)
        same = same && events[i][p] == points[p];
      if (same)
        return TRUE;
    }
  return FALSE;
}

/* doc/rules.md rule 30: a city bordering several fields gives 3 points to the owner(s) of each
 * field (seed example: cities A, B give 3 to Blue via field 1, and 3 to Blue and to Red via
 * field 2).
 * Board: play_two_fields() without city C. Field 1 (Blue alone): A, B -> Blue 6. Field 2
 * (Blue 1, Red 1): A, B -> Blue 6 and Red 6. Totals: Blue 12, Red 6. */
START_TEST (test_rule30_city_counts_for_every_bordering_field)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("D", "U", "E", "E", "A"));
  play_two_fields (sc, FALSE);
  guint ev[8][CARC_MAX_PLAYERS];
  guint n = final_field_events (sc, ev, 8);
  ck_assert_uint_eq (n, 2);
  ck_assert (has_field_event (ev, n, (const guint[]){ 6, 0 }, 2));
  ck_assert (has_field_event (ev, n, (const guint[]){ 6, 6 }, 2));
  ck_assert_uint_eq (scenario_score (sc, 0), 12);
  ck_assert_uint_eq (scenario_score (sc, 1), 6);
}
END_TEST

/* doc/rules.md rule 31: a field borders a city only along a wall; touching it at a tile corner
 * does not count.
 * Board: I r2 at (0,-1) (caps south and east) completes the start city Y (start + I's south
 * cap). Player 1's E r3 at (1,-1) (cap facing west) completes city Z (I's east cap + E); his
 * farmer on that E's field (north, east, south sides) borders Z along a wall and touches Y
 * only at the corner point shared by (0,0), (0,-1), (1,-1) and (1,0). Final: 3, not 6. */
START_TEST (test_rule31_corner_touch_does_not_border)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("I", "E"));
  scenario_turn (sc, 0, -1, 2, SKIP);
  CarcFeatureInfo y;
  scenario_feature (sc, 0, 0, 0, &y);
  ck_assert (y.complete);
  scenario_turn (sc, 1, -1, 3, 1);
  CarcFeatureInfo z;
  scenario_feature (sc, 1, -1, 0, &z);
  ck_assert (z.complete);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  assert_scored (sc, 0, CARC_FEATURE_FIELD, TRUE, 0, 3);
  ck_assert_uint_eq (scenario_score (sc, 1), 3);
}
END_TEST

/* doc/rules.md rule 32: completed cities count even if the field itself is open; incomplete
 * cities never count.
 * Board: player 0's farmer north of the road on U r1 at (1,0); E r2 at (0,-1) completes the
 * start city; E r0 at (1,-1) adds an open city cap to the (open) field. Final: 3. */
START_TEST (test_rule32_only_completed_cities_count)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("U", "E", "E"));
  scenario_turn (sc, 1, 0, 1, 2);
  scenario_turn (sc, 0, -1, 2, SKIP);
  scenario_turn (sc, 1, -1, 0, SKIP);
  CarcFeatureInfo open_city;
  scenario_feature (sc, 1, -1, 0, &open_city);
  ck_assert (!open_city.complete);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  assert_scored (sc, 0, CARC_FEATURE_FIELD, TRUE, 3, 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 3);
}
END_TEST

/* doc/rules.md rule 33: a field enclosed by roads with no city scores 0, and its farmer stays.
 * Board: the road loop of four V (as in rule 16); player 0's farmer on the field inside the
 * loop (segment 2 of V r3 at (0,1)), player 1's thief on the loop. Closing the loop scores 4
 * for player 1; the farmer stays on the board; a last U r1 at (1,0) ends the game, and the
 * enclosed field scores 0. */
START_TEST (test_rule33_enclosed_field_without_city_scores_zero)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("V", "V", "V", "V", "U"));
  scenario_turn (sc, 0, 1, 3, 2);
  scenario_turn (sc, 1, 1, 0, 0);
  scenario_turn (sc, 1, 2, 1, SKIP);
  scenario_turn (sc, 0, 2, 2, SKIP);
  assert_scored (sc, 0, CARC_FEATURE_ROAD, FALSE, 0, 4);
  ck_assert_uint_eq (scenario_followers_on_board (sc, 0), 1);
  ck_assert_uint_eq (scenario_supply (sc, 0), 6);
  CarcFeatureInfo inside;
  scenario_feature (sc, 1, 2, 2, &inside);
  ck_assert_uint_eq (inside.followers[0], 1);
  ck_assert_uint_eq (inside.segments, 4);
  scenario_turn (sc, 1, 0, 1, SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_points_scored (sc, 0, TRUE), 0);
  /* issue 16: no "cities" item for a field that borders no completed city (JCZ neither) */
  scenario_assert_items (sc, scenario_n_scores (sc) - 1, 0, "");
  ck_assert_uint_eq (scenario_score (sc, 0), 0);
  ck_assert_uint_eq (scenario_score (sc, 1), 4);
}
END_TEST

/* doc/rules.md rule 34: the seed's worked farm example: field 1 (Blue alone, cities A, B) ->
 * Blue 6; field 2 (Red 1, Blue 1, cities A, B, C) -> Red 9 and Blue 9; field 3 (Yellow 2 vs
 * Black 1, 4 cities) -> Yellow 12, Black 0.
 * The seed's single landscape is rebuilt as two simplified boards with the same structure and
 * the same points per field:
 * Board 1 (Blue = player 0, Red = player 1): play_two_fields() with city C.
 * Board 2 (4 players, Yellow = player 2, Black = player 3): the start's south field is split
 * by two T-junctions W r0 at (-1,0) and (1,0) into three parts: Yellow farms the middle part
 * (segment 4 of the west W), Black the part east of the east W's south road (its segment 4),
 * Yellow the part west of the west W's south road (through K r2 at (-2,0), segment 2). Four
 * 2-tile cities border these parts: E r2 (0,1) + E r0 (0,2); J r2 (2,0) + J r0 (2,1);
 * K r2 (-2,0) + K r0 (-2,1); E r2 (1,2) + E r0 (1,3). A r2 at (1,1) and (-1,1) (roads ending
 * at cloisters, fields all round) join the three parts into one field. */
START_TEST (test_rule34_farm_worked_example)
{
  {
    g_autoptr (Scenario) sc = scenario_new (2, TILES ("D", "U", "E", "E", "K", "E", "A"));
    play_two_fields (sc, TRUE);
    guint ev[8][CARC_MAX_PLAYERS];
    guint n = final_field_events (sc, ev, 8);
    ck_assert_uint_eq (n, 2);
    ck_assert_msg (has_field_event (ev, n, (const guint[]){ 6, 0 }, 2), "field 1: Blue 6");
    ck_assert_msg (has_field_event (ev, n, (const guint[]){ 9, 9 }, 2), "field 2: Blue 9, Red 9");
    ck_assert_uint_eq (scenario_score (sc, 0), 15);
    ck_assert_uint_eq (scenario_score (sc, 1), 9);
  }

  g_autoptr (Scenario) sc
      = scenario_new (4, TILES ("E", "E", "W", "W", "J", "J", "K", "K", "A", "A", "E", "E"));
  scenario_turn (sc, 0, 1, 2, SKIP); /* Blue */
  scenario_turn (sc, 0, 2, 0, SKIP); /* Red: city 1 complete */
  scenario_turn (sc, -1, 0, 0, 4);   /* Yellow: farmer in the middle part */
  scenario_place (sc, 1, 0, 0);      /* Black */
  ck_assert (!scenario_can_deploy (sc, 5));
  scenario_deploy (sc, 4);            /* Black: farmer in the eastern part */
  scenario_turn (sc, 2, 0, 2, SKIP);  /* Blue */
  scenario_turn (sc, 2, 1, 0, SKIP);  /* Red: city 2 complete */
  scenario_turn (sc, -2, 0, 2, 2);    /* Yellow: farmer in the western part */
  scenario_turn (sc, -2, 1, 0, SKIP); /* Black: city 3 complete */
  CarcFeatureInfo f;
  scenario_feature (sc, 0, 0, 3, &f);
  ck_assert_uint_eq (f.followers[2], 1);
  ck_assert_uint_eq (f.followers[3], 0);
  scenario_turn (sc, 1, 1, 2, SKIP);  /* Blue: joins middle and east */
  scenario_turn (sc, -1, 1, 2, SKIP); /* Red: joins middle and west */
  scenario_feature (sc, 0, 0, 3, &f);
  ck_assert_uint_eq (f.followers[2], 2);
  ck_assert_uint_eq (f.followers[3], 1);
  scenario_turn (sc, 1, 2, 2, SKIP); /* Yellow */
  scenario_turn (sc, 1, 3, 0, SKIP); /* Black: city 4 complete */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  guint ev[8][CARC_MAX_PLAYERS];
  guint n = final_field_events (sc, ev, 8);
  ck_assert_uint_eq (n, 1);
  ck_assert_msg (has_field_event (ev, n, (const guint[]){ 0, 0, 12, 0 }, 4),
                 "field 3: Yellow 12, Black 0 (got %u, %u)", ev[0][2], ev[0][3]);
  ck_assert_uint_eq (scenario_score (sc, 0), 0);
  ck_assert_uint_eq (scenario_score (sc, 1), 0);
  ck_assert_uint_eq (scenario_score (sc, 2), 12);
  ck_assert_uint_eq (scenario_score (sc, 3), 0);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * End of game (rules 35-36)
 * --------------------------------------------------------------------------------------- */

/* doc/rules.md rule 35: the game ends after the turn in which the last tile is placed;
 * features completed in that turn score normally first, then final scoring (roads, cities,
 * cloisters, then fields), after which the followers return.
 * Board: P0 thief on U r1 at (1,0); P1 monk on B at (0,1); P0 knight on G r1 at (0,-1); P1
 * farmer north of the road on U r1 at (-1,0); P0's last tile E r2 at (0,-2) completes the
 * city (6, not final). Final scoring: road U+D+U 3 for P0, cloister (3 neighbours) 4 for P1,
 * field along the just-completed city 3 for P1. Totals 9 and 7; every follower is back. */
START_TEST (test_rule35_end_of_game_sequence)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("U", "B", "G", "U", "E"));
  scenario_turn (sc, 1, 0, 1, 0);
  scenario_turn (sc, 0, 1, 0, 0);
  scenario_turn (sc, 0, -1, 1, 0);
  scenario_turn (sc, -1, 0, 1, 2);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, 0, -2, 2, SKIP);

  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_ptr_null (carc_game_get_current_tile (sc->game));
  ck_assert_uint_eq (carc_game_get_tiles_left (sc->game), 0);
  ck_assert_uint_eq (scenario_n_scores (sc), 4);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 6, 0);
  assert_scored (sc, 1, CARC_FEATURE_ROAD, TRUE, 3, 0);
  assert_scored (sc, 2, CARC_FEATURE_CLOISTER, TRUE, 0, 4);
  assert_scored (sc, 3, CARC_FEATURE_FIELD, TRUE, 0, 3);
  ck_assert_uint_eq (scenario_score (sc, 0), 9);
  ck_assert_uint_eq (scenario_score (sc, 1), 7);
  ck_assert_uint_eq (scenario_n_events_of_type (sc, CARC_EVENT_GAME_OVER), 1);
  ck_assert_uint_eq (scenario_event_type (sc, scenario_n_events (sc) - 1), CARC_EVENT_GAME_OVER);
  ck_assert_uint_eq (carc_game_get_n_followers (sc->game), 0);
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  ck_assert_uint_eq (scenario_supply (sc, 1), 7);
}
END_TEST

/* doc/rules.md rules 34 and 35 in a game nobody listens to: the engine then scores a feature
 * one figure holds at the end without its scoring record (carc-score.c, score_final_alone()),
 * and must score it the same. Rule 35's board: road 3 for P0, cloister 4 and field 3 for P1,
 * after the city's 6 for P0 (each final feature held alone). Rule 34's first board: field 1
 * (Blue alone) 6 for Blue, field 2 (Blue and Red) 9 each. */
START_TEST (test_rules34_35_final_scoring_unheard)
{
  {
    g_autoptr (Scenario) sc = scenario_new (2, TILES ("U", "B", "G", "U", "E"));
    carc_game_set_event_func (sc->game, NULL, NULL, NULL);
    scenario_turn (sc, 1, 0, 1, 0);
    scenario_turn (sc, 0, 1, 0, 0);
    scenario_turn (sc, 0, -1, 1, 0);
    scenario_turn (sc, -1, 0, 1, 2);
    scenario_turn (sc, 0, -2, 2, SKIP);
    ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
    ck_assert_uint_eq (scenario_n_scores (sc), 0); /* nothing heard */
    ck_assert_uint_eq (scenario_score (sc, 0), 9);
    ck_assert_uint_eq (scenario_score (sc, 1), 7);
    ck_assert_uint_eq (carc_game_get_n_followers (sc->game), 0);
    ck_assert_uint_eq (scenario_supply (sc, 0), 7);
    ck_assert_uint_eq (scenario_supply (sc, 1), 7);
  }
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("D", "U", "E", "E", "K", "E", "A"));
  carc_game_set_event_func (sc->game, NULL, NULL, NULL);
  play_two_fields (sc, TRUE);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 15);
  ck_assert_uint_eq (scenario_score (sc, 1), 9);
  ck_assert_uint_eq (carc_game_get_n_followers (sc->game), 0);
}
END_TEST

/* doc/rules.md rule 36: the score track has 50 spaces and a lap marker (UI only): scores are
 * unbounded integers. Nearest engine behaviour: a 52-point city is reported and kept as 52,
 * not wrapped to 2.
 * Board: a north-south band of twelve F r1 (shielded city band) from (0,-1) to (0,-12),
 * closed by E r2 at (0,-13); player 0's knight on the first F. 14 tiles + 12 shields = 52.
 * (An explicit tile order need not follow the printed tile counts; this board uses 12 F.) */
START_TEST (test_rule36_score_not_wrapped_at_fifty)
{
  g_autoptr (Scenario) sc
      = scenario_new (2, TILES ("F", "F", "F", "F", "F", "F", "F", "F", "F", "F", "F", "F", "E"));
  scenario_turn (sc, 0, -1, 1, 0);
  for (gint y = -2; y >= -12; y--)
    scenario_turn (sc, 0, y, 1, SKIP);
  scenario_turn (sc, 0, -13, 2, SKIP);
  assert_scored (sc, 0, CARC_FEATURE_CITY, FALSE, 52, 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 52);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Bad input: a rejected call returns FALSE with a CarcError and changes nothing.
 * --------------------------------------------------------------------------------------- */

/* Illegal placements (rules 3, 4): corner only, clashing edge, occupied cell -> ILLEGAL_PLACEMENT;
 * rotation 4 -> INVALID_ARGUMENT; the phase, current player, scores and legal placements stay. */
START_TEST (test_bad_placements_change_nothing)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("E", "E"));
  scenario_expect_place_error (sc, 1, -1, 2, CARC_ERROR_ILLEGAL_PLACEMENT); /* corner only */
  scenario_expect_place_error (sc, 0, -1, 0, CARC_ERROR_ILLEGAL_PLACEMENT); /* field vs city */
  scenario_expect_place_error (sc, 0, 0, 2, CARC_ERROR_ILLEGAL_PLACEMENT);  /* occupied */
  scenario_expect_place_error (sc, 0, -1, 4, CARC_ERROR_INVALID_ARGUMENT);  /* rotation 4 */
  scenario_expect_place_error (sc, 0, -1, 6, CARC_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  ck_assert_uint_eq (carc_game_get_n_pieces (sc->game), 1);

  scenario_turn (sc, 0, -1, 2, 0);
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
  /* Player 1: the now-occupied cell and the closed city edge are refused too. */
  scenario_expect_place_error (sc, 0, -1, 2, CARC_ERROR_ILLEGAL_PLACEMENT);
  scenario_expect_place_error (sc, 0, -2, 2, CARC_ERROR_ILLEGAL_PLACEMENT);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
}
END_TEST

/* Deploying before placing -> WRONG_PHASE; placing twice -> WRONG_PHASE; deploying into an
 * occupied feature or on a segment the tile does not have -> ILLEGAL_DEPLOYMENT. */
START_TEST (test_bad_deployments_change_nothing)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("G", "E", "U"));
  scenario_expect_deploy_error (sc, 0, CARC_ERROR_WRONG_PHASE);
  scenario_expect_skip_error (sc, CARC_ERROR_WRONG_PHASE);
  scenario_turn (sc, 0, -1, 1, 0);
  scenario_place (sc, 0, -2, 2);
  scenario_expect_place_error (sc, 0, 1, 2, CARC_ERROR_WRONG_PHASE);
  scenario_expect_deploy_error (sc, 0, CARC_ERROR_ILLEGAL_DEPLOYMENT); /* player 0's city */
  scenario_expect_deploy_error (sc, 2, CARC_ERROR_ILLEGAL_DEPLOYMENT); /* E has 2 segments */
  scenario_expect_deploy_error (sc, 99, CARC_ERROR_ILLEGAL_DEPLOYMENT);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_DEPLOY);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
  scenario_deploy (sc, 1);
}
END_TEST

/* After the last tile every move fails with GAME_OVER and changes nothing. */
START_TEST (test_bad_moves_after_game_over)
{
  g_autoptr (Scenario) sc = scenario_new (2, TILES ("E"));
  scenario_turn (sc, 0, -1, 2, 0);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  guint n;
  carc_game_get_placements (sc->game, &n);
  ck_assert_uint_eq (n, 0);
  scenario_expect_place_error (sc, 0, 1, 2, CARC_ERROR_GAME_OVER);
  scenario_expect_deploy_error (sc, 0, CARC_ERROR_GAME_OVER);
  scenario_expect_skip_error (sc, CARC_ERROR_GAME_OVER);
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
}
END_TEST

/* A tile order naming no tile of the set is refused with UNKNOWN_TILE. */
START_TEST (test_bad_unknown_tile_in_order)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) set = carc_tile_set_new_base (&error);
  ck_assert_ptr_nonnull (set);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (set);
  carc_game_config_set_tile_order (config, TILES ("E", "Y"));
  CarcGame *g = carc_game_new (config, &error);
  ck_assert_ptr_null (g);
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_UNKNOWN_TILE));
}
END_TEST

static Suite *
rules_suite (void)
{
  Suite *s = suite_create ("rules");
  TCase *tc = tcase_create ("base-game rules (doc/rules.md section 7)");
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_rule01_seven_followers_two_to_six_players);
  tcase_add_test (tc, test_empty_tile_order_is_over_at_once);
  tcase_add_test (tc, test_rule02_turn_order_place_deploy_score);
  tcase_add_test (tc, test_rule03_corner_only_contact_rejected);
  tcase_add_test (tc, test_rule04_every_touching_edge_must_match);
  tcase_add_test (tc, test_rule05_unplaceable_tile_discarded_same_player_draws);
  tcase_add_test (tc, test_rule06_corner_contact_does_not_connect);
  tcase_add_test (tc, test_rule07_cloisters_adjacent_and_unconnected);
  tcase_add_test (tc, test_rule08_occupied_feature_refused_even_own);
  tcase_add_test (tc, test_rule09_returned_follower_not_redeployed_same_turn);
  tcase_add_test (tc, test_rule10_place_then_complete_returns_follower);
  tcase_add_test (tc, test_rule11_two_city_tile_other_segment_while_small_city_occupied);
  tcase_add_test (tc, test_rule11_two_city_tile_choose_small_city);
  tcase_add_test (tc, test_rule12_occupying_is_optional);
  tcase_add_test (tc, test_rule13_farmer_instead_of_monk);
  tcase_add_test (tc, test_rule14_joined_fields_hold_both_farmers);
  tcase_add_test (tc, test_rule15_out_of_followers_still_places);
  tcase_add_test (tc, test_rule16_road_closed_by_city_gate_and_cloister);
  tcase_add_test (tc, test_rule16_road_closed_loop);
  tcase_add_test (tc, test_rule17_junction_ends_every_road);
  tcase_add_test (tc, test_rule18_road_one_point_per_tile);
  tcase_add_test (tc, test_rule19_city_two_per_tile_and_shield);
  tcase_add_test (tc, test_rule20_two_segments_on_one_tile_count_once);
  tcase_add_test (tc, test_rule21_shield_counts_for_its_own_segment);
  tcase_add_test (tc, test_rule22_incomplete_city_at_end);
  tcase_add_test (tc, test_rule23_complete_cloister_nine);
  tcase_add_test (tc, test_rule24_incomplete_cloister_at_end);
  tcase_add_test (tc, test_rule25_tie_scores_full_for_each);
  tcase_add_test (tc, test_rule26_majority_scores_once);
  tcase_add_test (tc, test_rule27_followers_return_farmers_stay);
  tcase_add_test (tc, test_rule28_fields_separated_score_only_at_end);
  tcase_add_test (tc, test_rule29_farm_three_per_completed_city);
  tcase_add_test (tc, test_rule30_city_counts_for_every_bordering_field);
  tcase_add_test (tc, test_rule31_corner_touch_does_not_border);
  tcase_add_test (tc, test_rule32_only_completed_cities_count);
  tcase_add_test (tc, test_rule33_enclosed_field_without_city_scores_zero);
  tcase_add_test (tc, test_rule34_farm_worked_example);
  tcase_add_test (tc, test_rule35_end_of_game_sequence);
  tcase_add_test (tc, test_rules34_35_final_scoring_unheard);
  tcase_add_test (tc, test_rule36_score_not_wrapped_at_fifty);
  suite_add_tcase (s, tc);

  TCase *bad = tcase_create ("bad input");
  tcase_set_timeout (bad, 120);
  tcase_add_test (bad, test_bad_placements_change_nothing);
  tcase_add_test (bad, test_bad_deployments_change_nothing);
  tcase_add_test (bad, test_bad_moves_after_game_over);
  tcase_add_test (bad, test_bad_unknown_tile_in_order);
  suite_add_tcase (s, bad);
  return s;
}

int
main (void)
{
  return check_run_suite (rules_suite ());
}
