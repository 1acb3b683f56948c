/* cdbus-properties.c: org.freedesktop.DBus.Properties and batched PropertiesChanged.
 *
 * Properties are read-only on the bus: Get and GetAll read through the getters, Set answers
 * PropertyReadOnly. A change is only marked (cdbus_property_changed()); the registration keeps
 * one flag per property and joins the connection's queue of registrations with changes. The
 * queue goes out as one PropertiesChanged per object and interface, carrying the values read at
 * that moment: before a method reply (the dispatcher flushes everything), before a signal from
 * the same path (cdbus_send_signal()), or from an idle callback, whichever comes first.
 */
#include "config.h"

#include <string.h>
#include "cdbus-private.h"

static const CdbusProperty *
property_find (const CdbusInterface *iface, const char *name, guint *index)
{
  guint i = 0;
  for (const CdbusProperty *p = iface->properties; p != NULL && p->name != NULL; p++, i++)
    if (g_str_equal (p->name, name))
      {
        if (index != NULL)
          *index = i;
        return p;
      }
  return NULL;
}

/* Appends the value of @prop as a variant. */
static gboolean
append_value (DBusMessageIter *iter, const CdbusProperty *prop, gpointer user_data)
{
  DBusMessageIter variant;
  if (!dbus_message_iter_open_container (iter, DBUS_TYPE_VARIANT, prop->signature, &variant))
    return FALSE;
  if (!prop->get (&variant, user_data))
    {
      dbus_message_iter_abandon_container (iter, &variant);
      return FALSE;
    }
  return dbus_message_iter_close_container (iter, &variant);
}

/* Appends {name: value} to an a{sv} being written. */
static gboolean
append_entry (DBusMessageIter *dict, const CdbusProperty *prop, gpointer user_data)
{
  DBusMessageIter entry;
  if (!dbus_message_iter_open_container (dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry))
    return FALSE;
  if (!dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &prop->name)
      || !append_value (&entry, prop, user_data))
    {
      dbus_message_iter_abandon_container (dict, &entry);
      return FALSE;
    }
  return dbus_message_iter_close_container (dict, &entry);
}

/* Appends the entries of the properties of @reg whose flag in @only is set (all if NULL; the
 * flagged ones that only invalidate are left to append_invalidated()). */
static gboolean
append_entries (DBusMessageIter *dict, CdbusRegistration *reg, const gboolean *only)
{
  for (guint i = 0; i < reg->n_properties; i++)
    {
      const CdbusProperty *prop = &reg->iface->properties[i];

      if (only != NULL && prop->emits != CDBUS_PROPERTY_EVERY_CHANGE
          && (!only[i] || prop->emits == CDBUS_PROPERTY_INVALIDATES))
        continue;
      if (!append_entry (dict, prop, reg->user_data))
        return FALSE;
    }
  return TRUE;
}

/* Appends the names of the "invalidates" properties of @reg flagged in @changed. */
static gboolean
append_invalidated (DBusMessageIter *names, CdbusRegistration *reg, const gboolean *changed)
{
  for (guint i = 0; i < reg->n_properties; i++)
    if (changed[i] && reg->iface->properties[i].emits == CDBUS_PROPERTY_INVALIDATES
        && !dbus_message_iter_append_basic (names, DBUS_TYPE_STRING,
                                            &reg->iface->properties[i].name))
      return FALSE;
  return TRUE;
}

/* Appends the a{sv} of every property of @reg. */
gboolean
cdbus_properties_append_all (DBusMessageIter *iter, CdbusRegistration *reg)
{
  DBusMessageIter dict;
  if (!dbus_message_iter_open_container (iter, DBUS_TYPE_ARRAY, "{sv}", &dict))
    return FALSE;
  if (!append_entries (&dict, reg, NULL))
    {
      dbus_message_iter_abandon_container (iter, &dict);
      return FALSE;
    }
  return dbus_message_iter_close_container (iter, &dict);
}

static DBusMessage *
reply_or_no_memory (DBusMessage *message, DBusMessage *reply, gboolean ok)
{
  if (ok)
    return reply;
  dbus_message_unref (reply);
  return cdbus_error (message, DBUS_ERROR_NO_MEMORY, "Out of memory");
}

/* The registration named @interface_name at @object, or an error reply in @error. The empty
 * name stands for any interface (the property is then looked up in each). */
static CdbusRegistration *
registration_for (CdbusObject *object, DBusMessage *message, const char *interface_name,
                  DBusMessage **error)
{
  CdbusRegistration *reg = cdbus_object_find (object, interface_name);
  if (reg == NULL && interface_name[0] != '\0')
    {
      g_autofree char *quoted = cdbus_echo (interface_name);
      *error = cdbus_error (message, DBUS_ERROR_UNKNOWN_INTERFACE, "No interface %s at path %s",
                            quoted, object->path);
    }
  return reg;
}

