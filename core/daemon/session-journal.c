/* session-journal.c: what a game's journal holds, and the games restored from the journals.
 *
 * The lines of a journal (journal.c writes and checks them; doc/persistence.md):
 *
 *   {"type": "game", ...}    the header: the game's number, name, options, config (the setup
 *                            of a record, carc_game_config_to_json()), the creator's token
 *                            (and the Unix user it was issued to), and for an imported game
 *                            the record's moves it starts from
 *   {"type": "seats", ...}   the seats after a change: name, token (and its Unix user), bot,
 *                            and for a bot seat AddBot made its strategy (the spec
 *                            carc_bot_to_spec() writes); null for a free seat
 *   {"type": "start", ...}   Start: the config the game was dealt from (with its seed)
 *   {"type": "move", ...}    a move (carc_move_to_json(), with the scores after it); the last
 *                            move written in one go also carries the state hash after it
 *
 * Restoring replays the config and the moves: the engine is deterministic, so the game is
 * where it was, and the state hashes check it.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "carcassonne.h"
#include "commit.h"
#include "errors.h"
#include "session-journal.h"
#include "session.h"

/* Version 2 came with plugin ABI 2: a deploy move may name its figure kind; a version 1
 * journal, which has none, restores as before. */
#define JOURNAL_VERSION        2
#define JOURNAL_VERSION_OLDEST 1

/* A waiting game's journal holds at most this many seats lines: a seat change past them
 * rewrites it whole first (the header and the last seats line), so that Join and Leave over
 * and over do not grow it without end. */
#define MAX_SEAT_LINES 64

/* ---- writing ---------------------------------------------------------------------------- */

static char *
builder_to_string (JsonBuilder *b)
{
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  return json_to_string (root, FALSE);
}

/* Adds member @name holding the JSON text @json (made by the engine). */
static void
add_json (JsonBuilder *b, const char *name, const char *json)
{
  g_autoptr (GError) error = NULL;
  JsonNode *node = json_from_string (json, &error);

  g_assert (node != NULL); /* the engine's own output */
  json_builder_set_member_name (b, name);
  json_builder_add_value (b, node);
}

static void
add_string (JsonBuilder *b, const char *name, const char *value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_string_value (b, value);
}

static void
add_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

/* A token @name and, when known, the Unix user it was issued to (@name "-uid"). */
static void
add_token (JsonBuilder *b, const char *name, const char *token, gint64 uid)
{
  g_autofree char *uid_name = g_strconcat (name, "-uid", NULL);

  add_string (b, name, token);
  if (uid != CARCD_NO_UID)
    add_int (b, uid_name, uid);
}

static char *
header_payload (CarcdSession *s)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *config = carc_game_config_to_json (s->config);
  const CarcdGameOptions *o = &s->options;

  json_builder_begin_object (b);
  add_string (b, "type", "game");
  add_int (b, "version", JOURNAL_VERSION);
  add_int (b, "id", s->id);
  add_string (b, "name", o->name);
  if (s->creator)
    add_string (b, "creator", s->creator);
  add_token (b, "creator-token", s->creator_token, s->creator_uid);
  add_int (b, "bot-delay", o->bot_delay);
  if (o->has_seed)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, o->seed);
      add_string (b, "seed", seed);
    }
  if (o->tile_order)
    {
      json_builder_set_member_name (b, "tile-order");
      json_builder_begin_array (b);
      for (guint i = 0; o->tile_order[i]; i++)
        json_builder_add_string_value (b, o->tile_order[i]);
      json_builder_end_array (b);
    }
  add_json (b, "config", config);
  if (s->imported)
    {
      guint n;
      const CarcMove *moves = carc_game_get_moves (s->imported_game, &n);

      json_builder_set_member_name (b, "moves");
      json_builder_begin_array (b);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *move = carc_move_to_json (&moves[i], NULL, 0);
          g_autoptr (GError) error = NULL;

          json_builder_add_value (b, json_from_string (move, &error));
        }
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
  return builder_to_string (b);
}

static char *
seats_payload (CarcdSession *s)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  add_string (b, "type", "seats");
  json_builder_set_member_name (b, "seats");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->options.players; i++)
    {
      CarcdSeat *seat = s->seats[i];

      if (seat == NULL)
        {
          json_builder_add_null_value (b);
          continue;
        }
      json_builder_begin_object (b);
      add_string (b, "name", seat->name);
      add_token (b, "token", seat->token, seat->token_uid);
      json_builder_set_member_name (b, "bot");
      json_builder_add_boolean_value (b, seat->bot != NULL);
      if (seat->strategy)
        add_string (b, "strategy", seat->strategy);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return builder_to_string (b);
}

static char *
start_payload (CarcdSession *s)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *config = carc_game_config_to_json (carc_game_get_config (s->game));

  json_builder_begin_object (b);
  add_string (b, "type", "start");
  add_json (b, "config", config);
  json_builder_end_object (b);
  return builder_to_string (b);
}

/* The scores after move @index: noted by the bot as it went, else the game's now. */
static void
scores_after (CarcdSession *s, guint index, guint *scores)
{
  for (guint i = 0; i < s->move_scores->len; i++)
    {
      const CarcdMoveScores *e = &g_array_index (s->move_scores, CarcdMoveScores, i);
      if (e->index == index)
        {
          memcpy (scores, e->scores, sizeof e->scores);
          return;
        }
    }
  for (guint i = 0; i < s->options.players; i++)
    scores[i] = carc_game_get_score (s->game, i);
}

/* Written by hand, not with a JsonBuilder: a move line is written for every move, and the
 * builder would parse the engine's JSON back only to print it again. Every part is known to
 * need no escaping: the engine's JSON, a number, a hash in hex. */
