/* test-daemon.c: the real carcassonned on a private bus, driven by GDBus clients.
 *
 * Complete games through D-Bus against the engine in-process, seats and tokens, bots,
 * several games at once, the interface XML against the running daemon's introspection.
 * (Bad input of every method: test-daemon-errors.c.)
 */
#include "config.h"

#include <check.h>
#include <signal.h>
#include <sys/wait.h>

#include "carcassonne.h"
#include "check-run.h"
#include "daemon-fixture.h"

/* The deterministic policy both sides play: placement turn % n; a follower on deployment
 * turn % n every third turn, else skip. */
static guint
pick_placement (guint turn, guint n)
{
  return turn % n;
}

static gint
pick_deployment (guint turn, guint n)
{
  return (n > 0 && turn % 3 == 0) ? (gint)(turn % n) : -1;
}

/* The engine's final scores for @seed and the policy, in-process. */
static void
engine_scores (guint64 seed, guint n_players, guint *scores)
{
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  g_autoptr (CarcGame) game = NULL;

  carc_game_config_set_n_players (config, n_players);
  carc_game_config_set_seed (config, seed);
  game = carc_game_new (config, NULL);
  while (carc_game_get_phase (game) != CARC_PHASE_OVER)
    {
      guint turn = carc_game_get_turn (game), n;
      CarcPlacement p;
      const CarcDeployment *d;
      gint k;

      ck_assert (carc_game_get_placement (
          game, pick_placement (turn, carc_game_get_n_placements (game)), &p));
      ck_assert (carc_game_place (game, p.x, p.y, p.rotation, NULL));
      d = carc_game_get_deployments (game, &n);
      k = pick_deployment (turn, n);
      if (k >= 0)
        ck_assert (carc_game_deploy (game, d[k].segment, NULL));
      else
        ck_assert (carc_game_skip (game, NULL));
    }
  for (guint i = 0; i < n_players; i++)
    scores[i] = carc_game_get_score (game, i);
}

static guint
get_uint (GDBusConnection *c, const char *path, const char *iface, const char *name)
{
  g_autoptr (GVariant) v = get_property (c, path, iface, name);
  return g_variant_get_uint32 (v);
}

static char *
join (GDBusConnection *c, const char *game, const char *name, char **token)
{
  g_autoptr (GVariant) r
      = call_ok (c, game, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", name, NULL));
  char *player;

  g_variant_get (r, "(os)", &player, token);
  return player;
}

/* The active client plays one turn of the policy through D-Bus. */
static void
play_turn (GDBusConnection *c, const char *game)
{
  guint turn = get_uint (c, game, GAME_IFACE, "Turn");
  g_autoptr (GVariant) placements = call_ok (c, game, GAME_IFACE, "GetPlacements", NULL);
  g_autoptr (GVariant) list = g_variant_get_child_value (placements, 0);
  g_autoptr (GVariant) deployments = NULL;
  g_autoptr (GVariant) dlist = NULL;
  gint32 x, y;
  guint32 rotation, segment;
  gint k;

  ck_assert_uint_gt (g_variant_n_children (list), 0);
  g_variant_get_child (list, pick_placement (turn, g_variant_n_children (list)), "(iiu)", &x, &y,
                       &rotation);
  g_variant_unref (
      call_ok (c, game, GAME_IFACE, "Place", g_variant_new ("(iiua{sv})", x, y, rotation, NULL)));
  ck_assert_uint_eq (get_uint (c, game, GAME_IFACE, "State"), 2);
  deployments = call_ok (c, game, GAME_IFACE, "GetDeployments", NULL);
  dlist = g_variant_get_child_value (deployments, 0);
  k = pick_deployment (turn, g_variant_n_children (dlist));
  if (k >= 0)
    {
      g_variant_get_child (dlist, k, "(uu^a&s)", &segment, NULL, NULL);
      g_variant_unref (
          call_ok (c, game, GAME_IFACE, "Deploy", g_variant_new ("(ua{sv})", segment, NULL)));
    }
  else
    g_variant_unref (call_ok (c, game, GAME_IFACE, "Skip", NULL));
}

/* Plays @game to the end with @clients[i] holding seat @players[i]. */
static void
play_to_end (GDBusConnection **clients, char **players, guint n, const char *game)
{
  while (get_uint (clients[0], game, GAME_IFACE, "State") != 3)
    {
      g_autoptr (GVariant) active = get_property (clients[0], game, GAME_IFACE, "ActivePlayer");
      guint i = 0;

      while (i < n && !g_str_equal (players[i], g_variant_get_string (active, NULL)))
        i++;
      ck_assert_uint_lt (i, n);
      play_turn (clients[i], game);
    }
}

static void
assert_scores (GDBusConnection *c, const char *game, const guint *expected, guint n)
{
  g_autoptr (GVariant) scores = get_property (c, game, GAME_IFACE, "Scores");
  gsize len;
  const guint32 *s = g_variant_get_fixed_array (scores, &len, sizeof (guint32));

  ck_assert_uint_eq (len, n);
  for (guint i = 0; i < n; i++)
    ck_assert_msg (s[i] == expected[i], "%s seat %u: %u points over D-Bus, %u in the engine", game,
                   i, s[i], expected[i]);
}

/* Issue 3: two clients play a complete seeded game; the final scores equal the engine's. */
START_TEST (test_two_clients_complete_game)
{
  GPid pid = daemon_start (NULL);
  GDBusConnection *clients[2] = { client_new (), client_new () };
  g_autofree char *game = create_game (clients[0], "{'seed': <@t 20261130>}");
  char *players[2];
  g_autofree char *token0 = NULL, *token1 = NULL;
  guint expected[2];

  players[0] = join (clients[0], game, "Ann", &token0);
  players[1] = join (clients[1], game, "Bob", &token1);
  ck_assert_str_ne (token0, token1);
  ck_assert_uint_eq (strlen (token0), 32);
  g_variant_unref (call_ok (clients[1], game, GAME_IFACE, "Start", NULL));
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
