/* test-river.c: The River plugin (RULES-next.md section 5, decisions D29-D35) as the scenarios
 * of RULES-next.md section 7.4, one test named after each (RV-1 .. RV-8) with the results the
 * rule text states. Players: Red 0, Blue 1. River tiles by their tiles-next.txt ids (River II:
 * section 9) in JCloisterZone's orientation; the spring RI-s at (0, 0) rotation 0 sends its
 * river east; y grows to the south. Segment indices are the positions of the features on the
 * tile's data line. The plugins are the real shared objects of the build tree. */
#include "config.h"

#include <check.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"
#include "plugin-host.h"
#include "scenario.h"

#define TILES(...)   ((const char *const[]){ __VA_ARGS__, NULL })
#define OPTIONS(...) ((const char *const[]){ __VA_ARGS__, NULL })

enum
{
  IFI_NORTH_FIELD = 1, /* RI.1-IFI: I:EW F:NNW,NNE,ENE,WNW@- F:ESE,SSE,SSW,WSW@- */
  IFI_SOUTH_FIELD = 2,
  RIRI_ROAD = 0, /* RI.2-RIrI: R:EW:inn I:NS ... */
};

/* Asserts that placing the tile in play at (x, y) with @rotation fails with exactly
 * @message and changes nothing. */
static void
expect_refusal (Scenario *sc, gint x, gint y, guint rotation, const char *message)
{
  g_autoptr (GError) error = NULL;
  guint pieces = carc_game_get_n_pieces (sc->game);
  ck_assert (!carc_game_place (sc->game, x, y, rotation, &error));
  ck_assert_ptr_nonnull (error);
  ck_assert_int_eq (error->code, CARC_ERROR_ILLEGAL_PLACEMENT);
  ck_assert_str_eq (error->message, message);
  ck_assert_uint_eq (carc_game_get_n_pieces (sc->game), pieces);
  ck_assert_int_eq (carc_game_get_phase (sc->game), CARC_PHASE_PLACE);
}

/* A river game with an explicit tile order and the river plugin's @options. */
static Scenario *
river_game (const char *expansions, const char *const *options, const char *const *tiles)
{
  return scenario_new_expansions_full (2, expansions, options, tiles, NULL);
}

/* What a shuffled game drew, in order: every tile that came into play or was discarded (ids
 * copied: the base tile set goes with the game). */
static void
on_drawn (CarcGame *game, const CarcEvent *ev, gpointer data)
{
  GPtrArray *drawn = data;
  if ((ev->type == CARC_EVENT_TURN_STARTED && ev->tile) || ev->type == CARC_EVENT_TILE_DISCARDED)
    g_ptr_array_add (drawn, g_strdup (carc_tile_type_get_id (ev->tile)));
}

/* Plays a shuffled game of the base set and the river (option `set` = @set) to the end, each
 * tile at its first legal place, no figures; returns the tiles drawn in order and sets
 * @start to the start tile's id and @deck to the draw pile's size. */
static GPtrArray *
play_shuffled (guint set, gboolean start_in_pile, guint64 seed, const char **start, guint *deck)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (&error);
  ck_assert_ptr_nonnull (config);
  carc_game_config_set_n_players (config, 2);
  carc_game_config_set_seed (config, seed);
  ck_assert (carc_game_config_add_expansion (
      config, carc_plugin_host_lookup (test_plugin_host (), "river"), NULL));
  ck_assert (carc_game_config_set_option (config, "river", "set", set, NULL));
  ck_assert (carc_game_config_set_option (config, "river", "start-in-pile", start_in_pile, NULL));
  ck_assert (carc_game_config_get_deck_size (config, deck, NULL));
  GPtrArray *drawn = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (CarcGame) game = carc_game_new_full (config, on_drawn, drawn, NULL, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  CarcPieceInfo first;
  ck_assert (carc_game_get_piece (game, 0, &first));
  *start = carc_tile_type_get_id (first.tile); /* a plugin's tile: it stays */
  ck_assert_int_eq (first.x, 0);
  ck_assert_int_eq (first.y, 0);
  ck_assert_uint_eq (first.rotation, 0);
  while (carc_game_get_phase (game) == CARC_PHASE_PLACE)
    {
      guint n;
      const CarcPlacement *p = carc_game_get_placements (game, &n);
      ck_assert_uint_gt (n, 0);
      ck_assert (carc_game_place (game, p[0].x, p[0].y, p[0].rotation, NULL));
      ck_assert (carc_game_skip (game, NULL));
    }
  ck_assert_int_eq (carc_game_get_phase (game), CARC_PHASE_OVER);
  return drawn;
}

