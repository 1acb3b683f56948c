/* test-daemon-expansions.c: the expansion plugins through the real daemon.
 *
 * The daemon runs with the plugins of the build tree (CARCASSONNE_PLUGIN_DIR, set by
 * TESTS_ENVIRONMENT). Complete games with all the expansions, between two GDBus clients
 * moving by the seeded policy of expansion-play.h, end exactly as the same games played
 * in-process by the engine (scores, every piece and follower, the signals' counts); a game
 * of bots plays as the built-in bot plays in-process; the Expansion objects, the tile types,
 * hands, the draft's picks (GetMoves) and the new properties show exactly what the engine
 * holds.
 * (Refusals: test-daemon-expansion-errors.c.)
 */
#include "config.h"

#include <check.h>

#include "bot.h"
#include "errors.h"
#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"
#include "expansion-play.h"

static const char *const all_names[]
    = { "abbey", "halftiles", "inns-cathedrals", "vineyards", "winter", NULL };

/* The Game signals of one game, counted by name. */
typedef struct
{
  const char *game;
  GHashTable *counts; /* signal name -> count */
  GPtrArray *drawn;   /* TileDrawn's tile ids */
  GPtrArray *picked;  /* PieceGiven's tile ids */
  GVariant *game_over;
  guint sub;
} SignalCount;

static void
on_signal (GDBusConnection *c, const char *sender, const char *path, const char *iface,
           const char *signal, GVariant *params, gpointer data)
{
  SignalCount *w = data;
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (w->counts, signal));

  ck_assert_str_eq (path, w->game);
  g_hash_table_insert (w->counts, g_strdup (signal), GUINT_TO_POINTER (n + 1));
  if (g_str_equal (signal, "TileDrawn"))
    {
      const char *tile;
      g_variant_get (params, "(u&o&sut)", NULL, NULL, &tile, NULL, NULL);
      g_ptr_array_add (w->drawn, g_strdup (tile));
    }
  else if (g_str_equal (signal, "PieceGiven"))
    {
      const char *tile;
      g_variant_get (params, "(&o&st)", NULL, &tile, NULL);
      g_ptr_array_add (w->picked, g_strdup (tile));
    }
  else if (g_str_equal (signal, "GameOver"))
    w->game_over = g_variant_get_child_value (params, 0);
}

static void
signal_count_start (SignalCount *w, GDBusConnection *c, const char *game)
{
  w->game = game;
  w->counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  w->drawn = g_ptr_array_new_with_free_func (g_free);
  w->picked = g_ptr_array_new_with_free_func (g_free);
  w->game_over = NULL;
  w->sub = g_dbus_connection_signal_subscribe (c, NULL, GAME_IFACE, NULL, game, NULL,
                                               G_DBUS_SIGNAL_FLAGS_NONE, on_signal, w, NULL);
  /* a round trip: the match rule is in place */
  g_variant_unref (call_ok (c, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL));
}

static guint
signal_count (SignalCount *w, const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (w->counts, name));
}

static void
signal_count_stop (SignalCount *w, GDBusConnection *c)
{
  g_dbus_connection_signal_unsubscribe (c, w->sub);
  g_hash_table_unref (w->counts);
  g_ptr_array_unref (w->drawn);
  g_ptr_array_unref (w->picked);
  g_clear_pointer (&w->game_over, g_variant_unref);
}

/* The reply of @method, printed. */
static char *
reply_text (GDBusConnection *c, const char *path, const char *iface, const char *method,
            GVariant *args)
{
  g_autoptr (GVariant) r = call_ok (c, path, iface, method, args);
  return g_variant_print (r, TRUE);
}

/* A property, printed. */
static char *
property_text (GDBusConnection *c, const char *path, const char *iface, const char *name)
{
  g_autoptr (GVariant) v = get_property (c, path, iface, name);
  return g_variant_print (v, TRUE);
}

/* The tile ids of an engine hand, as GetHand prints them. */
static char *
engine_hand_text (CarcGame *engine, guint player)
{
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  g_autoptr (GVariant) v = NULL;

  for (guint i = 0; i < carc_game_get_hand_size (engine, player); i++)
    g_ptr_array_add (
        ids, (gpointer)carc_tile_type_get_id (carc_game_get_hand_piece (engine, player, i)));
  v = g_variant_ref_sink (
      g_variant_new ("(@as)", g_variant_new_strv ((const char *const *)ids->pdata, ids->len)));
  return g_variant_print (v, TRUE);
}

/* The final board, scores and hands of @game equal @engine's. */
static void
assert_same_game (GDBusConnection *c, const char *game, char **players, CarcGame *engine)
{
  g_autofree char *pieces = reply_text (c, game, GAME_IFACE, "GetPieces", NULL);
  g_autofree char *expected = engine_pieces_text (engine, game);
  guint scores[2];

  ck_assert_uint_eq (carc_game_get_phase (engine), CARC_PHASE_OVER);
  ck_assert_str_eq (pieces, expected);
  for (guint i = 0; i < 2; i++)
    {
      scores[i] = carc_game_get_score (engine, i);
      ck_assert_uint_eq (get_uint (c, players[i], PLAYER_IFACE, "HandSize"),
                         carc_game_get_hand_size (engine, i));
    }
  assert_scores (c, game, scores, 2);
  ck_assert_uint_eq (get_uint (c, game, GAME_IFACE, "Turn"), carc_game_get_turn (engine));
}

