/* test-daemon-strategies.c: the strategy bots over D-Bus (issue 19, "In the daemon";
 * doc/dbus-strategy.md): AddBot with a strategy and its options, CreateGame's "bot-options",
 * Manager.Strategies and the Strategy objects, Player.Strategy, Game.GetHint, and bots that
 * think in worker threads while the game is deleted, the daemon stopped or restarted.
 */
#include "config.h"

#include <check.h>
#include <glib/gstdio.h>

#include "carcassonne.h"
#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"

#define MCTS_FAST                                                                                     \
  "{'strategy': <'mcts'>, 'iterations': <uint32 20>, 'depth': <uint32 2>, 'k': <uint32 0>}" /* the    \
                                                                                               tree   \
                                                                                               search \
                                                                                             */

/* Waits (iterating the main context) until @game's State is @state, for up to @seconds
 * (times the test time scale). No timing is asserted: a slow machine only waits longer. */
static void
wait_for_state (GDBusConnection *c, const char *game, guint state, guint seconds)
{
  gint64 deadline = g_get_monotonic_time () + (gint64)seconds * G_USEC_PER_SEC * test_time_scale ();

  while (get_uint (c, game, GAME_IFACE, "State") != state && g_get_monotonic_time () < deadline)
    g_usleep (20000);
  ck_assert_uint_eq (get_uint (c, game, GAME_IFACE, "State"), state);
}

static char *
add_bot (GDBusConnection *c, const char *game, const char *name, const char *options)
{
  g_autofree char *args = g_strdup_printf ("('%s', @a{sv} %s)", name, options);
  g_autoptr (GVariant) reply = call_ok (c, game, GAME_IFACE, "AddBot", A (args));
  char *path;

  g_variant_get (reply, "(o)", &path);
  return path;
}

static char *
get_string (GDBusConnection *c, const char *path, const char *iface, const char *name)
{
  g_autoptr (GVariant) v = get_property (c, path, iface, name);
  return g_variant_dup_string (v, NULL);
}

/* Calls @method with @args (text), expects @name with exactly @message, and no change. */
static void
assert_error (GDBusConnection *c, const char *game, const char *path, const char *iface,
              const char *method, const char *args, const char *name, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *before = state_snapshot (c, game);
  g_autoptr (GVariant) reply = call (c, path, iface, method, A (args), &error);
  g_autofree char *after = NULL;
  g_autofree char *remote = NULL;

  ck_assert_msg (reply == NULL, "%s%s succeeded; %s was expected", method, args, name);
  remote = g_dbus_error_get_remote_error (error);
  g_dbus_error_strip_remote_error (error);
  ck_assert_str_eq (remote, name);
  ck_assert_str_eq (error->message, message);
  after = state_snapshot (c, game);
  ck_assert_str_eq (before, after);
}

/* Issue 19: "AddBot takes the strategy and its budget": a greedy bot and an mcts bot with an
 * iterations budget play a whole game to GameOver; Player.Strategy is each bot's spec, as the
 * library writes it; Bot is true. */
START_TEST (test_strategies_play)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{'seed': <@t 19>}");
  g_autofree char *greedy = add_bot (c, game, "Greedy", "{'strategy': <'greedy'>}");
  g_autofree char *mcts = add_bot (c, game, "Mcts", MCTS_FAST);
  g_autofree char *s0 = get_string (c, greedy, PLAYER_IFACE, "Strategy");
  g_autofree char *s1 = get_string (c, mcts, PLAYER_IFACE, "Strategy");
  g_autoptr (GVariant) bot = get_property (c, mcts, PLAYER_IFACE, "Bot");

  ck_assert_str_eq (s0, "greedy");
  ck_assert_str_eq (s1, "mcts:iterations=20,threads=1,depth=2,c=30,k=0");
  ck_assert (g_variant_get_boolean (bot));
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  wait_for_state (c, game, 3, 120);
  ck_assert_uint_eq (get_uint (c, game, GAME_IFACE, "TilesLeft"), 0);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* doc/dbus-strategy.md: "a seeded game of greedy bots, or of mcts bots with iterations and
 * one thread, replays move for move": two games of the same seed, each of a greedy and an mcts
 * bot, end with the same history and scores (the bots' seeds come from the game's). */
