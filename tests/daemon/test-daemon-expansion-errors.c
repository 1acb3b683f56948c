/* test-daemon-expansion-errors.c: the expansions' refusals, and that they change nothing.
 *
 * As test-daemon-errors.c: every refused call goes through REFUSED(), which compares the
 * exact D-Bus error name and snapshots of the daemon and the game before and after. The rules
 * come from the comments of the introspection/ XML files, named above each test; the plugins are
 * those of the build tree, or a directory made here.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"
#include "expansion-play.h"

/* CreateGame with @options (GVariant text), refused with @error; @game's snapshot too. */
static void
create_refused (int line, GDBusConnection *c, const char *game, const char *options,
                const char *error)
{
  GVariant *dict = g_variant_new_parsed (options);
  assert_refused (line, c, game, ROOT_PATH, MANAGER_IFACE, "CreateGame",
                  g_variant_new_tuple (&dict, 1), error);
}

#define CREATE_REFUSED(c, game, options, error)                                                    \
  create_refused (__LINE__, (c), (game), (options), (error))

/* The message of the error @method answers (the call must fail). */
static char *
error_message (GDBusConnection *c, const char *path, const char *method, GVariant *args)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r = call (c, path, GAME_IFACE, method, args, &error);

  ck_assert_ptr_null (r);
  g_dbus_error_strip_remote_error (error);
  return g_strdup (error->message);
}

/* Manager.xml: "UnknownExpansion (no plugin of that name is known)"; "expansions ... each
 * once". */
START_TEST (test_unknown_expansion)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{'expansions': <['winter']>}");

  CREATE_REFUSED (c, game, "{'expansions': <['inns']>}", E ("UnknownExpansion"));
  CREATE_REFUSED (c, game, "{'expansions': <['winter', 'Winter']>}", E ("UnknownExpansion"));
  CREATE_REFUSED (c, game, "{'expansions': <['abbey', '']>}", E ("UnknownExpansion"));
  CREATE_REFUSED (c, game, "{'expansions': <['winter', 'winter']>}", E ("InvalidArgs"));
  CREATE_REFUSED (c, game, "{'expansions': <['winter', 'abbey', 'winter']>}", E ("InvalidArgs"));
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Manager.xml: "ExpansionUnavailable (a plugin of that name is in the plugin directory but not
 * loaded: left out with -p/-P ...)"; Expansion.xml: "a plugin left out with -p/-P ... has
 * none" (no object); Manager.Expansions names the loaded ones only. */
