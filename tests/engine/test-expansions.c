/* test-expansions.c: the rules of the four expansion plugins (doc/rules.md sections 2-5 and
 * decisions D5-D13) as scenarios with exact points, each naming its rule. The plugins are the
 * real shared objects of the build tree. Base tile letters as in tiles.txt; the start tile D
 * at (0, 0) shows a city north, a road west-east, a field south. Half tiles: rotation r holds
 * corner 0 north-east, 1 south-east, 2 south-west, 3 north-west of its cell. */
#include "config.h"

#include <check.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"
#include "plugin-host.h"
#include "pool-moves.h"
#include "scenario.h"

#define TILES(...)   ((const char *const[]){ __VA_ARGS__, NULL })
#define HAND(...)    ((const char *const[]){ __VA_ARGS__, NULL })
#define NO_HAND      ((const char *const[]){ NULL })
#define HANDS(...)   ((const char *const *const[]){ __VA_ARGS__ })
#define OPTIONS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static guint
final_points (Scenario *sc, guint player)
{
  return scenario_points_scored (sc, player, TRUE);
}

/* doc/rules.md section 3.5 (decision D5): two half tiles in one cell count as one occupied cell in
 * a city; D6: after the draw pile is empty the active player who can place a half tile plays on;
 * D7: a follower only on the half just placed, under the normal rules. */
START_TEST (test_halftiles_two_halves_one_cell_in_a_city)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, "halftiles", TILES ("U"), HANDS (HAND ("HT-II-01", "HT-II-01"), NO_HAND));
  /* Player 0 may place from the hand before drawing. */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  ck_assert (carc_game_can_draw (sc->game));
  /* HT-II-01 (city on legs and long side, shield) in the south-west corner of (0, -1): its
   * south leg meets D's city. A knight on it. */
  scenario_piece_turn (sc, 0, 0, -1, 2, 0);
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP); /* player 1 draws U: road west-east */
  /* The draw pile is empty; player 0 still holds a half tile that fits: a turn (D6), which
   * must place it (no pass, no draw). */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  ck_assert (!carc_game_can_draw (sc->game));
  scenario_expect_pass_error (sc, CARC_ERROR_WRONG_PHASE);
  scenario_piece (sc, 0, 0, -1, 0); /* the other half, north-east: long sides city to city */
  /* D7: the city on the half just placed already holds the knight: nothing to deploy. */
  ck_assert_uint_eq (scenario_n_deployments (sc), 0);
  scenario_expect_deploy_error (sc, 0, CARC_ERROR_ILLEGAL_DEPLOYMENT);
  CarcFeatureInfo fi;
  scenario_feature (sc, 0, 0, 0, &fi);
  ck_assert_uint_eq (fi.segments, 3);
  ck_assert_uint_eq (fi.units, 2); /* cells (0, 0) and (0, -1): the two halves count once */
  ck_assert_uint_eq (fi.shields, 2);
  ck_assert (!fi.complete);
  scenario_skip (sc);
  /* Player 1 holds nothing: the game ends; the incomplete city scores 2 cells + 2 shields. */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (final_points (sc, 0), 4);
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
  ck_assert_uint_eq (scenario_score (sc, 1), 0);
}
END_TEST

/* The adjacency hook counting_unit: a plugin that counts every piece apart (the 10/2015 variant of
 * doc/rules.md section 3.5, not the default D5) makes the two halves of one cell count twice. */
static guint
per_piece_unit (CarcGame *game, gpointer data, const CarcPieceInfo *info, guint unit)
{
  return info->index;
}

static gboolean
per_piece_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks), .counting_unit = per_piece_unit };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

START_TEST (test_counting_unit_hook)
{
  static const CarcPluginDesc desc = { CARC_PLUGIN_ABI_MAJOR,
                                       CARC_PLUGIN_ABI_MINOR,
                                       "per-piece",
                                       "count pieces, not cells",
                                       "1",
                                       CARC_PLUGIN_PRIORITY_DEFAULT,
                                       per_piece_init,
                                       NULL };
  if (!carc_plugin_host_lookup (test_plugin_host (), "per-piece"))
    {
      g_autoptr (CarcPlugin) plugin = carc_plugin_new_static (&desc, NULL);
      ck_assert (carc_plugin_host_add (test_plugin_host (), plugin, NULL));
    }
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, "halftiles,per-piece", TILES ("U"), HANDS (HAND ("HT-II-01", "HT-II-01"), NO_HAND));
  scenario_piece_turn (sc, 0, 0, -1, 2, 0);
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
  scenario_piece_turn (sc, 0, 0, -1, 0, SCENARIO_SKIP);
  CarcFeatureInfo fi;
  scenario_feature (sc, 0, 0, 0, &fi);
  ck_assert_uint_eq (fi.units, 3); /* D and both halves: 2 with the default cell counting */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (final_points (sc, 0), 5); /* 3 units + 2 shields */
}
END_TEST

/* doc/rules.md section 3.5: a road that runs into a triangular gap is not complete; once the other
 * half closes it, it scores per occupied cell (3, not 4 pieces). */
START_TEST (test_halftiles_road_into_gap_incomplete)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, "halftiles", TILES ("X", "U", "U", "U"),
                                                     HANDS (HAND ("HT-I-11", "HT-II-04"), NO_HAND));
  scenario_draw (sc);
  scenario_turn (sc, -1, 0, 0, SCENARIO_SKIP); /* X: D's road ends at its junction */
  scenario_turn (sc, 0, 1, 1, SCENARIO_SKIP);
  /* HT-I-11 (road from the east leg to the long side) in the south-west corner of (1, 0): its
   * west leg continues D's road, its long side faces the empty half. A thief on it. */
  scenario_piece_turn (sc, 0, 1, 0, 2, 0);
  CarcFeatureInfo fi;
  scenario_feature (sc, 0, 0, 1, &fi);
  ck_assert (!fi.complete);
  ck_assert_uint_eq (fi.open, 1);
  ck_assert_uint_eq (fi.units, 3);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, 0, 2, 1, SCENARIO_SKIP);
  /* HT-II-04: a cloister half whose road from the long side ends at the cloister. */
  scenario_piece_turn (sc, 0, 1, 0, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  const ScenarioScore *road = scenario_score_event (sc, 0);
  ck_assert_int_eq (road->kind, CARC_FEATURE_ROAD);
  ck_assert (!road->final);
  ck_assert_uint_eq (road->points[0], 3); /* X, D and one cell of two halves */
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
}
END_TEST

