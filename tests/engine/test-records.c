/* test-records.c: game records (doc/game-records.md): export, import and replay round-trip
 * exactly, with and without expansions; every malformed record is refused with an error
 * that names what is wrong; the state hash tells states apart. */
#include "config.h"

#include <check.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"
#include "plugin-host.h"
#include "random-player.h"

static CarcTileSet *
base_tiles (void)
{
  static CarcTileSet *base;
  if (!base)
    base = carc_tile_set_new_base (NULL);
  return base;
}

/* A random game played to @moves moves (or its end), with the expansions named. */
static CarcGame *
random_game (guint64 seed, guint players, const char *expansions, guint moves)
{
  g_autoptr (CarcGameConfig) config = carc_game_config_new (base_tiles ());
  carc_game_config_set_n_players (config, players);
  carc_game_config_set_seed (config, seed);
  if (expansions)
    {
      g_auto (GStrv) names = g_strsplit (expansions, ",", -1);
      for (guint i = 0; names[i]; i++)
        {
          CarcPlugin *plugin = carc_plugin_host_lookup (test_plugin_host (), names[i]);
          ck_assert_msg (plugin != NULL, "plugin %s", names[i]);
          ck_assert (carc_game_config_add_expansion (config, plugin, NULL));
        }
    }
  g_autoptr (GError) error = NULL;
  CarcGame *game = carc_game_new (config, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "?");
  CarcRng rng;
  carc_rng_init (&rng, seed, 99);
  guint n = 0;
  while (n < moves && random_player_move (game, &rng, &error))
    n++;
  ck_assert_msg (error == NULL, "%s", error ? error->message : "");
  return game;
}

static void
assert_round_trip (CarcGame *game)
{
  static const char *const names[] = { "Ann", "Bob", "Cy", "Di", "Ed", "Flo", NULL };
  guint players = carc_game_get_n_players (game);
  g_auto (GStrv) some = g_new0 (char *, players + 1);
  for (guint p = 0; p < players; p++)
    some[p] = g_strdup (names[p]);
  g_autofree char *text = carc_game_to_record (game, (const char *const *)some);
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcRecord) r
      = carc_record_parse (text, -1, base_tiles (), test_plugin_host (), &error);
  ck_assert_msg (r != NULL, "%s", error ? error->message : "?");
  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (game, &n_moves);
  ck_assert_uint_eq (carc_record_get_n_moves (r), n_moves);
  for (guint i = 0; i < n_moves; i++)
    ck_assert (memcmp (carc_record_get_move (r, i), &moves[i], sizeof (CarcMove)) == 0);
  ck_assert_str_eq (carc_record_get_player_name (r, players - 1), names[players - 1]);
  g_autoptr (CarcGame) again = carc_record_replay (r, G_MAXUINT, NULL, NULL, NULL, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "?");
  g_autofree char *h1 = carc_game_get_state_hash (game);
  g_autofree char *h2 = carc_game_get_state_hash (again);
  ck_assert_str_eq (h1, h2);
  for (guint p = 0; p < players; p++)
    ck_assert_uint_eq (carc_game_get_score (again, p), carc_game_get_score (game, p));
  /* The same record written again is the same text. */
  g_autofree char *text2 = carc_game_to_record (again, (const char *const *)some);
  ck_assert_str_eq (text, text2);
  /* Replaying a prefix gives the game at that point. */
  guint half = n_moves / 2;
  g_autoptr (CarcGame) prefix = carc_record_replay (r, half, NULL, NULL, NULL, &error);
  g_autoptr (CarcGame) direct = carc_game_replay (carc_game_get_config (game), moves, half, &error);
  ck_assert (prefix && direct);
  g_autofree char *h3 = carc_game_get_state_hash (prefix);
  g_autofree char *h4 = carc_game_get_state_hash (direct);
  ck_assert_str_eq (h3, h4);
}

/* Export then import round-trips exactly: base games, finished and unfinished. */
START_TEST (test_round_trip_base)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr (CarcGame) done = random_game (seed, 2 + seed % 5, NULL, G_MAXUINT);
      ck_assert_int_eq (carc_game_get_phase (done), CARC_PHASE_OVER);
      assert_round_trip (done);
      g_autoptr (CarcGame) half = random_game (seed, 2 + seed % 5, NULL, 40);
      assert_round_trip (half);
    }
}
END_TEST

