/* cdbus-watch.c: disconnect watches on bus names.
 *
 * The first watch adds one match rule for NameOwnerChanged; the connection's filter hands each
 * such signal here, and every watch on a name that lost its owner runs once and is removed.
 * A name already gone when its watch is added (asked with a blocking NameHasOwner) is reported
 * from an idle callback, so the caller always gets its id before the callback runs.
 */
#include "config.h"

#include "cdbus-private.h"

#define NAME_OWNER_CHANGED_RULE                                                                    \
  "type='signal',sender='" DBUS_SERVICE_DBUS "',interface='" DBUS_INTERFACE_DBUS                   \
  "',member='NameOwnerChanged'"

typedef struct
{
  CdbusState *state;
  guint id;
  char *name;
  CdbusDisconnectFunc func;
  gpointer user_data;
  GDestroyNotify destroy;
  GSource *idle; /* the report for a name already gone */
} CdbusDisconnectWatch;

static void
watch_free (CdbusDisconnectWatch *watch)
{
  if (watch->idle != NULL)
    {
      g_source_destroy (watch->idle);
      g_source_unref (watch->idle);
    }
  if (watch->destroy != NULL)
    watch->destroy (watch->user_data);
  g_free (watch->name);
  g_free (watch);
}

/* Runs watch @id (if it still exists) and removes it. The state may be gone afterwards: the
 * callback may shut the layer down. */
static void
watch_fire (CdbusState *state, guint id)
{
  CdbusDisconnectWatch *watch;
  if (!g_hash_table_steal_extended (state->watches, GUINT_TO_POINTER (id), NULL,
                                    (gpointer *)&watch))
    return;
  watch->func (state->connection, watch->name, watch->user_data);
  watch_free (watch);
}

static gboolean
watch_idle (gpointer data)
{
  CdbusDisconnectWatch *watch = data;
  g_clear_pointer (&watch->idle, g_source_unref);
  watch_fire (watch->state, watch->id);
  return G_SOURCE_REMOVE;
}

guint
cdbus_add_disconnect_watch (DBusConnection *connection, const char *unique_name,
                            CdbusDisconnectFunc func, gpointer user_data, GDestroyNotify destroy)
{
  CdbusState *state = cdbus_state_get (connection);
  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (unique_name != NULL && dbus_validate_bus_name (unique_name, NULL), 0);
  g_return_val_if_fail (func != NULL, 0);

  if (!state->match_added)
    {
      /* Sent before the NameHasOwner below, so the bus applies it before it answers: a name
       * leaving after that answer is seen by the filter. */
      dbus_bus_add_match (connection, NAME_OWNER_CHANGED_RULE, NULL);
      state->match_added = TRUE;
    }

  CdbusDisconnectWatch *watch = g_new0 (CdbusDisconnectWatch, 1);
  watch->state = state;
  do
    watch->id = ++state->last_watch_id;
  while (watch->id == 0 || g_hash_table_contains (state->watches, GUINT_TO_POINTER (watch->id)));
  watch->name = g_strdup (unique_name);
  watch->func = func;
  watch->user_data = user_data;
  watch->destroy = destroy;
  g_hash_table_insert (state->watches, GUINT_TO_POINTER (watch->id), watch);

  DBusError error;
  dbus_error_init (&error);
  gboolean owned = dbus_bus_name_has_owner (connection, unique_name, &error);
  dbus_error_free (&error);
  if (!owned)
    {
      watch->idle = g_idle_source_new ();
      g_source_set_callback (watch->idle, watch_idle, watch, NULL);
      g_source_set_static_name (watch->idle, "cdbus name gone");
      g_source_attach (watch->idle, state->context);
    }
  return watch->id;
}

void
cdbus_remove_watch (DBusConnection *connection, guint id)
{
  CdbusState *state = cdbus_state_get (connection);
  CdbusDisconnectWatch *watch;
  if (state != NULL
      && g_hash_table_steal_extended (state->watches, GUINT_TO_POINTER (id), NULL,
                                      (gpointer *)&watch))
    watch_free (watch);
}

void
cdbus_get_counts (DBusConnection *connection, guint *n_objects, guint *n_watches)
{
  CdbusState *state = cdbus_state_get (connection);

  *n_objects = state && state->objects ? g_hash_table_size (state->objects) : 0;
  *n_watches = state && state->watches ? g_hash_table_size (state->watches) : 0;
}

static gint
compare_ids (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *)a, y = *(const guint *)b;
  return x < y ? -1 : x > y;
}

/* NameOwnerChanged(s name, s old_owner, s new_owner): the watches on @name run when the new
 * owner is empty, in the order they were added. */
void
cdbus_watch_name_owner_changed (CdbusState *state, DBusMessage *message)
{
  const char *name, *old_owner, *new_owner;
  if (!dbus_message_get_args (message, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING, &old_owner,
                              DBUS_TYPE_STRING, &new_owner, DBUS_TYPE_INVALID)
      || new_owner[0] != '\0')
    return;

  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));
  GHashTableIter iter;
  CdbusDisconnectWatch *watch;
  g_hash_table_iter_init (&iter, state->watches);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&watch))
    if (g_str_equal (watch->name, name))
      g_array_append_val (ids, watch->id);
  g_array_sort (ids, compare_ids);

  DBusConnection *connection = state->connection;
  for (guint i = 0; i < ids->len; i++)
    {
      state = cdbus_state_get (connection);
      if (state == NULL)
        break;
      watch_fire (state, g_array_index (ids, guint, i));
    }
}

/* Takes the match rule off the bus, if the connection is still up. */
void
cdbus_watches_remove_match (CdbusState *state)
{
  if (state->match_added && dbus_connection_get_is_connected (state->connection))
    dbus_bus_remove_match (state->connection, NAME_OWNER_CHANGED_RULE, NULL);
  state->match_added = FALSE;
}

/* Teardown: frees every watch; their destroy notifies run. */
void
cdbus_watches_free (CdbusState *state)
{
  GHashTable *watches = g_steal_pointer (&state->watches);
  if (watches == NULL)
    return;
  GHashTableIter iter;
  CdbusDisconnectWatch *watch;
  g_hash_table_iter_init (&iter, watches);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *)&watch))
    {
      g_hash_table_iter_steal (&iter);
      watch_free (watch);
    }
  g_hash_table_unref (watches);
}
