/* fuzz-journal.c: libFuzzer target for the daemon's journal reader: the checksummed lines
 * (carcd_journal_parse(), core/daemon/journal.c) and what they restore
 * (carcd_journal_game_read(), core/daemon/session-journal.c: the header, the seats, start and
 * move lines, the replay and its state hashes; doc/persistence.md), with the five shipped
 * expansions compiled in (static-plugins.c).
 *
 * The first byte of the input says how to read the rest: bit 0 clear, it is a journal file as
 * is; set, it is the lines' payloads, and the target writes each line ending in a newline as
 * the daemon does, with its checksum (a last piece without one stays torn), so that the fuzzer
 * gets past the checksums to the JSON and the replay. Bits 1-7 are the game's number less 1:
 * the header must name it.
 *
 * A journal must be refused with a CARCD_ERROR, CARC_ERROR or JSON_PARSER_ERROR (and nothing
 * read kept), or read into a game that holds together: options, seats and tokens of their
 * forms, the lines kept and their length those of the file, a problem exactly when lines are
 * not kept, the game replaying from its config to the same state hash; and the kept lines,
 * written again as the daemon goes on from them, read back to the same game with no problem.
 * Never crash, leak, or raise a GLib warning or critical.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <json-glib/json-glib.h>

#include "carcassonne.h"
#include "errors.h"
#include "session-journal.h"
#include "static-plugins.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* the checksum of a line: the first 16 hex digits of the payload's SHA-256 (journal.h) */
#define SUM_CHARS 16

static void
append_line (GString *out, const char *payload, gsize length)
{
  g_autofree char *sum
      = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *)payload, length);

  g_string_append_len (out, sum, SUM_CHARS);
  g_string_append_c (out, ' ');
  g_string_append_len (out, payload, (gssize)length);
  g_string_append_c (out, '\n');
}

/* The journal file of the payloads @data: each line checksummed, a last torn one as it is. */
static GString *
checksum_lines (const char *data, gsize size)
{
  GString *out = g_string_sized_new (size + size / 4 + 32);
  gsize pos = 0;

  while (pos < size)
    {
      const char *end = memchr (data + pos, '\n', size - pos);

      if (end == NULL)
        {
          g_string_append_len (out, data + pos, (gssize)(size - pos));
          break;
        }
      append_line (out, data + pos, (gsize)(end - (data + pos)));
      pos = (gsize)(end - data) + 1;
    }
  return out;
}

static gboolean
same_config (const CarcGameConfig *a, const CarcGameConfig *b)
{
  g_autofree char *text_a = carc_game_config_to_json (a);
  g_autofree char *text_b = carc_game_config_to_json (b);

  return g_str_equal (text_a, text_b);
}

static void
check_token (const char *token)
{
  g_assert_true (token[0] == '\0' || carcd_token_valid (token));
}

/* The game's options, seats and creator are of their forms. */
static void
check_parts (const CarcdJournalGame *g)
{
  guint players = carc_game_config_get_n_players (g->config);

  g_assert_cmpuint (g->options.players, ==, players);
  g_assert_cmpuint (players, >=, CARC_MIN_PLAYERS);
  g_assert_cmpuint (players, <=, CARC_MAX_PLAYERS);
  g_assert_cmpuint (g->options.n_expansions, ==, carc_game_config_get_n_expansions (g->config));
  g_assert_cmpuint (g->options.bot_delay, <=, CARCD_MAX_BOT_DELAY_MS);
  g_assert_nonnull (g->options.name);
  g_assert_true (carcd_check_name (g->options.name, TRUE, NULL));
  g_assert_true (g->options.tile_order == NULL
                 || g_strv_length (g->options.tile_order) <= CARCD_MAX_TILE_ORDER);
  check_token (g->creator_token);
  for (guint i = 0; i < CARC_MAX_PLAYERS; i++)
    {
      const CarcdJournalSeat *seat = &g->seats[i];

      if (seat->name == NULL)
        continue;
      g_assert_cmpuint (i, <, players);
      g_assert_true (carcd_check_name (seat->name, FALSE, NULL));
      check_token (seat->token);
    }
}

/* The replayed game is the game of its config and moves. */
static void
check_game (const CarcdJournalGame *g)
{
  const CarcMove *moves;
  guint n;
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) again = NULL;
  g_autofree char *hash = NULL, *hash_again = NULL;

  g_assert_true (g->game != NULL || (!g->started && !g->imported));
  if (g->game == NULL)
    {
      g_assert_cmpuint (g->n_moves, ==, 0);
      return;
    }
  g_assert_cmpuint (carc_game_get_n_players (g->game), ==, g->options.players);
  g_assert_true (same_config (carc_game_get_config (g->game), g->config));
  moves = carc_game_get_moves (g->game, &n);
  g_assert_cmpuint (n, ==, g->n_moves);
  again = carc_game_replay (carc_game_get_config (g->game), moves, n, &error);
  g_assert_no_error (error);
  hash = carc_game_get_state_hash (g->game);
  hash_again = carc_game_get_state_hash (again);
  g_assert_cmpstr (hash, ==, hash_again);
}

