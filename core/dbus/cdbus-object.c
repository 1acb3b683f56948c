/* cdbus-object.c: the registry of objects (path -> interfaces) and the method dispatcher.
 *
 * One fallback handler on "/" receives every method call, whatever its path. It looks the path
 * up, finds the method in the object's tables (or among the standard interfaces), checks the
 * call's signature against the table, runs the handler, sends the pending PropertiesChanged
 * and then the handler's reply.
 */
#include "config.h"

#include <string.h>
#include "cdbus-private.h"

char *
cdbus_args_signature (const CdbusArg *args)
{
  GString *signature = g_string_new (NULL);
  for (; args != NULL && args->name != NULL; args++)
    g_string_append (signature, args->signature);
  return g_string_free (signature, FALSE);
}

/* TRUE if @path is strictly below @root. */
gboolean
cdbus_path_is_below (const char *path, const char *root)
{
  if (g_str_equal (root, "/"))
    return path[0] == '/' && path[1] != '\0';
  size_t n = strlen (root);
  return strncmp (path, root, n) == 0 && path[n] == '/';
}

CdbusObject *
cdbus_object_lookup (CdbusState *state, const char *path)
{
  return g_hash_table_lookup (state->objects, path);
}

CdbusRegistration *
cdbus_object_find (CdbusObject *object, const char *interface_name)
{
  for (guint i = 0; object != NULL && i < object->registrations->len; i++)
    {
      CdbusRegistration *reg = g_ptr_array_index (object->registrations, i);
      if (g_str_equal (reg->iface->name, interface_name))
        return reg;
    }
  return NULL;
}

/* An error reply when @message's signature is not @expected; NULL when it is. */
DBusMessage *
cdbus_check_signature (CdbusState *state, DBusMessage *message, const char *expected)
{
  const char *signature = dbus_message_get_signature (message);
  if (g_str_equal (signature, expected))
    return NULL;
  return cdbus_error (message, state->invalid_args_error,
                      "Method %s expects signature (%s), got (%s)",
                      dbus_message_get_member (message), expected, signature);
}

static void
registration_free (CdbusRegistration *reg)
{
  if (reg->destroy != NULL)
    reg->destroy (reg->user_data);
  g_free (reg->dirty);
  g_free (reg);
}

static void
object_free (CdbusObject *object)
{
  g_ptr_array_unref (object->registrations);
  g_free (object->path);
  g_free (object);
}

gboolean
cdbus_register_interface (DBusConnection *connection, const char *path, const CdbusInterface *iface,
                          gpointer user_data, GDestroyNotify destroy)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_val_if_fail (state != NULL, FALSE);
  g_return_val_if_fail (iface != NULL && iface->name != NULL, FALSE);
  if (path == NULL || !dbus_validate_path (path, NULL))
    return FALSE;

  CdbusObject *object = cdbus_object_lookup (state, path);
  if (cdbus_object_find (object, iface->name) != NULL)
    return FALSE;
  if (object == NULL)
    {
      object = g_new0 (CdbusObject, 1);
      object->path = g_strdup (path);
      object->registrations = g_ptr_array_new ();
      g_hash_table_insert (state->objects, object->path, object);
    }

  CdbusRegistration *reg = g_new0 (CdbusRegistration, 1);
  reg->object = object;
  reg->iface = iface;
  reg->user_data = user_data;
  reg->destroy = destroy;
  for (const CdbusProperty *p = iface->properties; p != NULL && p->name != NULL; p++)
    reg->n_properties++;
  reg->dirty = g_new0 (gboolean, reg->n_properties);
  g_ptr_array_add (object->registrations, reg);

  cdbus_object_manager_added (state, reg);
  return TRUE;
}

/* Takes @object and every interface on it out of the registry, announces their removal, then
 * frees them (the destroy notifies run last, when the registry is consistent again). */
static void
object_remove (CdbusState *state, CdbusObject *object)
{
  g_hash_table_steal (state->objects, object->path);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  for (guint i = 0; i < object->registrations->len; i++)
    {
      CdbusRegistration *reg = g_ptr_array_index (object->registrations, i);
      cdbus_properties_drop (state, reg);
      g_ptr_array_add (names, (gpointer)reg->iface->name);
    }
  cdbus_object_manager_removed (state, object->path, names);
  g_ptr_array_foreach (object->registrations, (GFunc)(void (*) (void))registration_free, NULL);
  object_free (object);
}

