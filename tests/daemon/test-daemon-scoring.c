/* test-daemon-scoring.c: FeatureScored's breakdown over D-Bus (issue 18: "FeatureScored
 * carries ... the breakdown of its points (tiles, shields, cities, vineyards, inn, ...),
 * from ABI 2's scoring breakdown"; issue 16: the signatures that change with ABI 2 change
 * once, together). A listener on a connection of its own records every signal of a game
 * whose tiles are fixed by 'tile-order'. */
#include "config.h"

#include <check.h>
#include <string.h>
#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"

static void
place (GDBusConnection *c, const char *game, gint x, gint y, guint rotation)
{
  g_variant_unref (
      call_ok (c, game, GAME_IFACE, "Place", g_variant_new ("(iiua{sv})", x, y, rotation, NULL)));
}

static void
deploy (GDBusConnection *c, const char *game, guint segment)
{
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Deploy",
                            g_variant_new ("(sua{sv})", "follower", segment, NULL)));
}

/* Waits for the first FeatureScored and asserts it is exactly @expected. */
static void
assert_first_scoring (GPtrArray *seen, const char *expected)
{
  WAIT_FOR (first_signal (seen, "FeatureScored(") != NULL);
  ck_assert_pstr_eq (first_signal (seen, "FeatureScored("), expected);
}

/* The signals seen from the first TurnEnded on, the arguments of TurnEnded and GameOver
 * left out: "TurnEnded PointsAwarded(...) GameOver". */
static char *
signals_from_turn_end (GPtrArray *seen)
{
  GString *s = g_string_new (NULL);
  gboolean on = FALSE;
  for (guint i = 0; i < seen->len; i++)
    {
      const char *text = g_ptr_array_index (seen, i);
      gboolean short_form
          = g_str_has_prefix (text, "TurnEnded(") || g_str_has_prefix (text, "GameOver(");
      on |= g_str_has_prefix (text, "TurnEnded(");
      if (!on)
        continue;
      if (s->len)
        g_string_append_c (s, ' ');
      if (short_form)
        g_string_append_len (s, text, strchr (text, '(') - text);
      else
        g_string_append (s, text);
    }
  return g_string_free (s, FALSE);
}

/* The base rules' city (doc/dbus-game.md's example): Ann puts D north of the start tile D,
 * turned twice, with a knight in the city (segment 0); the two-tile city scores her 4, one
 * item "tiles" 2 = 4, and Bob nothing and no item. */
START_TEST (test_city_breakdown)
{
  Fixture f;
  fixture_setup (&f, NULL, "{'tile-order': <['D', 'U']>}", FALSE);
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  guint id = listen_to_game (&f, seen);

  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Start", NO_OPTIONS));
  place (f.a, f.game, 0, -1, 2);
  deploy (f.a, f.game, 0);
  /* issue 18: the feature's segments, (x, y, piece, segment): D's city and U's */
  assert_first_scoring (seen, "FeatureScored(0, -1, 1, 0, 2, false, [4, 0], [(0, 'tiles', 2, 4)], "
                              "[(0, 0, 0, 0), (0, -1, 1, 0)])");
  g_dbus_connection_signal_unsubscribe (f.x, id);
  fixture_teardown (&f);
}
END_TEST

/* IC-1 (RULES-next.md D15) over D-Bus: Ann's follower on the inn road of IC-RRR.i west of
 * the start tile, Bob's junction W east of it closes the road of 3 tiles: Ann 6, as "tiles"
 * 3 = 3 and the inn's "inn" (counting nothing) = 3; the expansion's bonus is an item of its
 * own, not folded into the tiles. */
START_TEST (test_inn_breakdown)
{
  Fixture f;
  fixture_setup (&f, NULL,
                 "{'expansions': <['inns-cathedrals']>, 'tile-order': <['IC-RRR.i', 'W', 'B']>}",
                 FALSE);
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  guint id = listen_to_game (&f, seen);

  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Start", NO_OPTIONS));
  place (f.a, f.game, -1, 0, 0);
  deploy (f.a, f.game, 0);
  place (f.b, f.game, 1, 0, 0);
  g_variant_unref (call_ok (f.b, f.game, GAME_IFACE, "Skip", NO_OPTIONS));
  assert_first_scoring (
      seen, "FeatureScored(-1, 0, 1, 0, 1, false, [6, 0], [(0, 'tiles', 3, 3), (0, 'inn', 0, 3)], "
            "[(0, 0, 0, 1), (-1, 0, 1, 0), (1, 0, 2, 2)])");
  g_dbus_connection_signal_unsubscribe (f.x, id);
  fixture_teardown (&f);
}
END_TEST

/* PointsAwarded (issue 18) with tests/daemon/awards.c: Ann closes the start city with E
 * and nobody in it (no FeatureScored) and is awarded "closed" 1 = 1 before her TurnEnded;
 * E was the only tile, and the end-of-game award "end" = 5 to Bob comes after TurnEnded,
 * before GameOver; Scores count both. */
START_TEST (test_points_awarded)
{
  g_autofree char *dir = test_plugin_dir ("awards");
  g_autofree char *dir_arg = g_strconcat ("--plugin-dir=", dir, NULL);
  const char *args[] = { dir_arg, NULL };
  Fixture f;
  fixture_setup (&f, args, "{'expansions': <['awards']>, 'tile-order': <['E']>}", FALSE);
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  guint id = listen_to_game (&f, seen);

  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Start", NO_OPTIONS));
  place (f.a, f.game, 0, -1, 2);
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Skip", NO_OPTIONS));
  WAIT_FOR (seen->len > 0
            && g_str_has_prefix (g_ptr_array_index (seen, seen->len - 1), "GameOver"));
  g_autofree char *closed = g_strdup_printf ("PointsAwarded('%s', 'closed', 1, 1)", f.pa);
  ck_assert_msg (g_ptr_array_find_with_equal_func (seen, closed, g_str_equal, NULL), "no %s",
                 closed);
  ck_assert_ptr_null (first_signal (seen, "FeatureScored("));
  g_autofree char *end = signals_from_turn_end (seen);
  g_autofree char *expected
      = g_strdup_printf ("TurnEnded PointsAwarded('%s', 'end', 0, 5) GameOver", f.pb);
  ck_assert_str_eq (end, expected);
  g_autoptr (GVariant) scores = get_property (f.x, f.game, GAME_IFACE, "Scores");
  g_autofree char *scores_text = g_variant_print (scores, FALSE);
  ck_assert_str_eq (scores_text, "[1, 5]");
  g_dbus_connection_signal_unsubscribe (f.x, id);
  fixture_teardown (&f);
  remove_tree (dir);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("daemon-scoring");
  TCase *tc = tcase_create ("breakdown");
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_city_breakdown);
  tcase_add_test (tc, test_inn_breakdown);
  tcase_add_test (tc, test_points_awarded);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
