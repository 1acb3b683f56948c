/* test-daemon-errors.c: every refusal of the real daemon, and that it changes nothing.
 *
 * Issue 3: "Every method with wrong types, out-of-range values, unknown paths, the wrong caller,
 * the wrong phase: the documented error, and the game state identical before and after."
 * Each refused call below is made through REFUSED(), which compares the exact D-Bus error name
 * and a snapshot of the game (and of the whole daemon) taken before and after the call. The
 * rules come from the comments of the introspection/ XML files, named above each test.
 */
#include "config.h"

#include <check.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"

/* The first legal placement of the tile in play. */
static void
first_placement (GDBusConnection *c, const char *game, gint32 *x, gint32 *y, guint32 *rotation)
{
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "GetPlacements", NULL);
  g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);

  ck_assert_uint_gt (g_variant_n_children (list), 0);
  g_variant_get_child (list, 0, "(iiu)", x, y, rotation);
}

static void
place_first (GDBusConnection *c, const char *game)
{
  gint32 x, y;
  guint32 rotation;

  first_placement (c, game, &x, &y, &rotation);
  g_variant_unref (
      call_ok (c, game, GAME_IFACE, "Place", g_variant_new ("(iiua{sv})", x, y, rotation, NULL)));
}

/* The segment of a deployment of @kind offered now, or -1. */
static gint
deployment_of_kind (GDBusConnection *c, const char *game, guint kind)
{
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "GetDeployments", NULL);
  g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);

  for (gsize i = 0; i < g_variant_n_children (list); i++)
    {
      guint32 segment, k;
      g_variant_get_child (list, i, "(&suu^a&s)", NULL, &segment, &k, NULL);
      if (k == kind)
        return (gint)segment;
    }
  return -1;
}

/* doc/dbus-errors.md (issue 14, "a call with a wrong signature gets
 * org.freedesktop.DBus.Error.InvalidArgs, the standard name generic bindings map"): wrong
 * signatures of the Manager's methods (cdbus checks them against the table first). */
START_TEST (test_manager_signatures)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{}");
  static const char *const create_args[]
      = { "()", "('x',)", "(@a{ss} {},)", "(@a{sv} {}, @a{sv} {})", "(@av [],)" };
  g_autofree char *next = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (create_args); i++)
    REFUSED (c, game, ROOT_PATH, MANAGER_IFACE, "CreateGame", A (create_args[i]),
             DBUS_E ("InvalidArgs"));
  REFUSED (c, game, ROOT_PATH, MANAGER_IFACE, "ListGames", A ("('x',)"), DBUS_E ("InvalidArgs"));
  REFUSED (c, game, ROOT_PATH, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects",
           A ("('x',)"), DBUS_E ("InvalidArgs"));
  REFUSED (c, game, ROOT_PATH, "org.freedesktop.DBus.Introspectable", "Introspect",
           A ("(uint32 1,)"), DBUS_E ("InvalidArgs"));
  /* refusals use no game number: n counts up from 1 */
  next = create_game (c, "{}");
  ck_assert_str_eq (next, ROOT_PATH "/game/2");
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

typedef struct
{
  const char *options;
  const char *error;
} BadOptions;

/* introspection/org.carcassonne.Engine1.Manager.xml: CreateGame's options: "an unknown key
 * or a value of the wrong type is InvalidArgs", the documented ranges, UnknownTile,
 * UnknownExpansion; the name "at most 64 bytes of UTF-8" (and no control characters:
 * options.h). */