gboolean
cdbus_unregister_interface (DBusConnection *connection, const char *path,
                            const char *interface_name)
{
  CdbusState *state = cdbus_state_get (connection);
  if (state == NULL || path == NULL || interface_name == NULL)
    return FALSE;
  CdbusObject *object = cdbus_object_lookup (state, path);
  CdbusRegistration *reg = cdbus_object_find (object, interface_name);
  if (reg == NULL)
    return FALSE;

  if (object->registrations->len == 1)
    {
      object_remove (state, object);
      return TRUE;
    }
  cdbus_properties_drop (state, reg);
  g_ptr_array_remove (object->registrations, reg);
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_ptr_array_add (names, (gpointer)interface_name);
  cdbus_object_manager_removed (state, path, names);
  registration_free (reg);
  return TRUE;
}

static gint
compare_paths_deepest_first (gconstpointer a, gconstpointer b)
{
  return -strcmp (*(const char *const *)a, *(const char *const *)b);
}

void
cdbus_unregister_tree (DBusConnection *connection, const char *path)
{
  CdbusState *state = cdbus_state_get (connection);
  if (state == NULL || path == NULL)
    return;

  /* Paths, not objects: a destroy notify may unregister more objects on the way. A path sorts
   * after its ancestors, so descending order removes children before their parents. */
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  const char *p;
  g_hash_table_iter_init (&iter, state->objects);
  while (g_hash_table_iter_next (&iter, (gpointer *)&p, NULL))
    if (g_str_equal (p, path) || cdbus_path_is_below (p, path))
      g_ptr_array_add (paths, g_strdup (p));
  g_ptr_array_sort (paths, compare_paths_deepest_first);

  for (guint i = 0; i < paths->len; i++)
    {
      state = cdbus_state_get (connection);
      CdbusObject *object
          = state ? cdbus_object_lookup (state, g_ptr_array_index (paths, i)) : NULL;
      if (object != NULL)
        object_remove (state, object);
    }
}

/* Teardown: frees every object and calls the destroy notifies, without signals. */
void
cdbus_objects_free (CdbusState *state)
{
  GHashTable *objects = g_steal_pointer (&state->objects);
  if (objects == NULL)
    return;
  GHashTableIter iter;
  CdbusObject *object;
  g_hash_table_iter_init (&iter, objects);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&object))
    {
      g_hash_table_iter_steal (&iter);
      g_ptr_array_foreach (object->registrations, (GFunc)(void (*) (void))registration_free, NULL);
      object_free (object);
    }
  g_hash_table_unref (objects);
}

static gboolean
interface_matches (const char *asked, const char *name)
{
  return asked == NULL || g_str_equal (asked, name);
}

static gboolean
is_standard_interface (const char *name)
{
  return g_str_equal (name, DBUS_INTERFACE_INTROSPECTABLE)
         || g_str_equal (name, DBUS_INTERFACE_PROPERTIES) || g_str_equal (name, DBUS_INTERFACE_PEER)
         || g_str_equal (name, CDBUS_INTERFACE_OBJECT_MANAGER);
}

/* The method @member of @interface (any interface when NULL) at @object. */
static const CdbusMethod *
method_find (CdbusObject *object, const char *interface, const char *member,
             CdbusRegistration **reg_out)
{
  for (guint i = 0; object != NULL && i < object->registrations->len; i++)
    {
      CdbusRegistration *reg = g_ptr_array_index (object->registrations, i);
      if (!interface_matches (interface, reg->iface->name))
        continue;
      for (const CdbusMethod *m = reg->iface->methods; m != NULL && m->name != NULL; m++)
        if (g_str_equal (m->name, member))
          {
            *reg_out = reg;
            return m;
          }
    }
  return NULL;
}

static DBusMessage *
method_run (CdbusState *state, CdbusRegistration *reg, const CdbusMethod *method,
            DBusMessage *message)
{
  g_autofree char *expected = cdbus_args_signature (method->in);
  DBusMessage *error = cdbus_check_signature (state, message, expected);
  if (error != NULL)
    return error;
  if (method->func == NULL)
    return cdbus_error (message, DBUS_ERROR_NOT_SUPPORTED, "Method %s.%s is not implemented",
                        reg->iface->name, method->name);
  return method->func (state->connection, message, reg->user_data);
}