START_TEST (test_left_out)
{
  static const char *const cases[][3] = {
    /* daemon arguments, Manager.Expansions, a plugin left out */
    { "-P winter",
      "['abbey', 'halftiles', 'hills', 'inns-cathedrals', 'mayor', 'river', 'traders-builders', "
      "'vineyards']",
      "winter" },
    { "--noplugin=winter,abb*",
      "['halftiles', 'hills', 'inns-cathedrals', 'mayor', 'river', 'traders-builders', "
      "'vineyards']",
      "abbey" },
    { "-p abbey,half* -p vineyards", "['abbey', 'halftiles', 'vineyards']", "winter" },
    { "--plugin=winter -P winter", "@as []", "winter" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (GStrv) args = g_strsplit (cases[i][0], " ", -1);
      GPid pid = daemon_start ((const char *const *)args);
      g_autoptr (GDBusConnection) c = client_new ();
      g_autoptr (GVariant) names = get_property (c, ROOT_PATH, MANAGER_IFACE, "Expansions");
      g_autofree char *text = g_variant_print (names, TRUE);
      g_autofree char *path = expansion_object_path (cases[i][2]);
      g_autofree char *bare = g_strdup_printf ("{'expansions': <['%s']>}", cases[i][2]);
      g_autofree char *mixed
          = g_strdup_printf ("{'expansions': <['halftiles', '%s']>}", cases[i][2]);
      g_autofree char *option = g_strdup_printf ("{'%s.hand': <uint32 2>}", cases[i][2]);

      ck_assert_str_eq (text, cases[i][1]);
      CREATE_REFUSED (c, NULL, bare, E ("ExpansionUnavailable"));
      CREATE_REFUSED (c, NULL, mixed, E ("ExpansionUnavailable"));
      CREATE_REFUSED (c, NULL, "{'expansions': <['inns']>}", E ("UnknownExpansion"));
      CREATE_REFUSED (c, NULL, option, E ("InvalidArgs"));
      REFUSED (c, NULL, path, PROPS_IFACE, "GetAll", g_variant_new ("(s)", EXPANSION_IFACE),
               DBUS_E ("UnknownObject"));
      ck_assert_int_eq (daemon_stop (pid), 0);
    }
}
END_TEST

/* Manager.xml: "<expansion>.<option>  b or u  an option of one of the game's expansions, as
 * its Expansion object's Options declare it"; "InvalidArgs (also an expansion option of an
 * expansion the game does not use, one the plugin does not declare, of the wrong type or out
 * of range)"; "tile-order ... square tiles of the base set or of the game's expansions":
 * UnknownTile otherwise. The accepted edges are listed back in Options. */
START_TEST (test_bad_expansion_options)
{
  static const char *const invalid[] = {
    "{'halftiles.hand': <uint32 2>}",
    "{'halftiles.hand': <uint32 2>, 'expansions': <['abbey']>}",
    "{'expansions': <['halftiles']>, 'halftiles.hand': <uint32 0>}",
    "{'expansions': <['halftiles']>, 'halftiles.hand': <uint32 9>}",
    "{'expansions': <['halftiles']>, 'halftiles.hand': <2>}",
    "{'expansions': <['halftiles']>, 'halftiles.hand': <true>}",
    "{'expansions': <['halftiles']>, 'halftiles.hand': <'3'>}",
    "{'expansions': <['halftiles']>, 'halftiles.draft': <uint32 1>}",
    "{'expansions': <['halftiles']>, 'halftiles.draft': <byte 1>}",
    "{'expansions': <['halftiles']>, 'halftiles.colour': <true>}",
    "{'expansions': <['halftiles']>, 'halftiles.Hand': <uint32 2>}",
    "{'expansions': <['halftiles']>, 'halftiles.hand.x': <uint32 2>}",
    "{'expansions': <['halftiles']>, 'halftiles.': <uint32 2>}",
    "{'expansions': <['halftiles']>, '.hand': <uint32 2>}",
    "{'expansions': <['halftiles']>, 'halftiles.hand': <uint32 2>, 'halftiles.hand': <uint32 3>}",
    "{'expansions': <['winter']>, 'winter.draft': <true>}",
    "{'expansions': <['winter']>, 'inns.big': <true>}",
  };
  static const char *const unknown_tile[] = {
    "{'tile-order': <['WI-CFR']>}",
    "{'expansions': <['vineyards']>, 'tile-order': <['A', 'WI-CFR']>}",
    "{'expansions': <['halftiles']>, 'tile-order': <['HT-I-01']>}",
  };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{'expansions': <['halftiles']>}");
  g_autofree char *edges = NULL;
  GVariantBuilder many;

  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    CREATE_REFUSED (c, game, invalid[i], E ("InvalidArgs"));
  for (guint i = 0; i < G_N_ELEMENTS (unknown_tile); i++)
    CREATE_REFUSED (c, game, unknown_tile[i], E ("UnknownTile"));
  /* the names come before the options that need them, whatever the order in the dict */
  CREATE_REFUSED (c, game, "{'halftiles.hand': <uint32 2>, 'expansions': <['inns']>}",
                  E ("UnknownExpansion"));
  /* at most 32 entries */
  g_variant_builder_init (&many, G_VARIANT_TYPE ("a{sv}"));
  for (guint i = 0; i < 33; i++)
    {
      g_autofree char *key = g_strdup_printf ("inns.option%u", i);
      g_variant_builder_add (&many, "{sv}", key, g_variant_new_boolean (TRUE));
    }
  REFUSED (c, game, ROOT_PATH, MANAGER_IFACE, "CreateGame", g_variant_new ("(a{sv})", &many),
           E ("LimitExceeded"));

  /* the edges are accepted, and listed back */
  g_free (game);
  game = create_game (c, "{'expansions': <['halftiles', 'winter']>, 'halftiles.hand': <uint32 8>, "
                         "'halftiles.draft': <true>, 'tile-order': <['WI-CFR', 'A']>}");
  {
    g_autoptr (GVariant) options = get_property (c, game, GAME_IFACE, "Options");
    edges = g_variant_print (options, TRUE);
  }
  ck_assert_str_eq (edges, "{'players': <uint32 2>, 'followers': <uint32 7>, 'farmers': <true>, "
                           "'field-scoring': <uint32 3>, 'tiny-city-scoring': <uint32 4>, "
                           "'bot-delay': <uint32 0>, 'expansions': <['halftiles', 'winter']>, "
                           "'halftiles.hand': <uint32 8>, 'halftiles.draft': <true>, "
                           "'halftiles.hill': <false>}");
  ck_assert_uint_eq (get_uint (c, game, GAME_IFACE, "TilesLeft"), 2);
  g_free (create_game (c, "{'expansions': <['halftiles']>, 'halftiles.hand': <uint32 1>}"));
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Game.xml: choosing (State 4): the check order of the moves ("NotSeated, WrongPhase
 * (waiting) / GameOver, NotYourTurn, WrongPhase, then the move itself (InvalidArgs for
 * options, NoPiece, IllegalPlacement ...)"); "an abbey only into a hole, an empty cell whose 4
 * neighbours are occupied" (the message says so); "NoPiece (the hand holds no piece index)";
 * GetHand: "only the client holding that seat may ask": PermissionDenied;
 * GetPiecePlacements: "Only the active player may ask". Seed 1: Ann's hand is the abbey then
 * 3 half tiles, and there is no hole yet. */
START_TEST (test_choosing_refusals)
{
  static const char *const who[][2] = {
    { "PlacePiece", "(uint32 0, 0, 1, uint32 0, @a{sv} {})" },
    { "PlacePiece", "(uint32 9, 0, 0, uint32 7, {'x': <1>})" },
    { "Draw", "(@a{sv} {},)" },
    { "Pass", "(@a{sv} {},)" },
    { "Play", "('pick', {'piece': <uint32 0>}, @a{sv} {})" },
    { "GetPiecePlacements", "(uint32 1, @a{sv} {})" },
  };
  Fixture f;
  g_autofree char *hand = NULL;
  g_autofree char *message = NULL;
  g_autoptr (GVariant) halves = NULL;
  g_autoptr (GVariant) list = NULL;
  gint32 hx, hy;
  guint32 hr;

  fixture_setup (&f, NULL, "{'seed': <@t 1>, 'expansions': <['abbey', 'halftiles']>}", TRUE);
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 4);
  {
    g_autoptr (GVariant) r
        = call_ok (f.a, f.game, GAME_IFACE, "GetHand", g_variant_new ("(oa{sv})", f.pa, NULL));
    g_autoptr (GVariant) ids = g_variant_get_child_value (r, 0);
    const char *first;
    ck_assert_uint_eq (g_variant_n_children (ids), 4);
    g_variant_get_child (ids, 0, "&s", &first);
    ck_assert_str_eq (first, "abbey");
  }
  halves = call_ok (f.a, f.game, GAME_IFACE, "GetPiecePlacements",
                    g_variant_new ("(ua{sv})", 1, NULL));
  list = g_variant_get_child_value (halves, 0);
  ck_assert_uint_gt (g_variant_n_children (list), 0);
  g_variant_get_child (list, 0, "(iiu)", &hx, &hy, &hr);

  /* who, when: a stranger is NotSeated, Bob NotYourTurn, whatever the move's arguments */
  for (guint i = 0; i < G_N_ELEMENTS (who); i++)
    for (guint k = 0; k < 2; k++)
      GAME_REFUSED (k ? f.b : f.x, f.game, who[i][0], who[i][1] ? A (who[i][1]) : NULL,
                    k ? E ("NotYourTurn") : E ("NotSeated"));
  GAME_REFUSED (f.b, f.game, "PlacePiece", g_variant_new ("(uiiua{sv})", 1, hx, hy, hr, NULL),
                E ("NotYourTurn"));
  /* the phase: choosing is neither placing, deploying, the halftiles draft (its "pick" is
   * the engine's WrongPhase: there is no draft now) nor an end-game turn */
  GAME_REFUSED (f.a, f.game, "Place", A ("(0, 1, uint32 0, @a{sv} {})"), E ("WrongPhase"));
  GAME_REFUSED (f.a, f.game, "Deploy", A ("('follower', uint32 0, @a{sv} {})"), E ("WrongPhase"));
  GAME_REFUSED (f.a, f.game, "Skip", NO_OPTIONS, E ("WrongPhase"));
  GAME_REFUSED (f.a, f.game, "Play", A ("('pick', {'piece': <uint32 0>}, @a{sv} {})"),
                E ("WrongPhase"));
  GAME_REFUSED (f.a, f.game, "Pass", NO_OPTIONS, E ("WrongPhase"));
  /* the move: options, then the piece, then the rotation and the place */
  GAME_REFUSED (f.a, f.game, "PlacePiece",
                g_variant_new_parsed ("(uint32 1, %i, %i, %u, {'x': <1>})", hx, hy, hr),
                E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "PlacePiece", A ("(uint32 9, 0, 1, uint32 0, {'x': <1>})"),
                E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "PlacePiece", A ("(uint32 4, 0, 1, uint32 0, @a{sv} {})"),
                E ("NoPiece"));
  GAME_REFUSED (f.a, f.game, "PlacePiece", A ("(uint32 4294967295, 0, 1, uint32 9, @a{sv} {})"),
                E ("NoPiece"));
  GAME_REFUSED (f.a, f.game, "PlacePiece", g_variant_new ("(uiiua{sv})", 1, hx, hy, 4, NULL),
                E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "PlacePiece", A ("(uint32 1, 5, 5, uint32 0, @a{sv} {})"),
                E ("IllegalPlacement"));
  GAME_REFUSED (f.a, f.game, "PlacePiece", A ("(uint32 1, 0, 0, uint32 0, @a{sv} {})"),
                E ("IllegalPlacement"));
  GAME_REFUSED (f.a, f.game, "GetPiecePlacements", A ("(uint32 4, @a{sv} {})"), E ("NoPiece"));
  /* the abbey at a frontier cell that is no hole: south of the start tile */
  GAME_REFUSED (f.a, f.game, "PlacePiece", A ("(uint32 0, 0, 1, uint32 0, @a{sv} {})"),
                E ("IllegalPlacement"));
  GAME_REFUSED (f.a, f.game, "PlacePiece", A ("(uint32 0, 0, -1, uint32 2, @a{sv} {})"),
                E ("IllegalPlacement"));
  message = error_message (f.a, f.game, "PlacePiece", A ("(uint32 0, 0, 1, uint32 0, @a{sv} {})"));
  /* the engine's error with the abbey plugin's reason, passed through (issue 16) */
  ck_assert_str_eq (message, "piece abbey cannot go at (0, 1) with rotation 0: an abbey goes only "
                             "into a hole, an empty cell with 4 occupied neighbours");
  g_free (message);
  message = error_message (f.a, f.game, "PlacePiece", A ("(uint32 1, 5, 5, uint32 0, @a{sv} {})"));
  ck_assert_ptr_null (strstr (message, "abbey"));
  /* hands are face down */
  GAME_REFUSED (f.a, f.game, "GetHand", g_variant_new ("(oa{sv})", f.pb, NULL),
                E ("PermissionDenied"));
  GAME_REFUSED (f.b, f.game, "GetHand", g_variant_new ("(oa{sv})", f.pa, NULL),
                E ("PermissionDenied"));
  GAME_REFUSED (f.x, f.game, "GetHand", g_variant_new ("(oa{sv})", f.pa, NULL),
                E ("PermissionDenied"));
  GAME_REFUSED (f.a, f.game, "GetHand",
                A ("(@o '/org/carcassonne/Engine1/game/1/player/2', @a{sv} {})"),
                E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "GetHand", A ("(@o '/', @a{sv} {})"), E ("InvalidArgs"));
  /* signatures: the standard InvalidArgs (issue 14) */
  GAME_REFUSED (f.a, f.game, "PlacePiece", A ("(0, 1, uint32 0, @a{sv} {})"),
                DBUS_E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "PlacePiece", A ("(0, 0, 1, uint32 0, @a{sv} {})"),
                DBUS_E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "Draw", A ("(true,)"), DBUS_E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "Pass", A ("(uint32 0,)"), DBUS_E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "Play", A ("('pick',)"), DBUS_E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "GetHand", A ("('/org',)"), DBUS_E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "GetPiecePlacements", A ("()"), DBUS_E ("InvalidArgs"));
  /* issue 16: Pick and GetPool are gone (the draft is played with GetMoves and Play) */
  GAME_REFUSED (f.a, f.game, "Pick", A ("(uint32 0, @a{sv} {})"), DBUS_E ("UnknownMethod"));
  GAME_REFUSED (f.a, f.game, "GetPool", NULL, DBUS_E ("UnknownMethod"));
  GAME_REFUSED (f.a, f.game, "GetPieces", A ("(uint32 0,)"), DBUS_E ("InvalidArgs"));

  /* drawn: the hand waits for another turn */
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Draw", NO_OPTIONS));
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 1);
  GAME_REFUSED (f.a, f.game, "Draw", NO_OPTIONS, E ("WrongPhase"));
  GAME_REFUSED (f.a, f.game, "PlacePiece", g_variant_new ("(uiiua{sv})", 1, hx, hy, hr, NULL),
                E ("WrongPhase"));
  GAME_REFUSED (f.a, f.game, "Pass", NO_OPTIONS, E ("WrongPhase"));
  {
    g_autoptr (GVariant) none = call_ok (f.a, f.game, GAME_IFACE, "GetPiecePlacements",
                                         g_variant_new ("(ua{sv})", 1, NULL));
    hand = g_variant_print (none, TRUE);
  }
  ck_assert_str_eq (hand, "(@a(iiu) [],)");
  fixture_teardown (&f);
}
END_TEST

/* A pick of pool piece @index, as Play takes it; with @tile, naming the tile it takes. */
static GVariant *
pick_args (guint index, const char *tile)
{
  if (tile)
    return g_variant_new_parsed ("('pick', {'piece': <%u>, 'tile': <%s>}, @a{sv} {})", index, tile);
  return g_variant_new_parsed ("('pick', {'piece': <%u>}, @a{sv} {})", index);
}

/* Game.xml, issue 16: the halftiles draft is an expansion's phase (State 6, its moves only:
 * GetMoves, Play); a pick of a piece the pool does not hold is NoPiece, of a piece whose tile
 * is not the one named IllegalMove, with a missing or a foreign argument InvalidArgs; the
 * built-in moves are WrongPhase; the hands are face up: GetHand for anyone. */
START_TEST (test_draft_refusals)
{
  Fixture f;
  g_autoptr (GVariant) reply = NULL;
  g_autoptr (GVariant) moves = NULL;
  const char *last_tile, *first_tile;

  fixture_setup (&f, NULL,
                 "{'seed': <@t 2>, 'expansions': <['halftiles']>, 'halftiles.draft': <true>, "
                 "'halftiles.hand': <uint32 1>}",
                 TRUE);
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 6);
  /* the last seat picks first */
  {
    g_autofree char *active = active_player (f.a, f.game);
    ck_assert_str_eq (active, f.pb);
  }
  reply = call_ok (f.b, f.game, GAME_IFACE, "GetMoves", NO_OPTIONS);
  moves = g_variant_get_child_value (reply, 0);
  /* the 20 half tiles without symbols (vineyard, hill, sheep and crop circle stay out) */
  ck_assert_uint_eq (g_variant_n_children (moves), 20);
  {
    g_autoptr (GVariant) a19 = NULL, a0 = NULL;
    g_variant_get_child (moves, 19, "(&s@a{sv})", NULL, &a19);
    g_variant_get_child (moves, 0, "(&s@a{sv})", NULL, &a0);
    ck_assert (g_variant_lookup (a19, "tile", "&s", &last_tile));
    ck_assert (g_variant_lookup (a0, "tile", "&s", &first_tile));
  }
  GAME_REFUSED (f.x, f.game, "Play", pick_args (0, NULL), E ("NotSeated"));
  GAME_REFUSED (f.a, f.game, "Play", pick_args (0, NULL), E ("NotYourTurn"));
  GAME_REFUSED (f.b, f.game, "Play", pick_args (20, NULL), E ("NoPiece"));
  GAME_REFUSED (f.b, f.game, "Play", pick_args (4294967295u, NULL), E ("NoPiece"));
  if (!g_str_equal (first_tile, last_tile))
    GAME_REFUSED (f.b, f.game, "Play", pick_args (19, first_tile), E ("IllegalMove"));
  GAME_REFUSED (f.b, f.game, "Play", A ("('pick', @a{sv} {}, @a{sv} {})"), E ("InvalidArgs"));
  GAME_REFUSED (f.b, f.game, "Play", A ("('pick', {'piece': <uint32 0>, 'x': <1>}, @a{sv} {})"),
                E ("InvalidArgs"));
  GAME_REFUSED (f.b, f.game, "Play",
                A ("('pick', {'piece': <uint32 0>, 'tile': <'nope'>}, "
                   "@a{sv} {})"),
                E ("UnknownTile"));
  GAME_REFUSED (f.b, f.game, "Draw", NO_OPTIONS, E ("WrongPhase"));
  GAME_REFUSED (f.b, f.game, "Pass", NO_OPTIONS, E ("WrongPhase"));
  GAME_REFUSED (f.b, f.game, "Place", A ("(0, 1, uint32 0, @a{sv} {})"), E ("WrongPhase"));
  GAME_REFUSED (f.b, f.game, "PlacePiece", A ("(uint32 0, 0, 1, uint32 0, @a{sv} {})"),
                E ("WrongPhase"));
  GAME_REFUSED (f.b, f.game, "Skip", NO_OPTIONS, E ("WrongPhase"));
  g_variant_unref (
      call_ok (f.x, f.game, GAME_IFACE, "GetHand", g_variant_new ("(oa{sv})", f.pa, NULL)));
  g_variant_unref (call_ok (f.b, f.game, GAME_IFACE, "Play", pick_args (19, last_tile)));
  GAME_REFUSED (f.a, f.game, "Play", pick_args (19, NULL), E ("NoPiece"));
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Play", pick_args (18, NULL)));
  /* the draft is over: a pick is WrongPhase */
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 4);
  GAME_REFUSED (f.a, f.game, "Play", pick_args (0, NULL), E ("WrongPhase"));
  fixture_teardown (&f);
}
END_TEST

