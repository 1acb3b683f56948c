/* proc-stats.c: memory from /proc and quantiles of samples (see proc-stats.h). */
#include "config.h"

#include "proc-stats.h"

#include <string.h>

gint64
proc_kib (GPid pid, const char *file, const char *field)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/%s", (int)pid, file);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  gsize n = strlen (field);

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return -1;
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    if (strncmp (lines[i], field, n) == 0 && lines[i][n] == ':')
      return g_ascii_strtoll (lines[i] + n + 1, NULL, 10);
  return -1;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

double
quantile (GArray *values, double q)
{
  guint i;

  if (values->len == 0)
    return 0;
  g_array_sort (values, compare_doubles);
  i = (guint)(q * values->len);
  return g_array_index (values, double, MIN (i, values->len - 1));
}
