/* cdbus-introspect.c: org.freedesktop.DBus.Introspectable, generated from the tables.
 *
 * Every node lists the standard interfaces it answers (Introspectable and Peer everywhere;
 * Properties where an object is; the ObjectManager at its root), then its registered interfaces,
 * then one <node name="…"/> per child: the next path component of every object below it, so that
 * "/" and "/org" lead down to
 * "/org/carcassonne/Engine1" although nothing is registered on them.
 */
#include "config.h"

#include <string.h>
#include "cdbus-private.h"

static const char introspectable_xml[]
    = "  <interface name=\"" DBUS_INTERFACE_INTROSPECTABLE "\">\n"
      "    <method name=\"Introspect\">\n"
      "      <arg name=\"xml_data\" type=\"s\" direction=\"out\"/>\n"
      "    </method>\n"
      "  </interface>\n";

/* libdbus-1 answers Peer on every path itself. */
static const char peer_xml[] = "  <interface name=\"" DBUS_INTERFACE_PEER "\">\n"
                               "    <method name=\"Ping\"/>\n"
                               "    <method name=\"GetMachineId\">\n"
                               "      <arg name=\"machine_uuid\" type=\"s\" direction=\"out\"/>\n"
                               "    </method>\n"
                               "  </interface>\n";

static const char properties_xml[]
    = "  <interface name=\"" DBUS_INTERFACE_PROPERTIES "\">\n"
      "    <method name=\"Get\">\n"
      "      <arg name=\"interface_name\" type=\"s\" direction=\"in\"/>\n"
      "      <arg name=\"property_name\" type=\"s\" direction=\"in\"/>\n"
      "      <arg name=\"value\" type=\"v\" direction=\"out\"/>\n"
      "    </method>\n"
      "    <method name=\"GetAll\">\n"
      "      <arg name=\"interface_name\" type=\"s\" direction=\"in\"/>\n"
      "      <arg name=\"properties\" type=\"a{sv}\" direction=\"out\"/>\n"
      "    </method>\n"
      "    <method name=\"Set\">\n"
      "      <arg name=\"interface_name\" type=\"s\" direction=\"in\"/>\n"
      "      <arg name=\"property_name\" type=\"s\" direction=\"in\"/>\n"
      "      <arg name=\"value\" type=\"v\" direction=\"in\"/>\n"
      "    </method>\n"
      "    <signal name=\"PropertiesChanged\">\n"
      "      <arg name=\"interface_name\" type=\"s\"/>\n"
      "      <arg name=\"changed_properties\" type=\"a{sv}\"/>\n"
      "      <arg name=\"invalidated_properties\" type=\"as\"/>\n"
      "    </signal>\n"
      "  </interface>\n";

static const char object_manager_xml[]
    = "  <interface name=\"" CDBUS_INTERFACE_OBJECT_MANAGER "\">\n"
      "    <method name=\"GetManagedObjects\">\n"
      "      <arg name=\"objects\" type=\"a{oa{sa{sv}}}\" direction=\"out\"/>\n"
      "    </method>\n"
      "    <signal name=\"InterfacesAdded\">\n"
      "      <arg name=\"object_path\" type=\"o\"/>\n"
      "      <arg name=\"interfaces_and_properties\" type=\"a{sa{sv}}\"/>\n"
      "    </signal>\n"
      "    <signal name=\"InterfacesRemoved\">\n"
      "      <arg name=\"object_path\" type=\"o\"/>\n"
      "      <arg name=\"interfaces\" type=\"as\"/>\n"
      "    </signal>\n"
      "  </interface>\n";

static void
append_args (GString *xml, const CdbusArg *args, const char *direction)
{
  for (; args != NULL && args->name != NULL; args++)
    {
      g_string_append_printf (xml, "      <arg name=\"%s\" type=\"%s\"", args->name,
                              args->signature);
      if (direction != NULL)
        g_string_append_printf (xml, " direction=\"%s\"", direction);
      g_string_append (xml, "/>\n");
    }
}

/* <tag name="…"> with its arguments, or <tag name="…"/> without. */
static void
append_member (GString *xml, const char *tag, const char *name, const CdbusArg *in,
               const CdbusArg *out)
{
  gboolean empty = (in == NULL || in->name == NULL) && (out == NULL || out->name == NULL);
  g_string_append_printf (xml, "    <%s name=\"%s\"%s>\n", tag, name, empty ? "/" : "");
  if (empty)
    return;
  append_args (xml, in, g_str_equal (tag, "method") ? "in" : NULL);
  append_args (xml, out, "out");
  g_string_append_printf (xml, "    </%s>\n", tag);
}

/* The org.freedesktop.DBus.Property.EmitsChangedSignal values, by CdbusPropertyEmits; the
 * default ("true") is not written. */
static const char *const emits_values[] = { NULL, "const", "invalidates", "false" };

