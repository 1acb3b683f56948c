/* journal.c: journal files: checksummed lines, written whole, flushed on demand. */
#include "config.h"

#include "journal.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <nettle/sha2.h>
#include <linux/magic.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define SUM_CHARS 16

struct _CarcdJournal
{
  char *path;
  int fd;
  gsize length;        /* bytes written so far: whole lines */
  gsize synced;        /* of them, those flushed to disk (fdatasync) */
  gboolean dir_unsync; /* carcd_journal_replace() could not flush the directory */
};

G_DEFINE_QUARK (carcd - journal - error - quark, carcd_journal_error)

static gboolean
fail_errno (GError **error, int err, const char *what, const char *path)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), "%s %s: %s", what, path,
               g_strerror (err));
  return FALSE;
}

gboolean
carcd_journal_ensure_dir (const char *dir, GError **error)
{
  if (g_mkdir_with_parents (dir, 0700) < 0)
    return fail_errno (error, errno, "Could not create", dir);
  return TRUE;
}

gboolean
carcd_journal_dir_in_memory (const char *dir)
{
  struct statfs fs;

  if (statfs (dir, &fs) < 0)
    return FALSE;
  return fs.f_type == TMPFS_MAGIC || fs.f_type == RAMFS_MAGIC;
}

int
carcd_journal_lock_dir (const char *dir, GError **error)
{
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (fd < 0)
    {
      fail_errno (error, errno, "Could not open", dir);
      return -1;
    }
  if (flock (fd, LOCK_EX | LOCK_NB) < 0)
    {
      int err = errno;

      close (fd);
      if (err == EWOULDBLOCK)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                     "%s is in use by another carcassonned (it holds the directory's lock)", dir);
      else
        fail_errno (error, err, "Could not lock", dir);
      return -1;
    }
  return fd;
}

char *
carcd_journal_path (const char *dir, guint id)
{
  g_autofree char *base = g_strdup_printf ("game-%u" CARCD_JOURNAL_SUFFIX, id);
  return g_build_filename (dir, base, NULL);
}

/* The checksum of @payload: the first 16 hex digits of its SHA-256 (nettle's, which runs the
 * CPU's SHA extensions where there are any; the digest GChecksum gave before). */
static void
checksum (const char *payload, gsize length, char out[SUM_CHARS + 1])
{
  static const char hex[] = "0123456789abcdef";
  struct sha256_ctx sha;
  guint8 digest[SUM_CHARS / 2];

  sha256_init (&sha);
  sha256_update (&sha, length, (const guint8 *)payload);
  sha256_digest (&sha, sizeof digest, digest);
  for (guint i = 0; i < sizeof digest; i++)
    {
      out[2 * i] = hex[digest[i] >> 4];
      out[2 * i + 1] = hex[digest[i] & 15];
    }
  out[SUM_CHARS] = '\0';
}

static void
append_line (GString *buf, const char *payload)
{
  char sum[SUM_CHARS + 1];

  g_return_if_fail (strchr (payload, '\n') == NULL);
  checksum (payload, strlen (payload), sum);
  g_string_append (buf, sum);
  g_string_append_c (buf, ' ');
  g_string_append (buf, payload);
  g_string_append_c (buf, '\n');
}

static gboolean
write_all (int fd, const char *data, gsize length)
{
  while (length > 0)
    {
      ssize_t n = write (fd, data, length);
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return FALSE;
        }
      data += n;
      length -= (gsize)n;
    }
  return TRUE;
}