/* The engine's game of @seed with all five expansions and @options, by the policy. */
static CarcGame *
engine_game (CarcPluginHost *host, const char *const *options, guint64 seed)
{
  g_autoptr (CarcGameConfig) config = expansion_config (host, all_names, options, 2, seed);
  g_autoptr (GRand) rand = policy_rand (seed);
  CarcGame *engine = carc_game_new (config, NULL);

  ck_assert_ptr_nonnull (engine);
  while (carc_game_get_phase (engine) != CARC_PHASE_OVER)
    engine_policy_move (engine, rand);
  return engine;
}

/* Issue: a complete game with all five expansions between two GDBus clients, moved by the
 * seeded policy, ends as the engine's game of the same seed and policy: the same scores, the
 * same pieces (half tiles and abbeys among them) and followers, one TileDrawn per Draw with
 * the engine's tiles, one TurnPassed per Pass, one TurnEnded per turn. Seed 32 draws, places
 * half tiles and an abbey from the hands, and passes once in the last abbey round. */
START_TEST (test_complete_game)
{
  const guint64 seed = 32;
  g_autoptr (CarcPluginHost) host = test_plugin_host ();
  g_autoptr (CarcGame) engine = engine_game (host, NULL, seed);
  g_autoptr (GRand) rand = policy_rand (seed);
  Fixture f;
  GDBusConnection *clients[2];
  char *players[2];
  const char *game;
  SignalCount w;
  guint n_moves, draws = 0, halves = 0, abbeys = 0;
  const CarcMove *moves = carc_game_get_moves (engine, &n_moves);

  /* what the seed is chosen for */
  ck_assert_uint_gt (engine_count_moves (engine, "draw"), 10);
  ck_assert_uint_eq (engine_count_moves (engine, "pass"), 1);
  for (guint i = 0; i < carc_game_get_n_pieces (engine); i++)
    {
      CarcPieceInfo p;
      carc_game_get_piece (engine, i, &p);
      halves += carc_tile_type_get_shape (p.tile) == CARC_SHAPE_HALF;
      abbeys += carc_tile_type_get_tag (p.tile, "abbey") != NULL;
    }
  ck_assert_uint_eq (halves, 6);
  ck_assert_uint_eq (abbeys, 1);

  fixture_setup (&f, NULL, "{'seed': <@t 32>, 'expansions': <" ALL_EXPANSIONS ">}", FALSE);
  fixture_players (&f, clients, players);
  game = f.game;
  signal_count_start (&w, f.x, game);
  g_variant_unref (call_ok (f.b, game, GAME_IFACE, "Start", NO_OPTIONS));
  dbus_policy_play_to_end (clients, players, 2, game, rand);
  WAIT_FOR (w.game_over != NULL);
  ck_assert_ptr_nonnull (w.game_over);

  assert_same_game (clients[0], game, players, engine);
  /* each TileDrawn tells the tile the engine drew: the piece placed next */
  ck_assert_uint_eq (signal_count (&w, "TileDrawn"), engine_count_moves (engine, "draw"));
  for (guint i = 0, placed = 0; i + 1 < n_moves; i++)
    {
      placed += moves[i].type == CARC_MOVE_PLACE || moves[i].type == CARC_MOVE_PLACE_PIECE;
      if (moves[i].type == CARC_MOVE_DRAW)
        {
          CarcPieceInfo p;
          ck_assert_uint_eq (moves[i + 1].type, CARC_MOVE_PLACE);
          ck_assert (carc_game_get_piece (engine, placed + 1, &p)); /* piece 0: the start */
          ck_assert_str_eq (g_ptr_array_index (w.drawn, draws), carc_tile_type_get_id (p.tile));
          draws++;
        }
    }
  ck_assert_uint_eq (signal_count (&w, "TurnPassed"), 1);
  ck_assert_uint_eq (signal_count (&w, "TurnEnded"), carc_game_get_turn (engine));
  ck_assert_uint_eq (signal_count (&w, "TurnStarted"), carc_game_get_turn (engine));
  ck_assert_uint_eq (signal_count (&w, "TilePlaced"), carc_game_get_n_pieces (engine));
  ck_assert_uint_eq (signal_count (&w, "PieceGiven"), 0);
  {
    g_autoptr (GVariant) scores = get_property (f.x, game, GAME_IFACE, "Scores");
    ck_assert (g_variant_equal (scores, w.game_over));
  }
  signal_count_stop (&w, f.x);
  fixture_teardown (&f);
}
END_TEST

/* The tile ids of the picks in a GetMoves reply's list, as the engine's pool: each pick
 * names piece i of the pool and its tile (issue 16: a client shows the pool from the moves). */
static char *
listed_pool (GVariant *list)
{
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  for (guint i = 0; i < g_variant_n_children (list); i++)
    {
      const char *type, *tile;
      guint32 piece;
      g_autoptr (GVariant) args = NULL;
      g_variant_get_child (list, i, "(&s@a{sv})", &type, &args);
      ck_assert_str_eq (type, "pick"); /* nothing else is legal in the draft */
      ck_assert (g_variant_lookup (args, "piece", "u", &piece));
      ck_assert_uint_eq (piece, i);
      ck_assert (g_variant_lookup (args, "tile", "&s", &tile));
      ck_assert_uint_eq (g_variant_n_children (args), 2);
      g_ptr_array_add (ids, (gpointer)tile);
    }
  g_ptr_array_add (ids, NULL);
  return g_strjoinv (",", (char **)ids->pdata);
}

