/* test-pictures.c: the pictures of tile types and boards (issue 18, "Pictures"; doc/engine-api.md,
 * "Pictures"): every tile type of the base set, of tests/data/tiles*.txt and of every shipped
 * plugin renders as well-formed SVG with one element per segment, anchors lie on the tile and
 * apart, and a finished game's board renders with every piece and every figure.
 *
 * With CARC_PICTURES_DIR set, it also writes the pictures of doc/pictures/ there. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"
#include "plugin-host.h"
#include "random-player.h"

/* What a picture holds, as GMarkup reads it. */
typedef struct
{
  gchar *root;
  GHashTable *ids;      /* every id="" (each must be unique) */
  GHashTable *segments; /* the id of each <g class="segment ...">, to its data-anchor */
  guint duplicate_ids;
  guint figures;
  guint pieces;
} Picture;

static void
on_start (GMarkupParseContext *ctx, const char *name, const char **attrs, const char **values,
          gpointer data, GError **error)
{
  Picture *p = data;
  if (!p->root)
    p->root = g_strdup (name);
  const char *class = NULL, *segment = NULL, *id = NULL, *anchor = NULL;
  for (guint i = 0; attrs[i]; i++)
    if (g_str_equal (attrs[i], "class"))
      class = values[i];
    else if (g_str_equal (attrs[i], "data-segment"))
      segment = values[i];
    else if (g_str_equal (attrs[i], "id"))
      id = values[i];
    else if (g_str_equal (attrs[i], "data-anchor"))
      anchor = values[i];
  if (id && !g_hash_table_add (p->ids, g_strdup (id)))
    p->duplicate_ids++;
  if (class && g_str_has_prefix (class, "segment ") && id && segment)
    {
      /* The id says whose segment: "seg-N", "piece-P-seg-N", "tile-T-seg-N". */
      const char *seg = strstr (id, "seg-");
      ck_assert_ptr_nonnull (seg);
      ck_assert_str_eq (seg + 4, segment);
      /* issue 18: every segment says where a figure on it stands */
      ck_assert_msg (anchor != NULL, "%s has no data-anchor", id);
      g_hash_table_insert (p->segments, g_strdup (id), g_strdup (anchor));
    }
  if (class && g_str_equal (class, "figure"))
    p->figures++;
  if (class && g_str_equal (class, "piece"))
    p->pieces++;
}

static void
picture_clear (Picture *p)
{
  g_free (p->root);
  g_clear_pointer (&p->ids, g_hash_table_unref);
  g_clear_pointer (&p->segments, g_hash_table_unref);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Picture, picture_clear)

/* Parses @svg (it must be well-formed XML with an <svg> root) into @p. */
static void
parse (const char *svg, Picture *p)
{
  static const GMarkupParser parser = { on_start, NULL, NULL, NULL, NULL };
  memset (p, 0, sizeof *p);
  p->ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  p->segments = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (GMarkupParseContext) ctx = g_markup_parse_context_new (&parser, 0, p, NULL);
  gboolean ok = g_markup_parse_context_parse (ctx, svg, -1, &error)
                && g_markup_parse_context_end_parse (ctx, &error);
  ck_assert_msg (ok, "not well-formed: %s", error ? error->message : "");
  ck_assert_str_eq (p->root, "svg");
  ck_assert_uint_eq (p->duplicate_ids, 0);
}

static void
write_picture (const char *name, const char *svg)
{
  const char *dir = g_getenv ("CARC_PICTURES_DIR");
  if (!dir || !name)
    return;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  ck_assert_msg (g_file_set_contents (path, svg, -1, &error), "%s", error ? error->message : "");
}

/* Anchors of the segments a figure may stand on (not water) keep this far apart. */
#define MIN_ANCHOR_GAP 8.0

