/* dbus-args.c: appending the daemon's composite D-Bus values. */
#include "config.h"

#include "dbus-args.h"

#include "carc-types.h"

gboolean
carcd_append_location (DBusMessageIter *iter, guint32 location)
{
  g_autofree char *text = carc_location_to_string (location);
  g_auto (GStrv) names = g_strsplit (text, ",", -1);
  DBusMessageIter array;
  gboolean ok;

  if (!dbus_message_iter_open_container (iter, DBUS_TYPE_ARRAY, "s", &array))
    return FALSE;
  ok = TRUE;
  for (guint i = 0; ok && names[i]; i++)
    if (names[i][0])
      ok = dbus_message_iter_append_basic (&array, DBUS_TYPE_STRING, &names[i]);
  if (!ok)
    {
      dbus_message_iter_abandon_container (iter, &array);
      return FALSE;
    }
  return dbus_message_iter_close_container (iter, &array);
}

gboolean
carcd_append_uint_array (DBusMessageIter *iter, const guint *values, guint n)
{
  DBusMessageIter array;
  dbus_uint32_t v[64];

  g_return_val_if_fail (n <= G_N_ELEMENTS (v), FALSE);
  for (guint i = 0; i < n; i++)
    v[i] = values[i];
  const dbus_uint32_t *p = v;
  return dbus_message_iter_open_container (iter, DBUS_TYPE_ARRAY, "u", &array)
         && dbus_message_iter_append_fixed_array (&array, DBUS_TYPE_UINT32, &p, (int)n)
         && dbus_message_iter_close_container (iter, &array);
}

gboolean
carcd_append_path_array (DBusMessageIter *iter, const char *const *paths, guint n)
{
  DBusMessageIter array;

  if (!dbus_message_iter_open_container (iter, DBUS_TYPE_ARRAY, "o", &array))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!dbus_message_iter_append_basic (&array, DBUS_TYPE_OBJECT_PATH, &paths[i]))
      {
        dbus_message_iter_abandon_container (iter, &array);
        return FALSE;
      }
  return dbus_message_iter_close_container (iter, &array);
}
