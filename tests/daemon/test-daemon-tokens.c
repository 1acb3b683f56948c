/* test-daemon-tokens.c: tokens in the calls' options (issue 14, "seats usable from one-shot
 * tools") and tokens on the bus (issue 15, "Tokens on the bus"), against the real daemon.
 *
 * - A seat's token moves for the seat from any connection; the creator's token (returned by
 *   CreateGame and ImportGame) deletes, reads the seed and the record after the creator's
 *   connection is gone and after a restart of the daemon.
 * - A wrong token gets InvalidToken with its documented message and changes nothing; a
 *   token that is no string is InvalidArgs; a seat's token is no creator's.
 * - No signal (PropertiesChanged and InterfacesAdded included) and no property ever holds a
 *   token; a bus monitor does see the replies that hand them out (the documented hole).
 */
#include "config.h"

#include <check.h>
#include <string.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"

#define WRONG_TOKEN "0123456789abcdef0123456789abcdef"
#define INVALID_TOKEN_MESSAGE                                                                      \
  "The token is not valid for /org/carcassonne/Engine1/game/1 (not its creator's nor a seat's, "   \
  "or issued to another Unix user)"

/* The a{sv} with "token" @token (floating). */
static GVariant *
token_dict (const char *token)
{
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "token", g_variant_new_string (token));
  return g_variant_builder_end (&b);
}

/* The arguments of a method that takes only options: the token @token. */
static GVariant *
with_token (const char *token)
{
  return g_variant_new ("(@a{sv})", token_dict (token));
}

/* CreateGame by a connection of its own, closed at once; the game's path and the creator's
 * token. */
static char *
create_and_vanish (const char *options, char **token)
{
  GDBusConnection *c = client_new ();
  g_autoptr (GVariant) r
      = call_ok (c, ROOT_PATH, MANAGER_IFACE, "CreateGame", g_variant_new_parsed (options));
  char *game;

  g_variant_get (r, "(os)", &game, token);
  ck_assert_uint_eq (strlen (*token), 32);
  g_dbus_connection_close_sync (c, NULL, NULL);
  g_object_unref (c);
  return game;
}