/* The same with all four expansions, their options and explicit hands and tile orders. */
START_TEST (test_round_trip_expansions)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr (CarcGame) done
          = random_game (seed, 2 + seed % 5, "abbey,halftiles,vineyards,winter", G_MAXUINT);
      ck_assert_int_eq (carc_game_get_phase (done), CARC_PHASE_OVER);
      assert_round_trip (done);
      g_autoptr (CarcGame) half = random_game (seed, 3, "halftiles,abbey", 25);
      assert_round_trip (half);
    }
  /* Options, an explicit tile order and hands. */
  g_autoptr (CarcGameConfig) config = carc_game_config_new (base_tiles ());
  carc_game_config_add_expansion (config,
                                  carc_plugin_host_lookup (test_plugin_host (), "halftiles"), NULL);
  ck_assert (carc_game_config_set_option (config, "halftiles", "draft", 1, NULL));
  ck_assert (carc_game_config_set_option (config, "halftiles", "hand", 2, NULL));
  carc_game_config_set_tile_order (config, (const char *const[]){ "U", "V", "X", NULL });
  carc_game_config_set_hand (config, 1, (const char *const[]){ "HT-I-06", NULL });
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  CarcRng rng;
  carc_rng_init (&rng, 5, 5);
  for (guint i = 0; i < 6; i++)
    ck_assert (random_player_move (game, &rng, NULL));
  assert_round_trip (game);
}
END_TEST

/* A game of halftiles with the draft (doc/rules.md section 3.3): 2 players, 2 picks each. */
static CarcGame *
draft_game (void)
{
  g_autoptr (CarcGameConfig) config = carc_game_config_new (base_tiles ());
  carc_game_config_add_expansion (config,
                                  carc_plugin_host_lookup (test_plugin_host (), "halftiles"), NULL);
  ck_assert (carc_game_config_set_option (config, "halftiles", "draft", 1, NULL));
  ck_assert (carc_game_config_set_option (config, "halftiles", "hand", 2, NULL));
  carc_game_config_set_tile_order (config, (const char *const[]){ "U", "V", NULL });
  g_autoptr (GError) error = NULL;
  CarcGame *game = carc_game_new (config, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "?");
  return game;
}

static CarcGame *
replay_text (const char *text, GError **error)
{
  g_autoptr (CarcRecord) r
      = carc_record_parse (text, -1, base_tiles (), test_plugin_host (), error);
  return r ? carc_record_replay (r, G_MAXUINT, NULL, NULL, NULL, error) : NULL;
}

/* Issue 16: the draft's pick is the halftiles plugin's move "pick". A record written before
 * names a pick by its "piece" only, and still replays; the listed picks also carry "tile",
 * which the record keeps and the replay checks (a pick whose tile is not that piece's is
 * refused; a tile no loaded set has is a bad record). */
