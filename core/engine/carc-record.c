/* carc-record.c: game records as JSON (doc/game-records.md): writing, strict reading and
 * replaying; the state hash. The reader is written to be fuzzed (tests/fuzz/fuzz-record.c):
 * every value is checked for its type and range before use, and errors name the path of the
 * offending value ("moves[12].x: ..."). */
#include "config.h"

#include <json-glib/json-glib.h>
#include <nettle/sha2.h>
#include <string.h>
#include "carc-error.h"
#include "carc-game-private.h"
#include "carc-record.h"

struct _CarcRecord
{
  gint ref_count;
  CarcGameConfig *config;
  GArray *moves;       /* CarcMove */
  GArray *scores;      /* guint[n_players] per move; valid where has_scores */
  GArray *has_scores;  /* gboolean per move */
  char **player_names; /* NULL or n_players names */
};

G_DEFINE_BOXED_TYPE (CarcRecord, carc_record, carc_record_ref, carc_record_unref)

/* The most a record may hold: more than any game can have. */
#define MAX_RECORD_MOVES (4 * CARC_MAX_PIECES)
#define MAX_NAME_BYTES   64

static const char *const move_names[] = {
  [CARC_MOVE_PLACE] = "place", [CARC_MOVE_DEPLOY] = "deploy",           [CARC_MOVE_SKIP] = "skip",
  [CARC_MOVE_DRAW] = "draw",   [CARC_MOVE_PLACE_PIECE] = "place-piece", [CARC_MOVE_PASS] = "pass",
};

/* ---- writing ---------------------------------------------------------------------------- */

