/* cdbus.h: carcassonned's small helper layer on libdbus-1 and the GLib main loop.
 *
 * libdbus-1 gives messages and a connection; this layer adds what a service needs on top:
 *
 *  - main-loop glue: a connection's watches, timeouts and dispatching run in a GMainContext;
 *  - object tables: interfaces described by method, signal and property tables with their
 *    signatures; a method call whose signature differs from the table is refused with the
 *    connection's invalid-arguments error before any handler runs;
 *  - org.freedesktop.DBus.Introspectable, generated from the tables (child nodes included);
 *  - org.freedesktop.DBus.Properties (Get, GetAll; Set answers PropertyReadOnly), and batched
 *    PropertiesChanged: changes marked with cdbus_property_changed() go out as one signal per
 *    object and interface, before the next method reply or signal from that object, or from an
 *    idle callback;
 *  - org.freedesktop.DBus.ObjectManager at one root path, with InterfacesAdded/Removed;
 *  - disconnect watches on unique names, driven by one NameOwnerChanged match rule;
 *  - error replies built by one function (the daemon wraps it in one helper per error name).
 *
 * Threading: none; everything runs in the connection's main context.
 */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

G_BEGIN_DECLS

/* One argument of a method or signal: a name and a single complete type. */
typedef struct
{
  const char *name;
  const char *signature;
} CdbusArg;

/* A method handler. It returns the reply (a method return or an error) and the layer sends
 * it, or NULL when no reply is to be sent (the caller set NO_REPLY_EXPECTED: the layer drops
 * replies then anyway). The handler runs only when the message's signature equals the
 * concatenation of the table's in-arguments. */
typedef DBusMessage *(*CdbusMethodFunc) (DBusConnection *connection, DBusMessage *message,
                                         gpointer user_data);

typedef struct
{
  const char *name;
  const CdbusArg *in;  /* terminated by an entry with name NULL; NULL for none */
  const CdbusArg *out; /* same */
  CdbusMethodFunc func;
} CdbusMethod;

typedef struct
{
  const char *name;
  const CdbusArg *args; /* terminated by an entry with name NULL; NULL for none */
} CdbusSignal;

/* Appends the property's value (the bare value, not a variant) to @iter. Returns FALSE if the
 * value could not be appended (out of memory). */
typedef gboolean (*CdbusPropertyGetter) (DBusMessageIter *iter, gpointer user_data);

/* What PropertiesChanged says of a property: its
 * org.freedesktop.DBus.Property.EmitsChangedSignal annotation, which generated proxies read to
 * know what they may cache. */
typedef enum
{
  CDBUS_PROPERTY_EMITS_CHANGED = 0, /* "true" (the default, not annotated): the new value */
  CDBUS_PROPERTY_CONST,             /* "const": never changes while the object is registered */
  CDBUS_PROPERTY_INVALIDATES,       /* "invalidates": its name only, in invalidated_properties */
  CDBUS_PROPERTY_NO_SIGNAL,         /* "false": changes without a signal */
  CDBUS_PROPERTY_EVERY_CHANGE,      /* "true", and its value goes out in every
                                     * PropertiesChanged of its interface (a sequence number) */
} CdbusPropertyEmits;

typedef struct
{
  const char *name;
  const char *signature; /* a single complete type */
  CdbusPropertyGetter get;
  CdbusPropertyEmits emits;
} CdbusProperty;

/* Called with the registration's user data just before a PropertiesChanged of the interface
 * is built (its values read): so a CDBUS_PROPERTY_EVERY_CHANGE property can count them. */
typedef void (*CdbusChangesFunc) (gpointer user_data);

/* An interface: its name and tables, each terminated by an entry with name NULL (or NULL),
 * and an optional hook run before each of its PropertiesChanged. */
typedef struct
{
  const char *name;
  const CdbusMethod *methods;
  const CdbusSignal *signals;
  const CdbusProperty *properties;
  CdbusChangesFunc before_changes;
} CdbusInterface;