static char *
move_payload (CarcdSession *s, const CarcMove *move, guint index, gboolean last)
{
  guint scores[CARC_MAX_PLAYERS] = { 0 };
  g_autofree char *json = NULL;

  scores_after (s, index, scores);
  json = carc_move_to_json (move, scores, s->options.players);
  if (last)
    return g_strdup_printf ("{\"type\":\"move\",\"index\":%u,\"move\":%s,\"hash\":\"%s\"}", index,
                            json, carcd_session_state_hash (s));
  return g_strdup_printf ("{\"type\":\"move\",\"index\":%u,\"move\":%s}", index, json);
}

static gboolean
saving_failed (CarcdSession *s, GError **error, GError *cause)
{
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_FAILED, "Could not save %s: %s", s->path,
               cause->message);
  g_error_free (cause);
  return FALSE;
}

gboolean
carcd_session_journal_create (CarcdSession *s, GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *header = NULL;
  g_autofree char *seats = NULL;
  const char *lines[2];
  GError *local = NULL;

  if (s->daemon->state_dir == NULL)
    return TRUE;
  path = carcd_journal_path (s->daemon->state_dir, s->id);
  lines[0] = header = header_payload (s);
  lines[1] = seats = seats_payload (s);
  s->journal = carcd_journal_create (path, lines, 2, &local);
  if (s->journal == NULL)
    return saving_failed (s, error, local);
  s->n_seat_lines = 1;
  s->journaled_seats = g_steal_pointer (&seats);
  if (s->imported)
    carc_game_get_moves (s->imported_game, &s->n_journaled);
  return TRUE;
}

/* Whether the game can write its journal (@s->journal, NULL when it keeps none: --no-state, or
 * not created yet). A restored game whose journal could not be opened tries again, and fails
 * with Failed while it cannot: nothing is acknowledged that is not on disk. */
static gboolean
journal_ready (CarcdSession *s, GError **error)
{
  g_autofree char *path = NULL;
  GError *local = NULL;

  if (s->journal || !s->journal_lost)
    return TRUE;
  path = carcd_journal_path (s->daemon->state_dir, s->id);
  s->journal = carcd_journal_open (path, s->journal_resume, &local);
  if (s->journal == NULL)
    return saving_failed (s, error, local);
  s->journal_lost = FALSE;
  g_message ("%s: %s is open again; its moves are saved", s->path, path);
  return TRUE;
}

/* Before a seat change of a waiting game whose journal holds MAX_SEAT_LINES seats lines: the
 * journal rewritten as the header and the seats as they are on disk now, so the change is then
 * appended as ever. If it cannot be, the journal stays as it was and grows (logged). */
static void
compact_seats (CarcdSession *s)
{
  g_autofree char *header = NULL;
  const char *lines[2];
  g_autoptr (GError) error = NULL;

  if (s->game || s->n_seat_lines < MAX_SEAT_LINES || s->journaled_seats == NULL)
    return;
  lines[0] = header = header_payload (s);
  lines[1] = s->journaled_seats;
  if (!carcd_journal_replace (s->journal, lines, 2, &error))
    {
      g_warning ("%s: %s", s->path, error->message);
      return;
    }
  s->n_seat_lines = 1;
}

gboolean
carcd_session_journal_seats (CarcdSession *s, GError **error)
{
  g_autofree char *seats = NULL;
  GError *local = NULL;

  /* the moves written before the seats are flushed on their own, so that a failure is
   * theirs */
  if (s->commit_pending || s->commit_flying)
    carcd_commit_run (s->daemon);
  if (!journal_ready (s, error))
    return FALSE;
  if (s->journal == NULL)
    return TRUE;
  compact_seats (s);
  seats = seats_payload (s);
  if (!carcd_journal_append (s->journal, (const char *const *)&seats, 1, &local))
    return saving_failed (s, error, local);
  s->n_seat_lines++;
  g_free (s->journaled_seats);
  s->journaled_seats = g_steal_pointer (&seats);
  return TRUE;
}

/* The lines of the start (@start) and of the moves made since the last journaled; @n: the
 * moves the game has. */
static GPtrArray *
move_lines (CarcdSession *s, gboolean start, guint *n)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  const CarcMove *moves = carc_game_get_moves (s->game, n);

  if (start)
    g_ptr_array_add (lines, start_payload (s));
  for (guint i = s->n_journaled; i < *n; i++)
    g_ptr_array_add (lines, move_payload (s, &moves[i], i, i == *n - 1));
  return lines;
}

/* The moves are in the journal (@n: the game's moves). */
static void
moves_journaled (CarcdSession *s, guint n)
{
  s->n_journaled = n;
  g_array_set_size (s->move_scores, 0);
}

gboolean
carcd_session_journal_moves (CarcdSession *s, gboolean start, GError **error)
{
  g_autoptr (GPtrArray) lines = NULL;
  GError *local = NULL;
  guint n;

  /* the lines written before these are flushed on their own, so that a failure is theirs */
  if (s->commit_pending || s->commit_flying)
    carcd_commit_run (s->daemon);
  if (!journal_ready (s, error))
    return FALSE;
  if (s->journal == NULL)
    {
      carc_game_get_moves (s->game, &n);
      moves_journaled (s, n);
      return TRUE;
    }
  lines = move_lines (s, start, &n);
  if (lines->len)
    {
      if (!carcd_journal_append (s->journal, (const char *const *)lines->pdata, lines->len, &local))
        return saving_failed (s, error, local);
      carcd_commit_count (s->daemon, n - s->n_journaled);
    }
  moves_journaled (s, n);
  return TRUE;
}