static void
member_int (JsonBuilder *b, const char *name, gint64 value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
member_bool (JsonBuilder *b, const char *name, gboolean value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_boolean_value (b, value);
}

/* The rule options but farmers, when one differs from its default (doc/game-records.md): a
 * record of a default game reads as it always did. */
static void
add_rules (JsonBuilder *b, const CarcGameConfig *config)
{
  gboolean changed = FALSE;
  for (guint i = 0; i < CARC_N_RULES; i++)
    changed |= i != CARC_RULE_FARMERS && config->rules[i] != carc_rule_get_default (i);
  if (!changed)
    return;
  json_builder_set_member_name (b, "rules");
  json_builder_begin_object (b);
  for (guint i = 0; i < CARC_N_RULES; i++)
    if (i != CARC_RULE_FARMERS)
      member_int (b, carc_rule_get_name (i), config->rules[i]);
  json_builder_end_object (b);
}

static void
add_config (JsonBuilder *b, const CarcGameConfig *config)
{
  json_builder_begin_object (b);
  member_int (b, "players", config->n_players);
  member_int (b, "followers", config->followers);
  member_bool (b, "farmers", config->rules[CARC_RULE_FARMERS] != 0);
  add_rules (b, config);
  /* A string: JSON numbers lose 64-bit integers. */
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, config->seed);
  json_builder_set_member_name (b, "seed");
  json_builder_add_string_value (b, seed);
  if (config->tile_order)
    {
      json_builder_set_member_name (b, "tile_order");
      json_builder_begin_array (b);
      for (guint i = 0; config->tile_order[i]; i++)
        json_builder_add_string_value (b, config->tile_order[i]);
      json_builder_end_array (b);
    }
  json_builder_set_member_name (b, "expansions");
  json_builder_begin_array (b);
  for (guint i = 0; config->expansions && i < config->expansions->len; i++)
    {
      const CarcConfigExpansion *e = &g_array_index (config->expansions, CarcConfigExpansion, i);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, e->plugin->desc->name);
      json_builder_set_member_name (b, "options");
      json_builder_begin_object (b);
      for (guint k = 0; k < e->plugin->options->len; k++)
        {
          const CarcOptionDef *o = &g_array_index (e->plugin->options, CarcOptionDef, k);
          json_builder_set_member_name (b, o->name);
          if (o->type == CARC_OPTION_BOOLEAN)
            json_builder_add_boolean_value (b, e->values[k] != 0);
          else
            json_builder_add_int_value (b, e->values[k]);
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  gboolean any_hand = FALSE;
  for (guint p = 0; p < CARC_MAX_PLAYERS; p++)
    any_hand |= config->hands[p] != NULL;
  if (any_hand)
    {
      json_builder_set_member_name (b, "hands");
      json_builder_begin_array (b);
      for (guint p = 0; p < config->n_players; p++)
        {
          if (!config->hands[p])
            {
              json_builder_add_null_value (b);
              continue;
            }
          json_builder_begin_array (b);
          for (guint i = 0; config->hands[p][i]; i++)
            json_builder_add_string_value (b, config->hands[p][i]);
          json_builder_end_array (b);
        }
      json_builder_end_array (b);
    }
  json_builder_end_object (b);
}

static char *
to_string (JsonBuilder *b)
{
  g_autoptr (JsonNode) root = json_builder_get_root (b);
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

/**
 * carc_game_config_to_json:
 * @config: a config
 *
 * The setup part of a record: one line of JSON.
 *
 * Returns: (transfer full): the JSON text
 */
char *
carc_game_config_to_json (const CarcGameConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  g_autoptr (JsonBuilder) b = json_builder_new ();
  add_config (b, config);
  return to_string (b);
}

/* @s as a JSON string, as json-glib's generator prints it: printable ASCII without a quote or
 * a backslash as it is, anything else escaped by json-glib itself. */
static void
append_json_string (GString *out, const char *s)
{
  for (const guchar *c = (const guchar *)s; *c; c++)
    if (*c < 0x20 || *c > 0x7e || *c == '"' || *c == '\\')
      {
        g_autoptr (JsonNode) node = json_node_new (JSON_NODE_VALUE);
        json_node_set_string (node, s);
        g_autofree char *quoted = json_to_string (node, FALSE);
        g_string_append (out, quoted);
        return;
      }
  g_string_append_c (out, '"');
  g_string_append (out, s);
  g_string_append_c (out, '"');
}

static void
append_member_string (GString *out, const char *name, const char *s)
{
  g_string_append_printf (out, ",\"%s\":", name);
  append_json_string (out, s);
}

/* A plugin move's parameters, those its type has, in the order of #CarcMoveParams. */
static void
append_plugin_params (GString *out, const CarcMove *m)
{
  if (m->params & CARC_MOVE_PARAM_X)
    g_string_append_printf (out, ",\"x\":%d", m->x);
  if (m->params & CARC_MOVE_PARAM_Y)
    g_string_append_printf (out, ",\"y\":%d", m->y);
  if (m->params & CARC_MOVE_PARAM_ROTATION)
    g_string_append_printf (out, ",\"rotation\":%u", m->rotation);
  if (m->params & CARC_MOVE_PARAM_SEGMENT)
    g_string_append_printf (out, ",\"segment\":%u", m->segment);
  if (m->params & CARC_MOVE_PARAM_PIECE)
    g_string_append_printf (out, ",\"piece\":%u", m->piece);
  if (m->params & CARC_MOVE_PARAM_FIGURE)
    append_member_string (out, "figure", m->figure ? m->figure : "follower");
  if (m->params & CARC_MOVE_PARAM_TILE)
    append_member_string (out, "tile", m->tile ? m->tile : "");
}

/**
 * carc_move_to_json:
 * @move: a move
 * @scores: (nullable) (array length=n_players): the scores after the move
 * @n_players: how many scores
 *
 * One move of a record: one line of JSON.
 *
 * Printed directly rather than through a #JsonBuilder (the daemon writes a line for every
 * move): the same bytes as json-glib's generator gives, its members in a fixed order.
 *
 * Returns: (transfer full): the JSON text
 */
char *
carc_move_to_json (const CarcMove *move, const guint *scores, guint n_players)
{
  g_return_val_if_fail (move != NULL, NULL);
  g_return_val_if_fail ((guint)move->type <= CARC_MOVE_PLUGIN, NULL);
  g_return_val_if_fail (move->type != CARC_MOVE_PLUGIN || move->name, NULL);
  const CarcMove *m = move;
  GString *out = g_string_sized_new (96);

  g_string_append (out, "{\"move\":");
  append_json_string (out, carc_move_get_name (m));
  switch (m->type)
    {
      case CARC_MOVE_PLUGIN:
        append_plugin_params (out, m);
        break;
      case CARC_MOVE_PLACE_PIECE:
        g_string_append_printf (out, ",\"piece\":%u", m->piece);
        G_GNUC_FALLTHROUGH;
      case CARC_MOVE_PLACE:
        g_string_append_printf (out, ",\"x\":%d,\"y\":%d,\"rotation\":%u", m->x, m->y, m->rotation);
        break;
      case CARC_MOVE_DEPLOY:
        g_string_append_printf (out, ",\"segment\":%u", m->segment);
        if (m->figure) /* none: the follower, as in records written before figure kinds */
          append_member_string (out, "figure", m->figure);
        break;
      case CARC_MOVE_SKIP:
      case CARC_MOVE_DRAW:
      case CARC_MOVE_PASS:
        break;
    }
  if (scores)
    {
      g_string_append (out, ",\"scores\":[");
      for (guint p = 0; p < n_players; p++)
        g_string_append_printf (out, p ? ",%u" : "%u", scores[p]);
      g_string_append_c (out, ']');
    }
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}

/**
 * carc_game_to_record:
 * @game: a game
 * @player_names: (nullable) (array zero-terminated=1): the players' names, in seat order
 *
 * The game's record: its setup, every move so far with the scores after it. A record
 * holds the seed and the explicit hands: it is for after the game, or for its creator.
 *
 * Returns: (transfer full): the record: JSON, one member and one move a line
 */
char *
carc_game_to_record (CarcGame *game, const char *const *player_names)
{
  g_return_val_if_fail (CARC_GAME_VALID (game), NULL);
  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (game, &n_moves);
  /* The scores after each move: replayed in a scratch game (the game keeps no history). */
  g_autoptr (CarcGame) scratch = carc_game_new (game->config, NULL);
  /* One member a line and one move a line: JSON that reads (and diffs) well. */
  GString *out = g_string_new ("{\n");
  g_string_append_printf (out, "  \"format\": \"%s\",\n  \"version\": %d,\n", CARC_RECORD_FORMAT,
                          CARC_RECORD_VERSION);
  g_string_append_printf (out, "  \"engine\": \"%s\",\n", VERSION);
  if (player_names && g_strv_length ((char **)player_names) == game->n_players)
    {
      g_autoptr (JsonBuilder) b = json_builder_new ();
      json_builder_begin_array (b);
      for (guint p = 0; p < game->n_players; p++)
        json_builder_add_string_value (b, player_names[p]);
      json_builder_end_array (b);
      g_autofree char *names = to_string (b);
      g_string_append_printf (out, "  \"players\": %s,\n", names);
    }
  g_autofree char *setup = carc_game_config_to_json (game->config);
  g_string_append_printf (out, "  \"setup\": %s,\n  \"moves\": [", setup);
  for (guint i = 0; i < n_moves; i++)
    {
      gboolean ok = scratch && carc_game_apply_move (scratch, &moves[i], NULL);
      g_autofree char *line
          = carc_move_to_json (&moves[i], ok ? scratch->score : NULL, game->n_players);
      g_string_append_printf (out, "%s\n    %s", i ? "," : "", line);
    }
  g_string_append (out, n_moves ? "\n  ]\n}\n" : "]\n}\n");
  return g_string_free (out, FALSE);
}

/* ---- reading ---------------------------------------------------------------------------- */

static gboolean G_GNUC_PRINTF (3, 4) bad (GError **error, const char *path, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD, "%s: %s", path, what);
  return FALSE;
}

static JsonNode *
parse_json (const char *data, gssize length, JsonParser *parser, GError **error)
{
  if (length < 0)
    length = (gssize)strlen (data);
  if (memchr (data, '\0', (gsize)length) || !g_utf8_validate (data, length, NULL))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD,
                   "not UTF-8 text (or it holds NUL bytes)");
      return NULL;
    }
  g_autoptr (GError) local = NULL;
  if (!json_parser_load_from_data (parser, data, length, &local))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD, "not JSON: %s", local->message);
      return NULL;
    }
  JsonNode *root = json_parser_get_root (parser);
  if (!root || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD, "not a JSON object");
      return NULL;
    }
  return root;
}

/* Only the members in @allowed (NULL-terminated) may appear. */
static gboolean
check_members (JsonObject *o, const char *path, const char *const *allowed, GError **error)
{
  g_autoptr (GList) names = json_object_get_members (o);
  for (GList *l = names; l; l = l->next)
    if (!g_strv_contains (allowed, l->data))
      {
        g_autofree char *where = g_strdup_printf ("%s.%s", path, (const char *)l->data);
        return bad (error, where, "not a member this format knows");
      }
  return TRUE;
}

