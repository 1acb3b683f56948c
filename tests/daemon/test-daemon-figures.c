/* test-daemon-figures.c: a plugin's figure kind over D-Bus (issue 16, Figures: "deploy names
 * the figure kind; events, records and D-Bus carry it"). The daemon loads
 * tests/daemon/big-figure.c (kind "big", one per player) from a plugin directory of its own;
 * the board is the start tile D with W r0 placed at (1, 0) by Ann. */
#include "config.h"

#include <check.h>
#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"

/* Player.Figures lists the kinds in the game's order, before and after the start; Ann
 * deploys "big" by name on W's west arm (segment 2): GetDeployments offered it after the
 * follower on each segment, FollowerDeployed names it, Figures shows her none left; a kind
 * the game does not have is IllegalDeployment and changes nothing. */
START_TEST (test_deploy_a_plugin_figure)
{
  g_autofree char *dir = test_plugin_dir ("big-figure");
  g_autofree char *dir_arg = g_strconcat ("--plugin-dir=", dir, NULL);
  const char *args[] = { dir_arg, NULL };
  Fixture f;
  fixture_setup (&f, args, "{'expansions': <['big-figure']>, 'tile-order': <['W', 'A']>}", FALSE);
  g_autofree char *before = player_figures (f.a, f.pa);
  ck_assert_str_eq (before, "{'follower': 7, 'big': 1}");
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  guint id = listen_to_game (&f, seen);
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Start", NO_OPTIONS));
  g_variant_unref (
      call_ok (f.a, f.game, GAME_IFACE, "Place", g_variant_new ("(iiua{sv})", 1, 0, 0, NULL)));

  g_autoptr (GVariant) d = call_ok (f.a, f.game, GAME_IFACE, "GetDeployments", NULL);
  g_autoptr (GVariant) list = g_variant_get_child_value (d, 0);
  ck_assert_uint_eq (g_variant_n_children (list), 12);
  g_autoptr (GVariant) west = g_variant_get_child_value (list, 5);
  g_autofree char *west_text = g_variant_print (west, FALSE);
  ck_assert_str_eq (west_text, "('big', 2, 1, ['W'])");

  g_autofree char *snapshot = game_snapshot (f.a, f.game);
  g_autofree char *refused
      = call_error (f.a, f.game, GAME_IFACE, "Deploy", g_variant_new ("(sua{sv})", "pig", 2, NULL));
  ck_assert_str_eq (refused, E ("IllegalDeployment"));
  g_autofree char *unchanged = game_snapshot (f.a, f.game);
  ck_assert_str_eq (unchanged, snapshot);

  g_variant_unref (
      call_ok (f.a, f.game, GAME_IFACE, "Deploy", g_variant_new ("(sua{sv})", "big", 2, NULL)));
  g_autofree char *deployed
      = g_strdup_printf ("FollowerDeployed('%s', 1, 0, 1, 2, 1, ['W'], 'big')", f.pa);
  WAIT_FOR (seen->len > 0 && g_ptr_array_find_with_equal_func (seen, deployed, g_str_equal, NULL));
  ck_assert_msg (g_ptr_array_find_with_equal_func (seen, deployed, g_str_equal, NULL),
                 "no %s among %u signals: %s", deployed, seen->len,
                 seen->len > 1 ? (char *)seen->pdata[1] : "");
  g_autofree char *after = player_figures (f.a, f.pa);
  ck_assert_str_eq (after, "{'follower': 7, 'big': 0}");
  g_autoptr (GVariant) followers = get_property (f.a, f.pa, PLAYER_IFACE, "Followers");
  ck_assert_uint_eq (g_variant_get_uint32 (followers), 7);
  g_autofree char *bob = player_figures (f.b, f.pb);
  ck_assert_str_eq (bob, "{'follower': 7, 'big': 1}");

  g_dbus_connection_signal_unsubscribe (f.x, id);
  fixture_teardown (&f);
  remove_tree (dir);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("daemon-figures");
  TCase *tc = tcase_create ("figures");
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_deploy_a_plugin_figure);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
