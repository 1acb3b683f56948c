/* test-traders-builders.c: the Traders & Builders plugin (RULES-next.md section 3, decisions
 * D18-D23) as the scenarios of RULES-next.md section 7.2, one test named after each (TB-1 ..
 * TB-11) with the points the rule text states, and IC-11 of section 7.1 (an inn road and the
 * builder), which needs both expansions. Players: Red 0, Blue 1, Green 2. Base tile letters as
 * in tiles.txt, expansion tiles by their tiles-next.txt ids in JCloisterZone's orientation; the
 * start tile D at (0, 0) shows a city north, a road west-east, a field south; y grows to the
 * south. Segment indices are the positions of the features on the tile's data line. The plugins
 * are the real shared objects of the build tree.
 *
 * Trade goods show as awards (carc_game_award()): "player:wine*n=0" when a player takes n wine
 * tokens, "player:wine-majority*0=10 final" for a majority at the end (scenario_award()). */
#include "config.h"

#include <check.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"
#include "plugin-host.h"
#include "scenario.h"

#define TILES(...)   ((const char *const[]){ __VA_ARGS__, NULL })
#define OPTIONS(...) ((const char *const[]){ __VA_ARGS__, NULL })

#define TB "traders-builders"

/* Segments of the tiles these scenarios deploy on. */
enum
{
  CITY_0 = 0,         /* TB-CCc.w, TB-CFc.w, F, G: C:EW; N, E: their city */
  ROAD_0 = 0,         /* U: R:NS; IC-RFr.i: R:EW:inn; W: R:E>J */
  W_WEST_ROAD = 2,    /* W: R:W>J */
  U_FIELD = 1,        /* U: F:NNE,ENE,ESE,SSE (turned once: the south field) */
  H_FIELD = 2,        /* H: C:N C:S F:ENE,ESE,WSW,WNW@0,1 */
  E_FIELD = 1,        /* E: C:N F:...@0 */
  B_FIELD = 1,        /* B: K F:... */
  B_CLOISTER = 0,     /* B: K */
  ABBEY_CLOISTER = 0, /* the abbey: K */
};

static guint
kind (Scenario *sc, const char *name)
{
  gint k = carc_game_find_figure (sc->game, name);
  ck_assert_msg (k > 0, "no figure kind %s", name);
  return (guint)k;
}

/* The tile in play at (x, y) with @rotation, drawn first if the abbey is on offer, and a
 * figure of kind @name on @segment. */
static void
turn_figure (Scenario *sc, gint x, gint y, guint rotation, const char *name, guint segment)
{
  g_autoptr (GError) error = NULL;
  if (scenario_phase (sc) == CARC_PHASE_CHOOSE)
    scenario_draw (sc);
  scenario_place (sc, x, y, rotation);
  ck_assert_msg (carc_game_deploy (sc->game, kind (sc, name), segment, &error), "%s",
                 error ? error->message : "");
}

/* The same with a follower, or none (SCENARIO_SKIP). */
static void
turn (Scenario *sc, gint x, gint y, guint rotation, gint segment)
{
  if (scenario_phase (sc) == CARC_PHASE_CHOOSE)
    scenario_draw (sc);
  scenario_turn (sc, x, y, rotation, segment);
}

/* Whether the tile just placed offers a figure of kind @name anywhere. */
static gboolean
offered (Scenario *sc, const char *name)
{
  guint n;
  guint k = kind (sc, name);
  const CarcDeployment *d = carc_game_get_deployments (sc->game, &n);
  for (guint i = 0; i < n; i++)
    if (d[i].figure == k)
      return TRUE;
  return FALSE;
}

/* Asserts that deploying a figure of kind @name on @segment fails with @code and that the
 * message says @why, changing nothing. */