static gboolean
get_int (JsonObject *o, const char *path, const char *name, gint64 min, gint64 max,
         gboolean required, gint64 *out, GError **error)
{
  g_autofree char *where = g_strdup_printf ("%s.%s", path, name);
  JsonNode *n = json_object_get_member (o, name);
  if (!n)
    return required ? bad (error, where, "missing") : TRUE;
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_INT64)
    return bad (error, where, "not an integer");
  gint64 v = json_node_get_int (n);
  if (v < min || v > max)
    return bad (error, where,
                "%" G_GINT64_FORMAT " is not in %" G_GINT64_FORMAT "..%" G_GINT64_FORMAT, v, min,
                max);
  *out = v;
  return TRUE;
}

static gboolean
get_bool (JsonObject *o, const char *path, const char *name, gboolean *out, GError **error)
{
  g_autofree char *where = g_strdup_printf ("%s.%s", path, name);
  JsonNode *n = json_object_get_member (o, name);
  if (!n)
    return bad (error, where, "missing");
  if (!JSON_NODE_HOLDS_VALUE (n) || json_node_get_value_type (n) != G_TYPE_BOOLEAN)
    return bad (error, where, "not true or false");
  *out = json_node_get_boolean (n);
  return TRUE;
}

/* An array of strings, each 1..MAX_NAME_BYTES bytes, at most @max of them. */
static char **
get_strings (JsonNode *n, const char *where, guint max, GError **error)
{
  if (!JSON_NODE_HOLDS_ARRAY (n))
    {
      bad (error, where, "not an array");
      return NULL;
    }
  JsonArray *a = json_node_get_array (n);
  guint len = json_array_get_length (a);
  if (len > max)
    {
      bad (error, where, "%u entries, at most %u", len, max);
      return NULL;
    }
  g_autoptr (GStrvBuilder) sb = g_strv_builder_new ();
  for (guint i = 0; i < len; i++)
    {
      JsonNode *e = json_array_get_element (a, i);
      if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_STRING)
        {
          bad (error, where, "entry %u is not a string", i);
          return NULL;
        }
      const char *s = json_node_get_string (e);
      gsize slen = strlen (s);
      if (slen == 0 || slen > MAX_NAME_BYTES)
        {
          bad (error, where, "entry %u must be 1 to %d bytes", i, MAX_NAME_BYTES);
          return NULL;
        }
      g_strv_builder_add (sb, s);
    }
  return g_strv_builder_end (sb);
}

static gboolean
read_expansion (CarcGameConfig *config, JsonNode *n, const char *where, CarcPluginHost *host,
                GError **error)
{
  static const char *const members[] = { "name", "options", NULL };
  if (!JSON_NODE_HOLDS_OBJECT (n))
    return bad (error, where, "not an object");
  JsonObject *o = json_node_get_object (n);
  if (!check_members (o, where, members, error))
    return FALSE;
  JsonNode *name = json_object_get_member (o, "name");
  g_autofree char *name_path = g_strdup_printf ("%s.name", where);
  if (!name || !JSON_NODE_HOLDS_VALUE (name) || json_node_get_value_type (name) != G_TYPE_STRING)
    return bad (error, name_path, "missing or not a string");
  const char *plugin_name = json_node_get_string (name);
  CarcPlugin *plugin = host ? carc_plugin_host_lookup (host, plugin_name) : NULL;
  if (!plugin)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_UNKNOWN_EXPANSION,
                   "%s: no expansion '%.*s' is loaded", name_path, carc_utf8_cut (plugin_name, 64),
                   plugin_name);
      return FALSE;
    }
  if (!carc_game_config_add_expansion (config, plugin, NULL))
    return bad (error, name_path, "expansion %s named twice", plugin_name);
  JsonNode *opts = json_object_get_member (o, "options");
  if (!opts)
    return TRUE;
  g_autofree char *opts_path = g_strdup_printf ("%s.options", where);
  if (!JSON_NODE_HOLDS_OBJECT (opts))
    return bad (error, opts_path, "not an object");
  JsonObject *oo = json_node_get_object (opts);
  g_autoptr (GList) keys = json_object_get_members (oo);
  for (GList *l = keys; l; l = l->next)
    {
      const char *key = l->data;
      g_autofree char *opt_path = g_strdup_printf ("%s.%s", opts_path, key);
      const CarcOptionDef *def = carc_plugin_lookup_option (plugin, key);
      if (!def)
        return bad (error, opt_path, "expansion %s has no such option", plugin_name);
      guint32 value;
      if (def->type == CARC_OPTION_BOOLEAN)
        {
          gboolean v;
          if (!get_bool (oo, opts_path, key, &v, error))
            return FALSE;
          value = v;
        }
      else
        {
          gint64 v;
          if (!get_int (oo, opts_path, key, def->min, def->max, TRUE, &v, error))
            return FALSE;
          value = (guint32)v;
        }
      if (!carc_game_config_set_option (config, plugin_name, key, value, error))
        return FALSE;
    }
  return TRUE;
}

/* The setup's "seed": a string of decimal digits, so 64 bits survive any JSON reader. */
static gboolean
read_seed (JsonObject *o, const char *path, CarcGameConfig *config, GError **error)
{
  g_autofree char *seed_path = g_strdup_printf ("%s.seed", path);
  JsonNode *seed = json_object_get_member (o, "seed");
  if (!seed)
    return bad (error, seed_path, "missing");
  guint64 seed_value = 0;
  const char *digits
      = JSON_NODE_HOLDS_VALUE (seed) && json_node_get_value_type (seed) == G_TYPE_STRING
            ? json_node_get_string (seed)
            : NULL;
  if (!digits || !g_ascii_string_to_unsigned (digits, 10, 0, G_MAXUINT64, &seed_value, NULL))
    return bad (error, seed_path, "not a string of decimal digits (a 64-bit number)");
  carc_game_config_set_seed (config, seed_value);
  return TRUE;
}

/* The setup's optional "tile_order". */
static gboolean
read_tile_order (JsonObject *o, const char *path, CarcGameConfig *config, GError **error)
{
  JsonNode *order = json_object_get_member (o, "tile_order");
  if (!order)
    return TRUE;
  g_autofree char *where = g_strdup_printf ("%s.tile_order", path);
  g_auto (GStrv) ids = get_strings (order, where, CARC_MAX_PIECES - 1, error);
  if (!ids)
    return FALSE;
  carc_game_config_set_tile_order (config, (const char *const *)ids);
  return TRUE;
}

