/* commit.c: the group commit: pending journals flushed together, the replies held till then. */
#include "config.h"

#include "commit.h"

#include <poll.h>

#include "cdbus.h"
#include "errors.h"
#include "session.h"

/* The most calls answered while moves wait before their journals are flushed anyway, under a
 * load that never lets the calls stop: about a millisecond of calls on the machine of
 * doc/performance.md. A count, not a time, so that a slow run (valgrind) batches alike. */
#define COMMIT_MAX_CALLS   32
#define COMMIT_MAX_WAIT_US (50 * 1000)

/* Journals flushed side by side at most: ext4 then writes their data and one journal commit
 * for them all, where one after the other each would wait for its own. */
#define MAX_SYNC_THREADS 16

/* A reply held until the commit; @session: the pending game it says yes about (a move made,
 * or what the game shows), refused if that game's flush fails; else NULL. */
typedef struct
{
  DBusMessage *call;
  DBusMessage *reply;
  CarcdSession *session;
} HeldReply;

typedef struct
{
  GSource source;
  CarcdDaemon *daemon;
} CommitSource;

/* Several journals flushed at once: the jobs left, under the lock. */
typedef struct
{
  GMutex lock;
  GCond done;
  guint left;
} SyncWait;

typedef struct
{
  CarcdJournal *journal;
  GError *error;
  SyncWait *wait;
} SyncJob;

static gboolean
pending (CarcdDaemon *d)
{
  return d->dirty->len > 0 || !g_queue_is_empty (&d->held_replies);
}

/* A call waits: in the connection's queue, or not read yet from its socket. */
static gboolean
calls_waiting (CarcdDaemon *d)
{
  struct pollfd p = { .events = POLLIN };

  if (dbus_connection_get_dispatch_status (d->connection) == DBUS_DISPATCH_DATA_REMAINS)
    return TRUE;
  return dbus_connection_get_socket (d->connection, &p.fd) && poll (&p, 1, 0) == 1
         && (p.revents & POLLIN);
}

/* Due once no call waits, or COMMIT_MAX_CALLS replies wait, or (a safety net: a socket that
 * stays readable with nothing read from it) COMMIT_MAX_WAIT_US after the batch began; else
 * the time left till then in @timeout (ms). */
static gboolean
commit_due (CarcdDaemon *d, gint *timeout)
{
  gint64 left;

  *timeout = -1;
  if (!pending (d))
    return FALSE;
  if (g_queue_get_length (&d->held_replies) >= COMMIT_MAX_CALLS || !calls_waiting (d))
    return TRUE;
  left = d->pending_since + COMMIT_MAX_WAIT_US - g_get_monotonic_time ();
  if (left <= 0)
    return TRUE;
  *timeout = (gint)((left + 999) / 1000);
  return FALSE;
}

static gboolean
source_prepare (GSource *source, gint *timeout)
{
  return commit_due (((CommitSource *)source)->daemon, timeout);
}

static gboolean
source_check (GSource *source)
{
  return commit_due (((CommitSource *)source)->daemon, &(gint){ 0 });
}

