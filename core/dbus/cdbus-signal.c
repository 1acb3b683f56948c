/* cdbus-signal.c: signals from the tables, checked against their declared signature.
 *
 * A signal is sent only if its object has its interface registered, the table declares it and
 * the arguments appended match the declaration; the pending PropertiesChanged of its path go
 * out first, so a client reads the properties and the signal in the order they happened.
 */
#include "config.h"

#include "cdbus-private.h"

gboolean
cdbus_message_address (DBusMessage *message, const char *path, const char *interface_name,
                       const char *member)
{
  return dbus_message_set_path (message, path)
         && dbus_message_set_interface (message, interface_name)
         && dbus_message_set_member (message, member);
}

/* Where a signal from cdbus_signal_new() goes, kept on the message until it is sent. */
typedef struct
{
  char *path;
  char *interface_name;
  char *name;
} Address;

static dbus_int32_t address_slot = -1;

static void
address_free (void *data)
{
  Address *a = data;
  g_free (a->path);
  g_free (a->interface_name);
  g_free (a->name);
  g_free (a);
}

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
  /* the arguments first, the header after (cdbus_send_signal()): see cdbus-private.h */
  if (address_slot < 0 && !dbus_message_allocate_data_slot (&address_slot))
    return NULL;
  DBusMessage *signal = dbus_message_new (DBUS_MESSAGE_TYPE_SIGNAL);
  Address *a = g_new (Address, 1);
  a->path = g_strdup (path);
  a->interface_name = g_strdup (interface_name);
  a->name = g_strdup (name);
  if (signal == NULL || !dbus_message_set_data (signal, address_slot, a, address_free))
    {
      address_free (a);
      g_clear_pointer (&signal, dbus_message_unref);
    }
  return signal;
}

gboolean
cdbus_send_signal (DBusConnection *connection, DBusMessage *signal)
{
  g_return_val_if_fail (signal != NULL, FALSE);
  g_autoptr (DBusMessage) owned = signal;
  CdbusState *state = cdbus_state_get (connection);
  g_return_val_if_fail (state != NULL, FALSE);

  Address *a = address_slot >= 0 ? dbus_message_get_data (signal, address_slot) : NULL;
  if (a != NULL)
    {
      if (!cdbus_message_address (signal, a->path, a->interface_name, a->name))
        {
          g_warning ("cdbus: signal %s.%s at %s dropped (out of memory)", a->interface_name,
                     a->name, a->path);
          return FALSE;
        }
      dbus_message_set_data (signal, address_slot, NULL, NULL);
    }

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