gboolean
carcd_session_journal_write_moves (CarcdSession *s, gboolean start, GError **error)
{
  g_autoptr (GPtrArray) lines = NULL;
  GError *local = NULL;
  guint n;

  g_return_val_if_fail (s->journal != NULL, FALSE);
  lines = move_lines (s, start, &n);
  if (lines->len == 0)
    return TRUE;
  if (!s->commit_pending && !s->commit_flying)
    s->n_durable = s->n_journaled;
  if (!carcd_journal_write (s->journal, (const char *const *)lines->pdata, lines->len, &local))
    return saving_failed (s, error, local);
  carcd_commit_add (s, n - s->n_journaled);
  moves_journaled (s, n);
  return TRUE;
}

void
carcd_session_journal_delete (CarcdSession *s)
{
  /* its lines not flushed yet go with the file: nothing is left to flush */
  carcd_commit_forget (s);
  g_clear_pointer (&s->journal, carcd_journal_delete);
}

/* ---- a game's options from its config --------------------------------------------------- */

gboolean
carcd_game_options_from_config (const CarcGameConfig *config, CarcdGameOptions *o, GError **error)
{
  guint n = carc_game_config_get_n_expansions (config);

  if (n > CARCD_MAX_EXPANSIONS)
    {
      g_set_error (
          error, CARCD_ERROR, CARCD_ERROR_EXPANSION_UNAVAILABLE,
          "Expansion \"%s\" is not loaded in this daemon",
          carc_plugin_get_name (carc_game_config_get_expansion (config, CARCD_MAX_EXPANSIONS)));
      return FALSE;
    }
  memset (o, 0, sizeof *o);
  o->name = g_strdup ("");
  o->players = carc_game_config_get_n_players (config);
  o->followers = carc_game_config_get_followers (config);
  o->farmers = carc_game_config_get_farmers (config);
  for (guint i = 0; i < carc_rule_get_n () && i < CARCD_MAX_RULES; i++)
    o->rules[i] = carc_game_config_get_rule (config, carc_rule_get_name (i));
  for (guint i = 0; i < n; i++)
    {
      CarcPlugin *plugin = carc_game_config_get_expansion (config, i);
      CarcdExpansion *x = &o->expansions[o->n_expansions++];

      x->plugin = carc_plugin_ref (plugin);
      x->values = g_new0 (guint32, carc_plugin_get_n_options (plugin) + 1);
      for (guint k = 0; k < carc_plugin_get_n_options (plugin); k++)
        x->values[k] = carc_game_config_get_option (config, i, k);
    }
  return TRUE;
}

/* ---- restoring -------------------------------------------------------------------------- */

typedef enum
{
  LINE_SEATS,
  LINE_START,
  LINE_MOVE,
} LineType;

/* One line after the header, read. */
typedef struct
{
  LineType type;
  JsonNode *root;
  CarcGameConfig *config; /* LINE_START */
  CarcMove move;          /* LINE_MOVE */
  const char *hash;       /* LINE_MOVE: the state hash after it, or NULL */
  gsize end;              /* the byte of the file where the line ends */
} Line;

static void
line_clear (gpointer data)
{
  Line *line = data;

  g_clear_pointer (&line->root, json_node_unref);
  g_clear_pointer (&line->config, carc_game_config_unref);
}

/* What a journal holds, read. */
typedef struct
{
  CarcTileSet *tiles;
  CarcPluginHost *plugins;
  guint id;
  JsonNode *header;
  CarcGameConfig *config; /* the header's */
  GArray *import_moves;   /* CarcMove: the moves an imported game starts from */
  GArray *lines;          /* Line */
  char *problem;          /* why the lines stop before the file ends, or NULL */
} Journal;

static void
journal_clear (Journal *j)
{
  g_clear_pointer (&j->header, json_node_unref);
  g_clear_pointer (&j->config, carc_game_config_unref);
  g_clear_pointer (&j->import_moves, g_array_unref);
  g_clear_pointer (&j->lines, g_array_unref);
  g_clear_pointer (&j->problem, g_free);
}

/* @text as a JSON object. An empty text (or white space) is none either: json_from_string()
 * returns NULL for it without an error. */
static JsonNode *
parse_object (const char *text, GError **error)
{
  GError *local = NULL;
  JsonNode *node = json_from_string (text, &local);

  if (local)
    {
      g_propagate_error (error, local);
      return NULL;
    }
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_clear_pointer (&node, json_node_unref);
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_FAILED, "not a JSON object");
      return NULL;
    }
  return node;
}

static const char *
get_string (JsonObject *o, const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (n);
}

static gboolean
get_uint (JsonObject *o, const char *name, guint max, guint *out)
{
  JsonNode *n = json_object_get_member (o, name);
  gint64 v;

  if (n == NULL || !JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64)
    return FALSE;
  v = json_node_get_int (n);
  if (v < 0 || v > max)
    return FALSE;
  *out = (guint)v;
  return TRUE;
}

/* Member @name (an object or array) as JSON text, or NULL. */
static char *
get_json (JsonObject *o, const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || JSON_NODE_HOLDS_VALUE (n) || JSON_NODE_HOLDS_NULL (n))
    return NULL;
  return json_to_string (n, FALSE);
}

static gboolean bad (GError **error, const char *format, ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad (GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, CARCD_ERROR, CARCD_ERROR_FAILED, text);
  return FALSE;
}

static gboolean
read_move (JsonNode *node, CarcMove *move, GError **error)
{
  g_autofree char *text = json_to_string (node, FALSE);
  return carc_move_from_json (text, -1, move, error);
}

/* The Unix user of token @name ("@name-uid"), if present, is one. */
static gboolean
check_token_uid (JsonObject *o, const char *name)
{
  g_autofree char *uid_name = g_strconcat (name, "-uid", NULL);
  guint uid;

  return !json_object_has_member (o, uid_name) || get_uint (o, uid_name, G_MAXUINT32, &uid);
}

/* The Unix user of token @name, as check_token_uid() found it. */
static gint64
read_token_uid (JsonObject *o, const char *name)
{
  g_autofree char *uid_name = g_strconcat (name, "-uid", NULL);
  guint uid;

  if (!get_uint (o, uid_name, G_MAXUINT32, &uid))
    return CARCD_NO_UID;
  return uid;
}