/* Flushes the directory holding @path, so that a new or renamed entry survives a crash. */
static gboolean
sync_dir_of (const char *path, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  int fd = open (dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  int err;

  if (fd < 0)
    return fail_errno (error, errno, "Could not open", dir);
  err = fsync (fd) < 0 ? errno : 0;
  close (fd);
  if (err)
    return fail_errno (error, err, "Could not flush", dir);
  return TRUE;
}

CarcdJournal *
carcd_journal_create (const char *path, const char *const *payloads, guint n_payloads,
                      GError **error)
{
  g_autoptr (GString) buf = g_string_new (NULL);
  CarcdJournal *journal;
  /* never over a file there: a new game's number is after every file's, so one there is not
   * ours to take */
  int fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0600);

  if (fd < 0)
    {
      fail_errno (error, errno, "Could not create", path);
      return NULL;
    }
  journal = g_new0 (CarcdJournal, 1);
  journal->path = g_strdup (path);
  journal->fd = fd;
  for (guint i = 0; i < n_payloads; i++)
    append_line (buf, payloads[i]);
  if (!write_all (fd, buf->str, buf->len) || fdatasync (fd) < 0)
    {
      fail_errno (error, errno, "Could not write", path);
      carcd_journal_delete (journal);
      return NULL;
    }
  journal->length = journal->synced = buf->len;
  if (!sync_dir_of (path, error))
    {
      carcd_journal_delete (journal);
      return NULL;
    }
  return journal;
}

gboolean
carcd_journal_write (CarcdJournal *journal, const char *const *payloads, guint n_payloads,
                     GError **error)
{
  g_autoptr (GString) buf = g_string_new (NULL);
  int err;

  /* a replaced file's new name first: the lines after it must not come back without it */
  if (journal->dir_unsync)
    {
      if (!sync_dir_of (journal->path, error))
        return FALSE;
      journal->dir_unsync = FALSE;
    }
  for (guint i = 0; i < n_payloads; i++)
    append_line (buf, payloads[i]);
  if (journal->length + buf->len > CARCD_JOURNAL_MAX_SIZE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   "Could not write %s: it would grow past the %u MiB of a journal", journal->path,
                   CARCD_JOURNAL_MAX_SIZE >> 20);
      return FALSE;
    }
  if (write_all (journal->fd, buf->str, buf->len))
    {
      journal->length += buf->len;
      return TRUE;
    }
  err = errno;
  /* a part of the lines may be in the file: cut them off, so the next write starts on a
   * line of its own */
  if (ftruncate (journal->fd, (off_t)journal->length) == 0 && journal->length == journal->synced)
    fdatasync (journal->fd);
  return fail_errno (error, err, "Could not write", journal->path);
}

gboolean
carcd_journal_is_synced (CarcdJournal *journal)
{
  return journal->synced == journal->length;
}

void
carcd_journal_flush_begin (CarcdJournal *journal, CarcdJournalFlush *flush)
{
  flush->journal = journal;
  flush->fd = journal->fd;
  flush->length = journal->length;
  flush->needed = journal->length > journal->synced;
  flush->err = 0;
}

void
carcd_journal_flush_run (CarcdJournalFlush *flush)
{
  if (flush->needed && fdatasync (flush->fd) < 0)
    flush->err = errno;
}

gboolean
carcd_journal_flush_finish (CarcdJournalFlush *flush, GError **error)
{
  CarcdJournal *journal = flush->journal;

  if (flush->err == 0)
    {
      journal->synced = MAX (journal->synced, flush->length);
      return TRUE;
    }
  /* the lines since the last flush may or may not be on disk, and a second fdatasync() could
   * say nothing of them (the error is reported once): cut them all off */
  journal->length = journal->synced;
  if (ftruncate (journal->fd, (off_t)journal->length) == 0)
    fdatasync (journal->fd);
  return fail_errno (error, flush->err, "Could not write", journal->path);
}

gboolean
carcd_journal_sync (CarcdJournal *journal, GError **error)
{
  CarcdJournalFlush flush;

  carcd_journal_flush_begin (journal, &flush);
  carcd_journal_flush_run (&flush);
  return carcd_journal_flush_finish (&flush, error);
}

gboolean
carcd_journal_append (CarcdJournal *journal, const char *const *payloads, guint n_payloads,
                      GError **error)
{
  g_return_val_if_fail (carcd_journal_is_synced (journal), FALSE);
  return carcd_journal_write (journal, payloads, n_payloads, error)
         && carcd_journal_sync (journal, error);
}

