/* bus.c: D-Bus calls, GVariant <-> libdbus message arguments, error names (see bus.h). */
#include "config.h"

#include <string.h>
#include "bus.h"

GQuark
ctl_error_quark (void)
{
  return g_quark_from_static_string ("carcassonnectl-error-quark");
}

void
ctl_set_dbus_error (GError **error, const DBusError *dbus_error)
{
  const char *name = dbus_error->name ? dbus_error->name : "Failed";
  const char *dot = strrchr (name, '.');
  g_set_error (error, CTL_ERROR, CTL_ERROR_FAILED, "%s: %s", dot ? dot + 1 : name,
               dbus_error->message ? dbus_error->message : "");
}

/* Fixed-size basic types have the same bytes in both (booleans excepted: 4 bytes in D-Bus). */
static const struct
{
  int dbus_type;
  const char *type;
  gsize size;
} fixed_types[] = {
  { DBUS_TYPE_BYTE, "y", 1 },   { DBUS_TYPE_INT16, "n", 2 },  { DBUS_TYPE_UINT16, "q", 2 },
  { DBUS_TYPE_INT32, "i", 4 },  { DBUS_TYPE_UINT32, "u", 4 }, { DBUS_TYPE_INT64, "x", 8 },
  { DBUS_TYPE_UINT64, "t", 8 }, { DBUS_TYPE_DOUBLE, "d", 8 },
};

static GVariant *
iter_to_variant (DBusMessageIter *iter)
{
  int type = dbus_message_iter_get_arg_type (iter);
  DBusBasicValue v;
  DBusMessageIter sub;
  for (guint i = 0; i < G_N_ELEMENTS (fixed_types); i++)
    if (fixed_types[i].dbus_type == type)
      {
        dbus_message_iter_get_basic (iter, &v);
        g_autoptr (GBytes) bytes = g_bytes_new (&v, fixed_types[i].size);
        return g_variant_new_from_bytes (G_VARIANT_TYPE (fixed_types[i].type), bytes, TRUE);
      }
  switch (type)
    {
      case DBUS_TYPE_BOOLEAN:
        dbus_message_iter_get_basic (iter, &v);
        return g_variant_new_boolean (v.bool_val);
      case DBUS_TYPE_STRING:
        dbus_message_iter_get_basic (iter, &v);
        return g_variant_new_string (v.str);
      case DBUS_TYPE_OBJECT_PATH:
        dbus_message_iter_get_basic (iter, &v);
        return g_variant_new_object_path (v.str);
      case DBUS_TYPE_SIGNATURE:
        dbus_message_iter_get_basic (iter, &v);
        return g_variant_new_signature (v.str);
      case DBUS_TYPE_VARIANT:
        dbus_message_iter_recurse (iter, &sub);
        return g_variant_new_variant (iter_to_variant (&sub));
      case DBUS_TYPE_ARRAY:
      case DBUS_TYPE_STRUCT:
      case DBUS_TYPE_DICT_ENTRY:
        {
          char *sig = dbus_message_iter_get_signature (iter);
          GVariantBuilder b;
          if (type == DBUS_TYPE_DICT_ENTRY)
            {
              /* A dict entry's signature alone is not a complete type; build it by hand. */
              dbus_message_iter_recurse (iter, &sub);
              GVariant *key = iter_to_variant (&sub);
              dbus_message_iter_next (&sub);
              GVariant *value = iter_to_variant (&sub);
              dbus_free (sig);
              return g_variant_new_dict_entry (key, value);
            }
          g_variant_builder_init (&b, type == DBUS_TYPE_STRUCT ? G_VARIANT_TYPE_TUPLE
                                                               : G_VARIANT_TYPE (sig));
          dbus_free (sig);
          dbus_message_iter_recurse (iter, &sub);
          while (dbus_message_iter_get_arg_type (&sub) != DBUS_TYPE_INVALID)
            {
              g_variant_builder_add_value (&b, iter_to_variant (&sub));
              dbus_message_iter_next (&sub);
            }
          return g_variant_builder_end (&b);
        }
      default:
        /* Unix fds and anything newer: not part of this API. */
        return g_variant_new_string ("");
    }
}

GVariant *
ctl_message_get_args (DBusMessage *message)
{
  DBusMessageIter iter;
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_TUPLE);
  if (dbus_message_iter_init (message, &iter))
    do
      g_variant_builder_add_value (&b, iter_to_variant (&iter));
    while (dbus_message_iter_next (&iter));
  return g_variant_ref_sink (g_variant_builder_end (&b));
}