/* Get(s interface_name, s property_name) -> v; Set(s, s, v) -> PropertyReadOnly. */
static DBusMessage *
property_get_or_set (CdbusState *state, CdbusObject *object, DBusMessage *message, gboolean set)
{
  DBusMessage *error = cdbus_check_signature (state, message, set ? "ssv" : "ss");
  if (error != NULL)
    return error;
  const char *interface_name, *name;
  dbus_message_get_args (message, NULL, DBUS_TYPE_STRING, &interface_name, DBUS_TYPE_STRING, &name,
                         DBUS_TYPE_INVALID);

  CdbusRegistration *reg = registration_for (object, message, interface_name, &error);
  if (error != NULL)
    return error;
  const CdbusProperty *prop = NULL;
  if (reg != NULL)
    prop = property_find (reg->iface, name, NULL);
  for (guint i = 0; reg == NULL && i < object->registrations->len; i++)
    {
      CdbusRegistration *r = g_ptr_array_index (object->registrations, i);
      if ((prop = property_find (r->iface, name, NULL)) != NULL)
        reg = r;
    }
  /* the names are the client's strings: quoted cut short (issue 15, a 100 MiB name) */
  if (prop == NULL)
    {
      g_autofree char *quoted_iface = cdbus_echo (interface_name);
      g_autofree char *quoted_name = cdbus_echo (name);
      return cdbus_error (message, DBUS_ERROR_UNKNOWN_PROPERTY, "No property %s%s%s at path %s",
                          quoted_iface, interface_name[0] ? "." : "", quoted_name, object->path);
    }
  if (set)
    return cdbus_error (message, DBUS_ERROR_PROPERTY_READ_ONLY, "Property %s.%s is read-only",
                        reg->iface->name, name);

  DBusMessage *reply = dbus_message_new_method_return (message);
  DBusMessageIter iter;
  dbus_message_iter_init_append (reply, &iter);
  return reply_or_no_memory (message, reply, append_value (&iter, prop, reg->user_data));
}

/* GetAll(s interface_name) -> a{sv}; the empty name gives every interface's properties. */
static DBusMessage *
properties_get_all (CdbusState *state, CdbusObject *object, DBusMessage *message)
{
  DBusMessage *error = cdbus_check_signature (state, message, "s");
  if (error != NULL)
    return error;
  const char *interface_name;
  dbus_message_get_args (message, NULL, DBUS_TYPE_STRING, &interface_name, DBUS_TYPE_INVALID);
  CdbusRegistration *reg = registration_for (object, message, interface_name, &error);
  if (error != NULL)
    return error;

  DBusMessage *reply = dbus_message_new_method_return (message);
  DBusMessageIter iter, dict;
  dbus_message_iter_init_append (reply, &iter);
  gboolean ok = dbus_message_iter_open_container (&iter, DBUS_TYPE_ARRAY, "{sv}", &dict);
  for (guint i = 0; ok && i < object->registrations->len; i++)
    {
      CdbusRegistration *r = g_ptr_array_index (object->registrations, i);
      if (reg == NULL || reg == r)
        ok = append_entries (&dict, r, NULL);
    }
  if (ok)
    ok = dbus_message_iter_close_container (&iter, &dict);
  else
    dbus_message_iter_abandon_container_if_open (&iter, &dict);
  return reply_or_no_memory (message, reply, ok);
}

DBusMessage *
cdbus_properties_handle (CdbusState *state, CdbusObject *object, DBusMessage *message)
{
  const char *member = dbus_message_get_member (message);
  if (g_str_equal (member, "GetAll"))
    return properties_get_all (state, object, message);
  return property_get_or_set (state, object, message, g_str_equal (member, "Set"));
}