static void
expect_refused_code (Scenario *sc, const char *name, guint segment, CarcError code, const char *why)
{
  g_autoptr (GError) error = NULL;
  ScenarioSnapshot before;
  scenario_snapshot_take (sc, &before);
  ck_assert (!carc_game_deploy (sc->game, kind (sc, name), segment, &error));
  ck_assert_int_eq (error->code, code);
  ck_assert_str_eq (error->message, why);
  scenario_snapshot_assert_same_at (sc, __FILE__, __LINE__, &before);
  scenario_snapshot_clear (&before);
}

static void
expect_refused (Scenario *sc, const char *name, guint segment, const char *why)
{
  expect_refused_code (sc, name, segment, CARC_ERROR_ILLEGAL_DEPLOYMENT, why);
}

/* The awards of the game so far, joined by ' ' (scenario_award()). */
static char *
awards (Scenario *sc)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < scenario_n_awards (sc); i++)
    {
      g_autofree char *a = scenario_award (sc, i);
      g_string_append_printf (s, "%s%s", i ? " " : "", a);
    }
  return g_string_free (s, FALSE);
}

#define assert_awards(sc, want)                                                                    \
  do                                                                                               \
    {                                                                                              \
      g_autofree char *got_ = awards (sc);                                                         \
      ck_assert_str_eq (got_, (want));                                                             \
    }                                                                                              \
  while (0)

/* TB-1 (D18, D19): Red's knight on the N-S wine city of TB-CCc.w; Blue's H closes the city
 * {(0,0),(0,-1),(0,-2)}: Red 6, Blue takes 1 wine. End, no other goods: Blue +10, Red +0. */
START_TEST (test_tb_1_goods_go_to_the_completer)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, TB, TILES ("TB-CCc.w", "H"), NULL);
  turn (sc, 0, -1, 1, CITY_0);
  turn (sc, 0, -2, 0, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  ck_assert_uint_eq (scenario_score_event (sc, 0)->points[0], 6);
  scenario_assert_items (sc, 0, 0, "tiles*3=6");
  assert_awards (sc, "1:wine*1=0 1:wine-majority*0=10 final");
  ck_assert_uint_eq (scenario_score (sc, 0), 6);
  ck_assert_uint_eq (scenario_score (sc, 1), 10);
}
END_TEST

/* TB-2 (D18): the 4-tile city of TB-RCc.g and TB-CRc.g, closed by Red's E with nobody in it
 * (8 points for nobody), has two grain symbols: Red takes 2 grain. End: Red +10, Blue 0. */
START_TEST (test_tb_2_one_token_per_symbol)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, TB, TILES ("TB-RCc.g", "TB-CRc.g", "E"), NULL);
  turn (sc, 0, -1, 2, SCENARIO_SKIP);
  turn (sc, 1, -1, 0, SCENARIO_SKIP);
  turn (sc, 2, -1, 3, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 0); /* nobody held the city */
  assert_awards (sc, "0:grain*2=0 0:grain-majority*0=10 final");
  ck_assert_uint_eq (scenario_score (sc, 0), 10);
  ck_assert_uint_eq (scenario_score (sc, 1), 0);
}
END_TEST

/* TB-3 (D18, section 3.4; T&B + abbey): Blue's abbey in the hole at (0,-2) closes Red's 2-tile
 * wine city: Red 4, Blue takes the wine (end: Blue +10). The abbey offers Blue only a monk, no
 * builder or pig. */
START_TEST (test_tb_3_abbey_completion_gives_goods)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, TB ",abbey", TILES ("TB-CFc.w", "E", "E", "B", "B", "B", "B"), NULL);
  turn (sc, 0, -1, 1, CITY_0);
  turn (sc, -1, -1, 3, SCENARIO_SKIP);
  turn (sc, 1, -1, 1, SCENARIO_SKIP);
  turn (sc, -1, -2, 0, SCENARIO_SKIP);
  turn (sc, 1, -2, 0, SCENARIO_SKIP);
  turn (sc, -1, -3, 0, SCENARIO_SKIP);
  turn (sc, 0, -3, 0, SCENARIO_SKIP);
  /* Blue's 8th turn: the pile is empty, a hole, the abbey on offer. */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
  scenario_piece (sc, 0, 0, -2, 0);
  ck_assert (!offered (sc, "builder"));
  ck_assert (!offered (sc, "pig"));
  ck_assert (scenario_can_deploy (sc, ABBEY_CLOISTER));
  scenario_skip (sc);
  ck_assert_uint_eq (scenario_score_event (sc, 0)->points[0], 4);
  scenario_assert_items (sc, 0, 0, "tiles*2=4");
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  assert_awards (sc, "1:wine*1=0 1:wine-majority*0=10 final");
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
  ck_assert_uint_eq (scenario_score (sc, 1), 10);
}
END_TEST

