/* snapshot-query.c: Game.GetSnapshot (doc/dbus-game.md, "Joining a game in progress").
 *
 * One reply holds the game's properties, its players', the board and the caller's hand, all
 * read at one moment, and the sequence number of the last signal sent before it: a client
 * applies the signals with greater numbers only. The daemon runs one thing at a time and a
 * move's signals all go out before the next call is read, so nothing is half done here.
 */
#include "config.h"

#include "commit.h"
#include "snapshot-query.h"

#include "board-query.h"
#include "caller.h"
#include "cdbus.h"
#include "dbus-args.h"
#include "errors.h"
#include "session.h"

typedef struct
{
  CarcdSession *session;
  CarcdSeat *seat; /* the caller's, or NULL */
} Snapshot;

/* a(oa{sv}): every taken seat's Player object and its properties. */
static gboolean
append_players (DBusMessageIter *it, CarcdSession *s)
{
  DBusConnection *c = s->daemon->connection;
  DBusMessageIter array, st;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(oa{sv})", &array);

  for (guint i = 0; ok && i < s->options.players; i++)
    {
      const char *path;

      if (s->seats[i] == NULL)
        continue;
      path = s->seats[i]->path;
      ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_OBJECT_PATH, &path)
           && cdbus_append_properties (c, path, CARCD_PLAYER_INTERFACE, &st)
           && dbus_message_iter_close_container (&array, &st);
    }
  return ok && dbus_message_iter_close_container (it, &array);
}

/* as: the tile ids of @seat's hand (none without a seat). */
static gboolean
append_hand (DBusMessageIter *it, CarcdSession *s, CarcdSeat *seat)
{
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();

  for (guint i = 0; seat && s->game && i < carc_game_get_hand_size (s->game, seat->index); i++)
    g_ptr_array_add (
        ids, (gpointer)carc_tile_type_get_id (carc_game_get_hand_piece (s->game, seat->index, i)));
  return carcd_append_string_array (it, (const char *const *)ids->pdata, ids->len);
}

static gboolean
append_snapshot (DBusMessageIter *it, gpointer data)
{
  Snapshot *snap = data;
  CarcdSession *s = snap->session;
  dbus_uint64_t sequence = s->sequence;

  return dbus_message_iter_append_basic (it, DBUS_TYPE_UINT64, &sequence)
         && cdbus_append_properties (s->daemon->connection, s->path, CARCD_GAME_INTERFACE, it)
         && append_players (it, s) && carcd_append_pieces (s, it)
         && append_hand (it, s, snap->seat);
}

DBusMessage *
carcd_game_get_snapshot (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  CarcdSession *s = session;
  g_autoptr (GError) error = NULL;
  CarcdCaller caller;
  Snapshot snap = { s, NULL };

  if (!carcd_caller_identify_only_token (msg, s, "GetSnapshot", &caller, &error))
    return carcd_error_reply (msg, error);
  snap.seat = caller.seat;
  /* moves not on disk yet hold signals that have no numbers yet: the snapshot would hold
   * their pieces under a number before theirs. They land first (a failed flush undoes them),
   * as for a seat change; then the changes marked but not sent go out, with their numbers: the
   * snapshot's number is then the last of everything sent before it */
  carcd_commit_run (s->daemon);
  cdbus_flush (c);
  return carcd_reply_with (msg, append_snapshot, &snap);
}
