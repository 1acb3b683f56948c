/* dbus-args.c: appending the daemon's composite D-Bus values. */
#include "config.h"

#include "dbus-args.h"

#include "carcassonne.h"

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

/* An array of @n strings of @type ("s" or "o"). */
static gboolean
append_strings (DBusMessageIter *iter, int type, const char *const *strings, guint n)
{
  DBusMessageIter array;
  const char signature[2] = { (char)type, '\0' };

  if (!dbus_message_iter_open_container (iter, DBUS_TYPE_ARRAY, signature, &array))
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (!dbus_message_iter_append_basic (&array, type, &strings[i]))
      {
        dbus_message_iter_abandon_container (iter, &array);
        return FALSE;
      }
  return dbus_message_iter_close_container (iter, &array);
}

gboolean
carcd_append_path_array (DBusMessageIter *iter, const char *const *paths, guint n)
{
  return append_strings (iter, DBUS_TYPE_OBJECT_PATH, paths, n);
}

gboolean
carcd_append_string_array (DBusMessageIter *iter, const char *const *strings, guint n)
{
  return append_strings (iter, DBUS_TYPE_STRING, strings, n);
}

gboolean
carcd_append_placements (DBusMessageIter *iter, const CarcPlacement *p, guint n)
{
  DBusMessageIter array, st;
  gboolean ok = dbus_message_iter_open_container (iter, DBUS_TYPE_ARRAY, "(iiu)", &array);

  for (guint i = 0; ok && i < n; i++)
    {
      dbus_int32_t x = p[i].x, y = p[i].y;
      dbus_uint32_t r = p[i].rotation;
      ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &x)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &y)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &r)
           && dbus_message_iter_close_container (&array, &st);
    }
  /* on failure the caller drops the whole message */
  return ok && dbus_message_iter_close_container (iter, &array);
}

DBusMessage *
carcd_reply_with (DBusMessage *msg, gboolean (*append) (DBusMessageIter *iter, gpointer data),
                  gpointer data)
{
  DBusMessage *reply = dbus_message_new_method_return (msg);
  DBusMessageIter it;

  if (reply == NULL)
    return NULL;
  dbus_message_iter_init_append (reply, &it);
  if (!append (&it, data))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

gboolean
carcd_append_deployments (DBusMessageIter *it, CarcGame *game, const CarcDeployment *d, guint n)
{
  DBusMessageIter array, st;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(suuas)", &array);

  for (guint i = 0; ok && i < n; i++)
    {
      dbus_uint32_t segment = d[i].segment, kind = d[i].kind;
      const char *figure = carc_game_get_figure_name (game, d[i].figure);
      ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &figure)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &segment)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &kind)
           && carcd_append_location (&st, d[i].location)
           && dbus_message_iter_close_container (&array, &st);
    }
  return ok && dbus_message_iter_close_container (it, &array);
}

static gboolean
append_str (DBusMessageIter *it, const char *s)
{
  return dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &s);
}

/* One option: (name, "b" or "u", description, default as a variant of that type, the
 * smallest and the largest value: 0 and 1 for a boolean). */
gboolean
carcd_append_option_def (DBusMessageIter *array, const CarcOptionDef *def)
{
  DBusMessageIter st, variant;
  gboolean boolean = def->type == CARC_OPTION_BOOLEAN;
  const char *type = boolean ? "b" : "u";
  dbus_uint32_t u = def->default_value;
  dbus_bool_t b = u != 0;
  dbus_uint32_t min = boolean ? 0 : def->min, max = boolean ? 1 : def->max;

  return dbus_message_iter_open_container (array, DBUS_TYPE_STRUCT, NULL, &st)
         && append_str (&st, def->name) && append_str (&st, type)
         && append_str (&st, def->description ? def->description : "")
         && dbus_message_iter_open_container (&st, DBUS_TYPE_VARIANT, type, &variant)
         && (boolean ? dbus_message_iter_append_basic (&variant, DBUS_TYPE_BOOLEAN, &b)
                     : dbus_message_iter_append_basic (&variant, DBUS_TYPE_UINT32, &u))
         && dbus_message_iter_close_container (&st, &variant)
         && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &min)
         && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &max)
         && dbus_message_iter_close_container (array, &st);
}