/* TB-4's board: three closed rings of goods tiles, nobody deploys; @n_tiles of them played. */
static const char *const tb_4_tiles[]
    = { "TB-Cc.w",  "TB-CcRR.w", "TB-Cc.g",    "TB-CcR!.w", "N",        "TB-RCc.g",
        "N",        "TB-CcR.c",  "TB-CcCc.w",  "N",         "TB-CFc.w", "G",
        "TB-CRc.w", "TB-CRcR.w", "TB-CcRR!.c", "V",         "M",        NULL };
static const struct
{
  gint x, y;
  guint rotation;
} tb_4_places[]
    = { { 0, 1, 2 },  { 1, 1, 3 },  { 0, 2, 1 },  { 1, 2, 0 },  { 0, 3, 1 },  { 1, 3, 3 },
        { 0, 4, 0 },  { -1, 3, 3 }, { 1, 4, 0 },  { -1, 4, 3 }, { -2, 3, 0 }, { -2, 4, 0 },
        { -3, 3, 0 }, { -3, 4, 0 }, { -4, 3, 2 }, { 1, 0, 0 },  { -4, 4, 0 } };

static Scenario *
play_tb_4 (guint n_tiles)
{
  g_autofree const char **order = g_new0 (const char *, n_tiles + 1);
  memcpy (order, tb_4_tiles, n_tiles * sizeof *order);
  Scenario *sc = scenario_new_expansions (3, TB, order, NULL);
  for (guint i = 0; i < n_tiles; i++)
    turn (sc, tb_4_places[i].x, tb_4_places[i].y, tb_4_places[i].rotation, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  return sc;
}

/* TB-4 (D19): tokens Red (wine 3, grain 1), Blue (wine 3, cloth 2), Green (wine 1, grain 1):
 * wine Red and Blue 10 each, grain Red and Green 10 each, cloth Blue 10: Red 20, Blue 20,
 * Green 10. Ended after Green's ring (nobody holds cloth, nobody scores it): Red 20, Green
 * 10, Blue 0. */
START_TEST (test_tb_4_final_goods_table)
{
  g_autoptr (Scenario) sc = play_tb_4 (17);
  assert_awards (sc, "0:wine*3=0 0:grain*1=0 2:wine*1=0 2:grain*1=0 1:wine*3=0 1:cloth*2=0 "
                     "0:wine-majority*0=10 final 1:wine-majority*0=10 final "
                     "0:grain-majority*0=10 final 2:grain-majority*0=10 final "
                     "1:cloth-majority*0=10 final");
  ck_assert_uint_eq (scenario_score (sc, 0), 20);
  ck_assert_uint_eq (scenario_score (sc, 1), 20);
  ck_assert_uint_eq (scenario_score (sc, 2), 10);
}
END_TEST

START_TEST (test_tb_4_nobody_holds_cloth)
{
  g_autoptr (Scenario) sc = play_tb_4 (9);
  assert_awards (sc, "0:wine*3=0 0:grain*1=0 2:wine*1=0 2:grain*1=0 "
                     "0:wine-majority*0=10 final "
                     "0:grain-majority*0=10 final 2:grain-majority*0=10 final");
  ck_assert_uint_eq (scenario_score (sc, 0), 20);
  ck_assert_uint_eq (scenario_score (sc, 1), 0);
  ck_assert_uint_eq (scenario_score (sc, 2), 10);
}
END_TEST

/* TB-5's first three turns: Red's thief on U east of D; Blue's U, where Blue may not put his
 * builder (no Blue follower in the road); Red's U with his builder, legal (Red's thief), and
 * not on a field. */
static void
play_tb_5 (Scenario *sc)
{
  turn (sc, 1, 0, 1, ROAD_0);
  scenario_place (sc, 2, 0, 1);
  ck_assert (!offered (sc, "builder"));
  expect_refused (sc, "builder", ROAD_0, "a builder may not go on segment 0 (a road) now");
  scenario_skip (sc);
  scenario_place (sc, 3, 0, 1);
  expect_refused (sc, "builder", U_FIELD, "a builder cannot stand on a field");
  ck_assert_msg (carc_game_deploy (sc->game, kind (sc, "builder"), ROAD_0, NULL), "builder");
}

/* TB-5 (D20, section 3.5): builder placement; also never on a cloister, and never on a
 * feature the tile just completed. */
START_TEST (test_tb_5_builder_placement)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, TB, TILES ("U", "U", "U", "B"), NULL);
  play_tb_5 (sc);
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, kind (sc, "builder"), 0), 0);
  ck_assert_uint_eq (scenario_followers_in (sc, 3, 0, ROAD_0, 0), 2);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
}
END_TEST