/* Called for a method call to a path where nothing is registered; returns the error reply.
 * Without one the reply is org.freedesktop.DBus.Error.UnknownObject. */
typedef DBusMessage *(*CdbusUnknownObjectFunc) (DBusConnection *connection, DBusMessage *message,
                                                gpointer user_data);

/* Attaches @connection to @context (NULL: the default context) and installs the object
 * dispatcher on it. @invalid_args_error is the error name used when a call's signature or a
 * Properties argument is wrong: DBUS_ERROR_INVALID_ARGS, the name generic bindings map (the
 * daemon's), or a name of the service's own. Call once per connection, before registering
 * anything. Returns FALSE on out of memory. */
gboolean cdbus_setup (DBusConnection *connection, GMainContext *context,
                      const char *invalid_args_error);

/* Connects to the bus of @type, sets it up as cdbus_setup() does and, when @name is not NULL,
 * requests @name with DBUS_NAME_FLAG_DO_NOT_QUEUE. Returns a new reference, or NULL with
 * @error set (including "name already taken"). */
DBusConnection *cdbus_connect (DBusBusType type, const char *name, const char *invalid_args_error,
                               GError **error);

/* Connects to the bus at @address (registering with the bus) and sets it up; otherwise as
 * cdbus_connect(). */
DBusConnection *cdbus_connect_address (const char *address, const char *name,
                                       const char *invalid_args_error, GError **error);

/* Called when the connection to the bus is lost. */
typedef void (*CdbusConnectionLostFunc) (DBusConnection *connection, gpointer user_data);
void cdbus_set_disconnect_func (DBusConnection *connection, CdbusConnectionLostFunc func,
                                gpointer user_data);

void cdbus_set_unknown_object_func (DBusConnection *connection, CdbusUnknownObjectFunc func,
                                    gpointer user_data);

/* Called with each method call's @reply before the layer sends it: TRUE when @func took it (it
 * holds its own references to @call and @reply and sends the reply itself later, as the
 * daemon's group commit does until the moves it answers are on disk), FALSE to let the layer
 * send it now. */
typedef gboolean (*CdbusReplyHoldFunc) (DBusConnection *connection, DBusMessage *call,
                                        DBusMessage *reply, gpointer user_data);
void cdbus_set_reply_hold_func (DBusConnection *connection, CdbusReplyHoldFunc func,
                                gpointer user_data);

/* Makes @path the ObjectManager root: it answers GetManagedObjects with every object below it,
 * and registering or unregistering an interface below it emits InterfacesAdded/Removed. */
gboolean cdbus_set_object_manager (DBusConnection *connection, const char *path);

/* While @quiet, registering and unregistering below the ObjectManager root emit nothing: for
 * objects made before any call is answered (a daemon restoring its state), which every
 * client learns from GetManagedObjects anyway, answered only after. */
void cdbus_set_object_manager_quiet (DBusConnection *connection, gboolean quiet);

/* Registers @iface at @path with @user_data passed to its handlers and getters. @destroy is
 * called on @user_data when the interface is unregistered (or the connection is torn down).
 * Returns FALSE if @iface is already registered at @path or @path is not a valid object
 * path. @iface must stay valid until unregistered (a static table). */
gboolean cdbus_register_interface (DBusConnection *connection, const char *path,
                                   const CdbusInterface *iface, gpointer user_data,
                                   GDestroyNotify destroy);

/* Unregisters @interface_name at @path; pending property changes for it are dropped. Returns
 * FALSE if it was not registered. */
gboolean cdbus_unregister_interface (DBusConnection *connection, const char *path,
                                     const char *interface_name);

/* Unregisters every interface at @path and at every path below it. */
void cdbus_unregister_tree (DBusConnection *connection, const char *path);

/* Marks a property as changed; its new value is read through its getter when the batch goes
 * out (an "invalidates" property goes out by name only). Unknown names, and properties
 * declared const or "false", are a programming error (g_critical). */
