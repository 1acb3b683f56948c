/* cdbus-connection.c: the layer's state on a connection: setting it up, the one message filter,
 * and tearing it down.
 *
 * The state is kept in a libdbus data slot, so a connection carries its own tables and the
 * layer holds no global state but the slot id. The filter sees every incoming message before
 * the object handler: it reports the loss of the bus (the local Disconnected signal) and hands
 * NameOwnerChanged to the disconnect watches; it never consumes a message.
 */
#include "config.h"

#include "cdbus-private.h"

static dbus_int32_t state_slot = -1;

CdbusState *
cdbus_state_get (DBusConnection *connection)
{
  if (connection == NULL || state_slot < 0)
    return NULL;
  return dbus_connection_get_data (connection, state_slot);
}

/* Frees the state once it is off the connection (cdbus_shutdown()), or when the connection is
 * finalized without cdbus_shutdown(): then the connection must not be called any more, so this
 * only frees memory and calls the destroy notifies. */
static void
state_free (void *data)
{
  CdbusState *state = data;
  cdbus_properties_free (state);
  cdbus_watches_free (state);
  cdbus_objects_free (state);
  if (state->loop != NULL)
    cdbus_loop_free (state->loop);
  g_free (state->object_manager);
  g_free (state->invalid_args_error);
  g_free (state);
}

static DBusHandlerResult
filter (DBusConnection *connection, DBusMessage *message, void *data)
{
  CdbusState *state = data;
  if (dbus_message_is_signal (message, DBUS_INTERFACE_LOCAL, "Disconnected")
      && dbus_message_has_path (message, DBUS_PATH_LOCAL))
    {
      if (state->lost_func != NULL)
        state->lost_func (connection, state->lost_data);
    }
  else if (dbus_message_is_signal (message, DBUS_INTERFACE_DBUS, "NameOwnerChanged")
           && dbus_message_has_sender (message, DBUS_SERVICE_DBUS))
    cdbus_watch_name_owner_changed (state, message);
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

gboolean
cdbus_setup (DBusConnection *connection, GMainContext *context, const char *invalid_args_error)
{
  g_return_val_if_fail (connection != NULL, FALSE);
  g_return_val_if_fail (
      invalid_args_error != NULL && dbus_validate_error_name (invalid_args_error, NULL), FALSE);

  if (!dbus_connection_allocate_data_slot (&state_slot))
    return FALSE;
  if (dbus_connection_get_data (connection, state_slot) != NULL)
    {
      g_critical ("cdbus_setup: the connection is already set up");
      dbus_connection_free_data_slot (&state_slot);
      return FALSE;
    }

  CdbusState *state = g_new0 (CdbusState, 1);
  state->connection = connection;
  state->context = context ? context : g_main_context_default ();
  state->invalid_args_error = g_strdup (invalid_args_error);
  state->objects = g_hash_table_new (g_str_hash, g_str_equal);
  state->dirty = g_ptr_array_new ();
  state->watches = g_hash_table_new (g_direct_hash, g_direct_equal);
  if (!dbus_connection_set_data (connection, state_slot, state, state_free))
    {
      state_free (state);
      dbus_connection_free_data_slot (&state_slot);
      return FALSE;
    }

  dbus_connection_set_exit_on_disconnect (connection, FALSE);
  state->loop = cdbus_loop_attach (connection, state->context);
  if (state->loop != NULL && dbus_connection_add_filter (connection, filter, state, NULL))
    {
      state->filter_added = TRUE;
      if (cdbus_objects_install (state))
        return TRUE;
    }
  cdbus_shutdown (connection);
  return FALSE;
}

void
cdbus_shutdown (DBusConnection *connection)
{
  CdbusState *state = cdbus_state_get (connection);
  if (state == NULL)
    return;

  if (state->filter_added)
    dbus_connection_remove_filter (connection, filter, state);
  cdbus_objects_uninstall (state);
  cdbus_watches_remove_match (state);
  if (state->loop != NULL)
    cdbus_loop_detach (state->loop);
  state->loop = NULL;

  /* Frees the state through state_free(): the slot is empty before any destroy notify runs, so
   * a notify calling back into the layer finds nothing set up. */
  dbus_connection_set_data (connection, state_slot, NULL, NULL);
  dbus_connection_free_data_slot (&state_slot);
}

void
cdbus_set_disconnect_func (DBusConnection *connection, CdbusConnectionLostFunc func,
                           gpointer user_data)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_if_fail (state != NULL);
  state->lost_func = func;
  state->lost_data = user_data;
}

void
cdbus_set_unknown_object_func (DBusConnection *connection, CdbusUnknownObjectFunc func,
                               gpointer user_data)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_if_fail (state != NULL);
  state->unknown_func = func;
  state->unknown_data = user_data;
}

void
cdbus_set_reply_hold_func (DBusConnection *connection, CdbusReplyHoldFunc func, gpointer user_data)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_if_fail (state != NULL);
  state->reply_hold_func = func;
  state->reply_hold_data = user_data;
}
