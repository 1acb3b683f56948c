/* test-cdbus.c: the cdbus helper layer on a private session bus (run under dbus-run-session).
 *
 * Each test opens a service connection through cdbus and a plain libdbus client connection; the
 * client sends without pending calls and records everything it receives in order, so a test
 * can check which of a signal and a reply came first.
 */
#include "config.h"

#include <check.h>
#include <gio/gio.h>
#include <string.h>
#include "cdbus.h"
#include "check-run.h"

#define SERVICE_NAME "org.carcassonne.Test1"
#define INVALID_ARGS "org.carcassonne.Test1.Error.InvalidArgs"
#define ROOT         "/org/carcassonne/Test1"
#define PATH         ROOT "/thing"
#define IFACE        "org.carcassonne.Test1.Thing"
#define EXTRA        "org.carcassonne.Test1.Extra"
#define MODES        "org.carcassonne.Test1.Modes"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DBusMessage, dbus_message_unref)

typedef struct
{
  char *path;
  dbus_int32_t count;
  char *name;
} Thing;

/* The test's connections and what the client received; each test runs in its own process. */
static struct
{
  DBusConnection *service;
  DBusConnection *client;
  GPtrArray *received; /* DBusMessage, in arrival order */
  guint destroyed;     /* destroy notifies called */
  guint criticals;     /* g_critical calls seen */
} t;

/* The Thing interface: methods, a signal, two properties. */

static void
thing_free (gpointer data)
{
  Thing *thing = data;
  t.destroyed++;
  g_free (thing->path);
  g_free (thing->name);
  g_free (thing);
}

static DBusMessage *
thing_place (DBusConnection *connection, DBusMessage *message, gpointer user_data)
{
  DBusMessageIter iter, value;
  dbus_int32_t x, y, bonus = 0;
  dbus_uint32_t rotation;
  const char *key;
  dbus_message_iter_init (message, &iter);
  dbus_message_iter_get_basic (&iter, &x);
  dbus_message_iter_next (&iter);
  dbus_message_iter_get_basic (&iter, &y);
  dbus_message_iter_next (&iter);
  dbus_message_iter_get_basic (&iter, &rotation);
  dbus_message_iter_next (&iter);
  while (cdbus_dict_next (&iter, &key, &value))
    if (g_str_equal (key, "bonus") && dbus_message_iter_get_arg_type (&value) == DBUS_TYPE_INT32)
      dbus_message_iter_get_basic (&value, &bonus);
  dbus_int32_t score = x + y + (dbus_int32_t)rotation + bonus;
  DBusMessage *reply = dbus_message_new_method_return (message);
  dbus_message_append_args (reply, DBUS_TYPE_INT32, &score, DBUS_TYPE_INVALID);
  return reply;
}

/* Three changes to two properties. */
static DBusMessage *
thing_bump (DBusConnection *connection, DBusMessage *message, gpointer user_data)
{
  Thing *thing = user_data;
  thing->count++;
  cdbus_property_changed (connection, thing->path, IFACE, "Count");
  g_free (thing->name);
  thing->name = g_strdup_printf ("bumped %d", thing->count);
  cdbus_property_changed (connection, thing->path, IFACE, "Name");
  thing->count++;
  cdbus_property_changed (connection, thing->path, IFACE, "Count");
  return dbus_message_new_method_return (message);
}

static DBusMessage *
thing_emit (DBusConnection *connection, DBusMessage *message, gpointer user_data)
{
  Thing *thing = user_data;
  DBusMessage *signal = cdbus_signal_new (connection, thing->path, IFACE, "Changed");
  const char *what = "emitted";
  dbus_message_append_args (signal, DBUS_TYPE_STRING, &what, DBUS_TYPE_INT32, &thing->count,
                            DBUS_TYPE_INVALID);
  cdbus_send_signal (connection, signal);
  return dbus_message_new_method_return (message);
}

static DBusMessage *
thing_fail (DBusConnection *connection, DBusMessage *message, gpointer user_data)
{
  return cdbus_error (message, "org.carcassonne.Test1.Error.Nope", "nope %d", 3);
}

static gboolean
thing_get_count (DBusMessageIter *iter, gpointer user_data)
{
  Thing *thing = user_data;
  return dbus_message_iter_append_basic (iter, DBUS_TYPE_INT32, &thing->count);
}

static gboolean
thing_get_name (DBusMessageIter *iter, gpointer user_data)
{
  Thing *thing = user_data;
  return dbus_message_iter_append_basic (iter, DBUS_TYPE_STRING, &thing->name);
}

static gboolean
extra_get_flag (DBusMessageIter *iter, gpointer user_data)
{
  dbus_bool_t flag = TRUE;
  return dbus_message_iter_append_basic (iter, DBUS_TYPE_BOOLEAN, &flag);
}

static const CdbusArg place_in[]
    = { { "x", "i" }, { "y", "i" }, { "rotation", "u" }, { "options", "a{sv}" }, { NULL, NULL } };
static const CdbusArg place_out[] = { { "score", "i" }, { NULL, NULL } };
static const CdbusArg changed_args[] = { { "what", "s" }, { "count", "i" }, { NULL, NULL } };

