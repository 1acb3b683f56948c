/* cdbus-util.c: connecting to a bus, error replies and a{sv} helpers.
 *
 * The connections made here are private (dbus_bus_get_private(),
 * dbus_connection_open_private()): the caller owns the only reference, and closes the
 * connection with dbus_connection_close() before dropping it.
 */
#include "config.h"

#include <gio/gio.h>
#include "cdbus-private.h"

/* The length of the first @max bytes of the UTF-8 @text or less, ending between characters. */
static gsize
utf8_prefix (const char *text, gsize max)
{
  gsize n = max;
  while (n > 0 && ((guchar)text[n] & 0xc0) == 0x80)
    n--;
  return n;
}

char *
cdbus_echo (const char *text)
{
  gsize len = text ? strlen (text) : 0;
  if (len <= CDBUS_ECHO_MAX)
    return g_strdup (text ? text : "");
  return g_strdup_printf ("%.*s... (%" G_GSIZE_FORMAT " bytes)",
                          (int)utf8_prefix (text, CDBUS_ECHO_MAX), text, len);
}

DBusMessage *
cdbus_error (DBusMessage *message, const char *name, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *text = g_strdup_vprintf (format, args);
  va_end (args);
  gsize len = strlen (text);
  if (len > CDBUS_ERROR_TEXT_MAX)
    {
      /* the safety net: a caller quoted something long without cdbus_echo() */
      g_autofree char *cut
          = g_strdup_printf ("%.*s... (%" G_GSIZE_FORMAT " bytes)",
                             (int)utf8_prefix (text, CDBUS_ERROR_TEXT_MAX), text, len);
      return dbus_message_new_error (message, name, cut);
    }
  if (!g_utf8_validate (text, -1, NULL))
    {
      /* the other safety net: libdbus aborts on a message that is not UTF-8 (a caller's
       * string quoted with "%.Ns" and cut inside a character) */
      g_autofree char *valid = g_utf8_make_valid (text, -1);
      return dbus_message_new_error (message, name, valid);
    }
  return dbus_message_new_error (message, name, text);
}

gboolean
cdbus_dict_next (DBusMessageIter *array, const char **key, DBusMessageIter *value)
{
  /* Positioned on the a{sv} itself: step into it first (the iterator then walks the entries). */
  if (dbus_message_iter_get_arg_type (array) == DBUS_TYPE_ARRAY
      && dbus_message_iter_get_element_type (array) == DBUS_TYPE_DICT_ENTRY)
    {
      DBusMessageIter entries;
      dbus_message_iter_recurse (array, &entries);
      *array = entries;
    }
  if (dbus_message_iter_get_arg_type (array) != DBUS_TYPE_DICT_ENTRY)
    return FALSE;

  DBusMessageIter entry;
  dbus_message_iter_recurse (array, &entry);
  if (dbus_message_iter_get_arg_type (&entry) != DBUS_TYPE_STRING)
    return FALSE;
  dbus_message_iter_get_basic (&entry, key);
  dbus_message_iter_next (&entry);
  if (dbus_message_iter_get_arg_type (&entry) != DBUS_TYPE_VARIANT)
    return FALSE;
  dbus_message_iter_recurse (&entry, value);
  dbus_message_iter_next (array);
  return TRUE;
}

gboolean
cdbus_dict_append_basic (DBusMessageIter *dict, const char *key, int type, const void *value)
{
  g_return_val_if_fail (dbus_type_is_basic (type), FALSE);
  const char signature[2] = { (char)type, '\0' };
  DBusMessageIter entry, variant;
  if (!dbus_message_iter_open_container (dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry))
    return FALSE;
  if (dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key)
      && dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, signature, &variant))
    {
      if (dbus_message_iter_append_basic (&variant, type, value)
          && dbus_message_iter_close_container (&entry, &variant))
        return dbus_message_iter_close_container (dict, &entry);
      dbus_message_iter_abandon_container_if_open (&entry, &variant);
    }
  dbus_message_iter_abandon_container (dict, &entry);
  return FALSE;
}

static void
connection_drop (DBusConnection *connection)
{
  cdbus_shutdown (connection);
  dbus_connection_close (connection);
  dbus_connection_unref (connection);
}

/* Sets @connection up and takes @name; frees the connection on failure. */
static DBusConnection *
connection_finish (DBusConnection *connection, const char *name, const char *invalid_args_error,
                   GError **error)
{
  if (!cdbus_setup (connection, NULL, invalid_args_error))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Cannot set up the bus connection");
      connection_drop (connection);
      return NULL;
    }
  if (name == NULL)
    return connection;

  DBusError dbus_error;
  dbus_error_init (&dbus_error);
  int result = dbus_bus_request_name (connection, name, DBUS_NAME_FLAG_DO_NOT_QUEUE, &dbus_error);
  if (dbus_error_is_set (&dbus_error))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Cannot request the name %s: %s", name,
                   dbus_error.message);
      dbus_error_free (&dbus_error);
      connection_drop (connection);
      return NULL;
    }
  if (result != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER
      && result != DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_EXISTS, "The name %s is already taken", name);
      connection_drop (connection);
      return NULL;
    }
  return connection;
}

/* Converts a failed connection attempt into @error. */
static DBusConnection *
connect_failed (DBusError *dbus_error, GError **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Cannot connect to the bus: %s",
               dbus_error->message);
  dbus_error_free (dbus_error);
  return NULL;
}

DBusConnection *
cdbus_connect (DBusBusType type, const char *name, const char *invalid_args_error, GError **error)
{
  DBusError dbus_error;
  dbus_error_init (&dbus_error);
  DBusConnection *connection = dbus_bus_get_private (type, &dbus_error);
  if (connection == NULL)
    return connect_failed (&dbus_error, error);
  return connection_finish (connection, name, invalid_args_error, error);
}

DBusConnection *
cdbus_connect_address (const char *address, const char *name, const char *invalid_args_error,
                       GError **error)
{
  DBusError dbus_error;
  dbus_error_init (&dbus_error);
  DBusConnection *connection = dbus_connection_open_private (address, &dbus_error);
  if (connection == NULL)
    return connect_failed (&dbus_error, error);
  if (!dbus_bus_register (connection, &dbus_error))
    {
      dbus_connection_close (connection);
      dbus_connection_unref (connection);
      return connect_failed (&dbus_error, error);
    }
  return connection_finish (connection, name, invalid_args_error, error);
}