START_TEST (test_create_game_bad_options)
{
  static const BadOptions cases[] = {
    /* unknown keys, and a key twice */
    { "{'colour': <'red'>}", E ("InvalidArgs") },
    { "{'Players': <uint32 2>}", E ("InvalidArgs") },
    { "{'': <uint32 2>}", E ("InvalidArgs") },
    { "{'players': <uint32 2>, 'players': <uint32 3>}", E ("InvalidArgs") },
    /* wrong types */
    { "{'players': <int32 3>}", E ("InvalidArgs") },
    { "{'players': <uint64 3>}", E ("InvalidArgs") },
    { "{'bots': <'one'>}", E ("InvalidArgs") },
    { "{'bot-delay': <int64 5>}", E ("InvalidArgs") },
    { "{'seed': <uint32 7>}", E ("InvalidArgs") },
    { "{'seed': <'7'>}", E ("InvalidArgs") },
    { "{'tile-order': <'ABC'>}", E ("InvalidArgs") },
    { "{'tile-order': <[<'A'>]>}", E ("InvalidArgs") },
    { "{'expansions': <'winter'>}", E ("InvalidArgs") },
    { "{'followers': <byte 3>}", E ("InvalidArgs") },
    { "{'farmers': <uint32 1>}", E ("InvalidArgs") },
    { "{'name': <uint32 1>}", E ("InvalidArgs") },
    { "{'name': <@o '/x'>}", E ("InvalidArgs") },
    /* out of range */
    { "{'players': <uint32 1>}", E ("InvalidArgs") },
    { "{'players': <uint32 7>}", E ("InvalidArgs") },
    { "{'players': <uint32 0>}", E ("InvalidArgs") },
    { "{'bots': <uint32 3>}", E ("InvalidArgs") },
    { "{'players': <uint32 6>, 'bots': <uint32 7>}", E ("InvalidArgs") },
    { "{'bot-delay': <uint32 10001>}", E ("InvalidArgs") },
    { "{'followers': <uint32 0>}", E ("InvalidArgs") },
    { "{'followers': <uint32 256>}", E ("InvalidArgs") },
    { "{'name': <'12345678901234567890123456789012345678901234567890123456789012345'>}",
      E ("InvalidArgs") },
    { "{'name': <'tab\\there'>}", E ("InvalidArgs") },
    { "{'name': <'new\\nline'>}", E ("InvalidArgs") },
    { "{'name': <'del\\u007f'>}", E ("InvalidArgs") },
    { "{'name': <'c1\\u0085'>}", E ("InvalidArgs") },
    /* tiles and expansions */
    { "{'tile-order': <['A', 'Z']>}", E ("UnknownTile") },
    { "{'tile-order': <['a']>}", E ("UnknownTile") },
    { "{'tile-order': <['']>}", E ("UnknownTile") },
    { "{'expansions': <['carcassonne-ii']>}", E ("UnknownExpansion") },
    { "{'expansions': <['']>}", E ("UnknownExpansion") },
  };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{'name': <'existing'>}");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GVariant *options = g_variant_new_parsed (cases[i].options);
      REFUSED (c, game, ROOT_PATH, MANAGER_IFACE, "CreateGame", g_variant_new_tuple (&options, 1),
               cases[i].error);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* The tile-order option of @n entries (all "B"). */
static GVariant *
tile_order_options (guint n)
{
  g_autoptr (GVariantBuilder) order = g_variant_builder_new (G_VARIANT_TYPE ("as"));
  GVariantBuilder options;

  for (guint i = 0; i < n; i++)
    g_variant_builder_add (order, "s", "B");
  g_variant_builder_init (&options, G_VARIANT_TYPE ("a{sv}"));
  g_variant_builder_add (&options, "{sv}", "tile-order", g_variant_builder_end (order));
  return g_variant_new ("(a{sv})", &options);
}

/* introspection/org.carcassonne.Engine1.Manager.xml: "tile-order ... (at most 1000)": 1001
 * entries are LimitExceeded, 1000 are accepted; the other ranges' edges are accepted too. */
START_TEST (test_create_game_edges)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{}");
  static const char *const accepted[] = {
    "{'players': <uint32 2>, 'bots': <uint32 2>}",
    "{'players': <uint32 6>, 'bots': <uint32 0>}",
    "{'followers': <uint32 1>, 'bot-delay': <uint32 10000>}",
    "{'followers': <uint32 255>, 'farmers': <false>}",
    "{'expansions': <@as []>, 'seed': <uint64 18446744073709551615>}",
    "{'name': <'1234567890123456789012345678901234567890123456789012345678901234'>}",
    "{'name': <'\u00e9t\u00e9'>}",
  };

  REFUSED (c, game, ROOT_PATH, MANAGER_IFACE, "CreateGame", tile_order_options (1001),
           E ("LimitExceeded"));
  {
    g_autoptr (GVariant) r
        = call_ok (c, ROOT_PATH, MANAGER_IFACE, "CreateGame", tile_order_options (1000));
    const char *path;
    g_variant_get (r, "(&o&s)", &path, NULL);
    ck_assert_uint_eq (get_uint (c, path, GAME_IFACE, "TilesLeft"), 1000);
  }
  for (guint i = 0; i < G_N_ELEMENTS (accepted); i++)
    g_free (create_game (c, accepted[i]));
  {
    g_autoptr (GVariant) options = get_property (c, ROOT_PATH "/game/6", GAME_IFACE, "Options");
    guint32 followers;
    gboolean farmers;
    ck_assert (g_variant_lookup (options, "followers", "u", &followers));
    ck_assert (g_variant_lookup (options, "farmers", "b", &farmers));
    ck_assert_uint_eq (followers, 255);
    ck_assert (!farmers);
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* doc/dbus-game.md: a wrong signature of any Game method is the standard
 * org.freedesktop.DBus.Error.InvalidArgs (issue 14), whoever calls and in whatever phase. */
START_TEST (test_game_signatures)
{
  static const char *const cases[][2] = {
    { "Join", "('Ann',)" },
    { "Join", "(@a{sv} {}, 'Ann')" },
    { "Join", "('Ann', @a{ss} {})" },
    { "Rejoin", "(uint32 1,)" },
    { "Rejoin", "()" },
    { "AddBot", "('Bot',)" },
    { "AddBot", "('Bot', @a{sv} {}, 1)" },
    { "Start", "(uint32 1,)" },
    { "Leave", "('now',)" },
    { "Delete", "(true,)" },
    { "GetSeed", "(uint64 1,)" },
    { "GetPlacements", "(uint32 1,)" },
    { "Place", "(0, 1, uint32 0)" },
    { "Place", "(0, 1, 0, @a{sv} {})" },
    { "Place", "(uint32 0, 1, uint32 0, @a{sv} {})" },
    { "Place", "(int64 0, int64 1, uint32 0, @a{sv} {})" },
    { "GetDeployments", "(uint32 1,)" },
    { "Deploy", "(uint32 1,)" },
    { "Deploy", "(1, @a{sv} {})" },
    { "Deploy", "(byte 1, @a{sv} {})" },
    { "Deploy", "(uint32 1, @a{sv} {})" }, /* the signature before figure kinds (issue 16) */
    { "Skip", "(uint32 1,)" },
    { "GetBoard", "(uint32 1,)" },
    { "GetFeatures", "('x',)" },
    { "GetTileTypes", "('A',)" },
  };
  Fixture f;

  fixture_setup (&f, NULL, "{'seed': <uint64 3>}", TRUE);
  /* the caller is the active player, in every phase a move could be made in */
  for (guint phase = 0; phase < 2; phase++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
        GAME_REFUSED (f.a, f.game, cases[i][0], A (cases[i][1]), DBUS_E ("InvalidArgs"));
      if (phase == 0)
        place_first (f.a, f.game);
    }
  /* a stranger too */
  GAME_REFUSED (f.x, f.game, "Place", A ("(0, 1, uint32 0)"), DBUS_E ("InvalidArgs"));
  fixture_teardown (&f);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Game.xml: Join and AddBot: "name: 1..64 bytes of
 * UTF-8", "options: none defined yet (any key is InvalidArgs)". */
START_TEST (test_join_bad_names_and_options)
{
  static const char *const names[] = {
    "",          "12345678901234567890123456789012345678901234567890123456789012345",
    "tab\there", "line\nbreak",
    "del\x7f",   "c1\xc2\x85",
  };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  g_autofree char *game = create_game (a, "{'players': <uint32 3>}");
  g_autofree char *token = NULL;
  g_autofree char *player = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      GAME_REFUSED (b, game, "Join", g_variant_new ("(sa{sv})", names[i], NULL), E ("InvalidArgs"));
      GAME_REFUSED (a, game, "AddBot", g_variant_new ("(sa{sv})", names[i], NULL),
                    E ("InvalidArgs"));
    }
  GAME_REFUSED (b, game, "Join", A ("('Bob', {'colour': <'red'>})"), E ("InvalidArgs"));
  GAME_REFUSED (b, game, "Join", A ("('Bob', {'': <''>})"), E ("InvalidArgs"));
  GAME_REFUSED (a, game, "AddBot", A ("('Bot', {'level': <uint32 3>})"), E ("InvalidArgs"));
  /* the edges are accepted */
  player = join_game (b, game, "1234567890123456789012345678901234567890123456789012345678901234",
                      &token);
  g_variant_unref (
      call_ok (a, game, GAME_IFACE, "AddBot", g_variant_new ("(sa{sv})", "\u00e9", NULL)));
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* The Properties interface on @path: wrong signatures, unknown names, and Set on every
 * property of @iface. */
static void
check_properties (GDBusConnection *c, const char *game, const char *path, const char *iface)
{
  g_autoptr (GVariant) all = call_ok (c, path, PROPS_IFACE, "GetAll", g_variant_new ("(s)", iface));
  g_autoptr (GVariant) dict = g_variant_get_child_value (all, 0);
  GVariantIter iter;
  const char *name;
  GVariant *value;

  ck_assert_uint_gt (g_variant_n_children (dict), 0);
  REFUSED (c, game, path, PROPS_IFACE, "Get", A ("('x',)"), DBUS_E ("InvalidArgs"));
  REFUSED (c, game, path, PROPS_IFACE, "Get", A ("('x', 'y', 'z')"), DBUS_E ("InvalidArgs"));
  REFUSED (c, game, path, PROPS_IFACE, "GetAll", A ("()"), DBUS_E ("InvalidArgs"));
  REFUSED (c, game, path, PROPS_IFACE, "GetAll", A ("(uint32 1,)"), DBUS_E ("InvalidArgs"));
  REFUSED (c, game, path, PROPS_IFACE, "Set", A ("('x', 'y')"), DBUS_E ("InvalidArgs"));
  REFUSED (c, game, path, PROPS_IFACE, "Set", A ("('x', 'y', 'z')"), DBUS_E ("InvalidArgs"));
  REFUSED (c, game, path, PROPS_IFACE, "Get", g_variant_new ("(ss)", iface, "Nope"),
           DBUS_E ("UnknownProperty"));
  REFUSED (c, game, path, PROPS_IFACE, "Set",
           g_variant_new ("(ssv)", iface, "Nope", g_variant_new_string ("x")),
           DBUS_E ("UnknownProperty"));
  REFUSED (c, game, path, PROPS_IFACE, "Get", g_variant_new ("(ss)", "org.example.Nope", "Name"),
           DBUS_E ("UnknownInterface"));
  REFUSED (c, game, path, PROPS_IFACE, "GetAll", g_variant_new ("(s)", "org.example.Nope"),
           DBUS_E ("UnknownInterface"));
  /* every property is read-only, even set to its own value or another type */
  g_variant_iter_init (&iter, dict);
  while (g_variant_iter_next (&iter, "{&sv}", &name, &value))
    {
      REFUSED (c, game, path, PROPS_IFACE, "Set", g_variant_new ("(ssv)", iface, name, value),
               DBUS_E ("PropertyReadOnly"));
      REFUSED (c, game, path, PROPS_IFACE, "Set",
               g_variant_new ("(ssv)", iface, name, g_variant_new_int64 (1)),
               DBUS_E ("PropertyReadOnly"));
      g_variant_unref (value);
    }
}

/* introspection/ (all three files): every property is access="read": Set is
 * org.freedesktop.DBus.Error.PropertyReadOnly; unknown properties and interfaces are the
 * standard errors; wrong Properties signatures are the standard InvalidArgs (issue 14). */
START_TEST (test_properties)
{
  Fixture f;

  fixture_setup (&f, NULL, "{}", TRUE);
  check_properties (f.x, f.game, f.game, GAME_IFACE);
  check_properties (f.b, f.game, f.pa, PLAYER_IFACE);
  check_properties (f.a, f.game, ROOT_PATH, MANAGER_IFACE);
  fixture_teardown (&f);
}
END_TEST

/* Unknown members are the standard errors, on each of our objects. */
START_TEST (test_unknown_methods)
{
  Fixture f;

  fixture_setup (&f, NULL, "{}", FALSE);
  GAME_REFUSED (f.a, f.game, "Frobnicate", NULL, DBUS_E ("UnknownMethod"));
  GAME_REFUSED (f.a, f.game, "start", NULL, DBUS_E ("UnknownMethod"));
  REFUSED (f.a, f.game, f.game, MANAGER_IFACE, "CreateGame", A ("(@a{sv} {},)"),
           DBUS_E ("UnknownMethod"));
  REFUSED (f.a, f.game, f.game, "org.example.Nope", "Start", NO_OPTIONS, DBUS_E ("UnknownMethod"));
  REFUSED (f.a, f.game, ROOT_PATH, MANAGER_IFACE, "DeleteGame", NULL, DBUS_E ("UnknownMethod"));
  REFUSED (f.a, f.game, ROOT_PATH, GAME_IFACE, "Start", NO_OPTIONS, DBUS_E ("UnknownMethod"));
  REFUSED (f.a, f.game, f.pa, PLAYER_IFACE, "Leave", NO_OPTIONS, DBUS_E ("UnknownMethod"));
  REFUSED (f.a, f.game, f.pa, GAME_IFACE, "Leave", NO_OPTIONS, DBUS_E ("UnknownMethod"));
  fixture_teardown (&f);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Game.xml: "Object path: .../game/<n> (n counts up
 * from 1, never reused while the daemon runs)"; a path with no game is NoSuchGame, first in
 * the check order (before the signature); a path outside the games is the standard
 * UnknownObject. */
START_TEST (test_unknown_paths)
{
  static const char *const methods[]
      = { "Join",   "Rejoin",   "AddBot",      "Start",          "Leave",
          "Delete", "GetSeed",  "Place",       "GetDeployments", "Deploy",
          "Skip",   "GetBoard", "GetFeatures", "GetTileTypes",   "GetPlacements" };
  static const char *const no_games[] = {
    ROOT_PATH "/game/99",
    ROOT_PATH "/game/0",
    ROOT_PATH "/game/99/player/0",
    ROOT_PATH "/game/4294967296",
  };
  static const char *const no_objects[] = {
    ROOT_PATH "/games/1", ROOT_PATH "/player", "/org/carcassonne", "/", "/org/example",
  };
  Fixture f;
  g_autofree char *gone = NULL;
  g_autofree char *next = NULL;

  fixture_setup (&f, NULL, "{}", FALSE);
  for (guint p = 0; p < G_N_ELEMENTS (no_games); p++)
    {
      for (guint i = 0; i < G_N_ELEMENTS (methods); i++)
        REFUSED (f.a, f.game, no_games[p], GAME_IFACE, methods[i], NULL, E ("NoSuchGame"));
      REFUSED (f.a, f.game, no_games[p], GAME_IFACE, "Place", A ("(0, 1, uint32 0, @a{sv} {})"),
               E ("NoSuchGame"));
      REFUSED (f.a, f.game, no_games[p], PROPS_IFACE, "Get",
               g_variant_new ("(ss)", GAME_IFACE, "State"), E ("NoSuchGame"));
      REFUSED (f.a, f.game, no_games[p], PROPS_IFACE, "GetAll", g_variant_new ("(s)", GAME_IFACE),
               E ("NoSuchGame"));
    }
  for (guint p = 0; p < G_N_ELEMENTS (no_objects); p++)
    {
      REFUSED (f.a, f.game, no_objects[p], GAME_IFACE, "Start", NO_OPTIONS,
               DBUS_E ("UnknownObject"));
      REFUSED (f.a, f.game, no_objects[p], MANAGER_IFACE, "ListGames", NULL,
               DBUS_E ("UnknownObject"));
      REFUSED (f.a, f.game, no_objects[p], PROPS_IFACE, "GetAll", g_variant_new ("(s)", GAME_IFACE),
               DBUS_E ("UnknownObject"));
    }
  /* a deleted game's path is NoSuchGame, and its number is not given out again */
  gone = create_game (f.a, "{}");
  g_variant_unref (call_ok (f.a, gone, GAME_IFACE, "Delete", NO_OPTIONS));
  REFUSED (f.a, f.game, gone, GAME_IFACE, "Join", A ("('Ann', @a{sv} {})"), E ("NoSuchGame"));
  REFUSED (f.a, f.game, gone, PROPS_IFACE, "Get", g_variant_new ("(ss)", GAME_IFACE, "State"),
           E ("NoSuchGame"));
  next = create_game (f.a, "{}");
  ck_assert_str_eq (gone, ROOT_PATH "/game/2");
  ck_assert_str_eq (next, ROOT_PATH "/game/3");
  fixture_teardown (&f);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Game.xml: check order: "NoSuchGame, NotSeated,
 * WrongPhase (waiting) / GameOver, NotYourTurn, WrongPhase, then the move itself
 * (IllegalPlacement, IllegalDeployment, NoFollower, InvalidArgs)". Before the start. */
START_TEST (test_check_order_waiting)
{
  Fixture f;

  fixture_setup (&f, NULL, "{}", FALSE);
  /* NotSeated before WrongPhase and before anything about the move */
  GAME_REFUSED (f.x, f.game, "Place", A ("(0, 1, uint32 0, @a{sv} {})"), E ("NotSeated"));
  GAME_REFUSED (f.x, f.game, "Place", A ("(0, 0, uint32 4, {'x': <1>})"), E ("NotSeated"));
  GAME_REFUSED (f.x, f.game, "Deploy", A ("('follower', uint32 0, @a{sv} {})"), E ("NotSeated"));
  GAME_REFUSED (f.x, f.game, "Deploy", A ("('follower', uint32 4294967295, {'x': <1>})"),
                E ("NotSeated"));
  GAME_REFUSED (f.x, f.game, "Skip", NO_OPTIONS, E ("NotSeated"));
  /* seated, waiting: WrongPhase, before the move's own checks (options among them) */
  for (guint i = 0; i < 2; i++)
    {
      GDBusConnection *c = i ? f.b : f.a;
      GAME_REFUSED (c, f.game, "Place", A ("(0, 1, uint32 0, @a{sv} {})"), E ("WrongPhase"));
      GAME_REFUSED (c, f.game, "Place", A ("(0, 0, uint32 4, {'x': <1>})"), E ("WrongPhase"));
      GAME_REFUSED (c, f.game, "Deploy", A ("('follower', uint32 0, @a{sv} {})"), E ("WrongPhase"));
      GAME_REFUSED (c, f.game, "Deploy", A ("('follower', uint32 4294967295, {'x': <1>})"),
                    E ("WrongPhase"));
      GAME_REFUSED (c, f.game, "Skip", NO_OPTIONS, E ("WrongPhase"));
    }
  fixture_teardown (&f);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Game.xml: check order once the game runs: NotSeated,
 * NotYourTurn, WrongPhase, then the move itself. Coordinates: the start tile is at (0, 0);
 * rotation 0..3; a segment is an index on the tile. */
START_TEST (test_check_order_playing)
{
  Fixture f;
  gint32 x, y;
  guint32 rotation;
  g_autofree char *active = NULL;

  fixture_setup (&f, NULL, "{'seed': <uint64 11>}", TRUE);
  active = active_player (f.a, f.game);
  ck_assert_str_eq (active, f.pa);
  first_placement (f.a, f.game, &x, &y, &rotation);

  /* a stranger: NotSeated, even with a legal move */
  GAME_REFUSED (f.x, f.game, "Place", g_variant_new ("(iiua{sv})", x, y, rotation, NULL),
                E ("NotSeated"));
  GAME_REFUSED (f.x, f.game, "Skip", NO_OPTIONS, E ("NotSeated"));
  /* not the active seat: NotYourTurn, before the phase and the move */
  GAME_REFUSED (f.b, f.game, "Place", g_variant_new ("(iiua{sv})", x, y, rotation, NULL),
                E ("NotYourTurn"));
  GAME_REFUSED (f.b, f.game, "Place", A ("(0, 0, uint32 4, {'x': <1>})"), E ("NotYourTurn"));
  GAME_REFUSED (f.b, f.game, "Deploy", A ("('follower', uint32 0, @a{sv} {})"), E ("NotYourTurn"));
  GAME_REFUSED (f.b, f.game, "Skip", NO_OPTIONS, E ("NotYourTurn"));
  /* placing: Deploy and Skip are WrongPhase, whatever their arguments */
  GAME_REFUSED (f.a, f.game, "Deploy", A ("('follower', uint32 0, @a{sv} {})"), E ("WrongPhase"));
  GAME_REFUSED (f.a, f.game, "Deploy", A ("('follower', uint32 4294967295, {'x': <1>})"),
                E ("WrongPhase"));
  GAME_REFUSED (f.a, f.game, "Skip", NO_OPTIONS, E ("WrongPhase"));
  /* the move itself */
  GAME_REFUSED (f.a, f.game, "Place", A ("(0, 0, uint32 0, @a{sv} {})"), E ("IllegalPlacement"));
  GAME_REFUSED (f.a, f.game, "Place", A ("(5, 5, uint32 0, @a{sv} {})"), E ("IllegalPlacement"));
  GAME_REFUSED (f.a, f.game, "Place", A ("(0, -2, uint32 0, @a{sv} {})"), E ("IllegalPlacement"));
  GAME_REFUSED (f.a, f.game, "Place", A ("(2147483647, -2147483648, uint32 0, @a{sv} {})"),
                E ("IllegalPlacement"));
  GAME_REFUSED (f.a, f.game, "Place", g_variant_new ("(iiua{sv})", x, y, 4, NULL),
                E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "Place", g_variant_new ("(iiua{sv})", x, y, G_MAXUINT32, NULL),
                E ("InvalidArgs"));
  GAME_REFUSED (f.a, f.game, "Place",
                g_variant_new_parsed ("(%i, %i, %u, {'x': <1>})", x, y, rotation),
                E ("InvalidArgs"));
  /* deploying: Place is WrongPhase, whatever its arguments; then the deployment itself */
  place_first (f.a, f.game);
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 2);
  GAME_REFUSED (f.b, f.game, "Skip", NO_OPTIONS, E ("NotYourTurn"));
  GAME_REFUSED (f.a, f.game, "Place", g_variant_new ("(iiua{sv})", x, y, rotation, NULL),
                E ("WrongPhase"));
  GAME_REFUSED (f.a, f.game, "Place", A ("(0, 0, uint32 4, {'x': <1>})"), E ("WrongPhase"));
  GAME_REFUSED (f.a, f.game, "Deploy", A ("('follower', uint32 4294967295, @a{sv} {})"),
                E ("IllegalDeployment"));
  GAME_REFUSED (f.a, f.game, "Deploy", A ("('follower', uint32 64, @a{sv} {})"),
                E ("IllegalDeployment"));
  GAME_REFUSED (f.a, f.game, "Deploy", A ("('follower', uint32 0, {'x': <1>})"), E ("InvalidArgs"));
  GAME_REFUSED (f.b, f.game, "Deploy", A ("('follower', uint32 0, @a{sv} {})"), E ("NotYourTurn"));
  fixture_teardown (&f);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Game.xml: IllegalDeployment for a segment a follower
 * may not go on ("farmers" false: no fields), NoFollower once the supply is empty
 * ("followers" 1), and NoFollower comes before the segment's own check. Tile ids: the base
 * set's letters (data/base.tiles); B is a cloister in a field. */
START_TEST (test_deployment_refusals)
{
  Fixture f;
  gint field;

  /* no farmers: the field of B is IllegalDeployment, the cloister is fine */
  fixture_setup (&f, NULL, "{'farmers': <false>, 'tile-order': <['B', 'B', 'B', 'B']>}", TRUE);
  place_first (f.a, f.game);
  ck_assert_int_eq (deployment_of_kind (f.a, f.game, 0), -1);
  GAME_REFUSED (f.a, f.game, "Deploy", A ("('follower', uint32 1, @a{sv} {})"),
                E ("IllegalDeployment"));
  fixture_teardown (&f);

  /* one follower each: a farmer stays on the board, so the next deployment is NoFollower */
  fixture_setup (&f, NULL, "{'followers': <uint32 1>, 'tile-order': <['B', 'B', 'B', 'B']>}", TRUE);
  place_first (f.a, f.game);
  field = deployment_of_kind (f.a, f.game, 0);
  ck_assert_int_ge (field, 0);
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Deploy",
                            g_variant_new ("(sua{sv})", "follower", (guint32)field, NULL)));
  ck_assert_uint_eq (get_uint (f.a, f.pa, PLAYER_IFACE, "Followers"), 0);
  place_first (f.b, f.game);
  g_variant_unref (call_ok (f.b, f.game, GAME_IFACE, "Skip", NO_OPTIONS));
  place_first (f.a, f.game);
  /* nothing is offered without a follower; segment 0 of B, its cloister, is refused */
  ck_assert_int_eq (deployment_of_kind (f.a, f.game, 3), -1);
  GAME_REFUSED (f.a, f.game, "Deploy", A ("('follower', uint32 0, @a{sv} {})"), E ("NoFollower"));
  GAME_REFUSED (f.a, f.game, "Deploy", A ("('follower', uint32 4294967295, @a{sv} {})"),
                E ("NoFollower"));
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Skip", NO_OPTIONS));
  fixture_teardown (&f);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Game.xml: check order: after the end every move is
 * GameOver for the seated (NotSeated for a stranger), and Join, AddBot and Start are
 * AlreadyStarted. A two-tile order ends the game after two turns. */
START_TEST (test_after_the_end)
{
  Fixture f;
  g_autoptr (GVariant) placements = NULL;
  g_autoptr (GVariant) deployments = NULL;
  g_autofree char *active = NULL;
  g_autofree char *ptext = NULL, *dtext = NULL;

  fixture_setup (&f, NULL, "{'tile-order': <['B', 'U']>}", TRUE);
  place_first (f.a, f.game);
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Skip", NO_OPTIONS));
  place_first (f.b, f.game);
  g_variant_unref (call_ok (f.b, f.game, GAME_IFACE, "Skip", NO_OPTIONS));
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 3);
  active = active_player (f.a, f.game);
  ck_assert_str_eq (active, "/");
  for (guint i = 0; i < 2; i++)
    {
      GDBusConnection *c = i ? f.b : f.a;
      GAME_REFUSED (c, f.game, "Place", A ("(0, 1, uint32 0, @a{sv} {})"), E ("GameOver"));
      GAME_REFUSED (c, f.game, "Place", A ("(0, 0, uint32 4, {'x': <1>})"), E ("GameOver"));
      GAME_REFUSED (c, f.game, "Deploy", A ("('follower', uint32 0, @a{sv} {})"), E ("GameOver"));
      GAME_REFUSED (c, f.game, "Skip", NO_OPTIONS, E ("GameOver"));
      GAME_REFUSED (c, f.game, "AddBot", A ("('Bot', @a{sv} {})"), E ("AlreadyStarted"));
      GAME_REFUSED (c, f.game, "Start", NO_OPTIONS, E ("AlreadyStarted"));
    }
  GAME_REFUSED (f.x, f.game, "Place", A ("(0, 1, uint32 0, @a{sv} {})"), E ("NotSeated"));
  GAME_REFUSED (f.x, f.game, "Skip", NO_OPTIONS, E ("NotSeated"));
  GAME_REFUSED (f.x, f.game, "Join", A ("('Xan', @a{sv} {})"), E ("AlreadyStarted"));
  placements = call_ok (f.a, f.game, GAME_IFACE, "GetPlacements", NULL);
  deployments = call_ok (f.a, f.game, GAME_IFACE, "GetDeployments", NULL);
  ptext = g_variant_print (placements, TRUE);
  dtext = g_variant_print (deployments, TRUE);
  ck_assert_str_eq (ptext, "(@a(iiu) [],)");
  ck_assert_str_eq (dtext, "(@a(suuas) [],)");
  fixture_teardown (&f);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Game.xml: seats: GameFull, AlreadySeated ("one seat
 * per client per game"), AlreadyStarted, SeatsOpen, InvalidToken, NotSeated for Leave, and
 * who may AddBot and Start ("the creator and seated players": PermissionDenied). */
START_TEST (test_seat_refusals)
{
  Fixture f;
  g_autoptr (GDBusConnection) y = NULL;
  g_autofree char *other = NULL, *open = NULL;
  g_autofree char *tok = NULL, *p = NULL;

  fixture_setup (&f, NULL, "{}", FALSE);
  y = client_new ();
  GAME_REFUSED (f.x, f.game, "Join", A ("('Xan', @a{sv} {})"), E ("GameFull"));
  GAME_REFUSED (f.a, f.game, "AddBot", A ("('Bot', @a{sv} {})"), E ("GameFull"));
  GAME_REFUSED (f.x, f.game, "AddBot", A ("('Bot', @a{sv} {})"), E ("PermissionDenied"));
  GAME_REFUSED (f.x, f.game, "Start", NO_OPTIONS, E ("PermissionDenied"));
  GAME_REFUSED (f.x, f.game, "Leave", NO_OPTIONS, E ("NotSeated"));
  /* tokens: unknown, empty, or the caller's other seat */
  GAME_REFUSED (f.x, f.game, "Rejoin", A ("('0123456789abcdef0123456789abcdef',)"),
                E ("InvalidToken"));
  GAME_REFUSED (f.x, f.game, "Rejoin", A ("('',)"), E ("InvalidToken"));
  GAME_REFUSED (f.x, f.game, "Rejoin", g_variant_new ("(s)", f.ta + 1), E ("InvalidToken"));
  GAME_REFUSED (f.a, f.game, "Rejoin", g_variant_new ("(s)", f.tb), E ("AlreadySeated"));

  /* a game with a free seat: AlreadySeated for a second Join, SeatsOpen for Start */
  open = create_game (f.x, "{'players': <uint32 3>}");
  g_free (join_game (f.a, open, "Ann", &tok));
  g_clear_pointer (&tok, g_free);
  GAME_REFUSED (f.a, open, "Join", A ("('Ann again', @a{sv} {})"), E ("AlreadySeated"));
  GAME_REFUSED (f.x, open, "Start", NO_OPTIONS, E ("SeatsOpen"));
  GAME_REFUSED (f.a, open, "Start", NO_OPTIONS, E ("SeatsOpen"));
  GAME_REFUSED (y, open, "Start", NO_OPTIONS, E ("PermissionDenied"));
  /* a token is good for its own game only */
  GAME_REFUSED (y, open, "Rejoin", g_variant_new ("(s)", f.tb), E ("InvalidToken"));
  p = join_game (y, open, "Yan", &tok);
  g_variant_unref (call_ok (f.x, open, GAME_IFACE, "AddBot", A ("('Bot', @a{sv} {})")));
  GAME_REFUSED (y, open, "AddBot", A ("('Bot', @a{sv} {})"), E ("GameFull"));

  /* started: AlreadyStarted */
  g_variant_unref (call_ok (f.b, f.game, GAME_IFACE, "Start", NO_OPTIONS));
  GAME_REFUSED (f.x, f.game, "Join", A ("('Xan', @a{sv} {})"), E ("AlreadyStarted"));
  GAME_REFUSED (f.a, f.game, "Join", A ("('Ann', @a{sv} {})"), E ("AlreadyStarted"));
  GAME_REFUSED (f.a, f.game, "AddBot", A ("('Bot', @a{sv} {})"), E ("AlreadyStarted"));
  GAME_REFUSED (f.a, f.game, "Start", NO_OPTIONS, E ("AlreadyStarted"));
  GAME_REFUSED (f.b, f.game, "Start", NO_OPTIONS, E ("AlreadyStarted"));
  GAME_REFUSED (f.x, f.game, "Start", NO_OPTIONS, E ("PermissionDenied"));
  GAME_REFUSED (f.x, f.game, "Leave", NO_OPTIONS, E ("NotSeated"));
  GAME_REFUSED (f.x, f.game, "Rejoin", A ("('nope',)"), E ("InvalidToken"));
  fixture_teardown (&f);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Game.xml: "Delete: ... Creator only", "GetSeed: the
 * seed given to CreateGame, for the creator who gave it. Errors: PermissionDenied (another
 * caller, or no seed was given)". */
START_TEST (test_creator_only)
{
  Fixture f;
  g_autofree char *unseeded = NULL;
  g_autoptr (GVariant) seed = NULL;
  guint64 value;

  fixture_setup (&f, NULL, "{'seed': <uint64 4242>}", FALSE);
  GAME_REFUSED (f.b, f.game, "GetSeed", NO_OPTIONS, E ("PermissionDenied"));
  GAME_REFUSED (f.x, f.game, "GetSeed", NO_OPTIONS, E ("PermissionDenied"));
  GAME_REFUSED (f.b, f.game, "Delete", NO_OPTIONS, E ("PermissionDenied"));
  GAME_REFUSED (f.x, f.game, "Delete", NO_OPTIONS, E ("PermissionDenied"));
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "Start", NO_OPTIONS));
  GAME_REFUSED (f.b, f.game, "GetSeed", NO_OPTIONS, E ("PermissionDenied"));
  GAME_REFUSED (f.b, f.game, "Delete", NO_OPTIONS, E ("PermissionDenied"));
  seed = call_ok (f.a, f.game, GAME_IFACE, "GetSeed", NO_OPTIONS);
  g_variant_get (seed, "(t)", &value);
  ck_assert_uint_eq (value, 4242);

  unseeded = create_game (f.x, "{}");
  GAME_REFUSED (f.x, unseeded, "GetSeed", NO_OPTIONS, E ("PermissionDenied"));
  GAME_REFUSED (f.a, unseeded, "GetSeed", NO_OPTIONS, E ("PermissionDenied"));
  GAME_REFUSED (f.a, unseeded, "Delete", NO_OPTIONS, E ("PermissionDenied"));
  fixture_teardown (&f);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Manager.xml: LimitExceeded for the games per client
 * (--max-games-per-client) and in the daemon (--max-games); a refusal costs no game. */
START_TEST (test_game_limits)
{
  static const char *const args[] = { "--max-games-per-client", "3", "--max-games", "5", NULL };
  GPid pid = daemon_start (args);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  char *games[5];
  g_autofree char *again = NULL;

  for (guint i = 0; i < 3; i++)
    games[i] = create_game (a, "{}");
  REFUSED (a, games[0], ROOT_PATH, MANAGER_IFACE, "CreateGame", A ("(@a{sv} {},)"),
           E ("LimitExceeded"));
  /* the cap is per client */
  games[3] = create_game (b, "{}");
  games[4] = create_game (b, "{}");
  /* the daemon's cap */
  REFUSED (b, games[4], ROOT_PATH, MANAGER_IFACE, "CreateGame", A ("(@a{sv} {},)"),
           E ("LimitExceeded"));
  /* a deleted game frees a's place (and the daemon's) */
  g_variant_unref (call_ok (a, games[1], GAME_IFACE, "Delete", NO_OPTIONS));
  again = create_game (a, "{}");
  ck_assert_str_eq (again, ROOT_PATH "/game/6");
  REFUSED (a, games[0], ROOT_PATH, MANAGER_IFACE, "CreateGame", A ("(@a{sv} {},)"),
           E ("LimitExceeded"));
  for (guint i = 0; i < 5; i++)
    g_free (games[i]);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Game.xml: Join's LimitExceeded: the seats a client
 * holds over all games (--max-seats-per-client); a refused Rejoin leaves the seat with its
 * holder. */
START_TEST (test_seat_limits)
{
  static const char *const args[] = { "--max-seats-per-client", "2", NULL };
  GPid pid = daemon_start (args);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  char *games[3];
  g_autofree char *tb = NULL, *pb = NULL, *ta = NULL, *pa = NULL;
  g_autoptr (GVariant) connected = NULL;

  for (guint i = 0; i < 3; i++)
    games[i] = create_game (a, "{'players': <uint32 3>}");
  g_free (join_game (a, games[0], "Ann", &ta));
  g_free (ta);
  g_free (join_game (a, games[1], "Ann", &ta));
  g_free (ta);
  GAME_REFUSED (a, games[2], "Join", A ("('Ann', @a{sv} {})"), E ("LimitExceeded"));
  /* bots are nobody's seats */
  g_variant_unref (call_ok (a, games[2], GAME_IFACE, "AddBot", A ("('Bot', @a{sv} {})")));
  /* b's seat in game 2, and b's token taken by a, who is at the cap */
  pb = join_game (b, games[2], "Bob", &tb);
  GAME_REFUSED (a, games[2], "Rejoin", g_variant_new ("(s)", tb), E ("LimitExceeded"));
  connected = get_property (a, pb, PLAYER_IFACE, "Connected");
  ck_assert (g_variant_get_boolean (connected));
  g_variant_unref (call_ok (b, games[2], GAME_IFACE, "Leave", NO_OPTIONS));
  /* a leaves a seat: it may join again */
  g_variant_unref (call_ok (a, games[0], GAME_IFACE, "Leave", NO_OPTIONS));
  pa = join_game (a, games[2], "Ann", &ta);
  ck_assert_str_eq (pa, ROOT_PATH "/game/3/player/1");
  for (guint i = 0; i < 3; i++)
    g_free (games[i]);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static Suite *
errors_suite (void)
{
  Suite *s = suite_create ("daemon-errors");
  TCase *tc = tcase_create ("refusals");

  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_manager_signatures);
  tcase_add_test (tc, test_create_game_bad_options);
  tcase_add_test (tc, test_create_game_edges);
  tcase_add_test (tc, test_game_signatures);
  tcase_add_test (tc, test_join_bad_names_and_options);
  tcase_add_test (tc, test_properties);
  tcase_add_test (tc, test_unknown_methods);
  tcase_add_test (tc, test_unknown_paths);
  tcase_add_test (tc, test_check_order_waiting);
  tcase_add_test (tc, test_check_order_playing);
  tcase_add_test (tc, test_deployment_refusals);
  tcase_add_test (tc, test_after_the_end);
  tcase_add_test (tc, test_seat_refusals);
  tcase_add_test (tc, test_creator_only);
  tcase_add_test (tc, test_game_limits);
  tcase_add_test (tc, test_seat_limits);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (errors_suite ());
}