static const CdbusMethod thing_methods[] = {
  { "Place", place_in, place_out, thing_place },
  { "Bump", NULL, NULL, thing_bump },
  { "Emit", NULL, NULL, thing_emit },
  { "Fail", NULL, NULL, thing_fail },
  { NULL, NULL, NULL, NULL },
};
static const CdbusSignal thing_signals[] = { { "Changed", changed_args }, { NULL, NULL } };
static const CdbusProperty thing_properties[] = {
  { "Count", "i", thing_get_count, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Name", "s", thing_get_name, CDBUS_PROPERTY_EMITS_CHANGED },
  { NULL },
};
static const CdbusInterface thing_interface
    = { IFACE, thing_methods, thing_signals, thing_properties, NULL };

static const CdbusProperty extra_properties[]
    = { { "Flag", "b", extra_get_flag, CDBUS_PROPERTY_EMITS_CHANGED }, { NULL } };
static const CdbusInterface extra_interface = { EXTRA, NULL, NULL, extra_properties, NULL };

/* One property of each EmitsChangedSignal kind. */
static const CdbusProperty modes_properties[] = {
  { "Plain", "b", extra_get_flag, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Fixed", "b", extra_get_flag, CDBUS_PROPERTY_CONST },
  { "Large", "b", extra_get_flag, CDBUS_PROPERTY_INVALIDATES },
  { "Quiet", "b", extra_get_flag, CDBUS_PROPERTY_NO_SIGNAL },
  { NULL },
};
static const CdbusInterface modes_interface = { MODES, NULL, NULL, modes_properties, NULL };

static Thing *
register_thing (const char *path)
{
  Thing *thing = g_new0 (Thing, 1);
  thing->path = g_strdup (path);
  thing->count = 1;
  thing->name = g_strdup ("new");
  ck_assert (cdbus_register_interface (t.service, path, &thing_interface, thing, thing_free));
  return thing;
}

/* The client side. */

static DBusHandlerResult
client_filter (DBusConnection *connection, DBusMessage *message, void *data)
{
  g_ptr_array_add (t.received, dbus_message_ref (message));
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}

static void
count_critical (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  t.criticals++;
}

static void
setup (void)
{
  g_autoptr (GError) error = NULL;
  t.service = cdbus_connect (DBUS_BUS_SESSION, SERVICE_NAME, INVALID_ARGS, &error);
  ck_assert_msg (t.service != NULL, "%s", error ? error->message : "");
  t.client = dbus_bus_get_private (DBUS_BUS_SESSION, NULL);
  ck_assert_ptr_nonnull (t.client);
  dbus_connection_set_exit_on_disconnect (t.client, FALSE);
  t.received = g_ptr_array_new_with_free_func ((GDestroyNotify)dbus_message_unref);
  ck_assert (dbus_connection_add_filter (t.client, client_filter, NULL, NULL));

  g_autofree char *rule
      = g_strdup_printf ("type='signal',sender='%s'", dbus_bus_get_unique_name (t.service));
  DBusError dbus_error;
  dbus_error_init (&dbus_error);
  dbus_bus_add_match (t.client, rule, &dbus_error);
  ck_assert_msg (!dbus_error_is_set (&dbus_error), "%s", dbus_error.message);
  g_log_set_handler (NULL, G_LOG_LEVEL_CRITICAL, count_critical, NULL);
}

static void
teardown (void)
{
  if (t.service != NULL)
    {
      cdbus_shutdown (t.service);
      dbus_connection_close (t.service);
      dbus_connection_unref (t.service);
    }
  dbus_connection_close (t.client);
  dbus_connection_unref (t.client);
  g_ptr_array_unref (t.received);
  memset (&t, 0, sizeof t);
}

/* Runs the service's main context and reads what reached the client, once. */
static void
pump (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
  dbus_connection_read_write (t.client, 5);
  while (dbus_connection_dispatch (t.client) == DBUS_DISPATCH_DATA_REMAINS)
    ;
}

/* Pumps for @ms milliseconds. */
static void
pump_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;
  while (g_get_monotonic_time () < end)
    pump ();
}

static DBusMessage *
new_call (const char *path, const char *interface, const char *method)
{
  return dbus_message_new_method_call (dbus_bus_get_unique_name (t.service), path, interface,
                                       method);
}

/* The index in t.received of the reply to @serial, or -1. */
static int
reply_index (dbus_uint32_t serial)
{
  for (guint i = 0; i < t.received->len; i++)
    {
      DBusMessage *m = g_ptr_array_index (t.received, i);
      if (dbus_message_get_type (m) != DBUS_MESSAGE_TYPE_SIGNAL
          && dbus_message_get_reply_serial (m) == serial)
        return (int)i;
    }
  return -1;
}

/* Sends @call (taking it) and waits for its reply; @index gets the reply's place in
 * t.received. Returns a new reference. */
static DBusMessage *
call_full (DBusMessage *call, int *index)
{
  dbus_uint32_t serial;
  ck_assert (dbus_connection_send (t.client, call, &serial));
  dbus_message_unref (call);
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  int i;
  while ((i = reply_index (serial)) < 0)
    {
      ck_assert_msg (g_get_monotonic_time () < end, "no reply");
      pump ();
    }
  if (index != NULL)
    *index = i;
  return dbus_message_ref (g_ptr_array_index (t.received, i));
}

static DBusMessage *
call (DBusMessage *message)
{
  return call_full (message, NULL);
}

static void
assert_error (DBusMessage *reply, const char *name)
{
  ck_assert_int_eq (dbus_message_get_type (reply), DBUS_MESSAGE_TYPE_ERROR);
  ck_assert_str_eq (dbus_message_get_error_name (reply), name);
}

static void
assert_return (DBusMessage *reply)
{
  if (dbus_message_get_type (reply) == DBUS_MESSAGE_TYPE_ERROR)
    {
      const char *text = "";
      dbus_message_get_args (reply, NULL, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID);
      ck_abort_msg ("error %s: %s", dbus_message_get_error_name (reply), text);
    }
  ck_assert_int_eq (dbus_message_get_type (reply), DBUS_MESSAGE_TYPE_METHOD_RETURN);
}

static const char *
error_text (DBusMessage *reply)
{
  const char *text = NULL;
  ck_assert (dbus_message_get_args (reply, NULL, DBUS_TYPE_STRING, &text, DBUS_TYPE_INVALID));
  return text;
}

/* The received signals named @member, in order. */
static GPtrArray *
signals_named (const char *member)
{
  GPtrArray *found = g_ptr_array_new ();
  for (guint i = 0; i < t.received->len; i++)
    {
      DBusMessage *m = g_ptr_array_index (t.received, i);
      if (dbus_message_get_type (m) == DBUS_MESSAGE_TYPE_SIGNAL
          && g_str_equal (dbus_message_get_member (m), member))
        g_ptr_array_add (found, m);
    }
  return found;
}

static guint
received_index (DBusMessage *message)
{
  guint index;
  ck_assert (g_ptr_array_find (t.received, message, &index));
  return index;
}

static DBusMessage *
properties_call (const char *path, const char *method, const char *interface, const char *name)
{
  DBusMessage *m = new_call (path, DBUS_INTERFACE_PROPERTIES, method);
  dbus_message_append_args (m, DBUS_TYPE_STRING, &interface, DBUS_TYPE_INVALID);
  if (name != NULL)
    dbus_message_append_args (m, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  return m;
}

/* Reads an a{sv} at @iter into "key=value" strings, for int32, boolean and string values. */
static char *
dict_to_string (DBusMessageIter *iter)
{
  GString *out = g_string_new (NULL);
  const char *key;
  DBusMessageIter value;
  DBusMessageIter entries = *iter;
  while (cdbus_dict_next (&entries, &key, &value))
    {
      g_string_append_printf (out, "%s%s=", out->len ? " " : "", key);
      int type = dbus_message_iter_get_arg_type (&value);
      if (type == DBUS_TYPE_INT32 || type == DBUS_TYPE_BOOLEAN)
        {
          dbus_int32_t v;
          dbus_message_iter_get_basic (&value, &v);
          g_string_append_printf (out, "%d", v);
        }
      else if (type == DBUS_TYPE_STRING)
        {
          const char *s;
          dbus_message_iter_get_basic (&value, &s);
          g_string_append_printf (out, "'%s'", s);
        }
      else
        g_string_append_c (out, '?');
    }
  return g_string_free (out, FALSE);
}

static DBusMessage *
place_call (gboolean with_options)
{
  DBusMessage *m = new_call (PATH, IFACE, "Place");
  dbus_int32_t x = 1, y = 2, bonus = 10;
  DBusMessageIter iter, dict;
  dbus_message_iter_init_append (m, &iter);
  dbus_message_iter_append_basic (&iter, DBUS_TYPE_INT32, &x);
  dbus_message_iter_append_basic (&iter, DBUS_TYPE_INT32, &y);
  if (with_options)
    {
      dbus_uint32_t rotation = 3;
      dbus_message_iter_append_basic (&iter, DBUS_TYPE_UINT32, &rotation);
      dbus_message_iter_open_container (&iter, DBUS_TYPE_ARRAY, "{sv}", &dict);
      cdbus_dict_append_basic (&dict, "bonus", DBUS_TYPE_INT32, &bonus);
      dbus_message_iter_close_container (&iter, &dict);
    }
  return m;
}

/* A call whose signature matches the table runs the handler; the a{sv} helpers both ways. */
START_TEST (test_method_dispatch)
{
  register_thing (PATH);
  g_autoptr (DBusMessage) reply = call (place_call (TRUE));
  assert_return (reply);
  dbus_int32_t score = 0;
  ck_assert (dbus_message_get_args (reply, NULL, DBUS_TYPE_INT32, &score, DBUS_TYPE_INVALID));
  ck_assert_int_eq (score, 1 + 2 + 3 + 10);

  /* Without an interface, the method is looked up in every interface of the object. */
  g_autoptr (DBusMessage) no_iface = call (new_call (PATH, NULL, "Fail"));
  assert_error (no_iface, "org.carcassonne.Test1.Error.Nope");
  ck_assert_str_eq (error_text (no_iface), "nope 3");
}
END_TEST

START_TEST (test_signature_mismatch)
{
  register_thing (PATH);
  g_autoptr (DBusMessage) reply = call (place_call (FALSE));
  assert_error (reply, INVALID_ARGS);
  ck_assert_str_eq (error_text (reply), "Method Place expects signature (iiua{sv}), got (ii)");

  g_autoptr (DBusMessage) get = new_call (PATH, DBUS_INTERFACE_PROPERTIES, "Get");
  const char *s = IFACE;
  dbus_message_append_args (get, DBUS_TYPE_STRING, &s, DBUS_TYPE_INVALID);
  g_autoptr (DBusMessage) get_reply = call (g_steal_pointer (&get));
  assert_error (get_reply, INVALID_ARGS);
  ck_assert_str_eq (error_text (get_reply), "Method Get expects signature (ss), got (s)");
}
END_TEST

static DBusMessage *
custom_unknown_object (DBusConnection *connection, DBusMessage *message, gpointer user_data)
{
  return cdbus_error (message, user_data, "nothing at %s", dbus_message_get_path (message));
}

START_TEST (test_unknown_errors)
{
  register_thing (PATH);
  g_autoptr (DBusMessage) method = call (new_call (PATH, IFACE, "Nope"));
  assert_error (method, DBUS_ERROR_UNKNOWN_METHOD);
  g_autoptr (DBusMessage) iface = call (new_call (PATH, "org.carcassonne.Test1.Nope", "Place"));
  assert_error (iface, DBUS_ERROR_UNKNOWN_METHOD);
  g_autoptr (DBusMessage) object = call (new_call (ROOT "/nope", IFACE, "Place"));
  assert_error (object, DBUS_ERROR_UNKNOWN_OBJECT);
  g_autoptr (DBusMessage) property = call (properties_call (PATH, "Get", IFACE, "Nope"));
  assert_error (property, DBUS_ERROR_UNKNOWN_PROPERTY);
  g_autoptr (DBusMessage) prop_iface
      = call (properties_call (PATH, "GetAll", "org.carcassonne.Test1.Nope", NULL));
  assert_error (prop_iface, DBUS_ERROR_UNKNOWN_INTERFACE);
  /* An intermediate node has no object: only Introspect is answered there. */
  g_autoptr (DBusMessage) node = call (properties_call (ROOT, "GetAll", IFACE, NULL));
  assert_error (node, DBUS_ERROR_UNKNOWN_OBJECT);

  cdbus_set_unknown_object_func (t.service, custom_unknown_object,
                                 "org.carcassonne.Test1.Error.NoSuchGame");
  g_autoptr (DBusMessage) custom = call (new_call (ROOT "/game/7", IFACE, "Place"));
  assert_error (custom, "org.carcassonne.Test1.Error.NoSuchGame");
  ck_assert_str_eq (error_text (custom), "nothing at " ROOT "/game/7");

  /* libdbus answers Peer itself. */
  g_autoptr (DBusMessage) ping = call (new_call (PATH, DBUS_INTERFACE_PEER, "Ping"));
  assert_return (ping);
}
END_TEST

START_TEST (test_properties_get)
{
  Thing *thing = register_thing (PATH);
  thing->count = 42;
  ck_assert (cdbus_register_interface (t.service, PATH, &extra_interface, NULL, NULL));
  ck_assert (!cdbus_register_interface (t.service, PATH, &extra_interface, NULL, NULL));
  ck_assert (!cdbus_register_interface (t.service, "no/path", &extra_interface, NULL, NULL));

  g_autoptr (DBusMessage) get = call (properties_call (PATH, "Get", IFACE, "Count"));
  assert_return (get);
  ck_assert_str_eq (dbus_message_get_signature (get), "v");
  DBusMessageIter iter, variant;
  dbus_message_iter_init (get, &iter);
  dbus_message_iter_recurse (&iter, &variant);
  ck_assert_int_eq (dbus_message_iter_get_arg_type (&variant), DBUS_TYPE_INT32);
  dbus_int32_t count;
  dbus_message_iter_get_basic (&variant, &count);
  ck_assert_int_eq (count, 42);

  g_autoptr (DBusMessage) all = call (properties_call (PATH, "GetAll", IFACE, NULL));
  assert_return (all);
  ck_assert_str_eq (dbus_message_get_signature (all), "a{sv}");
  dbus_message_iter_init (all, &iter);
  g_autofree char *text = dict_to_string (&iter);
  ck_assert_str_eq (text, "Count=42 Name='new'");

  /* The empty interface name stands for all of them. */
  g_autoptr (DBusMessage) every = call (properties_call (PATH, "GetAll", "", NULL));
  dbus_message_iter_init (every, &iter);
  g_autofree char *every_text = dict_to_string (&iter);
  ck_assert_str_eq (every_text, "Count=42 Name='new' Flag=1");

  g_autoptr (DBusMessage) set = new_call (PATH, DBUS_INTERFACE_PROPERTIES, "Set");
  const char *iface = IFACE, *name = "Count";
  dbus_message_iter_init_append (set, &iter);
  dbus_message_iter_append_basic (&iter, DBUS_TYPE_STRING, &iface);
  dbus_message_iter_append_basic (&iter, DBUS_TYPE_STRING, &name);
  dbus_message_iter_open_container (&iter, DBUS_TYPE_VARIANT, "i", &variant);
  dbus_message_iter_append_basic (&variant, DBUS_TYPE_INT32, &count);
  dbus_message_iter_close_container (&iter, &variant);
  g_autoptr (DBusMessage) set_reply = call (g_steal_pointer (&set));
  assert_error (set_reply, DBUS_ERROR_PROPERTY_READ_ONLY);
}
END_TEST

static GDBusNodeInfo *
introspect_over_bus (const char *path)
{
  g_autoptr (DBusMessage) reply
      = call (new_call (path, DBUS_INTERFACE_INTROSPECTABLE, "Introspect"));
  assert_return (reply);
  const char *xml;
  ck_assert (dbus_message_get_args (reply, NULL, DBUS_TYPE_STRING, &xml, DBUS_TYPE_INVALID));
  g_autoptr (GError) error = NULL;
  GDBusNodeInfo *info = g_dbus_node_info_new_for_xml (xml, &error);
  ck_assert_msg (info != NULL, "%s\n%s", error ? error->message : "", xml);
  return info;
}

static void
assert_args (GDBusArgInfo **args, const char *const *expected)
{
  guint n = 0;
  for (; args != NULL && args[n] != NULL; n++)
    {
      ck_assert_ptr_nonnull (expected[2 * n]);
      ck_assert_str_eq (args[n]->name, expected[2 * n]);
      ck_assert_str_eq (args[n]->signature, expected[2 * n + 1]);
    }
  ck_assert_ptr_null (expected[2 * n]);
}

static guint
n_nodes (GDBusNodeInfo *info)
{
  guint n = 0;
  while (info->nodes != NULL && info->nodes[n] != NULL)
    n++;
  return n;
}

START_TEST (test_introspection)
{
  register_thing (PATH);
  register_thing (PATH "/a");
  register_thing (PATH "/b/deep");
  ck_assert (cdbus_set_object_manager (t.service, ROOT));

  g_autofree char *xml = cdbus_introspect (t.service, PATH);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDBusNodeInfo) info = g_dbus_node_info_new_for_xml (xml, &error);
  ck_assert_msg (info != NULL, "%s", error ? error->message : "");

  GDBusInterfaceInfo *thing = g_dbus_node_info_lookup_interface (info, IFACE);
  ck_assert_ptr_nonnull (thing);
  GDBusMethodInfo *place = g_dbus_interface_info_lookup_method (thing, "Place");
  ck_assert_ptr_nonnull (place);
  assert_args (place->in_args, (const char *const[]){ "x", "i", "y", "i", "rotation", "u",
                                                      "options", "a{sv}", NULL });
  assert_args (place->out_args, (const char *const[]){ "score", "i", NULL });
  GDBusMethodInfo *bump = g_dbus_interface_info_lookup_method (thing, "Bump");
  ck_assert_ptr_nonnull (bump);
  assert_args (bump->in_args, (const char *const[]){ NULL });
  GDBusSignalInfo *changed = g_dbus_interface_info_lookup_signal (thing, "Changed");
  ck_assert_ptr_nonnull (changed);
  assert_args (changed->args, (const char *const[]){ "what", "s", "count", "i", NULL });
  GDBusPropertyInfo *count = g_dbus_interface_info_lookup_property (thing, "Count");
  ck_assert_ptr_nonnull (count);
  ck_assert_str_eq (count->signature, "i");
  ck_assert_int_eq (count->flags, G_DBUS_PROPERTY_INFO_FLAGS_READABLE);
  ck_assert_ptr_nonnull (g_dbus_interface_info_lookup_property (thing, "Name"));

  ck_assert_ptr_nonnull (g_dbus_node_info_lookup_interface (info, DBUS_INTERFACE_INTROSPECTABLE));
  ck_assert_ptr_nonnull (g_dbus_node_info_lookup_interface (info, DBUS_INTERFACE_PROPERTIES));
  ck_assert_ptr_nonnull (g_dbus_node_info_lookup_interface (info, DBUS_INTERFACE_PEER));
  ck_assert_ptr_null (
      g_dbus_node_info_lookup_interface (info, "org.freedesktop.DBus.ObjectManager"));
  ck_assert_uint_eq (n_nodes (info), 2);
  ck_assert_str_eq (info->nodes[0]->path, "a");
  ck_assert_str_eq (info->nodes[1]->path, "b");

  /* Over the bus, down from "/" through nodes that have no interfaces. */
  g_autoptr (GDBusNodeInfo) top = introspect_over_bus ("/");
  ck_assert_uint_eq (n_nodes (top), 1);
  ck_assert_str_eq (top->nodes[0]->path, "org");
  g_autoptr (GDBusNodeInfo) org = introspect_over_bus ("/org");
  ck_assert_uint_eq (n_nodes (org), 1);
  /* a node with no object answers Introspect (and libdbus-1 Peer), not Properties */
  ck_assert_ptr_nonnull (g_dbus_node_info_lookup_interface (org, DBUS_INTERFACE_INTROSPECTABLE));
  ck_assert_ptr_nonnull (g_dbus_node_info_lookup_interface (org, DBUS_INTERFACE_PEER));
  ck_assert_ptr_null (g_dbus_node_info_lookup_interface (org, DBUS_INTERFACE_PROPERTIES));
  ck_assert_str_eq (org->nodes[0]->path, "carcassonne");
  g_autoptr (GDBusNodeInfo) root = introspect_over_bus (ROOT);
  ck_assert_ptr_nonnull (
      g_dbus_node_info_lookup_interface (root, "org.freedesktop.DBus.ObjectManager"));
  ck_assert_uint_eq (n_nodes (root), 1);
  ck_assert_str_eq (root->nodes[0]->path, "thing");
  g_autoptr (GDBusNodeInfo) b = introspect_over_bus (PATH "/b");
  ck_assert_ptr_null (g_dbus_node_info_lookup_interface (b, IFACE));
  ck_assert_uint_eq (n_nodes (b), 1);
  ck_assert_str_eq (b->nodes[0]->path, "deep");
  g_autoptr (GDBusNodeInfo) deep = introspect_over_bus (PATH "/b/deep");
  ck_assert_ptr_nonnull (g_dbus_node_info_lookup_interface (deep, IFACE));
  ck_assert_uint_eq (n_nodes (deep), 0);

  /* Nothing there, nothing below: no introspection. */
  ck_assert_ptr_null (cdbus_introspect (t.service, "/elsewhere"));
  g_autoptr (DBusMessage) none
      = call (new_call ("/elsewhere", DBUS_INTERFACE_INTROSPECTABLE, "Introspect"));
  assert_error (none, DBUS_ERROR_UNKNOWN_OBJECT);
}
END_TEST

static void
assert_properties_changed (DBusMessage *signal, const char *path, const char *interface,
                           const char *changes)
{
  ck_assert_str_eq (dbus_message_get_interface (signal), DBUS_INTERFACE_PROPERTIES);
  ck_assert_str_eq (dbus_message_get_path (signal), path);
  ck_assert_str_eq (dbus_message_get_signature (signal), "sa{sv}as");
  DBusMessageIter iter, invalidated;
  dbus_message_iter_init (signal, &iter);
  const char *name;
  dbus_message_iter_get_basic (&iter, &name);
  ck_assert_str_eq (name, interface);
  dbus_message_iter_next (&iter);
  g_autofree char *text = dict_to_string (&iter);
  ck_assert_str_eq (text, changes);
  dbus_message_iter_next (&iter);
  dbus_message_iter_recurse (&iter, &invalidated);
  ck_assert_int_eq (dbus_message_iter_get_arg_type (&invalidated), DBUS_TYPE_INVALID);
}

/* Three changes to two properties in a handler: one signal with the latest values, before the
 * reply. */
START_TEST (test_properties_changed_in_handler)
{
  register_thing (PATH);
  int index;
  g_autoptr (DBusMessage) reply = call_full (new_call (PATH, IFACE, "Bump"), &index);
  assert_return (reply);
  pump_for (50);
  g_autoptr (GPtrArray) changed = signals_named ("PropertiesChanged");
  ck_assert_uint_eq (changed->len, 1);
  assert_properties_changed (changed->pdata[0], PATH, IFACE, "Count=3 Name='bumped 2'");
  ck_assert_uint_lt (received_index (changed->pdata[0]), (guint)index);
}
END_TEST

/* Changes made outside a handler go out from an idle callback, batched the same way; pending
 * changes of an unregistered interface are dropped. */
START_TEST (test_properties_changed_idle)
{
  Thing *thing = register_thing (PATH);
  register_thing (PATH "/other");
  thing->count = 7;
  cdbus_property_changed (t.service, PATH, IFACE, "Count");
  cdbus_property_changed (t.service, PATH, IFACE, "Count");
  cdbus_property_changed (t.service, PATH, IFACE, "Name");
  cdbus_property_changed (t.service, PATH "/other", IFACE, "Name");
  ck_assert (cdbus_unregister_interface (t.service, PATH "/other", IFACE));
  ck_assert (!cdbus_unregister_interface (t.service, PATH "/other", IFACE));
  ck_assert_uint_eq (t.destroyed, 1);
  pump_for (100);
  g_autoptr (GPtrArray) changed = signals_named ("PropertiesChanged");
  ck_assert_uint_eq (changed->len, 1);
  assert_properties_changed (changed->pdata[0], PATH, IFACE, "Count=7 Name='new'");

  /* Unknown names are programming errors. */
  cdbus_property_changed (t.service, PATH, IFACE, "Nope");
  cdbus_property_changed (t.service, PATH "/nope", IFACE, "Count");
  ck_assert_uint_eq (t.criticals, 2);
}
END_TEST

/* The annotation of @iface's @property, or NULL. */
static const char *
emits_annotation (GDBusInterfaceInfo *iface, const char *property)
{
  GDBusPropertyInfo *info = g_dbus_interface_info_lookup_property (iface, property);
  ck_assert_ptr_nonnull (info);
  return g_dbus_annotation_info_lookup (info->annotations,
                                        "org.freedesktop.DBus.Property.EmitsChangedSignal");
}

/* cdbus.h, CdbusPropertyEmits (issue 14: "EmitsChangedSignal annotations: const for the
 * properties that never change, so generated proxies cache them correctly"): the table's kind
 * is the annotation in the introspection (none for the default); a change of an "invalidates"
 * property goes out by name in invalidated_properties; marking a const or "false" property
 * changed is a programming error and sends nothing. */
START_TEST (test_property_emits)
{
  ck_assert (cdbus_register_interface (t.service, PATH, &modes_interface, NULL, NULL));
  g_autofree char *xml = cdbus_introspect (t.service, PATH);
  g_autoptr (GDBusNodeInfo) info = g_dbus_node_info_new_for_xml (xml, NULL);
  ck_assert_ptr_nonnull (info);
  GDBusInterfaceInfo *modes = g_dbus_node_info_lookup_interface (info, MODES);
  ck_assert_ptr_nonnull (modes);
  ck_assert_ptr_null (emits_annotation (modes, "Plain"));
  ck_assert_str_eq (emits_annotation (modes, "Fixed"), "const");
  ck_assert_str_eq (emits_annotation (modes, "Large"), "invalidates");
  ck_assert_str_eq (emits_annotation (modes, "Quiet"), "false");

  cdbus_property_changed (t.service, PATH, MODES, "Fixed");
  cdbus_property_changed (t.service, PATH, MODES, "Quiet");
  ck_assert_uint_eq (t.criticals, 2);
  pump_for (50);
  {
    g_autoptr (GPtrArray) none = signals_named ("PropertiesChanged");
    ck_assert_uint_eq (none->len, 0);
  }

  cdbus_property_changed (t.service, PATH, MODES, "Large");
  cdbus_property_changed (t.service, PATH, MODES, "Plain");
  pump_for (50);
  g_autoptr (GPtrArray) changed = signals_named ("PropertiesChanged");
  ck_assert_uint_eq (changed->len, 1);
  DBusMessageIter iter, names;
  const char *name;
  dbus_message_iter_init (changed->pdata[0], &iter);
  dbus_message_iter_next (&iter);
  g_autofree char *values = dict_to_string (&iter);
  ck_assert_str_eq (values, "Plain=1");
  dbus_message_iter_next (&iter);
  dbus_message_iter_recurse (&iter, &names);
  ck_assert_int_eq (dbus_message_iter_get_arg_type (&names), DBUS_TYPE_STRING);
  dbus_message_iter_get_basic (&names, &name);
  ck_assert_str_eq (name, "Large");
  ck_assert (!dbus_message_iter_next (&names));
  ck_assert_uint_eq (t.criticals, 2);
}
END_TEST

/* A signal goes out with the pending changes of its object before it; a signal whose arguments
 * differ from its table entry is refused. */
START_TEST (test_signal)
{
  Thing *thing = register_thing (PATH);
  thing->count = 5;
  cdbus_property_changed (t.service, PATH, IFACE, "Count");
  int index;
  g_autoptr (DBusMessage) reply = call_full (new_call (PATH, IFACE, "Emit"), &index);
  assert_return (reply);
  pump_for (50);
  g_autoptr (GPtrArray) signals = signals_named ("Changed");
  g_autoptr (GPtrArray) changed = signals_named ("PropertiesChanged");
  ck_assert_uint_eq (signals->len, 1);
  ck_assert_uint_eq (changed->len, 1);
  ck_assert_uint_lt (received_index (changed->pdata[0]), received_index (signals->pdata[0]));
  ck_assert_uint_lt (received_index (signals->pdata[0]), (guint)index);
  const char *what;
  dbus_int32_t count;
  ck_assert (dbus_message_get_args (signals->pdata[0], NULL, DBUS_TYPE_STRING, &what,
                                    DBUS_TYPE_INT32, &count, DBUS_TYPE_INVALID));
  ck_assert_str_eq (what, "emitted");
  ck_assert_int_eq (count, 5);
  ck_assert_str_eq (dbus_message_get_interface (signals->pdata[0]), IFACE);

  DBusMessage *bad = cdbus_signal_new (t.service, PATH, IFACE, "Changed");
  ck_assert_ptr_nonnull (bad);
  dbus_message_append_args (bad, DBUS_TYPE_STRING, &what, DBUS_TYPE_INVALID);
  ck_assert (!cdbus_send_signal (t.service, bad));
  ck_assert_uint_eq (t.criticals, 1);
  ck_assert_ptr_null (cdbus_signal_new (t.service, PATH, IFACE, "Nope"));
  ck_assert_uint_eq (t.criticals, 2);
  pump_for (50);
  g_autoptr (GPtrArray) after = signals_named ("Changed");
  ck_assert_uint_eq (after->len, 1);
}
END_TEST

/* NO_REPLY_EXPECTED: the handler runs and its reply is dropped. */
START_TEST (test_no_reply)
{
  Thing *thing = register_thing (PATH);
  DBusMessage *bump = new_call (PATH, IFACE, "Bump");
  dbus_message_set_no_reply (bump, TRUE);
  dbus_uint32_t serial;
  ck_assert (dbus_connection_send (t.client, bump, &serial));
  dbus_message_unref (bump);
  g_autoptr (DBusMessage) reply = call (properties_call (PATH, "Get", IFACE, "Count"));
  assert_return (reply);
  ck_assert_int_eq (thing->count, 3);
  pump_for (50);
  ck_assert_int_lt (reply_index (serial), 0);
}
END_TEST

START_TEST (test_object_manager)
{
  ck_assert (cdbus_set_object_manager (t.service, ROOT));
  register_thing (PATH);
  ck_assert (cdbus_register_interface (t.service, PATH, &extra_interface, NULL, NULL));
  register_thing (PATH "/sub");
  register_thing ("/org/carcassonne/Elsewhere");
  pump_for (50);

  g_autoptr (GPtrArray) added = signals_named ("InterfacesAdded");
  ck_assert_uint_eq (added->len, 3);
  const char *expected_added[][3] = {
    { PATH, IFACE, "Count=1 Name='new'" },
    { PATH, EXTRA, "Flag=1" },
    { PATH "/sub", IFACE, "Count=1 Name='new'" },
  };
  for (guint i = 0; i < added->len; i++)
    {
      DBusMessage *m = added->pdata[i];
      ck_assert_str_eq (dbus_message_get_path (m), ROOT);
      ck_assert_str_eq (dbus_message_get_interface (m), "org.freedesktop.DBus.ObjectManager");
      ck_assert_str_eq (dbus_message_get_signature (m), "oa{sa{sv}}");
      DBusMessageIter iter, interfaces, entry;
      dbus_message_iter_init (m, &iter);
      const char *path, *name;
      dbus_message_iter_get_basic (&iter, &path);
      ck_assert_str_eq (path, expected_added[i][0]);
      dbus_message_iter_next (&iter);
      dbus_message_iter_recurse (&iter, &interfaces);
      dbus_message_iter_recurse (&interfaces, &entry);
      dbus_message_iter_get_basic (&entry, &name);
      ck_assert_str_eq (name, expected_added[i][1]);
      dbus_message_iter_next (&entry);
      g_autofree char *props = dict_to_string (&entry);
      ck_assert_str_eq (props, expected_added[i][2]);
      ck_assert (!dbus_message_iter_next (&interfaces));
    }

  g_autoptr (DBusMessage) managed
      = call (new_call (ROOT, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects"));
  assert_return (managed);
  ck_assert_str_eq (dbus_message_get_signature (managed), "a{oa{sa{sv}}}");
  GString *seen = g_string_new (NULL);
  DBusMessageIter iter, objects, object, interfaces, entry;
  dbus_message_iter_init (managed, &iter);
  dbus_message_iter_recurse (&iter, &objects);
  for (; dbus_message_iter_get_arg_type (&objects) != DBUS_TYPE_INVALID;
       dbus_message_iter_next (&objects))
    {
      const char *path, *name;
      dbus_message_iter_recurse (&objects, &object);
      dbus_message_iter_get_basic (&object, &path);
      g_string_append_printf (seen, "%s:", path);
      dbus_message_iter_next (&object);
      dbus_message_iter_recurse (&object, &interfaces);
      for (; dbus_message_iter_get_arg_type (&interfaces) != DBUS_TYPE_INVALID;
           dbus_message_iter_next (&interfaces))
        {
          dbus_message_iter_recurse (&interfaces, &entry);
          dbus_message_iter_get_basic (&entry, &name);
          dbus_message_iter_next (&entry);
          g_autofree char *props = dict_to_string (&entry);
          g_string_append_printf (seen, " %s(%s)", name, props);
        }
      g_string_append (seen, ";");
    }
  g_autofree char *seen_text = g_string_free (seen, FALSE);
  ck_assert_str_eq (seen_text, PATH ": " IFACE "(Count=1 Name='new') " EXTRA "(Flag=1);" PATH
                                    "/sub: " IFACE "(Count=1 Name='new');");

  /* The tree goes children first, one InterfacesRemoved per object. */
  cdbus_unregister_tree (t.service, PATH);
  ck_assert_uint_eq (t.destroyed, 2);
  pump_for (50);
  g_autoptr (GPtrArray) removed = signals_named ("InterfacesRemoved");
  ck_assert_uint_eq (removed->len, 2);
  const char *expected_removed[][2] = { { PATH "/sub", IFACE }, { PATH, IFACE " " EXTRA } };
  for (guint i = 0; i < removed->len; i++)
    {
      DBusMessage *m = removed->pdata[i];
      ck_assert_str_eq (dbus_message_get_signature (m), "oas");
      char **names;
      int n;
      const char *path;
      ck_assert (dbus_message_get_args (m, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_ARRAY,
                                        DBUS_TYPE_STRING, &names, &n, DBUS_TYPE_INVALID));
      ck_assert_str_eq (path, expected_removed[i][0]);
      g_autofree char *joined = g_strjoinv (" ", names);
      dbus_free_string_array (names);
      ck_assert_str_eq (joined, expected_removed[i][1]);
    }
  g_autoptr (DBusMessage) gone = call (new_call (PATH, IFACE, "Bump"));
  assert_error (gone, DBUS_ERROR_UNKNOWN_OBJECT);
}
END_TEST

typedef struct
{
  guint fired;
  guint destroyed;
  char *name;
} WatchRecord;

static void
watch_fired (DBusConnection *connection, const char *unique_name, gpointer user_data)
{
  WatchRecord *record = user_data;
  record->fired++;
  g_free (record->name);
  record->name = g_strdup (unique_name);
}

static void
watch_destroyed (gpointer user_data)
{
  WatchRecord *record = user_data;
  record->destroyed++;
}

/* A watch runs once when its name leaves the bus; another watch on another name does not. */
START_TEST (test_disconnect_watch)
{
  DBusConnection *other = dbus_bus_get_private (DBUS_BUS_SESSION, NULL);
  ck_assert_ptr_nonnull (other);
  g_autofree char *name = g_strdup (dbus_bus_get_unique_name (other));
  WatchRecord record = { 0 }, bystander = { 0 };
  guint id = cdbus_add_disconnect_watch (t.service, name, watch_fired, &record, watch_destroyed);
  ck_assert_uint_gt (id, 0);
  guint id2 = cdbus_add_disconnect_watch (t.service, dbus_bus_get_unique_name (t.client),
                                          watch_fired, &bystander, watch_destroyed);
  ck_assert_uint_gt (id2, 0);
  ck_assert_uint_ne (id, id2);
  pump_for (50);
  ck_assert_uint_eq (record.fired, 0);

  dbus_connection_close (other);
  dbus_connection_unref (other);
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (record.fired == 0 && g_get_monotonic_time () < end)
    pump ();
  pump_for (100);
  ck_assert_uint_eq (record.fired, 1);
  ck_assert_str_eq (record.name, name);
  ck_assert_uint_eq (record.destroyed, 1);
  ck_assert_uint_eq (bystander.fired, 0);
  /* Removing a watch that already ran is harmless. */
  cdbus_remove_watch (t.service, id);
  ck_assert_uint_eq (record.destroyed, 1);
  cdbus_remove_watch (t.service, id2);
  ck_assert_uint_eq (bystander.destroyed, 1);
  ck_assert_uint_eq (bystander.fired, 0);
  g_free (record.name);
}
END_TEST

/* A watch on a name already gone runs from an idle callback, not before the id is returned;
 * a removed watch never runs. */
START_TEST (test_watch_name_gone)
{
  WatchRecord gone = { 0 }, removed = { 0 };
  guint id = cdbus_add_disconnect_watch (t.service, ":1.9999", watch_fired, &gone, watch_destroyed);
  ck_assert_uint_gt (id, 0);
  guint id2
      = cdbus_add_disconnect_watch (t.service, ":1.9998", watch_fired, &removed, watch_destroyed);
  ck_assert_uint_eq (gone.fired, 0);
  cdbus_remove_watch (t.service, id2);
  ck_assert_uint_eq (removed.destroyed, 1);
  pump_for (50);
  ck_assert_uint_eq (gone.fired, 1);
  ck_assert_str_eq (gone.name, ":1.9999");
  ck_assert_uint_eq (gone.destroyed, 1);
  ck_assert_uint_eq (removed.fired, 0);
  ck_assert_uint_eq (removed.destroyed, 1);
  g_free (gone.name);
}
END_TEST

/* cdbus_shutdown() calls every destroy notify once and leaves the connection bare. */
START_TEST (test_shutdown)
{
  register_thing (PATH);
  register_thing (PATH "/sub");
  ck_assert (cdbus_register_interface (t.service, PATH, &extra_interface, NULL, NULL));
  cdbus_property_changed (t.service, PATH, IFACE, "Count");
  WatchRecord record = { 0 };
  cdbus_add_disconnect_watch (t.service, dbus_bus_get_unique_name (t.client), watch_fired, &record,
                              watch_destroyed);
  cdbus_shutdown (t.service);
  ck_assert_uint_eq (t.destroyed, 2);
  ck_assert_uint_eq (record.destroyed, 1);
  cdbus_shutdown (t.service);
  ck_assert_uint_eq (t.destroyed, 2);
  ck_assert_uint_eq (record.fired, 0);
  ck_assert_uint_eq (t.criticals, 0);
  /* Nothing of the layer is left in the main context. */
  ck_assert (!g_main_context_pending (NULL));

  /* The connection can be set up again. */
  ck_assert (cdbus_setup (t.service, NULL, INVALID_ARGS));
  register_thing (PATH);
  g_autoptr (DBusMessage) reply = call (properties_call (PATH, "Get", IFACE, "Count"));
  assert_return (reply);
}
END_TEST

static void
connection_lost (DBusConnection *connection, gpointer user_data)
{
  (*(guint *)user_data)++;
}

START_TEST (test_connection_lost)
{
  guint lost = 0;
  cdbus_set_disconnect_func (t.service, connection_lost, &lost);
  dbus_connection_close (t.service);
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (lost == 0 && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  ck_assert_uint_eq (lost, 1);
}
END_TEST

START_TEST (test_name_taken)
{
  g_autoptr (GError) error = NULL;
  DBusConnection *second = cdbus_connect (DBUS_BUS_SESSION, SERVICE_NAME, INVALID_ARGS, &error);
  ck_assert_ptr_null (second);
  ck_assert (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_EXISTS));
}
END_TEST

static Suite *
cdbus_suite (void)
{
  Suite *s = suite_create ("cdbus");
  TCase *tc = tcase_create ("bus");
  tcase_add_checked_fixture (tc, setup, teardown);
  tcase_add_test (tc, test_method_dispatch);
  tcase_add_test (tc, test_signature_mismatch);
  tcase_add_test (tc, test_unknown_errors);
  tcase_add_test (tc, test_properties_get);
  tcase_add_test (tc, test_introspection);
  tcase_add_test (tc, test_property_emits);
  tcase_add_test (tc, test_properties_changed_in_handler);
  tcase_add_test (tc, test_properties_changed_idle);
  tcase_add_test (tc, test_signal);
  tcase_add_test (tc, test_no_reply);
  tcase_add_test (tc, test_object_manager);
  tcase_add_test (tc, test_disconnect_watch);
  tcase_add_test (tc, test_watch_name_gone);
  tcase_add_test (tc, test_shutdown);
  tcase_add_test (tc, test_connection_lost);
  tcase_add_test (tc, test_name_taken);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (cdbus_suite ());
}
