/* hand-query.c: the replies about hands.
 *
 * Hands are hidden information: a hand's pieces, and where they could go, are shown to the
 * client holding the seat only, unless the game's hands are open (an expansion's setup says
 * so). How many pieces a hand holds is public (Player.HandSize).
 */
#include "config.h"

#include "hand-query.h"

#include "caller.h"
#include "dbus-args.h"
#include "errors.h"

static gboolean
append_ids (DBusMessageIter *it, gpointer data)
{
  GPtrArray *ids = data;
  return carcd_append_string_array (it, (const char *const *)ids->pdata, ids->len);
}

DBusMessage *
carcd_game_get_hand (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  CarcdSession *s = session;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  const char *path;
  CarcdSeat *seat;
  CarcdCaller caller;

  dbus_message_get_args (msg, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
  if (!carcd_caller_identify_only_token (msg, s, "GetHand", &caller, &error)
      || !(seat = carcd_session_seat_at (s, path, &error))
      || !carcd_session_check_hand_visible (s, &caller, seat, &error))
    return carcd_error_reply (msg, error);
  for (guint i = 0; s->game && i < carc_game_get_hand_size (s->game, seat->index); i++)
    g_ptr_array_add (
        ids, (gpointer)carc_tile_type_get_id (carc_game_get_hand_piece (s->game, seat->index, i)));
  return carcd_reply_with (msg, append_ids, ids);
}

typedef struct
{
  const CarcPlacement *placements;
  guint n;
} Placements;

static gboolean
append_placements (DBusMessageIter *it, gpointer data)
{
  Placements *p = data;
  return carcd_append_placements (it, p->placements, p->n);
}

DBusMessage *
carcd_game_get_piece_placements (DBusConnection *c, DBusMessage *msg, gpointer session)
{
  CarcdSession *s = session;
  g_autoptr (GError) error = NULL;
  Placements p = { NULL, 0 };
  dbus_uint32_t index;
  CarcdSeat *seat;
  CarcdCaller caller;

  dbus_message_get_args (msg, NULL, DBUS_TYPE_UINT32, &index, DBUS_TYPE_INVALID);
  /* where a piece can go tells what it is: only for the active player's own hand */
  if (!carcd_caller_identify_only_token (msg, s, "GetPiecePlacements", &caller, &error)
      || !(seat = carcd_session_seated (s, &caller, &error))
      || !carcd_session_check_turn (s, seat, &error))
    return carcd_error_reply (msg, error);
  if (carcd_session_get_state (s) == CARCD_STATE_CHOOSING)
    {
      guint size = carc_game_get_hand_size (s->game, seat->index);

      if (index >= size)
        return carcd_error (msg, CARCD_ERROR_NO_PIECE,
                            "The hand of seat %u holds %u piece%s, not %u", seat->index, size,
                            size == 1 ? "" : "s", index + 1);
      p.placements = carc_game_get_piece_placements (s->game, index, &p.n);
    }
  return carcd_reply_with (msg, append_placements, &p);
}