/* doc/rules.md section 3.5: a cloister is complete when its 8 neighbouring cells are occupied
 * (9 points); section 3.7 item 1 and D11: a vineyard half in the cloister's own cell adds 3: 12. */
static Scenario *
vineyard_half_cloister (const char *expansions)
{
  Scenario *sc = scenario_new_expansions (2, expansions, TILES ("U", "U", "B", "B", "B", "B", "A"),
                                          HANDS (HAND ("HT-I-05", "HT-I-06"), NO_HAND));
  scenario_piece_turn (sc, 1, 0, 1, 3, SCENARIO_SKIP); /* vineyard half, north-west of (0, 1) */
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
  scenario_piece_turn (sc, 0, 0, 1, 1, 0); /* the cloister half, south-east; a monk */
  scenario_turn (sc, -1, 0, 1, SCENARIO_SKIP);
  scenario_turn (sc, 1, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, -1, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, 2, 0, SCENARIO_SKIP);
  scenario_turn (sc, -1, 2, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_turn (sc, 0, 2, 2, SCENARIO_SKIP); /* A: the 8th neighbour */
  return sc;
}

START_TEST (test_vineyards_half_in_cloister_cell)
{
  g_autoptr (Scenario) sc = vineyard_half_cloister ("halftiles,vineyards");
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_CLOISTER, FALSE), 1);
  ck_assert_uint_eq (scenario_score_event (sc, 0)->points[0], 12);
  scenario_assert_items (sc, 0, 0, "tiles*9=9 vineyards*1=3"); /* issue 16: the breakdown */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_score (sc, 0), 12);
}
END_TEST

START_TEST (test_halftiles_cloister_without_vineyards)
{
  g_autoptr (Scenario) sc = vineyard_half_cloister ("halftiles");
  ck_assert_uint_eq (scenario_score_event (sc, 0)->points[0], 9);
  scenario_assert_items (sc, 0, 0, "tiles*9=9");
  ck_assert_uint_eq (scenario_score (sc, 0), 9);
}
END_TEST

/* doc/rules.md section 3.5 (1/2021): a triangular gap breaks field connectivity; the other half,
 * once placed, joins the fields across the diagonal. */
START_TEST (test_halftiles_gap_separates_fields)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, "halftiles", TILES ("U", "B", "U"),
                                                     HANDS (HAND ("HT-I-03", "HT-I-06"), NO_HAND));
  /* HT-I-03 (a walled city corner, a field on its long side) south-west in (0, -1): its
   * city meets D's. Piece 1; its field is segment 1. */
  scenario_piece_turn (sc, 0, 0, -1, 2, SCENARIO_SKIP);
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP); /* U, piece 2 */
  scenario_draw (sc);
  scenario_turn (sc, 1, -1, 0, SCENARIO_SKIP); /* B, piece 3: its west side faces the gap */
  CarcFeatureInfo half_field, b_field;
  ck_assert (carc_game_get_piece_feature (sc->game, 1, 1, &half_field));
  ck_assert (carc_game_get_piece_feature (sc->game, 3, 1, &b_field));
  ck_assert_int_eq (half_field.kind, CARC_FEATURE_FIELD);
  ck_assert_int_eq (b_field.kind, CARC_FEATURE_FIELD);
  ck_assert_uint_ne (half_field.id, b_field.id);
  ck_assert_uint_eq (half_field.segments, 1);
  scenario_turn (sc, 2, 0, 1, SCENARIO_SKIP); /* U, piece 4 */
  /* HT-I-06 (fields) north-east in (0, -1), piece 5: its east leg meets B, its long side the
   * other half's field. */
  scenario_piece_turn (sc, 0, 0, -1, 0, SCENARIO_SKIP);
  ck_assert (carc_game_get_piece_feature (sc->game, 1, 1, &half_field));
  ck_assert (carc_game_get_piece_feature (sc->game, 3, 1, &b_field));
  ck_assert_uint_eq (half_field.id, b_field.id);
}
END_TEST

/* doc/rules.md sections 4 and 5.2 (D11): a completed abbey scores as a monastery, with +3 for a
 * vineyard among its 8 neighbours; placed into its hole with all 8 filled, it completes at once. */
START_TEST (test_vineyards_abbey_completed)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, "abbey,vineyards", TILES ("B", "B", "B", "B", "B", "B", "B", "HS-C!.v"),
      HANDS (HAND ("abbey"), NO_HAND));
  scenario_turn (sc, 0, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, -1, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, 1, 0, SCENARIO_SKIP);
  scenario_turn (sc, -1, 2, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, 2, 0, SCENARIO_SKIP);
  scenario_turn (sc, -1, 3, 0, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE); /* (0, 3) is still empty */
  scenario_turn (sc, 0, 3, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, 3, 2, SCENARIO_SKIP); /* the vineyard tile, its city turned south */
  ck_assert_uint_eq (scenario_n_scores (sc), 0);
  scenario_piece_turn (sc, 0, 0, 2, 0, 0); /* the final round: the abbey, a monk on it */
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_CLOISTER, FALSE), 1);
  ck_assert_uint_eq (scenario_score_event (sc, 0)->points[0], 12);
  scenario_assert_items (sc, 0, 0, "tiles*9=9 vineyards*1=3"); /* issue 16: the abbey too */
  ck_assert_uint_eq (scenario_score (sc, 0), 12);
}
END_TEST

