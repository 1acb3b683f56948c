/* daemon.c: the registry of games and clients, and what happens when a client leaves. */
#include "config.h"

#include "daemon.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "cdbus.h"
#include "commit.h"
#include "errors.h"
#include "session.h"
#include "thinker.h"

static void
client_free (gpointer data)
{
  CarcdClient *client = data;
  g_free (client->name);
  g_free (client);
}

static void
session_free (gpointer data)
{
  carcd_session_free (data);
}

CarcdDaemon *
carcd_daemon_new (DBusConnection *connection, CarcTileSet *tiles, CarcPluginHost *plugins,
                  const CarcdLimits *limits, const char *state_dir)
{
  CarcdDaemon *daemon = g_new0 (CarcdDaemon, 1);

  daemon->connection = dbus_connection_ref (connection);
  daemon->tiles = g_object_ref (tiles);
  daemon->plugins = g_object_ref (plugins);
  daemon->limits = *limits;
  daemon->games = g_hash_table_new (NULL, NULL);
  daemon->clients = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, client_free);
  daemon->next_game_id = 1;
  daemon->state_dir = g_strdup (state_dir);
  carcd_commit_init (daemon);
  return daemon;
}

void
carcd_daemon_free (CarcdDaemon *daemon)
{
  GHashTableIter iter;
  gpointer value;

  /* the moves written go to disk, and their replies out, before anything is freed */
  carcd_commit_shutdown (daemon);
  if (daemon->reap_source)
    g_source_remove (daemon->reap_source);
  if (daemon->trim_source)
    g_source_remove (daemon->trim_source);
  /* sessions update their clients' records as they go, so free them one by one first */
  g_hash_table_iter_init (&iter, daemon->games);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      g_hash_table_iter_steal (&iter);
      session_free (value);
    }
  /* the sessions cancelled their bots' thoughts: wait for the workers to stop */
  carcd_thinkers_shutdown (daemon);
  g_hash_table_iter_init (&iter, daemon->clients);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      CarcdClient *client = value;
      if (client->watch_id)
        cdbus_remove_watch (daemon->connection, client->watch_id);
    }
  g_hash_table_destroy (daemon->games);
  g_hash_table_destroy (daemon->clients);
  g_object_unref (daemon->tiles);
  g_object_unref (daemon->plugins);
  dbus_connection_unref (daemon->connection);
  g_free (daemon->state_dir);
  g_ptr_array_unref (daemon->dirty);
  g_free (daemon);
}

static gboolean
trim_memory (gpointer data)
{
  CarcdDaemon *daemon = data;

  daemon->trim_source = 0;
#ifdef __GLIBC__
  malloc_trim (0);
#endif
  return G_SOURCE_REMOVE;
}

/* A game was freed: once the burst of removals is over, the memory the games held goes back
 * to the system (glibc's malloc keeps freed memory amid the heap otherwise). */
static void
game_freed (CarcdDaemon *daemon)
{
  if (daemon->trim_source == 0)
    daemon->trim_source = g_timeout_add (500, trim_memory, daemon);
}

static gboolean abandon_timeout (gpointer data);

/* Seconds @s may stay abandoned: a game not started goes sooner (--waiting-timeout, never
 * later than --abandon-timeout), so that the games of a flood that went away free the caps
 * within minutes, not an hour (issue 15). */
static guint
timeout_of (CarcdSession *s)
{
  const CarcdLimits *l = &s->daemon->limits;
  return s->game == NULL ? MIN (l->waiting_timeout, l->abandon_timeout) : l->abandon_timeout;
}

/* (Re)arms @s's abandon timer to fire when it has been abandoned for the whole timeout. */
static void
arm_abandon_timer (CarcdSession *s)
{
  gint64 now = g_get_monotonic_time ();
  gint64 due = s->abandoned_since + (gint64)timeout_of (s) * G_USEC_PER_SEC;
  guint ms = due > now ? (guint)MIN ((due - now + 999) / 1000, G_MAXUINT) : 0;

  s->abandon_source = g_timeout_add (ms, abandon_timeout, s);
}

static gboolean
abandon_timeout (gpointer data)
{
  CarcdSession *s = data;
  gint64 now = g_get_monotonic_time ();

  s->abandon_source = 0;
  if (!carcd_session_is_abandoned (s))
    {
      s->abandoned_since = 0;
      return G_SOURCE_REMOVE;
    }
  /* someone held it in between: the timeout starts again from now */
  if (s->abandoned_since == 0)
    s->abandoned_since = now;
  else if (now - s->abandoned_since >= (gint64)timeout_of (s) * G_USEC_PER_SEC
           && !carcd_session_bots_playing (s))
    {
      g_message ("%s: abandoned for %u s; removing it", s->path, timeout_of (s));
      carcd_daemon_remove_game (s->daemon, s);
      return G_SOURCE_REMOVE;
    }
  else if (carcd_session_bots_playing (s))
    s->abandoned_since = now; /* let the bots finish; the end removes it */
  arm_abandon_timer (s);
  return G_SOURCE_REMOVE;
}

static gboolean
reap_abandoned (gpointer data)
{
  CarcdDaemon *daemon = data;
  GHashTableIter iter;
  gpointer value;

  daemon->reap_source = 0;
  /* the last property changes of a game about to go are still announced */
  cdbus_flush (daemon->connection);
  g_hash_table_iter_init (&iter, daemon->games);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      CarcdSession *s = value;

      if (!carcd_session_is_abandoned (s))
        continue;
      /* a game whose last moves wait for the group commit is looked at again once they are on
       * disk (commit.c): its last signals and properties are still announced */
      if (s->commit_pending || s->commit_flying)
        continue;
      /* a game restored at start, or played by tokens, is kept for the timeout, over or not,
       * for its players to come back to it */
      if (carcd_session_get_state (s) == CARCD_STATE_OVER && !s->restored && !s->held_by_token)
        {
          g_debug ("%s: over, and nobody holds it; removing it", s->path);
          g_hash_table_iter_steal (&iter);
          carcd_session_journal_delete (s);
          carcd_session_free (s);
          game_freed (daemon);
        }
      else if (s->abandon_source == 0)
        {
          s->abandoned_since = g_get_monotonic_time ();
          arm_abandon_timer (s);
        }
    }
  return G_SOURCE_REMOVE;
}