START_TEST (test_draft_picks)
{
  /* The old shape: picks 3, 0, 0, 1 by "piece" alone. */
  g_autoptr (CarcGame) old = draft_game ();
  static const guint picks[] = { 3, 0, 0, 1 };
  for (guint i = 0; i < G_N_ELEMENTS (picks); i++)
    {
      g_autoptr (GVariant) args
          = g_variant_ref_sink (g_variant_new_parsed ("{'piece': <%u>}", picks[i]));
      CarcMove m;
      ck_assert (carc_move_init_from_args (&m, "pick", args, NULL));
      ck_assert (carc_game_apply_move (old, &m, NULL));
    }
  ck_assert_int_eq (carc_game_get_phase (old), CARC_PHASE_CHOOSE); /* the draft is over */
  g_autofree char *old_text = carc_game_to_record (old, NULL);
  ck_assert (strstr (old_text, "{\"move\":\"pick\",\"piece\":3,\"scores\":[0,0]}") != NULL);
  ck_assert (strstr (old_text, "\"tile\"") == NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) old_again = replay_text (old_text, &error);
  ck_assert_msg (old_again != NULL, "%s", error ? error->message : "?");

  /* The same picks as listed: each names its tile, and the game is the same. */
  g_autoptr (CarcGame) listed = draft_game ();
  const char *first = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (picks); i++)
    {
      g_autoptr (GPtrArray) moves
          = carc_game_list_moves (listed, carc_game_get_current_player (listed));
      const CarcMove *m = moves->pdata[picks[i]];
      ck_assert_str_eq (carc_move_get_name (m), "pick");
      ck_assert_uint_eq (m->piece, picks[i]);
      ck_assert_uint_eq (carc_move_get_params (m), CARC_MOVE_PARAM_PIECE | CARC_MOVE_PARAM_TILE);
      first = first ? first : g_intern_string (m->tile);
      ck_assert (carc_game_apply_move (listed, m, NULL));
    }
  g_autofree char *h_old = carc_game_get_state_hash (old_again);
  g_autofree char *h_listed = carc_game_get_state_hash (listed);
  ck_assert_str_eq (h_old, h_listed);
  g_autofree char *text = carc_game_to_record (listed, NULL);
  g_autofree char *want = g_strdup_printf ("{\"move\":\"pick\",\"piece\":3,\"tile\":\"%s\"", first);
  ck_assert (strstr (text, want) != NULL);
  g_autoptr (CarcGame) again = replay_text (text, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "?");

  /* A pick naming another tile than its piece's: the replay stops there. */
  g_autofree char *from = g_strdup_printf ("\"tile\":\"%s\"", first);
  g_auto (GStrv) parts = g_strsplit (text, from, 2);
  const char *other = g_str_equal (first, "HT-I-01") ? "HT-I-02" : "HT-I-01";
  g_autofree char *to = g_strdup_printf ("\"tile\":\"%s\"", other);
  g_autofree char *wrong = g_strjoinv (to, parts);
  g_autoptr (CarcGame) none = replay_text (wrong, &error);
  ck_assert_ptr_null (none);
  g_autofree char *msg
      = g_strdup_printf ("moves[0]: piece 3 of the pool is %s, not %s", first, other);
  ck_assert_str_eq (error->message, msg);
  g_clear_error (&error);
  /* A tile no loaded tile set has. */
  g_autofree char *nope = g_strjoinv ("\"tile\":\"nope\"", parts);
  g_autoptr (CarcGame) none2 = replay_text (nope, &error);
  ck_assert_ptr_null (none2);
  ck_assert_int_eq (error->code, CARC_ERROR_INVALID_RECORD);
  ck_assert_str_eq (error->message, "moves[0].tile: no loaded tile set has a tile 'nope'");
}
END_TEST

/* The setup and the moves alone, as the daemon's journal writes them, one line each. */
START_TEST (test_config_and_move_lines)
{
  g_autoptr (CarcGame) game = random_game (7, 3, "abbey,halftiles", 30);
  g_autofree char *setup = carc_game_config_to_json (carc_game_get_config (game));
  ck_assert_ptr_null (strchr (setup, '\n'));
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGameConfig) config
      = carc_game_config_new_from_json (setup, -1, base_tiles (), test_plugin_host (), &error);
  ck_assert_msg (config != NULL, "%s", error ? error->message : "?");
  g_autofree char *setup2 = carc_game_config_to_json (config);
  ck_assert_str_eq (setup, setup2);
  guint n;
  const CarcMove *moves = carc_game_get_moves (game, &n);
  for (guint i = 0; i < n; i++)
    {
      guint scores[3] = { i, 0, 7 };
      g_autofree char *line = carc_move_to_json (&moves[i], scores, 3);
      ck_assert_ptr_null (strchr (line, '\n'));
      CarcMove m;
      ck_assert_msg (carc_move_from_json (line, -1, &m, &error), "%s", line);
      ck_assert (memcmp (&m, &moves[i], sizeof m) == 0);
    }
  CarcMove deploy = { .type = CARC_MOVE_DEPLOY, .segment = 3 };
  g_autofree char *line = carc_move_to_json (&deploy, NULL, 0);
  ck_assert_str_eq (line, "{\"move\":\"deploy\",\"segment\":3}");
}
END_TEST

/* Issue 20: carc_move_to_json() prints a move directly, without json-glib, unless a string in
 * it needs escaping: the bytes are json-glib's either way. The expected lines are what the
 * json-glib writer gave before; then every move of random games with every shipped expansion,
 * against json-glib's own printing of the line read back. */