/* A seat's "strategy", if it has one: a bot seat's spec the library reads. Journals from before
 * strategies have none: their bots are random. */
static gboolean
check_strategy (JsonObject *o)
{
  if (!json_object_has_member (o, "strategy"))
    return TRUE;
  const char *spec = get_string (o, "strategy");
  g_autoptr (CarcBot) bot = spec ? carc_bot_new_from_spec (spec, 0, NULL) : NULL;
  return bot != NULL && json_object_get_boolean_member (o, "bot");
}

static gboolean
check_seats (JsonNode *seats, guint players, GError **error)
{
  JsonArray *a;

  if (seats == NULL || !JSON_NODE_HOLDS_ARRAY (seats)
      || json_array_get_length (a = json_node_get_array (seats)) != players)
    return bad (error, "the seats are not %u entries", players);
  for (guint i = 0; i < players; i++)
    {
      JsonNode *n = json_array_get_element (a, i);
      JsonObject *o;
      const char *name, *token;
      JsonNode *bot;

      if (JSON_NODE_HOLDS_NULL (n))
        continue;
      if (!JSON_NODE_HOLDS_OBJECT (n))
        return bad (error, "seat %u is not an object", i);
      o = json_node_get_object (n);
      name = get_string (o, "name");
      token = get_string (o, "token");
      bot = json_object_get_member (o, "bot");
      if (name == NULL || !carcd_check_name (name, FALSE, NULL) || token == NULL
          || (token[0] != '\0' && !carcd_token_valid (token)) || bot == NULL
          || !JSON_NODE_HOLDS_VALUE (bot) || json_node_get_value_type (bot) != G_TYPE_BOOLEAN
          || !check_token_uid (o, "token"))
        return bad (error, "seat %u is not a name, a token and a bot flag", i);
      if (!check_strategy (o))
        return bad (error, "seat %u: its strategy is not a bot's spec (carc_bot_new_from_spec())",
                    i);
    }
  return TRUE;
}

/* Reads line @payload into @line. */
static gboolean
read_line (Journal *j, const char *payload, Line *line, GError **error)
{
  JsonObject *o;
  const char *type;
  guint players = carc_game_config_get_n_players (j->config);

  line->root = parse_object (payload, error);
  if (line->root == NULL)
    return FALSE;
  o = json_node_get_object (line->root);
  type = get_string (o, "type");
  if (g_strcmp0 (type, "seats") == 0)
    {
      line->type = LINE_SEATS;
      return check_seats (json_object_get_member (o, "seats"), players, error);
    }
  if (g_strcmp0 (type, "start") == 0)
    {
      g_autofree char *config = get_json (o, "config");

      line->type = LINE_START;
      if (config == NULL)
        return bad (error, "the start has no config");
      line->config = carc_game_config_new_from_json (config, -1, j->tiles, j->plugins, error);
      return line->config != NULL;
    }
  if (g_strcmp0 (type, "move") == 0)
    {
      JsonNode *move = json_object_get_member (o, "move");

      line->type = LINE_MOVE;
      line->hash = get_string (o, "hash");
      if (move == NULL)
        return bad (error, "the move is missing");
      return read_move (move, &line->move, error);
    }
  return bad (error, "a line of an unknown type");
}

/* The header's options beside the config, of their types and ranges. */
static gboolean
check_header_options (JsonObject *o, GError **error)
{
  JsonNode *order = json_object_get_member (o, "tile-order");
  const char *seed = get_string (o, "seed");
  const char *creator_token = get_string (o, "creator-token");
  guint delay;

  if (!carcd_check_name (get_string (o, "name"), TRUE, NULL))
    return bad (error, "the header's name is not a name");
  if (json_object_has_member (o, "creator-token")
      && (creator_token == NULL || !carcd_token_valid (creator_token)
          || !check_token_uid (o, "creator-token")))
    return bad (error, "the header's creator-token is not a token");
  if (json_object_has_member (o, "bot-delay")
      && !get_uint (o, "bot-delay", CARCD_MAX_BOT_DELAY_MS, &delay))
    return bad (error, "the header's bot-delay is not 0..%d", CARCD_MAX_BOT_DELAY_MS);
  if (json_object_has_member (o, "seed")
      && (seed == NULL || !g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT64, NULL, NULL)))
    return bad (error, "the header's seed is not a string of decimal digits");
  if (order == NULL)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (order)
      || json_array_get_length (json_node_get_array (order)) > CARCD_MAX_TILE_ORDER)
    return bad (error, "the header's tile-order is not an array of at most %d tile ids",
                CARCD_MAX_TILE_ORDER);
  for (guint i = 0; i < json_array_get_length (json_node_get_array (order)); i++)
    {
      JsonNode *id = json_array_get_element (json_node_get_array (order), i);

      if (!JSON_NODE_HOLDS_VALUE (id) || json_node_get_value_type (id) != G_TYPE_STRING)
        return bad (error, "the header's tile-order holds something else than tile ids");
    }
  return TRUE;
}

/* Reads the header: fails if the journal cannot be restored at all. @verdict is KEPT when it
 * could be with another daemon (an expansion it uses is not loaded). */
