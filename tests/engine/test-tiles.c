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
  { "A 1 CFFF C:N:x:x F:ENE,ESE,SSE,SSW,WSW,WNW@0\n", "given twice" },
  { "U 1 RFRF R:N F:NNE,ENE,ESE,SSE@- F:SSW,WSW,WNW,NNW@-\n", "must say how it ends" },
  { "U 1 RFRF R:NS>J F:NNE,ENE,ESE,SSE@- F:SSW,WSW,WNW,NNW@-\n", "only a one-sided road" },
  { "W 1 FRRR R:ESW>J F:WNW,NNW,NNE,ENE@- F:ESE,SSE@- F:SSW,WSW@-\n", "only a one-sided road" },
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

/* Loads a good line, a blank line and @bad: refused with CARC_ERROR_PARSE naming line 3 (or 4,
 * for a second line), and nothing kept. Returns the message. */
static char *
refused_message (const char *bad)
{
  g_autoptr (CarcTileSet) set = carc_tile_set_new ();
  g_autoptr (GError) error = NULL;
  /* A good first line must not be kept when a later line fails. */
  g_autofree char *data = g_strconcat ("E 5 CFFF C:N F:ENE,ESE,SSE,SSW,WSW,WNW@0\n\n", bad, NULL);
  ck_assert (!carc_tile_set_load_data (set, data, -1, "bad", &error));
  ck_assert_msg (g_error_matches (error, CARC_ERROR, CARC_ERROR_PARSE), "%s: %s", bad,
                 error ? error->message : "no error");
  ck_assert_msg (g_str_has_prefix (error->message, "bad:3:")
                     || g_str_has_prefix (error->message, "bad:4:"),
                 "'%s' names no line", error->message);
  ck_assert_uint_eq (carc_tile_set_get_n_types (set), 0);
  ck_assert_uint_eq (carc_tile_set_get_n_tiles (set), 0);
  return g_strdup (error->message);
}

