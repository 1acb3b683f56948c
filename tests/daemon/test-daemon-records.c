/* test-daemon-records.c: game records over D-Bus: Game.ExportRecord, Manager.ImportGame and
 * Game.StateHash (doc/dbus-game.md, doc/dbus-manager.md, doc/game-records.md).
 *
 * A record exported and imported again is the same game: the same state hash, board and
 * pieces, and played on with the same moves it stays the same to the end; exported again it
 * is the same record. A record replayed to move N is at the engine's position after N moves.
 * A bad record is refused with InvalidRecord and the engine's words.
 */
#include "config.h"

#include <check.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-play.h"
#include "expansion-play.h"

/* @text with every "@from/" replaced by "@to/": two games' texts compared. */
static char *
replace_path (const char *text, const char *from, const char *to)
{
  g_autofree char *a = g_strconcat (from, "/", NULL);
  g_autofree char *b = g_strconcat (to, "/", NULL);
  g_auto (GStrv) parts = g_strsplit (text, a, -1);

  return g_strjoinv (b, parts);
}

/* GetBoard and GetPieces of @game, as text, with @game's path written as "G". */
static char *
board_text (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) board = call_ok (c, game, GAME_IFACE, "GetBoard", NULL);
  g_autoptr (GVariant) pieces = call_ok (c, game, GAME_IFACE, "GetPieces", NULL);
  g_autofree char *a = g_variant_print (board, FALSE);
  g_autofree char *b = g_variant_print (pieces, FALSE);
  g_autofree char *both = g_strconcat (a, "\n", b, NULL);

  return replace_path (both, game, "G");
}

/* Game.Join, forgetting the token. */
static void
seat (GDBusConnection *c, const char *game, const char *name)
{
  g_autofree char *token = NULL;
  g_free (join_game (c, game, name, &token));
}

static char *
import_game (GDBusConnection *c, const char *record, const char *options)
{
  g_autoptr (GVariant) r
      = call_ok (c, ROOT_PATH, MANAGER_IFACE, "ImportGame",
                 g_variant_new ("(s@a{sv})", record, g_variant_new_parsed (options)));
  char *game;

  g_variant_get (r, "(o&s)", &game, NULL);
  return game;
}

/* ImportGame refused: the error's name and message. */
static void
import_refused (GDBusConnection *c, const char *record, const char *options, const char *name,
                const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r
      = call (c, ROOT_PATH, MANAGER_IFACE, "ImportGame",
              g_variant_new ("(s@a{sv})", record, g_variant_new_parsed (options)), &error);
  g_autofree char *remote = NULL;

  ck_assert_msg (r == NULL, "ImportGame took %s", options);
  remote = g_dbus_error_get_remote_error (error);
  ck_assert_str_eq (remote, name);
  g_dbus_error_strip_remote_error (error);
  ck_assert_str_eq (error->message, message);
}

/* The engine's message for @record. */
static char *
engine_message (const char *record)
{
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  g_autoptr (CarcPluginHost) host = test_plugin_host ();
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcRecord) r = carc_record_parse (record, -1, tiles, host, &error);
  g_autoptr (CarcGame) game = NULL;

  if (r == NULL)
    return g_strdup (error->message);
  game = carc_record_replay (r, G_MAXUINT, NULL, NULL, NULL, &error);
  ck_assert_ptr_null (game);
  return g_strdup (error->message);
}

/* PropertiesChanged of a game: the last StateHash it announced. */
static void
on_properties_changed (GDBusConnection *c, const char *sender, const char *path, const char *iface,
                       const char *signal, GVariant *args, gpointer data)
{
  char **last = data;
  g_autoptr (GVariant) changed = g_variant_get_child_value (args, 1);
  const char *hash;

  if (g_variant_lookup (changed, "StateHash", "&s", &hash))
    {
      g_free (*last);
      *last = g_strdup (hash);
    }
}

/* A base game exported while it runs (by its creator), imported, seated and started: the
 * same game; both played on with the same moves stay the same; exported again, the records
 * are equal. */