/* The setup's optional "expansions": at most 64, each resolved through @host. */
static gboolean
read_expansions (JsonObject *o, const char *path, CarcGameConfig *config, CarcPluginHost *host,
                 GError **error)
{
  JsonNode *exps = json_object_get_member (o, "expansions");
  if (!exps)
    return TRUE;
  g_autofree char *where = g_strdup_printf ("%s.expansions", path);
  if (!JSON_NODE_HOLDS_ARRAY (exps))
    return bad (error, where, "not an array");
  JsonArray *a = json_node_get_array (exps);
  if (json_array_get_length (a) > 64)
    return bad (error, where, "more than 64 expansions");
  for (guint i = 0; i < json_array_get_length (a); i++)
    {
      g_autofree char *at = g_strdup_printf ("%s[%u]", where, i);
      if (!read_expansion (config, json_array_get_element (a, i), at, host, error))
        return FALSE;
    }
  return TRUE;
}

/* The setup's optional "hands": one entry per player, null or the tile ids of that hand. */
static gboolean
read_hands (JsonObject *o, const char *path, CarcGameConfig *config, guint players, GError **error)
{
  JsonNode *hands = json_object_get_member (o, "hands");
  if (!hands)
    return TRUE;
  g_autofree char *where = g_strdup_printf ("%s.hands", path);
  if (!JSON_NODE_HOLDS_ARRAY (hands)
      || json_array_get_length (json_node_get_array (hands)) != players)
    return bad (error, where, "not an array of one entry per player");
  JsonArray *a = json_node_get_array (hands);
  for (guint p = 0; p < players; p++)
    {
      JsonNode *h = json_array_get_element (a, p);
      if (JSON_NODE_HOLDS_NULL (h))
        continue;
      g_autofree char *at = g_strdup_printf ("%s[%u]", where, p);
      g_auto (GStrv) ids = get_strings (h, at, 1000, error);
      if (!ids)
        return FALSE;
      carc_game_config_set_hand (config, p, (const char *const *)ids);
    }
  return TRUE;
}

/* "rules": the rule options a record sets; absent (older records), every one at its default. */
static gboolean
read_rules (JsonObject *o, const char *path, CarcGameConfig *config, GError **error)
{
  JsonNode *n = json_object_get_member (o, "rules");
  if (!n)
    return TRUE;
  g_autofree char *where = g_strdup_printf ("%s.rules", path);
  if (!JSON_NODE_HOLDS_OBJECT (n))
    return bad (error, where, "not an object");
  JsonObject *r = json_node_get_object (n);
  g_autoptr (GList) names = json_object_get_members (r);
  for (GList *l = names; l; l = l->next)
    {
      gint64 v;
      g_autoptr (GError) local = NULL;
      if (!get_int (r, where, l->data, 0, G_MAXUINT32, TRUE, &v, error))
        return FALSE;
      if (!carc_game_config_set_rule (config, l->data, (guint32)v, &local))
        {
          g_autofree char *at = g_strdup_printf ("%s.%s", where, (const char *)l->data);
          return bad (error, at, "%s", local->message);
        }
    }
  return TRUE;
}

static CarcGameConfig *
read_config (JsonNode *n, const char *path, CarcTileSet *base, CarcPluginHost *host, GError **error)
{
  static const char *const members[] = { "players",    "followers",  "farmers", "rules", "seed",
                                         "tile_order", "expansions", "hands",   NULL };
  if (!JSON_NODE_HOLDS_OBJECT (n))
    {
      bad (error, path, "not an object");
      return NULL;
    }
  JsonObject *o = json_node_get_object (n);
  if (!check_members (o, path, members, error))
    return NULL;
  gint64 players, followers;
  gboolean farmers;
  if (!get_int (o, path, "players", CARC_MIN_PLAYERS, CARC_MAX_PLAYERS, TRUE, &players, error)
      || !get_int (o, path, "followers", 0, 255, TRUE, &followers, error)
      || !get_bool (o, path, "farmers", &farmers, error))
    return NULL;
  g_autoptr (CarcGameConfig) config = carc_game_config_new (base);
  carc_game_config_set_n_players (config, (guint)players);
  carc_game_config_set_followers (config, (guint)followers);
  carc_game_config_set_farmers (config, farmers);
  if (!read_rules (o, path, config, error) || !read_seed (o, path, config, error)
      || !read_tile_order (o, path, config, error)
      || !read_expansions (o, path, config, host, error)
      || !read_hands (o, path, config, (guint)players, error))
    return NULL;
  return g_steal_pointer (&config);
}

/**
 * carc_game_config_new_from_json:
 * @data: the setup part of a record (carc_game_config_to_json())
 * @length: its length, or -1 if NUL-terminated
 * @base: the base tile set
 * @host: (nullable): resolves expansion names
 * @error: return location for a #CarcError
 *
 * Returns: (transfer full) (nullable): the config, or %NULL with @error set
 *   (CARC_ERROR_INVALID_RECORD, or CARC_ERROR_UNKNOWN_EXPANSION for an expansion @host lacks)
 */
CarcGameConfig *
carc_game_config_new_from_json (const char *data, gssize length, CarcTileSet *base,
                                CarcPluginHost *host, GError **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (CARC_IS_TILE_SET (base), NULL);
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root = parse_json (data, length, parser, error);
  return root ? read_config (root, "setup", base, host, error) : NULL;
}

/* Member @key of @o as a string, or NULL with @error set ("<path>.<key>: not a string"). */
static const char *
get_string (JsonObject *o, const char *path, const char *key, GError **error)
{
  JsonNode *n = json_object_get_member (o, key);
  if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING)
    return json_node_get_string (n);
  g_autofree char *where = g_strdup_printf ("%s.%s", path, key);
  bad (error, where, "not a string");
  return NULL;
}

/* A deploy's "figure": the name of a figure kind some loaded plugin declares ("follower"
 * reads as none); whether the game has it, the replay tells. */
static gboolean
read_figure (JsonObject *o, const char *path, CarcMove *m, GError **error)
{
  const char *name = get_string (o, path, "figure", error);
  if (!name)
    return FALSE;
  m->figure = carc_figure_name_lookup (name);
  if (!m->figure)
    {
      g_autofree char *where = g_strdup_printf ("%s.figure", path);
      return bad (error, where, "no loaded expansion has a figure '%.*s'", carc_utf8_cut (name, 32),
                  name);
    }
  if (strcmp (m->figure, "follower") == 0)
    m->figure = NULL;
  return TRUE;
}

/* A move's "tile": the id of a tile some loaded tile set has. */
static gboolean
read_tile (JsonObject *o, const char *path, CarcMove *m, GError **error)
{
  const char *id = get_string (o, path, "tile", error);
  if (!id)
    return FALSE;
  m->tile = carc_tile_id_lookup (id);
  if (m->tile)
    return TRUE;
  g_autofree char *where = g_strdup_printf ("%s.tile", path);
  return bad (error, where, "no loaded tile set has a tile '%.*s'", carc_utf8_cut (id, 64), id);
}

