/* daemon-stats.c: what the reliability tests measure of the daemon. */
#include "config.h"

#include "daemon-stats.h"
#include "proc-stats.h"

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
  gint64 kib = proc_kib (pid, "status", "VmRSS");

  ck_assert_msg (kib >= 0, "no VmRSS in /proc/%d/status", pid);
  return (gsize)kib;
}

gboolean
has_asan (GPid pid)
{
  g_autofree char *text = proc_file (pid, "maps");
  return strstr (text, "libasan") != NULL;
}

double
percentile_ms (GArray *us, guint percent)
{
  return quantile (us, percent / 100.0) / 1000.0;
}