START_TEST (test_seeded_replay)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  char *history[2] = { NULL, NULL }; /* g_autofree on an array frees its first element only */
  char *scores[2] = { NULL, NULL };
  char *games[2];

  for (guint i = 0; i < 2; i++)
    {
      games[i] = create_game (c, "{'seed': <@t 77>}");
      g_free (add_bot (c, games[i], "Greedy", "{'strategy': <'greedy'>}"));
      g_free (add_bot (c, games[i], "Mcts", MCTS_FAST));
      g_variant_unref (call_ok (c, games[i], GAME_IFACE, "Start", NO_OPTIONS));
    }
  for (guint i = 0; i < 2; i++)
    {
      wait_for_state (c, games[i], 3, 120);
      g_autoptr (GVariant) h = call_ok (c, games[i], GAME_IFACE, "GetHistory", NULL);
      g_autoptr (GVariant) sc = get_property (c, games[i], GAME_IFACE, "Scores");
      history[i] = g_variant_print (h, FALSE);
      scores[i] = g_variant_print (sc, FALSE);
    }
  /* the histories name their own game's players: compare them with the game's path as one */
  g_auto (GStrv) parts = g_strsplit (history[1], games[1], -1);
  g_autofree char *second = g_strjoinv (games[0], parts);
  ck_assert_str_eq (history[0], second);
  ck_assert_str_eq (scores[0], scores[1]);
  for (guint i = 0; i < 2; i++)
    {
      g_free (games[i]);
      g_free (history[i]);
      g_free (scores[i]);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Manager.CreateGame's "bot-options": the "bots" seats get that strategy; AddBot without a
 * strategy is random, whose spec is "random"; a client's seat has Strategy "". */
START_TEST (test_bot_options)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (
      c, "{'players': <uint32 3>, 'bots': <uint32 1>, 'bot-options': <" MCTS_FAST ">}");
  g_autofree char *random = add_bot (c, game, "Random", "{}");
  g_autofree char *token = NULL;
  g_autofree char *human = join_game (c, game, "Ann", &token);
  g_autofree char *s0 = get_string (c, ROOT_PATH "/game/1/player/0", PLAYER_IFACE, "Strategy");
  g_autofree char *s1 = get_string (c, random, PLAYER_IFACE, "Strategy");
  g_autofree char *s2 = get_string (c, human, PLAYER_IFACE, "Strategy");

  ck_assert_str_eq (s0, "mcts:iterations=20,threads=1,depth=2,c=30,k=0");
  ck_assert_str_eq (s1, "random");
  ck_assert_str_eq (s2, "");
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* doc/dbus-strategy.md, errors: every bad strategy or option is InvalidArgs with the
 * library's words (carc_bot_new()), and nothing changes: no seat is added, no game made. */
START_TEST (test_bad_options)
{
  static const char *const cases[][2] = {
    { "{'strategy': <'best'>}", "no bot strategy 'best' (random, greedy, mcts)" },
    { "{'strategy': <uint32 1>}", "Option \"strategy\" must be of type s, not u" },
    { "{'strategy': <'greedy'>, 'ms': <uint32 5>}", "bot strategy 'greedy' has no option 'ms'" },
    { "{'depth': <uint32 5>}", "bot strategy 'random' has no option 'depth'" },
    { "{'strategy': <'mcts'>, 'speed': <uint32 5>}", "bot strategy 'mcts' has no option 'speed'" },
    { "{'strategy': <'mcts'>, 'ms': <uint32 0>}",
      "bot option 'ms' is an unsigned number (u) from 1 to 3600000" },
    { "{'strategy': <'mcts'>, 'ms': <'200'>}",
      "bot option 'ms' is an unsigned number (u) from 1 to 3600000" },
    { "{'strategy': <'mcts'>, 'ms': <int32 200>}",
      "bot option 'ms' is an unsigned number (u) from 1 to 3600000" },
    { "{'strategy': <'mcts'>, 'threads': <uint32 257>}",
      "bot option 'threads' is an unsigned number (u) from 1 to 256" },
    { "{'strategy': <'mcts'>, 'iterations': <uint32 0>}",
      "bot option 'iterations' is an unsigned number (u) from 1 to 100000000" },
    { "{'strategy': <'mcts'>, 'c': <uint32 1001>}",
      "bot option 'c' is an unsigned number (u) from 0 to 1000" },
  };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{}");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *args = g_strdup_printf ("('Bot', @a{sv} %s)", cases[i][0]);
      g_autofree char *create
          = g_strdup_printf ("({'bots': <uint32 1>, 'bot-options': <%s>},)", cases[i][0]);
      g_autofree char *prefixed = g_strdup_printf ("Option \"bot-options\": %s", cases[i][1]);
      g_autofree char *hint = g_strdup_printf ("(@a{sv} %s,)", cases[i][0]);

      assert_error (c, game, game, GAME_IFACE, "AddBot", args, E ("InvalidArgs"), cases[i][1]);
      /* "random" is AddBot's default; CreateGame's too */
      assert_error (c, game, ROOT_PATH, MANAGER_IFACE, "CreateGame", create, E ("InvalidArgs"),
                    prefixed);
      if (!strstr (cases[i][0], "'strategy'")) /* GetHint's default is greedy */
        continue;
      /* GetHint reads the options before it looks at the caller's seat */
      assert_error (c, game, game, GAME_IFACE, "GetHint", hint, E ("InvalidArgs"), cases[i][1]);
    }
  /* given twice: a{sv} may repeat a key */
  assert_error (c, game, game, GAME_IFACE, "AddBot",
                "('Bot', {'strategy': <'mcts'>, 'ms': <uint32 5>, 'ms': <uint32 6>})",
                E ("InvalidArgs"), "Option \"ms\" given twice");
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Manager.Strategies and the Strategy objects say what the library says
 * (carc_bot_list_strategies(), carc_bot_get_strategy_description(), carc_bot_list_options()),
 * and the ObjectManager lists the objects. */
START_TEST (test_discovery)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autoptr (GVariant) names = get_property (c, ROOT_PATH, MANAGER_IFACE, "Strategies");
  g_autoptr (GVariant) managed
      = call_ok (c, ROOT_PATH, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", NULL);
  g_autofree const char **got = g_variant_get_strv (names, NULL);
  const char *const *want = carc_bot_list_strategies ();
  g_autofree char *managed_text = g_variant_print (managed, FALSE);

  ck_assert_uint_eq (g_strv_length ((char **)got), 3);
  ck_assert (g_strv_equal (got, want));
  for (guint i = 0; want[i]; i++)
    {
      g_autofree char *path = g_strconcat (ROOT_PATH "/strategy/", want[i], NULL);
      g_autofree char *name = get_string (c, path, STRATEGY_IFACE, "Name");
      g_autofree char *description = get_string (c, path, STRATEGY_IFACE, "Description");
      g_autoptr (GVariant) options = get_property (c, path, STRATEGY_IFACE, "Options");
      g_autoptr (GPtrArray) defs = carc_bot_list_options (want[i], NULL);
      g_autofree char *listed = g_strdup_printf ("'%s'", path);

      ck_assert_str_eq (name, want[i]);
      ck_assert_str_eq (description, carc_bot_get_strategy_description (want[i]));
      ck_assert_msg (strstr (managed_text, listed), "GetManagedObjects lacks %s", path);
      ck_assert_uint_eq (g_variant_n_children (options), defs->len);
      for (guint k = 0; k < defs->len; k++)
        {
          const CarcOptionDef *def = defs->pdata[k];
          const char *n, *type, *text;
          g_autoptr (GVariant) value = NULL;
          guint32 min, max;

          g_variant_get_child (options, k, "(&s&s&svuu)", &n, &type, &text, &value, &min, &max);
          ck_assert_str_eq (n, def->name);
          ck_assert_str_eq (type, "u");
          ck_assert_str_eq (text, def->description);
          ck_assert_uint_eq (g_variant_get_uint32 (value), def->default_value);
          ck_assert_uint_eq (min, def->min);
          ck_assert_uint_eq (max, def->max);
        }
    }
  /* the mcts options the interface names (doc/dbus-strategy.md) */
  g_autoptr (GVariant) mcts
      = get_property (c, ROOT_PATH "/strategy/mcts", STRATEGY_IFACE, "Options");
  g_autofree char *mcts_text = g_variant_print (mcts, FALSE);
  static const char *const keys[]
      = { "'iterations'", "'ms'", "'threads'", "'depth'", "'c'", "'prior'" };
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    ck_assert_msg (strstr (mcts_text, keys[i]), "mcts has no option %s", keys[i]);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Game.GetHint for a move (s, a{sv}) that Play takes as it is, or the greedy default. */
static void
play_hint (GDBusConnection *c, const char *game, const char *options)
{
  g_autofree char *args = g_strdup_printf ("(@a{sv} %s,)", options);
  g_autoptr (GVariant) hint = call_ok (c, game, GAME_IFACE, "GetHint", A (args));
  const char *type;
  g_autoptr (GVariant) move_args = NULL;

  g_variant_get (hint, "(&s@a{sv})", &type, &move_args);
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Play",
                            g_variant_new ("(s@a{sv}a{sv})", type, move_args, NULL)));
}