START_TEST (test_move_json_bytes)
{
  static const guint s3[3] = { 1, 2, 30 }, s2[2] = { 0, 12 };
  const CarcMove m[] = {
    { .type = CARC_MOVE_PLACE, .x = -1, .y = 0, .rotation = 3 },
    { .type = CARC_MOVE_PLACE_PIECE, .piece = 2, .x = 1, .y = -2, .rotation = 1 },
    { .type = CARC_MOVE_DEPLOY, .segment = 5, .figure = "barn" },
    { .type = CARC_MOVE_PLUGIN,
      .name = "wagon-move",
      .params = 127,
      .x = -3,
      .y = 4,
      .rotation = 2,
      .segment = 7,
      .piece = 1 },
    { .type = CARC_MOVE_PLUGIN,
      .name = "pick",
      .params = CARC_MOVE_PARAM_TILE | CARC_MOVE_PARAM_PIECE,
      .tile = "halftiles.A",
      .piece = 4 },
    { .type = CARC_MOVE_DEPLOY, .segment = 1, .figure = "big \"meeple\"\\\n\001/" },
    { .type = CARC_MOVE_PLUGIN,
      .name = "pick",
      .params = CARC_MOVE_PARAM_TILE,
      .tile = "\303\251-tile" },
    { .type = CARC_MOVE_SKIP },
  };
  static const char *const want[] = {
    "{\"move\":\"place\",\"x\":-1,\"y\":0,\"rotation\":3}",
    "{\"move\":\"place\",\"x\":-1,\"y\":0,\"rotation\":3,\"scores\":[0,12]}",
    "{\"move\":\"place-piece\",\"piece\":2,\"x\":1,\"y\":-2,\"rotation\":1}",
    "{\"move\":\"place-piece\",\"piece\":2,\"x\":1,\"y\":-2,\"rotation\":1,\"scores\":[1,2,30]}",
    "{\"move\":\"deploy\",\"segment\":5,\"figure\":\"barn\"}",
    "{\"move\":\"deploy\",\"segment\":5,\"figure\":\"barn\",\"scores\":[0,12]}",
    "{\"move\":\"wagon-move\",\"x\":-3,\"y\":4,\"rotation\":2,\"segment\":7,\"piece\":1,\"figure\":"
    "\"follower\",\"tile\":\"\"}",
    "{\"move\":\"wagon-move\",\"x\":-3,\"y\":4,\"rotation\":2,\"segment\":7,\"piece\":1,\"figure\":"
    "\"follower\",\"tile\":\"\",\"scores\":[1,2,30]}",
    "{\"move\":\"pick\",\"piece\":4,\"tile\":\"halftiles.A\"}",
    "{\"move\":\"pick\",\"piece\":4,\"tile\":\"halftiles.A\",\"scores\":[0,12]}",
    "{\"move\":\"deploy\",\"segment\":1,\"figure\":\"big \\\"meeple\\\"\\\\\\n\\u0001/\"}",
    "{\"move\":\"deploy\",\"segment\":1,\"figure\":\"big "
    "\\\"meeple\\\"\\\\\\n\\u0001/\",\"scores\":[1,2,30]}",
    "{\"move\":\"pick\",\"tile\":\"\303\251-tile\"}",
    "{\"move\":\"pick\",\"tile\":\"\303\251-tile\",\"scores\":[0,12]}",
    "{\"move\":\"skip\"}",
    "{\"move\":\"skip\",\"scores\":[1,2,30]}"
  };
  G_STATIC_ASSERT (G_N_ELEMENTS (want) == 2 * G_N_ELEMENTS (m));
  for (guint i = 0; i < G_N_ELEMENTS (m); i++)
    {
      g_autofree char *bare = carc_move_to_json (&m[i], NULL, 0);
      g_autofree char *scored = carc_move_to_json (&m[i], i % 2 ? s3 : s2, i % 2 ? 3 : 2);
      ck_assert_str_eq (bare, want[2 * i]);
      ck_assert_str_eq (scored, want[2 * i + 1]);
    }

  static const char all[]
      = "abbey,halftiles,hills,inns-cathedrals,mayor,river,traders-builders,vineyards,winter";
  guint lines = 0;
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr (CarcGame) game = random_game (seed, 2 + seed % 5, seed % 4 ? all : NULL, 1000);
      guint n;
      const CarcMove *moves = carc_game_get_moves (game, &n);
      for (guint i = 0; i < n; i++, lines++)
        {
          guint scores[CARC_MAX_PLAYERS] = { i, 0, 7, 1000000, 5, 6 };
          g_autofree char *line = carc_move_to_json (&moves[i], scores, 2 + seed % 5);
          g_autoptr (GError) error = NULL;
          g_autoptr (JsonNode) node = json_from_string (line, &error);
          ck_assert_msg (node != NULL, "%s: %s", line, error ? error->message : "?");
          g_autofree char *again = json_to_string (node, FALSE);
          ck_assert_str_eq (line, again);
        }
    }
  ck_assert_uint_gt (lines, 2000);
}
END_TEST

