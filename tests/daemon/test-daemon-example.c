/* test-daemon-example.c: the example plugin (examples/plugin/wells.c, doc/plugin-guide.md
 * section 11) loaded from disk by the real daemon and played over D-Bus with the generic
 * calls alone (issue 16: "a plugin that adds a new figure kind and a new move type is
 * playable over D-Bus with no change to the daemon"). The daemon loads
 * examples/plugin/.libs/wells.so from a plugin directory of its own. The board: the start tile
 * D at (0, 0), its road west-east; the pile WE-U (a straight road with a well), A, A. */
#include "config.h"

#include <check.h>
#include <string.h>
#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"

static void
play (GDBusConnection *c, const char *game, const char *type, const char *args_text)
{
  g_variant_unref (
      call_ok (c, game, GAME_IFACE, "Play",
               g_variant_new ("(s@a{sv}a{sv})", type, g_variant_new_parsed (args_text), NULL)));
}

/* Play refuses @type now with the D-Bus error @name and the engine's @message, and changes
 * nothing. */
static void
assert_play_refused (GDBusConnection *c, const char *game, const char *type, const char *name,
                     const char *message)
{
  g_autofree char *before = game_snapshot (c, game);
  g_autoptr (GError) error = NULL;
  GVariant *args = g_variant_new ("(s@a{sv}a{sv})", type, g_variant_new_parsed ("@a{sv} {}"), NULL);
  ck_assert_ptr_null (call (c, game, GAME_IFACE, "Play", args, &error));
  g_autofree char *remote = g_dbus_error_get_remote_error (error);
  ck_assert_str_eq (remote, name);
  g_dbus_error_strip_remote_error (error);
  ck_assert_str_eq (error->message, message);
  g_autofree char *after = game_snapshot (c, game);
  ck_assert_str_eq (after, before);
}

/* Wells W-2, W-3, W-4 over D-Bus. Ann places WE-U east of the start tile and deploys the
 * bucket by name (Player.Figures: none left); draw-water before the phase is IllegalMove with
 * the plugin's reason; then she holds the "well" phase (State 6) where GetMoves lists the
 * plugin's two moves, and draws water. Bob and Ann close the road with two A: 4 tiles and one
 * drawn well, FeatureScored's breakdown is tiles 4 x 1 = 4 and wells 1 x 2 = 2. */
START_TEST (test_play_the_example_over_dbus)
{
  g_autofree char *dir = plugin_dir_linking (TOP_BUILDDIR "/examples/plugin/.libs/wells.so");
  g_autofree char *dir_arg = g_strconcat ("--plugin-dir=", dir, NULL);
  const char *args[] = { dir_arg, NULL };
  Fixture f;
  fixture_setup (&f, args, "{'expansions': <['wells']>, 'tile-order': <['WE-U', 'A', 'A']>}",
                 FALSE);
  g_autofree char *before = player_figures (f.a, f.pa);
  ck_assert_str_eq (before, "{'follower': 7, 'bucket': 1}");
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  guint id = listen_to_game (&f, seen);
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Start", NO_OPTIONS));

  play (f.a, f.game, "place", "{'x': <1>, 'y': <0>, 'rotation': <uint32 1>}");
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 2);
  /* the bucket goes on roads and cities: WE-U's road (segment 0), not its fields */
  g_autofree char *deploys = game_moves (f.a, f.game);
  ck_assert_str_eq (deploys, "[('deploy', {'segment': <uint32 0>, 'figure': <'follower'>}), "
                             "('deploy', {'segment': <uint32 0>, 'figure': <'bucket'>}), "
                             "('deploy', {'segment': <uint32 1>, 'figure': <'follower'>}), "
                             "('deploy', {'segment': <uint32 2>, 'figure': <'follower'>}), "
                             "('skip', {})]");
  assert_play_refused (f.a, f.game, "draw-water", E ("IllegalMove"),
                       "water is drawn only right after placing a well");
  g_autofree char *field = call_error (f.a, f.game, GAME_IFACE, "Deploy",
                                       g_variant_new ("(sua{sv})", "bucket", 1, NULL));
  ck_assert_str_eq (field, E ("IllegalDeployment"));
  play (f.a, f.game, "deploy", "{'segment': <uint32 0>, 'figure': <'bucket'>}");
  g_autofree char *after = player_figures (f.a, f.pa);
  ck_assert_str_eq (after, "{'follower': 7, 'bucket': 0}");

  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 6);
  g_autofree char *well = game_moves (f.a, f.game);
  ck_assert_str_eq (well, "[('draw-water', {}), ('leave-well', {})]");
  g_autofree char *bobs = game_moves (f.b, f.game);
  ck_assert_str_eq (bobs, "[]");
  g_autofree char *skip = call_error (f.a, f.game, GAME_IFACE, "Skip", NO_OPTIONS);
  ck_assert_str_eq (skip, E ("WrongPhase"));
  play (f.a, f.game, "draw-water", "@a{sv} {}");
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 1);
  g_autofree char *active = active_player (f.a, f.game);
  ck_assert_str_eq (active, f.pb);

  play (f.b, f.game, "place", "{'x': <-1>, 'y': <0>, 'rotation': <uint32 3>}");
  play (f.b, f.game, "skip", "@a{sv} {}");
  play (f.a, f.game, "place", "{'x': <2>, 'y': <0>, 'rotation': <uint32 1>}");
  play (f.a, f.game, "skip", "@a{sv} {}");
  WAIT_FOR (get_uint (f.a, f.game, GAME_IFACE, "State") == 3 && first_signal (seen, "GameOver"));
  const char *scored = first_signal (seen, "FeatureScored(");
  ck_assert_ptr_nonnull (scored);
  /* WE-U's road (piece 1, segment 0 at (1, 0), kind 1: road), during the game, and the
   * road's four segments (doc/dbus-game.md, FeatureScored) */
  ck_assert_str_eq (scored, "FeatureScored(1, 0, 1, 0, 1, false, [6, 0], [(0, 'tiles', 4, 4), "
                            "(0, 'wells', 1, 2)], [(0, 0, 0, 1), (1, 0, 1, 0), (-1, 0, 2, 1), "
                            "(2, 0, 3, 1)])");
  const guint scores[] = { 6, 0 };
  assert_scores (f.a, f.game, scores, 2);
  g_autofree char *home = player_figures (f.a, f.pa);
  ck_assert_str_eq (home, "{'follower': 7, 'bucket': 1}");

  g_dbus_connection_signal_unsubscribe (f.x, id);
  fixture_teardown (&f);
  remove_tree (dir);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("daemon-example");
  TCase *tc = tcase_create ("example");
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_play_the_example_over_dbus);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
