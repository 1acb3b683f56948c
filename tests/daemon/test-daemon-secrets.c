/* test-daemon-secrets.c: what a game hides stays hidden (issue 15, "Secrets").
 *
 * Issue 15 found that with `tile-order` given the seed was never applied, so every face-down
 * half-tile hand was the same whatever the seed (anyone could compute it with seed 0), and that
 * the public StateHash digested the hidden state, so trying the candidate draw orders against it
 * gave the hidden one away. Here: the seed deals the hands of a tile-order game as it does for
 * a shuffled one (doc/dbus-manager.md, "seed"), a game without a seed gets a random one, and
 * StateHash is the engine's public hash: two games that differ only in what they hide (the
 * order of the draw pile, face-down hands, the RNG) show the same StateHash
 * (doc/dbus-game.md, "StateHash"; doc/game-records.md, "The public hash").
 */
#include "config.h"

#include <check.h>

#include "carcassonne.h"
#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-play.h"
#include "expansion-play.h"

/* A 2-player game with half tiles (2 face-down half tiles each) and the draw pile @order
 * (GVariant text of an as), seeded with @seed unless it is G_MAXUINT64; Ann (@a) and Bob (@b)
 * hold its seats and it is started. Ann's player path in @pa. */
static char *
start_halftiles_game (GDBusConnection *a, GDBusConnection *b, const char *order, guint64 seed,
                      char **pa)
{
  g_autofree char *seed_text = seed == G_MAXUINT64
                                   ? g_strdup ("")
                                   : g_strdup_printf ("'seed': <@t %" G_GUINT64_FORMAT ">, ", seed);
  g_autofree char *options = g_strdup_printf (
      "{%s'tile-order': <@as %s>, 'expansions': <['halftiles']>, 'halftiles.hand': <uint32 2>, "
      "'halftiles.draft': <false>}",
      seed_text, order);
  char *game = create_game (a, options);
  g_autofree char *ta = NULL, *tb = NULL;
  g_autofree char *pb = NULL;

  *pa = join_game (a, game, "Ann", &ta);
  pb = join_game (b, game, "Bob", &tb);
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  return game;
}

/* Ann's face-down hand, as GetHand prints it (she holds the seat). */
static char *
hand_text (GDBusConnection *a, const char *game, const char *pa)
{
  g_autoptr (GVariant) r
      = call_ok (a, game, GAME_IFACE, "GetHand",
                 g_variant_new ("(o@a{sv})", pa, g_variant_new_parsed ("@a{sv} {}")));
  return g_variant_print (r, TRUE);
}

/* The engine's hand of player 0 for the same setup, as GetHand prints it. */
static char *
engine_hand_text (const char *const *order, guint64 seed)
{
  static const char *const names[] = { "halftiles", NULL };
  static const char *const options[] = { "halftiles.hand=2", "halftiles.draft=0", NULL };
  g_autoptr (CarcPluginHost) host = test_plugin_host ();
  g_autoptr (CarcGameConfig) config = expansion_config (host, names, options, 2, seed);
  g_autoptr (CarcGame) engine = NULL;
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  g_autoptr (GVariant) v = NULL;

  carc_game_config_set_tile_order (config, order);
  engine = carc_game_new (config, NULL);
  ck_assert_ptr_nonnull (engine);
  for (guint i = 0; i < carc_game_get_hand_size (engine, 0); i++)
    g_ptr_array_add (ids,
                     (gpointer)carc_tile_type_get_id (carc_game_get_hand_piece (engine, 0, i)));
  v = g_variant_ref_sink (
      g_variant_new ("(@as)", g_variant_new_strv ((const char *const *)ids->pdata, ids->len)));
  return g_variant_print (v, TRUE);
}

/* The seed of @game, from the record its creator may export. */
static char *
record_seed (GDBusConnection *creator, const char *game)
{
  g_autofree char *record = export_record (creator, game);
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  g_autoptr (CarcPluginHost) host = test_plugin_host ();
  g_autoptr (CarcRecord) parsed = carc_record_parse (record, -1, tiles, host, &error);

  ck_assert_msg (parsed != NULL, "%s", error ? error->message : "");
  return g_strdup_printf ("%" G_GUINT64_FORMAT,
                          carc_game_config_get_seed (carc_record_get_config (parsed)));
}

