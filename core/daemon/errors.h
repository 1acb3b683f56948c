/* errors.h: the daemon's D-Bus errors, org.carcassonne.Engine1.Error.<Name>.
 *
 * Inside the daemon a refusal is a GError in the CARCD_ERROR domain (or the engine's
 * CARC_ERROR); carcd_error_reply() turns either into the D-Bus error reply. Every name is
 * documented in doc/dbus-errors.md.
 */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

#define CARCD_ERROR_PREFIX "org.carcassonne.Engine1.Error."

#define CARCD_ERROR (carcd_error_quark ())
GQuark carcd_error_quark (void);

/* One code per D-Bus error name; carcd_error_name() gives the name. */
typedef enum
{
  CARCD_ERROR_INVALID_ARGS,
  CARCD_ERROR_NO_SUCH_GAME,
  CARCD_ERROR_NOT_SEATED,
  CARCD_ERROR_NOT_YOUR_TURN,
  CARCD_ERROR_WRONG_PHASE,
  CARCD_ERROR_GAME_OVER,
  CARCD_ERROR_ILLEGAL_PLACEMENT,
  CARCD_ERROR_ILLEGAL_DEPLOYMENT,
  CARCD_ERROR_NO_FOLLOWER,
  CARCD_ERROR_GAME_FULL,
  CARCD_ERROR_ALREADY_SEATED,
  CARCD_ERROR_ALREADY_STARTED,
  CARCD_ERROR_SEATS_OPEN,
  CARCD_ERROR_INVALID_TOKEN,
  CARCD_ERROR_PERMISSION_DENIED,
  CARCD_ERROR_LIMIT_EXCEEDED,
  CARCD_ERROR_UNKNOWN_TILE,
  CARCD_ERROR_UNKNOWN_EXPANSION,
  CARCD_ERROR_EXPANSION_UNAVAILABLE,
  CARCD_ERROR_NO_PIECE,
  CARCD_ERROR_INVALID_RECORD,
  CARCD_ERROR_ILLEGAL_MOVE,
  CARCD_ERROR_FAILED,
  CARCD_N_ERRORS
} CarcdErrorCode;

/* "org.carcassonne.Engine1.Error.NotYourTurn" for CARCD_ERROR_NOT_YOUR_TURN. */
const char *carcd_error_name (CarcdErrorCode code);

/* The error reply for @error (CARCD_ERROR or CARC_ERROR; anything else is Failed). */
DBusMessage *carcd_error_reply (DBusMessage *message, const GError *error);

/* The error reply for @code with a printf-style message. */
DBusMessage *carcd_error (DBusMessage *message, CarcdErrorCode code, const char *format, ...)
    G_GNUC_PRINTF (3, 4);
