/* test-daemon-pictures.c: Game.GetBoardPicture and Game.GetTilePicture (issue 18, Pictures;
 * doc/dbus-game.md): the daemon answers with the engine's SVG, byte for byte: the board of a
 * game played through the daemon equals carc_game_to_svg() of the same game played by the
 * engine in the test, during the game and at its end, with and without expansions, and an
 * imported game's waiting for Start is the engine's replay of the record to that move; a tile
 * type's picture equals carc_tile_type_to_svg(), from the game and from Manager.GetTilePicture
 * (any loaded plugin's tiles). Refusals: WrongPhase before the start,
 * UnknownTile, InvalidArgs. GetSegmentGeometry (issue 18, "Per segment: an anchor point where
 * a figure is drawn, and the geometry a frontend needs to highlight it") answers the library's
 * carc_tile_type_get_segment_anchor() and _get_segment_path() exactly, for every tile type of
 * a game with every expansion in every rotation, from the game and from the Manager. */
#include "config.h"

#include <check.h>
#include <string.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-play.h"
#include "expansion-play.h"

static char *
board_picture (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "GetBoardPicture", NULL);
  char *svg;
  g_variant_get (r, "(s)", &svg);
  return svg;
}

static char *
tile_picture (GDBusConnection *c, const char *game, const char *tile, guint rotation)
{
  g_autoptr (GVariant) r
      = call_ok (c, game, GAME_IFACE, "GetTilePicture", g_variant_new ("(su)", tile, rotation));
  char *svg;
  g_variant_get (r, "(s)", &svg);
  return svg;
}

static void
assert_board_is_engines (GDBusConnection *c, const char *game, CarcGame *mirror)
{
  g_autofree char *have = board_picture (c, game);
  g_autofree char *want = carc_game_to_svg (mirror);
  ck_assert_str_eq (have, want);
}

static void
seat (GDBusConnection *c, const char *game, const char *name)
{
  g_autofree char *token = NULL;
  g_free (join_game (c, game, name, &token));
}

/* A base game played by two clients, mirrored by the engine: the same picture after 41
 * moves (figures on the board) and at the end. */
START_TEST (test_board_picture_base)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (18);
  g_autoptr (GDBusConnection) c0 = client_new ();
  g_autoptr (GDBusConnection) c1 = client_new ();
  GDBusConnection *c[2] = { c0, c1 };
  g_autofree char *game = create_game (c0, "{'seed': <@t 1818>}");
  seat (c0, game, "Ann");
  seat (c1, game, "Bob");
  /* no board before the start */
  g_autofree char *refused = call_error (c1, game, GAME_IFACE, "GetBoardPicture", NULL);
  ck_assert_str_eq (refused, E ("WrongPhase"));
  g_variant_unref (call_ok (c0, game, GAME_IFACE, "Start", NO_OPTIONS));
  g_autofree char *record = export_record (c0, game);
  g_autoptr (CarcGame) mirror = mirror_from_record (record, NULL);
  mirror_play (c, game, mirror, rand, 41);
  ck_assert_uint_gt (carc_game_get_n_followers (mirror), 0);
  assert_board_is_engines (c1, game, mirror);
  mirror_play (c, game, mirror, rand, G_MAXUINT);
  ck_assert_uint_eq (get_uint (c0, game, GAME_IFACE, "State"), 3);
  assert_board_is_engines (c0, game, mirror);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A bot game with every expansion, over: its picture is the engine's replay of its record's;
 * its tile types' pictures are the engine's, and only its own. */