static gboolean read_scores (JsonObject *o, const char *path, guint n_players, guint *scores,
                             gboolean *has_scores, GError **error);

/* A plugin move (@name, interned): the parameters it has; whether they are its type's the
 * replay says (carc_game_apply_move()). */
static gboolean
read_plugin_move (JsonObject *o, const char *path, CarcMove *m, const char *name, GError **error)
{
  m->type = CARC_MOVE_PLUGIN;
  m->name = name;
  gint64 x = 0, y = 0, rotation = 0, segment = 0, index = 0;
  if (!get_int (o, path, "x", G_MININT16, G_MAXINT16, FALSE, &x, error)
      || !get_int (o, path, "y", G_MININT16, G_MAXINT16, FALSE, &y, error)
      || !get_int (o, path, "rotation", 0, 3, FALSE, &rotation, error)
      || !get_int (o, path, "segment", 0, CARC_MAX_SEGMENTS - 1, FALSE, &segment, error)
      || !get_int (o, path, "piece", 0, CARC_MAX_PIECES, FALSE, &index, error))
    return FALSE;
  static const struct
  {
    const char *name;
    guint param;
  } keys[] = { { "x", CARC_MOVE_PARAM_X },
               { "y", CARC_MOVE_PARAM_Y },
               { "rotation", CARC_MOVE_PARAM_ROTATION },
               { "segment", CARC_MOVE_PARAM_SEGMENT },
               { "piece", CARC_MOVE_PARAM_PIECE },
               { "figure", CARC_MOVE_PARAM_FIGURE },
               { "tile", CARC_MOVE_PARAM_TILE } };
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    m->params |= json_object_has_member (o, keys[i].name) ? keys[i].param : 0;
  m->x = (gint)x;
  m->y = (gint)y;
  m->rotation = (guint)rotation;
  m->segment = (guint)segment;
  m->piece = (guint)index;
  return (!json_object_has_member (o, "figure") || read_figure (o, path, m, error))
         && (!json_object_has_member (o, "tile") || read_tile (o, path, m, error));
}

static gboolean
read_move (JsonNode *n, const char *path, CarcMove *m, guint n_players, guint *scores,
           gboolean *has_scores, GError **error)
{
  static const char *const members[]
      = { "move", "x", "y", "rotation", "segment", "piece", "figure", "tile", "scores", NULL };
  if (!JSON_NODE_HOLDS_OBJECT (n))
    return bad (error, path, "not an object");
  JsonObject *o = json_node_get_object (n);
  if (!check_members (o, path, members, error))
    return FALSE;
  g_autofree char *kind_path = g_strdup_printf ("%s.move", path);
  JsonNode *kind = json_object_get_member (o, "move");
  if (!kind || !JSON_NODE_HOLDS_VALUE (kind) || json_node_get_value_type (kind) != G_TYPE_STRING)
    return bad (error, kind_path, "missing or not a string");
  const char *name = json_node_get_string (kind);
  gint type = -1;
  for (guint i = 0; i < G_N_ELEMENTS (move_names); i++)
    if (strcmp (name, move_names[i]) == 0)
      type = (gint)i;
  const char *plugin_move = type < 0 ? carc_move_name_lookup (name) : NULL;
  if (type < 0 && !plugin_move)
    return bad (error, kind_path, "'%.*s' is not a move", carc_utf8_cut (name, 32), name);
  memset (m, 0, sizeof *m);
  if (plugin_move)
    return read_plugin_move (o, path, m, plugin_move, error)
           && read_scores (o, path, n_players, scores, has_scores, error);
  m->type = (CarcMoveType)type;
  gboolean placing = m->type == CARC_MOVE_PLACE || m->type == CARC_MOVE_PLACE_PIECE;
  gboolean piece = m->type == CARC_MOVE_PLACE_PIECE;
  gint64 x = 0, y = 0, rotation = 0, segment = 0, index = 0;
  if (!get_int (o, path, "x", G_MININT16, G_MAXINT16, placing, &x, error)
      || !get_int (o, path, "y", G_MININT16, G_MAXINT16, placing, &y, error)
      || !get_int (o, path, "rotation", 0, 3, placing, &rotation, error)
      || !get_int (o, path, "segment", 0, CARC_MAX_SEGMENTS - 1, m->type == CARC_MOVE_DEPLOY,
                   &segment, error)
      || !get_int (o, path, "piece", 0, CARC_MAX_PIECES, piece, &index, error))
    return FALSE;
  /* A member that does not belong to this move is an error too: a typo must not pass. */
  static const struct
  {
    const char *name;
    guint moves; /* bit per CarcMoveType */
  } owners[] = {
    { "x", 1u << CARC_MOVE_PLACE | 1u << CARC_MOVE_PLACE_PIECE },
    { "y", 1u << CARC_MOVE_PLACE | 1u << CARC_MOVE_PLACE_PIECE },
    { "rotation", 1u << CARC_MOVE_PLACE | 1u << CARC_MOVE_PLACE_PIECE },
    { "segment", 1u << CARC_MOVE_DEPLOY },
    { "figure", 1u << CARC_MOVE_DEPLOY },
    { "piece", 1u << CARC_MOVE_PLACE_PIECE },
    { "tile", 0 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (owners); i++)
    if (json_object_has_member (o, owners[i].name) && !((owners[i].moves >> m->type) & 1))
      {
        g_autofree char *where = g_strdup_printf ("%s.%s", path, owners[i].name);
        return bad (error, where, "a %s move has no %s", name, owners[i].name);
      }
  m->x = (gint)x;
  m->y = (gint)y;
  m->rotation = (guint)rotation;
  m->segment = (guint)segment;
  m->piece = (guint)index;
  if (json_object_has_member (o, "figure") && !read_figure (o, path, m, error))
    return FALSE;
  return read_scores (o, path, n_players, scores, has_scores, error);
}

/* A move's "scores", if it has them. */
static gboolean
read_scores (JsonObject *o, const char *path, guint n_players, guint *scores, gboolean *has_scores,
             GError **error)
{
  *has_scores = FALSE;
  JsonNode *sc = json_object_get_member (o, "scores");
  if (!sc)
    return TRUE;
  g_autofree char *scores_path = g_strdup_printf ("%s.scores", path);
  if (!JSON_NODE_HOLDS_ARRAY (sc) || json_array_get_length (json_node_get_array (sc)) != n_players)
    return bad (error, scores_path, "not an array of %u scores", n_players);
  JsonArray *a = json_node_get_array (sc);
  for (guint p = 0; p < n_players; p++)
    {
      JsonNode *e = json_array_get_element (a, p);
      if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_INT64
          || json_node_get_int (e) < 0 || json_node_get_int (e) > G_MAXINT32)
        return bad (error, scores_path, "entry %u is not a score", p);
      scores[p] = (guint)json_node_get_int (e);
    }
  *has_scores = TRUE;
  return TRUE;
}

