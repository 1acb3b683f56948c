/* test-rule-options.c: the core's rule options (doc/rules.md section 13; RULES-next.md section
 * 8): the table with its defaults and allowed values, the exact refusal of a bad value, each
 * option's effect with exact points on one board, and a record that carries them. Players:
 * Red 0, Blue 1; base tile letters as in tiles.txt; the start tile D at (0, 0) shows a city
 * north, a road west-east, a field south; y grows to the south. */
#include "config.h"

#include <check.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"
#include "scenario.h"

#define TILES(...) ((const char *const[]){ __VA_ARGS__, NULL })
#define RULES(...) ((const char *const[]){ __VA_ARGS__, NULL })

enum
{
  E_CITY = 0,  /* E: C:N F:...@0 */
  E_FIELD = 1, /* E: its field, bordering its city */
  V_OUTER = 1, /* V: R:SW F:NNW,NNE,ENE,ESE,SSE,WNW@- */
  B_FIELD = 1, /* B: K F:... */
  D_NORTH = 2, /* D: C:N R:EW F:ENE,WNW@0 F:ESE,SSE,SSW,WSW@- */
  D_SOUTH = 3,
};

/* The table: names, defaults and allowed values in order, the default first. */
START_TEST (test_rule_table)
{
  static const struct
  {
    const char *name;
    guint32 def;
    guint n;
    guint32 values[3];
  } want[] = {
    { "farmers", 1, 2, { 1, 0 } },
    { "field-scoring", 3, 3, { 3, 2, 1 } },
    { "tiny-city-scoring", 4, 2, { 4, 2 } },
  };
  ck_assert_uint_eq (carc_rule_get_n (), G_N_ELEMENTS (want));
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      ck_assert_str_eq (carc_rule_get_name (i), want[i].name);
      ck_assert_int_eq (carc_rule_lookup (want[i].name), (gint)i);
      ck_assert_uint_eq (carc_rule_get_default (i), want[i].def);
      ck_assert_ptr_nonnull (carc_rule_get_description (i));
      guint n;
      const guint32 *v = carc_rule_get_values (i, &n);
      ck_assert_uint_eq (n, want[i].n);
      for (guint k = 0; k < n; k++)
        ck_assert_uint_eq (v[k], want[i].values[k]);
    }
  ck_assert_ptr_null (carc_rule_get_name (G_N_ELEMENTS (want)));
  ck_assert_int_eq (carc_rule_lookup ("wagon-move"), -1);
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    ck_assert_uint_eq (carc_game_config_get_rule (config, want[i].name), want[i].def);
}
END_TEST

/* A bad value or name is refused with a clear error and changes nothing; "farmers" is the
 * switch of carc_game_config_set_farmers(). */
START_TEST (test_rule_refusals)
{
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_game_config_set_rule (config, "tiny-city-scoring", 3, &error));
  ck_assert_int_eq (error->code, CARC_ERROR_INVALID_ARGUMENT);
  ck_assert_str_eq (error->message, "rule option tiny-city-scoring is 4 or 2, not 3");
  ck_assert_uint_eq (carc_game_config_get_rule (config, "tiny-city-scoring"), 4);
  g_clear_error (&error);
  ck_assert (!carc_game_config_set_rule (config, "field-scoring", 4, &error));
  ck_assert_str_eq (error->message, "rule option field-scoring is 3, 2 or 1, not 4");
  g_clear_error (&error);
  ck_assert (!carc_game_config_set_rule (config, "wagon-move", 1, &error));
  ck_assert_int_eq (error->code, CARC_ERROR_INVALID_ARGUMENT);
  ck_assert_str_eq (error->message, "no rule option 'wagon-move'");
  ck_assert (carc_game_config_set_rule (config, "farmers", 0, NULL));
  ck_assert (!carc_game_config_get_farmers (config));
  carc_game_config_set_farmers (config, TRUE);
  ck_assert_uint_eq (carc_game_config_get_rule (config, "farmers"), 1);
}
END_TEST

/* RULES-next 8.1 tiny-city-scoring (D37): E@(0,-1)r2 +knight closes a 2-tile city with D:
 * 4 points by default (2 per tile), 2 with the option at 2 (1 per tile). */
START_TEST (test_rule_tiny_city)
{
  g_autoptr (Scenario) four = scenario_new_with_rules (2, NULL, TILES ("E"));
  scenario_turn (four, 0, -1, 2, E_CITY);
  ck_assert_uint_eq (scenario_points_scored (four, 0, FALSE), 4);
  scenario_assert_items (four, 0, 0, "tiles*2=4");
  g_autoptr (Scenario) two
      = scenario_new_with_rules (2, RULES ("tiny-city-scoring=2"), TILES ("E"));
  scenario_turn (two, 0, -1, 2, E_CITY);
  ck_assert_uint_eq (scenario_points_scored (two, 0, FALSE), 2);
  scenario_assert_items (two, 0, 0, "tiles*2=2");
}
END_TEST

/* One board for the three field editions (RULES-next 8.4). Red: E@(0,-1)r2 +farmer, closing
 * the 2-tile city C; its field F2 borders C. Blue: V@(1,0)r0 +farmer on its outer field, which
 * joins D's north field F1, bordering C too. Red: B@(0,1) +farmer in D's south field. Blue:
 * A@(-1,0)r3, whose road ends at its cloister west of D, so D's north and south fields become
 * one, F1. F1 holds Red 1 and Blue 1, F2 Red 1; each borders C alone. */