/* Game.xml: after the end every move is GameOver for the seated. A tile order of one
 * expansion tile ends the game after one turn. */
START_TEST (test_after_the_end)
{
  Fixture f;
  static const char *const moves[][2] = {
    { "Draw", "(@a{sv} {},)" },
    { "Pass", "(@a{sv} {},)" },
    { "Play", "('pick', {'piece': <uint32 0>}, @a{sv} {})" },
    { "PlacePiece", "(uint32 0, 0, 1, uint32 0, @a{sv} {})" },
  };

  fixture_setup (&f, NULL, "{'expansions': <['winter']>, 'tile-order': <['WI-LR']>}", TRUE);
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 1);
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Place", A ("(0, 1, uint32 0, @a{sv} {})")));
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Skip", NO_OPTIONS));
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 3);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      GAME_REFUSED (f.a, f.game, moves[i][0], moves[i][1] ? A (moves[i][1]) : NULL, E ("GameOver"));
      GAME_REFUSED (f.b, f.game, moves[i][0], moves[i][1] ? A (moves[i][1]) : NULL, E ("GameOver"));
      GAME_REFUSED (f.x, f.game, moves[i][0], moves[i][1] ? A (moves[i][1]) : NULL,
                    E ("NotSeated"));
    }
  fixture_teardown (&f);
}
END_TEST