/* Issue 20: the hashes are computed with the SHA extensions where the CPU has them, with
 * GChecksum elsewhere (under valgrind, for one), through a gathering buffer of 2 KB that the
 * larger states overflow. Every state and public hash after every move of random games, most
 * with every shipped expansion, digested into one value: the one GChecksum gave before. */
START_TEST (test_hashes_of_random_games)
{
  static const char all[]
      = "abbey,halftiles,hills,inns-cathedrals,mayor,river,traders-builders,vineyards,winter";
  g_autoptr (GChecksum) digest = g_checksum_new (G_CHECKSUM_SHA256);
  guint states = 0;
  for (guint64 seed = 1; seed <= 24; seed++)
    {
      g_autoptr (CarcGame) game = random_game (seed, 2 + seed % 5, seed % 4 ? all : NULL, 0);
      CarcRng rng;
      carc_rng_init (&rng, seed, 5);
      do
        {
          g_autofree char *full = carc_game_get_state_hash (game);
          g_autofree char *pub = carc_game_get_public_hash (game);
          g_checksum_update (digest, (const guchar *)full, -1);
          g_checksum_update (digest, (const guchar *)pub, -1);
          states++;
        }
      while (random_player_move (game, &rng, NULL));
    }
  ck_assert_uint_gt (states, 3000);
  ck_assert_str_eq (g_checksum_get_string (digest),
                    "1c0e37dd810c186c47c179a919358e96c81f7385060252517f1b922645533287");
}
END_TEST

static const char *const good_setup
    = "\"setup\":{\"players\":2,\"followers\":7,\"farmers\":true,\"seed\":\"42\"}";

static void
assert_bad (const char *text, gint code, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcRecord) r
      = carc_record_parse (text, -1, base_tiles (), test_plugin_host (), &error);
  g_autoptr (CarcGame) game = NULL;
  if (r)
    game = carc_record_replay (r, G_MAXUINT, NULL, NULL, NULL, &error);
  ck_assert_msg (!r || !game, "accepted: %s", text);
  ck_assert_msg (g_error_matches (error, CARC_ERROR, code), "%s: wrong error %s", text,
                 error->message);
  ck_assert_str_eq (error->message, message);
}

static void
assert_bad_moves (const char *moves, const char *message)
{
  g_autofree char *text = g_strdup_printf ("{\"format\":\"carcassonned-record\",\"version\":1,%s,"
                                           "\"moves\":[%s]}",
                                           good_setup, moves);
  assert_bad (text, CARC_ERROR_INVALID_RECORD, message);
}