/* Plays the first of the caller's moves (GetMoves). */
static void
play_first_move (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) v = call_ok (c, game, GAME_IFACE, "GetMoves", NO_OPTIONS);
  g_autoptr (GVariant) list = g_variant_get_child_value (v, 0);
  g_autoptr (GVariant) first = g_variant_get_child_value (list, 0);
  const char *type;
  g_autoptr (GVariant) move_args = NULL;

  g_variant_get (first, "(&s@a{sv})", &type, &move_args);
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Play",
                            g_variant_new ("(s@a{sv}a{sv})", type, move_args, NULL)));
}

/* A game no bot can search (tests/common/nocopy-plugin.c: an expansion with per-game data and
 * no copy_data hook): its greedy and mcts bots play their turns as the random bot does, to the
 * game's end, rather than stop it; a hint for it is ExpansionUnavailable, with the engine's
 * refusal to copy the game. */
START_TEST (test_game_without_copy)
{
  g_autofree char *dir = test_plugin_dir ("no-copy");
  g_autofree char *dir_arg = g_strconcat ("--plugin-dir=", dir, NULL);
  const char *args[] = { dir_arg, NULL };
  GPid pid = daemon_start (args);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game
      = create_game (c, "{'seed': <@t 3>, 'players': <uint32 3>, 'expansions': <['no-copy']>}");
  g_autofree char *token = NULL;
  g_autofree char *ann = join_game (c, game, "Ann", &token);
  g_autofree char *greedy = add_bot (c, game, "Greedy", "{'strategy': <'greedy'>}");
  g_autofree char *mcts = add_bot (c, game, "Mcts", MCTS_FAST);

  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  assert_error (c, game, game, GAME_IFACE, "GetHint", "(@a{sv} {},)", E ("ExpansionUnavailable"),
                "expansion no-copy keeps per-game data and has no copy_data hook");
  while (get_uint (c, game, GAME_IFACE, "State") != 3)
    {
      g_autofree char *active = active_player (c, game);
      if (!g_str_equal (active, ann))
        {
          g_usleep (10000);
          continue;
        }
      play_first_move (c, game);
    }
  ck_assert_uint_eq (get_uint (c, game, GAME_IFACE, "TilesLeft"), 0);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Game.GetHint (doc/dbus-game.md): the move a strategy would make for the caller's seat, in
 * Play's form: Ann plays a whole game by the hints of greedy, mcts and random against a greedy
 * bot; the refusals come in the documented order, with exact words, changing nothing. */
START_TEST (test_hint)
{
  static const char *const strategies[]
      = { "{}", "{'strategy': <'random'>}", "{'strategy': <'mcts'>, 'iterations': <uint32 10>}" };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) x = client_new ();
  g_autofree char *game = create_game (a, "{'seed': <@t 5>}");
  g_autofree char *token = NULL;
  g_autofree char *ann = join_game (a, game, "Ann", &token);
  g_autofree char *bot = add_bot (a, game, "Bot", "{'strategy': <'greedy'>}");
  guint turns = 0;

  assert_error (a, game, game, GAME_IFACE, "GetHint", "(@a{sv} {},)", E ("WrongPhase"),
                "/org/carcassonne/Engine1/game/1 has not started yet");
  assert_error (a, game, game, GAME_IFACE, "GetHint", "({'token': <'0123'>},)", E ("InvalidToken"),
                "The token is not valid for /org/carcassonne/Engine1/game/1 (not its creator's "
                "nor a seat's, or issued to another Unix user)");
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  assert_error (a, game, game, GAME_IFACE, "GetHint",
                "({'strategy': <'mcts'>, 'threads': <uint32 17>},)", E ("LimitExceeded"),
                "A hint searches in at most 16 threads");
  assert_error (x, game, game, GAME_IFACE, "GetHint", "(@a{sv} {},)", E ("NotSeated"),
                "The caller holds no seat of /org/carcassonne/Engine1/game/1");
  /* a stranger with Ann's token is Ann */
  {
    g_autofree char *args = g_strdup_printf ("({'token': <'%s'>},)", token);
    g_autoptr (GVariant) hint = call_ok (x, game, GAME_IFACE, "GetHint", A (args));
    ck_assert (g_variant_is_of_type (hint, G_VARIANT_TYPE ("(sa{sv})")));
  }
  while (get_uint (a, game, GAME_IFACE, "State") != 3)
    {
      g_autofree char *active = active_player (a, game);
      if (!g_str_equal (active, ann))
        {
          g_usleep (10000);
          continue;
        }
      play_hint (a, game, strategies[turns++ % G_N_ELEMENTS (strategies)]);
    }
  ck_assert_uint_gt (turns, 20);
  assert_error (a, game, game, GAME_IFACE, "GetHint", "(@a{sv} {},)", E ("GameOver"),
                "/org/carcassonne/Engine1/game/1 is over");
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* GetHint when it is another seat's turn: NotYourTurn. */
START_TEST (test_hint_not_your_turn)
{
  Fixture f;

  fixture_setup (&f, NULL, "{'seed': <@t 3>}", TRUE);
  g_autofree char *active = active_player (f.a, f.game);
  GDBusConnection *idle = g_str_equal (active, f.pa) ? f.b : f.a;
  guint idle_seat = g_str_equal (active, f.pa) ? 1 : 0;
  g_autofree char *message
      = g_strdup_printf ("It is seat %u's turn, not seat %u's", 1 - idle_seat, idle_seat);
  assert_error (idle, f.game, f.game, GAME_IFACE, "GetHint", "(@a{sv} {},)", E ("NotYourTurn"),
                message);
  fixture_teardown (&f);
}
END_TEST

#define MCTS_SLOW "{'strategy': <'mcts'>, 'ms': <uint32 3000>}"

/* Issue 19: "A game deleted while a bot thinks loses nothing and leaks nothing": a game whose
 * mcts bots think for 3 s a move is deleted while one thinks; the daemon answers at once (the
 * thinking is off its main loop: ListGames is answered before the search would end), another
 * game of bots plays on to its end, and the daemon exits cleanly (under tools/sanitize: no
 * leak, no use after free). */
START_TEST (test_delete_while_thinking)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *slow = create_game (c, "{'bots': <uint32 2>, 'bot-options': <" MCTS_SLOW ">}");
  g_autofree char *fast = create_game (c, "{'bots': <uint32 2>, 'bot-options': <" MCTS_FAST ">}");

  g_variant_unref (call_ok (c, slow, GAME_IFACE, "Start", NO_OPTIONS));
  g_variant_unref (call_ok (c, fast, GAME_IFACE, "Start", NO_OPTIONS));
  g_usleep (200000);
  /* the first move (the start's draw is made: the bot places) is still being thought */
  ck_assert_uint_eq (get_uint (c, slow, GAME_IFACE, "Turn"), 1);
  ck_assert_uint_eq (get_uint (c, slow, GAME_IFACE, "State"), 1);
  g_variant_unref (call_ok (c, slow, GAME_IFACE, "Delete", NO_OPTIONS));
  {
    g_autoptr (GVariant) games = call_ok (c, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
    g_autofree char *text = g_variant_print (games, FALSE);
    ck_assert_str_eq (text, "(['/org/carcassonne/Engine1/game/2'],)");
  }
  wait_for_state (c, fast, 3, 120);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static void
hint_replied (GObject *source, GAsyncResult *result, gpointer data)
{
  GError **error = data;
  g_autoptr (GVariant) reply
      = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, error);

  ck_assert (reply == NULL);
}

/* A GetHint still thinking when its game is deleted is answered NoSuchGame, and the daemon
 * goes on. */
START_TEST (test_hint_of_deleted_game)
{
  Fixture f;
  g_autoptr (GError) error = NULL;

  fixture_setup (&f, NULL, "{'seed': <@t 4>}", TRUE);
  g_autofree char *active = active_player (f.a, f.game);
  GDBusConnection *mover = g_str_equal (active, f.pa) ? f.a : f.b;

  g_dbus_connection_call (mover, BUS_NAME, f.game, GAME_IFACE, "GetHint", A ("(" MCTS_SLOW ",)"),
                          NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, hint_replied, &error);
  g_usleep (100000);
  /* one hint per seat at a time */
  {
    g_autofree char *message = g_strdup_printf (
        "A hint for seat %u of /org/carcassonne/Engine1/game/1 is still being thought",
        mover == f.a ? 0 : 1);
    assert_error (mover, f.game, f.game, GAME_IFACE, "GetHint", "(@a{sv} {},)", E ("LimitExceeded"),
                  message);
  }
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Delete", NO_OPTIONS));
  WAIT_FOR (error != NULL);
  ck_assert (error != NULL);
  g_autofree char *remote = g_dbus_error_get_remote_error (error);
  g_dbus_error_strip_remote_error (error);
  ck_assert_str_eq (remote, E ("NoSuchGame"));
  ck_assert_str_eq (error->message,
                    "/org/carcassonne/Engine1/game/1 went away before the hint was ready");
  fixture_teardown (&f);
}
END_TEST

/* Issue 19, "a player leaving while a bot thinks": the human seat's player leaves while the
 * mcts bot of the other seat thinks; the random bot takes the seat (Bot true, Strategy still
 * "": it was a client's seat) and the game plays on to its end. */
START_TEST (test_leave_while_thinking)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autoptr (GDBusConnection) ann = client_new ();
  g_autofree char *game = create_game (c, "{'seed': <@t 12>}");
  g_autofree char *bot = add_bot (c, game, "Mcts", "{'strategy': <'mcts'>, 'ms': <uint32 100>}");
  g_autofree char *token = NULL;
  g_autofree char *seat = join_game (ann, game, "Ann", &token);

  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  g_usleep (50000); /* seat 0, the bot, thinks its first turn */
  g_variant_unref (call_ok (ann, game, GAME_IFACE, "Leave", NO_OPTIONS));
  g_autoptr (GVariant) is_bot = get_property (c, seat, PLAYER_IFACE, "Bot");
  g_autofree char *strategy = get_string (c, seat, PLAYER_IFACE, "Strategy");
  ck_assert (g_variant_get_boolean (is_bot));
  ck_assert_str_eq (strategy, "");
  wait_for_state (c, game, 3, 120);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Issue 19: "a daemon stopped while a bot thinks loses nothing and leaks nothing": SIGTERM
 * while two mcts bots think for 3 s a move: the daemon exits with 0 (it cancels the
 * searches and waits for its workers). */
START_TEST (test_sigterm_while_thinking)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (
      c, "{'bots': <uint32 2>, 'bot-options': <{'strategy': <'mcts'>, 'ms': <uint32 3000>}>}");

  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  g_usleep (300000);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static GPid
start_in (const char *dir)
{
  g_autofree char *arg = g_strconcat ("--state-dir=", dir, NULL);
  const char *args[] = { arg, NULL };
  return daemon_start (args);
}

/* Issue 19: "Journals record bot moves as today; a bot restored after a restart plays on":
 * the daemon stopped in the middle of a game of an mcts bot and a greedy bot restores both
 * from their specs in the journal (Player.Strategy as before), and they play it to the end. */
START_TEST (test_restart)
{
  g_autofree char *dir = g_dir_make_tmp ("carcd-strategies-XXXXXX", NULL);
  GPid pid = start_in (dir);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{'bot-delay': <uint32 20>}");
  g_autofree char *mcts = add_bot (c, game, "Mcts", MCTS_FAST);
  g_autofree char *greedy = add_bot (c, game, "Greedy", "{'strategy': <'greedy'>}");
  g_autofree char *before = get_string (c, mcts, PLAYER_IFACE, "Strategy");

  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  while (get_uint (c, game, GAME_IFACE, "Turn") < 5)
    g_usleep (10000);
  ck_assert_int_eq (daemon_stop (pid), 0);
  g_clear_object (&c);

  pid = start_in (dir);
  c = client_new ();
  ck_assert_uint_lt (get_uint (c, game, GAME_IFACE, "State"), 3);
  g_autofree char *after = get_string (c, mcts, PLAYER_IFACE, "Strategy");
  g_autofree char *other = get_string (c, greedy, PLAYER_IFACE, "Strategy");
  ck_assert_str_eq (after, before);
  ck_assert_str_eq (other, "greedy");
  wait_for_state (c, game, 3, 120);
  ck_assert_int_eq (daemon_stop (pid), 0);
  remove_tree (dir);
}
END_TEST

/* @text with every line "<checksum> <payload>" holding @from made to hold @to, its checksum
 * written again (doc/persistence.md: the first 16 hex digits of the payload's SHA-256). */
static char *
edit_journal (const char *text, const char *from, const char *to)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  GString *out = g_string_new (NULL);

  for (guint i = 0; lines[i] && lines[i][0]; i++)
    {
      g_autofree char *payload = NULL;
      if (!strstr (lines[i], from))
        {
          g_string_append_printf (out, "%s\n", lines[i]);
          continue;
        }
      g_auto (GStrv) parts = g_strsplit (lines[i] + 17, from, -1);
      payload = g_strjoinv (to, parts);
      g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, payload, -1);
      g_string_append_printf (out, "%.16s %s\n", sum, payload);
    }
  return g_string_free (out, FALSE);
}