START_TEST (test_tb_5_builder_not_on_cloister_or_completed)
{
  /* Red's thief on W's west arm (road W(1,0)-D, open at D's west end); Red's cloister B at
   * (-1,1), where a builder cannot stand; Red's W at (-1,0) turned twice (roads N, E, W)
   * completes the road with its east arm: his builder may not go on it. */
  g_autoptr (Scenario) sc = scenario_new_expansions (2, TB, TILES ("W", "B", "B", "B", "W"), NULL);
  turn (sc, 1, 0, 0, W_WEST_ROAD);
  turn (sc, 0, 1, 0, SCENARIO_SKIP);
  scenario_place (sc, -1, 1, 0);
  expect_refused (sc, "builder", B_CLOISTER, "a builder cannot stand on a cloister");
  scenario_skip (sc);
  turn (sc, 0, 2, 0, SCENARIO_SKIP);
  scenario_place (sc, -1, 0, 2);
  ck_assert (!offered (sc, "builder"));
  expect_refused (sc, "builder", W_WEST_ROAD, "a builder may not go on segment 2 (a road) now");
  scenario_skip (sc);
  ck_assert_uint_eq (scenario_score (sc, 0), 3);
}
END_TEST

/* TB-6 (D20): continue TB-5: Blue's U at (-1,0) extends the same road: Blue gets nothing (Red
 * plays next); Red's U at (4,0) extends the road (builder on (3,0)): one extra part; its tile
 * U at (5,0) extends the road again: no third part (Blue plays next). */
START_TEST (test_tb_6_double_turn_without_chain)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, TB, TILES ("U", "U", "U", "U", "U", "U", "B"), NULL);
  play_tb_5 (sc);
  turn (sc, -1, 0, 1, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  guint before = carc_game_get_turn (sc->game);
  turn (sc, 4, 0, 1, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_current_player (sc), 0); /* the extra part */
  ck_assert_uint_eq (carc_game_get_turn (sc->game), before + 1);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  turn (sc, 5, 0, 1, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_current_player (sc), 1); /* no chain */
}
END_TEST

/* D20's option: with optional-extra the player chooses after the turn that triggered the
 * builder; "no-extra-part" passes the turn on, "extra-part" plays it. */
static Scenario *
play_tb_6_optional (void)
{
  Scenario *sc = scenario_new_expansions_full (2, TB, OPTIONS (TB ".optional-extra=1"),
                                               TILES ("U", "U", "U", "U", "U", "U", "B"), NULL);
  play_tb_5 (sc);
  turn (sc, -1, 0, 1, SCENARIO_SKIP);
  turn (sc, 4, 0, 1, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLUGIN);
  ck_assert_str_eq (carc_game_get_phase_name (sc->game), "builder");
  g_autoptr (GPtrArray) moves = carc_game_list_moves (sc->game, 0);
  ck_assert_uint_eq (moves->len, 2);
  return sc;
}