/* The engine's pool: the tiles of its listed picks. */
static char *
engine_pool (CarcGame *game)
{
  g_autoptr (GPtrArray) moves = carc_game_list_moves (game, carc_game_get_current_player (game));
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  for (guint i = 0; i < moves->len; i++)
    g_ptr_array_add (ids, (gpointer)((const CarcMove *)moves->pdata[i])->tile);
  g_ptr_array_add (ids, NULL);
  return g_strjoinv (",", (char **)ids->pdata);
}

/* Game.xml, issue 16: with halftiles.draft the players pick face-up half tiles, the last seat
 * first, in the halftiles expansion's phase (State 6); GetMoves lists the active seat's picks,
 * one per piece of the engine's pool with its tile (nobody else is offered any), a pick
 * (Play) is PieceGiven with its tile (the hands are open: GetHand for anyone) and leaves the
 * pool; then the game plays to the engine's end. */
START_TEST (test_draft_game)
{
  const guint64 seed = 5;
  static const char *const options[] = { "halftiles.draft=1", NULL };
  g_autoptr (CarcPluginHost) host = test_plugin_host ();
  g_autoptr (CarcGame) engine = engine_game (host, options, seed);
  g_autoptr (CarcGameConfig) config = expansion_config (host, all_names, options, 2, seed);
  g_autoptr (CarcGame) fresh = carc_game_new (config, NULL);
  g_autoptr (GRand) rand = policy_rand (seed);
  Fixture f;
  GDBusConnection *clients[2], *listener;
  char *players[2];
  const char *game;
  SignalCount w;
  guint picks = 0;
  g_autoptr (GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);

  fixture_setup (&f, NULL,
                 "{'seed': <@t 5>, 'expansions': <" ALL_EXPANSIONS ">, 'halftiles.draft': <true>}",
                 FALSE);
  fixture_players (&f, clients, players);
  game = f.game;
  listener = f.x;
  signal_count_start (&w, listener, game);
  g_variant_unref (call_ok (f.a, game, GAME_IFACE, "Start", NO_OPTIONS));
  while (get_uint (clients[0], game, GAME_IFACE, "State") == 6)
    {
      g_autofree char *active = active_player (listener, game);
      guint seat = g_str_equal (active, players[1]);
      g_autoptr (GVariant) reply
          = call_ok (clients[seat], game, GAME_IFACE, "GetMoves", NO_OPTIONS);
      g_autoptr (GVariant) list = g_variant_get_child_value (reply, 0);
      g_autofree char *pool = listed_pool (list);
      g_autofree char *expected = engine_pool (fresh);
      g_autofree char *tile = property_text (listener, game, GAME_IFACE, "Tile");

      /* the last seat picks first, then counter-clockwise */
      ck_assert_uint_eq (seat, picks % 2 == 0 ? 1 : 0);
      ck_assert_uint_eq (carc_game_get_current_player (fresh), seat);
      ck_assert_str_eq (pool, expected);
      ck_assert_uint_eq (g_variant_n_children (list), 21 - picks); /* 20 plain + the vineyard */
      {
        g_autoptr (GVariant) other
            = call_ok (clients[1 - seat], game, GAME_IFACE, "GetMoves", NO_OPTIONS);
        g_autofree char *none = g_variant_print (other, FALSE);
        ck_assert_str_eq (none, "([],)");
      }
      ck_assert_str_eq (tile, "''");
      ck_assert_uint_eq (get_uint (listener, game, GAME_IFACE, "Turn"), 0);
      /* open hands: anyone may look, a stranger too */
      for (guint p = 0; p < 2; p++)
        {
          g_autofree char *hand = reply_text (listener, game, GAME_IFACE, "GetHand",
                                              g_variant_new ("(oa{sv})", players[p], NULL));
          g_autofree char *engine_hand = engine_hand_text (fresh, p);
          ck_assert_str_eq (hand, engine_hand);
        }
      {
        g_autoptr (GRand) copy = g_rand_copy (rand);
        guint before = carc_game_get_hand_size (fresh, seat);
        engine_policy_move (fresh, copy);
        g_ptr_array_add (taken, g_strdup (carc_tile_type_get_id (
                                    carc_game_get_hand_piece (fresh, seat, before))));
      }
      dbus_policy_move (clients[seat], game, rand);
      picks++;
    }
  ck_assert_uint_eq (picks, 6);
  WAIT_FOR (w.picked->len == 6);
  ck_assert_uint_eq (signal_count (&w, "PieceGiven"), 6);
  for (guint i = 0; i < 6; i++) /* each PieceGiven named the tile the engine's pick took */
    ck_assert_str_eq (g_ptr_array_index (w.picked, i), g_ptr_array_index (taken, i));
  ck_assert_uint_eq (signal_count (&w, "TurnEnded"), 0); /* a pick is no turn */
  for (guint p = 0; p < 2; p++)
    ck_assert_uint_eq (get_uint (listener, players[p], PLAYER_IFACE, "HandSize"), 4);
  dbus_policy_play_to_end (clients, players, 2, game, rand);
  assert_same_game (clients[0], game, players, engine);
  ck_assert_uint_eq (engine_count_moves (engine, "pick"), 6);
  signal_count_stop (&w, listener);
  fixture_teardown (&f);
}
END_TEST