void cdbus_property_changed (DBusConnection *connection, const char *path,
                             const char *interface_name, const char *property);

/* Sends every pending PropertiesChanged now. */
void cdbus_flush (DBusConnection *connection);

/* Appends the a{sv} of every property of @interface_name at @path, as GetAll answers it.
 * Returns FALSE when nothing is registered there or out of memory. */
gboolean cdbus_append_properties (DBusConnection *connection, const char *path,
                                  const char *interface_name, DBusMessageIter *iter);

/* Starts a signal registered in @interface_name's table at @path; append its arguments and
 * give it to cdbus_send_signal(). Returns NULL (g_critical) if the signal is not in the
 * table. Its header (path, interface, member) is written by cdbus_send_signal(), after the
 * arguments, which is cheaper with libdbus (cdbus-private.h). */
DBusMessage *cdbus_signal_new (DBusConnection *connection, const char *path,
                               const char *interface_name, const char *name);

/* Checks @signal's signature against its table entry (a mismatch is a g_critical and the
 * signal is dropped), sends the pending property changes of its path first, then the signal.
 * Takes ownership of @signal. */
gboolean cdbus_send_signal (DBusConnection *connection, DBusMessage *signal);

/* The introspection XML the layer would answer for @path (for tests and tools). */
char *cdbus_introspect (DBusConnection *connection, const char *path);

/* Disconnect watches: @func runs once when @unique_name leaves the bus (NameOwnerChanged with
 * an empty new owner). The first watch adds one match rule for all of them. Returns an id > 0
 * for cdbus_remove_watch(). If @unique_name is not on the bus when the watch is added, @func
 * runs from an idle callback. */
typedef void (*CdbusDisconnectFunc) (DBusConnection *connection, const char *unique_name,
                                     gpointer user_data);
guint cdbus_add_disconnect_watch (DBusConnection *connection, const char *unique_name,
                                  CdbusDisconnectFunc func, gpointer user_data,
                                  GDestroyNotify destroy);
void cdbus_remove_watch (DBusConnection *connection, guint id);

/* How many objects are registered and disconnect watches wait on @connection (for the
 * daemon's bookkeeping report). */
void cdbus_get_counts (DBusConnection *connection, guint *n_objects, guint *n_watches);

/* The most bytes of a client's string an error message quotes (cdbus_echo()), and the most
 * bytes of an error message (longer ones are cut, with the same mark). */
#define CDBUS_ECHO_MAX       64
#define CDBUS_ERROR_TEXT_MAX 1024

/* @text (a client's string: a name, a path, a key) as an error message may quote it: whole
 * if at most CDBUS_ECHO_MAX bytes, else its first CDBUS_ECHO_MAX bytes or fewer (cut between
 * two characters) and "... (N bytes)" with its length. Never echo unbounded input. */
char *cdbus_echo (const char *text);

/* Builds an error reply to @message with @name and a printf-style text, cut after
 * CDBUS_ERROR_TEXT_MAX bytes as cdbus_echo() cuts. */
DBusMessage *cdbus_error (DBusMessage *message, const char *name, const char *format, ...)
    G_GNUC_PRINTF (3, 4);

/* Walks an a{sv} one entry at a time. @array is the iterator INSIDE the array (the caller
 * did dbus_message_iter_recurse() on the a{sv} argument); each call reads the entry @array
 * is on, advances @array to the next entry, and returns TRUE with @key and @value set
 * (@value recursed into the variant, positioned on its contents); FALSE at the end. */
gboolean cdbus_dict_next (DBusMessageIter *array, const char **key, DBusMessageIter *value);

/* Appends one dict entry {s: v} with a basic-typed value. */
gboolean cdbus_dict_append_basic (DBusMessageIter *dict, const char *key, int type,
                                  const void *value);

/* Tears the layer's state off @connection: unregisters everything, removes watches and
 * sources. The connection itself is not closed or unreferenced. */
void cdbus_shutdown (DBusConnection *connection);

G_END_DECLS