/* A bad record gets a clear error naming what is wrong, and no game. */
START_TEST (test_bad_records)
{
  const gint R = CARC_ERROR_INVALID_RECORD;
  assert_bad ("", R, "not a JSON object");
  assert_bad (
      "{", R,
      "not JSON: <data>:1:1: Parse error: unexpected character `{', expected string constant");
  assert_bad ("[1]", R, "not a JSON object");
  assert_bad ("{\"format\":\"x\"}", R, "record.format: not \"carcassonned-record\"");
  assert_bad ("{\"format\":\"carcassonned-record\",\"version\":3}", R,
              "record.version: 3 is not in 1..2");
  assert_bad ("{\"format\":\"carcassonned-record\",\"version\":1}", R, "record.setup: missing");
  assert_bad ("{\"format\":\"carcassonned-record\",\"version\":1,\"colour\":1}", R,
              "record.colour: not a member this format knows");
  assert_bad ("{\"format\":\"carcassonned-record\",\"version\":1,\"setup\":{\"players\":7}}", R,
              "setup.players: 7 is not in 2..6");
  assert_bad ("{\"format\":\"carcassonned-record\",\"version\":1,\"setup\":{\"players\":2,"
              "\"followers\":7,\"farmers\":1,\"seed\":\"1\"},\"moves\":[]}",
              R, "setup.farmers: not true or false");
  assert_bad ("{\"format\":\"carcassonned-record\",\"version\":1,\"setup\":{\"players\":2,"
              "\"followers\":7,\"farmers\":true,\"seed\":42},\"moves\":[]}",
              R, "setup.seed: not a string of decimal digits (a 64-bit number)");
  assert_bad (
      "{\"format\":\"carcassonned-record\",\"version\":1,\"setup\":{\"players\":2,"
      "\"followers\":7,\"farmers\":true,\"seed\":\"1\",\"expansions\":[{\"name\":\"moon\"}]},"
      "\"moves\":[]}",
      CARC_ERROR_UNKNOWN_EXPANSION, "setup.expansions[0].name: no expansion 'moon' is loaded");
  assert_bad (
      "{\"format\":\"carcassonned-record\",\"version\":1,\"setup\":{\"players\":2,"
      "\"followers\":7,\"farmers\":true,\"seed\":\"1\",\"expansions\":[{\"name\":\"halftiles\","
      "\"options\":{\"hand\":9}}]},\"moves\":[]}",
      R, "setup.expansions[0].options.hand: 9 is not in 1..8");
  assert_bad ("{\"format\":\"carcassonned-record\",\"version\":1,\"setup\":{\"players\":2,"
              "\"followers\":7,\"farmers\":true,\"seed\":\"1\",\"tile_order\":[\"Q\",\"ZZ\"]},"
              "\"moves\":[]}",
              R, "setup: tile order entry 1: no land tile 'ZZ' in the tile set");
  assert_bad_moves ("{\"move\":\"jump\"}", "moves[0].move: 'jump' is not a move");
  assert_bad_moves ("{\"move\":\"place\",\"x\":1.5,\"y\":0,\"rotation\":0}",
                    "moves[0].x: not an integer");
  assert_bad_moves ("{\"move\":\"place\",\"x\":1,\"y\":0}", "moves[0].rotation: missing");
  assert_bad_moves ("{\"move\":\"skip\",\"segment\":1}",
                    "moves[0].segment: a skip move has no segment");
  assert_bad_moves ("{\"move\":\"deploy\",\"segment\":99}", "moves[0].segment: 99 is not in 0..15");
  assert_bad_moves ("{\"move\":\"skip\",\"scores\":[1]}",
                    "moves[0].scores: not an array of 2 scores");
  assert_bad_moves ("{\"move\":\"deploy\",\"segment\":0}", "moves[0]: place the tile first");
}
END_TEST

/* Replaying checks the scores the record gives after each move, and each move itself. */
START_TEST (test_replay_checks_scores_and_moves)
{
  g_autoptr (CarcGame) game = random_game (3, 2, NULL, G_MAXUINT);
  g_autofree char *text = carc_game_to_record (game, NULL);
  /* The last move ends the game: its scores are the final scores. Change one. */
  g_autofree char *want = g_strdup_printf ("\"scores\":[%u,", carc_game_get_score (game, 0));
  char *at = g_strrstr (text, want);
  ck_assert_msg (at != NULL, "no %s in the record", want);
  g_autofree char *changed
      = g_strdup_printf ("%.*s\"scores\":[%u,%s", (int)(at - text), text,
                         carc_game_get_score (game, 0) + 1, at + strlen (want));
  guint n;
  carc_game_get_moves (game, &n);
  g_autofree char *message = g_strdup_printf (
      "moves[%u]: the record has the scores [%u, %u] after it, the replay [%u, %u]", n - 1,
      carc_game_get_score (game, 0) + 1, carc_game_get_score (game, 1),
      carc_game_get_score (game, 0), carc_game_get_score (game, 1));
  assert_bad (changed, CARC_ERROR_INVALID_RECORD, message);
}
END_TEST