static void
check_type (const CarcTileType *t)
{
  guint n = carc_tile_type_get_n_segments (t);
  for (guint r = 0; r < 4; r++)
    {
      g_autofree char *svg = carc_tile_type_to_svg (t, r);
      ck_assert_ptr_nonnull (svg);
      g_auto (Picture) p;
      parse (svg, &p);
      /* Every segment drawn, once, and nothing else called a segment. */
      ck_assert_uint_eq (g_hash_table_size (p.segments), n);
      for (guint s = 0; s < n; s++)
        {
          g_autofree char *id = g_strdup_printf ("seg-%u", s);
          ck_assert_msg (g_hash_table_contains (p.segments, id), "%s: no %s",
                         carc_tile_type_get_id (t), id);
          /* its data-anchor is carc_tile_type_get_segment_anchor(), to the tenth the SVG's
           * numbers have */
          double x, y, ax, ay;
          ck_assert (carc_tile_type_get_segment_anchor (t, s, r, &x, &y));
          const char *anchor = g_hash_table_lookup (p.segments, id);
          char *end;
          ax = g_ascii_strtod (anchor, &end);
          ay = g_ascii_strtod (end, &end);
          ck_assert_msg (*end == '\0' && fabs (ax - x) <= 0.05 + 1e-9
                             && fabs (ay - y) <= 0.05 + 1e-9,
                         "%s r%u %s: data-anchor '%s', the anchor is (%g, %g)",
                         carc_tile_type_get_id (t), r, id, anchor, x, y);
          gboolean line;
          g_autofree char *path = carc_tile_type_get_segment_path (t, s, r, &line);
          ck_assert (path && path[0] == 'M');
          ck_assert_int_eq (line,
                            carc_tile_type_get_segment_kind (t, s) == CARC_FEATURE_ROAD
                                || carc_tile_type_get_segment_kind (t, s) == CARC_FEATURE_WATER);
        }
    }
  for (guint s = 0; s < n; s++)
    {
      double x, y, x1, y1;
      ck_assert (carc_tile_type_get_segment_anchor (t, s, 0, &x, &y));
      ck_assert (x > 0 && x < CARC_PICTURE_TILE_SIZE && y > 0 && y < CARC_PICTURE_TILE_SIZE);
      /* Turned once: (x, y) goes to (size - y, x). */
      ck_assert (carc_tile_type_get_segment_anchor (t, s, 1, &x1, &y1));
      ck_assert_double_eq_tol (x1, CARC_PICTURE_TILE_SIZE - y, 0.001);
      ck_assert_double_eq_tol (y1, x, 0.001);
      for (guint o = 0; o < s; o++)
        {
          double ox, oy;
          if (carc_tile_type_get_segment_kind (t, s) == CARC_FEATURE_WATER
              || carc_tile_type_get_segment_kind (t, o) == CARC_FEATURE_WATER)
            continue;
          ck_assert (carc_tile_type_get_segment_anchor (t, o, 0, &ox, &oy));
          ck_assert_msg (hypot (x - ox, y - oy) >= MIN_ANCHOR_GAP,
                         "%s: anchors of segments %u and %u %.1f apart", carc_tile_type_get_id (t),
                         o, s, hypot (x - ox, y - oy));
        }
    }
}

static void
check_set (CarcTileSet *set, const char *picture)
{
  guint n = carc_tile_set_get_n_types (set);
  ck_assert_uint_gt (n, 0);
  for (guint i = 0; i < n; i++)
    check_type (carc_tile_set_get_type_at (set, i));
  g_autofree char *sheet = carc_tile_set_to_svg (set);
  g_auto (Picture) p;
  parse (sheet, &p);
  guint segments = 0;
  for (guint i = 0; i < n; i++)
    segments += carc_tile_type_get_n_segments (carc_tile_set_get_type_at (set, i));
  ck_assert_uint_eq (g_hash_table_size (p.segments), segments);
  write_picture (picture, sheet);
}

START_TEST (test_base_tiles)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (&error);
  ck_assert_ptr_nonnull (base);
  check_set (base, "tiles-base.svg");
}
END_TEST

START_TEST (test_data_files)
{
  static const char *const files[] = { "tiles.txt", "tiles-next.txt" };
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CarcTileSet) set = carc_tile_set_new ();
      g_autofree char *path = g_build_filename (TEST_DATA_DIR, files[i], NULL);
      ck_assert_msg (carc_tile_set_load_file (set, path, &error), "%s",
                     error ? error->message : "");
      g_autofree char *name = g_strdup_printf ("%.*s.svg", (int)strlen (files[i]) - 4, files[i]);
      check_set (set, name);
    }
}
END_TEST

/* Every shipped plugin's tiles (hills brings none). */
START_TEST (test_plugin_tiles)
{
  CarcPluginHost *host = test_plugin_host ();
  guint with_tiles = 0;
  for (guint i = 0; i < carc_plugin_host_get_n_plugins (host); i++)
    {
      CarcPlugin *plugin = carc_plugin_host_get_plugin (host, i);
      CarcTileSet *tiles = carc_plugin_get_tiles (plugin);
      if (!tiles || !carc_tile_set_get_n_types (tiles))
        continue;
      g_autofree char *name = g_strdup_printf ("tiles-%s.svg", carc_plugin_get_name (plugin));
      check_set (tiles, name);
      with_tiles++;
    }
  ck_assert_uint_ge (with_tiles, 5);
}
END_TEST

/* Where a figure stands on the base game's D (city N, road E-W, fields): on the road's
 * line, in the city's cap, in each field on its side of the road. */
