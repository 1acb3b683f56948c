/* player-object.c: the org.carcassonne.Engine1.Player interface of a seat. */
#include "config.h"

#include "cdbus.h"
#include "session.h"

static const char *const colours[CARC_MAX_PLAYERS]
    = { "red", "blue", "yellow", "green", "black", "grey" };

static gboolean
append_string (DBusMessageIter *it, const char *s)
{
  return dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &s);
}

static gboolean
append_uint (DBusMessageIter *it, guint value)
{
  dbus_uint32_t v = value;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_UINT32, &v);
}

static gboolean
append_bool (DBusMessageIter *it, gboolean value)
{
  dbus_bool_t v = value;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_BOOLEAN, &v);
}

static gboolean
get_name (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  return append_string (it, seat->name);
}

static gboolean
get_colour (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  return append_string (it, colours[seat->index]);
}

static gboolean
get_seat (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  return append_uint (it, seat->index);
}

static gboolean
get_game (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  const char *path = seat->session->path;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_OBJECT_PATH, &path);
}

static gboolean
get_score (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  CarcGame *game = seat->session->game;
  return append_uint (it, game ? carc_game_get_score (game, seat->index) : 0);
}

static gboolean
get_followers (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  CarcGame *game = seat->session->game;
  return append_uint (it, game ? carc_game_get_supply (game, seat->index)
                               : seat->session->options.followers);
}

static gboolean
append_figure (DBusMessageIter *dict, const char *name, guint supply)
{
  DBusMessageIter entry;
  dbus_uint32_t u = supply;
  return dbus_message_iter_open_container (dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
         && dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &name)
         && dbus_message_iter_append_basic (&entry, DBUS_TYPE_UINT32, &u)
         && dbus_message_iter_close_container (dict, &entry);
}

/* Figures: every figure kind of the game, in the game's order (the follower first), with the
 * seat's supply; before the game starts, the supplies it will start with unless an
 * expansion's setup changes them. */
static gboolean
get_figures (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  CarcGame *game = seat->session->game;
  const CarcdGameOptions *o = &seat->session->options;
  DBusMessageIter dict;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "{su}", &dict);
  if (game)
    for (guint k = 0; ok && k < carc_game_get_n_figures (game); k++)
      ok = append_figure (&dict, carc_game_get_figure_name (game, k),
                          carc_game_get_figure_supply (game, k, seat->index));
  else
    {
      ok = ok && append_figure (&dict, "follower", o->followers);
      for (guint i = 0; ok && i < o->n_expansions; i++)
        for (guint k = 0; ok && k < carc_plugin_get_n_figures (o->expansions[i].plugin); k++)
          ok = append_figure (&dict, carc_plugin_get_figure_name (o->expansions[i].plugin, k),
                              carc_plugin_get_figure_supply (o->expansions[i].plugin, k));
    }
  return ok && dbus_message_iter_close_container (it, &dict);
}

static gboolean
get_bot (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  return append_bool (it, seat->bot != NULL);
}

static gboolean
get_strategy (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  return append_string (it, seat->strategy ? seat->strategy : "");
}

static gboolean
get_connected (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  return append_bool (it, seat->bot != NULL || seat->owner != NULL);
}

static gboolean
get_hand_size (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  CarcGame *game = seat->session->game;
  return append_uint (it, game ? carc_game_get_hand_size (game, seat->index) : 0);
}

static gboolean
get_sequence (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = data;
  dbus_uint64_t sequence = seat->session->sequence;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_UINT64, &sequence);
}

/* A Player's PropertiesChanged takes the next number of its game's sequence. */
static void
number_changes (gpointer data)
{
  CarcdSeat *seat = data;
  carcd_session_number_changes (seat->session);
}

static const CdbusProperty player_properties[] = {
  { "Name", "s", get_name, CDBUS_PROPERTY_CONST },
  { "Colour", "s", get_colour, CDBUS_PROPERTY_CONST },
  { "Seat", "u", get_seat, CDBUS_PROPERTY_CONST },
  { "Game", "o", get_game, CDBUS_PROPERTY_CONST },
  { "Score", "u", get_score, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Followers", "u", get_followers, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Figures", "a{su}", get_figures, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Bot", "b", get_bot, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Strategy", "s", get_strategy, CDBUS_PROPERTY_CONST },
  { "Connected", "b", get_connected, CDBUS_PROPERTY_EMITS_CHANGED },
  { "HandSize", "u", get_hand_size, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Sequence", "t", get_sequence, CDBUS_PROPERTY_EVERY_CHANGE },
  { NULL },
};

static const CdbusInterface player_interface = {
  CARCD_PLAYER_INTERFACE, NULL, NULL, player_properties, number_changes,
};

gboolean
carcd_player_object_register (CarcdSeat *seat)
{
  return cdbus_register_interface (seat->session->daemon->connection, seat->path, &player_interface,
                                   seat, NULL);
}

void
carcd_player_object_unregister (CarcdSeat *seat)
{
  cdbus_unregister_interface (seat->session->daemon->connection, seat->path,
                              CARCD_PLAYER_INTERFACE);
}