/* Expansion.xml: one object per loaded plugin, at .../expansion/<name>, with exactly these
 * properties (issue 14: "expansion options carry their ranges": halftiles.hand 1..8, a
 * boolean 0..1); Manager.Expansions names them in hook order; the ObjectManager lists them. */
START_TEST (test_expansion_objects)
{
  static const char *const expected[][2] = {
    { "abbey",
      "({'Name': <'abbey'>, 'Description': <'Abbey & Mayor abbeys: fill a hole instead of "
      "drawing'>, 'Version': <'" PACKAGE_VERSION "'>, 'Priority': <0>, 'Options': <@a(sssvuu) []>, "
      "'Tiles': <['abbey']>},)" },
    { "halftiles",
      "({'Name': <'halftiles'>, 'Description': <'Halflings: triangular half tiles placed instead "
      "of drawing'>, 'Version': <'" PACKAGE_VERSION "'>, 'Priority': <0>, 'Options': <[('hand', "
      "'u', 'half tiles each player gets', <uint32 3>, uint32 1, uint32 8), ('draft', 'b', 'open "
      "draft: pick face-up half tiles in turn', <false>, 0, 1), ('hill', 'b', 'retired, must be "
      "off: the hill half and its rules come with the hills expansion', <false>, 0, 1)]>, 'Tiles': "
      "<['HT-I-01', 'HT-I-02', 'HT-I-03', "
      "'HT-I-04', 'HT-I-05', 'HT-I-06', "
      "'HT-I-07', 'HT-I-08', 'HT-I-09', 'HT-I-10', 'HT-I-11', 'HT-I-12', 'HT-II-01', 'HT-II-02', "
      "'HT-II-03', 'HT-II-04', 'HT-II-05', 'HT-II-06', 'HT-II-07', 'HT-II-08', 'HT-II-09', "
      "'HT-II-10', 'HT-II-11', 'HT-II-12']>},)" },
    { "hills",
      "({'Name': <'hills'>, 'Description': <'Hills & Sheep hills: a hill buries a tile and wins "
      "ties'>, 'Version': <'" PACKAGE_VERSION "'>, 'Priority': <0>, 'Options': <@a(sssvuu) []>, "
      "'Tiles': <@as []>},)" },
    { "inns-cathedrals",
      "({'Name': <'inns-cathedrals'>, 'Description': <'Inns & Cathedrals: inns, cathedrals, the "
      "large follower and 18 tiles'>, 'Version': <'" PACKAGE_VERSION
      "'>, 'Priority': <0>, 'Options': <[('final-zero', "
      "'b', 'an inn road or cathedral city incomplete at the end scores 0 (D16)', <true>, uint32 "
      "0, uint32 1)]>, "
      "'Tiles': <['IC-Cccc.c', 'IC-LRFR', 'IC-CCCC', 'IC-CCC', 'IC-CRCR', 'IC-CCc+', 'IC-C!', "
      "'IC-CFR', 'IC-CcR', 'IC-CRcR+', 'IC-RCc.i', 'IC-RrC.i', 'IC-CcRr+.i', 'IC-RRR.i', "
      "'IC-RFr.i', 'IC-Rr.i', 'IC-RrRr']>},)" },
    { "mayor",
      "({'Name': <'mayor'>, 'Description': <'Abbey & Mayor: the mayor, the wagon, the barn and 12 "
      "land tiles'>, 'Version': <'" PACKAGE_VERSION "'>, 'Priority': <0>, 'Options': "
      "<[('barn-into-barn-field', 'b', 'a barn may go into a field that already has one (JCZ "
      "barn-placement=occupied; D27)', <false>, uint32 0, uint32 1), ('wagon-c1', 'b', 'a wagon "
      "moves only to a feature its road, city or cloister leads to (JCZ wagon-move=C1; D25)', "
      "<false>, 0, 1)]>, 'Tiles': <['AM-C++', "
      "'AM-CCcc+', 'AM-CCc+', 'AM-CCRR', 'AM-LRRRR', 'AM-RC', 'AM-CRr', 'AM-RrC', 'AM-C!+', "
      "'AM-R', 'AM-Rrr', 'AM-CRcr+']>},)" },
    { "river",
      "({'Name': <'river'>, 'Description': <'The River I and II: the spring starts, river tiles "
      "first'>, 'Version': <'" PACKAGE_VERSION "'>, 'Priority': <0>, 'Options': <[('set', 'u', "
      "'the rivers: 1 River I, 2 River II, 3 both (D33)', <uint32 1>, uint32 1, uint32 3), "
      "('start-in-pile', 'b', 'the base start tile goes into the land tiles; off: out of the "
      "game (D29)', <true>, 0, 1)]>, 'Tiles': <['RI-s', 'RI.1-I.e', 'RI.1-CICI', 'RI.1-CIRI', "
      "'RI.1-LIRI', 'RI.1-RIrI', 'RI.1-IFI', 'RI.1-CcII', 'RI.1-RrII', 'RI.1-II', 'RI.2-III', "
      "'RI.2-I.v', 'RI.2-IFC', 'RI.2-CIcI', 'RI.2-LIFI', 'RI.2-RIrI', 'RI.2-CIRI', 'RI.2-II', "
      "'RI.2-CcII+', 'RI.2-II+', 'RI.2-RrII']>},)" },
    { "traders-builders",
      "({'Name': <'traders-builders'>, 'Description': <'Traders & Builders: trade goods, the "
      "builder, the pig and 24 tiles'>, 'Version': <'" PACKAGE_VERSION "'>, 'Priority': <0>, "
      "'Options': <[('optional-extra', 'b', 'the builder gives an extra turn part only when the "
      "player asks for it (D20)', <false>, uint32 0, uint32 1)]>, 'Tiles': <["
      "'TB-Cc.g', 'TB-Cc.w', 'TB-CCc.c', 'TB-CCc.w', 'TB-Ccc.g', 'TB-CcCC.c', "
      "'TB-CcRR!.c', 'TB-CcRR.w', 'TB-CcRC.c', 'TB-CcRC.g', 'TB-CcR.c', 'TB-CcR!.w', "
      "'TB-CccR.w', 'TB-CcCc.w', 'TB-CFc.w', 'TB-CR', 'TB-CRc.g', 'TB-CRc.w', "
      "'TB-CRcR.w', 'TB-LRRR', 'TB-RCc.g', 'TB-RCc!.g', 'TB-RRC', 'TB-RRrr'"
      "]>},)" },
    { "vineyards",
      "({'Name': <'vineyards'>, 'Description': <'Hills & Sheep vineyards: +3 per vineyard by a "
      "completed monastery'>, 'Version': <'" PACKAGE_VERSION "'>, 'Priority': <0>, 'Options': "
      "<@a(sssvuu) []>, 'Tiles': <['HS-C!.v', 'HS-CC!.v', 'HS-Cc.v', 'HS-CFC.v', 'HS-RCC.v', "
      "'HS-RRr.v']>},)" },
    { "winter",
      "({'Name': <'winter'>, 'Description': <'Winter Edition: 12 tiles with animals (no rule "
      "changes)'>, 'Version': <'" PACKAGE_VERSION
      "'>, 'Priority': <0>, 'Options': <@a(sssvuu) []>, "
      "'Tiles': <['WI-CFR', 'WI-CR', 'WI-CRr', 'WI-CcR', 'WI-LR', 'WI-LRFR', 'WI-R', 'WI-RC', "
      "'WI-RCc.i', 'WI-RRR', 'WI-RrC', 'WI-RrRr']>},)" },
  };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *names = property_text (c, ROOT_PATH, MANAGER_IFACE, "Expansions");
  g_autoptr (GVariant) objects
      = call_ok (c, ROOT_PATH, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", NULL);
  g_autoptr (GVariant) dict = g_variant_get_child_value (objects, 0);

  ck_assert_str_eq (names, "['abbey', 'halftiles', 'hills', 'inns-cathedrals', 'mayor', 'river', "
                           "'traders-builders', 'vineyards', 'winter']");
  /* nothing but the expansions and the 3 bot strategies (test-daemon-strategies.c) before
   * any game */
  ck_assert_uint_eq (g_variant_n_children (dict), 9 + 3);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *path = expansion_object_path (expected[i][0]);
      g_autofree char *all
          = reply_text (c, path, PROPS_IFACE, "GetAll", g_variant_new ("(s)", EXPANSION_IFACE));
      g_autoptr (GVariant) ifaces = g_variant_lookup_value (dict, path, NULL);
      g_autoptr (GVariant) props = NULL;
      g_autoptr (GVariant) from_all = NULL;

      ck_assert_str_eq (all, expected[i][1]);
      /* GetManagedObjects says the same */
      ck_assert_ptr_nonnull (ifaces);
      props = g_variant_lookup_value (ifaces, EXPANSION_IFACE, NULL);
      ck_assert_ptr_nonnull (props);
      from_all = g_variant_parse (NULL, expected[i][1], NULL, NULL, NULL);
      {
        g_autoptr (GVariant) first = g_variant_get_child_value (from_all, 0);
        ck_assert (g_variant_equal (first, props));
      }
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* The entry of @id in GetTileTypes' answer, printed; NULL if absent. */
static char *
tile_type_text (GVariant *types, const char *id)
{
  GVariantIter iter;
  GVariant *entry;

  g_variant_iter_init (&iter, types);
  while ((entry = g_variant_iter_next_value (&iter)))
    {
      const char *entry_id;
      g_variant_get_child (entry, 0, "&s", &entry_id);
      if (g_str_equal (entry_id, id))
        {
          char *text = g_variant_print (entry, FALSE);
          g_variant_unref (entry);
          return text;
        }
      g_variant_unref (entry);
    }
  return NULL;
}

/* Game.xml GetTileTypes: the base set, then each expansion's tiles in hook order; a half
 * tile has 3 edges (N, E, long side) and the locations "L", "LSE", "LNW"; tags key to value,
 * "" for a bare tag. A game without expansions lists the base set only. */
START_TEST (test_tile_types)
{
  static const char *const expected[][2] = {
    { "D", "('D', [2, 1, 0, 1], [(2, ['N'], false), (1, ['E', 'W'], false), (0, ['ENE', 'WNW'], "
           "false), (0, ['ESE', 'SSE', 'SSW', 'WSW'], false)], {'start': '1'})" },
    { "abbey", "('abbey', [3, 3, 3, 3], [(3, [], false)], {'abbey': ''})" },
    { "HT-I-01", "('HT-I-01', [1, 0, 1], [(1, ['N', 'L'], false), (0, ['NNE', 'ENE', 'ESE', "
                 "'LSE'], false), (0, ['NNW', 'LNW'], false)], {'set': 'I'})" },
    { "HT-I-06", "('HT-I-06', [0, 0, 0], [(0, ['NNW', 'NNE', 'ENE', 'ESE', 'LSE', 'LNW'], "
                 "false)], {'set': 'I', 'vineyard': '', 'needs': 'vineyards'})" },
    { "HS-Cc.v", "('HS-Cc.v', [2, 0, 0, 2], [(2, ['N', 'W'], false), (0, ['ENE', 'ESE', 'SSE', "
                 "'SSW'], false)], {'vineyard': ''})" },
    { "WI-CFR", "('WI-CFR', [2, 0, 1, 0], [(2, ['N'], false), (1, ['S'], false), (0, ['SSW', "
                "'WSW', 'WNW'], false), (0, ['ENE', 'ESE', 'SSE'], false)], {'animal': 'bear'})" },
  };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{'expansions': <" ALL_EXPANSIONS ">}");
  g_autofree char *base = create_game (c, "{}");
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "GetTileTypes", NULL);
  g_autoptr (GVariant) types = g_variant_get_child_value (r, 0);
  g_autoptr (GVariant) rb = call_ok (c, base, GAME_IFACE, "GetTileTypes", NULL);
  g_autoptr (GVariant) base_types = g_variant_get_child_value (rb, 0);
  static const char *const order[]
      = { "A",       "X",       "abbey",    "HT-I-01", "HT-II-12", "IC-Cccc.c",
          "IC-RrRr", "HS-C!.v", "HS-RRr.v", "WI-CFR",  "WI-RrRr" };
  static const guint at[] = { 0, 23, 24, 25, 48, 49, 65, 66, 71, 72, 83 };

  /* 24 base types, 1 abbey, 24 half tiles, 17 of Inns & Cathedrals, 6 vineyards, 12 winter */
  ck_assert_uint_eq (g_variant_n_children (types), 84);
  ck_assert_uint_eq (g_variant_n_children (base_types), 24);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      const char *id;
      g_variant_get_child (types, at[i], "(&s@au@a(uasb)@a{ss})", &id, NULL, NULL, NULL);
      ck_assert_str_eq (id, order[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *text = tile_type_text (types, expected[i][0]);
      ck_assert_msg (text != NULL, "no tile type %s", expected[i][0]);
      ck_assert_str_eq (text, expected[i][1]);
    }
  {
    g_autofree char *text = tile_type_text (base_types, "WI-CFR");
    ck_assert_ptr_null (text);
  }
  /* every half tile has 3 edges, every other 4 */
  for (gsize i = 0; i < g_variant_n_children (types); i++)
    {
      const char *id;
      g_autoptr (GVariant) edges = NULL;
      g_variant_get_child (types, i, "(&s@au@a(uasb)@a{ss})", &id, &edges, NULL, NULL);
      ck_assert_uint_eq (g_variant_n_children (edges), g_str_has_prefix (id, "HT-") ? 3 : 4);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Game.xml and Player.xml: a seeded game with expansions: TilesLeft counts the expansions'
 * tiles before the start; the first turn starts choosing (State 4, Tile "", TurnStarted's tile
 * ""); HandSize and the holder's GetHand are the engine's; GetPiecePlacements lists the
 * engine's placements; Draw makes State 1 with TileDrawn's tile; PlacePiece puts a half
 * tile (GetPieces and GetBoard list it) and makes State 2; Options lists the expansions and
 * their options back. */
START_TEST (test_choosing)
{
  const guint64 seed = 12;
  static const char *const options[] = { "halftiles.hand=2", NULL };
  g_autoptr (CarcPluginHost) host = test_plugin_host ();
  g_autoptr (CarcGameConfig) config = expansion_config (host, all_names, options, 2, seed);
  g_autoptr (CarcGame) engine = carc_game_new (config, NULL);
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  g_autoptr (GDBusConnection) listener = client_new ();
  g_autofree char *game = create_game (
      a, "{'seed': <@t 12>, 'expansions': <['winter', 'halftiles', 'inns-cathedrals', 'abbey', "
         "'vineyards']>, 'halftiles.hand': <uint32 2>}");
  g_autofree char *ta = NULL, *tb = NULL;
  g_autofree char *pa = join_game (a, game, "Ann", &ta);
  g_autofree char *pb = join_game (b, game, "Bob", &tb);
  g_autofree char *opts = property_text (a, game, GAME_IFACE, "Options");
  SignalCount w;

  ck_assert_str_eq (opts, "{'players': <uint32 2>, 'followers': <uint32 7>, 'farmers': <true>, "
                          "'field-scoring': <uint32 3>, 'tiny-city-scoring': <uint32 4>, "
                          "'bot-delay': <uint32 0>, 'expansions': <['abbey', 'halftiles', "
                          "'inns-cathedrals', 'vineyards', 'winter']>, 'halftiles.hand': <uint32 "
                          "2>, 'halftiles.draft': <false>, 'halftiles.hill': <false>, "
                          "'inns-cathedrals.final-zero': <true>}");
  /* 71 base tiles but the start, 18 of Inns & Cathedrals, 12 winter, 8 vineyard tiles */
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "TilesLeft"), 109);
  ck_assert_uint_eq (get_uint (a, pa, PLAYER_IFACE, "HandSize"), 0);
  {
    g_autofree char *hand
        = reply_text (a, game, GAME_IFACE, "GetHand", g_variant_new ("(oa{sv})", pa, NULL));
    ck_assert_str_eq (hand, "(@as [],)");
  }
  signal_count_start (&w, listener, game);
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  ck_assert_uint_eq (carc_game_get_phase (engine), CARC_PHASE_CHOOSE);
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "State"), 4);
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "Turn"), 1);
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "TilesLeft"), 109);
  {
    g_autofree char *tile = property_text (a, game, GAME_IFACE, "Tile");
    g_autofree char *active = active_player (b, game);
    ck_assert_str_eq (tile, "''");
    ck_assert_str_eq (active, pa);
  }
  for (guint p = 0; p < 2; p++)
    {
      GDBusConnection *c = p ? b : a;
      const char *player = p ? pb : pa;
      g_autofree char *hand
          = reply_text (c, game, GAME_IFACE, "GetHand", g_variant_new ("(oa{sv})", player, NULL));
      g_autofree char *expected = engine_hand_text (engine, p);
      /* an abbey and 2 half tiles each */
      ck_assert_uint_eq (carc_game_get_hand_size (engine, p), 3);
      ck_assert_uint_eq (get_uint (listener, player, PLAYER_IFACE, "HandSize"), 3);
      ck_assert_str_eq (hand, expected);
    }
  /* the abbey has no hole to go in yet; each half tile has the engine's placements */
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *list = reply_text (a, game, GAME_IFACE, "GetPiecePlacements",
                                          g_variant_new ("(ua{sv})", i, NULL));
      guint n;
      const CarcPlacement *p = carc_game_get_piece_placements (engine, i, &n);
      GVariantBuilder builder;
      g_autoptr (GVariant) expected = NULL;
      g_autofree char *expected_text = NULL;

      g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(iiu)"));
      for (guint k = 0; k < n; k++)
        g_variant_builder_add (&builder, "(iiu)", p[k].x, p[k].y, p[k].rotation);
      expected = g_variant_ref_sink (g_variant_new ("(a(iiu))", &builder));
      expected_text = g_variant_print (expected, TRUE);
      ck_assert_str_eq (list, expected_text);
      if (i == 0)
        ck_assert_uint_eq (n, 0);
      else
        ck_assert_uint_gt (n, 0);
    }
  /* Draw: TileDrawn tells the engine's tile, which is then in play */
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Draw", NO_OPTIONS));
  ck_assert (carc_game_draw (engine, NULL));
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "State"), 1);
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "TilesLeft"), 108);
  WAIT_FOR (w.drawn->len == 1);
  {
    const char *id = carc_tile_type_get_id (carc_game_get_current_tile (engine));
    g_autofree char *tile = property_text (a, game, GAME_IFACE, "Tile");
    g_autofree char *quoted = g_strdup_printf ("'%s'", id);
    ck_assert_str_eq (g_ptr_array_index (w.drawn, 0), id);
    ck_assert_str_eq (tile, quoted);
  }
  /* finish the turn the same way on both sides, then Bob places a half tile */
  {
    CarcPlacement p;
    ck_assert (carc_game_get_placement (engine, 0, &p));
    ck_assert (carc_game_place (engine, p.x, p.y, p.rotation, NULL));
    ck_assert (carc_game_skip (engine, NULL));
    g_variant_unref (call_ok (a, game, GAME_IFACE, "Place",
                              g_variant_new ("(iiua{sv})", p.x, p.y, p.rotation, NULL)));
    g_variant_unref (call_ok (a, game, GAME_IFACE, "Skip", NO_OPTIONS));
  }
  ck_assert_uint_eq (get_uint (b, game, GAME_IFACE, "State"), 4);
  {
    guint n;
    const CarcPlacement *p = carc_game_get_piece_placements (engine, 1, &n);
    const char *id = carc_tile_type_get_id (carc_game_get_hand_piece (engine, 1, 1));
    g_autofree char *tile = NULL;
    g_autofree char *pieces = NULL;
    g_autofree char *expected = NULL;
    g_autoptr (GVariant) board = NULL;
    g_autoptr (GVariant) tiles = NULL;
    const char *last;

    ck_assert_uint_gt (n, 0);
    g_variant_unref (
        call_ok (b, game, GAME_IFACE, "PlacePiece",
                 g_variant_new ("(uiiua{sv})", 1, p[0].x, p[0].y, p[0].rotation, NULL)));
    ck_assert (carc_game_place_piece (engine, 1, p[0].x, p[0].y, p[0].rotation, NULL));
    ck_assert_uint_eq (get_uint (b, game, GAME_IFACE, "State"), 2);
    ck_assert_uint_eq (get_uint (a, pb, PLAYER_IFACE, "HandSize"), 2);
    tile = property_text (b, game, GAME_IFACE, "Tile");
    ck_assert_ptr_nonnull (strstr (tile, id));
    pieces = reply_text (a, game, GAME_IFACE, "GetPieces", NULL);
    expected = engine_pieces_text (engine, game);
    ck_assert_str_eq (pieces, expected);
    board = call_ok (a, game, GAME_IFACE, "GetBoard", NULL);
    tiles = g_variant_get_child_value (board, 0);
    ck_assert_uint_eq (g_variant_n_children (tiles), 3);
    g_variant_get_child (tiles, 2, "(ii&suo)", NULL, NULL, &last, NULL, NULL);
    ck_assert_str_eq (last, id);
  }
  signal_count_stop (&w, listener);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* The bots' RNG of a game of @seed, as the daemon seeds it (session.c). */
