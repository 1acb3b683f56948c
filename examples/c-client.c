/* c-client.c: a whole game against carcassonned's bot, on plain libdbus-1.
 *
 * Usage: c-client [SEED]      (carcassonned must be running on the session bus)
 *
 * Creates a seeded game for two with one bot seat, joins it and starts it, then waits for
 * the game's signals with blocking reads: on each TurnStarted that names its own seat it
 * places the tile at the first legal placement and deploys no follower. At GameOver it
 * prints the final scores. Every call is blocking (dbus_connection_send_with_reply_and_block);
 * signals that arrive meanwhile wait in the connection's incoming queue.
 *
 * Exit status: 0 if the game ended (State 3) with the Scores property equal to GameOver's
 * scores, 1 otherwise.
 */
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define BUS_NAME      "org.carcassonne.Engine1"
#define MANAGER_PATH  "/org/carcassonne/Engine1"
#define MANAGER_IFACE "org.carcassonne.Engine1.Manager"
#define GAME_IFACE    "org.carcassonne.Engine1.Game"
#define PLAYER_IFACE  "org.carcassonne.Engine1.Player"
#define PROPS_IFACE   "org.freedesktop.DBus.Properties"
#define STATE_OVER    3
#define MAX_SEATS     6
#define TIMEOUT_MS    10000

static void
die (const char *what, DBusError *error)
{
  fprintf (stderr, "c-client: %s: %s%s%s\n", what, error ? error->name : "out of memory",
           error ? ": " : "", error ? error->message : "");
  exit (1);
}

/* Sends @msg (consumed) and returns the reply; exits on an error reply. */
static DBusMessage *
call (DBusConnection *bus, DBusMessage *msg)
{
  DBusError error = DBUS_ERROR_INIT;
  DBusMessage *reply = dbus_connection_send_with_reply_and_block (bus, msg, TIMEOUT_MS, &error);

  if (reply == NULL)
    die (dbus_message_get_member (msg), &error);
  dbus_message_unref (msg);
  return reply;
}

static DBusMessage *
method_new (const char *path, const char *iface, const char *method)
{
  DBusMessage *msg = dbus_message_new_method_call (BUS_NAME, path, iface, method);

  if (msg == NULL)
    die ("message", NULL);
  return msg;
}

/* Appends one "key": <value> entry to an a{sv} being written. */
static void
append_option (DBusMessageIter *dict, const char *key, int type, const void *value)
{
  DBusMessageIter entry, variant;
  const char signature[2] = { (char)type, '\0' };

  if (!dbus_message_iter_open_container (dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
      || !dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key)
      || !dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, signature, &variant)
      || !dbus_message_iter_append_basic (&variant, type, value)
      || !dbus_message_iter_close_container (&entry, &variant)
      || !dbus_message_iter_close_container (dict, &entry))
    die ("message", NULL);
}

/* Appends an empty a{sv}: the options of Join, Start, the moves and Delete. A client that
 * stays connected needs none; a one-shot tool would put its seat's "token" there. */
static void
append_no_options (DBusMessageIter *args)
{
  DBusMessageIter dict;

  if (!dbus_message_iter_open_container (args, DBUS_TYPE_ARRAY, "{sv}", &dict)
      || !dbus_message_iter_close_container (args, &dict))
    die ("message", NULL);
}

/* A call of @method, which takes only options (Start, Skip, Delete), with none. */
static DBusMessage *
no_options_method_new (const char *path, const char *iface, const char *method)
{
  DBusMessage *msg = method_new (path, iface, method);
  DBusMessageIter args;

  dbus_message_iter_init_append (msg, &args);
  append_no_options (&args);
  return msg;
}

/* Reads an array of uint32 (au) at @it into @out; returns how many there were. */
static int
read_uints (DBusMessageIter *it, dbus_uint32_t *out, int max)
{
  DBusMessageIter array;
  int n = 0;

  dbus_message_iter_recurse (it, &array);
  while (dbus_message_iter_get_arg_type (&array) == DBUS_TYPE_UINT32 && n < max)
    {
      dbus_message_iter_get_basic (&array, &out[n++]);
      dbus_message_iter_next (&array);
    }
  return n;
}

/* Calls Properties.Get and leaves @value inside the returned reply's variant, on a value of
 * D-Bus @type. */
static DBusMessage *
get_property (DBusConnection *bus, const char *path, const char *iface, const char *name, int type,
              DBusMessageIter *value)
{
  DBusMessage *msg = method_new (path, PROPS_IFACE, "Get");
  DBusMessage *reply;
  DBusMessageIter args;

  if (!dbus_message_append_args (msg, DBUS_TYPE_STRING, &iface, DBUS_TYPE_STRING, &name,
                                 DBUS_TYPE_INVALID))
    die ("message", NULL);
  reply = call (bus, msg);
  dbus_message_iter_init (reply, &args);
  dbus_message_iter_recurse (&args, value);
  if (dbus_message_iter_get_arg_type (value) != type)
    {
      fprintf (stderr, "c-client: property %s is of type %c, not %c\n", name,
               dbus_message_iter_get_arg_type (value), type);
      exit (1);
    }
  return reply;
}