START_TEST (test_round_trip_base)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  g_autoptr (GDBusConnection) c0 = client_new ();
  g_autoptr (GDBusConnection) c1 = client_new ();
  g_autoptr (GDBusConnection) d0 = client_new ();
  g_autoptr (GDBusConnection) d1 = client_new ();
  GDBusConnection *c[2] = { c0, c1 }, *d[2] = { d0, d1 };
  g_autofree char *game = create_game (c0, "{'seed': <@t 77>}");
  g_autofree char *copy = NULL, *record = NULL, *again = NULL, *hash = NULL, *copy_hash = NULL;
  g_autofree char *board = NULL, *copy_board = NULL;
  g_autoptr (CarcGame) mirror = NULL;
  g_autofree char *announced = NULL;
  guint announced_id;

  seat (c0, game, "Ann");
  seat (c1, game, "Bob");
  g_variant_unref (call_ok (c0, game, GAME_IFACE, "Start", NO_OPTIONS));
  record = export_record (c0, game);
  mirror = mirror_from_record (record, NULL);
  mirror_play (c, game, mirror, rand, 21);
  g_free (record);
  record = export_record (c0, game);
  copy = import_game (d0, record, "{'name': <'again'>}");
  ck_assert_str_eq (copy, ROOT_PATH "/game/2");
  /* waiting, at the record's position */
  hash = get_hash (c0, game);
  copy_hash = get_hash (d0, copy);
  ck_assert_str_eq (copy_hash, hash);
  ck_assert_uint_eq (get_uint (d0, copy, GAME_IFACE, "State"), 0);
  ck_assert_uint_eq (get_uint (d0, copy, GAME_IFACE, "TilesLeft"),
                     get_uint (c0, game, GAME_IFACE, "TilesLeft"));
  seat (d0, copy, "Ann");
  seat (d1, copy, "Bob");
  g_variant_unref (call_ok (d1, copy, GAME_IFACE, "Start", NO_OPTIONS));
  g_free (copy_hash);
  copy_hash = get_hash (d0, copy);
  ck_assert_str_eq (copy_hash, hash);
  ck_assert_uint_eq (get_uint (d0, copy, GAME_IFACE, "State"), 2); /* 21 moves: deploying */
  board = board_text (c0, game);
  copy_board = board_text (d0, copy);
  ck_assert_str_eq (copy_board, board);
  again = export_record (d0, copy);
  ck_assert_str_eq (again, record);
  /* the same moves, the same game, to the end; StateHash is announced after every move */
  announced_id = g_dbus_connection_signal_subscribe (d0, NULL, PROPS_IFACE, "PropertiesChanged",
                                                     copy, GAME_IFACE, G_DBUS_SIGNAL_FLAGS_NONE,
                                                     on_properties_changed, &announced, NULL);
  while (carc_game_get_phase (mirror) != CARC_PHASE_OVER)
    {
      g_autofree char *want = NULL;
      CarcMove move;
      guint seat = carc_game_get_current_player (mirror);

      mirror_choose (mirror, rand, &move);
      ck_assert (move_call (c[seat], game, &move, NULL));
      ck_assert (move_call (d[seat], copy, &move, NULL));
      ck_assert (carc_game_apply_move (mirror, &move, NULL));
      assert_in_sync (c0, game, mirror);
      assert_in_sync (d0, copy, mirror);
      want = carc_game_get_public_hash (mirror);
      WAIT_FOR (g_strcmp0 (announced, want) == 0);
      ck_assert_str_eq (announced, want);
    }
  g_dbus_connection_signal_unsubscribe (d0, announced_id);
  {
    guint scores[2] = { carc_game_get_score (mirror, 0), carc_game_get_score (mirror, 1) };
    assert_scores (d0, copy, scores, 2);
    assert_scores (c0, game, scores, 2);
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A bot game with all five expansions, exported once over (by anyone), imported with bots:
 * the same state, board and pieces, the same record; replayed to move N, the engine's
 * position after N moves. */
START_TEST (test_round_trip_expansions)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) x = client_new ();
  g_autofree char *game
      = create_game (a, "{'bots': <uint32 3>, 'players': <uint32 3>, 'seed': <@t 5150>, "
                        "'expansions': <" ALL_EXPANSIONS ">, 'halftiles.hand': <uint32 2>}");
  g_autofree char *record = NULL, *copy = NULL, *again = NULL, *hash = NULL, *copy_hash = NULL;
  g_autofree char *board = NULL, *copy_board = NULL;
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  g_autoptr (CarcPluginHost) host = test_plugin_host ();
  g_autoptr (CarcRecord) parsed = NULL;
  guint n_moves;

  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  WAIT_FOR (get_uint (a, game, GAME_IFACE, "State") == 3);
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "State"), 3);
  record = export_record (x, game);
  hash = get_hash (x, game);
  copy = import_game (x, record, "{'bots': <uint32 3>}");
  copy_hash = get_hash (x, copy);
  ck_assert_str_eq (copy_hash, hash);
  {
    g_autoptr (GVariant) o1 = get_property (x, game, GAME_IFACE, "Options");
    g_autoptr (GVariant) o2 = get_property (x, copy, GAME_IFACE, "Options");
    g_autofree char *t1 = g_variant_print (o1, FALSE);
    g_autofree char *t2 = g_variant_print (o2, FALSE);
    ck_assert_str_eq (t2, t1);
    ck_assert (strstr (t1, "'halftiles.hand': <uint32 2>") != NULL);
  }
  g_variant_unref (call_ok (x, copy, GAME_IFACE, "Start", NO_OPTIONS));
  ck_assert_uint_eq (get_uint (x, copy, GAME_IFACE, "State"), 3);
  board = board_text (x, game);
  copy_board = board_text (x, copy);
  ck_assert_str_eq (copy_board, board);
  again = export_record (x, copy);
  ck_assert_str_eq (again, record);

  /* replayed to a chosen move */
  parsed = carc_record_parse (record, -1, tiles, host, NULL);
  ck_assert_ptr_nonnull (parsed);
  n_moves = carc_record_get_n_moves (parsed);
  ck_assert_uint_gt (n_moves, 100);
  for (guint i = 0; i < 5; i++)
    {
      guint n = (guint[]){ 0, 1, 7, n_moves / 2, n_moves }[i];
      g_autofree char *options = g_strdup_printf ("{'moves': <uint32 %u>}", n);
      g_autofree char *part = import_game (a, record, options);
      g_autoptr (CarcGame) engine = carc_record_replay (parsed, n, NULL, NULL, NULL, NULL);
      g_autofree char *want = carc_game_get_public_hash (engine);
      g_autofree char *have = get_hash (x, part);
      g_autofree char *cut = export_record (a, part);
      g_autoptr (CarcRecord) cut_parsed = carc_record_parse (cut, -1, tiles, host, NULL);

      ck_assert_str_eq (have, want);
      ck_assert_uint_eq (get_uint (x, part, GAME_IFACE, "TilesLeft"),
                         carc_game_get_tiles_left (engine));
      /* its creator has its record: the moves it starts from */
      ck_assert_uint_eq (carc_record_get_n_moves (cut_parsed), n);
      g_variant_unref (call_ok (a, part, GAME_IFACE, "Delete", NO_OPTIONS));
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Bad records and options: InvalidRecord with the engine's words, InvalidArgs. */
START_TEST (test_bad_records)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autofree char *game
      = create_game (a, "{'bots': <uint32 2>, 'seed': <@t 9>, 'tile-order': <['U', 'V']>}");
  g_autofree char *record = NULL, *bad = NULL, *message = NULL;
  static const char *const engine_checked[] = {
    "",
    "[]",
    "{\"format\": \"carcassonned-record\", \"version\": 1}",
    "{\"format\": \"carcassonned-record\", \"version\": 1, \"setup\": {\"players\": 9}}",
    "\xff\xfe",
  };

  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  WAIT_FOR (get_uint (a, game, GAME_IFACE, "State") == 3);
  record = export_record (a, game);

  import_refused (a, "{}", "@a{sv} {}", E ("InvalidRecord"),
                  "record.format: not \"carcassonned-record\"");
  import_refused (a, "{\"format\": \"carcassonned-record\", \"version\": 3}", "@a{sv} {}",
                  E ("InvalidRecord"), "record.version: 3 is not in 1..2");
  for (guint i = 0; i < G_N_ELEMENTS (engine_checked); i++)
    {
      g_autofree char *want = engine_message (engine_checked[i]);
      if (g_utf8_validate (engine_checked[i], -1, NULL))
        import_refused (a, engine_checked[i], "@a{sv} {}", E ("InvalidRecord"), want);
    }
  /* scores that are not the replay's */
  {
    g_auto (GStrv) parts = g_strsplit (record, "\"scores\":[0,0]", 2);
    ck_assert_uint_eq (g_strv_length (parts), 2);
    bad = g_strjoinv ("\"scores\":[5,0]", parts);
  }
  import_refused (a, bad, "@a{sv} {}", E ("InvalidRecord"),
                  "moves[0]: the record has the scores [5, 0] after it, the replay [0, 0]");
  /* a move the engine refuses */
  g_free (bad);
  {
    /* the first placement's x, 40 */
    const char *x = strstr (record, "\"move\":\"place\",\"x\":");
    const char *end;

    ck_assert_ptr_nonnull (x);
    x += strlen ("\"move\":\"place\",\"x\":");
    end = strchr (x, ',');
    bad = g_strdup_printf ("%.*s40%s", (int)(x - record), record, end);
  }
  message = engine_message (bad);
  ck_assert_msg (g_str_has_prefix (message, "moves[0]: "), "%s", message);
  import_refused (a, bad, "@a{sv} {}", E ("InvalidRecord"), message);
  /* the options */
  import_refused (a, record, "{'moves': <uint32 5>}", E ("InvalidArgs"),
                  "Option \"moves\" is 5 but the record has 4 moves");
  import_refused (a, record, "{'moves': <'all'>}", E ("InvalidArgs"),
                  "Option \"moves\" must be of type u, not s");
  import_refused (a, record, "{'turns': <uint32 1>}", E ("InvalidArgs"),
                  "Unknown option \"turns\"");
  import_refused (a, record, "{'bots': <uint32 3>}", E ("InvalidArgs"),
                  "Option \"bots\" is 3 but the game has 2 seats");
  /* issue 19: "bot-options" as CreateGame's, the library's words after the option's name */
  import_refused (a, record, "{'bot-options': <{'strategy': <'best'>}>}", E ("InvalidArgs"),
                  "Option \"bot-options\": no bot strategy 'best' (random, greedy, mcts)");
  import_refused (a, record, "{'bot-options': <{'strategy': <'greedy'>, 'ms': <uint32 5>}>}",
                  E ("InvalidArgs"),
                  "Option \"bot-options\": bot strategy 'greedy' has no option 'ms'");
  import_refused (a, record, "{'bot-options': <'mcts'>}", E ("InvalidArgs"),
                  "Option \"bot-options\" must be of type a{sv}, not s");
  /* nothing was made of them */
  {
    g_autoptr (GVariant) games = call_ok (a, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
    g_autofree char *text = g_variant_print (games, FALSE);
    ck_assert_str_eq (text, "(['/org/carcassonne/Engine1/game/1'],)");
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Who may have a record: the creator while the game runs, anyone once it is over; a game
 * not started has none. */
START_TEST (test_export_permissions)
{
  Fixture f;
  g_autofree char *error = NULL, *waiting = NULL;
  g_autoptr (GError) e = NULL;
  g_autoptr (GVariant) r = NULL;

  fixture_setup (&f, NULL, "{'seed': <@t 12>}", TRUE);
  GAME_REFUSED (f.b, f.game, "ExportRecord", NO_OPTIONS, E ("PermissionDenied"));
  GAME_REFUSED (f.x, f.game, "ExportRecord", NO_OPTIONS, E ("PermissionDenied"));
  r = call (f.x, f.game, GAME_IFACE, "ExportRecord", NO_OPTIONS, &e);
  g_dbus_error_strip_remote_error (e);
  ck_assert_str_eq (e->message, "/org/carcassonne/Engine1/game/1 is not over: Only the creator of "
                                "/org/carcassonne/Engine1/game/1 (its bus name, or its token) may "
                                "do this");
  g_free (export_record (f.a, f.game));
  waiting = create_game (f.x, "{}");
  error = call_error (f.x, waiting, GAME_IFACE, "ExportRecord", NO_OPTIONS);
  ck_assert_str_eq (error, E ("WrongPhase"));
  {
    GDBusConnection *clients[2];
    char *players[2];

    fixture_players (&f, clients, players);
    play_to_end (clients, players, 2, f.game);
  }
  g_free (export_record (f.x, f.game));
  g_free (export_record (f.b, f.game));
  fixture_teardown (&f);
}
END_TEST

/* The first seat of @game is a bot whose Player.Strategy is @spec. */
static void
assert_bot_strategy (GDBusConnection *c, const char *game, const char *spec)
{
  g_autofree char *player = g_strconcat (game, "/player/0", NULL);
  g_autoptr (GVariant) r = call_ok (c, player, "org.freedesktop.DBus.Properties", "Get",
                                    g_variant_new ("(ss)", PLAYER_IFACE, "Strategy"));
  g_autoptr (GVariant) value = NULL;

  g_variant_get (r, "(v)", &value);
  ck_assert_str_eq (g_variant_get_string (value, NULL), spec);
}

/* An imported game waiting for its players survives a kill, at its position; its "bots" seat
 * plays the strategy of "bot-options" (doc/dbus-manager.md, ImportGame), before and after. */
START_TEST (test_imported_survives)
{
  g_autofree char *dir = state_dir_new ();
  GPid pid = daemon_start_in (dir, NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  g_autofree char *game = create_game (a, "{'bots': <uint32 2>, 'seed': <@t 31>}");
  g_autofree char *record = NULL, *copy = NULL, *want = NULL, *have = NULL, *token = NULL;
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  g_autoptr (CarcRecord) parsed = NULL;
  g_autoptr (CarcGame) engine = NULL;

  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  WAIT_FOR (get_uint (a, game, GAME_IFACE, "State") == 3);
  record = export_record (a, game);
  /* the bot waits long enough for the position to be read after the start */
  copy = import_game (b, record,
                      "{'moves': <uint32 40>, 'bots': <uint32 1>, 'bot-delay': <uint32 10000>, "
                      "'bot-options': <{'strategy': <'greedy'>}>}");
  assert_bot_strategy (a, copy, "greedy");
  g_free (join_game (b, copy, "Bea", &token));
  parsed = carc_record_parse (record, -1, tiles, NULL, NULL);
  engine = carc_record_replay (parsed, 40, NULL, NULL, NULL, NULL);
  want = carc_game_get_public_hash (engine);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  have = get_hash (a, copy);
  ck_assert_str_eq (have, want);
  ck_assert_uint_eq (get_uint (a, copy, GAME_IFACE, "State"), 0);
  assert_bot_strategy (a, copy, "greedy");
  g_variant_unref (call_ok (b, copy, GAME_IFACE, "Rejoin", g_variant_new ("(s)", token)));
  g_variant_unref (call_ok (b, copy, GAME_IFACE, "Start", NO_OPTIONS));
  g_free (have);
  have = get_hash (a, copy);
  ck_assert_str_eq (have, want);
  ck_assert_uint_eq (get_uint (a, copy, GAME_IFACE, "Turn"), carc_game_get_turn (engine));
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  g_free (have);
  have = get_hash (a, copy);
  ck_assert_uint_ne (get_uint (a, copy, GAME_IFACE, "State"), 0);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static Suite *
records_suite (void)
{
  Suite *s = suite_create ("daemon-records");
  TCase *tc = tcase_create ("records");

  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_round_trip_base);
  tcase_add_test (tc, test_round_trip_expansions);
  tcase_add_test (tc, test_bad_records);
  tcase_add_test (tc, test_export_permissions);
  tcase_add_test (tc, test_imported_survives);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (records_suite ());
}