static void
apply_named (Scenario *sc, const char *name)
{
  g_autoptr (GError) error = NULL;
  CarcMove m;
  ck_assert_msg (carc_move_init_from_args (&m, name, NULL, &error), "%s", error->message);
  ck_assert_msg (carc_game_apply_move (sc->game, &m, &error), "%s", error->message);
}

START_TEST (test_tb_6_optional_extra_part)
{
  g_autoptr (Scenario) sc = play_tb_6_optional ();
  apply_named (sc, "extra-part");
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  turn (sc, 5, 0, 1, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
}
END_TEST

START_TEST (test_tb_6_optional_declined)
{
  g_autoptr (Scenario) sc = play_tb_6_optional ();
  apply_named (sc, "no-extra-part");
  ck_assert_uint_eq (scenario_current_player (sc), 1);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  /* Outside the phase the moves are refused and change nothing. */
  g_autoptr (GError) error = NULL;
  CarcMove m;
  ck_assert (carc_move_init_from_args (&m, "extra-part", NULL, NULL));
  ck_assert (!carc_game_apply_move (sc->game, &m, &error));
}
END_TEST

/* TB-7 (section 3.5, strength 0): the completed city holds Red's knight and builder and two
 * Blue knights: Blue 14 alone (6 tiles + 1 shield), Red 0; Red then plays his builder's extra
 * part (R joined the builder's city). */
START_TEST (test_tb_7_builder_has_strength_0)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, TB, TILES ("F", "B", "G", "B", "B", "E", "B", "E", "R", "B"), NULL);
  turn (sc, 0, -1, 1, CITY_0);
  turn (sc, -1, -1, 0, SCENARIO_SKIP);
  turn_figure (sc, 0, -2, 1, "builder", CITY_0);
  turn (sc, -1, -2, 0, SCENARIO_SKIP);
  turn (sc, 1, -1, 0, SCENARIO_SKIP);
  turn (sc, -1, -3, 1, CITY_0);
  turn (sc, 1, -2, 0, SCENARIO_SKIP);
  turn (sc, 1, -3, 3, CITY_0);
  turn (sc, 0, -3, 2, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  const ScenarioScore *ev = scenario_score_event (sc, 0);
  ck_assert_uint_eq (ev->points[1], 14);
  ck_assert_uint_eq (ev->points[0], 0);
  scenario_assert_items (sc, 0, 1, "tiles*6=12 shields*1=2");
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, kind (sc, "builder"), 0), 1);
  ck_assert_uint_eq (scenario_current_player (sc), 0); /* the extra part */
}
END_TEST

/* TB-8 (D20; T&B + abbey): Red's abbey at (1,-2) completes Red's builder city start + (0,-1) +
 * (1,-1): Red 6, knight and builder home, no extra part: Blue plays next. */
START_TEST (test_tb_8_abbey_never_triggers)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, TB ",abbey", TILES ("N", "B", "N", "B", "B", "B", "E", "U", "B"), NULL);
  turn (sc, 0, -1, 1, CITY_0);
  turn (sc, 0, -2, 0, SCENARIO_SKIP);
  turn_figure (sc, 1, -1, 3, "builder", CITY_0);
  turn (sc, 0, -3, 0, SCENARIO_SKIP);
  turn (sc, 1, -3, 0, SCENARIO_SKIP);
  turn (sc, 2, -3, 0, SCENARIO_SKIP);
  turn (sc, 2, -2, 1, SCENARIO_SKIP);
  turn (sc, -1, 0, 1, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  scenario_piece_turn (sc, 0, 1, -2, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  ck_assert_uint_eq (scenario_score_event (sc, 0)->points[0], 6);
  ck_assert_uint_eq (scenario_score (sc, 0), 6);
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, kind (sc, "builder"), 0), 1);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
}
END_TEST

