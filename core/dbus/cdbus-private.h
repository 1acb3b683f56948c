/* cdbus-private.h: the state cdbus keeps on a connection, shared by the layer's files.
 *
 * One CdbusState per connection, stored in a libdbus data slot; every other structure hangs off
 * it. Nothing here is global except the slot id (cdbus-connection.c).
 */
#pragma once
#include "cdbus.h"

G_DEFINE_AUTOPTR_CLEANUP_FUNC (DBusMessage, dbus_message_unref)

#define CDBUS_INTERFACE_OBJECT_MANAGER "org.freedesktop.DBus.ObjectManager"
#define CDBUS_ANNOTATION_EMITS_CHANGED "org.freedesktop.DBus.Property.EmitsChangedSignal"

typedef struct _CdbusLoop CdbusLoop;
typedef struct _CdbusObject CdbusObject;

/* One interface registered at one path. */
typedef struct
{
  CdbusObject *object; /* the object holding it (not owned) */
  const CdbusInterface *iface;
  gpointer user_data;
  GDestroyNotify destroy;
  guint n_properties;
  gboolean *dirty; /* n_properties flags: changed and not yet announced */
  gboolean queued; /* in CdbusState.dirty */
} CdbusRegistration;

/* A path with at least one registered interface. */
struct _CdbusObject
{
  char *path;
  GPtrArray *registrations; /* CdbusRegistration, in registration order; owned */
};

typedef struct
{
  DBusConnection *connection; /* not a reference: the state lives in the connection's data */
  GMainContext *context;
  char *invalid_args_error;
  CdbusLoop *loop;
  gboolean filter_added;
  gboolean handler_installed; /* the object handler on "/" */

  GHashTable *objects;  /* path -> CdbusObject (owned) */
  char *object_manager; /* the ObjectManager root, or NULL */
  gboolean om_quiet;    /* no InterfacesAdded/Removed (cdbus_set_object_manager_quiet()) */
  CdbusUnknownObjectFunc unknown_func;
  gpointer unknown_data;
  CdbusReplyHoldFunc reply_hold_func;
  gpointer reply_hold_data;
  CdbusConnectionLostFunc lost_func;
  gpointer lost_data;

  GPtrArray *dirty;    /* CdbusRegistration with pending changes, in marking order */
  GSource *flush_idle; /* sends them when nothing else did first */

  GHashTable *watches; /* id -> disconnect watch (owned) */
  guint last_watch_id;
  gboolean match_added;
} CdbusState;

/* cdbus-connection.c */
CdbusState *cdbus_state_get (DBusConnection *connection);

/* cdbus-mainloop.c */
CdbusLoop *cdbus_loop_attach (DBusConnection *connection, GMainContext *context);
void cdbus_loop_detach (CdbusLoop *loop);
void cdbus_loop_free (CdbusLoop *loop);

/* cdbus-object.c */
char *cdbus_args_signature (const CdbusArg *args);

CdbusObject *cdbus_object_lookup (CdbusState *state, const char *path);
CdbusRegistration *cdbus_object_find (CdbusObject *object, const char *interface_name);
gboolean cdbus_objects_install (CdbusState *state);
void cdbus_objects_uninstall (CdbusState *state);
void cdbus_objects_free (CdbusState *state);
gboolean cdbus_path_is_below (const char *path, const char *root);
DBusMessage *cdbus_check_signature (CdbusState *state, DBusMessage *message, const char *expected);

/* cdbus-introspect.c */
char *cdbus_introspect_path (CdbusState *state, const char *path);
gboolean cdbus_path_exists (CdbusState *state, const char *path);
DBusMessage *cdbus_introspect_reply (CdbusState *state, DBusMessage *message);

/* cdbus-properties.c */
gboolean cdbus_properties_append_all (DBusMessageIter *iter, CdbusRegistration *reg);
DBusMessage *cdbus_properties_handle (CdbusState *state, CdbusObject *object, DBusMessage *message);
void cdbus_properties_flush (CdbusState *state, const char *path);
void cdbus_properties_drop (CdbusState *state, CdbusRegistration *reg);
void cdbus_properties_free (CdbusState *state);

/* cdbus-objectmanager.c */
gboolean cdbus_object_manager_covers (CdbusState *state, const char *path);
void cdbus_object_manager_added (CdbusState *state, CdbusRegistration *reg);
void cdbus_object_manager_removed (CdbusState *state, const char *path, GPtrArray *names);
DBusMessage *cdbus_object_manager_handle (CdbusState *state, DBusMessage *message);

/* cdbus-watch.c */
void cdbus_watch_name_owner_changed (CdbusState *state, DBusMessage *message);
void cdbus_watches_remove_match (CdbusState *state);
void cdbus_watches_free (CdbusState *state);

/* cdbus-signal.c */
/* Sets @message's path, interface and member. Signals are built arguments first, header
 * after: libdbus rewrites the header's signature field at every top-level argument appended,
 * at a cost that grows with the header, so a message whose header is still empty takes its
 * arguments about three times faster (a signal of five arguments: 55 -> 20 us). */
gboolean cdbus_message_address (DBusMessage *message, const char *path, const char *interface_name,
                                const char *member);
