/* test-daemon-scoring.c: FeatureScored's breakdown over D-Bus (issue 18: "FeatureScored
 * carries ... the breakdown of its points (tiles, shields, cities, vineyards, inn, ...),
 * from ABI 2's scoring breakdown"; issue 16: the signatures that change with ABI 2 change
 * once, together). A listener on a connection of its own records every signal of a game
 * whose tiles are fixed by 'tile-order'. */
#include "config.h"

#include <check.h>
#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"

static void
on_signal (GDBusConnection *c, const char *sender, const char *path, const char *iface,
           const char *signal, GVariant *params, gpointer data)
{
  GPtrArray *seen = data;
  if (g_str_equal (signal, "FeatureScored") || g_str_equal (signal, "PointsAwarded"))
    g_ptr_array_add (seen, g_strdup_printf ("%s%s", signal, g_variant_print (params, FALSE)));
}

static guint
listen (Fixture *f, GPtrArray *seen)
{
  return g_dbus_connection_signal_subscribe (f->x, NULL, GAME_IFACE, NULL, f->game, NULL,
                                             G_DBUS_SIGNAL_FLAGS_NONE, on_signal, seen, NULL);
}

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

/* Waits for the first scoring signal and asserts it is exactly @expected. */
static void
assert_first_scoring (GPtrArray *seen, const char *expected)
{
  WAIT_FOR (seen->len > 0);
  ck_assert_uint_gt (seen->len, 0);
  ck_assert_str_eq (g_ptr_array_index (seen, 0), expected);
}

/* The base rules' city (doc/dbus-game.md's example): Ann puts D north of the start tile D,
 * turned twice, with a knight in the city (segment 0); the two-tile city scores her 4, one
 * item "tiles" 2 = 4, and Bob nothing and no item. */
START_TEST (test_city_breakdown)
{
  Fixture f;
  fixture_setup (&f, NULL, "{'tile-order': <['D', 'U']>}", FALSE);
  g_autoptr (GPtrArray) seen = g_ptr_array_new_with_free_func (g_free);
  guint id = listen (&f, seen);

  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Start", NO_OPTIONS));
  place (f.a, f.game, 0, -1, 2);
  deploy (f.a, f.game, 0);
  assert_first_scoring (seen, "FeatureScored(0, -1, 0, 2, false, [4, 0], [(0, 'tiles', 2, 4)])");
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
  guint id = listen (&f, seen);

  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Start", NO_OPTIONS));
  place (f.a, f.game, -1, 0, 0);
  deploy (f.a, f.game, 0);
  place (f.b, f.game, 1, 0, 0);
  g_variant_unref (call_ok (f.b, f.game, GAME_IFACE, "Skip", NO_OPTIONS));
  assert_first_scoring (
      seen, "FeatureScored(-1, 0, 0, 1, false, [6, 0], [(0, 'tiles', 3, 3), (0, 'inn', 0, 3)])");
  g_dbus_connection_signal_unsubscribe (f.x, id);
  fixture_teardown (&f);
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
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