/* D21 (T&B + abbey): the extra part is a whole turn part, so it may be the abbey: Red's thief
 * and builder on the road east of D, a hole at (0,1) south of D; Red's U at (3,0) extends the
 * builder's road, and his extra part opens in the choose phase: he places his abbey in the
 * hole instead of drawing (it triggers nothing); Blue plays next. */
START_TEST (test_d21_abbey_as_the_extra_part)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (
      2, TB ",abbey", TILES ("U", "U", "U", "B", "B", "B", "B", "B", "U", "B"), NULL);
  turn (sc, 1, 0, 1, ROAD_0);
  turn (sc, -1, 0, 1, SCENARIO_SKIP);
  turn_figure (sc, 2, 0, 1, "builder", ROAD_0);
  turn (sc, 1, 1, 0, SCENARIO_SKIP);
  turn (sc, -1, 1, 0, SCENARIO_SKIP);
  turn (sc, 1, 2, 0, SCENARIO_SKIP);
  turn (sc, 0, 2, 0, SCENARIO_SKIP); /* the hole at (0,1) */
  turn (sc, 2, 1, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  turn (sc, 3, 0, 1, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_current_player (sc), 0); /* the extra part */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  scenario_piece_turn (sc, 0, 0, 1, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (carc_game_get_hand_size (sc->game, 0), 0);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
  ck_assert_uint_eq (carc_game_get_tiles_left (sc->game), 0); /* "B" is in play */
  ck_assert_str_eq (scenario_current_tile (sc), "B");
}
END_TEST

/* D36 (halftiles + T&B) [L]: a half tile that joins the builder's road triggers the extra
 * part too: Red's thief and builder on the road through D (U west of D, U west of that); his
 * half tile HT-I-11, turned twice into the south-west half of (1,0), continues D's road east:
 * Red plays another turn part. */
START_TEST (test_d36_half_tile_triggers_the_builder)
{
  const char *const red[] = { "HT-I-11", NULL };
  const char *const none[] = { NULL };
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, "halftiles," TB, TILES ("U", "B", "U", "B", "B", "B"),
                                 (const char *const *const[]){ red, none });
  turn (sc, -1, 0, 1, ROAD_0);
  turn (sc, 0, 1, 0, SCENARIO_SKIP);
  turn_figure (sc, -2, 0, 1, "builder", ROAD_0);
  turn (sc, 0, 2, 0, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_CHOOSE);
  scenario_piece_turn (sc, 0, 1, 0, 2, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_current_player (sc), 0); /* the extra part */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
  turn (sc, 0, 3, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
}
END_TEST

/* TB-9's and TB-10's first turns: Red's farmer on H (completing start + H's south cap), his
 * pig on E west of H (its field joined to H's). */
static void
pig_field (Scenario *sc, gboolean blue_second_farmer)
{
  turn (sc, 0, -1, 0, H_FIELD);
  if (blue_second_farmer)
    turn (sc, 0, 1, 0, B_FIELD);
  else
    turn (sc, 0, -2, 2, E_FIELD);
  scenario_place (sc, -1, -1, 3);
  ck_assert (offered (sc, "pig"));
  ck_assert_msg (carc_game_deploy (sc->game, kind (sc, "pig"), E_FIELD, NULL), "pig");
}

/* TB-9 (D22): farmers 1 : 1 in a field bordering 2 completed cities: Red, with his pig, 8
 * (2 x 4), Blue 6. */
START_TEST (test_tb_9_pig)
{
  g_autoptr (Scenario) sc = scenario_new_expansions (2, TB, TILES ("H", "E", "E", "V"), NULL);
  pig_field (sc, FALSE);
  turn (sc, -1, -2, 1, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_FIELD, TRUE), 1);
  guint last = scenario_n_scores (sc) - 1;
  ck_assert_uint_eq (scenario_score_event (sc, last)->points[0], 8);
  ck_assert_uint_eq (scenario_score_event (sc, last)->points[1], 6);
  scenario_assert_items (sc, last, 0, "cities*2=6 pig*0=2");
  scenario_assert_items (sc, last, 1, "cities*2=6");
  ck_assert_uint_eq (scenario_score (sc, 0), 8);
  ck_assert_uint_eq (scenario_score (sc, 1), 6);
}
END_TEST