/* The reply to a method call (NULL: none to send). */
static DBusMessage *
method_call (CdbusState *state, DBusMessage *message)
{
  const char *path = dbus_message_get_path (message);
  const char *interface = dbus_message_get_interface (message);
  const char *member = dbus_message_get_member (message);
  CdbusObject *object = cdbus_object_lookup (state, path);
  gboolean is_root = state->object_manager && g_str_equal (path, state->object_manager);

  if (object == NULL && !is_root)
    {
      /* Intermediate nodes ("/", "/org") answer Introspect only, so that tools can walk down. */
      if (interface_matches (interface, DBUS_INTERFACE_INTROSPECTABLE)
          && g_str_equal (member, "Introspect") && cdbus_path_exists (state, path))
        return cdbus_introspect_reply (state, message);
      if (state->unknown_func != NULL)
        return state->unknown_func (state->connection, message, state->unknown_data);
      g_autofree char *quoted = cdbus_echo (path);
      return cdbus_error (message, DBUS_ERROR_UNKNOWN_OBJECT, "No object at path %s", quoted);
    }

  CdbusRegistration *reg = NULL;
  const CdbusMethod *method = method_find (object, interface, member, &reg);
  if (method != NULL)
    return method_run (state, reg, method, message);

  if (interface_matches (interface, DBUS_INTERFACE_INTROSPECTABLE)
      && g_str_equal (member, "Introspect"))
    return cdbus_introspect_reply (state, message);
  if (object != NULL && interface_matches (interface, DBUS_INTERFACE_PROPERTIES)
      && (g_str_equal (member, "Get") || g_str_equal (member, "GetAll")
          || g_str_equal (member, "Set")))
    return cdbus_properties_handle (state, object, message);
  if (is_root && interface_matches (interface, CDBUS_INTERFACE_OBJECT_MANAGER)
      && g_str_equal (member, "GetManagedObjects"))
    return cdbus_object_manager_handle (state, message);

  /* names in the header are at most 255 bytes; a path is as long as the message */
  g_autofree char *quoted = cdbus_echo (path);
  if (interface != NULL && !is_standard_interface (interface)
      && cdbus_object_find (object, interface) == NULL)
    return cdbus_error (message, DBUS_ERROR_UNKNOWN_METHOD, "No interface %s at path %s", interface,
                        quoted);
  return cdbus_error (message, DBUS_ERROR_UNKNOWN_METHOD, "No method %s%s%s at path %s",
                      interface ? interface : "", interface ? "." : "", member, quoted);
}

static DBusHandlerResult
object_message (DBusConnection *connection, DBusMessage *message, void *data)
{
  if (dbus_message_get_type (message) != DBUS_MESSAGE_TYPE_METHOD_CALL)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;

  DBusMessage *reply = method_call (data, message);
  /* The handler may have shut the layer down: look the state up again. Changes it made are
   * announced before its reply, so a client never sees a reply newer than the properties. */
  CdbusState *state = cdbus_state_get (connection);
  if (state != NULL)
    cdbus_properties_flush (state, NULL);
  if (reply != NULL)
    {
      if (!dbus_message_get_no_reply (message)
          && !(state != NULL && state->reply_hold_func != NULL
               && state->reply_hold_func (connection, message, reply, state->reply_hold_data)))
        dbus_connection_send (connection, reply, NULL);
      dbus_message_unref (reply);
    }
  return DBUS_HANDLER_RESULT_HANDLED;
}

static const DBusObjectPathVTable object_vtable = {
  .message_function = object_message,
};

gboolean
cdbus_objects_install (CdbusState *state)
{
  state->handler_installed
      = dbus_connection_register_fallback (state->connection, "/", &object_vtable, state);
  return state->handler_installed;
}

void
cdbus_objects_uninstall (CdbusState *state)
{
  if (state->handler_installed)
    dbus_connection_unregister_object_path (state->connection, "/");
  state->handler_installed = FALSE;
}
