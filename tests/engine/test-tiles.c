/* test-tiles.c: the tile-data parser and the base tile set (doc/rules.md section 1,
 * doc/tile-data.md). */
#include "config.h"

#include <check.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"

static CarcTileSet *
base (void)
{
  g_autoptr (GError) error = NULL;
  CarcTileSet *set = carc_tile_set_new_base (&error);
  ck_assert_msg (set != NULL, "%s", error ? error->message : "");
  return set;
}

/* doc/rules.md section 1.2 checks: 24 types, 72 tiles, 10 shields, 6 cloisters; start tile D. */
START_TEST (test_base_set_numbers)
{
  g_autoptr (CarcTileSet) set = base ();
  ck_assert_uint_eq (carc_tile_set_get_n_types (set), 24);
  ck_assert_uint_eq (carc_tile_set_get_n_tiles (set), 72);
  guint shields = 0, cloisters = 0;
  for (guint i = 0; i < carc_tile_set_get_n_types (set); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (set, i);
      ck_assert_int_eq (carc_tile_type_get_shape (t), CARC_SHAPE_SQUARE);
      for (guint s = 0; s < carc_tile_type_get_n_segments (t); s++)
        {
          shields += carc_tile_type_get_count (t) * carc_tile_type_get_segment_shield (t, s);
          cloisters += carc_tile_type_get_count (t)
                       * (carc_tile_type_get_segment_kind (t, s) == CARC_FEATURE_CLOISTER);
        }
    }
  ck_assert_uint_eq (shields, 10);
  ck_assert_uint_eq (cloisters, 6);
  ck_assert_str_eq (carc_tile_type_get_id (carc_tile_set_get_start (set)), "D");
  ck_assert_str_eq (carc_tile_type_get_tag (carc_tile_set_get_start (set), "start"), "1");
}
END_TEST

/* D: city N, road E-W, fields; locations turn with the tile (tiles.txt rotation table). */
START_TEST (test_tile_d_segments_and_rotation)
{
  g_autoptr (CarcTileSet) set = base ();
  const CarcTileType *d = carc_tile_set_lookup (set, "D");
  ck_assert_ptr_nonnull (d);
  ck_assert_uint_eq (carc_tile_type_get_count (d), 4);
  ck_assert_int_eq (carc_tile_type_get_edge (d, CARC_SIDE_N), CARC_EDGE_CITY);
  ck_assert_int_eq (carc_tile_type_get_edge (d, CARC_SIDE_E), CARC_EDGE_ROAD);
  ck_assert_int_eq (carc_tile_type_get_edge (d, CARC_SIDE_S), CARC_EDGE_FIELD);
  ck_assert_int_eq (carc_tile_type_get_edge (d, CARC_SIDE_W), CARC_EDGE_ROAD);
  ck_assert_uint_eq (carc_tile_type_get_n_segments (d), 4);
  const CarcFeatureKind kinds[]
      = { CARC_FEATURE_CITY, CARC_FEATURE_ROAD, CARC_FEATURE_FIELD, CARC_FEATURE_FIELD };
  const char *loc0[] = { "N", "E,W", "ENE,WNW", "ESE,SSE,SSW,WSW" };
  /* One turn clockwise: NNW->ENE NNE->ESE ENE->SSE ESE->SSW SSE->WSW SSW->WNW WSW->NNW WNW->NNE */
  const char *loc1[] = { "E", "N,S", "NNE,SSE", "NNW,SSW,WSW,WNW" };
  for (guint s = 0; s < 4; s++)
    {
      ck_assert_int_eq (carc_tile_type_get_segment_kind (d, s), kinds[s]);
      g_autofree char *a = carc_location_to_string (carc_tile_type_get_segment_location (d, s, 0));
      g_autofree char *b = carc_location_to_string (carc_tile_type_get_segment_location (d, s, 1));
      ck_assert_str_eq (a, loc0[s]);
      ck_assert_str_eq (b, loc1[s]);
    }
  g_autofree char *full = carc_location_to_string (carc_tile_type_get_segment_location (d, 0, 4));
  ck_assert_str_eq (full, "N");
}
END_TEST

/* The reference tiles.txt (base, Winter animals, Hills & Sheep; tests/data/README.md) parses as
 * our format. */
