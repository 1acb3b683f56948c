/* test-daemon.c: the real carcassonned on a private bus, driven by GDBus clients: two
 * clients play a complete seeded game, and its scores equal the engine's in-process.
 * (Bad input: test-daemon-errors.c; seats, bots, several games, signals:
 * test-daemon-seats.c; the XML: test-daemon-introspection.c; game lifetime:
 * test-daemon-lifetime.c.)
 */
#include "config.h"

#include <check.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"

/* Issue 3: two clients play a complete seeded game; the final scores equal the engine's. */
START_TEST (test_two_clients_complete_game)
{
  GPid pid = daemon_start (NULL);
  GDBusConnection *clients[2] = { client_new (), client_new () };
  g_autofree char *game = create_game (clients[0], "{'seed': <@t 20261130>}");
  char *players[2];
  g_autofree char *token0 = NULL, *token1 = NULL;
  guint expected[2];

  players[0] = join_game (clients[0], game, "Ann", &token0);
  players[1] = join_game (clients[1], game, "Bob", &token1);
  ck_assert_str_ne (token0, token1);
  ck_assert_uint_eq (strlen (token0), 32);
  g_variant_unref (call_ok (clients[1], game, GAME_IFACE, "Start", NO_OPTIONS));
  play_to_end (clients, players, 2, game);
  engine_scores (20261130, 2, expected);
  assert_scores (clients[0], game, expected, 2);
  ck_assert_uint_eq (get_uint (clients[1], players[0], PLAYER_IFACE, "Score"), expected[0]);
  ck_assert_uint_eq (get_uint (clients[1], players[1], PLAYER_IFACE, "Score"), expected[1]);
  ck_assert_uint_eq (get_uint (clients[1], game, GAME_IFACE, "TilesLeft"), 0);
  for (guint i = 0; i < 2; i++)
    {
      g_free (players[i]);
      g_object_unref (clients[i]);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static Suite *
daemon_suite (void)
{
  Suite *s = suite_create ("daemon");
  TCase *tc = tcase_create ("games");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_two_clients_complete_game);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (daemon_suite ());
}