/**
 * carc_move_from_json:
 * @data: one move of a record (carc_move_to_json())
 * @length: its length, or -1 if NUL-terminated
 * @move: (out caller-allocates): the move
 * @error: return location for a #CarcError
 *
 * Reads the move alone; its scores, if any, are not checked against a player count.
 *
 * Returns: %TRUE on success
 */
gboolean
carc_move_from_json (const char *data, gssize length, CarcMove *move, GError **error)
{
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root = parse_json (data, length, parser, error);
  if (!root)
    return FALSE;
  JsonObject *o = json_node_get_object (root);
  JsonNode *sc = json_object_get_member (o, "scores");
  guint n = sc && JSON_NODE_HOLDS_ARRAY (sc) ? json_array_get_length (json_node_get_array (sc)) : 0;
  guint scores[CARC_MAX_PLAYERS];
  gboolean has;
  if (n > CARC_MAX_PLAYERS)
    return bad (error, "move.scores", "more than %d scores", CARC_MAX_PLAYERS);
  return read_move (root, "move", move, n, scores, &has, error);
}

/* The record's members besides its setup, players and moves: format, version, engine, meta. */
static gboolean
check_header (JsonObject *o, GError **error)
{
  JsonNode *format = json_object_get_member (o, "format");
  if (!format || !JSON_NODE_HOLDS_VALUE (format)
      || json_node_get_value_type (format) != G_TYPE_STRING
      || strcmp (json_node_get_string (format), CARC_RECORD_FORMAT) != 0)
    return bad (error, "record.format", "not \"%s\"", CARC_RECORD_FORMAT);
  gint64 version;
  if (!get_int (o, "record", "version", CARC_RECORD_VERSION_OLDEST, CARC_RECORD_VERSION, TRUE,
                &version, error))
    return FALSE;
  JsonNode *engine = json_object_get_member (o, "engine");
  if (engine
      && (!JSON_NODE_HOLDS_VALUE (engine) || json_node_get_value_type (engine) != G_TYPE_STRING))
    return bad (error, "record.engine", "not a string");
  JsonNode *meta = json_object_get_member (o, "meta");
  if (meta && !JSON_NODE_HOLDS_OBJECT (meta))
    return bad (error, "record.meta", "not an object");
  return TRUE;
}

/* The optional "players": one name per player of the setup. */
static gboolean
read_player_names (JsonObject *o, CarcRecord *r, guint n_players, GError **error)
{
  JsonNode *names = json_object_get_member (o, "players");
  if (!names)
    return TRUE;
  r->player_names = get_strings (names, "record.players", n_players, error);
  if (!r->player_names)
    return FALSE;
  if (g_strv_length (r->player_names) != n_players)
    return bad (error, "record.players", "%u names for %u players", g_strv_length (r->player_names),
                n_players);
  return TRUE;
}

/* The "moves", each with the scores after it when the record has them. */
static gboolean
read_moves (JsonObject *o, CarcRecord *r, guint n_players, GError **error)
{
  JsonNode *moves = json_object_get_member (o, "moves");
  if (!moves || !JSON_NODE_HOLDS_ARRAY (moves))
    return bad (error, "record.moves", "missing or not an array");
  JsonArray *a = json_node_get_array (moves);
  guint n = json_array_get_length (a);
  if (n > MAX_RECORD_MOVES)
    return bad (error, "record.moves", "%u moves, at most %d", n, MAX_RECORD_MOVES);
  r->moves = g_array_sized_new (FALSE, TRUE, sizeof (CarcMove), n);
  r->scores = g_array_sized_new (FALSE, TRUE, sizeof (guint) * CARC_MAX_PLAYERS, n);
  r->has_scores = g_array_sized_new (FALSE, TRUE, sizeof (gboolean), n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *at = g_strdup_printf ("moves[%u]", i);
      CarcMove m;
      guint scores[CARC_MAX_PLAYERS] = { 0 };
      gboolean has;
      if (!read_move (json_array_get_element (a, i), at, &m, n_players, scores, &has, error))
        return FALSE;
      g_array_append_val (r->moves, m);
      g_array_append_vals (r->scores, scores, 1);
      g_array_append_val (r->has_scores, has);
    }
  return TRUE;
}

/**
 * carc_record_parse:
 * @data: a record (doc/game-records.md)
 * @length: its length, or -1 if NUL-terminated
 * @base: the base tile set
 * @host: (nullable): resolves the record's expansions
 * @error: return location for a #CarcError
 *
 * Reads and checks a whole record: the format and version, every member's type and range,
 * the setup (expansions must be loaded in @host). The moves themselves are checked when
 * replayed (carc_record_replay()).
 *
 * Returns: (transfer full) (nullable): the record, or %NULL with @error set
 */
CarcRecord *
carc_record_parse (const char *data, gssize length, CarcTileSet *base, CarcPluginHost *host,
                   GError **error)
{
  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (CARC_IS_TILE_SET (base), NULL);
  static const char *const members[]
      = { "format", "version", "engine", "players", "setup", "moves", "meta", NULL };
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonNode *root = parse_json (data, length, parser, error);
  if (!root)
    return NULL;
  JsonObject *o = json_node_get_object (root);
  if (!check_members (o, "record", members, error))
    return NULL;
  if (!check_header (o, error))
    return NULL;
  JsonNode *setup = json_object_get_member (o, "setup");
  if (!setup)
    {
      bad (error, "record.setup", "missing");
      return NULL;
    }
  g_autoptr (CarcRecord) r = g_new0 (CarcRecord, 1);
  r->ref_count = 1;
  r->config = read_config (setup, "setup", base, host, error);
  if (!r->config)
    return NULL;
  guint n_players = r->config->n_players;
  if (!read_player_names (o, r, n_players, error) || !read_moves (o, r, n_players, error))
    return NULL;
  return g_steal_pointer (&r);
}

/**
 * carc_record_ref:
 * Returns: (transfer full): @record
 */
CarcRecord *
carc_record_ref (CarcRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  g_atomic_int_inc (&record->ref_count);
  return record;
}

/**
 * carc_record_unref:
 * @record: (nullable): a record
 *
 * Drops a reference; the last one frees the record.
 */
