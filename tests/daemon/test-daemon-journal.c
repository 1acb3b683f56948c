/* test-daemon-journal.c: torn and corrupted journals (doc/persistence.md, "Recovery").
 *
 * A short game is played through the daemon and its journal kept. Then copies of it, cut at
 * every byte offset and with every byte changed in turn, are put in a state directory, one
 * game each, and the daemon started on it: it must start, restore every game from the whole
 * lines before the damage (the state hash of the game after just those moves, the seats of
 * the last seat line kept), cut each file back to those lines, set aside the journals whose
 * header is damaged, and log one line per damaged journal. A game restored from a cut journal
 * plays on and survives another kill.
 */
#include "config.h"

#include <check.h>
#include <glib/gstdio.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-play.h"

/* The short game: its journal, split in lines, and the hash after every move. */
typedef struct
{
  GPtrArray *lines;  /* char *: each line with its newline */
  GPtrArray *hashes; /* char *: the state hash after the start (0) and after each move */
  char *record;      /* the finished game's record */
  char *token[2];
  guint n_moves;
} Played;

static void
played_clear (Played *p)
{
  g_ptr_array_unref (p->lines);
  g_ptr_array_unref (p->hashes);
  g_free (p->record);
  g_free (p->token[0]);
  g_free (p->token[1]);
}

static void
play_short_game (Played *p)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *file = g_build_filename (dir, "game-1.journal", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  GPid pid = daemon_start_in (dir, NULL);
  g_autoptr (GDBusConnection) c0 = client_new ();
  g_autoptr (GDBusConnection) c1 = client_new ();
  GDBusConnection *c[2] = { c0, c1 };
  g_autofree char *game
      = create_game (c[0], "{'tile-order': <['U', 'V', 'K', 'E', 'B']>, 'name': <'short'>}");
  g_autoptr (CarcGame) mirror = NULL;
  char **parts;

  p->hashes = g_ptr_array_new_with_free_func (g_free);
  p->lines = g_ptr_array_new_with_free_func (g_free);
  g_free (join_game (c[0], game, "Ann", &p->token[0]));
  g_free (join_game (c[1], game, "Bob", &p->token[1]));
  g_variant_unref (call_ok (c[1], game, GAME_IFACE, "Start", NO_OPTIONS));
  {
    g_autofree char *record = export_record (c[0], game);
    mirror = mirror_from_record (record, NULL);
  }
  g_ptr_array_add (p->hashes, get_hash (c[0], game));
  while (carc_game_get_phase (mirror) != CARC_PHASE_OVER)
    {
      mirror_play (c, game, mirror, rand, 1);
      g_ptr_array_add (p->hashes, get_hash (c[0], game));
    }
  p->n_moves = p->hashes->len - 1;
  p->record = export_record (c[0], game);
  ck_assert_int_eq (daemon_stop (pid), 0);

  ck_assert (g_file_get_contents (file, &text, NULL, NULL));
  parts = g_strsplit (text, "\n", -1);
  for (guint i = 0; parts[i] && parts[i][0]; i++)
    g_ptr_array_add (p->lines, g_strconcat (parts[i], "\n", NULL));
  g_strfreev (parts);
  /* the header and the seats (none yet), Ann's seat, Bob's seat, the start, the moves */
  ck_assert_uint_eq (p->lines->len, 5 + p->n_moves);
  ck_assert_uint_eq (p->n_moves, 10);
  ck_assert (strstr (g_ptr_array_index (p->lines, 4), "{\"type\":\"start\"") != NULL);
}

/* Line @i of game @id's journal: the header names the game's number, so it is written anew
 * for each copy, with its checksum. */
static char *
line_for (Played *p, guint i, guint id)
{
  const char *line = g_ptr_array_index (p->lines, i);
  g_autofree char *payload = NULL;
  g_autofree char *sum = NULL;
  g_auto (GStrv) parts = NULL;
  g_autofree char *renumbered = g_strdup_printf ("\"id\":%u,", id);

  if (i > 0)
    return g_strdup (line);
  parts = g_strsplit (line + 17, "\"id\":1,", 2);
  ck_assert_uint_eq (g_strv_length (parts), 2);
  payload = g_strjoinv (renumbered, parts);
  payload[strlen (payload) - 1] = '\0'; /* the newline */
  sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, payload, -1);
  sum[16] = '\0';
  return g_strdup_printf ("%s %s\n", sum, payload);
}

