/* caller.c: who a Game method call acts for. */
#include "config.h"

#include "caller.h"

const char *
carcd_sender_of (DBusMessage *msg)
{
  const char *sender = dbus_message_get_sender (msg);
  return sender ? sender : "";
}

void
carcd_options_of (DBusMessage *msg, DBusMessageIter *dict)
{
  DBusMessageIter it;

  dbus_message_iter_init (msg, &it);
  while (dbus_message_iter_has_next (&it))
    dbus_message_iter_next (&it);
  dbus_message_iter_recurse (&it, dict);
}

gboolean
carcd_caller_identify (DBusMessage *msg, CarcdSession *s, const DBusMessageIter *dict,
                       CarcdCaller *caller, GError **error)
{
  *caller = (CarcdCaller){ .name = carcd_sender_of (msg) };
  return carcd_options_get_token (dict, &caller->token, error)
         && carcd_session_identify (s, caller, error);
}

gboolean
carcd_caller_identify_only_token (DBusMessage *msg, CarcdSession *s, const char *method,
                                  CarcdCaller *caller, GError **error)
{
  DBusMessageIter dict;

  carcd_options_of (msg, &dict);
  return carcd_caller_identify (msg, s, &dict, caller, error)
         && carcd_options_expect_only_token (&dict, method, error);
}