void
carcd_daemon_schedule_reap (CarcdDaemon *daemon)
{
  if (daemon->reap_source == 0)
    daemon->reap_source = g_idle_add (reap_abandoned, daemon);
}

static void
client_vanished (DBusConnection *connection, const char *name, gpointer data)
{
  CarcdDaemon *daemon = data;
  CarcdClient *client = g_hash_table_lookup (daemon->clients, name);
  g_autofree char *gone = g_strdup (name);
  GHashTableIter iter;
  gpointer value;

  g_debug ("%s left the bus", gone);
  if (client)
    client->watch_id = 0; /* it has fired; it goes with the record */
  g_hash_table_iter_init (&iter, daemon->games);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    carcd_session_client_gone (value, gone);
  g_hash_table_remove (daemon->clients, gone);
  carcd_daemon_schedule_reap (daemon);
}

CarcdClient *
carcd_daemon_get_client (CarcdDaemon *daemon, const char *name, gboolean create)
{
  CarcdClient *client = g_hash_table_lookup (daemon->clients, name);

  if (client || !create)
    return client;
  client = g_new0 (CarcdClient, 1);
  client->name = g_strdup (name);
  g_hash_table_insert (daemon->clients, client->name, client);
  client->watch_id
      = cdbus_add_disconnect_watch (daemon->connection, name, client_vanished, daemon, NULL);
  return client;
}

void
carcd_daemon_release_client (CarcdDaemon *daemon, CarcdClient *client)
{
  if (client->n_games || client->n_seats)
    return;
  if (client->watch_id)
    cdbus_remove_watch (daemon->connection, client->watch_id);
  g_hash_table_remove (daemon->clients, client->name);
}

void
carcd_daemon_remove_game (CarcdDaemon *daemon, CarcdSession *session)
{
  cdbus_flush (daemon->connection);
  if (g_hash_table_steal (daemon->games, GUINT_TO_POINTER (session->id)))
    {
      carcd_session_journal_delete (session);
      session_free (session);
      game_freed (daemon);
    }
}

guint
carcd_daemon_count_waiting (CarcdDaemon *daemon)
{
  GHashTableIter iter;
  gpointer value;
  guint n = 0;

  /* at most max_games sessions, a pointer test each: no counter to keep in step */
  g_hash_table_iter_init (&iter, daemon->games);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    n += ((CarcdSession *)value)->game == NULL;
  return n;
}

CarcdSession *
carcd_daemon_lookup_path (CarcdDaemon *daemon, const char *path)
{
  guint64 id;
  const char *rest;
  char *end;

  if (!g_str_has_prefix (path, CARCD_GAME_PATH_PREFIX))
    return NULL;
  rest = path + strlen (CARCD_GAME_PATH_PREFIX);
  if (!g_ascii_isdigit (*rest))
    return NULL;
  id = g_ascii_strtoull (rest, &end, 10);
  if ((*end != '\0' && *end != '/') || id > G_MAXUINT)
    return NULL;
  return g_hash_table_lookup (daemon->games, GUINT_TO_POINTER ((guint)id));
}

/* Counts one more for @key in @counts (string -> count). */
static void
count_up (GHashTable *counts, const char *key)
{
  guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, key));
  g_hash_table_insert (counts, (gpointer)key, GUINT_TO_POINTER (n + 1));
}

void
carcd_daemon_log_tables (CarcdDaemon *daemon)
{
  g_autoptr (GHashTable) seats = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) games = g_hash_table_new (g_str_hash, g_str_equal);
  guint held = 0, creators = 0, mismatches = 0, n_objects, n_watches;
  GHashTableIter iter;
  gpointer value;

  /* what the sessions say each client holds */
  g_hash_table_iter_init (&iter, daemon->games);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      CarcdSession *s = value;

      if (s->creator)
        {
          creators++;
          count_up (games, s->creator);
        }
      for (guint i = 0; i < s->options.players; i++)
        if (s->seats[i] && s->seats[i]->owner)
          {
            held++;
            count_up (seats, s->seats[i]->owner);
          }
    }
  /* against what the client records count; each record has its watch */
  g_hash_table_iter_init (&iter, daemon->clients);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      CarcdClient *client = value;

      if (client->n_seats != GPOINTER_TO_UINT (g_hash_table_lookup (seats, client->name))
          || client->n_games != GPOINTER_TO_UINT (g_hash_table_lookup (games, client->name))
          || client->watch_id == 0)
        mismatches++;
      g_hash_table_remove (seats, client->name);
      g_hash_table_remove (games, client->name);
    }
  /* holders without a record, and the daemon-wide count of seats held (--max-seats) */
  mismatches += g_hash_table_size (seats) + g_hash_table_size (games);
  mismatches += held != daemon->n_seats_held;
  cdbus_get_counts (daemon->connection, &n_objects, &n_watches);
  g_message ("tables: clients %u watches %u games %u objects %u seats-held %u creators %u "
             "mismatches %u",
             g_hash_table_size (daemon->clients), n_watches, g_hash_table_size (daemon->games),
             n_objects, held, creators, mismatches);
  carcd_commit_log_stats (daemon);
}