static guint
count_id (GPtrArray *ids, guint from, guint to, const char *id)
{
  guint n = 0;
  for (guint i = from; i < to && i < ids->len; i++)
    n += strcmp (g_ptr_array_index (ids, i), id) == 0;
  return n;
}

/* Whether ids[from..to) all start with @prefix. */
static gboolean
all_prefixed (GPtrArray *ids, guint from, guint to, const char *prefix)
{
  for (guint i = from; i < to; i++)
    if (i >= ids->len || !g_str_has_prefix (g_ptr_array_index (ids, i), prefix))
      return FALSE;
  return TRUE;
}

/* RULES-next RV-1, D29: the spring RI-s at (0, 0) rotation 0 is the start tile; the land pile
 * holds all 72 base tiles, D x 4 included, after the 11 river tiles (83 in the pile). With
 * `start-in-pile` off the set's start tile D stays out: 82, D x 3. */
START_TEST (test_rv_1_setup)
{
  for (guint64 seed = 1; seed <= 5; seed++)
    {
      const char *start;
      guint deck;
      g_autoptr (GPtrArray) drawn = play_shuffled (1, TRUE, seed, &start, &deck);
      ck_assert_str_eq (start, "RI-s");
      ck_assert_uint_eq (deck, 83);
      ck_assert_uint_eq (drawn->len, 83);
      ck_assert_uint_eq (count_id (drawn, 11, 83, "D"), 4);
      ck_assert (!all_prefixed (drawn, 11, 12, "RI"));
    }
  const char *start;
  guint deck;
  g_autoptr (GPtrArray) drawn = play_shuffled (1, FALSE, 7, &start, &deck);
  ck_assert_str_eq (start, "RI-s");
  ck_assert_uint_eq (deck, 82);
  ck_assert_uint_eq (count_id (drawn, 0, drawn->len, "D"), 3);
}
END_TEST

/* RULES-next RV-2, D31: a river tile joins its river to the placed river; edges match as
 * always (a field edge against the river is refused by the base rules). */
START_TEST (test_rv_2_join_the_river)
{
  g_autoptr (Scenario) sc = river_game ("river", NULL, TILES ("RI.1-IFI", "RI.1-IFI"));
  ck_assert (carc_game_can_place (sc->game, 1, 0, 0));
  expect_refusal (sc, 0, -1, 0,
                  "tile RI.1-IFI cannot go at (0, -1) with rotation 0: a river tile must "
                  "continue the river");
  expect_refusal (sc, 1, 0, 1, "tile RI.1-IFI cannot go at (1, 0) with rotation 1");
  /* The river's only end is east of the spring: (1, 0) with the river west-east, either way. */
  guint n;
  const CarcPlacement *p = carc_game_get_placements (sc->game, &n);
  ck_assert_uint_eq (n, 2);
  for (guint i = 0; i < n; i++)
    {
      ck_assert_int_eq (p[i].x, 1);
      ck_assert_int_eq (p[i].y, 0);
      ck_assert_uint_eq (p[i].rotation % 2, 0);
    }
  scenario_turn (sc, 1, 0, 0, SCENARIO_SKIP);
}
END_TEST

/* RULES-next RV-3, D31: RI.1-II@(1,0)r0 turns the river west->south; at (1,1) another RI.1-II
 * r1 (north->west) would point the river at (0,1), beside the spring: refused; r2
 * (north->east) and a straight RI.1-IFI r1 (north->south) are legal. */
START_TEST (test_rv_3_no_u_turn)
{
  g_autoptr (Scenario) sc = river_game ("river", NULL, TILES ("RI.1-II", "RI.1-II", "RI.1-IFI"));
  scenario_turn (sc, 1, 0, 0, SCENARIO_SKIP);
  expect_refusal (sc, 1, 1, 1,
                  "tile RI.1-II cannot go at (1, 1) with rotation 1: the river may not turn "
                  "back towards itself (no U-turn)");
  ck_assert (carc_game_can_place (sc->game, 1, 1, 2));
  ck_assert (!carc_game_can_place (sc->game, 1, 1, 1));
  g_autoptr (Scenario) straight = river_game ("river", NULL, TILES ("RI.1-II", "RI.1-IFI"));
  scenario_turn (straight, 1, 0, 0, SCENARIO_SKIP);
  ck_assert (carc_game_can_place (straight->game, 1, 1, 1));
  scenario_turn (straight, 1, 1, 1, SCENARIO_SKIP);
}
END_TEST