/* doc/persistence.md, restoring, step 4: a seats line whose strategy is no bot's spec
 * ("mcts:speed=2") does not read, and ends the journal's good part there: the game is
 * restored from the lines before it, without the bot's seat. */
START_TEST (test_bad_spec_in_journal)
{
  g_autofree char *dir = g_dir_make_tmp ("carcd-strategies-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "game-1.journal", NULL);
  GPid pid = start_in (dir);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{}");
  g_autofree char *bot = add_bot (c, game, "Mcts", MCTS_FAST);
  g_autofree char *text = NULL;
  g_autofree char *edited = NULL;

  ck_assert_int_eq (daemon_stop (pid), 0);
  ck_assert (g_file_get_contents (file, &text, NULL, NULL));
  ck_assert_ptr_nonnull (
      strstr (text, "\"strategy\":\"mcts:iterations=20,threads=1,depth=2,c=30,k=0\""));
  edited = edit_journal (text, "mcts:iterations=20", "mcts:speed=2");
  ck_assert_str_ne (edited, text);
  ck_assert (g_file_set_contents (file, edited, -1, NULL));
  g_clear_object (&c);

  pid = start_in (dir);
  c = client_new ();
  g_autoptr (GVariant) players = get_property (c, game, GAME_IFACE, "Players");
  g_autofree char *listed = g_variant_print (players, FALSE);
  ck_assert_str_eq (listed, "[]");
  ck_assert_int_eq (daemon_stop (pid), 0);
  remove_tree (dir);
}
END_TEST

/* doc/persistence.md: "A bot seat without "strategy" (journals from before strategies) is
 * played by the random bot": a journal of two random bots whose seats lines lack the key (as
 * an old daemon wrote them) restores both, Strategy "", and they play the game to its end. */
START_TEST (test_old_journal)
{
  g_autofree char *dir = g_dir_make_tmp ("carcd-strategies-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "game-1.journal", NULL);
  GPid pid = start_in (dir);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{'bots': <uint32 2>, 'bot-delay': <uint32 20>}");
  g_autofree char *text = NULL;
  g_autofree char *edited = NULL;

  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  while (get_uint (c, game, GAME_IFACE, "Turn") < 3)
    g_usleep (10000);
  ck_assert_int_eq (daemon_stop (pid), 0);
  ck_assert (g_file_get_contents (file, &text, NULL, NULL));
  edited = edit_journal (text, ",\"strategy\":\"random\"", "");
  ck_assert_ptr_null (strstr (edited, "strategy"));
  ck_assert (g_file_set_contents (file, edited, -1, NULL));
  g_clear_object (&c);

  pid = start_in (dir);
  c = client_new ();
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *seat = g_strdup_printf ("%s/player/%u", game, i);
      g_autofree char *strategy = get_string (c, seat, PLAYER_IFACE, "Strategy");
      g_autoptr (GVariant) is_bot = get_property (c, seat, PLAYER_IFACE, "Bot");
      ck_assert_str_eq (strategy, "");
      ck_assert (g_variant_get_boolean (is_bot));
    }
  wait_for_state (c, game, 3, 120);
  ck_assert_int_eq (daemon_stop (pid), 0);
  remove_tree (dir);
}
END_TEST

static Suite *
strategies_suite (void)
{
  Suite *s = suite_create ("daemon-strategies");
  TCase *tc = tcase_create ("strategies");

  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_strategies_play);
  tcase_add_test (tc, test_game_without_copy);
  tcase_add_test (tc, test_seeded_replay);
  tcase_add_test (tc, test_bot_options);
  tcase_add_test (tc, test_bad_options);
  tcase_add_test (tc, test_discovery);
  tcase_add_test (tc, test_hint);
  tcase_add_test (tc, test_hint_not_your_turn);
  tcase_add_test (tc, test_delete_while_thinking);
  tcase_add_test (tc, test_hint_of_deleted_game);
  tcase_add_test (tc, test_leave_while_thinking);
  tcase_add_test (tc, test_sigterm_while_thinking);
  tcase_add_test (tc, test_restart);
  tcase_add_test (tc, test_bad_spec_in_journal);
  tcase_add_test (tc, test_old_journal);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (strategies_suite ());
}