START_TEST (test_pictures_expansions)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autofree char *game
      = create_game (a, "{'bots': <uint32 3>, 'players': <uint32 3>, 'seed': <@t 5150>, "
                        "'expansions': <" ALL_EXPANSIONS ">}");
  g_autofree char *base = create_game (a, "{'seed': <@t 1>}");
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  WAIT_FOR (get_uint (a, game, GAME_IFACE, "State") == 3);
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "State"), 3);
  g_autofree char *record = export_record (a, game);
  g_autoptr (CarcGame) mirror = mirror_from_record (record, test_plugin_host ());
  assert_board_is_engines (a, game, mirror);
  /* imported at move 60 and waiting for Start: the position it goes on from */
  g_autoptr (GVariant) imported = call_ok (
      a, ROOT_PATH, MANAGER_IFACE, "ImportGame",
      g_variant_new ("(s@a{sv})", record, g_variant_new_parsed ("{'moves': <uint32 60>}")));
  const char *copy;
  g_variant_get (imported, "(&o&s)", &copy, NULL);
  ck_assert_uint_eq (get_uint (a, copy, GAME_IFACE, "State"), 0);
  g_autoptr (CarcTileSet) base_tiles = carc_tile_set_new_base (NULL);
  g_autoptr (CarcRecord) parsed
      = carc_record_parse (record, -1, base_tiles, test_plugin_host (), NULL);
  g_autoptr (CarcGame) at60 = carc_record_replay (parsed, 60, NULL, NULL, NULL, NULL);
  ck_assert_ptr_nonnull (at60);
  assert_board_is_engines (a, copy, at60);

  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  CarcPlugin *halftiles = carc_plugin_host_lookup (test_plugin_host (), "halftiles");
  const CarcTileType *half = carc_tile_set_lookup (carc_plugin_get_tiles (halftiles), "HT-I-09");
  g_autofree char *d_want = carc_tile_type_to_svg (carc_tile_set_lookup (tiles, "D"), 1);
  g_autofree char *half_want = carc_tile_type_to_svg (half, 2);
  g_autofree char *d_have = tile_picture (a, game, "D", 1);
  g_autofree char *half_have = tile_picture (a, game, "HT-I-09", 2);
  ck_assert_str_eq (d_have, d_want);
  ck_assert_str_eq (half_have, half_want);
  /* a waiting base game has its tiles' pictures, not an expansion's */
  g_autofree char *d_waiting = tile_picture (a, base, "D", 1);
  ck_assert_str_eq (d_waiting, d_want);
  g_autofree char *e1
      = call_error (a, base, GAME_IFACE, "GetTilePicture", g_variant_new ("(su)", "HT-I-09", 0));
  ck_assert_str_eq (e1, E ("UnknownTile"));
  g_autofree char *e2
      = call_error (a, game, GAME_IFACE, "GetTilePicture", g_variant_new ("(su)", "Q9", 0));
  ck_assert_str_eq (e2, E ("UnknownTile"));
  g_autofree char *e3
      = call_error (a, game, GAME_IFACE, "GetTilePicture", g_variant_new ("(su)", "D", 4));
  ck_assert_str_eq (e3, E ("InvalidArgs"));
  /* the Manager has every loaded plugin's tiles, before any game */
  g_autoptr (GVariant) m1 = call_ok (a, ROOT_PATH, MANAGER_IFACE, "GetTilePicture",
                                     g_variant_new ("(su)", "HT-I-09", 2));
  g_autoptr (GVariant) m2
      = call_ok (a, ROOT_PATH, MANAGER_IFACE, "GetTilePicture", g_variant_new ("(su)", "D", 1));
  const char *m1_svg, *m2_svg;
  g_variant_get (m1, "(&s)", &m1_svg);
  g_variant_get (m2, "(&s)", &m2_svg);
  ck_assert_str_eq (m1_svg, half_want);
  ck_assert_str_eq (m2_svg, d_want);
  g_autofree char *e4
      = call_error (a, ROOT_PATH, MANAGER_IFACE, "GetTilePicture", g_variant_new ("(su)", "Q9", 0));
  ck_assert_str_eq (e4, E ("UnknownTile"));
  g_autofree char *e5 = call_error (a, ROOT_PATH, MANAGER_IFACE, "GetTilePicture",
                                    g_variant_new ("(su)", "abbey", 7));
  ck_assert_str_eq (e5, E ("InvalidArgs"));
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* @have (GetSegmentGeometry's a(uuddbs)) is @type's geometry in @rotation as the library
 * gives it, value for value: the anchor's doubles compared with ==. */
static void
assert_geometry_is_engines (GVariant *have, const CarcTileType *type, guint rotation)
{
  g_autoptr (GVariant) segments = g_variant_get_child_value (have, 0);
  guint n = carc_tile_type_get_n_segments (type);
  ck_assert_uint_eq (g_variant_n_children (segments), n);
  for (guint i = 0; i < n; i++)
    {
      guint segment, kind;
      double x, y, want_x = -1, want_y = -1;
      gboolean line, want_line = TRUE;
      const char *path;
      g_variant_get_child (segments, i, "(uuddb&s)", &segment, &kind, &x, &y, &line, &path);
      ck_assert (carc_tile_type_get_segment_anchor (type, i, rotation, &want_x, &want_y));
      g_autofree char *want_path = carc_tile_type_get_segment_path (type, i, rotation, &want_line);
      ck_assert_uint_eq (segment, i);
      ck_assert_uint_eq (kind, carc_tile_type_get_segment_kind (type, i));
      ck_assert_msg (x == want_x && y == want_y, "%s seg %u r%u: (%g, %g) is not (%g, %g)",
                     carc_tile_type_get_id (type), i, rotation, x, y, want_x, want_y);
      ck_assert_int_eq (!!line, !!want_line);
      ck_assert_str_eq (path, want_path);
      ck_assert_uint_gt (strlen (path), 0);
    }
}

/* Every tile type of a game with every expansion (the base set's, then each expansion's), in
 * every rotation: Game.GetSegmentGeometry is the library's; so is Manager's for a half tile
 * (a triangle's anchors in its corner) and for the base set's D. Refusals as GetTilePicture's:
 * UnknownTile for a tile the game (or the daemon) lacks, InvalidArgs for rotation 4. */
START_TEST (test_segment_geometry)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autofree char *game
      = create_game (a, "{'players': <uint32 2>, 'expansions': <" ALL_EXPANSIONS ">}");
  g_autofree char *base = create_game (a, "{'seed': <@t 1>}");
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  g_autoptr (GVariant) types = call_ok (a, game, GAME_IFACE, "GetTileTypes", NULL);
  g_autoptr (GVariant) list = g_variant_get_child_value (types, 0);
  const char *names[] = { "abbey", "halftiles", "inns-cathedrals", "vineyards", "winter" };
  guint checked = 0, halves = 0;
  for (gsize k = 0; k < g_variant_n_children (list); k++)
    {
      const char *id;
      g_variant_get_child (list, k, "(&s@au@a(uasb)@a{ss})", &id, NULL, NULL, NULL);
      const CarcTileType *type = carc_tile_set_lookup (tiles, id);
      for (guint e = 0; !type && e < G_N_ELEMENTS (names); e++)
        type = carc_tile_set_lookup (
            carc_plugin_get_tiles (carc_plugin_host_lookup (test_plugin_host (), names[e])), id);
      ck_assert_msg (type != NULL, "tile %s", id);
      halves += carc_tile_type_get_n_sides (type) == 3;
      for (guint r = 0; r < 4; r++)
        {
          g_autoptr (GVariant) have
              = call_ok (a, game, GAME_IFACE, "GetSegmentGeometry", g_variant_new ("(su)", id, r));
          assert_geometry_is_engines (have, type, r);
          checked++;
        }
    }
  ck_assert_uint_gt (halves, 0);
  ck_assert_uint_gt (checked, 4 * 24);
  CarcPlugin *halftiles = carc_plugin_host_lookup (test_plugin_host (), "halftiles");
  const CarcTileType *half = carc_tile_set_lookup (carc_plugin_get_tiles (halftiles), "HT-I-09");
  g_autoptr (GVariant) m1 = call_ok (a, ROOT_PATH, MANAGER_IFACE, "GetSegmentGeometry",
                                     g_variant_new ("(su)", "HT-I-09", 2));
  assert_geometry_is_engines (m1, half, 2);
  g_autoptr (GVariant) m2
      = call_ok (a, ROOT_PATH, MANAGER_IFACE, "GetSegmentGeometry", g_variant_new ("(su)", "D", 3));
  assert_geometry_is_engines (m2, carc_tile_set_lookup (tiles, "D"), 3);
  struct
  {
    const char *path, *iface, *tile;
    guint rotation;
    const char *error;
  } refused[] = {
    { base, GAME_IFACE, "HT-I-09", 0, E ("UnknownTile") },
    { game, GAME_IFACE, "Q9", 0, E ("UnknownTile") },
    { game, GAME_IFACE, "D", 4, E ("InvalidArgs") },
    { ROOT_PATH, MANAGER_IFACE, "Q9", 0, E ("UnknownTile") },
    { ROOT_PATH, MANAGER_IFACE, "abbey", 7, E ("InvalidArgs") },
  };
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autofree char *e
          = call_error (a, refused[i].path, refused[i].iface, "GetSegmentGeometry",
                        g_variant_new ("(su)", refused[i].tile, refused[i].rotation));
      ck_assert_msg (g_str_equal (e, refused[i].error), "case %u: %s", i, e);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("daemon-pictures");
  TCase *tc = tcase_create ("pictures");
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_board_picture_base);
  tcase_add_test (tc, test_pictures_expansions);
  tcase_add_test (tc, test_segment_geometry);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
