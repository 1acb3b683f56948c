/* test-daemon-moves.c: a plugin's move type and phase over D-Bus (issue 16, Moves: "a plugin
 * that adds a new figure kind and a new move type is playable over D-Bus with no daemon
 * change"). The daemon loads the fixture tests/common/ring-bell.c (after each scored turn a
 * player who has not rung holds the "bell" phase: "ring-bell" for 1 point, once a game, or
 * "no-bell"; and the figure kind "ringer") from a plugin directory of its own. The board is
 * the start tile D; the pile W, A. */
#include "config.h"

#include <check.h>
#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"

static GVariant *
play_args (const char *type, const char *args_text)
{
  return g_variant_new ("(s@a{sv}a{sv})", type, g_variant_new_parsed (args_text), NULL);
}

/* Ann lists her moves (GetMoves) and plays them with Play: the placement, a skip, then the
 * bell phase's moves (State 6), where the built-in ones are WrongPhase; her ring scores 1
 * and the turn passes to Bob. Refusals change nothing. */
START_TEST (test_list_and_play_a_plugin_move)
{
  g_autofree char *dir = test_plugin_dir ("ring-bell");
  g_autofree char *dir_arg = g_strconcat ("--plugin-dir=", dir, NULL);
  const char *args[] = { dir_arg, NULL };
  Fixture f;
  fixture_setup (&f, args, "{'expansions': <['ring-bell']>, 'tile-order': <['W', 'A']>}", FALSE);
  g_autofree char *waiting = game_moves (f.a, f.game);
  ck_assert_str_eq (waiting, "[]");
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Start", NO_OPTIONS));
  /* not Bob's turn: nothing for him */
  g_autofree char *bobs = game_moves (f.b, f.game);
  ck_assert_str_eq (bobs, "[]");
  g_autoptr (GVariant) v = call_ok (f.a, f.game, GAME_IFACE, "GetMoves", NO_OPTIONS);
  g_autoptr (GVariant) list = g_variant_get_child_value (v, 0);
  g_autoptr (GVariant) p = call_ok (f.a, f.game, GAME_IFACE, "GetPlacements", NULL);
  g_autoptr (GVariant) placements = g_variant_get_child_value (p, 0);
  ck_assert_uint_eq (g_variant_n_children (list), g_variant_n_children (placements));
  g_autoptr (GVariant) first = g_variant_get_child_value (list, 0);
  g_autofree char *first_text = g_variant_print (first, FALSE);
  ck_assert_str_eq (first_text, "('place', {'x': <1>, 'y': <0>, 'rotation': <uint32 0>})");

  /* refusals: a type nobody has, an argument of a type moves do not take, Bob out of turn */
  g_autofree char *snapshot = game_snapshot (f.a, f.game);
  g_autofree char *jump
      = call_error (f.a, f.game, GAME_IFACE, "Play", play_args ("jump", "@a{sv} {}"));
  ck_assert_str_eq (jump, E ("IllegalMove"));
  g_autofree char *dbl
      = call_error (f.a, f.game, GAME_IFACE, "Play", play_args ("place", "{'x': <1.5>}"));
  ck_assert_str_eq (dbl, E ("InvalidArgs"));
  g_autofree char *bob_plays
      = call_error (f.b, f.game, GAME_IFACE, "Play",
                    play_args ("place", "{'x': <1>, 'y': <0>, 'rotation': <uint32 0>}"));
  ck_assert_str_eq (bob_plays, E ("NotYourTurn"));
  g_autofree char *early
      = call_error (f.a, f.game, GAME_IFACE, "Play", play_args ("ring-bell", "@a{sv} {}"));
  ck_assert_str_eq (early, E ("IllegalMove"));
  g_autofree char *unchanged = game_snapshot (f.a, f.game);
  ck_assert_str_eq (unchanged, snapshot);

  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Play",
                            play_args ("place", "{'x': <1>, 'y': <0>, 'rotation': <uint32 0>}")));
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 2);
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Play", play_args ("skip", "@a{sv} {}")));
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 6);
  g_autofree char *bell = game_moves (f.a, f.game);
  ck_assert_str_eq (bell, "[('ring-bell', {}), ('no-bell', {})]");
  g_autofree char *skip = call_error (f.a, f.game, GAME_IFACE, "Skip", NO_OPTIONS);
  ck_assert_str_eq (skip, E ("WrongPhase"));
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Play", play_args ("ring-bell", "@a{sv} {}")));
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 1);
  g_autofree char *active = active_player (f.a, f.game);
  ck_assert_str_eq (active, f.pb);
  const guint scores[] = { 1, 0 };
  assert_scores (f.a, f.game, scores, 2);
  fixture_teardown (&f);
  remove_tree (dir);
}
END_TEST