static gboolean
read_header (Journal *j, const char *payload, CarcdJournalVerdict *verdict, GError **error)
{
  JsonObject *o;
  g_autofree char *config = NULL;
  guint version, id;
  JsonNode *moves;
  g_autoptr (GError) local = NULL;

  j->header = parse_object (payload, error);
  if (j->header == NULL)
    return FALSE;
  o = json_node_get_object (j->header);
  if (g_strcmp0 (get_string (o, "type"), "game") != 0
      || !get_uint (o, "version", G_MAXINT, &version))
    return bad (error, "the first line is no game header");
  if (version < JOURNAL_VERSION_OLDEST || version > JOURNAL_VERSION)
    return bad (error, "the journal is of version %u; this daemon reads versions %d to %d", version,
                JOURNAL_VERSION_OLDEST, JOURNAL_VERSION);
  if (!get_uint (o, "id", G_MAXUINT32, &id) || id != j->id)
    return bad (error, "the header is not that of game %u", j->id);
  config = get_json (o, "config");
  if (config == NULL || get_string (o, "name") == NULL)
    return bad (error, "the header has no config or no name");
  if (!check_header_options (o, error))
    return FALSE;
  j->config = carc_game_config_new_from_json (config, -1, j->tiles, j->plugins, &local);
  if (j->config == NULL)
    {
      if (g_error_matches (local, CARC_ERROR, CARC_ERROR_UNKNOWN_EXPANSION))
        *verdict = CARCD_JOURNAL_KEPT;
      g_propagate_prefixed_error (error, g_steal_pointer (&local), "the config: ");
      return FALSE;
    }
  j->import_moves = g_array_new (FALSE, FALSE, sizeof (CarcMove));
  moves = json_object_get_member (o, "moves");
  if (moves && !JSON_NODE_HOLDS_ARRAY (moves))
    return bad (error, "the imported moves are not an array");
  for (guint i = 0; moves && i < json_array_get_length (json_node_get_array (moves)); i++)
    {
      CarcMove m;

      if (!read_move (json_array_get_element (json_node_get_array (moves), i), &m, error))
        return FALSE;
      g_array_append_val (j->import_moves, m);
    }
  return TRUE;
}

/* Replays the first @n_lines lines. Returns the game (NULL if not started nor imported) and
 * sets @n_lines to fewer when a line does not replay: a move the engine refuses, a start
 * after the start, a state hash that differs (the lines from the last good hash on go). */
static gboolean
replay (Journal *j, gboolean imported, guint *n_lines, CarcGame **out, char **problem,
        GError **error)
{
  g_autoptr (CarcGame) game = NULL;
  guint checked = 0; /* lines up to the last one whose state is known good */
  gboolean started = FALSE;

  if (imported)
    {
      game = carc_game_replay (j->config, (const CarcMove *)(void *)j->import_moves->data,
                               j->import_moves->len, error);
      if (game == NULL)
        {
          g_prefix_error (error, "the imported moves do not replay: ");
          return FALSE;
        }
    }
  for (guint i = 0; i < *n_lines; i++)
    {
      Line *line = &g_array_index (j->lines, Line, i);
      g_autoptr (GError) local = NULL;

      switch (line->type)
        {
          case LINE_SEATS:
            if (!started)
              checked = i + 1;
            break;
          case LINE_START:
            if (started)
              {
                *problem = g_strdup_printf ("line %u is a second start", i + 2);
                *n_lines = i;
                goto done;
              }
            started = TRUE;
            if (!imported)
              {
                game = carc_game_new (line->config, &local);
                if (game == NULL)
                  {
                    *problem = g_strdup_printf ("line %u: the game cannot start: %s", i + 2,
                                                local->message);
                    *n_lines = i;
                    goto done;
                  }
              }
            checked = i + 1;
            break;
          case LINE_MOVE:
            if (!started)
              {
                *problem = g_strdup_printf ("line %u is a move before the start", i + 2);
                *n_lines = i;
                goto done;
              }
            if (!carc_game_apply_move (game, &line->move, &local))
              {
                *problem = g_strdup_printf ("line %u: the move does not replay: %s", i + 2,
                                            local->message);
                *n_lines = i;
                goto done;
              }
            if (line->hash)
              {
                g_autofree char *hash = carc_game_get_state_hash (game);

                if (!g_str_equal (hash, line->hash))
                  {
                    *problem = g_strdup_printf (
                        "line %u: the game's state hash is %s after the move, not %s", i + 2, hash,
                        line->hash);
                    *n_lines = checked;
                    goto done;
                  }
                checked = i + 1;
              }
            break;
        }
    }
  if (!started && !imported)
    g_clear_object (&game);
  *out = g_steal_pointer (&game);
  return TRUE;
done:
  /* again, up to the good lines */
  g_clear_object (&game);
  {
    g_autofree char *again = NULL;
    return replay (j, imported, n_lines, out, &again, error);
  }
}

/* Sets the journal at @path aside, saying why. */
static void
set_aside (const char *path, const char *why)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *aside = carcd_journal_set_aside (path, &error);

  if (aside)
    g_warning ("%s cannot be restored (%s); renamed to %s", path, why, aside);
  else
    g_warning ("%s cannot be restored (%s); %s", path, why, error->message);
}

/* The seats of a seats line, as check_seats() found them. */
static void
read_seats (JsonNode *seats, CarcdJournalSeat *out)
{
  JsonArray *a = json_node_get_array (seats);

  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      JsonNode *n = json_array_get_element (a, i);
      JsonObject *o;

      if (JSON_NODE_HOLDS_NULL (n))
        continue;
      o = json_node_get_object (n);
      out[i].name = g_strdup (get_string (o, "name"));
      g_strlcpy (out[i].token, get_string (o, "token"), sizeof out[i].token);
      out[i].token_uid = read_token_uid (o, "token");
      out[i].bot = json_object_get_boolean_member (o, "bot");
      out[i].strategy = g_strdup (get_string (o, "strategy"));
    }
}

/* The setups @a and @b but for their seeds, the same: players, rules, tile order, hands,
 * expansions and their options. */