static Scenario *
field_board (const char *const *rules)
{
  Scenario *sc = scenario_new_with_rules (2, rules, TILES ("E", "V", "B", "A"));
  scenario_turn (sc, 0, -1, 2, E_FIELD);
  scenario_turn (sc, 1, 0, 0, V_OUTER);
  scenario_turn (sc, 0, 1, 0, B_FIELD);
  scenario_turn (sc, -1, 0, 3, SCENARIO_SKIP);
  ck_assert_int_eq (scenario_phase (sc), CARC_PHASE_OVER);
  CarcFeatureInfo f1, south, v, b, f2;
  scenario_feature (sc, 0, 0, D_NORTH, &f1);
  scenario_feature (sc, 0, 0, D_SOUTH, &south);
  scenario_feature (sc, 1, 0, V_OUTER, &v);
  scenario_feature (sc, 0, 1, B_FIELD, &b);
  scenario_feature (sc, 0, -1, E_FIELD, &f2);
  ck_assert_uint_eq (f1.id, south.id);
  ck_assert_uint_eq (f1.id, v.id);
  ck_assert_uint_eq (f1.id, b.id);
  ck_assert_uint_ne (f1.id, f2.id);
  return sc;
}

/* 3rd edition (the default, D2): each field scores 3 per city for its majority: F1 a tie,
 * Red 3 and Blue 3; F2 Red 3. Red 6, Blue 3. */
START_TEST (test_rule_field_third_edition)
{
  g_autoptr (Scenario) sc = field_board (NULL);
  ck_assert_uint_eq (scenario_score (sc, 0), 6);
  ck_assert_uint_eq (scenario_score (sc, 1), 3);
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_FIELD, TRUE), 2);
}
END_TEST

/* 2nd edition: the same, but Red scores C only once: Red 3, Blue 3. */
START_TEST (test_rule_field_second_edition)
{
  g_autoptr (Scenario) sc = field_board (RULES ("field-scoring=2"));
  ck_assert_uint_eq (scenario_score (sc, 0), 3);
  ck_assert_uint_eq (scenario_score (sc, 1), 3);
}
END_TEST

/* 1st edition: per city, all the farmers of all its fields: C has Red 2 (F1 and F2), Blue 1:
 * Red 4 ("cities" 1 = 4), Blue 0; one scoring, reported at a field. */
START_TEST (test_rule_field_first_edition)
{
  g_autoptr (Scenario) sc = field_board (RULES ("field-scoring=1"));
  ck_assert_uint_eq (scenario_score (sc, 0), 4);
  ck_assert_uint_eq (scenario_score (sc, 1), 0);
  ck_assert_uint_eq (scenario_n_scores_of_kind (sc, CARC_FEATURE_FIELD, TRUE), 1);
  guint last = scenario_n_scores (sc) - 1;
  scenario_assert_items (sc, last, 0, "cities*1=4");
  ck_assert_uint_eq (scenario_followers_on_board (sc, 0), 0);
}
END_TEST

/* Records carry the rule options (doc/game-records.md): a config with options writes
 * "rules" and reads back the same; a record without "rules" (older ones) reads with the
 * defaults; a bad value is refused with the path. */
START_TEST (test_rule_record_round_trip)
{
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (NULL);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (base);
  ck_assert (carc_game_config_set_rule (config, "tiny-city-scoring", 2, NULL));
  ck_assert (carc_game_config_set_rule (config, "field-scoring", 1, NULL));
  g_autofree char *json = carc_game_config_to_json (config);
  ck_assert_ptr_nonnull (strstr (json, "\"rules\":{\"field-scoring\":1,\"tiny-city-scoring\":2}"));
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGameConfig) back = carc_game_config_new_from_json (json, -1, base, NULL, &error);
  ck_assert_msg (back != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (carc_game_config_get_rule (back, "tiny-city-scoring"), 2);
  ck_assert_uint_eq (carc_game_config_get_rule (back, "field-scoring"), 1);
  g_autofree char *again = carc_game_config_to_json (back);
  ck_assert_str_eq (again, json);

  g_autoptr (CarcGameConfig) plain = carc_game_config_new (base);
  g_autofree char *old = carc_game_config_to_json (plain);
  ck_assert_ptr_null (strstr (old, "rules"));
  g_autoptr (CarcGameConfig) old_back = carc_game_config_new_from_json (old, -1, base, NULL, NULL);
  ck_assert_uint_eq (carc_game_config_get_rule (old_back, "tiny-city-scoring"), 4);
  ck_assert_uint_eq (carc_game_config_get_rule (old_back, "field-scoring"), 3);

  static const char bad[] = "{\"players\":2,\"followers\":7,\"farmers\":true,\"seed\":\"0\","
                            "\"rules\":{\"tiny-city-scoring\":3},\"expansions\":[]}";
  ck_assert_ptr_null (carc_game_config_new_from_json (bad, -1, base, NULL, &error));
  ck_assert_int_eq (error->code, CARC_ERROR_INVALID_RECORD);
  ck_assert_str_eq (
      error->message,
      "setup.rules.tiny-city-scoring: rule option tiny-city-scoring is 4 or 2, not 3");
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("rule-options");
  TCase *tc = tcase_create ("rules");
  tcase_add_test (tc, test_rule_table);
  tcase_add_test (tc, test_rule_refusals);
  tcase_add_test (tc, test_rule_tiny_city);
  tcase_add_test (tc, test_rule_field_third_edition);
  tcase_add_test (tc, test_rule_field_second_edition);
  tcase_add_test (tc, test_rule_field_first_edition);
  tcase_add_test (tc, test_rule_record_round_trip);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