/* Join by a connection of its own, closed at once; the seat's token. */
static char *
join_and_vanish (const char *game, const char *name)
{
  GDBusConnection *c = client_new ();
  g_autoptr (GVariant) r
      = call_ok (c, game, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", name, NULL));
  char *token;

  g_variant_get (r, "(&os)", NULL, &token);
  g_dbus_connection_close_sync (c, NULL, NULL);
  g_object_unref (c);
  return token;
}

static guint32
get_u (GDBusConnection *c, const char *game, const char *name)
{
  g_autoptr (GVariant) v = get_property (c, game, GAME_IFACE, name);
  return g_variant_get_uint32 (v);
}

static gboolean
game_listed (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) r = call_ok (c, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
  g_autofree const char **games = NULL;

  g_variant_get (r, "(^a&o)", &games);
  for (guint i = 0; games[i]; i++)
    if (g_str_equal (games[i], game))
      return TRUE;
  return FALSE;
}

/* @c calls @method with @args; refused with @name and exactly @message. */
static void
assert_error_message (GDBusConnection *c, const char *game, const char *method, GVariant *args,
                      const char *name, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r = call (c, game, GAME_IFACE, method, args, &error);
  g_autofree char *got = NULL;

  ck_assert_msg (r == NULL, "%s was not refused", method);
  got = g_dbus_error_get_remote_error (error);
  g_dbus_error_strip_remote_error (error);
  ck_assert_str_eq (got, name);
  ck_assert_str_eq (error->message, message);
}

/* dbus-game.md "Tokens": Delete, GetSeed and ExportRecord take the creator's token "also after
 * the creator left the bus"; a wrong one is InvalidToken and changes nothing; a seat's token
 * is no creator's (PermissionDenied). Before issue 14, a game created by a one-shot call could
 * never be deleted. */
START_TEST (test_creator_token_after_the_creator_left)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *creator = NULL;
  /* the bot holds its move for bot-delay's 10 s: it must not move while the refusals below
   * compare the state before and after (under load it did, between the two snapshots) */
  g_autofree char *game = create_and_vanish (
      "({'seed': <@t 5>, 'bots': <@u 1>, 'bot-delay': <@u 10000>},)", &creator);
  g_autofree char *seat = join_and_vanish (game, "Ann");
  guint64 seed;

  GAME_REFUSED (c, game, "Delete", NO_OPTIONS, E ("PermissionDenied"));
  GAME_REFUSED (c, game, "Delete", with_token (WRONG_TOKEN), E ("InvalidToken"));
  assert_error_message (c, game, "Delete", with_token (WRONG_TOKEN), E ("InvalidToken"),
                        INVALID_TOKEN_MESSAGE);
  GAME_REFUSED (c, game, "Delete", with_token (""), E ("InvalidToken"));
  GAME_REFUSED (c, game, "Delete", A ("({'token': <@u 1>},)"), E ("InvalidArgs"));
  GAME_REFUSED (c, game, "Delete", A ("({'force': <true>},)"), E ("InvalidArgs"));
  /* a seat's token is valid, but not the creator's */
  GAME_REFUSED (c, game, "Delete", with_token (seat), E ("PermissionDenied"));
  GAME_REFUSED (c, game, "GetSeed", with_token (seat), E ("PermissionDenied"));
  /* the creator's token: another key beside it is still InvalidArgs */
  {
    GVariantBuilder b;

    g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add (&b, "{sv}", "token", g_variant_new_string (creator));
    g_variant_builder_add (&b, "{sv}", "force", g_variant_new_boolean (TRUE));
    GAME_REFUSED (c, game, "Delete", g_variant_new ("(@a{sv})", g_variant_builder_end (&b)),
                  E ("InvalidArgs"));
  }
  {
    g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "GetSeed", with_token (creator));
    g_variant_get (r, "(t)", &seed);
    ck_assert_uint_eq (seed, 5);
  }
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", with_token (creator)));
  {
    /* the record tells the draw pile: the creator's while the game runs */
    g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "ExportRecord", with_token (creator));
    GAME_REFUSED (c, game, "ExportRecord", with_token (seat), E ("PermissionDenied"));
  }
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Delete", with_token (creator)));
  ck_assert (!game_listed (c, game));
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* dbus-game.md "Tokens": the creator's token is "kept across restarts of the daemon" (its
 * journal holds it); before issue 14 no game could be deleted after a restart. The seat's
 * token moves for it after the restart too. */
START_TEST (test_creator_token_after_a_restart)
{
  g_autofree char *dir = state_dir_new ();
  GPid pid = daemon_start_in (dir, NULL);
  g_autofree char *creator = NULL;
  g_autofree char *game = create_and_vanish ("({'seed': <@t 9>, 'bots': <@u 1>},)", &creator);
  g_autofree char *seat = join_and_vanish (game, "Ann");

  ck_assert_int_eq (daemon_stop (pid), 0);
  pid = daemon_start_in (dir, NULL);
  {
    g_autoptr (GDBusConnection) c = client_new ();
    g_autofree char *before = state_snapshot (c, game);
    g_autofree char *after = NULL;
    guint64 seed;

    ck_assert (game_listed (c, game));
    GAME_REFUSED (c, game, "Delete", with_token (WRONG_TOKEN), E ("InvalidToken"));
    GAME_REFUSED (c, game, "Delete", with_token (seat), E ("PermissionDenied"));
    {
      g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "GetSeed", with_token (creator));
      g_variant_get (r, "(t)", &seed);
      ck_assert_uint_eq (seed, 9);
    }
    after = state_snapshot (c, game);
    ck_assert_str_eq (before, after);
    g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", with_token (seat)));
    g_variant_unref (call_ok (c, game, GAME_IFACE, "Delete", with_token (creator)));
    ck_assert (!game_listed (c, game));
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
  /* the journal went with the game: nothing comes back */
  pid = daemon_start_in (dir, NULL);
  {
    g_autoptr (GDBusConnection) c = client_new ();
    ck_assert (!game_listed (c, game));
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
  remove_tree (dir);
}
END_TEST

/* The seat's first placement, as Place's arguments with the token @token. */
static GVariant *
first_place (GDBusConnection *c, const char *game, const char *token)
{
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "GetPlacements", NULL);
  g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
  gint32 x, y;
  guint32 rot;

  ck_assert (g_variant_n_children (list) > 0);
  g_variant_get_child (list, 0, "(iiu)", &x, &y, &rot);
  return g_variant_new ("(iiu@a{sv})", x, y, rot, token_dict (token));
}