static gboolean
same_setup (const CarcGameConfig *a, const CarcGameConfig *b)
{
  g_autofree char *text_a = carc_game_config_to_json (a);
  g_autofree char *text_b = carc_game_config_to_json (b);
  g_autoptr (JsonNode) node_a = json_from_string (text_a, NULL);
  g_autoptr (JsonNode) node_b = json_from_string (text_b, NULL);

  json_object_remove_member (json_node_get_object (node_a), "seed");
  json_object_remove_member (json_node_get_object (node_b), "seed");
  return json_node_equal (node_a, node_b);
}

/* The lines that read tell one game: a start deals the header's setup (with its seed), so the
 * seats lines (checked against the header's players) fit it. A journal that says otherwise
 * was not written by the daemon, whatever its checksums: none of it is trusted. */
static gboolean
check_setup (Journal *j, GError **error)
{
  for (guint i = 0; i < j->lines->len; i++)
    {
      Line *line = &g_array_index (j->lines, Line, i);

      if (line->type == LINE_START && !same_setup (j->config, line->config))
        return bad (error, "line %u: the start deals another setup than the header's", i + 2);
    }
  return TRUE;
}

/* The lines after the header, up to the first that does not read (its problem goes to
 * j->problem). Returns where the header ends in the file. */
static gsize
read_lines (Journal *j, const CarcdJournalContents *contents)
{
  /* a line is its payload, 16 hex digits, a space and a newline */
  gsize header_end = strlen (g_ptr_array_index (contents->payloads, 0)) + 18;
  gsize good_length = header_end;
  j->lines = g_array_new (FALSE, TRUE, sizeof (Line));
  g_array_set_clear_func (j->lines, line_clear);
  for (guint i = 1; i < contents->payloads->len; i++)
    {
      const char *payload = g_ptr_array_index (contents->payloads, i);
      g_autoptr (GError) local = NULL;
      Line line = { 0 };

      good_length += strlen (payload) + 18;
      line.end = good_length;
      if (!read_line (j, payload, &line, &local))
        {
          line_clear (&line);
          g_free (j->problem);
          j->problem = g_strdup_printf ("line %u (ending at byte %" G_GSIZE_FORMAT ") does not "
                                        "read: %s",
                                        i + 1, good_length, local->message);
          break;
        }
      g_array_append_val (j->lines, line);
    }
  return header_end;
}

/* What the first @n_lines lines kept say: the last seats, whether the game started (and with
 * which config, unless @imported), how many moves and seats lines. */
typedef struct
{
  JsonNode *seats;
  const CarcGameConfig *config;
  gboolean started;
  guint n_moves;
  guint n_seat_lines;
} LinesSummary;

static LinesSummary
summarize_lines (Journal *j, guint n_lines, gboolean imported)
{
  LinesSummary sum = { .config = j->config };
  for (guint i = 0; i < n_lines; i++)
    {
      Line *line = &g_array_index (j->lines, Line, i);

      if (line->type == LINE_SEATS)
        {
          sum.seats = json_object_get_member (json_node_get_object (line->root), "seats");
          sum.n_seat_lines++;
        }
      else if (line->type == LINE_START)
        {
          sum.started = TRUE;
          if (!imported)
            sum.config = line->config;
        }
      else if (line->type == LINE_MOVE)
        sum.n_moves++;
    }
  return sum;
}

/* The game's options: from its config, and the name, bot delay, seed and tile order of the
 * header @h. */
static gboolean
options_from_header (JsonObject *h, const CarcGameConfig *config, CarcdGameOptions *options,
                     GError **error)
{
  guint bot_delay = 0;
  const char *seed;

  if (!carcd_game_options_from_config (config, options, error))
    return FALSE;
  g_free (options->name);
  options->name = g_strdup (get_string (h, "name"));
  get_uint (h, "bot-delay", CARCD_MAX_BOT_DELAY_MS, &bot_delay);
  options->bot_delay = bot_delay;
  seed = get_string (h, "seed");
  if (seed)
    options->has_seed = g_ascii_string_to_unsigned (seed, 10, 0, G_MAXUINT64, &options->seed, NULL);
  if (json_object_has_member (h, "tile-order"))
    {
      JsonArray *a = json_object_get_array_member (h, "tile-order");

      options->tile_order = g_new0 (char *, json_array_get_length (a) + 1);
      for (guint i = 0; i < json_array_get_length (a); i++)
        options->tile_order[i] = g_strdup (json_array_get_string_element (a, i));
    }
  return TRUE;
}

/* The creator's token of the header @h, if it has one. */
static void
read_creator (JsonObject *h, CarcdJournalGame *g)
{
  g->creator_uid = CARCD_NO_UID;
  if (get_string (h, "creator-token"))
    {
      g_strlcpy (g->creator_token, get_string (h, "creator-token"), sizeof g->creator_token);
      g->creator_uid = read_token_uid (h, "creator-token");
    }
}

/* carcd_journal_game_read(), @j set up: @g is filled in, in parts if it fails. */
static gboolean
read_journal (Journal *j, const CarcdJournalContents *contents, CarcdJournalGame *g,
              CarcdJournalVerdict *verdict, GError **error)
{
  g_autoptr (CarcGame) game = NULL;
  g_autofree char *problem = NULL;
  JsonObject *h;
  guint n_lines;
  gsize header_end;

  j->problem = g_strdup (contents->problem);
  if (contents->payloads->len == 0)
    return bad (error, "%s", j->problem ? j->problem : "the file is empty");
  if (!read_header (j, g_ptr_array_index (contents->payloads, 0), verdict, error))
    {
      g_prefix_error (error, "line 1: ");
      return FALSE;
    }
  header_end = read_lines (j, contents);
  if (!check_setup (j, error))
    return FALSE;

  h = json_node_get_object (j->header);
  g->imported = json_object_has_member (h, "moves");
  n_lines = j->lines->len;
  if (!replay (j, g->imported, &n_lines, &game, &problem, error))
    return FALSE;
  if (problem)
    {
      g_free (j->problem);
      j->problem = g_steal_pointer (&problem);
    }
  LinesSummary sum = summarize_lines (j, n_lines, g->imported);

  if (!options_from_header (h, sum.config, &g->options, error))
    return FALSE;
  g->config = carc_game_config_ref ((CarcGameConfig *)sum.config);
  g->started = sum.started;
  g->game = g_steal_pointer (&game);
  g->n_moves = sum.n_moves + j->import_moves->len;
  read_creator (h, g);
  if (sum.seats)
    read_seats (sum.seats, g->seats);
  g->n_seat_lines = sum.n_seat_lines;
  g->n_lines = n_lines + 1;
  g->good_length = n_lines > 0 ? g_array_index (j->lines, Line, n_lines - 1).end : header_end;
  g->problem = g_steal_pointer (&j->problem);
  return TRUE;
}