/* A directory of its own with @files (name, contents) in it. */
static char *
plugin_dir (const char *const files[][2], guint n)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("carcd-plugins-XXXXXX", &error);

  ck_assert_msg (dir != NULL, "%s", error ? error->message : "");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i][0], NULL);
      ck_assert (g_file_set_contents (path, files[i][1], -1, NULL));
    }
  return dir;
}

/* The lines of @text holding @needle. */
static guint
lines_with (const char *text, const char *needle)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i]; i++)
    n += strstr (lines[i], needle) != NULL;
  return n;
}

/* carcassonned(8): "A plugin that is refused ... is logged, one line, and the daemon goes on
 * without it": a text file named broken.so beside a good plugin (a copy of winter.so) in
 * --plugin-dir; broken is then ExpansionUnavailable (its file is there), the good one works. An
 * empty directory gives no expansions at all. */
START_TEST (test_broken_plugin)
{
  g_autofree char *winter_so
      = g_build_filename (carc_plugin_host_get_default_dir (), "winter.so", NULL);
  g_autofree char *winter = NULL;
  gsize len;
  g_autofree char *dir = NULL;
  g_autofree char *empty = plugin_dir (NULL, 0);
  g_autofree char *log = NULL;
  g_autofree char *dir_arg = NULL;
  g_autofree char *empty_arg = g_strconcat ("--plugin-dir=", empty, NULL);
  g_autofree char *text = NULL;

  ck_assert (g_file_get_contents (winter_so, &winter, &len, NULL));
  {
    const char *files[][2] = { { "broken.so", "this is not a shared object\n" },
                               { "README", "not a plugin either, and not looked at\n" } };
    dir = plugin_dir (files, G_N_ELEMENTS (files));
  }
  {
    g_autofree char *copy = g_build_filename (dir, "winter.so", NULL);
    ck_assert (g_file_set_contents (copy, winter, (gssize)len, NULL));
  }
  dir_arg = g_strconcat ("--plugin-dir=", dir, NULL);
  /* not a .so: the daemon does not look at it */
  log = g_build_filename (dir, "daemon.log", NULL);
  {
    const char *args[] = { dir_arg, NULL };
    GPid pid = daemon_start_logged (args, log);
    g_autoptr (GDBusConnection) c = client_new ();
    g_autoptr (GVariant) names = get_property (c, ROOT_PATH, MANAGER_IFACE, "Expansions");
    g_autofree char *names_text = g_variant_print (names, TRUE);
    g_autofree char *game = NULL;
    g_autofree char *all = NULL;

    ck_assert (g_file_get_contents (log, &text, NULL, NULL));
    ck_assert_msg (lines_with (text, "broken.so") == 1, "the log:\n%s", text);
    ck_assert_msg (lines_with (text, "refused") == 1, "the log:\n%s", text);
    ck_assert_msg (lines_with (text, "Expansions from") == 1, "the log:\n%s", text);
    ck_assert_ptr_nonnull (strstr (text, ": winter\n"));
    ck_assert_str_eq (names_text, "['winter']");
    CREATE_REFUSED (c, NULL, "{'expansions': <['broken']>}", E ("ExpansionUnavailable"));
    CREATE_REFUSED (c, NULL, "{'expansions': <['abbey']>}", E ("UnknownExpansion"));
    game = create_game (c, "{'expansions': <['winter']>}");
    ck_assert_uint_eq (get_uint (c, game, GAME_IFACE, "TilesLeft"), 71 + 12);
    {
      g_autoptr (GVariant) name = call_ok (c, ROOT_PATH "/expansion/winter", PROPS_IFACE, "Get",
                                           g_variant_new ("(ss)", EXPANSION_IFACE, "Name"));
      all = g_variant_print (name, TRUE);
    }
    ck_assert_str_eq (all, "(<'winter'>,)");
    ck_assert_int_eq (daemon_stop (pid), 0);
  }
  {
    const char *args[] = { empty_arg, NULL };
    GPid pid = daemon_start (args);
    g_autoptr (GDBusConnection) c = client_new ();
    g_autoptr (GVariant) names = get_property (c, ROOT_PATH, MANAGER_IFACE, "Expansions");
    g_autofree char *names_text = g_variant_print (names, TRUE);

    ck_assert_str_eq (names_text, "@as []");
    CREATE_REFUSED (c, NULL, "{'expansions': <['winter']>}", E ("UnknownExpansion"));
    ck_assert_int_eq (daemon_stop (pid), 0);
  }
  remove_tree (dir);
  remove_tree (empty);
}
END_TEST