static GRand *
bot_rand (guint64 seed)
{
  guint32 words[2] = { (guint32)seed, (guint32)(seed >> 32) ^ 0x9e3779b9u };
  return g_rand_new_with_seed_array (words, 2);
}

/* bot.h: the built-in bot plays every phase (choosing, drafting, a plugin's); a seeded game of
 * bots with all five expansions (then with the draft and hills too, then abbey and mayor)
 * replays exactly: it ends as the same bot playing the same seed in-process, twice over. */
START_TEST (test_bots)
{
  static const char *const variants[][2] = {
    { "{'bots': <uint32 2>, 'seed': <@t 77>, 'expansions': <" ALL_EXPANSIONS ">}", NULL },
    { "{'bots': <uint32 3>, 'players': <uint32 3>, 'seed': <@t 78>, 'expansions': <['abbey', "
      "'halftiles', 'hills', 'inns-cathedrals', 'vineyards', 'winter']>, 'halftiles.draft': "
      "<true>}",
      "halftiles.draft=1" },
    { "{'bots': <uint32 3>, 'players': <uint32 3>, 'seed': <@t 79>, 'expansions': <['abbey', "
      "'mayor']>}",
      NULL },
  };
  static const char *const with_hills[]
      = { "abbey", "halftiles", "hills", "inns-cathedrals", "vineyards", "winter", NULL };
  /* Abbey & Mayor whole: the bots make the wagons' moves in their plugin phase too */
  static const char *const abbey_mayor[] = { "abbey", "mayor", NULL };
  static const char *const *const names[] = { all_names, with_hills, abbey_mayor };
  static const guint64 seeds[] = { 77, 78, 79 };
  static const guint players[] = { 2, 3, 3 };
  g_autoptr (CarcPluginHost) host = test_plugin_host ();
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      const char *options[] = { variants[v][1], NULL };
      g_autoptr (CarcGameConfig) config
          = expansion_config (host, names[v], options, players[v], seeds[v]);
      g_autoptr (CarcGame) engine = carc_game_new (config, NULL);
      g_autoptr (GRand) rand = bot_rand (seeds[v]);
      char *texts[2];

      while (carc_game_get_phase (engine) != CARC_PHASE_OVER)
        ck_assert (carcd_bot_random.play_turn (engine, rand, NULL, NULL, NULL));
      ck_assert_uint_gt (engine_count_moves (engine, "place-piece"), 0);
      if (names[v] == abbey_mayor) /* its wagons moved (or stayed) in their plugin phase */
        ck_assert_uint_gt (engine_count_moves (engine, "wagon-move")
                               + engine_count_moves (engine, "wagon-pass"),
                           0);
      for (guint round = 0; round < 2; round++)
        {
          SignalCount w;
          g_autofree char *game = create_game (c, variants[v][0]);
          g_autoptr (GVariant) scores = NULL;
          g_autofree char *expected = engine_pieces_text (engine, game);
          guint want[CARC_MAX_PLAYERS];

          signal_count_start (&w, c, game);
          g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
          WAIT_FOR (w.game_over != NULL);
          ck_assert_ptr_nonnull (w.game_over);
          texts[round] = reply_text (c, game, GAME_IFACE, "GetPieces", NULL);
          ck_assert_str_eq (texts[round], expected);
          for (guint p = 0; p < players[v]; p++)
            want[p] = carc_game_get_score (engine, p);
          assert_scores (c, game, want, players[v]);
          ck_assert_uint_eq (signal_count (&w, "PieceGiven"), engine_count_moves (engine, "pick"));
          ck_assert_uint_eq (signal_count (&w, "TurnPassed"), engine_count_moves (engine, "pass"));
          ck_assert_uint_eq (signal_count (&w, "TileDrawn"), engine_count_moves (engine, "draw"));
          ck_assert_uint_eq (signal_count (&w, "TurnEnded"), carc_game_get_turn (engine));
          signal_count_stop (&w, c);
          g_variant_unref (call_ok (c, game, GAME_IFACE, "Delete", NO_OPTIONS));
        }
      g_free (texts[0]);
      g_free (texts[1]);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Issue 14: "the daemon's error quark string is "carcd - error - quark" (the formatter split
 * it)". This program links the daemon's library (for its bot), so it checks the name too. */
START_TEST (test_error_quark)
{
  ck_assert_str_eq (g_quark_to_string (CARCD_ERROR), "carcd-error-quark");
}
END_TEST

static Suite *
expansions_suite (void)
{
  Suite *s = suite_create ("daemon-expansions");
  TCase *tc = tcase_create ("expansions");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_complete_game);
  tcase_add_test (tc, test_draft_game);
  tcase_add_test (tc, test_expansion_objects);
  tcase_add_test (tc, test_tile_types);
  tcase_add_test (tc, test_choosing);
  tcase_add_test (tc, test_bots);
  tcase_add_test (tc, test_error_quark);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (expansions_suite ());
}