gboolean
carcd_journal_game_read (CarcTileSet *tiles, CarcPluginHost *plugins, guint id,
                         const CarcdJournalContents *contents, CarcdJournalGame *game,
                         CarcdJournalVerdict *verdict, GError **error)
{
  Journal j = { .tiles = tiles, .plugins = plugins, .id = id };
  gboolean ok;

  memset (game, 0, sizeof *game);
  game->creator_uid = CARCD_NO_UID;
  *verdict = CARCD_JOURNAL_DAMAGED;
  ok = read_journal (&j, contents, game, verdict, error);
  journal_clear (&j);
  if (!ok)
    carcd_journal_game_clear (game);
  return ok;
}

void
carcd_journal_game_clear (CarcdJournalGame *game)
{
  carcd_game_options_clear (&game->options);
  g_clear_pointer (&game->config, carc_game_config_unref);
  g_clear_object (&game->game);
  for (guint i = 0; i < G_N_ELEMENTS (game->seats); i++)
    {
      g_clear_pointer (&game->seats[i].name, g_free);
      g_clear_pointer (&game->seats[i].strategy, g_free);
    }
  g_clear_pointer (&game->problem, g_free);
  memset (game, 0, sizeof *game);
  game->creator_uid = CARCD_NO_UID;
}

/* The journal at @path goes on from @good_length, the end of the last line kept. */
static void
reopen_journal (CarcdSession *s, const char *path, gsize good_length)
{
  g_autoptr (GError) local = NULL;

  s->journal = carcd_journal_open (path, good_length, &local);
  if (s->journal == NULL)
    {
      /* a read-only state directory: the game is there to see, but nothing is acknowledged
       * that is not on disk; each move tries the journal again */
      s->journal_lost = TRUE;
      s->journal_resume = good_length;
      g_warning ("%s: %s; it refuses moves and seat changes until it can be written", s->path,
                 local->message);
    }
}

/* A bot seat again: its strategy rebuilt from its spec (checked when read), or the random
 * policy for a spec of random's or none. */
static void
restore_bot (CarcdSession *s, CarcdSeat *seat, const char *strategy)
{
  CarcBot *brain = NULL;

  if (strategy)
    {
      brain = carc_bot_new_from_spec (strategy, carcd_session_bot_seed (s, seat->index), NULL);
      g_assert (brain != NULL); /* check_strategy() read it */
      if (g_str_equal (carc_bot_get_strategy (brain), "random"))
        g_clear_object (&brain);
    }
  carcd_session_seat_set_bot (seat, brain, strategy);
}

/* Puts the seats of @g on the bus. */
static gboolean
restore_seats (CarcdSession *s, const CarcdJournalGame *g, GError **error)
{
  for (guint i = 0; i < s->options.players; i++)
    {
      const CarcdJournalSeat *from = &g->seats[i];
      CarcdSeat *seat;

      if (from->name == NULL)
        continue;
      seat = carcd_session_seat_new (s, i, from->name);
      g_strlcpy (seat->token, from->token, sizeof seat->token);
      seat->token_uid = from->token_uid;
      if (from->bot)
        restore_bot (s, seat, from->strategy);
      if (!carcd_session_install_seat (s, seat, error))
        return FALSE;
    }
  return TRUE;
}

/* Registers the restored session @s with the creator and seats of @g; FALSE (and @s freed) if
 * the daemon could not. */
static gboolean
register_session (CarcdDaemon *daemon, CarcdSession *s, const CarcdJournalGame *g,
                  CarcdJournalVerdict *verdict, GError **error)
{
  s->restored = TRUE;
  g_strlcpy (s->creator_token, g->creator_token, sizeof s->creator_token);
  s->creator_uid = g->creator_uid;
  g_hash_table_insert (daemon->games, GUINT_TO_POINTER (s->id), s);
  if (!restore_seats (s, g, error))
    {
      /* the seats were checked: the daemon could not register one */
      *verdict = CARCD_JOURNAL_FAILED;
      g_hash_table_remove (daemon->games, GUINT_TO_POINTER (s->id));
      carcd_session_free (s);
      return FALSE;
    }
  s->n_seat_lines = g->n_seat_lines;
  s->journaled_seats = seats_payload (s);
  return TRUE;
}

/* Puts the replayed @game (transfer full) in play if it had started; else it waits, an
 * imported game's moves kept for its start. */
static void
resume_game (CarcdSession *s, CarcGame *game, gboolean started)
{
  if (started)
    {
      carcd_session_install_game (s, game);
      return;
    }
  if (s->imported)
    {
      s->imported_game = game;
      carc_game_get_moves (s->imported_game, &s->n_journaled);
    }
  else
    g_clear_object (&game);
  carcd_session_sync_properties (s);
}