/* RULES-next RV-4, D30, D33: River I: the 10 course tiles, then the lake, then the land tiles.
 * River II: the fork first after the spring, its volcano lake last of the 11. Both: 21 river
 * tiles drawn after the spring (22 with it), the fork first, River II's lake last, River I's
 * lake absent; 72 + 21 = 93 in the pile. */
START_TEST (test_rv_4_order)
{
  for (guint64 seed = 11; seed <= 14; seed++)
    {
      const char *start;
      guint deck;
      g_autoptr (GPtrArray) one = play_shuffled (1, TRUE, seed, &start, &deck);
      ck_assert (all_prefixed (one, 0, 11, "RI.1-"));
      ck_assert_str_eq (g_ptr_array_index (one, 10), "RI.1-I.e");
      ck_assert_uint_eq (count_id (one, 0, 10, "RI.1-I.e"), 0);

      g_autoptr (GPtrArray) two = play_shuffled (2, TRUE, seed, &start, &deck);
      ck_assert_str_eq (start, "RI-s");
      ck_assert_uint_eq (deck, 83);
      ck_assert (all_prefixed (two, 0, 11, "RI.2-"));
      ck_assert_str_eq (g_ptr_array_index (two, 0), "RI.2-III");
      ck_assert_str_eq (g_ptr_array_index (two, 10), "RI.2-I.v");
      ck_assert (!all_prefixed (two, 11, 12, "RI"));

      g_autoptr (GPtrArray) both = play_shuffled (3, TRUE, seed, &start, &deck);
      ck_assert_uint_eq (deck, 93);
      ck_assert (all_prefixed (both, 0, 21, "RI."));
      ck_assert_str_eq (g_ptr_array_index (both, 0), "RI.2-III");
      ck_assert_str_eq (g_ptr_array_index (both, 20), "RI.2-I.v");
      ck_assert_uint_eq (count_id (both, 0, both->len, "RI.1-I.e"), 0);
      ck_assert_uint_eq (count_id (both, 0, 21, "RI.1-IFI"), 2);
      ck_assert (!all_prefixed (both, 21, 22, "RI"));
    }
}
END_TEST

/* RULES-next RV-5, D35: the field wraps round the spring, so after RI.1-IFI@(1,0)r0 +farmer on
 * its north bank its south bank is the same field: Blue may not put a farmer on the south
 * bank of the next straight. */
START_TEST (test_rv_5_spring_field_wraps)
{
  g_autoptr (Scenario) sc = river_game ("river", NULL, TILES ("RI.1-IFI", "RI.1-IFI"));
  scenario_turn (sc, 1, 0, 0, IFI_NORTH_FIELD);
  CarcFeatureInfo north, south;
  scenario_feature (sc, 1, 0, IFI_NORTH_FIELD, &north);
  scenario_feature (sc, 1, 0, IFI_SOUTH_FIELD, &south);
  ck_assert_uint_eq (north.id, south.id);
  scenario_place (sc, 2, 0, 0);
  scenario_expect_deploy_error (sc, IFI_SOUTH_FIELD, CARC_ERROR_ILLEGAL_DEPLOYMENT);
  scenario_expect_deploy_error (sc, IFI_NORTH_FIELD, CARC_ERROR_ILLEGAL_DEPLOYMENT);
}
END_TEST

/* RULES-next RV-6: no figure on the river; every other segment of each of the 9 River I
 * types, 11 tiles, the spring aside (each placed alone after it), is offered as usual. */