START_TEST (test_anchors_of_d)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (&error);
  const CarcTileType *d = carc_tile_set_lookup (base, "D");
  double x, y;
  ck_assert (carc_tile_type_get_segment_anchor (d, 1, 0, &x, &y)); /* the road */
  ck_assert_double_eq_tol (y, 50, 0.001);
  ck_assert (carc_tile_type_get_segment_anchor (d, 0, 0, &x, &y)); /* the city */
  ck_assert (y < 25);
  ck_assert (carc_tile_type_get_segment_anchor (d, 2, 0, &x, &y)); /* the field by the city */
  ck_assert (y > 25 && y < 46);
  ck_assert (carc_tile_type_get_segment_anchor (d, 3, 0, &x, &y)); /* the field south */
  ck_assert (y > 54);
  /* The cloister's monk stands at the building, in the middle of B. */
  const CarcTileType *b = carc_tile_set_lookup (base, "B");
  ck_assert (carc_tile_type_get_segment_anchor (b, 0, 2, &x, &y));
  ck_assert_double_eq_tol (x, 50, 0.001);
  /* Out of range: answered, not criticised. */
  ck_assert (!carc_tile_type_get_segment_anchor (d, 4, 0, &x, &y));
  ck_assert (!carc_tile_type_get_segment_anchor (d, 0, 4, &x, &y));
  ck_assert_ptr_null (carc_tile_type_get_segment_path (d, 4, 0, NULL));
  ck_assert_ptr_null (carc_tile_type_to_svg (d, 4));
  /* A field's outline is what the picture leaves visible of it: B's field, the whole tile
   * with the cloister cut out (two loops); D's field south of the road, nothing north of it. */
  g_autofree char *b_field = carc_tile_type_get_segment_path (b, 1, 0, NULL);
  g_auto (GStrv) loops = g_strsplit (b_field, "M", -1);
  ck_assert_uint_eq (g_strv_length (loops) - 1, 2);
  g_autofree char *south = carc_tile_type_get_segment_path (d, 3, 0, NULL);
  g_auto (GStrv) words = g_strsplit_set (south, "MLZ ", -1);
  double min_y = 100;
  for (guint i = 0, k = 0; words[i]; i++)
    if (words[i][0] && k++ % 2)
      min_y = MIN (min_y, g_ascii_strtod (words[i], NULL));
  ck_assert (min_y >= 48 && min_y < 52);
  /* The road of D turned once runs north-south through the middle. */
  g_autofree char *road = carc_tile_type_get_segment_path (d, 1, 1, NULL);
  ck_assert_str_eq (road, "M50 100 Q50 50 50 0");
}
END_TEST

static void
check_board (CarcGame *game, const char *picture)
{
  g_autofree char *svg = carc_game_to_svg (game);
  g_auto (Picture) p;
  parse (svg, &p);
  guint n = carc_game_get_n_pieces (game), segments = 0;
  ck_assert_uint_eq (p.pieces, n);
  for (guint i = 0; i < n; i++)
    {
      CarcPieceInfo info;
      ck_assert (carc_game_get_piece (game, i, &info));
      segments += carc_tile_type_get_n_segments (info.tile);
      g_autofree char *id = g_strdup_printf ("piece-%u-seg-0", i);
      ck_assert (g_hash_table_contains (p.segments, id));
    }
  ck_assert_uint_eq (g_hash_table_size (p.segments), segments);
  ck_assert_uint_eq (p.figures, carc_game_get_n_followers (game));
  write_picture (picture, svg);
}

static CarcGame *
random_game (const char *const *expansions, guint64 seed, gboolean finish)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (&error);
  for (guint i = 0; expansions && expansions[i]; i++)
    ck_assert (carc_game_config_add_expansion_by_name (config, test_plugin_host (), expansions[i],
                                                       &error));
  carc_game_config_set_seed (config, seed);
  carc_game_config_set_n_players (config, 3);
  CarcGame *game = carc_game_new (config, &error);
  ck_assert_ptr_nonnull (game);
  CarcRng rng;
  carc_rng_init (&rng, seed, 7);
  if (finish)
    random_player_play (game, &rng);
  else /* to the last tile placed, before the final scoring sends the figures home */
    while ((carc_game_get_tiles_left (game) || carc_game_get_phase (game) != CARC_PHASE_DEPLOY)
           && random_player_move (game, &rng, &error))
      ;
  return game;
}

START_TEST (test_board)
{
  /* A finished base game (the figures went home in the final scoring), and the same game at
   * its last tile, with the figures still out. */
  g_autoptr (CarcGame) over = random_game (NULL, 18, TRUE);
  ck_assert_int_eq (carc_game_get_phase (over), CARC_PHASE_OVER);
  check_board (over, "board-base-over.svg");
  g_autoptr (CarcGame) last = random_game (NULL, 18, FALSE);
  ck_assert_uint_eq (carc_game_get_n_pieces (last), carc_game_get_n_pieces (over));
  ck_assert_uint_gt (carc_game_get_n_followers (last), 0);
  check_board (last, "board-base.svg");
  /* Half tiles, the abbey, inns and vineyards: half-filled cells, figures of several kinds. */
  static const char *const all[] = { "halftiles", "abbey", "inns-cathedrals", "vineyards", NULL };
  g_autoptr (CarcGame) mixed = random_game (all, 5, FALSE);
  ck_assert_uint_gt (carc_game_get_n_followers (mixed), 0);
  check_board (mixed, "board-expansions.svg");
  g_autoptr (CarcGame) mixed_over = random_game (all, 5, TRUE);
  check_board (mixed_over, NULL);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("pictures");
  TCase *tc = tcase_create ("pictures");
  tcase_add_test (tc, test_base_tiles);
  tcase_add_test (tc, test_data_files);
  tcase_add_test (tc, test_plugin_tiles);
  tcase_add_test (tc, test_anchors_of_d);
  tcase_add_test (tc, test_board);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