void
carc_record_unref (CarcRecord *record)
{
  if (!record || !g_atomic_int_dec_and_test (&record->ref_count))
    return;
  g_clear_pointer (&record->config, carc_game_config_unref);
  g_clear_pointer (&record->moves, g_array_unref);
  g_clear_pointer (&record->scores, g_array_unref);
  g_clear_pointer (&record->has_scores, g_array_unref);
  g_strfreev (record->player_names);
  g_free (record);
}

/**
 * carc_record_get_config:
 * Returns: (transfer none): the game's setup
 */
const CarcGameConfig *
carc_record_get_config (CarcRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  return record->config;
}

/**
 * carc_record_get_n_moves:
 *
 * Returns: how many moves the record holds
 */
guint
carc_record_get_n_moves (CarcRecord *record)
{
  g_return_val_if_fail (record != NULL, 0);
  return record->moves->len;
}

/**
 * carc_record_get_move:
 * Returns: (transfer none) (nullable): move @index
 */
const CarcMove *
carc_record_get_move (CarcRecord *record, guint index)
{
  g_return_val_if_fail (record != NULL, NULL);
  return index < record->moves->len ? &g_array_index (record->moves, CarcMove, index) : NULL;
}

/**
 * carc_record_get_player_name:
 * Returns: (nullable): the name of @player, if the record names the players
 */
const char *
carc_record_get_player_name (CarcRecord *record, guint player)
{
  g_return_val_if_fail (record != NULL, NULL);
  if (!record->player_names || player >= g_strv_length (record->player_names))
    return NULL;
  return record->player_names[player];
}

static char *
scores_to_string (const guint *scores, guint n)
{
  GString *s = g_string_new ("[");
  for (guint p = 0; p < n; p++)
    g_string_append_printf (s, "%s%u", p ? ", " : "", scores[p]);
  g_string_append_c (s, ']');
  return g_string_free (s, FALSE);
}

/**
 * carc_record_replay:
 * @record: a record
 * @n_moves: how many of its moves to replay (more than it has: all)
 * @func: (nullable) (scope notified): an event callback for the new game
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 * @error: return location for a #CarcError
 *
 * Creates the recorded game and makes its first @n_moves moves, checking after each the
 * scores the record gives. A move the engine refuses, or scores that differ, stop the replay
 * with an error naming the move (CARC_ERROR_INVALID_RECORD).
 *
 * Returns: (transfer full) (nullable): the game at that point
 */
CarcGame *
carc_record_replay (CarcRecord *record, guint n_moves, CarcEventFunc func, gpointer user_data,
                    GDestroyNotify destroy, GError **error)
{
  g_return_val_if_fail (record != NULL, NULL);
  g_autoptr (GError) local = NULL;
  g_autoptr (CarcGame) game = carc_game_new_full (record->config, func, user_data, destroy, &local);
  if (!game)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD, "setup: %s", local->message);
      return NULL;
    }
  n_moves = MIN (n_moves, record->moves->len);
  for (guint i = 0; i < n_moves; i++)
    {
      if (!carc_game_apply_move (game, &g_array_index (record->moves, CarcMove, i), &local))
        {
          g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD, "moves[%u]: %s", i,
                       local->message);
          return NULL;
        }
      if (!g_array_index (record->has_scores, gboolean, i))
        continue;
      const guint *want
          = (const guint *)(void *)(record->scores->data + i * sizeof (guint) * CARC_MAX_PLAYERS);
      if (memcmp (want, game->score, game->n_players * sizeof (guint)) != 0)
        {
          g_autofree char *a = scores_to_string (want, game->n_players);
          g_autofree char *b = scores_to_string (game->score, game->n_players);
          g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_RECORD,
                       "moves[%u]: the record has the scores %s after it, the replay %s", i, a, b);
          return NULL;
        }
    }
  return g_steal_pointer (&game);
}

/* ---- state hash ------------------------------------------------------------------------- */

/* The bytes of the state, gathered and hashed a block at a time: a state is hundreds of small
 * fields, and a SHA-256 update call costs about as much as a block. The buffer holds a whole
 * base game's state, so most hashes make one update call; the hasher lives on the stack (a
 * 2 KB allocation per hash went to malloc's slow path). Nettle's SHA-256 runs the CPU's SHA
 * extensions where it has them: the same digest as GChecksum's, 8 times as fast here
 * (doc/performance.md). */
typedef struct
{
  struct sha256_ctx sha;
  gsize len;
  guint8 buf[2048];
} StateHasher;

static void
hasher_init (StateHasher *h)
{
  sha256_init (&h->sha);
  h->len = 0;
}

static void
hash_flush (StateHasher *h)
{
  sha256_update (&h->sha, h->len, h->buf);
  h->len = 0;
}

static void
hash_bytes (StateHasher *h, const void *data, gsize n)
{
  if (G_UNLIKELY (h->len + n > sizeof h->buf))
    {
      hash_flush (h);
      if (n > sizeof h->buf)
        {
          sha256_update (&h->sha, n, data);
          return;
        }
    }
  memcpy (h->buf + h->len, data, n);
  h->len += n;
}

/* Little-endian, as every number in both hashes. */
static inline void
hash_u32 (StateHasher *h, guint32 v)
{
  if (G_UNLIKELY (h->len + 4 > sizeof h->buf))
    hash_flush (h);
  guint8 *b = h->buf + h->len;
  b[0] = v & 0xff;
  b[1] = (v >> 8) & 0xff;
  b[2] = (v >> 16) & 0xff;
  b[3] = v >> 24;
  h->len += 4;
}

static inline void
hash_tile (StateHasher *h, const CarcTileType *t)
{
  const char *id = t ? t->id : "";
  hash_bytes (h, id, strlen (id) + 1);
}

/* The hex digest of @h's bytes, cut to 16 digits (the first 16 of the SHA-256 hex digest, as
 * g_checksum_get_string() gave them, without formatting the 48 digits dropped). */
static char *
hasher_finish (StateHasher *h)
{
  static const char hex[] = "0123456789abcdef";
  guint8 digest[8];
  char *out = g_malloc (17);

  hash_flush (h);
  sha256_digest (&h->sha, sizeof digest, digest);
  for (guint i = 0; i < 8; i++)
    {
      out[2 * i] = hex[digest[i] >> 4];
      out[2 * i + 1] = hex[digest[i] & 15];
    }
  out[16] = '\0';
  return out;
}