START_TEST (test_rv_6_no_meeple_on_the_river)
{
  static const char *const types[]
      = { "RI.1-I.e", "RI.1-CICI", "RI.1-CIRI", "RI.1-LIRI", "RI.1-RIrI",
          "RI.1-IFI", "RI.1-CcII", "RI.1-RrII", "RI.1-II" };
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      g_autoptr (Scenario) sc = river_game ("river", NULL, TILES (types[i]));
      guint n;
      const CarcPlacement *p = carc_game_get_placements (sc->game, &n);
      ck_assert_uint_gt (n, 0);
      scenario_place (sc, p[0].x, p[0].y, p[0].rotation);
      const CarcTileType *t = carc_tile_set_lookup (
          carc_plugin_get_tiles (carc_plugin_host_lookup (test_plugin_host (), "river")), types[i]);
      guint water = 0, offered = 0, wet_segment = 0;
      for (guint s = 0; s < carc_tile_type_get_n_segments (t); s++)
        {
          gboolean wet = carc_tile_type_get_segment_kind (t, s) == CARC_FEATURE_WATER;
          water += wet;
          wet_segment = wet ? s : wet_segment;
          ck_assert_msg (scenario_can_deploy (sc, s) == !wet, "%s segment %u", types[i], s);
          offered += !wet;
        }
      ck_assert_uint_eq (water, 1);
      ck_assert_uint_eq (scenario_n_deployments (sc), offered);
      scenario_expect_deploy_error (sc, wet_segment, CARC_ERROR_ILLEGAL_DEPLOYMENT);
    }
}
END_TEST

/* The tiles of RV-7's River II course (spring RI-s): the fork, the bridge inn with Blue's
 * thief, then the rest of the river and the two cloisters A that close the inn road. */
static void
play_rv_7 (Scenario *sc, gboolean last_a)
{
  scenario_turn (sc, 1, 0, 0, SCENARIO_SKIP);   /* Red: RI.2-III */
  scenario_turn (sc, 1, -1, 0, RIRI_ROAD);      /* Blue: RI.2-RIrI +thief */
  scenario_turn (sc, 2, 0, 0, SCENARIO_SKIP);   /* RI.2-IFC */
  scenario_turn (sc, 1, -2, 0, SCENARIO_SKIP);  /* RI.2-CIcI */
  scenario_turn (sc, 1, -3, 1, SCENARIO_SKIP);  /* RI.2-LIFI */
  scenario_turn (sc, 1, -4, 1, SCENARIO_SKIP);  /* RI.2-CIRI */
  scenario_turn (sc, 1, -5, 0, SCENARIO_SKIP);  /* RI.2-II */
  scenario_turn (sc, 0, -5, 3, SCENARIO_SKIP);  /* RI.2-CcII+ */
  scenario_turn (sc, 0, -6, 3, SCENARIO_SKIP);  /* RI.2-II+ */
  scenario_turn (sc, -1, -6, 2, SCENARIO_SKIP); /* RI.2-RrII */
  scenario_turn (sc, -1, -7, 3, SCENARIO_SKIP); /* RI.2-I.v */
  scenario_turn (sc, 0, -1, 3, SCENARIO_SKIP);  /* A */
  if (last_a)
    scenario_turn (sc, 2, -1, 1, SCENARIO_SKIP); /* A */
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
}

#define RV_7_TILES(...)                                                                            \
  TILES ("RI.2-III", "RI.2-RIrI", "RI.2-IFC", "RI.2-CIcI", "RI.2-LIFI", "RI.2-CIRI", "RI.2-II",    \
         "RI.2-CcII+", "RI.2-II+", "RI.2-RrII", "RI.2-I.v", __VA_ARGS__)

/* RULES-next RV-7, D34: River II's bridge road is an inn road when Inns & Cathedrals is in
 * play: completed over 3 tiles it scores Blue 6 (3 without I&C); left incomplete, 0 at the
 * end. */
START_TEST (test_rv_7_bridge_inn)
{
  g_autoptr (Scenario) inn
      = river_game ("river,inns-cathedrals", OPTIONS ("river.set=2"), RV_7_TILES ("A", "A"));
  play_rv_7 (inn, TRUE);
  ck_assert_uint_eq (scenario_score (inn, 1), 6);
  ck_assert_uint_eq (scenario_points_scored (inn, 1, FALSE), 6);
  ck_assert_uint_eq (scenario_score (inn, 0), 0);

  g_autoptr (Scenario) plain = river_game ("river", OPTIONS ("river.set=2"), RV_7_TILES ("A", "A"));
  play_rv_7 (plain, TRUE);
  ck_assert_uint_eq (scenario_score (plain, 1), 3);

  g_autoptr (Scenario) open
      = river_game ("river,inns-cathedrals", OPTIONS ("river.set=2"), RV_7_TILES ("A"));
  play_rv_7 (open, FALSE);
  ck_assert_uint_eq (scenario_score (open, 1), 0);
  ck_assert_uint_eq (scenario_n_scores_of_kind (open, CARC_FEATURE_ROAD, TRUE), 1);
}
END_TEST

