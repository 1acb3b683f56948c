/* bus.h: carcassonnectl's D-Bus calls on libdbus-1, with arguments and replies as GVariant
 * (D-Bus and GVariant share their type strings), and errors as GError. */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

G_BEGIN_DECLS

#define CTL_BUS_NAME      "org.carcassonne.Engine1"
#define CTL_MANAGER_PATH  "/org/carcassonne/Engine1"
#define CTL_GAME_PREFIX   "/org/carcassonne/Engine1/game/"
#define CTL_IFACE_MANAGER "org.carcassonne.Engine1.Manager"
#define CTL_IFACE_GAME    "org.carcassonne.Engine1.Game"
#define CTL_IFACE_PLAYER  "org.carcassonne.Engine1.Player"
#define CTL_IFACE_PROPS   "org.freedesktop.DBus.Properties"
#define CTL_IFACE_OBJMGR  "org.freedesktop.DBus.ObjectManager"
#define CTL_NO_PLAYER     "/"

#define CTL_ERROR (ctl_error_quark ())
GQuark ctl_error_quark (void);

typedef enum
{
  CTL_ERROR_FAILED, /* exit status 1: the daemon said no, or the bus failed */
  CTL_ERROR_USAGE,  /* exit status 2: the command line is wrong */
} CtlError;

/* Error replies become CTL_ERROR_FAILED with the message "<short name>: <text>", e.g.
 * "NotYourTurn: it is bob's turn" for org.carcassonne.Engine1.Error.NotYourTurn. */
void ctl_set_dbus_error (GError **error, const DBusError *dbus_error);

/* The message's arguments as a tuple (never floating). */
GVariant *ctl_message_get_args (DBusMessage *message);
/* Appends the children of the tuple @args; FALSE on out of memory. */
gboolean ctl_message_append_args (DBusMessage *message, GVariant *args);

/* Calls @method and waits for the reply: its arguments as a tuple, or NULL with @error set.
 * @args is a tuple or NULL for none; a floating reference is consumed. */
GVariant *ctl_call (DBusConnection *conn, const char *path, const char *iface, const char *method,
                    GVariant *args, GError **error);
/* ctl_call() waiting @timeout_ms for the reply (DBUS_TIMEOUT_INFINITE: as long as it takes). */
GVariant *ctl_call_timeout (DBusConnection *conn, const char *path, const char *iface,
                            const char *method, GVariant *args, int timeout_ms, GError **error);
/* ctl_call() on a Game, checking that the reply has the type @reply_type. */
GVariant *ctl_call_typed (DBusConnection *conn, const char *path, const char *method,
                          GVariant *args, const char *reply_type, GError **error);
/* Properties.GetAll: an a{sv}. */
GVariant *ctl_get_all (DBusConnection *conn, const char *path, const char *iface, GError **error);

/* GAME on the command line: an object path, or n for /org/carcassonne/Engine1/game/n. */
char *ctl_game_path (const char *arg, GError **error);

/* The seat number at the end of a Player path (".../player/<k>"), -1 if none. */
gint ctl_player_path_seat (const char *path);

G_END_DECLS