static void
append_property (GString *xml, const CdbusProperty *p)
{
  const char *emits = (guint)p->emits < G_N_ELEMENTS (emits_values) ? emits_values[p->emits] : NULL;

  g_string_append_printf (xml, "    <property name=\"%s\" type=\"%s\" access=\"read\"%s>\n",
                          p->name, p->signature, emits ? "" : "/");
  if (emits == NULL)
    return;
  g_string_append_printf (xml,
                          "      <annotation name=\"" CDBUS_ANNOTATION_EMITS_CHANGED
                          "\" value=\"%s\"/>\n"
                          "    </property>\n",
                          emits);
}

static void
append_interface (GString *xml, const CdbusInterface *iface)
{
  g_string_append_printf (xml, "  <interface name=\"%s\">\n", iface->name);
  for (const CdbusMethod *m = iface->methods; m != NULL && m->name != NULL; m++)
    append_member (xml, "method", m->name, m->in, m->out);
  for (const CdbusSignal *s = iface->signals; s != NULL && s->name != NULL; s++)
    append_member (xml, "signal", s->name, s->args, NULL);
  for (const CdbusProperty *p = iface->properties; p != NULL && p->name != NULL; p++)
    append_property (xml, p);
  g_string_append (xml, "  </interface>\n");
}

/* Adds to @names the component of @descendant right after @path, if it is below @path. */
static void
add_child_name (GHashTable *names, const char *path, const char *descendant)
{
  if (!cdbus_path_is_below (descendant, path))
    return;
  const char *start = descendant + (g_str_equal (path, "/") ? 1 : strlen (path) + 1);
  const char *end = strchr (start, '/');
  char *name = end ? g_strndup (start, end - start) : g_strdup (start);
  g_hash_table_add (names, name);
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* The sorted names of @path's children (g_free'd strings). */
static GPtrArray *
child_names (CdbusState *state, const char *path)
{
  g_autoptr (GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  const char *p;
  g_hash_table_iter_init (&iter, state->objects);
  while (g_hash_table_iter_next (&iter, (gpointer *)&p, NULL))
    add_child_name (names, path, p);
  if (state->object_manager != NULL)
    add_child_name (names, path, state->object_manager);

  GPtrArray *sorted = g_ptr_array_new_with_free_func (g_free);
  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, (gpointer *)&p, NULL))
    {
      g_hash_table_iter_steal (&iter);
      g_ptr_array_add (sorted, (gpointer)p);
    }
  g_ptr_array_sort (sorted, compare_names);
  return sorted;
}

/* TRUE if the layer answers Introspect at @path: an object, the ObjectManager root, "/", or a
 * node with objects below it. */
gboolean
cdbus_path_exists (CdbusState *state, const char *path)
{
  if (g_str_equal (path, "/") || cdbus_object_lookup (state, path) != NULL
      || g_strcmp0 (path, state->object_manager) == 0)
    return TRUE;
  g_autoptr (GPtrArray) children = child_names (state, path);
  return children->len > 0;
}

char *
cdbus_introspect_path (CdbusState *state, const char *path)
{
  GString *xml = g_string_new (DBUS_INTROSPECT_1_0_XML_DOCTYPE_DECL_NODE);
  g_string_append (xml, "<node>\n");
  g_string_append (xml, introspectable_xml);
  g_string_append (xml, peer_xml);

  CdbusObject *object = cdbus_object_lookup (state, path);
  /* nodes between "/" and the objects answer Introspect only: no Properties there */
  if (object != NULL)
    g_string_append (xml, properties_xml);
  if (g_strcmp0 (path, state->object_manager) == 0)
    g_string_append (xml, object_manager_xml);
  for (guint i = 0; object != NULL && i < object->registrations->len; i++)
    append_interface (xml,
                      ((CdbusRegistration *)g_ptr_array_index (object->registrations, i))->iface);

  g_autoptr (GPtrArray) children = child_names (state, path);
  for (guint i = 0; i < children->len; i++)
    g_string_append_printf (xml, "  <node name=\"%s\"/>\n",
                            (char *)g_ptr_array_index (children, i));
  g_string_append (xml, "</node>\n");
  return g_string_free (xml, FALSE);
}

DBusMessage *
cdbus_introspect_reply (CdbusState *state, DBusMessage *message)
{
  DBusMessage *error = cdbus_check_signature (state, message, "");
  if (error != NULL)
    return error;
  g_autofree char *xml = cdbus_introspect_path (state, dbus_message_get_path (message));
  DBusMessage *reply = dbus_message_new_method_return (message);
  if (reply != NULL && !dbus_message_append_args (reply, DBUS_TYPE_STRING, &xml, DBUS_TYPE_INVALID))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

char *
cdbus_introspect (DBusConnection *connection, const char *path)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_val_if_fail (state != NULL, NULL);
  g_return_val_if_fail (path != NULL && dbus_validate_path (path, NULL), NULL);
  if (!cdbus_path_exists (state, path))
    return NULL;
  return cdbus_introspect_path (state, path);
}