/* doc/rules.md section 5.2 (D11): an incomplete monastery gets nothing for vineyards at the end. */
START_TEST (test_vineyards_nothing_at_the_end)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, "vineyards", TILES ("B", "HS-RRr.v"), NULL);
  scenario_turn (sc, 0, 1, 0, 0);             /* B with a monk below D */
  scenario_turn (sc, 1, 0, 0, SCENARIO_SKIP); /* a vineyard tile east of D */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (final_points (sc, 0), 3); /* 1 + D + the vineyard tile, no bonus */
  scenario_assert_items (sc, 0, 0, "tiles*3=3");
}
END_TEST

/* doc/rules.md section 4 (D9, D10): one abbey completes a road, a city and a cloister at once;
 * it adds no tile to them (the one-tile city scores 2); it only goes into a hole; in the
 * final round it may still be placed, and a monk on it scores as a cloister at the end. */
START_TEST (test_abbey_completes_three_features)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, "abbey", TILES ("X", "B", "B", "B", "E", "B", "B", "B", "B", "B"),
      HANDS (HAND ("abbey"), NO_HAND));
  /* No hole yet: player 0 draws at once. */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  scenario_turn (sc, -1, 0, 0, 1);             /* X, a thief on its east arm: D's road */
  scenario_turn (sc, 0, 1, 0, SCENARIO_SKIP);  /* B */
  scenario_turn (sc, 1, 1, 0, 0);              /* B, a monk */
  scenario_turn (sc, 2, 1, 0, SCENARIO_SKIP);  /* B */
  scenario_turn (sc, 2, 0, 3, 0);              /* E turned: its city faces (1, 0); a knight */
  scenario_turn (sc, 2, -1, 0, SCENARIO_SKIP); /* B */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE); /* still no hole */
  scenario_turn (sc, 1, -1, 0, SCENARIO_SKIP);              /* B: (1, 0) is a hole now */
  scenario_turn (sc, 0, 2, 0, SCENARIO_SKIP);               /* B */
  /* Player 0 may choose the abbey now, but only into a hole. */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  scenario_expect_piece_error (sc, 0, 0, -1, 0, CARC_ERROR_ILLEGAL_PLACEMENT);
  /* The error ends with the abbey hook's reason (issue 16); where the base rules already refuse
   * (no neighbour at all), it has none. */
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_game_place_piece (sc->game, 0, 0, -1, 0, &error));
  ck_assert_str_eq (error->message,
                    "piece abbey cannot go at (0, -1) with rotation 0: an abbey goes "
                    "only into a hole, an empty cell with 4 occupied neighbours");
  g_clear_error (&error);
  ck_assert (!carc_game_place_piece (sc->game, 0, 5, 5, 0, &error));
  ck_assert_str_eq (error->message, "piece abbey cannot go at (5, 5) with rotation 0");
  scenario_expect_piece_error (sc, 1, 1, 0, 0, CARC_ERROR_NO_PIECE);
  scenario_draw (sc);
  scenario_turn (sc, 1, 2, 0, SCENARIO_SKIP); /* B */
  scenario_turn (sc, 2, 2, 0, SCENARIO_SKIP); /* B: the last tile */
  /* The final abbey round (D10) starts with player 0: place it, or pass. */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  ck_assert (carc_game_can_pass (sc->game));
  ck_assert (!carc_game_can_draw (sc->game));
  scenario_piece_turn (sc, 0, 1, 0, 0, 0); /* the abbey, a monk on it */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  guint road = 0, city = 0, cloister = 0;
  for (guint i = 0; i < scenario_n_scores (sc); i++)
    {
      const ScenarioScore *s = scenario_score_event (sc, i);
      if (s->final)
        continue;
      if (s->kind == CARC_FEATURE_ROAD)
        road += s->points[0];
      else if (s->kind == CARC_FEATURE_CITY)
        city += s->points[0];
      else if (s->kind == CARC_FEATURE_CLOISTER)
        cloister += s->points[0];
    }
  ck_assert_uint_eq (road, 2);     /* X's arm and D */
  ck_assert_uint_eq (city, 2);     /* E alone: the abbey adds no tile */
  ck_assert_uint_eq (cloister, 9); /* the monk's cloister at (1, 1) */
  /* Final: the abbey's monk, 1 + 7 occupied neighbours ((0, -1) is empty). */
  ck_assert_uint_eq (final_points (sc, 0), 8);
  ck_assert_uint_eq (scenario_score (sc, 0), 21);
}
END_TEST

/* doc/rules.md sections 4 and 3.8 (with half tiles): a cell holding one half tile counts for the
 * hole even when its triangular gap faces the abbey; combined end rules: the abbey round runs even
 * though the halftiles rule alone would end the game. */
START_TEST (test_abbey_into_hole_beside_a_gap)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, "abbey,halftiles", TILES ("X", "U", "A", "B", "B"),
                                 HANDS (HAND ("abbey"), HAND ("HT-I-06")));
  scenario_turn (sc, -1, 0, 0, SCENARIO_SKIP); /* no hole: player 0 draws at once */
  scenario_draw (sc);                          /* player 1 could place the half tile */
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
  scenario_turn (sc, -1, 1, 2, SCENARIO_SKIP); /* A turned: its road meets X's */
  /* HT-I-06 (fields) in the north-east corner of (1, 1): its gap faces (0, 1). */
  scenario_piece_turn (sc, 0, 1, 1, 0, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE); /* (0, 2) is still empty */
  scenario_turn (sc, -1, 2, 0, SCENARIO_SKIP);
  scenario_turn (sc, 0, 2, 0, SCENARIO_SKIP); /* the last tile: (0, 1) is a hole */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  scenario_piece_turn (sc, 0, 0, 1, 0, 0);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (final_points (sc, 0), 8); /* 1 + 7: only (1, 2) is empty */
}
END_TEST

/* doc/rules.md section 3.6 (D6): the first active player who can place nothing ends the game, even
 * if another player still holds half tiles. */