gboolean
carcd_journal_replace (CarcdJournal *journal, const char *const *payloads, guint n_payloads,
                       GError **error)
{
  g_autoptr (GString) buf = g_string_new (NULL);
  g_autofree char *tmp = g_strconcat (journal->path, CARCD_JOURNAL_NEW_SUFFIX, NULL);
  int fd, err;

  for (guint i = 0; i < n_payloads; i++)
    append_line (buf, payloads[i]);
  fd = open (tmp, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0)
    return fail_errno (error, errno, "Could not create", tmp);
  if (!write_all (fd, buf->str, buf->len) || fsync (fd) < 0 || rename (tmp, journal->path) < 0)
    {
      err = errno;
      close (fd);
      g_unlink (tmp);
      return fail_errno (error, err, "Could not rewrite", journal->path);
    }
  /* the new file is the journal now, whatever comes */
  close (journal->fd);
  journal->fd = fd;
  journal->length = journal->synced = buf->len;
  journal->dir_unsync = TRUE;
  if (!sync_dir_of (journal->path, error))
    return FALSE;
  journal->dir_unsync = FALSE;
  return TRUE;
}

void
carcd_journal_close (CarcdJournal *journal)
{
  if (journal == NULL)
    return;
  close (journal->fd);
  g_free (journal->path);
  g_free (journal);
}

void
carcd_journal_delete (CarcdJournal *journal)
{
  if (journal == NULL)
    return;
  if (g_unlink (journal->path) < 0 && errno != ENOENT)
    g_warning ("Could not remove %s: %s", journal->path, g_strerror (errno));
  carcd_journal_close (journal);
}

void
carcd_journal_contents_clear (CarcdJournalContents *contents)
{
  g_clear_pointer (&contents->payloads, g_ptr_array_unref);
  g_clear_pointer (&contents->problem, g_free);
}

/* Checks one line (without its newline): the checksum, a space, a UTF-8 payload. */
static gboolean
check_line (const char *line, gsize length, const char **why)
{
  char sum[SUM_CHARS + 1];

  if (length < SUM_CHARS + 1 || line[SUM_CHARS] != ' ')
    {
      *why = "it has no checksum";
      return FALSE;
    }
  if (!g_utf8_validate_len (line + SUM_CHARS + 1, length - SUM_CHARS - 1, NULL)
      || memchr (line, '\0', length))
    {
      *why = "it is not text";
      return FALSE;
    }
  checksum (line + SUM_CHARS + 1, length - SUM_CHARS - 1, sum);
  if (memcmp (sum, line, SUM_CHARS) != 0)
    {
      *why = "its checksum does not match";
      return FALSE;
    }
  return TRUE;
}

static gboolean
not_a_journal (GError **error, const char *why)
{
  g_set_error_literal (error, CARCD_JOURNAL_ERROR, CARCD_JOURNAL_ERROR_NOT_A_JOURNAL, why);
  return FALSE;
}

/* Opens @path, for reading or (@flags) writing, if it is a regular file: not a symbolic link
 * (O_NOFOLLOW), and the open does not wait (O_NONBLOCK: a FIFO with no writer). */
