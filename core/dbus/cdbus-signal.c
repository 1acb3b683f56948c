/* cdbus-signal.c: signals from the tables, checked against their declared signature.
 *
 * A signal is sent only if its object has its interface registered, the table declares it and
 * the arguments appended match the declaration; the pending PropertiesChanged of its path go
 * out first, so a client reads the properties and the signal in the order they happened.
 */
#include "config.h"

#include "cdbus-private.h"

static const CdbusSignal *
signal_find (CdbusState *state, const char *path, const char *interface_name, const char *name)
{
  if (path == NULL || interface_name == NULL || name == NULL)
    return NULL;
  CdbusRegistration *reg = cdbus_object_find (cdbus_object_lookup (state, path), interface_name);
  for (const CdbusSignal *s = reg ? reg->iface->signals : NULL; s != NULL && s->name != NULL; s++)
    if (g_str_equal (s->name, name))
      return s;
  return NULL;
}

DBusMessage *
cdbus_signal_new (DBusConnection *connection, const char *path, const char *interface_name,
                  const char *name)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_val_if_fail (state != NULL, NULL);
  if (signal_find (state, path, interface_name, name) == NULL)
    {
      g_critical ("cdbus_signal_new: no signal %s.%s at path %s", interface_name, name, path);
      return NULL;
    }
  return dbus_message_new_signal (path, interface_name, name);
}

gboolean
cdbus_send_signal (DBusConnection *connection, DBusMessage *signal)
{
  g_return_val_if_fail (signal != NULL, FALSE);
  g_autoptr (DBusMessage) owned = signal;
  CdbusState *state = cdbus_state_get (connection);
  g_return_val_if_fail (state != NULL, FALSE);

  const char *path = dbus_message_get_path (signal);
  const char *interface_name = dbus_message_get_interface (signal);
  const char *name = dbus_message_get_member (signal);
  const CdbusSignal *entry = signal_find (state, path, interface_name, name);
  if (entry == NULL)
    {
      g_critical ("cdbus_send_signal: no signal %s.%s at path %s", interface_name, name, path);
      return FALSE;
    }
  g_autofree char *expected = cdbus_args_signature (entry->args);
  const char *signature = dbus_message_get_signature (signal);
  if (!g_str_equal (expected, signature))
    {
      g_critical ("cdbus_send_signal: signal %s.%s expects signature (%s), got (%s)",
                  interface_name, name, expected, signature);
      return FALSE;
    }

  cdbus_properties_flush (state, path);
  return dbus_connection_send (connection, signal, NULL);
}