/* Two bots play a ring-bell game to its end from the move list alone: the game is over,
 * its record replays the plugin's moves (ExportRecord names them), and each bot rang at
 * most once. */
START_TEST (test_bots_play_the_plugin)
{
  g_autofree char *dir = test_plugin_dir ("ring-bell");
  g_autofree char *dir_arg = g_strconcat ("--plugin-dir=", dir, NULL);
  const char *args[] = { dir_arg, NULL };
  GPid pid = daemon_start (args);
  GDBusConnection *c = client_new ();
  g_autofree char *game = create_game (
      c, "{'players': <uint32 2>, 'expansions': <['ring-bell']>, 'seed': <uint64 7>, "
         "'bot-delay': <uint32 0>}");
  g_variant_unref (call_ok (c, game, GAME_IFACE, "AddBot", g_variant_new ("(sa{sv})", "b0", NULL)));
  g_variant_unref (call_ok (c, game, GAME_IFACE, "AddBot", g_variant_new ("(sa{sv})", "b1", NULL)));
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  WAIT_FOR (get_uint (c, game, GAME_IFACE, "State") == 3);
  ck_assert_uint_eq (get_uint (c, game, GAME_IFACE, "State"), 3);
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "ExportRecord", NO_OPTIONS);
  const char *record;
  g_variant_get (r, "(&s)", &record);
  guint rings = 0, declines = 0;
  for (const char *at = record; (at = strstr (at, "\"move\":\"ring-bell\"")); at++)
    rings++;
  for (const char *at = record; (at = strstr (at, "\"move\":\"no-bell\"")); at++)
    declines++;
  ck_assert_uint_le (rings, 2);
  ck_assert_uint_gt (rings + declines, 0);
  g_object_unref (c);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A daemon restarted in the plugin's phase restores it from the journal, where the moves are
 * {"move": "<type>"} lines (doc/persistence.md): the same State (6) and StateHash, and Ann's
 * token plays the bell move from a new connection. */
START_TEST (test_journal_keeps_the_plugin_phase)
{
  g_autofree char *dir = test_plugin_dir ("ring-bell");
  g_autofree char *dir_arg = g_strconcat ("--plugin-dir=", dir, NULL);
  g_autofree char *state = g_dir_make_tmp ("carcd-moves-state-XXXXXX", NULL);
  g_autofree char *state_arg = g_strconcat ("--state-dir=", state, NULL);
  const char *args[] = { dir_arg, state_arg, NULL };
  Fixture f;
  fixture_setup (&f, args, "{'expansions': <['ring-bell']>, 'tile-order': <['W', 'A']>}", FALSE);
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Start", NO_OPTIONS));
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Play",
                            play_args ("place", "{'x': <1>, 'y': <0>, 'rotation': <uint32 0>}")));
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Play", play_args ("skip", "@a{sv} {}")));
  g_autoptr (GVariant) hash = get_property (f.a, f.game, GAME_IFACE, "StateHash");
  g_autofree char *game = g_strdup (f.game);
  g_autofree char *token = g_strdup (f.ta);
  fixture_teardown (&f);

  GPid pid = daemon_start (args);
  GDBusConnection *c = client_new ();
  ck_assert_uint_eq (get_uint (c, game, GAME_IFACE, "State"), 6);
  g_autoptr (GVariant) again = get_property (c, game, GAME_IFACE, "StateHash");
  ck_assert (g_variant_equal (hash, again));
  g_autoptr (GVariant) options
      = g_variant_ref_sink (g_variant_new_parsed ("{'token': <%s>}", token));
  g_variant_unref (call_ok (
      c, game, GAME_IFACE, "Play",
      g_variant_new ("(s@a{sv}@a{sv})", "ring-bell", g_variant_new_parsed ("@a{sv} {}"), options)));
  ck_assert_uint_eq (get_uint (c, game, GAME_IFACE, "State"), 1);
  g_object_unref (c);
  ck_assert_int_eq (daemon_stop (pid), 0);
  remove_tree (state);
  remove_tree (dir);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("daemon-moves");
  TCase *tc = tcase_create ("moves");
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_list_and_play_a_plugin_move);
  tcase_add_test (tc, test_bots_play_the_plugin);
  tcase_add_test (tc, test_journal_keeps_the_plugin_phase);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