/* The lines kept are the first g->n_lines of @contents, g->good_length bytes, and a problem is
 * told exactly when some are not kept. */
static void
check_lines (const CarcdJournalGame *g, const CarcdJournalContents *contents)
{
  gsize length = 0;

  g_assert_cmpuint (g->n_lines, >=, 1);
  g_assert_cmpuint (g->n_lines, <=, contents->payloads->len);
  for (guint i = 0; i < g->n_lines; i++)
    length += strlen (g_ptr_array_index (contents->payloads, i)) + SUM_CHARS + 2;
  g_assert_cmpuint (g->good_length, ==, length);
  g_assert_cmpuint (g->n_seat_lines, <, g->n_lines);
  g_assert_true ((g->problem == NULL)
                 == (g->n_lines == contents->payloads->len && contents->problem == NULL));
}

/* The daemon goes on from the kept lines: written again, they read back whole and to the same
 * game, with no problem. */
static void
check_kept (const CarcdJournalGame *g, const CarcdJournalContents *contents, CarcTileSet *tiles,
            guint id)
{
  g_autoptr (GString) file = g_string_new (NULL);
  CarcdJournalContents again_contents;
  CarcdJournalGame again;
  CarcdJournalVerdict verdict;
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < g->n_lines; i++)
    {
      const char *payload = g_ptr_array_index (contents->payloads, i);
      append_line (file, payload, strlen (payload));
    }
  carcd_journal_parse (file->str, file->len, &again_contents);
  g_assert_null (again_contents.problem);
  g_assert_cmpuint (again_contents.payloads->len, ==, g->n_lines);
  g_assert_cmpuint (again_contents.good_length, ==, g->good_length);
  g_assert_true (carcd_journal_game_read (tiles, static_plugin_host (), id, &again_contents, &again,
                                          &verdict, &error));
  g_assert_no_error (error);
  g_assert_null (again.problem);
  g_assert_cmpuint (again.n_lines, ==, g->n_lines);
  g_assert_cmpuint (again.good_length, ==, g->good_length);
  g_assert_true (again.started == g->started && again.imported == g->imported);
  g_assert_cmpuint (again.n_moves, ==, g->n_moves);
  g_assert_true (same_config (again.config, g->config));
  if (g->game)
    {
      g_autofree char *hash = carc_game_get_state_hash (g->game);
      g_autofree char *hash_again = carc_game_get_state_hash (again.game);
      g_assert_cmpstr (hash, ==, hash_again);
    }
  for (guint i = 0; i < CARC_MAX_PLAYERS; i++)
    {
      g_assert_cmpstr (again.seats[i].name, ==, g->seats[i].name);
      g_assert_cmpstr (again.seats[i].token, ==, g->seats[i].token);
    }
  carcd_journal_game_clear (&again);
  carcd_journal_contents_clear (&again_contents);
}

/* A refusal says why, in one of the documented domains, and keeps nothing. */
static void
check_refused (const CarcdJournalGame *g, CarcdJournalVerdict verdict, const GError *error)
{
  g_assert_nonnull (error);
  g_assert_true (error->domain == CARCD_ERROR || error->domain == CARC_ERROR
                 || error->domain == JSON_PARSER_ERROR);
  g_assert_true (verdict == CARCD_JOURNAL_DAMAGED
                 || (verdict == CARCD_JOURNAL_KEPT
                     && g_error_matches (error, CARC_ERROR, CARC_ERROR_UNKNOWN_EXPANSION)));
  g_assert_null (g->config);
  g_assert_null (g->game);
  g_assert_null (g->problem);
  g_assert_null (g->options.name);
  g_assert_cmpuint (g->options.n_expansions, ==, 0);
  for (guint i = 0; i < CARC_MAX_PLAYERS; i++)
    g_assert_null (g->seats[i].name);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static CarcTileSet *tiles;
  g_autoptr (GString) file = NULL;
  g_autoptr (GError) error = NULL;
  CarcdJournalContents contents;
  CarcdJournalGame g;
  CarcdJournalVerdict verdict;
  guint id;

  if (tiles == NULL)
    {
      g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
      tiles = carc_tile_set_new_base (NULL);
    }
  if (size < 1 || size > (1 << 20))
    return 0;
  id = (data[0] >> 1) + 1u;
  if (data[0] & 1)
    file = checksum_lines ((const char *)data + 1, size - 1);
  else
    file = g_string_new_len ((const char *)data + 1, (gssize)size - 1);

  carcd_journal_parse (file->str, file->len, &contents);
  g_assert_cmpuint (contents.good_length, <=, contents.length);
  g_assert_cmpuint (contents.length, ==, file->len);
  g_assert_true ((contents.problem == NULL) == (contents.good_length == contents.length));
  if (carcd_journal_game_read (tiles, static_plugin_host (), id, &contents, &g, &verdict, &error))
    {
      g_assert_no_error (error);
      check_parts (&g);
      check_game (&g);
      check_lines (&g, &contents);
      check_kept (&g, &contents, tiles, id);
    }
  else
    check_refused (&g, verdict, error);
  carcd_journal_game_clear (&g);
  carcd_journal_contents_clear (&contents);
  return 0;
}