/* Sends one PropertiesChanged for the flagged properties of @reg and clears the flags. */
static void
send_changes (CdbusState *state, CdbusRegistration *reg)
{
  g_autofree gboolean *changed = g_steal_pointer (&reg->dirty);
  reg->dirty = g_new0 (gboolean, reg->n_properties);

  if (reg->iface->before_changes)
    reg->iface->before_changes (reg->user_data);
  /* the arguments first, the header after: see cdbus_message_address() */
  DBusMessage *signal = dbus_message_new (DBUS_MESSAGE_TYPE_SIGNAL);
  DBusMessageIter iter, dict, invalidated;
  dbus_message_iter_init_append (signal, &iter);
  gboolean ok = dbus_message_iter_append_basic (&iter, DBUS_TYPE_STRING, &reg->iface->name)
                && dbus_message_iter_open_container (&iter, DBUS_TYPE_ARRAY, "{sv}", &dict);
  if (ok && !append_entries (&dict, reg, changed))
    {
      dbus_message_iter_abandon_container (&iter, &dict);
      ok = FALSE;
    }
  ok = ok && dbus_message_iter_close_container (&iter, &dict)
       && dbus_message_iter_open_container (&iter, DBUS_TYPE_ARRAY, "s", &invalidated);
  if (ok && !append_invalidated (&invalidated, reg, changed))
    {
      dbus_message_iter_abandon_container (&iter, &invalidated);
      ok = FALSE;
    }
  ok = ok && dbus_message_iter_close_container (&iter, &invalidated)
       && cdbus_message_address (signal, reg->object->path, DBUS_INTERFACE_PROPERTIES,
                                 "PropertiesChanged")
       && dbus_connection_send (state->connection, signal, NULL);
  if (!ok)
    g_warning ("cdbus: PropertiesChanged for %s at %s dropped (out of memory)", reg->iface->name,
               reg->object->path);
  dbus_message_unref (signal);
}

static void
idle_drop (CdbusState *state)
{
  if (state->flush_idle == NULL)
    return;
  g_source_destroy (state->flush_idle);
  g_clear_pointer (&state->flush_idle, g_source_unref);
}

/* Sends the pending changes of the objects at @path (every object when NULL). */
void
cdbus_properties_flush (CdbusState *state, const char *path)
{
  guint i = 0;
  while (i < state->dirty->len)
    {
      CdbusRegistration *reg = g_ptr_array_index (state->dirty, i);
      if (path != NULL && !g_str_equal (reg->object->path, path))
        {
          i++;
          continue;
        }
      g_ptr_array_remove_index (state->dirty, i);
      reg->queued = FALSE;
      send_changes (state, reg);
    }
  if (state->dirty->len == 0)
    idle_drop (state);
}

static gboolean
flush_idle (gpointer data)
{
  CdbusState *state = data;
  g_clear_pointer (&state->flush_idle, g_source_unref);
  cdbus_properties_flush (state, NULL);
  return G_SOURCE_REMOVE;
}

void
cdbus_property_changed (DBusConnection *connection, const char *path, const char *interface_name,
                        const char *property)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_if_fail (state != NULL);
  g_return_if_fail (path != NULL && interface_name != NULL && property != NULL);

  CdbusRegistration *reg = cdbus_object_find (cdbus_object_lookup (state, path), interface_name);
  guint index;
  const CdbusProperty *prop = reg ? property_find (reg->iface, property, &index) : NULL;
  if (prop == NULL)
    {
      g_critical ("cdbus_property_changed: no property %s.%s at path %s", interface_name, property,
                  path);
      return;
    }
  if (prop->emits == CDBUS_PROPERTY_CONST || prop->emits == CDBUS_PROPERTY_NO_SIGNAL)
    {
      g_critical ("cdbus_property_changed: %s.%s at path %s is declared %s", interface_name,
                  property, path, prop->emits == CDBUS_PROPERTY_CONST ? "const" : "silent");
      return;
    }

  reg->dirty[index] = TRUE;
  if (!reg->queued)
    {
      reg->queued = TRUE;
      g_ptr_array_add (state->dirty, reg);
    }
  if (state->flush_idle == NULL)
    {
      state->flush_idle = g_idle_source_new ();
      g_source_set_callback (state->flush_idle, flush_idle, state, NULL);
      g_source_set_static_name (state->flush_idle, "cdbus PropertiesChanged");
      g_source_attach (state->flush_idle, state->context);
    }
}

void
cdbus_flush (DBusConnection *connection)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_if_fail (state != NULL);
  cdbus_properties_flush (state, NULL);
}

gboolean
cdbus_append_properties (DBusConnection *connection, const char *path, const char *interface_name,
                         DBusMessageIter *iter)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_val_if_fail (state != NULL, FALSE);
  CdbusRegistration *reg = cdbus_object_find (cdbus_object_lookup (state, path), interface_name);
  return reg != NULL && cdbus_properties_append_all (iter, reg);
}

/* Forgets the pending changes of @reg (it is being unregistered). */
void
cdbus_properties_drop (CdbusState *state, CdbusRegistration *reg)
{
  if (!reg->queued)
    return;
  g_ptr_array_remove (state->dirty, reg);
  reg->queued = FALSE;
  memset (reg->dirty, 0, reg->n_properties * sizeof *reg->dirty);
  if (state->dirty->len == 0)
    idle_drop (state);
}

void
cdbus_properties_free (CdbusState *state)
{
  idle_drop (state);
  g_clear_pointer (&state->dirty, g_ptr_array_unref);
}