/* TB-10 (D22): the joined field holds two Blue farmers and Red's farmer and pig, and borders
 * the same 2 completed cities: Blue 6, Red 0 (a pig of a player who does not win the field
 * does nothing). */
START_TEST (test_tb_10_pig_without_majority)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, TB, TILES ("H", "B", "E", "E", "V", "A"), NULL);
  pig_field (sc, TRUE);
  turn (sc, 0, -2, 2, E_FIELD);
  turn (sc, -1, -2, 1, SCENARIO_SKIP);
  turn (sc, -1, 0, 3, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_FIELD, TRUE), 1);
  ck_assert_uint_eq (scenario_score (sc, 0), 0);
  ck_assert_uint_eq (scenario_score (sc, 1), 6);
}
END_TEST

/* TB-11 (section 3.6): a pig only on the tile just placed, only in a field holding one of the
 * player's farmers; no second pig (one per player). */
START_TEST (test_tb_11_pig_placement)
{
  g_autoptr (Scenario) sc
      = scenario_new_expansions (2, TB, TILES ("E", "B", "B", "U", "B", "U", "U"), NULL);
  turn (sc, 0, -1, 2, E_FIELD);
  scenario_place (sc, 1, -1, 0);
  ck_assert (!offered (sc, "pig")); /* Blue has no farmer */
  expect_refused (sc, "pig", B_FIELD, "a pig may not go on segment 1 (a field) now");
  scenario_skip (sc);
  turn_figure (sc, -1, -1, 0, "pig", B_FIELD);
  turn (sc, 1, 0, 1, SCENARIO_SKIP);
  scenario_place (sc, 1, -2, 0);
  ck_assert (!offered (sc, "pig")); /* Red's pig is on the board */
  expect_refused_code (sc, "pig", B_FIELD, CARC_ERROR_NO_FOLLOWER,
                       "player 0 has no pig in the supply");
  scenario_skip (sc);
  turn (sc, 0, 1, 1, U_FIELD);
  scenario_place (sc, 0, 2, 1);
  /* No Red farmer in either field. (Red's pig is on the board, so his supply says no too:
   * the engine cannot give a player two pigs from a test, as JCZ's scenario does.) */
  ck_assert (!offered (sc, "pig"));
}
END_TEST

/* IC-11 (I&C + T&B): Red's thief on the inn road IC-RFr.i, his builder on U at (2,0); his U
 * at (3,0) extends the road: in the extra part W at (4,0) closes (-1,0)..(4,0), 6 tiles with
 * an inn: Red 12; thief and builder home; Blue plays next. */
static Scenario *
play_ic_11 (const char *third)
{
  Scenario *sc = scenario_new_expansions (2, TB ",inns-cathedrals",
                                          TILES ("IC-RFr.i", "W", "U", "B", third, "W", "B"), NULL);
  turn (sc, 1, 0, 0, ROAD_0);
  turn (sc, -1, 0, 0, SCENARIO_SKIP);
  turn_figure (sc, 2, 0, 1, "builder", ROAD_0);
  turn (sc, 0, 1, 0, SCENARIO_SKIP);
  return sc;
}

START_TEST (test_ic_11_inn_road_and_builder)
{
  g_autoptr (Scenario) sc = play_ic_11 ("U");
  turn (sc, 3, 0, 1, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  turn (sc, 4, 0, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_scores (sc), 1);
  scenario_assert_items (sc, 0, 0, "tiles*6=6 inn*0=6");
  ck_assert_uint_eq (scenario_score (sc, 0), 12);
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, kind (sc, "builder"), 0), 1);
  ck_assert_uint_eq (scenario_supply (sc, 0), 7);
  ck_assert_uint_eq (scenario_current_player (sc), 1);
}
END_TEST