/* Links @name in @dir to @target. */
static void
link_plugin (const char *dir, const char *name, const char *target)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);

  ck_assert_msg (symlink (target, path) == 0, "symlink %s: %s", path, g_strerror (errno));
}

/* Issue 14: "a refused plugin is visible to clients: the Manager lists refused plugins with
 * their reasons"; Manager.xml: RefusedPlugins "(name, file, reason) ... CreateGame naming one
 * is ExpansionUnavailable with the reason in its message"; "a plugin whose file name differs
 * from its name gets a warning at load". The plugin directory holds tests/daemon/refuses.c
 * built (its init fails), a text file named broken.so, winter.so and the example plugin wells
 * under the file name tavern.so. */
START_TEST (test_refused_plugins)
{
  g_autofree char *dir = plugin_dir (NULL, 0);
  g_autofree char *dir_arg = g_strconcat ("--plugin-dir=", dir, NULL);
  g_autofree char *log = g_build_filename (dir, "daemon.log", NULL);
  g_autofree char *refuses = g_build_filename (dir, "refuses.so", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.so", NULL);
  g_autofree char *tavern = g_build_filename (dir, "tavern.so", NULL);
  g_autofree char *winter
      = g_build_filename (carc_plugin_host_get_default_dir (), "winter.so", NULL);
  const char *args[] = { dir_arg, NULL };
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *warning = NULL;
  g_autoptr (GError) error = NULL;

  link_plugin (dir, "refuses.so", TOP_BUILDDIR "/tests/daemon/.libs/refuses.so");
  link_plugin (dir, "tavern.so", TOP_BUILDDIR "/examples/plugin/.libs/wells.so");
  link_plugin (dir, "winter.so", winter);
  ck_assert (g_file_set_contents (broken, "this is not a shared object\n", -1, NULL));

  GPid pid = daemon_start_logged (args, log);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autoptr (GVariant) names = get_property (c, ROOT_PATH, MANAGER_IFACE, "Expansions");
  g_autoptr (GVariant) refused = get_property (c, ROOT_PATH, MANAGER_IFACE, "RefusedPlugins");
  g_autofree char *names_text = g_variant_print (names, FALSE);
  GVariantIter iter;
  const char *name, *path, *reason;

  ck_assert_str_eq (names_text, "['wells', 'winter']"); /* hook order: priority, then name */
  /* in file name order: broken (dlopen's own words follow "cannot load: "), refuses */
  ck_assert_uint_eq (g_variant_n_children (refused), 2);
  g_variant_iter_init (&iter, refused);
  ck_assert (g_variant_iter_next (&iter, "(&s&s&s)", &name, &path, &reason));
  ck_assert_str_eq (name, "broken");
  ck_assert_str_eq (path, broken);
  ck_assert_msg (g_str_has_prefix (reason, "cannot load: "), "%s", reason);
  ck_assert (g_variant_iter_next (&iter, "(&s&s&s)", &name, &path, &reason));
  ck_assert_str_eq (name, "refuses");
  ck_assert_str_eq (path, refuses);
  ck_assert_str_eq (reason, "plugin refuses refused to start: no tavern keeper today");

  /* CreateGame names the reason; the file name of a plugin of another name is no expansion */
  CREATE_REFUSED (c, NULL, "{'expansions': <['refuses']>}", E ("ExpansionUnavailable"));
  CREATE_REFUSED (c, NULL, "{'expansions': <['tavern']>}", E ("ExpansionUnavailable"));
  ck_assert_ptr_null (call (c, ROOT_PATH, MANAGER_IFACE, "CreateGame",
                            A ("({'expansions': <['refuses']>},)"), &error));
  g_dbus_error_strip_remote_error (error);
  ck_assert_str_eq (error->message, "Expansion \"refuses\" is not loaded in this daemon: refused "
                                    "at start: plugin refuses refused to start: no tavern keeper "
                                    "today (Manager.RefusedPlugins)");
  g_free (create_game (c, "{'expansions': <['wells', 'winter']>}"));

  ck_assert (g_file_get_contents (log, &text, NULL, NULL));
  warning
      = g_strdup_printf ("%s is plugin wells: games take it as \"wells\", not \"tavern\"", tavern);
  ck_assert_msg (lines_with (text, warning) == 1, "the log:\n%s", text);
  ck_assert_msg (lines_with (text, "refused") == 2, "the log:\n%s", text);
  expected = g_strdup_printf ("refused: %s: plugin refuses refused to start: no tavern keeper "
                              "today",
                              refuses);
  ck_assert_msg (lines_with (text, expected) == 1, "the log:\n%s", text);
  ck_assert_int_eq (daemon_stop (pid), 0);
  remove_tree (dir);
}
END_TEST

static Suite *
expansion_errors_suite (void)
{
  Suite *s = suite_create ("daemon-expansion-errors");
  TCase *tc = tcase_create ("refusals");

  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_unknown_expansion);
  tcase_add_test (tc, test_left_out);
  tcase_add_test (tc, test_refused_plugins);
  tcase_add_test (tc, test_bad_expansion_options);
  tcase_add_test (tc, test_choosing_refusals);
  tcase_add_test (tc, test_draft_refusals);
  tcase_add_test (tc, test_after_the_end);
  tcase_add_test (tc, test_broken_plugin);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (expansion_errors_suite ());
}