START_TEST (test_halftiles_end_first_player_without_a_move)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, "halftiles", TILES ("U"),
                                                     HANDS (NO_HAND, HAND ("HT-I-06", "HT-I-06")));
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
  scenario_piece_turn (sc, 0, 0, 1, 3, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (carc_game_get_hand_size (sc->game, 1), 1);
}
END_TEST

/* doc/rules.md D6 with D10a (issue 16): with the abbey plugin loaded, the first player after the
 * last tile who can place nothing still ends the game when no later player holds an abbey that
 * fits. Player 2's abbey has no hole, so player 1 ends the game at once and player 2 keeps his
 * half tiles (the abbey plugin used to skip player 1, and player 2 played on). */
START_TEST (test_abbey_halftiles_d6_ends_when_no_abbey_is_owed)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (3, "abbey,halftiles", TILES ("U"),
                                 HANDS (NO_HAND, NO_HAND, HAND ("abbey", "HT-I-06", "HT-I-06")));
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP); /* U, the last tile */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_current_player (sc), 1); /* the player who ended it */
  ck_assert_uint_eq (scenario_n_events_of_type (sc, CARC_EVENT_TURN_STARTED), 1);
  ck_assert_uint_eq (carc_game_get_hand_size (sc->game, 2), 3);
}
END_TEST

/* ---- the public hash as doc/game-records.md lists its bytes ---------------------------- */

static void
put_u32 (GChecksum *c, guint32 v)
{
  guint8 b[4] = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >> 24 };
  g_checksum_update (c, b, 4);
}

static void
put_id (GChecksum *c, const CarcTileType *t)
{
  const char *id = t ? carc_tile_type_get_id (t) : "";
  g_checksum_update (c, (const guchar *)id, (gssize)strlen (id) + 1);
}

/* The public hash of @g computed from its public API alone, item by item as
 * doc/game-records.md ("The public hash") lists them; @exp_name (may be NULL) and @exp_bytes are
 * one expansion's digest (item 10). */
static char *
documented_public_hash (CarcGame *g, const char *exp_name, const guint8 *exp_bytes, guint n)
{
  static const char domain[] = "carcassonne public state 1";
  g_autoptr (GChecksum) c = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (c, (const guchar *)domain, sizeof domain);
  put_u32 (c, carc_game_get_phase (g));
  put_u32 (c, carc_game_get_current_player (g));
  put_u32 (c, carc_game_get_turn (g));
  put_u32 (c, carc_game_get_n_players (g));
  put_u32 (c, carc_game_get_hands_open (g));
  for (guint p = 0; p < carc_game_get_n_players (g); p++)
    {
      put_u32 (c, carc_game_get_score (g, p));
      put_u32 (c, carc_game_get_supply (g, p));
      put_u32 (c, carc_game_get_hand_size (g, p));
      for (guint i = 0; carc_game_get_hands_open (g) && i < carc_game_get_hand_size (g, p); i++)
        put_id (c, carc_game_get_hand_piece (g, p, i));
    }
  put_u32 (c, 0); /* item 4, retired: always 0 */
  put_u32 (c, carc_game_get_tiles_left (g));
  put_id (c, carc_game_get_current_tile (g));
  put_u32 (c, carc_game_can_draw (g) | carc_game_can_pass (g) << 1 | carc_game_is_ending (g) << 2);
  put_u32 (c, carc_game_get_n_pieces (g));
  for (guint i = 0; i < carc_game_get_n_pieces (g); i++)
    {
      CarcPieceInfo info;
      ck_assert (carc_game_get_piece (g, i, &info));
      put_id (c, info.tile);
      put_u32 (c, (guint32)info.x);
      put_u32 (c, (guint32)info.y);
      put_u32 (c, info.rotation + 256 * (guint8)info.player);
    }
  for (guint i = 0; i < carc_game_get_n_followers (g); i++)
    {
      CarcFollowerInfo fw;
      ck_assert (carc_game_get_follower (g, i, &fw));
      put_u32 (c, fw.player);
      put_u32 (c, fw.piece);
      put_u32 (c, fw.segment);
    }
  if (exp_name)
    {
      g_checksum_update (c, (const guchar *)exp_name, (gssize)strlen (exp_name) + 1);
      put_u32 (c, n);
      g_checksum_update (c, exp_bytes, n);
    }
  return g_strndup (g_checksum_get_string (c), 16);
}

/* The abbey's digest (issue 16): the public hash is the documented bytes, plus, while the final
 * abbey round runs, "abbey", NUL, u32 4, u32 the players it reached; before it and once the game
 * is over, nothing (the hash of a game whose plugins keep no state). */
static void
assert_abbey_hash (CarcGame *g, guint32 asked)
{
  g_autofree char *hash = carc_game_get_public_hash (g);
  guint8 mask[4] = { asked & 0xff, (asked >> 8) & 0xff, (asked >> 16) & 0xff, asked >> 24 };
  g_autofree char *want = documented_public_hash (g, asked ? "abbey" : NULL, mask, 4);
  ck_assert_str_eq (hash, want);
  if (asked)
    {
      g_autofree char *without = documented_public_hash (g, NULL, NULL, 0);
      ck_assert_str_ne (hash, without);
    }
}

/* doc/rules.md D10a (issue 16): a player who can place nothing is skipped while a later player
 * of the abbey round still holds an abbey that fits; that player may place it or pass; the
 * player after him must place a half tile (D6); then the first player with nothing to place,
 * no abbey being owed any more, ends the game. The board leaves one hole, (0, 1), which the
 * last tile closes on its fourth side. */