/* The state hash: the same state, the same hash; any move changes it. */
START_TEST (test_state_hash)
{
  g_autoptr (CarcGame) a = random_game (11, 3, "abbey,halftiles", 30);
  g_autoptr (CarcGame) b = random_game (11, 3, "abbey,halftiles", 30);
  g_autoptr (CarcGame) c = random_game (11, 3, "abbey,halftiles", 31);
  g_autoptr (CarcGame) d = random_game (12, 3, "abbey,halftiles", 30);
  g_autofree char *ha = carc_game_get_state_hash (a);
  g_autofree char *hb = carc_game_get_state_hash (b);
  g_autofree char *hc = carc_game_get_state_hash (c);
  g_autofree char *hd = carc_game_get_state_hash (d);
  ck_assert_uint_eq (strlen (ha), 16);
  ck_assert_str_eq (ha, hb);
  ck_assert_str_ne (ha, hc);
  ck_assert_str_ne (ha, hd);
  /* the value before issue 15 split off the public hash: journals written then still check */
  ck_assert_str_eq (ha, "10451406f2acdfbb");
}
END_TEST

/* Issue 15: the public hash digests what every player sees and nothing hidden. Two games that
 * differ only in the draw pile after the tile in play and in the seed (so in the face-down
 * half-tile hands and the RNG) have the same public hash and different state hashes; the
 * public hash is never a state hash, and a move changes it. */
START_TEST (test_public_hash)
{
  static const char *const order_a[] = { "A", "B", "C", "E", NULL };
  static const char *const order_b[] = { "A", "E", "C", "B", NULL };
  CarcPluginHost *host = test_plugin_host (); /* the tests' one, not ours to unref */
  /* (arrays: g_autoptr and g_autofree clean up a single variable, so these are freed below) */
  CarcGame *g[2] = { NULL, NULL };
  char *pub[2] = { NULL, NULL }, *full[2] = { NULL, NULL };

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);

      carc_game_config_set_seed (config, i + 1);
      carc_game_config_set_tile_order (config, i ? order_b : order_a);
      ck_assert (carc_game_config_add_expansion_by_name (config, host, "halftiles", &error));
      ck_assert (carc_game_config_set_option (config, "halftiles", "draft", 0, &error));
      g[i] = carc_game_new (config, &error);
      ck_assert_msg (g[i] != NULL, "%s", error ? error->message : "");
      ck_assert (carc_game_draw (g[i], &error));
      pub[i] = carc_game_get_public_hash (g[i]);
      full[i] = carc_game_get_state_hash (g[i]);
    }
  /* the hands do differ */
  ck_assert (carc_game_get_hand_piece (g[0], 0, 0) != carc_game_get_hand_piece (g[1], 0, 0)
             || carc_game_get_hand_piece (g[0], 1, 0) != carc_game_get_hand_piece (g[1], 1, 0));
  ck_assert_uint_eq (strlen (pub[0]), 16);
  ck_assert_str_eq (pub[0], pub[1]);
  ck_assert_str_ne (full[0], full[1]);
  ck_assert_str_ne (pub[0], full[0]);
  {
    guint n;
    const CarcPlacement *p = carc_game_get_placements (g[0], &n);
    g_autofree char *moved = NULL;

    ck_assert_uint_gt (n, 0);
    ck_assert (carc_game_place (g[0], p[0].x, p[0].y, p[0].rotation, NULL));
    moved = carc_game_get_public_hash (g[0]);
    ck_assert_str_ne (moved, pub[0]);
  }
  for (guint i = 0; i < 2; i++)
    {
      g_object_unref (g[i]);
      g_free (pub[i]);
      g_free (full[i]);
    }
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("records");
  TCase *tc = tcase_create ("records");
  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_round_trip_base);
  tcase_add_test (tc, test_round_trip_expansions);
  tcase_add_test (tc, test_draft_picks);
  tcase_add_test (tc, test_config_and_move_lines);
  tcase_add_test (tc, test_move_json_bytes);
  tcase_add_test (tc, test_bad_records);
  tcase_add_test (tc, test_replay_checks_scores_and_moves);
  tcase_add_test (tc, test_state_hash);
  tcase_add_test (tc, test_public_hash);
  tcase_add_test (tc, test_hashes_of_random_games);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
