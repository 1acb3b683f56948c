/* cdbus-mainloop.c: runs a libdbus-1 connection's watches, timeouts and dispatching in a
 * GMainContext.
 *
 * Each enabled DBusWatch is a unix-fd GSource, each enabled DBusTimeout a timeout GSource; the
 * GSource is kept as the watch's (timeout's) data and replaced when libdbus toggles it. One
 * more GSource dispatches queued messages, one per main-loop iteration, so a connection with a
 * long queue does not starve the context's other sources. libdbus may queue messages while a
 * blocking call waits for its reply; the dispatch source checks the queue in every prepare, and
 * the wakeup and dispatch-status callbacks wake the context so that it looks again.
 */
#include "config.h"

#include <glib-unix.h>
#include "cdbus-private.h"

struct _CdbusLoop
{
  DBusConnection *connection; /* not a reference: the loop lives in the connection's state */
  GMainContext *context;      /* a reference */
  GSource *dispatch;
};

typedef struct
{
  GSource source;
  DBusConnection *connection;
} CdbusDispatchSource;

static gboolean
dispatch_prepare (GSource *source, gint *timeout)
{
  CdbusDispatchSource *self = (CdbusDispatchSource *)source;
  *timeout = -1;
  return dbus_connection_get_dispatch_status (self->connection) == DBUS_DISPATCH_DATA_REMAINS;
}

static gboolean
dispatch_check (GSource *source)
{
  return dispatch_prepare (source, &(gint){ 0 });
}

static gboolean
dispatch_dispatch (GSource *source, GSourceFunc callback, gpointer user_data)
{
  CdbusDispatchSource *self = (CdbusDispatchSource *)source;
  DBusConnection *connection = dbus_connection_ref (self->connection);
  dbus_connection_dispatch (connection);
  dbus_connection_unref (connection);
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs dispatch_funcs = {
  .prepare = dispatch_prepare,
  .check = dispatch_check,
  .dispatch = dispatch_dispatch,
};

static gboolean
watch_ready (gint fd, GIOCondition condition, gpointer user_data)
{
  DBusWatch *watch = user_data;
  unsigned int flags = 0;
  if (condition & G_IO_IN)
    flags |= DBUS_WATCH_READABLE;
  if (condition & G_IO_OUT)
    flags |= DBUS_WATCH_WRITABLE;
  if (condition & G_IO_HUP)
    flags |= DBUS_WATCH_HANGUP;
  if (condition & G_IO_ERR)
    flags |= DBUS_WATCH_ERROR;
  dbus_watch_handle (watch, flags);
  return G_SOURCE_CONTINUE;
}

static void
source_drop (GSource *source)
{
  if (source == NULL)
    return;
  g_source_destroy (source);
  g_source_unref (source);
}

static void
watch_remove (DBusWatch *watch, void *data)
{
  source_drop (dbus_watch_get_data (watch));
  dbus_watch_set_data (watch, NULL, NULL);
}

static dbus_bool_t
watch_add (DBusWatch *watch, void *data)
{
  CdbusLoop *loop = data;
  watch_remove (watch, loop);
  if (!dbus_watch_get_enabled (watch))
    return TRUE;

  unsigned int flags = dbus_watch_get_flags (watch);
  GIOCondition condition = G_IO_HUP | G_IO_ERR;
  if (flags & DBUS_WATCH_READABLE)
    condition |= G_IO_IN;
  if (flags & DBUS_WATCH_WRITABLE)
    condition |= G_IO_OUT;
  GSource *source = g_unix_fd_source_new (dbus_watch_get_unix_fd (watch), condition);
  g_source_set_callback (source, (GSourceFunc)(void (*) (void))watch_ready, watch, NULL);
  g_source_set_static_name (source, "cdbus watch");
  g_source_attach (source, loop->context);
  dbus_watch_set_data (watch, source, NULL);
  return TRUE;
}

static void
watch_toggled (DBusWatch *watch, void *data)
{
  watch_add (watch, data);
}

static gboolean
timeout_ready (gpointer user_data)
{
  dbus_timeout_handle (user_data);
  return G_SOURCE_CONTINUE;
}

static void
timeout_remove (DBusTimeout *timeout, void *data)
{
  source_drop (dbus_timeout_get_data (timeout));
  dbus_timeout_set_data (timeout, NULL, NULL);
}

static dbus_bool_t
timeout_add (DBusTimeout *timeout, void *data)
{
  CdbusLoop *loop = data;
  timeout_remove (timeout, loop);
  if (!dbus_timeout_get_enabled (timeout))
    return TRUE;

  GSource *source = g_timeout_source_new (dbus_timeout_get_interval (timeout));
  g_source_set_callback (source, timeout_ready, timeout, NULL);
  g_source_set_static_name (source, "cdbus timeout");
  g_source_attach (source, loop->context);
  dbus_timeout_set_data (timeout, source, NULL);
  return TRUE;
}

static void
timeout_toggled (DBusTimeout *timeout, void *data)
{
  timeout_add (timeout, data);
}

static void
wakeup (void *data)
{
  CdbusLoop *loop = data;
  g_main_context_wakeup (loop->context);
}

static void
dispatch_status_changed (DBusConnection *connection, DBusDispatchStatus status, void *data)
{
  if (status == DBUS_DISPATCH_DATA_REMAINS)
    wakeup (data);
}

/* Attaches @connection to @context; NULL if libdbus ran out of memory. */
CdbusLoop *
cdbus_loop_attach (DBusConnection *connection, GMainContext *context)
{
  CdbusLoop *loop = g_new0 (CdbusLoop, 1);
  loop->connection = connection;
  loop->context = g_main_context_ref (context ? context : g_main_context_default ());

  loop->dispatch = g_source_new (&dispatch_funcs, sizeof (CdbusDispatchSource));
  ((CdbusDispatchSource *)loop->dispatch)->connection = connection;
  g_source_set_static_name (loop->dispatch, "cdbus dispatch");
  g_source_attach (loop->dispatch, loop->context);

  dbus_connection_set_wakeup_main_function (connection, wakeup, loop, NULL);
  dbus_connection_set_dispatch_status_function (connection, dispatch_status_changed, loop, NULL);
  if (!dbus_connection_set_watch_functions (connection, watch_add, watch_remove, watch_toggled,
                                            loop, NULL)
      || !dbus_connection_set_timeout_functions (connection, timeout_add, timeout_remove,
                                                 timeout_toggled, loop, NULL))
    {
      cdbus_loop_detach (loop);
      return NULL;
    }
  return loop;
}

/* Takes the connection off the context and frees @loop. */
void
cdbus_loop_detach (CdbusLoop *loop)
{
  /* Replacing the functions makes libdbus remove every watch and timeout through the old ones. */
  dbus_connection_set_watch_functions (loop->connection, NULL, NULL, NULL, NULL, NULL);
  dbus_connection_set_timeout_functions (loop->connection, NULL, NULL, NULL, NULL, NULL);
  dbus_connection_set_dispatch_status_function (loop->connection, NULL, NULL, NULL);
  dbus_connection_set_wakeup_main_function (loop->connection, NULL, NULL, NULL);
  cdbus_loop_free (loop);
}

/* Frees @loop without touching the connection (which is being finalized: libdbus already
 * removed its watches and timeouts). */
void
cdbus_loop_free (CdbusLoop *loop)
{
  source_drop (loop->dispatch);
  g_main_context_unref (loop->context);
  g_free (loop);
}