START_TEST (test_abbey_halftiles_abbey_round_first)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (3, "abbey,halftiles", TILES ("X", "U", "A", "B", "B", "B"),
                                 HANDS (NO_HAND, HAND ("abbey"), HAND ("HT-I-06", "HT-I-06")));
  assert_abbey_hash (sc->game, 0);
  scenario_turn (sc, -1, 0, 0, SCENARIO_SKIP);               /* player 0: X */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);  /* player 1: no hole yet */
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);                /* player 1: U */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE); /* player 2 holds half tiles */
  scenario_draw (sc);
  scenario_turn (sc, -1, 1, 2, SCENARIO_SKIP); /* player 2: A, its road meets X's */
  scenario_turn (sc, 1, 1, 0, SCENARIO_SKIP);  /* player 0: B */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  scenario_turn (sc, -1, 2, 0, SCENARIO_SKIP); /* player 1: B */
  scenario_draw (sc);
  scenario_turn (sc, 0, 2, 0, SCENARIO_SKIP); /* player 2: B, the last tile: (0, 1) a hole */
  /* Player 0 can place nothing, but player 1's abbey fits: player 0 is skipped (D10a). */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
  ck_assert (carc_game_can_pass (sc->game));
  ck_assert (!carc_game_can_draw (sc->game));
  assert_abbey_hash (sc->game, 0x3);                   /* the round reached players 0 and 1 */
  scenario_piece_turn (sc, 0, 0, 1, 0, SCENARIO_SKIP); /* the abbey into the hole */
  /* Player 2 holds no abbey; his half tiles fit: he must place one (D6). */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  ck_assert_uint_eq (scenario_current_player (sc), 2);
  ck_assert (!carc_game_can_pass (sc->game));
  assert_abbey_hash (sc->game, 0x7);
  scenario_piece_turn (sc, 0, 2, 1, 3, SCENARIO_SKIP); /* north-west of (2, 1), by B's field */
  /* Player 0 again: nothing to place and no abbey owed: the game ends (D6). */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  ck_assert_uint_eq (carc_game_get_hand_size (sc->game, 1), 0);
  ck_assert_uint_eq (carc_game_get_hand_size (sc->game, 2), 1);
  ck_assert_uint_eq (scenario_n_events_of_type (sc, CARC_EVENT_TURN_STARTED), 8);
  assert_abbey_hash (sc->game, 0);
}
END_TEST

/* doc/rules.md section 3.2: the long side meets only the long side of the other half, with matching
 * landscape; legs match like tile edges; a half needs an edge that continues the landscape. */
START_TEST (test_halftiles_placement_rules)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, "halftiles", TILES ("U", "U"),
      HANDS (HAND ("HT-I-06", "HT-II-01", "HT-I-01", "HT-I-02"), NO_HAND));
  /* A fields-only half north-west of (0, 1) meets D's field. */
  scenario_piece_turn (sc, 0, 0, 1, 3, SCENARIO_SKIP);
  scenario_turn (sc, 1, 0, 1, SCENARIO_SKIP);
  /* The city half cannot face the field half's long side, nor take the same corner. */
  scenario_expect_piece_error (sc, 0, 0, 1, 1, CARC_ERROR_ILLEGAL_PLACEMENT);
  scenario_expect_piece_error (sc, 0, 0, 1, 3, CARC_ERROR_ILLEGAL_PLACEMENT);
  /* No edge continuing anything: (5, 5) is far away. */
  scenario_expect_piece_error (sc, 1, 5, 5, 0, CARC_ERROR_ILLEGAL_PLACEMENT);
  /* HT-I-01's north leg is a road: against D's city it does not match. */
  scenario_expect_piece_error (sc, 1, 0, -1, 1, CARC_ERROR_ILLEGAL_PLACEMENT);
  guint n;
  const CarcPlacement *pl = carc_game_get_piece_placements (sc->game, 1, &n);
  ck_assert_uint_gt (n, 0);
  for (guint i = 0; i < n; i++)
    ck_assert_msg (!(pl[i].x == 0 && pl[i].y == 1), "HT-I-01 offered in the field half's cell");
  /* HT-I-02 (roads on its legs, a field long side) completes the cell from the south-east. */
  scenario_piece_turn (sc, 2, 0, 1, 1, SCENARIO_SKIP);
  CarcPieceInfo two[2];
  ck_assert_uint_eq (carc_game_get_pieces_at (sc->game, 0, 1, two), 2);
  ck_assert_uint_eq (two[0].rotation, 3);
  ck_assert_uint_eq (two[1].rotation, 1);
}
END_TEST

/* doc/rules.md section 3.3 and D8: each player gets 3 half tiles from those without symbols; the
 * vineyard half only joins with the vineyards expansion; the draft variant picks face up, the last
 * player first, then counter-clockwise: the halftiles plugin's phase "draft", its moves "pick"
 * one per pool piece, each naming the tile it takes (issue 16). */
