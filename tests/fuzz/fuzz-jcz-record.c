/* fuzz-jcz-record.c: libFuzzer target for carcassonne-conformance's reader of JCloisterZone
 * records (tests/conformance/jcz-record.c) and the replay of what it reads
 * (tests/conformance/replay.c), with the four plugins compiled in. Any input must be refused
 * with a JCZ_RECORD_ERROR, or read into a game that replays to some number of
 * disagreements, each with a message. Never crash, leak or raise a GLib critical. */
#include "config.h"

#include <stdint.h>
#include "jcz-record.h"
#include "replay.h"
#include "static-plugins.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
on_disagreement (guint turn, const char *what, gpointer data)
{
  g_assert (what != NULL && *what != '\0');
  (*(guint *)data)++;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static CarcTileSet *base;
  if (!base)
    {
      g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
      base = carc_tile_set_new_base (NULL);
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (JczGame) game = jcz_game_parse ((const char *)data, size, &error);
  if (!game)
    {
      g_assert (error && error->domain == JCZ_RECORD_ERROR);
      return 0;
    }
  g_auto (GStrv) missing = conformance_missing_expansions (game, static_plugin_host ());
  if (missing)
    return 0;
  guint reported = 0;
  guint bad = conformance_replay (game, base, static_plugin_host (), on_disagreement, &reported);
  g_assert_cmpuint (bad, ==, reported);
  return 0;
}
