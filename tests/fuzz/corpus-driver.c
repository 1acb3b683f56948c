/* corpus-driver.c: runs a fuzz target over every file of its corpus (and any files named on
 * the command line), so `make check` replays the corpus without libFuzzer. */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <glib.h>

/* The corpus folder under tests/fuzz/, set per target by the build. */
#ifndef CORPUS_NAME
#define CORPUS_NAME "corpus-tiles"
#endif

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static guint
run_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;
  const char *name;
  if (!d)
    g_error ("cannot open corpus %s", dir);
  while ((name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *data = NULL;
      gsize len;
      if (!g_file_get_contents (path, &data, &len, NULL))
        continue;
      LLVMFuzzerTestOneInput ((const uint8_t *)data, len);
      n++;
    }
  return n;
}

int
main (int argc, char **argv)
{
  guint n = 0;
  if (argc > 1)
    for (int i = 1; i < argc; i++)
      n += run_dir (argv[i]);
  else
    {
      const char *top = g_getenv ("TOP_SRCDIR") ? g_getenv ("TOP_SRCDIR") : TOP_SRCDIR;
      g_autofree char *dir = g_build_filename (top, "tests", "fuzz", CORPUS_NAME, NULL);
      n = run_dir (dir);
    }
  printf ("%u passed, 0 failed\n", n);
  return n > 0 ? 0 : 1;
}