START_TEST (test_halftiles_setup_and_draft)
{
  g_autoptr (Scenario) dealt = scenario_new_expansions (3, "halftiles", TILES ("U"), NULL);
  for (guint p = 0; p < 3; p++)
    {
      ck_assert_uint_eq (carc_game_get_hand_size (dealt->game, p), 3);
      for (guint i = 0; i < 3; i++)
        {
          const CarcTileType *t = carc_game_get_hand_piece (dealt->game, p, i);
          ck_assert_int_eq (carc_tile_type_get_shape (t), CARC_SHAPE_HALF);
          ck_assert_ptr_null (carc_tile_type_get_tag (t, "vineyard"));
          ck_assert_ptr_null (carc_tile_type_get_tag (t, "hill"));
          ck_assert_ptr_null (carc_tile_type_get_tag (t, "sheep"));
          ck_assert_ptr_null (carc_tile_type_get_tag (t, "crop_circle"));
        }
    }
  ck_assert (!carc_game_get_hands_open (dealt->game));

  g_autoptr (Scenario) draft = scenario_new_expansions_full (
      3, "halftiles,vineyards", OPTIONS ("halftiles.draft=1", "halftiles.hand=2"), TILES ("U"),
      NULL);
  ck_assert_int_eq (scenario_phase (draft), CARC_PHASE_PLUGIN);
  ck_assert_str_eq (carc_game_get_phase_owner (draft->game), "halftiles");
  ck_assert_str_eq (carc_game_get_phase_name (draft->game), "draft");
  ck_assert (carc_game_get_hands_open (draft->game));
  g_auto (GStrv) pool = pool_list (draft->game);
  ck_assert_uint_eq (g_strv_length (pool), 21); /* 20 plain + the vineyard */
  ck_assert_uint_eq (g_strv_length (pool), pool_size (draft->game));
  /* every listed move is a pick: nothing else is legal in the draft */
  g_autoptr (GPtrArray) moves = carc_game_list_moves (draft->game, 2);
  ck_assert_uint_eq (moves->len, 21);
  g_autoptr (GPtrArray) none = carc_game_list_moves (draft->game, 0);
  ck_assert_uint_eq (none->len, 0); /* not player 0's pick */
  static const guint order[] = { 2, 1, 0, 2, 1, 0 };
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      ck_assert_uint_eq (scenario_current_player (draft), order[i]);
      ck_assert (pool_pick (draft->game, 0, NULL));
      /* the picked piece, pool[i] (each pick takes the first left), is the hand's last */
      guint p = order[i], n = carc_game_get_hand_size (draft->game, p);
      ck_assert_str_eq (carc_tile_type_get_id (carc_game_get_hand_piece (draft->game, p, n - 1)),
                        pool[i]);
    }
  ck_assert_uint_eq (pool_size (draft->game), 0);
  for (guint p = 0; p < 3; p++)
    ck_assert_uint_eq (carc_game_get_hand_size (draft->game, p), 2);
  ck_assert_uint_eq (scenario_n_events_of_type (draft, CARC_EVENT_PIECE_GIVEN), 6);
  ck_assert_uint_eq (scenario_current_player (draft), 0);
  ck_assert_int_eq (scenario_phase (draft), CARC_PHASE_CHOOSE);
}
END_TEST

/* Issue 16: the state hash covers the draft's pool through the halftiles plugin's digest. Two
 * draft games that differ only in their pools (the vineyard half joins one: D8) hash apart
 * while the draft lasts, state and public hash alike; once the same picks have ended it, the
 * pools are gone and the hashes agree: the pool was the only difference. */
START_TEST (test_halftiles_draft_hash_covers_pool)
{
  g_autoptr (Scenario) plain = scenario_new_expansions_full (
      2, "halftiles", OPTIONS ("halftiles.draft=1", "halftiles.hand=1"), TILES ("U"), NULL);
  g_autoptr (Scenario) vine = scenario_new_expansions_full (
      2, "halftiles,vineyards", OPTIONS ("halftiles.draft=1", "halftiles.hand=1"), TILES ("U"),
      NULL);
  ck_assert_uint_eq (pool_size (plain->game), 20);
  ck_assert_uint_eq (pool_size (vine->game), 21);
  ck_assert_str_eq (carc_game_get_phase_name (vine->game), "draft");
  g_autofree char *s1 = carc_game_get_state_hash (plain->game);
  g_autofree char *s2 = carc_game_get_state_hash (vine->game);
  ck_assert_str_ne (s1, s2);
  g_autofree char *p1 = carc_game_get_public_hash (plain->game);
  g_autofree char *p2 = carc_game_get_public_hash (vine->game);
  ck_assert_str_ne (p1, p2);
  /* the same two plain pieces picked in both: piece 0 twice (the vineyard half is not first) */
  g_auto (GStrv) ids = pool_list (vine->game);
  ck_assert_str_ne (ids[0], "HT-I-06");
  ck_assert_str_ne (ids[1], "HT-I-06");
  for (guint i = 0; i < 2; i++)
    {
      ck_assert (pool_pick (plain->game, 0, NULL));
      ck_assert (pool_pick (vine->game, 0, NULL));
    }
  ck_assert_int_eq (scenario_phase (plain), CARC_PHASE_CHOOSE);
  g_autofree char *e1 = carc_game_get_state_hash (plain->game);
  g_autofree char *e2 = carc_game_get_state_hash (vine->game);
  ck_assert_str_eq (e1, e2);
}
END_TEST

/* doc/rules.md section 3.7 item 2, the hills expansion (issue 16: the rule left halftiles for a
 * plugin of its own): placing the hill half buries the next tile of the draw pile; in a tie, the
 * player with a follower in the hill's cell wins alone. */
START_TEST (test_hills_hill_half)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, "halftiles,hills", TILES ("U", "V", "V", "V"), HANDS (HAND ("HT-II-10"), NO_HAND));
  ck_assert_uint_eq (carc_game_get_tiles_left (sc->game), 4);
  scenario_piece_turn (sc, 0, 1, 0, 3, 0); /* the hill half east of D, a thief on its road */
  ck_assert_uint_eq (carc_game_get_tiles_left (sc->game), 2); /* U went under the hill */
  scenario_turn (sc, 0, 1, 0, 0);              /* V: a road curve south-west, a thief */
  scenario_turn (sc, -1, 0, 3, SCENARIO_SKIP); /* V: D's road turns south */
  scenario_turn (sc, -1, 1, 2, SCENARIO_SKIP); /* V: joins both thieves' roads */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  /* The road (5 cells, open at the hill's gap and south of (0, 1)): one thief each. */
  ck_assert_uint_eq (final_points (sc, 0), 5);
  ck_assert_uint_eq (final_points (sc, 1), 0);
}
END_TEST

/* D8 and issue 16: a symbol half tile joins the half tiles only in a game with the expansion
 * its needs= tag names: the hill half with hills, the vineyard half with vineyards; without
 * them the hill half is a plain half (no burying: the draw pile keeps its tiles). The retired
 * halftiles.hill option must stay off, with a clear error. */
