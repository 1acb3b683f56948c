/* caller.h: who a Game method call acts for (doc/dbus-game.md, "Tokens"): the seat or the
 * creator its options' "token" names, else what its sender's bus name holds. */
#pragma once
#include <dbus/dbus.h>

#include "session.h"

/* The unique bus name that sent @msg ("" if none). */
const char *carcd_sender_of (DBusMessage *msg);

/* The a{sv} options of @msg: its last argument, as the method table's signature guarantees. */
void carcd_options_of (DBusMessage *msg, DBusMessageIter *dict);

/* @caller of @msg in @session, identified with the "token" of the options @dict:
 * InvalidArgs for a token that is no string, InvalidToken for a wrong one. */
gboolean carcd_caller_identify (DBusMessage *msg, CarcdSession *session,
                                const DBusMessageIter *dict, CarcdCaller *caller, GError **error);

/* The same for a method whose options (its last argument) hold nothing but the token:
 * InvalidArgs for any other key, after the token is checked. */
gboolean carcd_caller_identify_only_token (DBusMessage *msg, CarcdSession *session,
                                           const char *method, CarcdCaller *caller, GError **error);