static gboolean
append_value (DBusMessageIter *iter, GVariant *value)
{
  DBusMessageIter sub;
  gboolean ok = TRUE;
  DBusBasicValue v;
  for (guint i = 0; i < G_N_ELEMENTS (fixed_types); i++)
    if (g_variant_is_of_type (value, G_VARIANT_TYPE (fixed_types[i].type)))
      return dbus_message_iter_append_basic (iter, fixed_types[i].dbus_type,
                                             g_variant_get_data (value));
  switch (g_variant_classify (value))
    {
      case G_VARIANT_CLASS_BOOLEAN:
        v.bool_val = g_variant_get_boolean (value);
        return dbus_message_iter_append_basic (iter, DBUS_TYPE_BOOLEAN, &v);
      case G_VARIANT_CLASS_STRING:
      case G_VARIANT_CLASS_OBJECT_PATH:
      case G_VARIANT_CLASS_SIGNATURE:
        {
          const char *s = g_variant_get_string (value, NULL);
          int type = g_variant_is_of_type (value, G_VARIANT_TYPE_STRING) ? DBUS_TYPE_STRING
                     : g_variant_is_of_type (value, G_VARIANT_TYPE_OBJECT_PATH)
                         ? DBUS_TYPE_OBJECT_PATH
                         : DBUS_TYPE_SIGNATURE;
          return dbus_message_iter_append_basic (iter, type, &s);
        }
      case G_VARIANT_CLASS_VARIANT:
        {
          g_autoptr (GVariant) child = g_variant_get_variant (value);
          if (!dbus_message_iter_open_container (iter, DBUS_TYPE_VARIANT,
                                                 g_variant_get_type_string (child), &sub))
            return FALSE;
          ok = append_value (&sub, child);
          return dbus_message_iter_close_container (iter, &sub) && ok;
        }
      case G_VARIANT_CLASS_ARRAY:
      case G_VARIANT_CLASS_TUPLE:
      case G_VARIANT_CLASS_DICT_ENTRY:
        {
          int type = g_variant_is_of_type (value, G_VARIANT_TYPE_ARRAY) ? DBUS_TYPE_ARRAY
                     : g_variant_is_of_type (value, G_VARIANT_TYPE_DICT_ENTRY)
                         ? DBUS_TYPE_DICT_ENTRY
                         : DBUS_TYPE_STRUCT;
          const char *elem = type == DBUS_TYPE_ARRAY ? g_variant_get_type_string (value) + 1 : NULL;
          if (!dbus_message_iter_open_container (iter, type, elem, &sub))
            return FALSE;
          for (gsize i = 0; ok && i < g_variant_n_children (value); i++)
            {
              g_autoptr (GVariant) child = g_variant_get_child_value (value, i);
              ok = append_value (&sub, child);
            }
          return dbus_message_iter_close_container (iter, &sub) && ok;
        }
      default:
        return FALSE;
    }
}

gboolean
ctl_message_append_args (DBusMessage *message, GVariant *args)
{
  DBusMessageIter iter;
  dbus_message_iter_init_append (message, &iter);
  for (gsize i = 0; i < g_variant_n_children (args); i++)
    {
      g_autoptr (GVariant) child = g_variant_get_child_value (args, i);
      if (!append_value (&iter, child))
        return FALSE;
    }
  return TRUE;
}

GVariant *
ctl_call (DBusConnection *conn, const char *path, const char *iface, const char *method,
          GVariant *args, GError **error)
{
  return ctl_call_timeout (conn, path, iface, method, args, DBUS_TIMEOUT_USE_DEFAULT, error);
}

GVariant *
ctl_call_timeout (DBusConnection *conn, const char *path, const char *iface, const char *method,
                  GVariant *args, int timeout_ms, GError **error)
{
  g_autoptr (GVariant) owned = args ? g_variant_ref_sink (args) : NULL;
  DBusMessage *call = dbus_message_new_method_call (CTL_BUS_NAME, path, iface, method);
  if (!call || (owned && !ctl_message_append_args (call, owned)))
    g_error ("out of memory");
  DBusError derr = DBUS_ERROR_INIT;
  DBusMessage *reply = dbus_connection_send_with_reply_and_block (conn, call, timeout_ms, &derr);
  dbus_message_unref (call);
  if (!reply)
    {
      ctl_set_dbus_error (error, &derr);
      dbus_error_free (&derr);
      return NULL;
    }
  GVariant *out = ctl_message_get_args (reply);
  dbus_message_unref (reply);
  return out;
}

static GVariant *
check_type (GVariant *reply, const char *method, const char *type, GError **error)
{
  if (reply && !g_variant_is_of_type (reply, G_VARIANT_TYPE (type)))
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_FAILED, "%s answered %s, not %s", method,
                   g_variant_get_type_string (reply), type);
      g_clear_pointer (&reply, g_variant_unref);
    }
  return reply;
}

GVariant *
ctl_call_typed (DBusConnection *conn, const char *path, const char *method, GVariant *args,
                const char *reply_type, GError **error)
{
  return check_type (ctl_call (conn, path, CTL_IFACE_GAME, method, args, error), method, reply_type,
                     error);
}

GVariant *
ctl_get_all (DBusConnection *conn, const char *path, const char *iface, GError **error)
{
  g_autoptr (GVariant) reply = check_type (
      ctl_call (conn, path, CTL_IFACE_PROPS, "GetAll", g_variant_new ("(s)", iface), error),
      "GetAll", "(a{sv})", error);
  return reply ? g_variant_get_child_value (reply, 0) : NULL;
}

char *
ctl_game_path (const char *arg, GError **error)
{
  guint64 n;
  if (g_variant_is_object_path (arg) && g_str_has_prefix (arg, CTL_GAME_PREFIX))
    return g_strdup (arg);
  if (g_ascii_string_to_unsigned (arg, 10, 1, G_MAXUINT32, &n, NULL))
    return g_strdup_printf (CTL_GAME_PREFIX "%" G_GUINT64_FORMAT, n);
  g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
               "'%s' is not a game: give its number or its object path (" CTL_GAME_PREFIX "N)",
               arg);
  return NULL;
}

gint
ctl_player_path_seat (const char *path)
{
  const char *p = path ? g_strrstr (path, "/player/") : NULL;
  guint64 k;
  if (!p || !g_ascii_string_to_unsigned (p + strlen ("/player/"), 10, 0, 255, &k, NULL))
    return -1;
  return (gint)k;
}
