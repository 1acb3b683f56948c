/* daemon-stats.c: what the reliability tests measure of the daemon. */
#include "config.h"

#include "daemon-stats.h"

#include <check.h>
#include <string.h>

guint64
env_u64 (const char *name, guint64 fallback)
{
  const char *v = g_getenv (name);
  return v && *v ? g_ascii_strtoull (v, NULL, 10) : fallback;
}

static char *
proc_file (GPid pid, const char *name)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/%s", pid, name);
  char *text = NULL;

  ck_assert_msg (g_file_get_contents (path, &text, NULL, NULL), "cannot read %s", path);
  return text;
}

gsize
vm_rss_kib (GPid pid)
{
  g_autofree char *text = proc_file (pid, "status");
  const char *line = strstr (text, "VmRSS:");

  ck_assert (line != NULL);
  return (gsize)g_ascii_strtoull (line + 6, NULL, 10);
}

gboolean
has_asan (GPid pid)
{
  g_autofree char *text = proc_file (pid, "maps");
  return strstr (text, "libasan") != NULL;
}

static gint
compare_gint64 (gconstpointer a, gconstpointer b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;
  return x < y ? -1 : x > y;
}

double
percentile_ms (GArray *us, guint percent)
{
  if (us->len == 0)
    return 0;
  g_array_sort (us, compare_gint64);
  return (double)g_array_index (us, gint64, MIN (us->len * percent / 100, us->len - 1)) / 1000.0;
}