START_TEST (test_halftiles_symbol_tiles_need_their_expansion)
{
  g_autoptr (Scenario) plain = scenario_new_expansions (2, "halftiles", TILES ("U", "V", "V", "V"),
                                                        HANDS (HAND ("HT-II-10"), NO_HAND));
  scenario_piece_turn (plain, 0, 1, 0, 3, 0);
  ck_assert_uint_eq (carc_game_get_tiles_left (plain->game), 3); /* U still there */

  static const struct
  {
    const char *expansions;
    guint pool;
  } pools[] = {
    { "halftiles", 20 },
    { "halftiles,hills", 21 },
    { "halftiles,vineyards", 21 },
    { "halftiles,hills,vineyards", 22 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (pools); i++)
    {
      g_autoptr (Scenario) sc = scenario_new_expansions_full (
          2, pools[i].expansions, OPTIONS ("halftiles.draft=1"), TILES ("U"), NULL);
      g_auto (GStrv) ids = pool_list (sc->game);
      ck_assert_uint_eq (g_strv_length (ids), pools[i].pool);
      gboolean hill = g_strv_contains ((const char *const *)ids, "HT-II-10"); /* the hill half */
      ck_assert_int_eq (hill, strstr (pools[i].expansions, "hills") != NULL);
    }

  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  carc_plugin_host_load_dir (host, carc_plugin_host_get_default_dir (), "halftiles", NULL);
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  ck_assert (carc_game_config_add_expansion_by_name (config, host, "halftiles", NULL));
  ck_assert (carc_game_config_set_option (config, "halftiles", "hill", 1, NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) game = carc_game_new (config, &error);
  ck_assert_ptr_null (game);
  ck_assert_str_eq (error->message, "expansion halftiles: option hill is retired: the hill rule "
                                    "is an expansion of its own now");
}
END_TEST

/* doc/rules.md section 2 (D12): Winter adds 12 animal tiles (84 in all), each tagged with its
 * animal; animals change no rule. Section 5: vineyards add 8 tiles. */
START_TEST (test_winter_and_vineyards_decks)
{
  g_autoptr (Scenario) winter = scenario_new_expansions (2, "winter", NULL, NULL);
  /* 71 base tiles (the start tile is on the board) + 12, minus the one in play. */
  ck_assert_uint_eq (carc_game_get_tiles_left (winter->game), 82);
  g_autoptr (Scenario) both = scenario_new_expansions (2, "winter,vineyards", NULL, NULL);
  ck_assert_uint_eq (carc_game_get_tiles_left (both->game), 90);
  CarcPlugin *plugin = carc_game_config_get_expansion (carc_game_get_config (winter->game), 0);
  CarcTileSet *tiles = carc_plugin_get_tiles (plugin);
  ck_assert_uint_eq (carc_tile_set_get_n_tiles (tiles), 12);
  ck_assert_str_eq (carc_tile_type_get_tag (carc_tile_set_lookup (tiles, "WI-RrRr"), "animal"),
                    "wolpertinger");
  const char *value = NULL;
  ck_assert_str_eq (carc_tile_type_get_tag_at (carc_tile_set_lookup (tiles, "WI-CFR"), 0, &value),
                    "animal");
  ck_assert_str_eq (value, "bear");
}
END_TEST

/* The deck size of a config (issue 16: a query, not a throwaway game): the tiles face down when
 * the game starts, as the expansions' setup makes the pile (winter and vineyards add theirs;
 * halftiles and abbey deal into hands, which do not count); an explicit order counts itself;
 * a config that cannot start fails with carc_game_new()'s error. */
START_TEST (test_deck_size)
{
  static const struct
  {
    const char *expansions;
    guint size;
  } cases[] = {
    { "", 71 },
    { "winter", 83 },
    { "vineyards", 79 },
    { "winter,vineyards", 91 },
    { "abbey,halftiles,hills", 71 },
  };
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  carc_plugin_host_load_dir (host, carc_plugin_host_get_default_dir (), NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
      g_auto (GStrv) names = g_strsplit (cases[i].expansions, ",", -1);
      for (guint k = 0; names[k] && *names[k]; k++)
        ck_assert (carc_game_config_add_expansion_by_name (config, host, names[k], NULL));
      guint size = 0;
      ck_assert (carc_game_config_get_deck_size (config, &size, NULL));
      ck_assert_uint_eq (size, cases[i].size);
      /* a game of it: the tiles left, plus the one in play */
      g_autoptr (CarcGame) game = carc_game_new (config, NULL);
      ck_assert_uint_eq (
          carc_game_get_tiles_left (game) + (carc_game_get_phase (game) == CARC_PHASE_PLACE), size);
    }

  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  ck_assert (carc_game_config_add_expansion_by_name (config, host, "vineyards", NULL));
  carc_game_config_set_tile_order (config, TILES ("U", "HS-Cc.v", "V"));
  guint size = 0;
  ck_assert (carc_game_config_get_deck_size (config, &size, NULL));
  ck_assert_uint_eq (size, 3);

  g_autoptr (GError) error = NULL;
  carc_game_config_set_n_players (config, 9);
  ck_assert (!carc_game_config_get_deck_size (config, &size, &error));
  ck_assert_str_eq (error->message, "a game has 2 to 6 players, not 9");
  ck_assert_uint_eq (size, 3); /* unchanged */
  g_clear_error (&error);
  carc_game_config_set_n_players (config, 2);
  carc_game_config_set_tile_order (config, TILES ("U", "nosuch"));
  ck_assert (!carc_game_config_get_deck_size (config, &size, &error));
  ck_assert_str_eq (error->message, "tile order entry 1: no land tile 'nosuch' in the tile set");
}
END_TEST

/* A host of two plugins only: abbey and halftiles. */
static CarcPluginHost *
abbey_halftiles_host (void)
{
  CarcPluginHost *host = carc_plugin_host_new ();
  ck_assert_uint_eq (
      carc_plugin_host_load_dir (host, carc_plugin_host_get_default_dir (), "abbey,half*", NULL),
      2);
  return host;
}

/* A game that names an expansion twice, or an option it does not have, is refused. */
START_TEST (test_expansion_config_errors)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (NULL);
  g_autoptr (CarcPluginHost) host = abbey_halftiles_host ();
  ck_assert (carc_plugin_host_is_known (host, "winter"));
  ck_assert_ptr_null (carc_plugin_host_lookup (host, "winter"));
  ck_assert (!carc_plugin_host_is_known (host, "cathedrals"));
  g_autoptr (CarcGameConfig) config = carc_game_config_new (base);
  CarcPlugin *half = carc_plugin_host_lookup (host, "halftiles");
  ck_assert (carc_game_config_add_expansion (config, half, NULL));
  ck_assert (!carc_game_config_add_expansion (config, half, &error));
  ck_assert_int_eq (error->code, CARC_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  ck_assert (!carc_game_config_set_option (config, "halftiles", "hand", 9, &error));
  ck_assert_str_eq (error->message, "option halftiles.hand must be 1 to 8, not 9");
  g_clear_error (&error);
  /* The config reads back what it holds: hand is halftiles' option 0, default 3. */
  ck_assert_uint_eq (carc_game_config_get_option (config, 0, 0), 3);
  ck_assert (carc_game_config_set_option (config, "halftiles", "hand", 5, NULL));
  ck_assert_uint_eq (carc_game_config_get_option (config, 0, 0), 5);
  ck_assert_uint_eq (carc_game_config_get_option (config, 1, 0), 0);
  ck_assert_uint_eq (carc_game_config_get_followers (config), 7);
  ck_assert (carc_game_config_get_farmers (config));
  ck_assert (!carc_game_config_set_option (config, "halftiles", "colour", 1, &error));
  ck_assert_int_eq (error->code, CARC_ERROR_UNKNOWN_EXPANSION);
  g_clear_error (&error);
  ck_assert (!carc_game_config_set_option (config, "abbey", "x", 1, &error));
  ck_assert_str_eq (error->message, "the game does not use expansion abbey");
}
END_TEST

/* carc_game_config_add_expansion_set(): carcassonne-arena's --expansions SET (doc/arena.md),
 * all or nothing: a set with an unknown or repeated name leaves the config as it was. */
START_TEST (test_expansion_set)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (NULL);
  g_autoptr (CarcPluginHost) host = abbey_halftiles_host ();
  g_autoptr (CarcGameConfig) config = carc_game_config_new (base);
  ck_assert (carc_game_config_add_expansion_set (config, host, "none", NULL));
  ck_assert_uint_eq (carc_game_config_get_n_expansions (config), 0);
  const struct
  {
    const char *set;
    gint code;
    const char *message;
  } bad[] = {
    { "abbey,nosuch", CARC_ERROR_UNKNOWN_EXPANSION,
      "no expansion called 'nosuch' in the set 'abbey,nosuch'" },
    { "winter", CARC_ERROR_UNKNOWN_EXPANSION, "no expansion called 'winter' in the set 'winter'" },
    { "", CARC_ERROR_UNKNOWN_EXPANSION, "no expansion called '' in the set ''" },
    { "abbey,", CARC_ERROR_UNKNOWN_EXPANSION, "no expansion called '' in the set 'abbey,'" },
    { "abbey,halftiles,abbey", CARC_ERROR_INVALID_ARGUMENT,
      "expansion abbey named twice (the set 'abbey,halftiles,abbey')" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      ck_assert (!carc_game_config_add_expansion_set (config, host, bad[i].set, &error));
      ck_assert_int_eq (error->code, bad[i].code);
      ck_assert_str_eq (error->message, bad[i].message);
      g_clear_error (&error);
      ck_assert_uint_eq (carc_game_config_get_n_expansions (config), 0);
    }
  ck_assert (carc_game_config_add_expansion_set (config, host, "halftiles,abbey", NULL));
  ck_assert_uint_eq (carc_game_config_get_n_expansions (config), 2);
  /* one already in the config: refused, the config unchanged */
  ck_assert (!carc_game_config_add_expansion_set (config, host, "abbey", &error));
  ck_assert_str_eq (error->message, "expansion abbey named twice (the set 'abbey')");
  ck_assert_uint_eq (carc_game_config_get_n_expansions (config), 2);
  /* all: every plugin the host loaded */
  g_autoptr (CarcGameConfig) every = carc_game_config_new (base);
  ck_assert (carc_game_config_add_expansion_set (every, host, "all", NULL));
  ck_assert_uint_eq (carc_game_config_get_n_expansions (every), 2);
  ck_assert_str_eq (carc_plugin_get_name (carc_game_config_get_expansion (every, 0)),
                    carc_plugin_get_name (carc_game_config_get_expansion (config, 0)));
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("expansions");
  TCase *tc = tcase_create ("rules");
  tcase_add_test (tc, test_halftiles_two_halves_one_cell_in_a_city);
  tcase_add_test (tc, test_halftiles_road_into_gap_incomplete);
  tcase_add_test (tc, test_counting_unit_hook);
  tcase_add_test (tc, test_vineyards_half_in_cloister_cell);
  tcase_add_test (tc, test_halftiles_cloister_without_vineyards);
  tcase_add_test (tc, test_vineyards_nothing_at_the_end);
  tcase_add_test (tc, test_halftiles_gap_separates_fields);
  tcase_add_test (tc, test_vineyards_abbey_completed);
  tcase_add_test (tc, test_abbey_completes_three_features);
  tcase_add_test (tc, test_abbey_into_hole_beside_a_gap);
  tcase_add_test (tc, test_halftiles_end_first_player_without_a_move);
  tcase_add_test (tc, test_abbey_halftiles_d6_ends_when_no_abbey_is_owed);
  tcase_add_test (tc, test_abbey_halftiles_abbey_round_first);
  tcase_add_test (tc, test_halftiles_placement_rules);
  tcase_add_test (tc, test_halftiles_setup_and_draft);
  tcase_add_test (tc, test_halftiles_draft_hash_covers_pool);
  tcase_add_test (tc, test_hills_hill_half);
  tcase_add_test (tc, test_halftiles_symbol_tiles_need_their_expansion);
  tcase_add_test (tc, test_winter_and_vineyards_decks);
  tcase_add_test (tc, test_deck_size);
  tcase_add_test (tc, test_expansion_config_errors);
  tcase_add_test (tc, test_expansion_set);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
