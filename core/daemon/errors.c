/* errors.c: the daemon's D-Bus error names and the replies built from them. */
#include "config.h"

#include "errors.h"

#include "carcassonne.h"
#include "cdbus.h"

/* The quark's name is the macro's first argument, stringified: clang-format would space out
 * its dashes (issue 14 found "carcd - error - quark"). */
/* clang-format off */
G_DEFINE_QUARK (carcd-error-quark, carcd_error)
/* clang-format on */

static const char *const error_names[CARCD_N_ERRORS] = {
  [CARCD_ERROR_INVALID_ARGS] = CARCD_ERROR_PREFIX "InvalidArgs",
  [CARCD_ERROR_NO_SUCH_GAME] = CARCD_ERROR_PREFIX "NoSuchGame",
  [CARCD_ERROR_NOT_SEATED] = CARCD_ERROR_PREFIX "NotSeated",
  [CARCD_ERROR_NOT_YOUR_TURN] = CARCD_ERROR_PREFIX "NotYourTurn",
  [CARCD_ERROR_WRONG_PHASE] = CARCD_ERROR_PREFIX "WrongPhase",
  [CARCD_ERROR_GAME_OVER] = CARCD_ERROR_PREFIX "GameOver",
  [CARCD_ERROR_ILLEGAL_PLACEMENT] = CARCD_ERROR_PREFIX "IllegalPlacement",
  [CARCD_ERROR_ILLEGAL_DEPLOYMENT] = CARCD_ERROR_PREFIX "IllegalDeployment",
  [CARCD_ERROR_NO_FOLLOWER] = CARCD_ERROR_PREFIX "NoFollower",
  [CARCD_ERROR_GAME_FULL] = CARCD_ERROR_PREFIX "GameFull",
  [CARCD_ERROR_ALREADY_SEATED] = CARCD_ERROR_PREFIX "AlreadySeated",
  [CARCD_ERROR_ALREADY_STARTED] = CARCD_ERROR_PREFIX "AlreadyStarted",
  [CARCD_ERROR_SEATS_OPEN] = CARCD_ERROR_PREFIX "SeatsOpen",
  [CARCD_ERROR_INVALID_TOKEN] = CARCD_ERROR_PREFIX "InvalidToken",
  [CARCD_ERROR_PERMISSION_DENIED] = CARCD_ERROR_PREFIX "PermissionDenied",
  [CARCD_ERROR_LIMIT_EXCEEDED] = CARCD_ERROR_PREFIX "LimitExceeded",
  [CARCD_ERROR_UNKNOWN_TILE] = CARCD_ERROR_PREFIX "UnknownTile",
  [CARCD_ERROR_UNKNOWN_EXPANSION] = CARCD_ERROR_PREFIX "UnknownExpansion",
  [CARCD_ERROR_EXPANSION_UNAVAILABLE] = CARCD_ERROR_PREFIX "ExpansionUnavailable",
  [CARCD_ERROR_NO_PIECE] = CARCD_ERROR_PREFIX "NoPiece",
  [CARCD_ERROR_INVALID_RECORD] = CARCD_ERROR_PREFIX "InvalidRecord",
  [CARCD_ERROR_ILLEGAL_MOVE] = CARCD_ERROR_PREFIX "IllegalMove",
  [CARCD_ERROR_FAILED] = CARCD_ERROR_PREFIX "Failed",
};

const char *
carcd_error_name (CarcdErrorCode code)
{
  g_return_val_if_fail (code < CARCD_N_ERRORS, error_names[CARCD_ERROR_FAILED]);
  return error_names[code];
}

/* The engine's refusals, by CarcError code. */
static CarcdErrorCode
code_of_engine_error (gint code)
{
  switch (code)
    {
      case CARC_ERROR_INVALID_ARGUMENT:
      case CARC_ERROR_PARSE:
        return CARCD_ERROR_INVALID_ARGS;
      case CARC_ERROR_UNKNOWN_TILE:
        return CARCD_ERROR_UNKNOWN_TILE;
      case CARC_ERROR_WRONG_PHASE:
        return CARCD_ERROR_WRONG_PHASE;
      case CARC_ERROR_ILLEGAL_PLACEMENT:
        return CARCD_ERROR_ILLEGAL_PLACEMENT;
      case CARC_ERROR_ILLEGAL_DEPLOYMENT:
        return CARCD_ERROR_ILLEGAL_DEPLOYMENT;
      case CARC_ERROR_NO_FOLLOWER:
        return CARCD_ERROR_NO_FOLLOWER;
      case CARC_ERROR_GAME_OVER:
        return CARCD_ERROR_GAME_OVER;
      case CARC_ERROR_NO_PIECE:
        return CARCD_ERROR_NO_PIECE;
      case CARC_ERROR_INVALID_RECORD:
        return CARCD_ERROR_INVALID_RECORD;
      case CARC_ERROR_ILLEGAL_MOVE:
        return CARCD_ERROR_ILLEGAL_MOVE;
      /* the daemon resolves names and options itself; these are its answers too */
      case CARC_ERROR_UNKNOWN_EXPANSION:
        return CARCD_ERROR_UNKNOWN_EXPANSION;
      case CARC_ERROR_PLUGIN:
        return CARCD_ERROR_EXPANSION_UNAVAILABLE;
      default:
        return CARCD_ERROR_FAILED;
    }
}

DBusMessage *
carcd_error_reply (DBusMessage *message, const GError *error)
{
  CarcdErrorCode code = CARCD_ERROR_FAILED;

  if (error->domain == CARCD_ERROR && error->code >= 0 && error->code < CARCD_N_ERRORS)
    code = error->code;
  else if (error->domain == CARC_ERROR)
    code = code_of_engine_error (error->code);
  return cdbus_error (message, carcd_error_name (code), "%s", error->message);
}

DBusMessage *
carcd_error (DBusMessage *message, CarcdErrorCode code, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  return cdbus_error (message, carcd_error_name (code), "%s", text);
}
