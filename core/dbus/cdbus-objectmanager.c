/* cdbus-objectmanager.c: org.freedesktop.DBus.ObjectManager at one root path.
 *
 * The root answers GetManagedObjects with every object strictly below it, each with all its
 * interfaces and properties. Registering an interface below the root emits InterfacesAdded
 * (one signal per interface, with its properties); unregistering emits InterfacesRemoved (one
 * signal per object, naming the interfaces removed together).
 */
#include "config.h"

#include <string.h>
#include "cdbus-private.h"

gboolean
cdbus_set_object_manager (DBusConnection *connection, const char *path)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_val_if_fail (state != NULL, FALSE);
  if (path == NULL || !dbus_validate_path (path, NULL))
    return FALSE;
  g_free (state->object_manager);
  state->object_manager = g_strdup (path);
  return TRUE;
}

void
cdbus_set_object_manager_quiet (DBusConnection *connection, gboolean quiet)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_if_fail (state != NULL);
  state->om_quiet = quiet;
}

gboolean
cdbus_object_manager_covers (CdbusState *state, const char *path)
{
  return state->object_manager != NULL && cdbus_path_is_below (path, state->object_manager);
}

/* Appends {s: a{sv}} for @reg to an a{sa{sv}} being written. */
static gboolean
append_interface (DBusMessageIter *interfaces, CdbusRegistration *reg)
{
  DBusMessageIter entry;
  if (!dbus_message_iter_open_container (interfaces, DBUS_TYPE_DICT_ENTRY, NULL, &entry))
    return FALSE;
  if (!dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &reg->iface->name)
      || !cdbus_properties_append_all (&entry, reg))
    {
      dbus_message_iter_abandon_container (interfaces, &entry);
      return FALSE;
    }
  return dbus_message_iter_close_container (interfaces, &entry);
}

/* Appends {o: a{sa{sv}}} for @object to the a{oa{sa{sv}}} being written. */
static gboolean
append_object (DBusMessageIter *objects, CdbusObject *object)
{
  DBusMessageIter entry, interfaces;
  if (!dbus_message_iter_open_container (objects, DBUS_TYPE_DICT_ENTRY, NULL, &entry))
    return FALSE;
  gboolean ok
      = dbus_message_iter_append_basic (&entry, DBUS_TYPE_OBJECT_PATH, &object->path)
        && dbus_message_iter_open_container (&entry, DBUS_TYPE_ARRAY, "{sa{sv}}", &interfaces);
  for (guint i = 0; ok && i < object->registrations->len; i++)
    ok = append_interface (&interfaces, g_ptr_array_index (object->registrations, i));
  if (ok && dbus_message_iter_close_container (&entry, &interfaces))
    return dbus_message_iter_close_container (objects, &entry);
  dbus_message_iter_abandon_container_if_open (&entry, &interfaces);
  dbus_message_iter_abandon_container (objects, &entry);
  return FALSE;
}

static void
send_or_warn (CdbusState *state, DBusMessage *signal, gboolean ok)
{
  if (!ok || !dbus_connection_send (state->connection, signal, NULL))
    g_warning ("cdbus: %s for %s dropped (out of memory)", dbus_message_get_member (signal),
               dbus_message_get_path (signal));
  dbus_message_unref (signal);
}

void
cdbus_object_manager_added (CdbusState *state, CdbusRegistration *reg)
{
  if (state->om_quiet || !cdbus_object_manager_covers (state, reg->object->path))
    return;
  DBusMessage *signal = dbus_message_new_signal (state->object_manager,
                                                 CDBUS_INTERFACE_OBJECT_MANAGER, "InterfacesAdded");
  DBusMessageIter iter, interfaces;
  dbus_message_iter_init_append (signal, &iter);
  gboolean ok
      = dbus_message_iter_append_basic (&iter, DBUS_TYPE_OBJECT_PATH, &reg->object->path)
        && dbus_message_iter_open_container (&iter, DBUS_TYPE_ARRAY, "{sa{sv}}", &interfaces);
  if (ok && !append_interface (&interfaces, reg))
    {
      dbus_message_iter_abandon_container (&iter, &interfaces);
      ok = FALSE;
    }
  send_or_warn (state, signal, ok && dbus_message_iter_close_container (&iter, &interfaces));
}

/* @names: the interface names removed from @path. */
void
cdbus_object_manager_removed (CdbusState *state, const char *path, GPtrArray *names)
{
  if (state->om_quiet || !cdbus_object_manager_covers (state, path))
    return;
  DBusMessage *signal = dbus_message_new_signal (
      state->object_manager, CDBUS_INTERFACE_OBJECT_MANAGER, "InterfacesRemoved");
  DBusMessageIter iter, array;
  dbus_message_iter_init_append (signal, &iter);
  gboolean ok = dbus_message_iter_append_basic (&iter, DBUS_TYPE_OBJECT_PATH, &path)
                && dbus_message_iter_open_container (&iter, DBUS_TYPE_ARRAY, "s", &array);
  for (guint i = 0; ok && i < names->len; i++)
    ok = dbus_message_iter_append_basic (&array, DBUS_TYPE_STRING, &names->pdata[i]);
  if (ok)
    ok = dbus_message_iter_close_container (&iter, &array);
  else
    dbus_message_iter_abandon_container_if_open (&iter, &array);
  send_or_warn (state, signal, ok);
}

static gint
compare_paths (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* GetManagedObjects() -> a{oa{sa{sv}}}, the objects in path order. */
DBusMessage *
cdbus_object_manager_handle (CdbusState *state, DBusMessage *message)
{
  DBusMessage *error = cdbus_check_signature (state, message, "");
  if (error != NULL)
    return error;

  g_autoptr (GPtrArray) paths = g_ptr_array_new ();
  GHashTableIter it;
  const char *path;
  g_hash_table_iter_init (&it, state->objects);
  while (g_hash_table_iter_next (&it, (gpointer *)&path, NULL))
    if (cdbus_object_manager_covers (state, path))
      g_ptr_array_add (paths, (gpointer)path);
  g_ptr_array_sort (paths, compare_paths);

  DBusMessage *reply = dbus_message_new_method_return (message);
  DBusMessageIter iter, objects;
  dbus_message_iter_init_append (reply, &iter);
  gboolean ok = dbus_message_iter_open_container (&iter, DBUS_TYPE_ARRAY, "{oa{sa{sv}}}", &objects);
  for (guint i = 0; ok && i < paths->len; i++)
    ok = append_object (&objects, cdbus_object_lookup (state, g_ptr_array_index (paths, i)));
  if (ok && dbus_message_iter_close_container (&iter, &objects))
    return reply;
  dbus_message_iter_abandon_container_if_open (&iter, &objects);
  dbus_message_unref (reply);
  return cdbus_error (message, DBUS_ERROR_NO_MEMORY, "Out of memory");
}
