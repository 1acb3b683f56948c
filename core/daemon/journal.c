/* journal.c: journal files: checksummed lines, written whole and flushed before returning. */
#include "config.h"

#include "journal.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

#define SUM_CHARS 16

struct _CarcdJournal
{
  char *path;
  int fd;
  gsize length; /* bytes written so far: whole lines */
};

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

char *
carcd_journal_path (const char *dir, guint id)
{
  g_autofree char *base = g_strdup_printf ("game-%u" CARCD_JOURNAL_SUFFIX, id);
  return g_build_filename (dir, base, NULL);
}

/* The checksum of @payload: the first 16 hex digits of its SHA-256. */
static void
checksum (const char *payload, gsize length, char out[SUM_CHARS + 1])
{
  g_autofree char *sum
      = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)payload, length);
  memcpy (out, sum, SUM_CHARS);
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
  int fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0600);

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
  journal->length = buf->len;
  if (!sync_dir_of (path, error))
    {
      carcd_journal_delete (journal);
      return NULL;
    }
  return journal;
}

gboolean
carcd_journal_append (CarcdJournal *journal, const char *const *payloads, guint n_payloads,
                      GError **error)
{
  g_autoptr (GString) buf = g_string_new (NULL);
  int err;

  for (guint i = 0; i < n_payloads; i++)
    append_line (buf, payloads[i]);
  if (write_all (journal->fd, buf->str, buf->len) && fdatasync (journal->fd) == 0)
    {
      journal->length += buf->len;
      return TRUE;
    }
  err = errno;
  /* a part of the lines may be in the file: cut them off, so the next append starts on a
   * line of its own */
  if (ftruncate (journal->fd, (off_t)journal->length) == 0)
    fdatasync (journal->fd);
  return fail_errno (error, err, "Could not write", journal->path);
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

gboolean
carcd_journal_read (const char *path, CarcdJournalContents *contents, GError **error)
{
  g_autofree char *data = NULL;
  gsize length, pos = 0;
  guint line = 1;

  memset (contents, 0, sizeof *contents);
  if (!g_file_get_contents (path, &data, &length, error))
    return FALSE;
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
  return TRUE;
}

CarcdJournal *
carcd_journal_open (const char *path, gsize length, GError **error)
{
  CarcdJournal *journal;
  struct stat st;
  int fd = open (path, O_WRONLY | O_APPEND | O_CLOEXEC);

  if (fd < 0)
    {
      fail_errno (error, errno, "Could not open", path);
      return NULL;
    }
  /* no flush here: until the next append is flushed (and the new length with it), a crash
   * only brings back the lines cut, which are cut again */
  if (fstat (fd, &st) < 0 || ((gsize)st.st_size > length && ftruncate (fd, (off_t)length) < 0))
    {
      fail_errno (error, errno, "Could not cut back", path);
      close (fd);
      return NULL;
    }
  journal = g_new0 (CarcdJournal, 1);
  journal->path = g_strdup (path);
  journal->fd = fd;
  journal->length = length;
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