START_TEST (test_shared_tiles_txt)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "tiles.txt", NULL);
  g_autoptr (CarcTileSet) set = carc_tile_set_new ();
  g_autoptr (GError) error = NULL;
  ck_assert_msg (carc_tile_set_load_file (set, path, &error), "%s", error ? error->message : "");
  ck_assert_uint_eq (carc_tile_set_get_n_types (set), 24 + 12 + 16);
  ck_assert_uint_eq (carc_tile_set_get_n_tiles (set), 72 + 12 + 18);
  const CarcTileType *bear = carc_tile_set_lookup (set, "WI-CFR");
  ck_assert_str_eq (carc_tile_type_get_tag (bear, "animal"), "bear");
  const CarcTileType *weird = carc_tile_set_lookup (set, "HS-CC!.v");
  ck_assert_str_eq (carc_tile_type_get_tag (weird, "vineyard"), "");
  /* multiedge=N:c1: the north edge's east port belongs to the east city. */
  ck_assert_uint_eq (carc_tile_type_get_n_segments (weird), 3);
  ck_assert_ptr_null (carc_tile_type_get_tag (weird, "hill"));
}
END_TEST

/* A triangular half tile (legs N and E, long side L) and a wall-edged abbey. */
START_TEST (test_half_tile_and_abbey)
{
  g_autoptr (CarcTileSet) set = carc_tile_set_new ();
  g_autoptr (GError) error = NULL;
  const char *data = "# half tiles and an abbey\n"
                     "HC 1 CF|R C:N R:L>J F:ENE,ESE@0 F:LSE@- F:LNW@0   # city leg, road into L\n"
                     "HK 1 FF|F K F:NNW,NNE,ENE,ESE,LSE,LNW@- vineyard\n"
                     "ABBEY 6 **** K abbey\n";
  ck_assert_msg (carc_tile_set_load_data (set, data, -1, "test", &error), "%s",
                 error ? error->message : "");
  const CarcTileType *hc = carc_tile_set_lookup (set, "HC");
  ck_assert_int_eq (carc_tile_type_get_shape (hc), CARC_SHAPE_HALF);
  ck_assert_uint_eq (carc_tile_type_get_n_sides (hc), 3);
  ck_assert_int_eq (carc_tile_type_get_edge (hc, 2), CARC_EDGE_ROAD);
  g_autofree char *road = carc_location_to_string (carc_tile_type_get_segment_location (hc, 1, 0));
  ck_assert_str_eq (road, "L");
  g_autofree char *f0 = carc_location_to_string (carc_tile_type_get_segment_location (hc, 2, 1));
  ck_assert_str_eq (f0, "SSE,SSW");
  const CarcTileType *abbey = carc_tile_set_lookup (set, "ABBEY");
  for (guint s = 0; s < 4; s++)
    ck_assert_int_eq (carc_tile_type_get_edge (abbey, s), CARC_EDGE_WALL);
  ck_assert_int_eq (carc_tile_type_get_segment_kind (abbey, 0), CARC_FEATURE_CLOISTER);
  ck_assert_str_eq (carc_tile_type_get_tag (abbey, "abbey"), "");
}
END_TEST

/* Every malformed input is refused with CARC_ERROR_PARSE naming the line, and adds nothing. */
static const struct
{
  const char *data;
  const char *message_part;
} bad_inputs[] = {
  { "A 2 FFRF K R:S>K F:NNW,NNE,ENE,ESE,SSE,SSW,WSW@-\n", "both halves" },
  { "A 2 FFRF\n", "both halves" },
  { "A\n", "needs an id" },
  { "A x FFFF K F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n", "count" },
  { "A 1000 FFFF K F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n", "count" },
  { "A 1 FFQF\n", "bad edge letter" },
  { "A 1 FFFFF\n", "edges are 4 letters" },
  { "A 1 CFFF C:E F:ENE,ESE,SSE,SSW,WSW,WNW@0\n", "whose edge is not a city" },
  { "A 1 CFFF C:N C:N F:ENE,ESE,SSE,SSW,WSW,WNW@0\n", "claimed by two" },
  { "A 1 CFFF C:N F:ENE,ESE,SSE,SSW,WSW,WNW@3\n", "no city c3" },
  { "A 1 CFFF C:N F:ENE,ESE,SSE,SSW,WSW,WNW\n", "lacks '@'" },
  { "A 1 CFFF C:N F:ENE,ESE,XXX,SSW,WSW,WNW@0\n", "not a half-edge" },
  { "A 1 CFFF C:N F:ENE,,SSE,SSW,WSW,WNW@0\n", "not a half-edge" },
  { "A 1 CFFF C:N:x F:ENE,ESE,SSE,SSW,WSW,WNW@0\n", "bad city suffix" },
  { "U 1 RFRF R:N F:NNE,ENE,ESE,SSE@- F:SSW,WSW,WNW,NNW@-\n", "must say how it ends" },
  { "U 1 RFRF R:NS>J F:NNE,ENE,ESE,SSE@- F:SSW,WSW,WNW,NNW@-\n", "only a one-sided road" },
  { "W 1 FRRR R:ESW F:WNW,NNW,NNE,ENE@- F:ESE,SSE@- F:SSW,WSW@-\n", "at most two sides" },
  { "X 1 FFRF R:S>Q F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n", "unknown road end" },
  { "X 1 FFRF R:S>K F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n", "cloister the tile does not have" },
  { "B 1 FFFF K K F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n", "two cloisters" },
  { "B 1 FFFF K F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@- x=1 x=2\n", "given twice" },
  { "B 1 FFFF K F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@- start=2\n", "start=N" },
  { "B 1 FFFF K F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@- =1\n", "has no name" },
  { "B 1 FFFF K F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\nB 1 FFFF K "
    "F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n",
    "defined twice" },
  { "H 1 CF|F C:N F:ENE,ESE,SSE,LNW@0\n", "not a half-edge" },
  { "A 1 **** C:N\n", "whose edge is not a city" },
  { "A 1 CFFF C:N F:ENE,ESE,SSE,SSW,WSW,WNW@0 multiedge=E:c0\n", "multiedge" },
  { "A 1 FFFF Z:N\n", "bad tag" },
};