/* IC-11's variant (D20: the extra part happens even when the first tile completed the
 * feature and sent the builder home): Red's W at (3,0) closes 5 tiles: Red 10 at once, thief
 * and builder home, and Red plays the extra part with the builder back in his supply. */
START_TEST (test_ic_11_builder_home_then_extra_part)
{
  g_autoptr (Scenario) sc = play_ic_11 ("W");
  turn (sc, 3, 0, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_score (sc, 0), 10);
  ck_assert_uint_eq (carc_game_get_figure_supply (sc->game, kind (sc, "builder"), 0), 1);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_PLACE);
}
END_TEST

/* Section 3.1: 24 tiles, 9 wine, 6 grain and 5 cloth symbols, no shields; the pile grows to
 * 71 + 24; one builder and one pig each. */
START_TEST (test_tb_tiles_and_deck)
{
  CarcPlugin *plugin = carc_plugin_host_lookup (test_plugin_host (), TB);
  ck_assert_ptr_nonnull (plugin);
  CarcTileSet *set = carc_plugin_get_tiles (plugin);
  guint tiles = 0, goods[3] = { 0 }, shields = 0;
  static const char *const names[] = { "wine", "grain", "cloth" };
  for (guint i = 0; i < carc_tile_set_get_n_types (set); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (set, i);
      guint n = carc_tile_type_get_count (t);
      tiles += n;
      for (guint s = 0; s < carc_tile_type_get_n_segments (t); s++)
        {
          for (guint g = 0; g < 3; g++)
            goods[g] += n * (carc_tile_type_get_segment_attribute (t, s, names[g]) != NULL);
          shields += n * carc_tile_type_get_segment_shields (t, s);
        }
    }
  ck_assert_uint_eq (tiles, 24);
  ck_assert_uint_eq (goods[0], 9);
  ck_assert_uint_eq (goods[1], 6);
  ck_assert_uint_eq (goods[2], 5);
  ck_assert_uint_eq (shields, 0);
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  ck_assert (carc_game_config_add_expansion (config, plugin, NULL));
  guint size = 0;
  ck_assert (carc_game_config_get_deck_size (config, &size, NULL));
  ck_assert_uint_eq (size, 71 + 24);
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  ck_assert_uint_eq (carc_game_get_figure_supply (game, carc_game_find_figure (game, "builder"), 1),
                     1);
  ck_assert_uint_eq (carc_game_get_figure_supply (game, carc_game_find_figure (game, "pig"), 1), 1);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("traders-builders");
  TCase *tc = tcase_create ("rules");
  tcase_add_test (tc, test_tb_1_goods_go_to_the_completer);
  tcase_add_test (tc, test_tb_2_one_token_per_symbol);
  tcase_add_test (tc, test_tb_3_abbey_completion_gives_goods);
  tcase_add_test (tc, test_tb_4_final_goods_table);
  tcase_add_test (tc, test_tb_4_nobody_holds_cloth);
  tcase_add_test (tc, test_tb_5_builder_placement);
  tcase_add_test (tc, test_tb_5_builder_not_on_cloister_or_completed);
  tcase_add_test (tc, test_tb_6_double_turn_without_chain);
  tcase_add_test (tc, test_tb_6_optional_extra_part);
  tcase_add_test (tc, test_tb_6_optional_declined);
  tcase_add_test (tc, test_tb_7_builder_has_strength_0);
  tcase_add_test (tc, test_tb_8_abbey_never_triggers);
  tcase_add_test (tc, test_d21_abbey_as_the_extra_part);
  tcase_add_test (tc, test_d36_half_tile_triggers_the_builder);
  tcase_add_test (tc, test_tb_9_pig);
  tcase_add_test (tc, test_tb_10_pig_without_majority);
  tcase_add_test (tc, test_tb_11_pig_placement);
  tcase_add_test (tc, test_ic_11_inn_road_and_builder);
  tcase_add_test (tc, test_ic_11_builder_home_then_extra_part);
  tcase_add_test (tc, test_tb_tiles_and_deck);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