typedef enum
{
  CUT,    /* the file ends inside line i, after @at bytes of it */
  CHANGE, /* byte @at of line i is changed */
} Damage;

/* Writes @path plainly (g_file_set_contents() flushes to disk: slow, for thousands). */
static void
write_file (const char *path, const char *data, gsize length)
{
  FILE *f = fopen (path, "w");

  ck_assert_ptr_nonnull (f);
  ck_assert_uint_eq (fwrite (data, 1, length, f), length);
  ck_assert_int_eq (fclose (f), 0);
}

/* Game @id's journal: the lines before line @i whole, then line @i damaged at @at. */
static void
write_damaged (Played *p, const char *dir, guint id, Damage damage, guint i, gsize at)
{
  g_autoptr (GString) text = g_string_new (NULL);
  g_autofree char *path = g_strdup_printf ("%s/game-%u.journal", dir, id);

  for (guint k = 0; k < i; k++)
    {
      g_autofree char *line = line_for (p, k, id);
      g_string_append (text, line);
    }
  if (i < p->lines->len)
    {
      g_autofree char *line = line_for (p, i, id);

      if (damage == CUT)
        g_string_append_len (text, line, (gssize)at);
      else
        {
          line[at] = line[at] == 'x' ? 'y' : 'x';
          g_string_append (text, line);
          for (guint k = i + 1; k < p->lines->len; k++)
            g_string_append (text, g_ptr_array_index (p->lines, k));
        }
    }
  write_file (path, text->str, text->len);
}

/* The daemon's log @text holds the line printf (@format, ...) says. */
static void G_GNUC_PRINTF (2, 3) assert_logged (const char *text, const char *format, ...)
{
  va_list args;
  g_autofree char *want = NULL;

  va_start (args, format);
  want = g_strdup_vprintf (format, args);
  va_end (args);
  ck_assert_msg (strstr (text, want) != NULL, "no\n%s\nin the log:\n%s", want, text);
}

/* A journal of the lines @payload, ... (NULL-terminated), each with its checksum: what the
 * daemon would write. */
static void G_GNUC_NULL_TERMINATED
write_journal (const char *dir, guint id, const char *payload, ...)
{
  g_autofree char *path = g_strdup_printf ("%s/game-%u.journal", dir, id);
  g_autoptr (GString) text = g_string_new (NULL);
  va_list args;

  va_start (args, payload);
  for (const char *p = payload; p; p = va_arg (args, const char *))
    {
      g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, p, -1);
      g_string_append_printf (text, "%.16s %s\n", sum, p);
    }
  va_end (args);
  write_file (path, text->str, text->len);
}

/* The length of the first @n lines of game @id's journal. */
static gsize
length_of (Played *p, guint id, guint n)
{
  gsize length = 0;

  for (guint k = 0; k < n; k++)
    {
      g_autofree char *line = line_for (p, k, id);
      length += strlen (line);
    }
  return length;
}

/* The daemon on @dir with its standard error in @log. */
static GPid
start_logged (const char *dir, const char *log)
{
  g_autofree char *arg = g_strconcat ("--state-dir=", dir, NULL);
  const char *args[] = { arg, NULL };

  return daemon_start_logged (args, log);
}

/* The daemon's log lines by the journal they name: game number -> GPtrArray of lines. */
static GHashTable *
index_log (const char *text)
{
  GHashTable *index = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify)g_ptr_array_unref);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i]; i++)
    {
      const char *at = strstr (lines[i], "/game-");
      guint64 id;
      GPtrArray *list;

      if (at == NULL || !g_ascii_isdigit (at[6]))
        continue;
      id = g_ascii_strtoull (at + 6, NULL, 10);
      list = g_hash_table_lookup (index, GUINT_TO_POINTER ((guint)id));
      if (list == NULL)
        {
          list = g_ptr_array_new_with_free_func (g_free);
          g_hash_table_insert (index, GUINT_TO_POINTER ((guint)id), list);
        }
      g_ptr_array_add (list, g_strdup (lines[i]));
    }
  return index;
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = strchr (text, '\n'); p; p = strchr (p + 1, '\n'))
    n++;
  return n;
}

