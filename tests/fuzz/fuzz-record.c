/* fuzz-record.c: libFuzzer target for the game-record reader (carc_record_parse(),
 * carc_record_replay(), doc/game-records.md), with all four expansions available. Any input
 * must be refused with a CarcError, or read into a record that replays (or is refused at a
 * named move) and writes back into a record that reads and replays to the same state. Never
 * crash or leak. */
#include "config.h"

#include <stdint.h>
#include "carcassonne.h"
#include "static-plugins.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static CarcTileSet *base;
  if (!base)
    base = carc_tile_set_new_base (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcRecord) record
      = carc_record_parse ((const char *)data, (gssize)size, base, static_plugin_host (), &error);
  if (!record)
    {
      g_assert (error && error->domain == CARC_ERROR);
      return 0;
    }
  g_autoptr (CarcGame) game = carc_record_replay (record, G_MAXUINT, NULL, NULL, NULL, &error);
  if (!game)
    {
      g_assert_error (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD);
      return 0;
    }
  /* What replays writes back into a record that replays to the same state. */
  g_autofree char *text = carc_game_to_record (game, NULL);
  g_autoptr (CarcRecord) again = carc_record_parse (text, -1, base, static_plugin_host (), NULL);
  g_assert (again != NULL);
  g_autoptr (CarcGame) game2 = carc_record_replay (again, G_MAXUINT, NULL, NULL, NULL, NULL);
  g_assert (game2 != NULL);
  g_autofree char *h1 = carc_game_get_state_hash (game);
  g_autofree char *h2 = carc_game_get_state_hash (game2);
  g_assert_cmpstr (h1, ==, h2);
  return 0;
}