/* Makes the game @g read from the journal at @path the session of game @id, on the bus. */
static gboolean
restore_session (CarcdDaemon *daemon, guint id, const char *path, CarcdJournalGame *g,
                 CarcdJournalVerdict *verdict, GError **error)
{
  CarcdSession *s = carcd_session_new_full (daemon, id, &g->options, g->config, NULL, error);

  if (s == NULL)
    {
      /* the engine refuses the setup (damaged), or the daemon could not register the game */
      if ((*error)->domain != CARC_ERROR)
        *verdict = CARCD_JOURNAL_FAILED;
      return FALSE;
    }
  s->imported = g->imported;
  if (!register_session (daemon, s, g, verdict, error))
    return FALSE;
  if (g->problem)
    g_warning ("%s: %s; the game is restored from the %u lines before it (move %u), the rest "
               "is cut off",
               path, g->problem, g->n_lines, g->n_moves);
  reopen_journal (s, path, g->good_length);
  resume_game (s, g_steal_pointer (&g->game), g->started);
  g_message ("%s restored from %s: %s", s->path, path,
             carcd_session_get_state (s) == CARCD_STATE_WAITING ? "waiting"
             : carcd_session_get_state (s) == CARCD_STATE_OVER  ? "over"
                                                                : "in play");
  return TRUE;
}

/* Restores game @id from its journal at @path; FALSE with @error and @verdict if it cannot
 * be. */
static gboolean
restore (CarcdDaemon *daemon, guint id, const char *path, CarcdJournalVerdict *verdict,
         GError **error)
{
  CarcdJournalContents contents;
  CarcdJournalGame g;
  gboolean ok;

  *verdict = CARCD_JOURNAL_DAMAGED;
  if (!carcd_journal_read (path, &contents, error))
    {
      /* a file the daemon could not read now may be healthy */
      if (!g_error_matches (*error, CARCD_JOURNAL_ERROR, CARCD_JOURNAL_ERROR_NOT_A_JOURNAL))
        *verdict = CARCD_JOURNAL_FAILED;
      return FALSE;
    }
  ok = carcd_journal_game_read (daemon->tiles, daemon->plugins, id, &contents, &g, verdict, error);
  carcd_journal_contents_clear (&contents);
  if (!ok)
    return FALSE;
  ok = restore_session (daemon, id, path, &g, verdict, error);
  carcd_journal_game_clear (&g);
  return ok;
}

/* The number N of a file "game-N<suffix>", 1 to G_MAXUINT32; 0 if it is none. */
static guint
journal_id (const char *name, const char *suffix)
{
  guint64 id;
  const char *p;
  char *end;

  if (!g_str_has_prefix (name, "game-"))
    return 0;
  p = name + 5;
  if (!g_ascii_isdigit (*p))
    return 0;
  id = g_ascii_strtoull (p, &end, 10);
  if (id == 0 || id > G_MAXUINT32 || (suffix && !g_str_equal (end, suffix)))
    return 0;
  return (guint)id;
}

static gint
compare_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *)a, y = *(const guint *)b;
  return x < y ? -1 : x > y;
}

/* The numbers of the journals in the state directory, sorted; and the next game's number
 * after every game-N file's there (a journal set aside keeps its number). A rewrite that was
 * never renamed (the daemon died first) is removed: the journal beside it is whole. */
static GArray *
list_journals (CarcdDaemon *daemon, GError **error)
{
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint));
  DIR *dir = opendir (daemon->state_dir);
  struct dirent *entry;
  int err;

  if (dir == NULL)
    {
      err = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), "Could not read %s: %s",
                   daemon->state_dir, g_strerror (err));
      return NULL;
    }
  while ((errno = 0, entry = readdir (dir)))
    {
      const char *name = entry->d_name;
      guint id = journal_id (name, CARCD_JOURNAL_SUFFIX);
      guint any = journal_id (name, NULL);

      if (any && any >= daemon->next_game_id)
        daemon->next_game_id = (guint64)any + 1;
      if (id)
        g_array_append_val (ids, id);
      else if (journal_id (name, CARCD_JOURNAL_SUFFIX CARCD_JOURNAL_NEW_SUFFIX))
        {
          g_autofree char *path = g_build_filename (daemon->state_dir, name, NULL);

          if (g_unlink (path) == 0)
            g_message ("Removed %s, a rewrite of a journal left unfinished", path);
        }
    }
  err = errno;
  closedir (dir);
  if (err)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (err), "Could not read %s: %s",
                   daemon->state_dir, g_strerror (err));
      return NULL;
    }
  g_array_sort (ids, compare_uint);
  return g_steal_pointer (&ids);
}

gboolean
carcd_daemon_restore (CarcdDaemon *daemon, GError **error)
{
  g_autoptr (GArray) ids = NULL;

  if (daemon->state_dir == NULL)
    return TRUE;
  ids = list_journals (daemon, error);
  if (ids == NULL)
    return FALSE;
  if (daemon->next_game_id > G_MAXUINT32)
    g_warning ("%s holds a file of game %u, the last number: no new game can be created",
               daemon->state_dir, G_MAXUINT32);
  for (guint i = 0; i < ids->len; i++)
    {
      guint id = g_array_index (ids, guint, i);
      g_autofree char *path = carcd_journal_path (daemon->state_dir, id);
      CarcdJournalVerdict verdict = CARCD_JOURNAL_DAMAGED;
      g_autoptr (GError) local = NULL;

      if (!restore (daemon, id, path, &verdict, &local))
        {
          if (verdict == CARCD_JOURNAL_FAILED)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           "%s could not be restored (%s); the file is left as it is", path,
                           local->message);
              return FALSE;
            }
          if (verdict == CARCD_JOURNAL_KEPT)
            g_warning ("%s is not restored (%s); it is kept for a daemon that has what it needs",
                       path, local->message);
          else
            set_aside (path, local->message);
        }
    }
  if (ids->len)
    g_message ("Restored %u of %u games from %s", g_hash_table_size (daemon->games), ids->len,
               daemon->state_dir);
  carcd_daemon_schedule_reap (daemon);
  return TRUE;
}