START_TEST (test_bad_input_refused)
{
  g_autoptr (CarcTileSet) set = carc_tile_set_new ();
  g_autoptr (GError) error = NULL;
  /* A good first line must not be kept when a later line fails. */
  g_autofree char *data
      = g_strconcat ("E 5 CFFF C:N F:ENE,ESE,SSE,SSW,WSW,WNW@0\n\n", bad_inputs[_i].data, NULL);
  ck_assert (!carc_tile_set_load_data (set, data, -1, "bad", &error));
  ck_assert_msg (g_error_matches (error, CARC_ERROR, CARC_ERROR_PARSE), "input %d: %s", _i,
                 error ? error->message : "no error");
  ck_assert_msg (strstr (error->message, bad_inputs[_i].message_part) != NULL,
                 "input %d: message '%s' lacks '%s'", _i, error->message,
                 bad_inputs[_i].message_part);
  ck_assert_msg (g_str_has_prefix (error->message, "bad:3:")
                     || g_str_has_prefix (error->message, "bad:4:"),
                 "input %d: '%s' names no line", _i, error->message);
  ck_assert_uint_eq (carc_tile_set_get_n_types (set), 0);
  ck_assert_uint_eq (carc_tile_set_get_n_tiles (set), 0);
}
END_TEST

START_TEST (test_nul_and_missing_file)
{
  g_autoptr (CarcTileSet) set = carc_tile_set_new ();
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_tile_set_load_data (set, "A 1 FFFF\0K", 10, NULL, &error));
  ck_assert_int_eq (error->code, CARC_ERROR_PARSE);
  g_clear_error (&error);
  ck_assert (!carc_tile_set_load_file (set, "/nonexistent/tiles", &error));
  ck_assert (g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT));
  ck_assert_uint_eq (carc_tile_set_get_n_types (set), 0);
}
END_TEST

/* A game holds at most CARC_MAX_PIECES tiles: a longer tile order is refused, not truncated. */
START_TEST (test_tile_order_too_long)
{
  g_autoptr (CarcTileSet) set = base ();
  g_autoptr (CarcGameConfig) config = carc_game_config_new (set);
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  for (guint i = 0; i < CARC_MAX_PIECES; i++)
    g_ptr_array_add (order, (gpointer) "E");
  g_ptr_array_add (order, NULL);
  carc_game_config_set_tile_order (config, (const char *const *)order->pdata);
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) game = carc_game_new (config, &error);
  ck_assert_ptr_null (game);
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT));
  g_clear_error (&error);
  /* One fewer fits. */
  g_ptr_array_remove_index (order, 0);
  carc_game_config_set_tile_order (config, (const char *const *)order->pdata);
  g_autoptr (CarcGame) ok = carc_game_new (config, &error);
  ck_assert_msg (ok != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (carc_game_get_tiles_left (ok), CARC_MAX_PIECES - 2);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("tiles");
  TCase *tc = tcase_create ("parser");
  tcase_add_test (tc, test_base_set_numbers);
  tcase_add_test (tc, test_tile_d_segments_and_rotation);
  tcase_add_test (tc, test_shared_tiles_txt);
  tcase_add_test (tc, test_half_tile_and_abbey);
  tcase_add_loop_test (tc, test_bad_input_refused, 0, G_N_ELEMENTS (bad_inputs));
  tcase_add_test (tc, test_nul_and_missing_file);
  tcase_add_test (tc, test_tile_order_too_long);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