static char *
create_game (DBusConnection *bus, dbus_uint64_t seed)
{
  DBusMessage *msg = method_new (MANAGER_PATH, MANAGER_IFACE, "CreateGame");
  DBusMessage *reply;
  DBusMessageIter args, dict;
  DBusError error = DBUS_ERROR_INIT;
  dbus_uint32_t players = 2, bots = 1;
  const char *path, *token, *name = "c-client";
  char *game;

  /* the options are a{sv}: each value in a variant of its own type ("players" is u) */
  dbus_message_iter_init_append (msg, &args);
  if (!dbus_message_iter_open_container (&args, DBUS_TYPE_ARRAY, "{sv}", &dict))
    die ("message", NULL);
  append_option (&dict, "players", DBUS_TYPE_UINT32, &players);
  append_option (&dict, "bots", DBUS_TYPE_UINT32, &bots); /* the bot takes seat 0 */
  append_option (&dict, "seed", DBUS_TYPE_UINT64, &seed);
  append_option (&dict, "name", DBUS_TYPE_STRING, &name);
  if (!dbus_message_iter_close_container (&args, &dict))
    die ("message", NULL);
  reply = call (bus, msg);
  /* the game and the creator's token: this connection stays, so it needs no token */
  if (!dbus_message_get_args (reply, &error, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_STRING, &token,
                              DBUS_TYPE_INVALID))
    die ("CreateGame", &error);
  game = strdup (path);
  dbus_message_unref (reply);
  return game;
}

static char *
join (DBusConnection *bus, const char *game, const char *name)
{
  DBusMessage *msg = method_new (game, GAME_IFACE, "Join");
  DBusMessage *reply;
  DBusMessageIter args;
  DBusError error = DBUS_ERROR_INIT;
  const char *player, *token;
  char *me;

  dbus_message_iter_init_append (msg, &args);
  if (!dbus_message_iter_append_basic (&args, DBUS_TYPE_STRING, &name))
    die ("message", NULL);
  append_no_options (&args);
  reply = call (bus, msg);
  /* the token would take the seat back after a disconnect; this client stays connected */
  if (!dbus_message_get_args (reply, &error, DBUS_TYPE_OBJECT_PATH, &player, DBUS_TYPE_STRING,
                              &token, DBUS_TYPE_INVALID))
    die ("Join", &error);
  me = strdup (player);
  dbus_message_unref (reply);
  return me;
}

/* Our turn: the first legal placement, then no follower. */
static void
play_turn (DBusConnection *bus, const char *game, dbus_uint32_t turn, const char *tile)
{
  DBusMessage *msg = method_new (game, GAME_IFACE, "GetPlacements");
  DBusMessage *reply = call (bus, msg);
  DBusMessageIter args, array, placement;
  dbus_int32_t x, y;
  dbus_uint32_t rotation;

  /* a(iiu): every legal (x, y, rotation); never empty on our turn, as the daemon discards
   * tiles that fit nowhere */
  dbus_message_iter_init (reply, &args);
  dbus_message_iter_recurse (&args, &array);
  if (dbus_message_iter_get_arg_type (&array) != DBUS_TYPE_STRUCT)
    {
      fprintf (stderr, "c-client: turn %u: no placement for tile %s\n", turn, tile);
      exit (1);
    }
  dbus_message_iter_recurse (&array, &placement);
  dbus_message_iter_get_basic (&placement, &x);
  dbus_message_iter_next (&placement);
  dbus_message_iter_get_basic (&placement, &y);
  dbus_message_iter_next (&placement);
  dbus_message_iter_get_basic (&placement, &rotation);
  dbus_message_unref (reply);

  msg = method_new (game, GAME_IFACE, "Place");
  dbus_message_iter_init_append (msg, &args);
  if (!dbus_message_iter_append_basic (&args, DBUS_TYPE_INT32, &x)
      || !dbus_message_iter_append_basic (&args, DBUS_TYPE_INT32, &y)
      || !dbus_message_iter_append_basic (&args, DBUS_TYPE_UINT32, &rotation))
    die ("message", NULL);
  append_no_options (&args);
  dbus_message_unref (call (bus, msg));

  /* no follower: Skip ends the turn */
  dbus_message_unref (call (bus, no_options_method_new (game, GAME_IFACE, "Skip")));
  printf ("turn %u: tile %s at (%d, %d) rotation %u\n", turn, tile, x, y, rotation);
}