START_TEST (test_bad_input_refused)
{
  g_autofree char *message = refused_message (bad_inputs[_i].data);
  ck_assert_msg (strstr (message, bad_inputs[_i].message_part) != NULL,
                 "input %d: message '%s' lacks '%s'", _i, message, bad_inputs[_i].message_part);
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

/* The new constructs refused, each with its exact message (doc/tile-data.md "What is
 * checked"); the line is line 3 after a good first line, and nothing is kept. */
#define FIELDS_CFFF "F:ENE,ESE,SSE,SSW,WSW,WNW@0"
static const struct
{
  const char *data;
  const char *message;
} bad_new_inputs[] = {
  { "A 1 CFFF C:N: " FIELDS_CFFF "\n", "tile A: empty attribute in 'C:N:'" },
  { "A 1 CFFF C:N:inn:inn " FIELDS_CFFF "\n",
    "tile A: attribute 'inn' given twice in 'C:N:inn:inn'" },
  { "A 1 CFFF C:N:s:s2 " FIELDS_CFFF "\n", "tile A: shields given twice in 'C:N:s:s2'" },
  { "A 1 CFFF C:N:s0 " FIELDS_CFFF "\n", "tile A: a city has 1 to 9 shields, in 'C:N:s0'" },
  { "A 1 CFFF C:N:s10 " FIELDS_CFFF "\n", "tile A: a city has 1 to 9 shields, in 'C:N:s10'" },
  { "A 1 CFFF C:N:good= " FIELDS_CFFF "\n", "tile A: bad attribute 'good=' in 'C:N:good='" },
  { "A 1 CFFF C:N:=wine " FIELDS_CFFF "\n", "tile A: bad attribute '=wine' in 'C:N:=wine'" },
  { "A 1 CFFF C:N:a/b " FIELDS_CFFF "\n",
    "tile A: bad attribute 'a/b' (a name is letters, digits and _().-)" },
  { "A 1 CFFF C:N:a:b:c:d:e:f:g:h:i " FIELDS_CFFF "\n",
    "tile A: more than 8 attributes on a segment" },
  { "A 1 CFFF C:N>J " FIELDS_CFFF "\n", "tile A: a city has no end, in 'C:N>J'" },
  { "A 1 CFFF C:N:k=v\xc3\xa9 " FIELDS_CFFF "\n",
    "tile A: bad attribute 'k=v\xc3\xa9' in 'C:N:k=v\xc3\xa9'" },
  { "U 1 FRFR R:EW:s F:NNW,NNE,ENE,WNW@- F:ESE,SSE,SSW,WSW@-\n",
    "tile U: shields only on a city, in 'R:EW:s'" },
  { "U 1 FFRF R:S>X2 F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n", "tile U: bad road end in 'R:S>X2'" },
  { "U 1 FFRF R:S F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n",
    "tile U: a road touching one side must say how it ends (>J, >K, >H, >X, >C<i>)" },
  { "U 1 CFRF C:N R:S>C0x:inn F:SSW,WSW,WNW@0 F:ENE,ESE,SSE@0\n",
    "tile U: bad city gate in 'R:S>C0x:inn'" },
  { "V 1 FIFI I:NS F:NNW,NNE,ENE,WNW@- F:ESE,SSE,SSW,WSW@-\n",
    "tile V: water on side N, whose edge is not water" },
  { "V 1 FRFR I:EW F:NNW,NNE,ENE,WNW@- F:ESE,SSE,SSW,WSW@-\n",
    "tile V: water on side E, whose edge is not water" },
  { "V 1 FIFI R:EW F:NNW,NNE,ENE,WNW@- F:ESE,SSE,SSW,WSW@-\n",
    "tile V: road on side E, whose edge is not a road" },
  { "V 1 FIFI F:NNW,NNE,ENE,WNW@- F:ESE,SSE,SSW,WSW@-\n",
    "tile V: water edge 1 needs water and a field on each half" },
  { "V 1 FIFI I:EW F:NNW,NNE,WNW@- F:ESE,SSE,SSW,WSW@-\n",
    "tile V: water edge 1 needs water and a field on each half" },
  { "V 1 FIFI I:EW>S F:NNW,NNE,ENE,WNW@- F:ESE,SSE,SSW,WSW@-\n",
    "tile V: only a one-sided water has an end" },
  { "V 1 FIFF I:E>Q F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n",
    "tile V: unknown water end in 'I:E>Q' (>S spring, >L lake)" },
  { "V 1 FIFF I:E>S:s F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n",
    "tile V: shields only on a city, in 'I:E>S:s'" },
  { "V 1 FIFF I: F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n", "tile V: unknown feature 'I:'" },
  { "F 1 CCCC C:NESW F:inner,NNE@0\n", "tile F: 'inner' is not a half-edge" },
  { "F 1 CCCC C:NESW F:inner@\n", "tile F: bad city list in 'F:inner@'" },
  { "F 1 CCCC C:NESW F:inner@1\n", "tile F: no city c1" },
  { "F 1 CCCC C:NESW F:inner@0:\n", "tile F: empty attribute in 'F:inner@0:'" },
  { "K 1 FFFF K: F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n", "tile K: empty attribute in 'K:'" },
  { "K 1 FFFF K:garden K F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@-\n", "tile K: two cloisters" },
};

START_TEST (test_bad_new_constructs_refused)
{
  g_autofree char *message = refused_message (bad_new_inputs[_i].data);
  g_autofree char *want = g_strconcat ("bad:3: ", bad_new_inputs[_i].message, NULL);
  ck_assert_str_eq (message, want);
}
END_TEST

static CarcTileSet *
next_tiles (void)
{
  g_autofree char *path = g_build_filename (TEST_DATA_DIR, "tiles-next.txt", NULL);
  CarcTileSet *set = carc_tile_set_new ();
  g_autoptr (GError) error = NULL;
  ck_assert_msg (carc_tile_set_load_file (set, path, &error), "%s", error ? error->message : "");
  return set;
}

static char *
segment_location (const CarcTileType *t, guint segment)
{
  return carc_location_to_string (carc_tile_type_get_segment_location (t, segment, 0));
}

/* Tile @id of @set, whose segment @segment (of @n_segments) is a @kind at @location. */
static const CarcTileType *
segment_is (CarcTileSet *set, const char *id, guint n_segments, guint segment, CarcFeatureKind kind,
            const char *location)
{
  const CarcTileType *t = carc_tile_set_lookup (set, id);
  ck_assert_msg (t != NULL, "no tile %s", id);
  ck_assert_uint_eq (carc_tile_type_get_n_segments (t), n_segments);
  ck_assert_int_eq (carc_tile_type_get_segment_kind (t, segment), kind);
  g_autofree char *loc = segment_location (t, segment);
  ck_assert_str_eq (loc, location);
  return t;
}

/* RULES-next.md D38 / section 9: tiles-next.txt parses unchanged, with the counts its header
 * states: IC 17 types and 18 tiles, TB 24 / 24, AM 12 / 12, the river 10 / 12 (spring
 * included); the spring is the start tile. */
START_TEST (test_next_tiles_counts)
{
  g_autoptr (CarcTileSet) set = next_tiles ();
  static const struct
  {
    const char *prefix;
    guint types, tiles;
  } want[] = { { "IC-", 17, 18 }, { "TB-", 24, 24 }, { "AM-", 12, 12 }, { "RI", 10, 12 } };
  guint types[4] = { 0 }, tiles[4] = { 0 };
  for (guint i = 0; i < carc_tile_set_get_n_types (set); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (set, i);
      guint k;
      for (k = 0; k < G_N_ELEMENTS (want); k++)
        if (g_str_has_prefix (carc_tile_type_get_id (t), want[k].prefix))
          break;
      ck_assert_msg (k < G_N_ELEMENTS (want), "unexpected id %s", carc_tile_type_get_id (t));
      types[k]++;
      tiles[k] += carc_tile_type_get_count (t);
    }
  for (guint k = 0; k < G_N_ELEMENTS (want); k++)
    {
      ck_assert_uint_eq (types[k], want[k].types);
      ck_assert_uint_eq (tiles[k], want[k].tiles);
    }
  ck_assert_uint_eq (carc_tile_set_get_n_types (set), 63);
  ck_assert_uint_eq (carc_tile_set_get_n_tiles (set), 66);
  ck_assert_str_eq (carc_tile_type_get_id (carc_tile_set_get_start (set)), "RI-s");
  ck_assert_str_eq (carc_tile_type_get_tag (carc_tile_set_get_start (set), "river"), "spring");
  ck_assert_str_eq (carc_tile_type_get_tag (carc_tile_set_lookup (set, "RI.1-I.e"), "river"),
                    "lake");
}
END_TEST

/* Segment attributes: IC-RCc.i's road (R:S>C0:inn) has an inn, its city none; IC-RRR.i has
 * the inn on its east road only (D38: road flag :inn). */
START_TEST (test_next_inn_road)
{
  g_autoptr (CarcTileSet) set = next_tiles ();
  const CarcTileType *t = segment_is (set, "IC-RCc.i", 4, 1, CARC_FEATURE_ROAD, "S");
  ck_assert_str_eq (carc_tile_type_get_segment_attribute (t, 1, "inn"), "");
  ck_assert_uint_eq (carc_tile_type_get_segment_n_attributes (t, 1), 1);
  const char *value = NULL;
  ck_assert_str_eq (carc_tile_type_get_segment_attribute_at (t, 1, 0, &value), "inn");
  ck_assert_str_eq (value, "");
  ck_assert_ptr_null (carc_tile_type_get_segment_attribute_at (t, 1, 1, &value));
  ck_assert_ptr_null (carc_tile_type_get_segment_attribute (t, 0, "inn"));
  ck_assert_uint_eq (carc_tile_type_get_segment_n_attributes (t, 0), 0);

  const CarcTileType *rrr = carc_tile_set_lookup (set, "IC-RRR.i");
  ck_assert_str_eq (carc_tile_type_get_segment_attribute (rrr, 0, "inn"), "");
  ck_assert_ptr_null (carc_tile_type_get_segment_attribute (rrr, 1, "inn"));
  ck_assert_ptr_null (carc_tile_type_get_segment_attribute (rrr, 2, "inn"));
}
END_TEST

/* City flags: the cathedral (IC-Cccc.c), two shields (AM-C++, :s2), one shield
 * (IC-CCc+, :s) and trade goods (TB-Cc.w wine, TB-Cc.g grain). */
START_TEST (test_next_city_flags)
{
  g_autoptr (CarcTileSet) set = next_tiles ();
  const CarcTileType *cath = segment_is (set, "IC-Cccc.c", 1, 0, CARC_FEATURE_CITY, "N,E,S,W");
  ck_assert_str_eq (carc_tile_type_get_segment_attribute (cath, 0, "cathedral"), "");
  ck_assert_uint_eq (carc_tile_type_get_segment_shields (cath, 0), 0);
  ck_assert (!carc_tile_type_get_segment_shield (cath, 0));

  const CarcTileType *two = carc_tile_set_lookup (set, "AM-C++");
  ck_assert_uint_eq (carc_tile_type_get_segment_shields (two, 0), 2);
  ck_assert (carc_tile_type_get_segment_shield (two, 0));
  /* Shields are the engine's, not attributes. */
  ck_assert_uint_eq (carc_tile_type_get_segment_n_attributes (two, 0), 0);
  const CarcTileType *one = carc_tile_set_lookup (set, "IC-CCc+");
  ck_assert_uint_eq (carc_tile_type_get_segment_shields (one, 0), 1);
  ck_assert_uint_eq (carc_tile_type_get_segment_shields (one, 1), 0);

  const CarcTileType *wine = carc_tile_set_lookup (set, "TB-Cc.w");
  ck_assert_str_eq (carc_tile_type_get_segment_attribute (wine, 0, "wine"), "");
  ck_assert_ptr_null (carc_tile_type_get_segment_attribute (wine, 0, "grain"));
  const CarcTileType *grain = carc_tile_set_lookup (set, "TB-Cc.g");
  ck_assert_str_eq (carc_tile_type_get_segment_attribute (grain, 0, "grain"), "");
}
END_TEST

/* A three-armed road (AM-Rrr R:NEW) is one segment over three sides; AM-CRcr+'s field SSE,SSW
 * crosses the road edge S; AM-R's road ends at an unsaid end (>X). */
START_TEST (test_next_roads)
{
  g_autoptr (CarcTileSet) set = next_tiles ();
  const CarcTileType *rrr = segment_is (set, "AM-Rrr", 4, 0, CARC_FEATURE_ROAD, "N,E,W");
  g_autofree char *arms1
      = carc_location_to_string (carc_tile_type_get_segment_location (rrr, 0, 1));
  ck_assert_str_eq (arms1, "N,E,S");
  segment_is (set, "AM-CRcr+", 5, 2, CARC_FEATURE_FIELD, "SSE,SSW");
  segment_is (set, "AM-R", 2, 0, CARC_FEATURE_ROAD, "S");
}
END_TEST

/* Enclosed fields (F:inner@...) touch no edge: IC-CCCC's segment 4, AM-CCcc+'s segments 2 and
 * 3; they are fields, with an empty location. */
START_TEST (test_next_inner_fields)
{
  g_autoptr (CarcTileSet) set = next_tiles ();
  const CarcTileType *t = segment_is (set, "IC-CCCC", 5, 4, CARC_FEATURE_FIELD, "");
  for (guint r = 0; r < 4; r++)
    ck_assert_uint_eq (carc_tile_type_get_segment_location (t, 4, r), 0);
  const CarcTileType *two = segment_is (set, "AM-CCcc+", 4, 2, CARC_FEATURE_FIELD, "");
  segment_is (set, "AM-CCcc+", 4, 3, CARC_FEATURE_FIELD, "");
  ck_assert_uint_eq (carc_tile_type_get_segment_shields (two, 0), 1);
}
END_TEST

/* River edges (letter I) and water segments (I:<sides>): RI.1-IFI, the spring RI-s (I:E>S)
 * and RI.1-RIrI, where a road crosses the river. */
START_TEST (test_next_river_tiles)
{
  g_autoptr (CarcTileSet) set = next_tiles ();
  const CarcTileType *ifi = carc_tile_set_lookup (set, "RI.1-IFI");
  const CarcEdgeKind edges[]
      = { CARC_EDGE_FIELD, CARC_EDGE_WATER, CARC_EDGE_FIELD, CARC_EDGE_WATER };
  for (guint s = 0; s < 4; s++)
    ck_assert_int_eq (carc_tile_type_get_edge (ifi, s), edges[s]);
  segment_is (set, "RI.1-IFI", 3, 0, CARC_FEATURE_WATER, "E,W");
  segment_is (set, "RI.1-IFI", 3, 1, CARC_FEATURE_FIELD, "NNW,NNE,ENE,WNW");
  ck_assert_str_eq (carc_feature_kind_to_string (CARC_FEATURE_WATER), "water");

  segment_is (set, "RI-s", 2, 0, CARC_FEATURE_WATER, "E");
  segment_is (set, "RI.1-RIrI", 6, 0, CARC_FEATURE_ROAD, "E,W");
  segment_is (set, "RI.1-RIrI", 6, 1, CARC_FEATURE_WATER, "N,S");
}
END_TEST

/* Attributes with values, on every kind of segment; a cloister with attributes; the River II
 * line shapes of RULES-next.md section 9 (a three-armed river, a river end left unsaid). */
START_TEST (test_attribute_values)
{
  g_autoptr (CarcTileSet) set = carc_tile_set_new ();
  g_autoptr (GError) error = NULL;
  const char *data
      = "Z 1 CRFR K:garden=2 C:N:s:castle-base=false:good.x R:EW:wells=1 "
        "F:ENE,WNW@0:pig(herd) F:ESE,SSE,SSW,WSW@-\n"
        "RI.2-III 1 IIFI I:NEW F:WNW,NNW@- F:NNE,ENE@- F:ESE,SSE,SSW,WSW@- river=fork\n"
        "RI.2-I.v 1 FFFI I:W F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW@- river=lake volcano\n";
  ck_assert_msg (carc_tile_set_load_data (set, data, -1, "test", &error), "%s",
                 error ? error->message : "");
  const CarcTileType *z = carc_tile_set_lookup (set, "Z");
  ck_assert_int_eq (carc_tile_type_get_segment_kind (z, 0), CARC_FEATURE_CLOISTER);
  ck_assert_str_eq (carc_tile_type_get_segment_attribute (z, 0, "garden"), "2");
  ck_assert_uint_eq (carc_tile_type_get_segment_shields (z, 1), 1);
  ck_assert_uint_eq (carc_tile_type_get_segment_n_attributes (z, 1), 2);
  const char *value = NULL;
  ck_assert_str_eq (carc_tile_type_get_segment_attribute_at (z, 1, 0, &value), "castle-base");
  ck_assert_str_eq (value, "false");
  ck_assert_str_eq (carc_tile_type_get_segment_attribute_at (z, 1, 1, NULL), "good.x");
  ck_assert_str_eq (carc_tile_type_get_segment_attribute (z, 2, "wells"), "1");
  ck_assert_str_eq (carc_tile_type_get_segment_attribute (z, 3, "pig(herd)"), "");
  ck_assert_uint_eq (carc_tile_type_get_segment_n_attributes (z, 4), 0);
  const CarcTileType *fork = carc_tile_set_lookup (set, "RI.2-III");
  g_autofree char *arms = segment_location (fork, 0);
  ck_assert_str_eq (arms, "N,E,W");
  ck_assert_str_eq (carc_tile_type_get_tag (carc_tile_set_lookup (set, "RI.2-I.v"), "volcano"), "");
}
END_TEST

static CarcGame *
river_game (const char *const *order)
{
  g_autoptr (CarcTileSet) set = next_tiles ();
  g_autoptr (CarcGameConfig) config = carc_game_config_new (set);
  carc_game_config_set_tile_order (config, order);
  g_autoptr (GError) error = NULL;
  CarcGame *game = carc_game_new (config, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

/* A river edge meets only a river edge (RULES-next.md 5.4; RV-2's edge part): the spring RI-s
 * at (0,0) shows water to the east. RI.1-IFI fits at (1,0) turned 0 (water meets water), not
 * turned 1 (field against water); north of the spring it fits turned 0 (fields meet) but not
 * turned 1 (water against field). A road tile (IC-RFr.i) fits nowhere at (2,0), in front of the
 * river, though a road edge is split like a water edge. The water joins the spring's, no
 * follower may stand on it, and the base rules never score it. */
START_TEST (test_river_edges_match_only_river)
{
  const char *const order[] = { "RI.1-IFI", "IC-RFr.i", NULL };
  g_autoptr (CarcGame) game = river_game (order);
  ck_assert_str_eq (carc_tile_type_get_id (carc_game_get_current_tile (game)), "RI.1-IFI");
  ck_assert (carc_game_can_place (game, 1, 0, 0));
  ck_assert (carc_game_can_place (game, 1, 0, 2));
  ck_assert (!carc_game_can_place (game, 1, 0, 1));
  ck_assert (!carc_game_can_place (game, 1, 0, 3));
  ck_assert (carc_game_can_place (game, 0, -1, 0));
  ck_assert (!carc_game_can_place (game, 0, -1, 1));
  /* Around the spring: (1,0) r0 r2; N, S: r0 r2 (fields both ways); W: the spring's field
   * faces IFI's water turned 0 or 2, its field turned 1 or 3. */
  guint n = 0;
  const CarcPlacement *list = carc_game_get_placements (game, &n);
  ck_assert_uint_eq (n, 8);
  ck_assert_uint_eq (carc_game_get_n_placements (game), 8);
  for (guint i = 0; i < n; i++)
    if (list[i].x == 1 && list[i].y == 0)
      ck_assert_uint_eq (list[i].rotation % 2, 0);
    else if (list[i].x == -1)
      ck_assert_uint_eq (list[i].rotation % 2, 1);

  g_autoptr (GError) error = NULL;
  ck_assert_msg (carc_game_place (game, 1, 0, 0, &error), "%s", error ? error->message : "");
  /* Segments: 0 the river, 1 and 2 its banks: only the banks are offered. */
  guint n_dep = 0;
  const CarcDeployment *dep = carc_game_get_deployments (game, &n_dep);
  ck_assert_uint_eq (n_dep, 2);
  ck_assert_uint_eq (dep[0].segment, 1);
  ck_assert_uint_eq (dep[1].segment, 2);
  ck_assert (!carc_game_deploy (game, CARC_FIGURE_FOLLOWER, 0, &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT));
  ck_assert_str_eq (error->message, "no follower stands on water (segment 0)");
  g_clear_error (&error);
  ck_assert_uint_eq (carc_game_get_phase (game), CARC_PHASE_DEPLOY);
  CarcFeatureInfo info;
  ck_assert (carc_game_get_feature (game, 1, 0, 0, &info));
  ck_assert_int_eq (info.kind, CARC_FEATURE_WATER);
  ck_assert_uint_eq (info.segments, 2);
  ck_assert (!info.complete);
  ck_assert (carc_game_skip (game, &error));

  ck_assert_str_eq (carc_tile_type_get_id (carc_game_get_current_tile (game)), "IC-RFr.i");
  for (guint r = 0; r < 4; r++)
    {
      ck_assert (!carc_game_can_place (game, 2, 0, r));
      ck_assert (!carc_game_can_place (game, 1, 0, r));
    }
  list = carc_game_get_placements (game, &n);
  ck_assert_uint_gt (n, 0);
  for (guint i = 0; i < n; i++)
    ck_assert (!(list[i].x == 2 && list[i].y == 0));
  CarcPlacement p;
  for (guint i = 0; carc_game_get_placement (game, i, &p); i++)
    ck_assert (!(p.x == 2 && p.y == 0));
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
  tcase_add_loop_test (tc, test_bad_new_constructs_refused, 0, G_N_ELEMENTS (bad_new_inputs));
  tcase_add_test (tc, test_next_tiles_counts);
  tcase_add_test (tc, test_next_inn_road);
  tcase_add_test (tc, test_next_city_flags);
  tcase_add_test (tc, test_next_roads);
  tcase_add_test (tc, test_next_inner_fields);
  tcase_add_test (tc, test_next_river_tiles);
  tcase_add_test (tc, test_attribute_values);
  tcase_add_test (tc, test_river_edges_match_only_river);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