/* The log lines about game @id, one a line. */
static char *
log_of (GHashTable *index, guint id)
{
  GPtrArray *list = g_hash_table_lookup (index, GUINT_TO_POINTER (id));
  g_autoptr (GString) out = g_string_new (NULL);

  for (guint i = 0; list && i < list->len; i++)
    g_string_append_printf (out, "%s\n", (char *)g_ptr_array_index (list, i));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Game @id restored from its first @n whole lines: the game after them, the file cut back to
 * them, one log line if there was more. */
/* Every game's Game properties at once: path -> a{sv}. */
static GHashTable *
all_games (GDBusConnection *c)
{
  g_autoptr (GVariant) r
      = call_ok (c, ROOT_PATH, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects", NULL);
  g_autoptr (GVariant) objects = g_variant_get_child_value (r, 0);
  GHashTable *games
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_variant_unref);
  GVariantIter iter;
  const char *path;
  GVariant *ifaces;

  g_variant_iter_init (&iter, objects);
  while (g_variant_iter_next (&iter, "{&o@a{sa{sv}}}", &path, &ifaces))
    {
      GVariant *props = g_variant_lookup_value (ifaces, GAME_IFACE, G_VARIANT_TYPE_VARDICT);

      if (props)
        g_hash_table_insert (games, g_strdup (path), props);
      g_variant_unref (ifaces);
    }
  return games;
}

static void
check_game (GHashTable *games, Played *p, const char *dir, GHashTable *index, guint id, guint n,
            gboolean damaged)
{
  GVariant *props;
  g_autofree char *game = g_strdup_printf (ROOT_PATH "/game/%u", id);
  g_autofree char *file = g_strdup_printf ("%s/game-%u.journal", dir, id);
  g_autofree char *aside = g_strconcat (file, ".unreadable", NULL);
  g_autofree char *log = log_of (index, id);
  g_autofree char *damage = g_strdup_printf ("%s: line %u (at byte %" G_GSIZE_FORMAT ") is ", file,
                                             n + 1, length_of (p, id, n));
  g_autofree char *restored = g_strdup_printf ("%s restored from %s: ", game, file);
  GStatBuf st;

  props = g_hash_table_lookup (games, game);
  if (n == 0)
    {
      g_autofree char *words = g_strdup_printf ("%s cannot be restored (", file);

      /* the header is damaged: the journal is set aside, the game is not there */
      ck_assert_ptr_null (props);
      ck_assert (!g_file_test (file, G_FILE_TEST_EXISTS));
      ck_assert (g_file_test (aside, G_FILE_TEST_EXISTS));
      ck_assert_msg (count_lines (log) == 1 && strstr (log, words), "game %u: the log:\n%s", id,
                     log);
      return;
    }
  ck_assert_ptr_nonnull (props);
  {
    const char *hash = NULL;
    guint32 state = 99;
    guint moves = n > 5 ? n - 5 : 0;
    g_autoptr (GVariant) players = g_variant_lookup_value (props, "Players", NULL);

    ck_assert (g_variant_lookup (props, "StateHash", "&s", &hash));
    ck_assert (g_variant_lookup (props, "State", "u", &state));
    ck_assert_str_eq (hash, n >= 5 ? g_ptr_array_index (p->hashes, moves) : "");
    ck_assert_uint_eq (state, n < 5 ? 0 : moves == p->n_moves ? 3 : moves % 2 ? 2 : 1);
    ck_assert_uint_eq (g_variant_n_children (players), n >= 4 ? 2 : n == 3 ? 1 : 0);
  }
  ck_assert_int_eq (g_stat (file, &st), 0);
  ck_assert_uint_eq ((gsize)st.st_size, length_of (p, id, n));
  /* one line saying it is restored, and one saying what was wrong if anything was */
  ck_assert_msg (strstr (log, restored) != NULL, "game %u: the log:\n%s", id, log);
  ck_assert_msg (damaged == (strstr (log, damage) != NULL), "game %u (%s): the log:\n%s", id,
                 damage, log);
  ck_assert_msg (count_lines (log) == (damaged ? 2u : 1u), "game %u: the log:\n%s", id, log);
}

/* Every cut and every changed byte: the daemon starts and keeps every whole line before it. */
static void
check_damage (Damage damage)
{
  Played p = { 0 };
  g_autofree char *dir = state_dir_new ();
  g_autofree char *log = g_build_filename (dir, "daemon.log", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GArray) expect = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) damaged = g_array_new (FALSE, FALSE, sizeof (gboolean));
  GPid pid;
  guint id = 0;

  play_short_game (&p);
  for (guint i = 0; i < p.lines->len; i++)
    {
      g_autofree char *line = line_for (&p, i, 1);
      gsize length = strlen (line);

      for (gsize at = 0; at < length; at++)
        {
          gboolean hurt = damage == CHANGE || at > 0;

          /* a changed byte: those of the checksum, the space and the end of line, and every
           * fifth byte of the payload */
          if (damage == CHANGE && at > 17 && at + 1 < length && at % 5 != 0)
            continue;

          id++;
          write_damaged (&p, dir, id, damage, i, at);
          g_array_append_val (expect, i);
          g_array_append_val (damaged, hurt);
        }
    }
  /* and the whole journal */
  id++;
  write_damaged (&p, dir, id, CUT, p.lines->len, 0);
  g_array_append_val (expect, p.lines->len);
  g_array_append_vals (damaged, &(gboolean){ FALSE }, 1);

  pid = start_logged (dir, log);
  {
    g_autoptr (GDBusConnection) c = client_new ();
    g_autoptr (GVariant) games = call_ok (c, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
    guint unreadable = 0;

    for (guint k = 0; k < expect->len; k++)
      unreadable += g_array_index (expect, guint, k) == 0;
    g_autoptr (GVariant) list = NULL;
    g_autoptr (GHashTable) index = NULL;
    g_autoptr (GHashTable) all = all_games (c);

    ck_assert (g_file_get_contents (log, &text, NULL, NULL));
    index = index_log (text);
    list = g_variant_get_child_value (games, 0);
    ck_assert_uint_eq (g_variant_n_children (list), expect->len - unreadable);
    ck_assert_uint_eq (g_hash_table_size (all), expect->len - unreadable);
    for (guint k = 0; k < expect->len; k++)
      check_game (all, &p, dir, index, k + 1, g_array_index (expect, guint, k),
                  g_array_index (damaged, gboolean, k));
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
  played_clear (&p);
}

START_TEST (test_cut_everywhere)
{
  check_damage (CUT);
}
END_TEST

START_TEST (test_changed_everywhere)
{
  check_damage (CHANGE);
}
END_TEST

/* The exact log lines, and a game restored from a cut journal plays on: its moves go to the
 * journal after the lines kept, and survive a kill. A file that is no journal at all is set
 * aside and the daemon starts. */
START_TEST (test_plays_on)
{
  Played p = { 0 };
  g_autofree char *dir = state_dir_new ();
  g_autofree char *log = g_build_filename (dir, "daemon.log", NULL);
  g_autofree char *text = NULL, *junk = NULL, *empty = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autoptr (GDBusConnection) c0 = client_new ();
  g_autoptr (GDBusConnection) c1 = client_new ();
  GDBusConnection *c[2] = { c0, c1 };
  g_autoptr (GDBusConnection) x = client_new ();
  const char *game = ROOT_PATH "/game/1";
  g_autoptr (CarcGame) mirror = NULL;
  gsize cut;
  GPid pid;

  play_short_game (&p);
  /* six moves whole, the seventh torn */
  write_damaged (&p, dir, 1, CUT, 5 + 6, 20);
  junk = g_build_filename (dir, "game-7.journal", NULL);
  ck_assert (g_file_set_contents (junk, "not a journal\n\x01\x02", -1, NULL));
  empty = g_build_filename (dir, "game-8.journal", NULL);
  ck_assert (g_file_set_contents (empty, "", 0, NULL));
  /* headers with good checksums but wrong contents */
  write_journal (dir, 9,
                 "{\"type\":\"game\",\"version\":1,\"id\":9,\"name\":\"\",\"tile-order\":5,"
                 "\"config\":{\"players\":2,\"followers\":7,\"farmers\":true,\"seed\":\"0\"}}",
                 NULL);
  write_journal (dir, 10,
                 "{\"type\":\"game\",\"version\":1,\"id\":10,\"name\":\"\",\"config\":{"
                 "\"players\":2,\"followers\":7,\"farmers\":true,\"seed\":\"0\",\"expansions\":"
                 "[{\"name\":\"inns\",\"options\":{}}]}}",
                 NULL);
  write_journal (dir, 11, "{\"type\":\"game\",\"version\":3,\"id\":11}", NULL);
  /* lines of no JSON at all: an empty header, an empty line after a header (the daemon crashed
   * on both: an empty text is no JSON, but json_from_string() says so without an error) */
  write_journal (dir, 12, "", NULL);
  write_journal (
      dir, 13,
      "{\"type\":\"game\",\"version\":1,\"id\":13,\"name\":\"\",\"config\":{"
      "\"players\":2,\"followers\":7,\"farmers\":true,\"seed\":\"0\",\"expansions\":[]}}",
      "", NULL);
  pid = start_logged (dir, log);
  /* the games are restored once the first call is answered */
  g_variant_unref (call_ok (x, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL));
  ck_assert (g_file_get_contents (log, &text, NULL, NULL));
  cut = length_of (&p, 1, 11);
  assert_logged (text,
                 "%s/game-1.journal: line 12 (at byte %" G_GSIZE_FORMAT ") is torn: 20 bytes "
                 "without an end of line; the game is restored from the 11 lines before it "
                 "(move 6), the rest is cut off",
                 dir, cut);
  assert_logged (text,
                 "%s/game-7.journal cannot be restored (line 1 (at byte 0) is corrupted: it has "
                 "no checksum); renamed to %s/game-7.journal.unreadable",
                 dir, dir);
  assert_logged (text,
                 "%s/game-8.journal cannot be restored (the file is empty); renamed to "
                 "%s/game-8.journal.unreadable",
                 dir, dir);
  assert_logged (text,
                 "%s/game-9.journal cannot be restored (line 1: the header's tile-order is not "
                 "an array of at most 1000 tile ids); renamed to %s/game-9.journal.unreadable",
                 dir, dir);
  assert_logged (text,
                 "%s/game-11.journal cannot be restored (line 1: the journal is of version 3; "
                 "this daemon reads versions 1 to 2); renamed to %s/game-11.journal.unreadable",
                 dir, dir);
  assert_logged (text,
                 "%s/game-12.journal cannot be restored (line 1: not a JSON object); renamed to "
                 "%s/game-12.journal.unreadable",
                 dir, dir);
  assert_logged (text,
                 "%s/game-13.journal: line 2 (ending at byte 160) does not read: not a JSON "
                 "object; the game is restored from the 1 lines before it (move 0), the rest is "
                 "cut off",
                 dir);
  /* a journal of an expansion this daemon lacks is left for one that has it */
  assert_logged (text, "%s/game-10.journal is not restored (line 1: the config: ", dir);
  {
    g_autofree char *kept = g_strdup_printf ("%s/game-10.journal", dir);
    ck_assert (g_file_test (kept, G_FILE_TEST_EXISTS));
  }
  /* the numbers of the journals there, restored or not, are not given to new games */
  {
    g_autofree char *fresh = create_game (x, "{}");
    ck_assert_str_eq (fresh, ROOT_PATH "/game/14");
  }

  /* the game after six moves, its players back with their tokens */
  {
    g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
    g_autoptr (CarcRecord) r = carc_record_parse (p.record, -1, tiles, NULL, NULL);
    mirror = carc_record_replay (r, 6, NULL, NULL, NULL, NULL);
  }
  assert_in_sync (x, game, mirror);
  for (guint i = 0; i < 2; i++)
    g_variant_unref (call_ok (c[i], game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", p.token[i])));
  mirror_play (c, game, mirror, rand, 3);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  assert_in_sync (x, game, mirror);
  for (guint i = 0; i < 2; i++)
    g_variant_unref (call_ok (c[i], game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", p.token[i])));
  mirror_play (c, game, mirror, rand, G_MAXUINT);
  assert_in_sync (x, game, mirror);
  ck_assert_uint_eq (get_uint (x, game, GAME_IFACE, "State"), 3);
  ck_assert_int_eq (daemon_stop (pid), 0);
  played_clear (&p);
}
END_TEST

static Suite *
journal_suite (void)
{
  Suite *s = suite_create ("daemon-journal");
  TCase *tc = tcase_create ("journal");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_cut_everywhere);
  tcase_add_test (tc, test_changed_everywhere);
  tcase_add_test (tc, test_plays_on);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (journal_suite ());
}