/* The pieces on the board, in the order they were placed. */
static void
hash_pieces (StateHasher *c, CarcGame *g)
{
  hash_u32 (c, g->n_pieces);
  for (guint i = 0; i < g->n_pieces; i++)
    {
      const CarcPiece *p = &g->pieces[i];
      hash_tile (c, p->type);
      hash_u32 (c, (guint32)(gint32)p->x);
      hash_u32 (c, (guint32)(gint32)p->y);
      hash_u32 (c, p->rotation | (guint32)(guint8)p->player << 8);
    }
}

/* @p's supply of each figure kind: the follower's, then (in games with other kinds) theirs,
 * so a base game hashes as it did before figure kinds. */
static void
hash_supplies (StateHasher *c, CarcGame *g, guint p)
{
  for (guint k = 0; k < g->n_figures; k++)
    hash_u32 (c, g->supply[k][p]);
}

static guint32
hash_flags (CarcGame *g)
{
  return (guint32)g->can_draw | (guint32)g->can_pass << 1 | (guint32)g->ending << 2
         | (guint32)g->repeat_turn << 3;
}

/* The expansions' own state, as their digest hooks give it, in hook order: for each that
 * gives bytes, its name and a NUL, u32 their number, the bytes. An expansion that gives none
 * adds nothing, so a game whose plugins keep no state hashes as it did before digests. */
static void
hash_expansions (StateHasher *c, CarcGame *g, gboolean public_only)
{
  g_autoptr (GByteArray) bytes = NULL;
  for (guint i = 0; i < g->n_exp; i++)
    {
      if (!g->exp[i].hooks->digest)
        continue;
      if (!bytes)
        bytes = g_byte_array_new ();
      g_byte_array_set_size (bytes, 0);
      g->exp[i].hooks->digest (g, g->exp[i].data, public_only, bytes);
      if (bytes->len == 0)
        continue;
      const char *name = g->exp[i].plugin->desc->name;
      hash_bytes (c, name, strlen (name) + 1);
      hash_u32 (c, bytes->len);
      hash_bytes (c, bytes->data, bytes->len);
    }
}

/**
 * carc_game_get_state_hash:
 * @game: a game
 *
 * Everything the game's future depends on, the hidden information included (the draw pile in
 * order, every hand, the RNG state, the expansions' own state as their digest hooks give it): for
 * checking, in-process, that two games are the same (a journal restored, a record replayed). Never
 * show it to players: it gives the hidden information away to whoever can try candidates
 * (carc_game_get_public_hash() is for them).
 *
 * Returns: (transfer full): 16 hex digits (the start of a SHA-256 over the game's state)
 */
char *
carc_game_get_state_hash (CarcGame *game)
{
  g_return_val_if_fail (CARC_GAME_VALID (game), NULL);
  CarcGame *g = game;
  StateHasher hasher;
  StateHasher *c = &hasher;
  hasher_init (c);
  hash_u32 (c, g->phase);
  if (g->phase == CARC_PHASE_PLUGIN)
    {
      hash_u32 (c, g->phase_owner);
      hash_bytes (c, g->phase_name, strlen (g->phase_name));
    }
  hash_u32 (c, g->current);
  hash_u32 (c, g->turn);
  hash_u32 (c, g->n_players);
  hash_u32 (c, (guint32)g->rng.state);
  hash_u32 (c, (guint32)(g->rng.state >> 32));
  for (guint p = 0; p < g->n_players; p++)
    {
      hash_u32 (c, g->score[p]);
      hash_supplies (c, g, p);
      hash_u32 (c, g->hand[p].len);
      for (guint i = 0; i < g->hand[p].len; i++)
        hash_tile (c, g->hand[p].pieces[i]);
    }
  hash_u32 (c, 0); /* retired (ABI 1's face-up pieces): kept, so hashes stay as they were */
  hash_u32 (c, g->deck_len - g->deck_pos);
  for (guint i = g->deck_pos; i < g->deck_len; i++)
    hash_tile (c, g->deck[i]);
  hash_tile (c, g->tile);
  hash_u32 (c, hash_flags (g));
  hash_pieces (c, g);
  for (guint i = 0; i < g->n_followers; i++)
    if (g->followers[i].active)
      {
        hash_u32 (c, g->followers[i].player);
        hash_u32 (c, (guint32)g->followers[i].seg);
        if (g->n_figures > 1)
          hash_u32 (c, g->followers[i].figure);
      }
  hash_expansions (c, g, FALSE);
  return hasher_finish (c);
}

/**
 * carc_game_get_public_hash:
 * @game: a game
 *
 * A digest of what every player sees of the game, and of nothing else: two games that
 * differ only in hidden information (the order of the draw pile, face-down hands, the RNG
 * state) have the same public hash, so showing it gives nothing away. The bytes hashed are
 * listed in doc/game-records.md ("The public hash"), so a client can compute it from what
 * it was shown, and compare it with the daemon's Game.StateHash.
 *
 * Returns: (transfer full): 16 hex digits (the start of a SHA-256)
 */
char *
carc_game_get_public_hash (CarcGame *game)
{
  static const char domain[] = "carcassonne public state 1";
  g_return_val_if_fail (CARC_GAME_VALID (game), NULL);
  CarcGame *g = game;
  StateHasher hasher;
  StateHasher *c = &hasher;
  hasher_init (c);
  hash_bytes (c, domain, sizeof domain); /* never the same bytes as a full state's */
  hash_u32 (c, g->phase);
  if (g->phase == CARC_PHASE_PLUGIN)
    {
      hash_u32 (c, g->phase_owner);
      hash_bytes (c, g->phase_name, strlen (g->phase_name));
    }
  hash_u32 (c, g->current);
  hash_u32 (c, g->turn);
  hash_u32 (c, g->n_players);
  hash_u32 (c, g->hands_open);
  for (guint p = 0; p < g->n_players; p++)
    {
      hash_u32 (c, g->score[p]);
      hash_supplies (c, g, p);
      hash_u32 (c, g->hand[p].len);
      for (guint i = 0; g->hands_open && i < g->hand[p].len; i++)
        hash_tile (c, g->hand[p].pieces[i]);
    }
  hash_u32 (c, 0); /* retired (ABI 1's face-up pieces): kept, so hashes stay as they were */
  hash_u32 (c, g->deck_len - g->deck_pos);
  hash_tile (c, g->tile);
  hash_u32 (c, hash_flags (g));
  hash_pieces (c, g);
  for (guint i = 0; i < g->n_followers; i++)
    if (g->followers[i].active)
      {
        const CarcSeg *s = &g->features.segs[g->followers[i].seg];
        hash_u32 (c, g->followers[i].player);
        hash_u32 (c, s->piece);
        hash_u32 (c, s->local + 256u * g->followers[i].figure);
      }
  hash_expansions (c, g, TRUE);
  return hasher_finish (c);
}