/* Issue 15: "with tile-order given, the seed is never applied, so every face-down half-tile
 * hand is the same whatever the seed". The seed deals the hands: seeds 1 and 2 give Ann
 * different hands, each the engine's for that seed and tile order, and seed 1 again the same
 * hand; a game given no seed is dealt from a random one (its record's seed is not 0, and two
 * such games have different seeds). */
START_TEST (test_tile_order_seed_deals)
{
  static const char *const order[] = { "A", "B", "C", "E", NULL };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  char *hands[3], *seeds[2];

  for (guint i = 0; i < 3; i++)
    {
      guint64 seed = i == 2 ? 1 : i + 1;
      g_autofree char *pa = NULL;
      g_autofree char *game = start_halftiles_game (a, b, "['A', 'B', 'C', 'E']", seed, &pa);
      g_autofree char *expected = engine_hand_text (order, seed);

      hands[i] = hand_text (a, game, pa);
      ck_assert_str_eq (hands[i], expected);
    }
  ck_assert_str_ne (hands[0], hands[1]);
  ck_assert_str_eq (hands[0], hands[2]);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *pa = NULL;
      g_autofree char *game = start_halftiles_game (a, b, "['A', 'B', 'C', 'E']", G_MAXUINT64, &pa);

      seeds[i] = record_seed (a, game);
      ck_assert_str_ne (seeds[i], "0");
    }
  ck_assert_str_ne (seeds[0], seeds[1]);
  for (guint i = 0; i < 3; i++)
    g_free (hands[i]);
  for (guint i = 0; i < 2; i++)
    g_free (seeds[i]);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Issue 15: "the public StateHash gives the hidden draw order away". Two games that differ
 * only in hidden state (the draw pile after the first tile, so also what is left of it, and
 * the seed, so the face-down hands and the RNG) have the same StateHash, the engine's public
 * hash of either; Ann's hands differ, so the games do differ. One move makes it differ from a
 * game that did not move. */
START_TEST (test_state_hash_public)
{
  static const char *const order[] = { "A", "B", "C", "E", NULL };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  g_autofree char *pa1 = NULL, *pa2 = NULL;
  g_autofree char *g1 = start_halftiles_game (a, b, "['A', 'B', 'C', 'E']", 1, &pa1);
  g_autofree char *g2 = start_halftiles_game (a, b, "['A', 'E', 'C', 'B']", 2, &pa2);
  g_autofree char *h1 = get_hash (a, g1);
  g_autofree char *h2 = get_hash (b, g2);
  g_autofree char *hand1 = hand_text (a, g1, pa1);
  g_autofree char *hand2 = hand_text (a, g2, pa2);
  static const char *const names[] = { "halftiles", NULL };
  static const char *const options[] = { "halftiles.hand=2", "halftiles.draft=0", NULL };
  g_autoptr (CarcPluginHost) host = test_plugin_host ();
  g_autoptr (CarcGameConfig) config = expansion_config (host, names, options, 2, 1);
  g_autoptr (CarcGame) engine = NULL;
  g_autofree char *public = NULL, *full = NULL;

  carc_game_config_set_tile_order (config, order);
  engine = carc_game_new (config, NULL);
  public = carc_game_get_public_hash (engine);
  full = carc_game_get_state_hash (engine);
  ck_assert_str_ne (hand1, hand2);
  ck_assert_str_eq (h1, h2);
  ck_assert_str_eq (h1, public);
  ck_assert_str_ne (h1, full);
  /* the first turn is Ann's: she draws the tile A in both games, places it in g1 */
  ck_assert_uint_eq (get_uint (a, g1, GAME_IFACE, "State"), 4);
  g_variant_unref (call_ok (a, g1, GAME_IFACE, "Draw", NO_OPTIONS));
  g_variant_unref (call_ok (a, g2, GAME_IFACE, "Draw", NO_OPTIONS));
  {
    g_autofree char *d1 = get_hash (a, g1);
    g_autofree char *d2 = get_hash (a, g2);

    ck_assert_str_eq (d1, d2);
    ck_assert_str_ne (d1, h1);
    play_policy_turn (a, g1);
    g_free (d1);
    d1 = get_hash (a, g1);
    ck_assert_str_ne (d1, d2);
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static Suite *
secrets_suite (void)
{
  Suite *s = suite_create ("daemon-secrets");
  TCase *tc = tcase_create ("hidden");

  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_tile_order_seed_deals);
  tcase_add_test (tc, test_state_hash_public);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (secrets_suite ());
}