static gboolean
source_dispatch (GSource *source, GSourceFunc callback, gpointer user_data)
{
  carcd_commit_run (((CommitSource *)source)->daemon);
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs source_funcs = {
  .prepare = source_prepare,
  .check = source_check,
  .dispatch = source_dispatch,
};

/* The layer's reply hold (cdbus_set_reply_hold_func()): while anything is pending, every
 * reply waits for the commit, in order. One that says yes to a call on a pending game (a
 * move, or what the game shows) is refused instead if that game's flush fails: it would tell
 * of a move that is undone. */
static gboolean
hold_reply (DBusConnection *connection, DBusMessage *call, DBusMessage *reply, gpointer data)
{
  CarcdDaemon *d = data;
  CarcdSession *s;
  HeldReply *held;

  if (!pending (d))
    return FALSE;
  s = carcd_daemon_lookup_path (d, dbus_message_get_path (call));
  held = g_new (HeldReply, 1);
  held->call = dbus_message_ref (call);
  held->reply = dbus_message_ref (reply);
  held->session
      = s && s->commit_pending && dbus_message_get_type (reply) == DBUS_MESSAGE_TYPE_METHOD_RETURN
            ? s
            : NULL;
  g_queue_push_tail (&d->held_replies, held);
  return TRUE;
}

void
carcd_commit_init (CarcdDaemon *d)
{
  d->dirty = g_ptr_array_new ();
  g_queue_init (&d->held_replies);
}

void
carcd_commit_start (CarcdDaemon *d)
{
  GSource *source;

  g_return_if_fail (d->commit_source == 0);
  d->group_commit = TRUE;
  cdbus_set_reply_hold_func (d->connection, hold_reply, d);
  source = g_source_new (&source_funcs, sizeof (CommitSource));
  ((CommitSource *)source)->daemon = d;
  g_source_set_static_name (source, "carcd group commit");
  d->commit_source = g_source_attach (source, NULL);
  g_source_unref (source);
}

void
carcd_commit_shutdown (CarcdDaemon *d)
{
  carcd_commit_run (d);
  dbus_connection_flush (d->connection);
  if (d->commit_source)
    {
      cdbus_set_reply_hold_func (d->connection, NULL, NULL);
      g_source_remove (d->commit_source);
      d->commit_source = 0;
    }
  d->group_commit = FALSE;
  if (d->syncers)
    g_thread_pool_free (g_steal_pointer (&d->syncers), FALSE, TRUE);
}

gboolean
carcd_commit_enabled (CarcdSession *s)
{
  return s->daemon->group_commit && s->journal != NULL;
}

void
carcd_commit_add (CarcdSession *s, guint n_moves)
{
  CarcdDaemon *d = s->daemon;

  if (!pending (d))
    d->pending_since = g_get_monotonic_time ();
  if (!s->commit_pending)
    {
      s->commit_pending = TRUE;
      g_ptr_array_add (d->dirty, s);
    }
  s->commit_moves += n_moves;
}

static void
sync_job (gpointer data, gpointer user_data)
{
  SyncJob *job = data;

  carcd_journal_sync (job->journal, &job->error);
  g_mutex_lock (&job->wait->lock);
  if (--job->wait->left == 0)
    g_cond_signal (&job->wait->done);
  g_mutex_unlock (&job->wait->lock);
}

/* Flushes the journals of @batch's sessions, side by side; @errors[i] is set for each that
 * failed. */
static void
sync_all (CarcdDaemon *d, GPtrArray *batch, GError **errors)
{
  g_autofree SyncJob *jobs = NULL;
  SyncWait wait = { .left = batch->len };

  if (batch->len == 1)
    {
      carcd_journal_sync (((CarcdSession *)batch->pdata[0])->journal, &errors[0]);
      return;
    }
  if (d->syncers == NULL)
    d->syncers = g_thread_pool_new (sync_job, NULL, MAX_SYNC_THREADS, FALSE, NULL);
  jobs = g_new0 (SyncJob, batch->len);
  g_mutex_init (&wait.lock);
  g_cond_init (&wait.done);
  for (guint i = 0; i < batch->len; i++)
    {
      jobs[i].journal = ((CarcdSession *)batch->pdata[i])->journal;
      jobs[i].wait = &wait;
      g_thread_pool_push (d->syncers, &jobs[i], NULL);
    }
  g_mutex_lock (&wait.lock);
  while (wait.left > 0)
    g_cond_wait (&wait.done, &wait.lock);
  g_mutex_unlock (&wait.lock);
  g_mutex_clear (&wait.lock);
  g_cond_clear (&wait.done);
  for (guint i = 0; i < batch->len; i++)
    errors[i] = jobs[i].error;
}

/* The held replies, in order: a move of a game whose flush failed gets Failed instead. */
static void
send_replies (CarcdDaemon *d)
{
  HeldReply *held;

  while ((held = g_queue_pop_head (&d->held_replies)))
    {
      if (held->session && held->session->commit_error)
        {
          dbus_message_unref (held->reply);
          held->reply = carcd_error_reply (held->call, held->session->commit_error);
        }
      dbus_connection_send (d->connection, held->reply, NULL);
      dbus_message_unref (held->reply);
      dbus_message_unref (held->call);
      g_free (held);
    }
}

/* The error the moves of @s in a batch whose flush failed (@cause) answer: the synchronous
 * path's (after_move() in session.c). */
static GError *
refusal (CarcdSession *s, const GError *cause)
{
  return g_error_new (CARCD_ERROR, CARCD_ERROR_FAILED,
                      "The move could not be saved, so it was not made: Could not save %s: %s",
                      s->path, cause->message);
}

void
carcd_commit_run (CarcdDaemon *d)
{
  g_autoptr (GPtrArray) batch = NULL;
  g_autofree GError **errors = NULL;

  if (!pending (d))
    return;
  batch = g_steal_pointer (&d->dirty);
  d->dirty = g_ptr_array_new ();
  errors = g_new0 (GError *, batch->len + 1);
  if (batch->len)
    sync_all (d, batch, errors);
  d->n_batches += batch->len > 0;
  for (guint i = 0; i < batch->len; i++)
    {
      CarcdSession *s = batch->pdata[i];

      d->n_fsyncs++;
      if (errors[i] == NULL)
        d->n_commit_moves += s->commit_moves;
      else
        s->commit_error = refusal (s, errors[i]);
      s->commit_pending = FALSE;
      s->commit_moves = 0;
      carcd_session_committed (s, errors[i]);
    }
  send_replies (d);
  for (guint i = 0; i < batch->len; i++)
    {
      g_clear_error (&((CarcdSession *)batch->pdata[i])->commit_error);
      g_clear_error (&errors[i]);
    }
  cdbus_flush (d->connection);
}

void
carcd_commit_forget (CarcdSession *s)
{
  CarcdDaemon *d = s->daemon;

  if (s->commit_pending)
    g_ptr_array_remove (d->dirty, s);
  s->commit_pending = FALSE;
  for (GList *l = d->held_replies.head; l; l = l->next)
    if (((HeldReply *)l->data)->session == s)
      ((HeldReply *)l->data)->session = NULL;
}

void
carcd_commit_count (CarcdDaemon *d, guint n_moves)
{
  d->n_fsyncs++;
  d->n_batches++;
  d->n_commit_moves += n_moves;
}

void
carcd_commit_log_stats (CarcdDaemon *d)
{
  g_message ("commits: fsyncs %" G_GUINT64_FORMAT " moves %" G_GUINT64_FORMAT
             " batches %" G_GUINT64_FORMAT,
             d->n_fsyncs, d->n_commit_moves, d->n_batches);
}