/* RULES-next RV-8, D32: a river tile that fits nowhere is discarded and the player draws the
 * next: with the river's end pointing north into (-1,2), the spring beside the cell two ahead,
 * Red's 7th turn discards RI.1-IFI, RI.1-IFI and RI.1-RIrI (straights) and places
 * RI.1-CcII@(-1,2)r1. */
START_TEST (test_rv_8_unplaceable_river_tile)
{
  g_autoptr (Scenario) sc
      = river_game ("river", NULL,
                    TILES ("RI.1-II", "RI.1-CICI", "RI.1-LIRI", "RI.1-II", "RI.1-CIRI", "RI.1-RrII",
                           "RI.1-IFI", "RI.1-IFI", "RI.1-RIrI", "RI.1-CcII", "RI.1-I.e"));
  scenario_turn (sc, 1, 0, 0, SCENARIO_SKIP);
  scenario_turn (sc, 1, 1, 3, SCENARIO_SKIP);
  scenario_turn (sc, 1, 2, 3, SCENARIO_SKIP);
  scenario_turn (sc, 1, 3, 1, SCENARIO_SKIP);
  scenario_turn (sc, 0, 3, 0, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_n_discards (sc), 0);
  scenario_turn (sc, -1, 3, 2, SCENARIO_SKIP);
  ck_assert_uint_eq (scenario_current_player (sc), 0);
  ck_assert_str_eq (scenario_current_tile (sc), "RI.1-CcII");
  ck_assert_uint_eq (scenario_n_discards (sc), 3);
  static const char *const gone[] = { "RI.1-IFI", "RI.1-IFI", "RI.1-RIrI" };
  for (guint i = 0; i < 3; i++)
    {
      ck_assert_str_eq (scenario_discard_event (sc, i)->tile_id, gone[i]);
      ck_assert_int_eq (scenario_discard_event (sc, i)->player, 0);
    }
  scenario_turn (sc, -1, 2, 1, SCENARIO_SKIP);
}
END_TEST

/* A shuffled game of both rivers, written as a record and replayed from it, is the same game:
 * the start tile, the sectioned pile and the options come back from the record's config. */
START_TEST (test_rv_record_replays)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  carc_game_config_set_seed (config, 21);
  ck_assert (carc_game_config_add_expansion (
      config, carc_plugin_host_lookup (test_plugin_host (), "river"), NULL));
  ck_assert (carc_game_config_set_option (config, "river", "set", 3, NULL));
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  for (guint turn = 0; turn < 30 && carc_game_get_phase (game) == CARC_PHASE_PLACE; turn++)
    {
      guint n;
      const CarcPlacement *p = carc_game_get_placements (game, &n);
      ck_assert (carc_game_place (game, p[n - 1].x, p[n - 1].y, p[n - 1].rotation, NULL));
      ck_assert (carc_game_skip (game, NULL));
    }
  g_autofree char *text = carc_game_to_record (game, NULL);
  g_autoptr (CarcRecord) record = carc_record_parse (text, -1, carc_game_config_get_tiles (config),
                                                     test_plugin_host (), &error);
  ck_assert_msg (record != NULL, "%s", error ? error->message : "");
  g_autoptr (CarcGame) again = carc_record_replay (record, G_MAXUINT, NULL, NULL, NULL, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  g_autofree char *a = carc_game_get_state_hash (game);
  g_autofree char *b = carc_game_get_state_hash (again);
  ck_assert_str_eq (a, b);
  CarcPieceInfo start;
  ck_assert (carc_game_get_piece (again, 0, &start));
  ck_assert_str_eq (carc_tile_type_get_id (start.tile), "RI-s");
}
END_TEST

/* One move of a game with hands: in the choose phase a draw if allowed, else the first hand
 * piece at its first place; a tile at its first place; no figure. */