static int
open_regular (const char *path, int flags, struct stat *st, GError **error)
{
  int fd = open (path, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

  if (fd < 0)
    {
      /* ELOOP: a symbolic link; ENXIO, ENODEV: a socket, a device without a driver */
      if (errno == ELOOP)
        not_a_journal (error, "it is a symbolic link");
      else if (errno == ENXIO || errno == ENODEV)
        not_a_journal (error, "it is not a regular file");
      else
        fail_errno (error, errno, "Could not open", path);
      return -1;
    }
  if (fstat (fd, st) < 0)
    {
      fail_errno (error, errno, "Could not read", path);
      close (fd);
      return -1;
    }
  if (!S_ISREG (st->st_mode))
    {
      not_a_journal (error, "it is not a regular file");
      close (fd);
      return -1;
    }
  /* back to blocking I/O: a regular file never waits, but say what is meant */
  fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

/* The whole of the regular file @path, at most CARCD_JOURNAL_MAX_SIZE bytes. */
static char *
read_regular (const char *path, gsize *length, GError **error)
{
  struct stat st;
  g_autofree char *data = NULL;
  gsize got = 0;
  int fd = open_regular (path, O_RDONLY, &st, error);

  if (fd < 0)
    return NULL;
  if ((guint64)st.st_size > CARCD_JOURNAL_MAX_SIZE)
    {
      g_autofree char *why
          = g_strdup_printf ("it is %" G_GUINT64_FORMAT " bytes long, more than a journal's %u MiB",
                             (guint64)st.st_size, CARCD_JOURNAL_MAX_SIZE >> 20);
      close (fd);
      not_a_journal (error, why);
      return NULL;
    }
  data = g_malloc ((gsize)st.st_size + 1);
  while (got < (gsize)st.st_size)
    {
      ssize_t n = read (fd, data + got, (gsize)st.st_size - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          fail_errno (error, errno, "Could not read", path);
          close (fd);
          return NULL;
        }
      if (n == 0)
        break; /* shorter than it was: what is there */
      got += (gsize)n;
    }
  close (fd);
  data[got] = '\0';
  *length = got;
  return g_steal_pointer (&data);
}

void
carcd_journal_parse (const char *data, gsize length, CarcdJournalContents *contents)
{
  gsize pos = 0;
  guint line = 1;

  memset (contents, 0, sizeof *contents);
  contents->payloads = g_ptr_array_new_with_free_func (g_free);
  contents->length = length;
  while (pos < length)
    {
      const char *start = data + pos;
      const char *end = memchr (start, '\n', length - pos);
      const char *why;

      if (end == NULL)
        {
          contents->problem
              = g_strdup_printf ("line %u (at byte %" G_GSIZE_FORMAT ") is torn: %" G_GSIZE_FORMAT
                                 " bytes without an end of line",
                                 line, pos, length - pos);
          break;
        }
      if (!check_line (start, (gsize)(end - start), &why))
        {
          contents->problem = g_strdup_printf (
              "line %u (at byte %" G_GSIZE_FORMAT ") is corrupted: %s", line, pos, why);
          break;
        }
      g_ptr_array_add (contents->payloads,
                       g_strndup (start + SUM_CHARS + 1, (gsize)(end - start) - SUM_CHARS - 1));
      pos = (gsize)(end - data) + 1;
      line++;
    }
  contents->good_length = pos;
}

gboolean
carcd_journal_read (const char *path, CarcdJournalContents *contents, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  memset (contents, 0, sizeof *contents);
  data = read_regular (path, &length, error);
  if (data == NULL)
    return FALSE;
  carcd_journal_parse (data, length, contents);
  return TRUE;
}

CarcdJournal *
carcd_journal_open (const char *path, gsize length, GError **error)
{
  CarcdJournal *journal;
  struct stat st;
  int fd = open_regular (path, O_WRONLY | O_APPEND, &st, error);

  if (fd < 0)
    return NULL;
  /* no flush here: until the next append is flushed (and the new length with it), a crash
   * only brings back the lines cut, which are cut again */
  if ((gsize)st.st_size > length && ftruncate (fd, (off_t)length) < 0)
    {
      fail_errno (error, errno, "Could not cut back", path);
      close (fd);
      return NULL;
    }
  journal = g_new0 (CarcdJournal, 1);
  journal->path = g_strdup (path);
  journal->fd = fd;
  journal->length = journal->synced = length;
  return journal;
}

char *
carcd_journal_set_aside (const char *path, GError **error)
{
  g_autofree char *aside = g_strconcat (path, CARCD_JOURNAL_BAD_SUFFIX, NULL);

  if (g_rename (path, aside) < 0)
    {
      fail_errno (error, errno, "Could not rename", path);
      return NULL;
    }
  sync_dir_of (path, NULL);
  return g_steal_pointer (&aside);
}