/* issue 14: "a call carries its seat's token": every call a new connection, as gdbus call
 * makes them; the documented order of the checks (InvalidToken first, then who and when). */
START_TEST (test_seat_token_from_any_connection)
{
  GPid pid = daemon_start (NULL);
  g_autofree char *creator = NULL;
  g_autofree char *game = create_and_vanish ("({'seed': <@t 3>},)", &creator);
  g_autofree char *ann = join_and_vanish (game, "Ann");
  g_autofree char *bob = join_and_vanish (game, "Bob");
  g_autoptr (GDBusConnection) c = client_new ();

  /* waiting: a move by token is WrongPhase, as by the connection */
  GAME_REFUSED (c, game, "Skip", with_token (ann), E ("WrongPhase"));
  GAME_REFUSED (c, game, "Start", NO_OPTIONS, E ("PermissionDenied"));
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", with_token (bob)));
  ck_assert_uint_eq (get_u (c, game, "State"), 1);
  /* Ann is to move: Bob's token is NotYourTurn, no token NotSeated, a wrong one InvalidToken
   * (before the turn is looked at), a creator's token NotSeated (the creator holds no seat) */
  GAME_REFUSED (c, game, "Place", first_place (c, game, bob), E ("NotYourTurn"));
  GAME_REFUSED (c, game, "Place", first_place (c, game, creator), E ("NotSeated"));
  GAME_REFUSED (c, game, "Place", first_place (c, game, WRONG_TOKEN), E ("InvalidToken"));
  assert_error_message (c, game, "Skip", with_token (WRONG_TOKEN), E ("InvalidToken"),
                        INVALID_TOKEN_MESSAGE);
  GAME_REFUSED (c, game, "Skip", A ("({'token': <@as []>},)"), E ("InvalidArgs"));
  {
    /* the move, on a connection that closes right after */
    g_autoptr (GDBusConnection) once = client_new ();
    g_variant_unref (call_ok (once, game, GAME_IFACE, "Place", first_place (c, game, ann)));
  }
  GAME_REFUSED (c, game, "Pass", with_token (ann), E ("WrongPhase"));
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Skip", with_token (ann)));
  ck_assert_uint_eq (get_u (c, game, "Turn"), 2);
  GAME_REFUSED (c, game, "Place", first_place (c, game, ann), E ("NotYourTurn"));
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Place", first_place (c, game, bob)));
  /* nobody's connection holds a seat: the seats wait for their tokens */
  {
    g_autofree char *p0 = g_strdup_printf ("%s/player/0", game);
    g_autoptr (GVariant) connected = get_property (c, p0, PLAYER_IFACE, "Connected");
    ck_assert (!g_variant_get_boolean (connected));
  }
  /* Leave by token: the bot plays Bob's seat, and the token stops working */
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Leave", with_token (bob)));
  /* (the bot finishes Bob's turn first: the refusal below must find the game at rest) */
  WAIT_FOR (get_u (c, game, "Turn") == 3);
  GAME_REFUSED (c, game, "Leave", with_token (bob), E ("InvalidToken"));
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Delete", with_token (creator)));
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* dbus-game.md "Removal": a game over that nobody's connection holds is kept when tokens
 * played it, so the one-shot tool that ended it can still export it (before, it was removed
 * at once and ExportRecord by the creator's token was UnknownObject). An empty tile-order
 * makes the game over at its Start. */
START_TEST (test_over_game_played_by_tokens_stays)
{
  GPid pid = daemon_start (NULL);
  g_autofree char *creator = NULL;
  g_autofree char *game
      = create_and_vanish ("({'seed': <@t 3>, 'tile-order': <@as []>},)", &creator);
  g_autofree char *ann = join_and_vanish (game, "Ann");
  g_autofree char *bob = join_and_vanish (game, "Bob");
  g_autoptr (GDBusConnection) c = client_new ();

  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", with_token (ann)));
  ck_assert_uint_eq (get_u (c, game, "State"), 3);
  g_usleep (200 * 1000 * test_time_scale ());
  ck_assert (game_listed (c, game));
  {
    g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "ExportRecord", with_token (creator));
    g_autofree char *record = NULL;

    g_variant_get (r, "(s)", &record);
    ck_assert_ptr_nonnull (strstr (record, "\"players\":2"));
  }
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Delete", with_token (creator)));
  ck_assert (!game_listed (c, game));
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* What a bus monitor saw: every message, printed, and apart the signals. */
typedef struct
{
  GMutex lock;
  GString *signals;
  GString *replies;
  guint n_signals;
  const char *self;
  gboolean done; /* the test has read it all: the filter records nothing more */
} Seen;

static GDBusMessage *
monitor_filter (GDBusConnection *c, GDBusMessage *message, gboolean incoming, gpointer data)
{
  Seen *seen = data;
  GDBusMessageType type = g_dbus_message_get_message_type (message);
  g_autofree char *text = NULL;

  if (!incoming || g_strcmp0 (g_dbus_message_get_destination (message), seen->self) == 0)
    return message; /* our own calls and their replies */
  text = g_dbus_message_print (message, 0);
  g_mutex_lock (&seen->lock);
  if (!seen->done && type == G_DBUS_MESSAGE_TYPE_SIGNAL)
    {
      g_string_append (seen->signals, text);
      seen->n_signals++;
    }
  else if (!seen->done && type == G_DBUS_MESSAGE_TYPE_METHOD_RETURN)
    g_string_append (seen->replies, text);
  g_mutex_unlock (&seen->lock);
  g_object_unref (message);
  return NULL; /* a monitor may not answer */
}

static gboolean
seen_has (Seen *seen, const char *text)
{
  gboolean found;

  g_mutex_lock (&seen->lock);
  found = strstr (seen->signals->str, text) != NULL;
  g_mutex_unlock (&seen->lock);
  return found;
}

/* A connection that monitors the whole bus (BecomeMonitor), into @seen. */
static GDBusConnection *
monitor_new (Seen *seen)
{
  GDBusConnection *m = client_new ();

  seen->self = g_dbus_connection_get_unique_name (m);
  g_dbus_connection_add_filter (m, monitor_filter, seen, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r = g_dbus_connection_call_sync (
      m, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.Monitoring",
      "BecomeMonitor", g_variant_new ("(asu)", NULL, 0), NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL,
      &error);

  ck_assert_msg (r != NULL, "BecomeMonitor: %s", error ? error->message : "");
  return m;
}

/* @text holds none of @tokens. */
static void
assert_no_token (const char *what, const char *text, char **tokens)
{
  for (guint i = 0; tokens[i]; i++)
    ck_assert_msg (strstr (text, tokens[i]) == NULL, "%s holds token %s", what, tokens[i]);
}

/* issue 15: tokens "never in a signal": a monitor sees every signal of a game played and
 * restarted by tokens (TurnStarted..., PropertiesChanged, InterfacesAdded of the players) and
 * none holds a token, nor does any property; but it does see Join's and CreateGame's replies
 * (dbus-game.md "Tokens": on the session bus any process of the user can). */
START_TEST (test_no_token_in_signals)
{
  GPid pid = daemon_start (NULL);
  Seen seen = { .signals = g_string_new (NULL), .replies = g_string_new (NULL) };
  g_autoptr (GDBusConnection) m = monitor_new (&seen);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autoptr (GDBusConnection) d = client_new ();
  g_auto (GStrv) tokens = g_new0 (char *, 4);
  g_autofree char *game = NULL;
  g_autofree char *snapshot = NULL;
  const char *ann;

  {
    g_autoptr (GVariant) r
        = call_ok (c, ROOT_PATH, MANAGER_IFACE, "CreateGame", A ("({'seed': <@t 4>},)"));
    g_variant_get (r, "(os)", &game, &tokens[0]);
  }
  {
    g_autoptr (GVariant) r
        = call_ok (c, game, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", "Ann", NULL));
    g_variant_get (r, "(&os)", NULL, &tokens[1]);
  }
  {
    g_autoptr (GVariant) r
        = call_ok (d, game, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", "Bob", NULL));
    g_variant_get (r, "(&os)", NULL, &tokens[2]);
  }
  ann = tokens[1];
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  /* moves by token and by connection, a Rejoin, a Leave: every kind of seat change */
  g_variant_unref (call_ok (d, game, GAME_IFACE, "Place", first_place (d, game, ann)));
  g_variant_unref (call_ok (d, game, GAME_IFACE, "Skip", with_token (ann)));
  {
    g_autoptr (GDBusConnection) e = client_new ();
    g_variant_unref (call_ok (e, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", tokens[2])));
    g_variant_unref (call_ok (e, game, GAME_IFACE, "Leave", NO_OPTIONS));
  }
  WAIT_FOR (get_u (d, game, "Turn") >= 3);
  /* every property of every object, read after it all */
  snapshot = daemon_snapshot (d);
  assert_no_token ("the daemon's objects and properties", snapshot, tokens);
  g_variant_unref (call_ok (d, game, GAME_IFACE, "Delete", with_token (tokens[0])));
  /* the game's last signal: the monitor gets the daemon's messages in order, so it has seen
   * every signal before it */
  WAIT_FOR (seen_has (&seen, "InterfacesRemoved"));
  g_mutex_lock (&seen.lock);
  ck_assert_uint_gt (seen.n_signals, 20);
  ck_assert (strstr (seen.signals->str, "InterfacesAdded") != NULL);
  ck_assert (strstr (seen.signals->str, "PropertiesChanged") != NULL);
  ck_assert (strstr (seen.signals->str, "TurnStarted") != NULL);
  assert_no_token ("a signal", seen.signals->str, tokens);
  /* the monitor works: it saw the replies that handed the tokens out */
  for (guint i = 0; tokens[i]; i++)
    ck_assert_msg (strstr (seen.replies->str, tokens[i]) != NULL, "the monitor missed token %u", i);
  /* the filter runs in GDBus's worker thread: it must see nothing more before seen goes */
  seen.done = TRUE;
  g_mutex_unlock (&seen.lock);
  g_dbus_connection_close_sync (m, NULL, NULL);
  ck_assert_int_eq (daemon_stop (pid), 0);
  g_string_free (seen.signals, TRUE);
  g_string_free (seen.replies, TRUE);
}
END_TEST

static Suite *
tokens_suite (void)
{
  Suite *s = suite_create ("daemon-tokens");
  TCase *tc = tcase_create ("tokens");

  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_creator_token_after_the_creator_left);
  tcase_add_test (tc, test_creator_token_after_a_restart);
  tcase_add_test (tc, test_seat_token_from_any_connection);
  tcase_add_test (tc, test_over_game_played_by_tokens_stays);
  tcase_add_test (tc, test_no_token_in_signals);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (tokens_suite ());
}