static void
first_move (CarcGame *game)
{
  guint n;
  switch (carc_game_get_phase (game))
    {
      case CARC_PHASE_CHOOSE:
        if (carc_game_can_draw (game))
          ck_assert (carc_game_draw (game, NULL));
        else
          {
            const CarcPlacement *p = carc_game_get_piece_placements (game, 0, &n);
            ck_assert_uint_gt (n, 0);
            ck_assert (carc_game_place_piece (game, 0, p[0].x, p[0].y, p[0].rotation, NULL));
          }
        break;
      case CARC_PHASE_PLACE:
        {
          const CarcPlacement *p = carc_game_get_placements (game, &n);
          ck_assert_uint_gt (n, 0);
          ck_assert (carc_game_place (game, p[0].x, p[0].y, p[0].rotation, NULL));
          break;
        }
      default:
        ck_assert (carc_game_skip (game, NULL));
        break;
    }
}

/* D36 (RULES-next 2.7 / 5.7, [L]): no half tile during the river phase. With half tiles in
 * the hands, no turn offers a hand piece until the 11 river tiles are drawn (placed or
 * discarded); afterwards the choice comes back. */
START_TEST (test_rv_no_half_tile_in_the_river)
{
  for (guint64 seed = 1; seed <= 4; seed++)
    {
      g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
      carc_game_config_set_seed (config, seed);
      ck_assert (
          carc_game_config_add_expansion_by_name (config, test_plugin_host (), "river", NULL));
      ck_assert (
          carc_game_config_add_expansion_by_name (config, test_plugin_host (), "halftiles", NULL));
      guint deck;
      ck_assert (carc_game_config_get_deck_size (config, &deck, NULL));
      ck_assert_uint_eq (deck, 83);
      g_autoptr (CarcGame) game = carc_game_new (config, NULL);
      guint chooses = 0;
      while (carc_game_get_phase (game) != CARC_PHASE_OVER)
        {
          if (carc_game_get_phase (game) == CARC_PHASE_CHOOSE)
            {
              ck_assert_uint_ge (deck - carc_game_get_tiles_left (game), 11);
              chooses++;
            }
          first_move (game);
        }
      ck_assert_uint_gt (chooses, 0);
    }
}
END_TEST

/* The plugin's tiles (RULES-next 5.1): River I 12 with the spring, River II 11 more; a bad
 * `set` is refused with the option's range. */
START_TEST (test_rv_tiles_and_options)
{
  CarcPlugin *plugin = carc_plugin_host_lookup (test_plugin_host (), "river");
  ck_assert_ptr_nonnull (plugin);
  CarcTileSet *tiles = carc_plugin_get_tiles (plugin);
  guint one = 0, two = 0;
  for (guint i = 0; i < carc_tile_set_get_n_types (tiles); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (tiles, i);
      const char *id = carc_tile_type_get_id (t);
      one += g_str_has_prefix (id, "RI.1-") ? carc_tile_type_get_count (t) : 0;
      two += g_str_has_prefix (id, "RI.2-") ? carc_tile_type_get_count (t) : 0;
      ck_assert_ptr_nonnull (carc_tile_type_get_tag (t, "river"));
    }
  ck_assert_uint_eq (one, 11);
  ck_assert_uint_eq (two, 11);
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  ck_assert (carc_game_config_add_expansion (config, plugin, NULL));
  ck_assert (!carc_game_config_set_option (config, "river", "set", 4, &error));
  ck_assert_int_eq (error->code, CARC_ERROR_INVALID_ARGUMENT);
  ck_assert_str_eq (error->message, "option river.set must be 1 to 3, not 4");
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("river");
  TCase *tc = tcase_create ("rules");
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_rv_1_setup);
  tcase_add_test (tc, test_rv_2_join_the_river);
  tcase_add_test (tc, test_rv_3_no_u_turn);
  tcase_add_test (tc, test_rv_4_order);
  tcase_add_test (tc, test_rv_5_spring_field_wraps);
  tcase_add_test (tc, test_rv_6_no_meeple_on_the_river);
  tcase_add_test (tc, test_rv_7_bridge_inn);
  tcase_add_test (tc, test_rv_8_unplaceable_river_tile);
  tcase_add_test (tc, test_rv_tiles_and_options);
  tcase_add_test (tc, test_rv_record_replays);
  tcase_add_test (tc, test_rv_no_half_tile_in_the_river);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