/* Waits for the game's signals and plays our turns until GameOver; returns its scores. */
static int
play_game (DBusConnection *bus, const char *game, const char *me, dbus_uint32_t *scores)
{
  for (;;)
    {
      DBusMessage *msg = dbus_connection_pop_message (bus);
      DBusError error = DBUS_ERROR_INIT;
      dbus_uint32_t turn, left;
      const char *player, *tile;

      if (msg == NULL)
        {
          /* nothing queued: block until the bus sends something */
          if (!dbus_connection_read_write (bus, -1))
            {
              fprintf (stderr, "c-client: disconnected from the bus\n");
              exit (1);
            }
          continue;
        }
      if (dbus_message_is_signal (msg, GAME_IFACE, "TurnStarted")
          && dbus_message_has_path (msg, game))
        {
          if (!dbus_message_get_args (msg, &error, DBUS_TYPE_UINT32, &turn, DBUS_TYPE_OBJECT_PATH,
                                      &player, DBUS_TYPE_STRING, &tile, DBUS_TYPE_UINT32, &left,
                                      DBUS_TYPE_INVALID))
            die ("TurnStarted", &error);
          if (strcmp (player, me) == 0)
            play_turn (bus, game, turn, tile);
        }
      else if (dbus_message_is_signal (msg, GAME_IFACE, "GameOver")
               && dbus_message_has_path (msg, game))
        {
          DBusMessageIter args;
          int n;

          dbus_message_iter_init (msg, &args);
          n = read_uints (&args, scores, MAX_SEATS);
          dbus_message_unref (msg);
          return n;
        }
      dbus_message_unref (msg);
    }
}

int
main (int argc, char **argv)
{
  DBusError error = DBUS_ERROR_INIT;
  DBusConnection *bus;
  DBusMessage *reply;
  DBusMessageIter value, players;
  dbus_uint64_t seed = argc > 1 ? strtoull (argv[1], NULL, 10) : 1;
  dbus_uint32_t over_scores[MAX_SEATS], scores[MAX_SEATS], state;
  char *game, *me, rule[256];
  int n, ok;

  alarm (120); /* a guard for tests: a game that does not end kills the client */
  bus = dbus_bus_get (DBUS_BUS_SESSION, &error);
  if (bus == NULL)
    die ("session bus", &error);

  game = create_game (bus, seed);
  printf ("game %s\n", game);
  me = join (bus, game, "C client");
  printf ("we are %s\n", me);

  /* Subscribe to the game's signals before Start, so that none is missed. The bus delivers
   * them into the connection's incoming queue, read by play_game(). */
  snprintf (rule, sizeof rule, "type='signal',sender='%s',interface='%s',path='%s'", BUS_NAME,
            GAME_IFACE, game);
  dbus_bus_add_match (bus, rule, &error);
  if (dbus_error_is_set (&error))
    die ("AddMatch", &error);
  dbus_message_unref (call (bus, no_options_method_new (game, GAME_IFACE, "Start")));

  n = play_game (bus, game, me, over_scores);

  /* the properties, read after the end, must say the same as the GameOver signal */
  reply = get_property (bus, game, GAME_IFACE, "State", DBUS_TYPE_UINT32, &value);
  dbus_message_iter_get_basic (&value, &state);
  dbus_message_unref (reply);
  reply = get_property (bus, game, GAME_IFACE, "Scores", DBUS_TYPE_ARRAY, &value);
  ok = state == STATE_OVER && read_uints (&value, scores, MAX_SEATS) == n
       && memcmp (scores, over_scores, (size_t)n * sizeof scores[0]) == 0;
  dbus_message_unref (reply);

  printf ("final scores:");
  reply = get_property (bus, game, GAME_IFACE, "Players", DBUS_TYPE_ARRAY, &players);
  dbus_message_iter_recurse (&players, &value);
  for (int i = 0; i < n && dbus_message_iter_get_arg_type (&value) == DBUS_TYPE_OBJECT_PATH;
       i++, dbus_message_iter_next (&value))
    {
      const char *path, *name;
      DBusMessageIter name_value;
      DBusMessage *name_reply;

      dbus_message_iter_get_basic (&value, &path);
      name_reply = get_property (bus, path, PLAYER_IFACE, "Name", DBUS_TYPE_STRING, &name_value);
      dbus_message_iter_get_basic (&name_value, &name);
      printf ("%s %s %u", i ? "," : "", name, scores[i]);
      dbus_message_unref (name_reply);
    }
  printf ("\n");
  dbus_message_unref (reply);
  if (!ok)
    fprintf (stderr, "c-client: State %u, or the Scores property differs from GameOver's\n", state);

  /* we created the game, so we may delete it */
  dbus_message_unref (call (bus, no_options_method_new (game, GAME_IFACE, "Delete")));
  free (me);
  free (game);
  dbus_connection_unref (bus);
  return ok ? 0 : 1;
}
