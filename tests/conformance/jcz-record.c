/* jcz-record.c: the reader of JCloisterZone game records (tests/data/conformance/README.md,
 * "Record format"): a header line, one line per turn, a final line. Every member the replay
 * uses is checked for presence, type and range; anything else is refused with
 * JCZ_RECORD_ERROR_INVALID and a message that names the line and the member. Members the
 * replay does not use (figures, JCZ's own setup, an award's name and place) are not read. */
#include "config.h"

#include "jcz-record.h"

#include "jcz-ids.h"

#include <json-glib/json-glib.h>
#include <string.h>

GQuark
jcz_record_error_quark (void)
{
  return g_quark_from_static_string ("jcz-record-error-quark");
}

/* The record being read: its header so far and the line number messages name. */
typedef struct
{
  JczGame *game;
  guint line;
  GError **error;
} Reader;

/* Coordinates far beyond any board: the engine refuses what is off its board. */
#define COORD_LIMIT 100000

static gboolean G_GNUC_PRINTF (2, 3) refuse (Reader *r, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (r->error, JCZ_RECORD_ERROR, JCZ_RECORD_ERROR_INVALID, "line %u: %s", r->line, what);
  return FALSE;
}

static JsonNode *
member (Reader *r, JsonObject *o, const char *name, JsonNodeType type, const char *what)
{
  JsonNode *node = json_object_get_member (o, name);
  if (node && JSON_NODE_TYPE (node) == type)
    return node;
  refuse (r, "\"%s\": missing or not %s", name, what);
  return NULL;
}

static gboolean
is_int (JsonNode *node, gint64 min, gint64 max, gint64 *value)
{
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_int (node);
  return *value >= min && *value <= max;
}

static gboolean
get_int (Reader *r, JsonObject *o, const char *name, gint64 min, gint64 max, gint64 *value)
{
  JsonNode *node = json_object_get_member (o, name);
  if (node && is_int (node, min, max, value))
    return TRUE;
  return refuse (r,
                 "\"%s\": missing or not an integer from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT,
                 name, min, max);
}

static gboolean
get_bool (Reader *r, JsonObject *o, const char *name, gboolean *value)
{
  JsonNode *node = json_object_get_member (o, name);
  if (!node || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    return refuse (r, "\"%s\": missing or not true or false", name);
  *value = json_node_get_boolean (node);
  return TRUE;
}

static char *
get_string (Reader *r, JsonObject *o, const char *name)
{
  JsonNode *node = json_object_get_member (o, name);
  if (!node || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      refuse (r, "\"%s\": missing or not a string", name);
      return NULL;
    }
  return g_strdup (json_node_get_string (node));
}

static char **
get_strings (Reader *r, JsonObject *o, const char *name)
{
  JsonNode *node = member (r, o, name, JSON_NODE_ARRAY, "an array of strings");
  if (!node)
    return NULL;
  JsonArray *array = json_node_get_array (node);
  guint n = json_array_get_length (array);
  g_auto (GStrv) strings = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *e = json_array_get_element (array, i);
      if (!JSON_NODE_HOLDS_VALUE (e) || json_node_get_value_type (e) != G_TYPE_STRING)
        {
          refuse (r, "\"%s\" element %u: not a string", name, i);
          return NULL;
        }
      strings[i] = g_strdup (json_node_get_string (e));
    }
  return g_steal_pointer (&strings);
}

/* Exactly one count (0 .. G_MAXINT32) per player, as in "score" and "supply". */
static gboolean
read_counts (Reader *r, JsonNode *node, const char *name, guint *counts)
{
  JsonArray *array = json_node_get_array (node);
  guint n = r->game->players;
  if (json_array_get_length (array) != n)
    return refuse (r, "\"%s\": %u values for %u players", name, json_array_get_length (array), n);
  for (guint p = 0; p < n; p++)
    {
      gint64 v;
      if (!is_int (json_array_get_element (array, p), 0, G_MAXINT32, &v))
        return refuse (r, "\"%s\" element %u: not an integer from 0 to %d", name, p, G_MAXINT32);
      counts[p] = (guint)v;
    }
  return TRUE;
}

static gboolean
get_counts (Reader *r, JsonObject *o, const char *name, guint *counts)
{
  JsonNode *node = member (r, o, name, JSON_NODE_ARRAY, "an array of integers");
  return node && read_counts (r, node, name, counts);
}

static gint
compare_items (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* One award's items, [name, count or null, points] each, as "name*count=points" sorted and
 * joined by ','; NULL with the error set if one is malformed. */
static char *
award_items (Reader *r, const char *name, guint index, JsonArray *items)
{
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < json_array_get_length (items); i++)
    {
      JsonNode *node = json_array_get_element (items, i);
      JsonArray *item = JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
      JsonNode *what
          = item && json_array_get_length (item) == 3 ? json_array_get_element (item, 0) : NULL;
      JsonNode *count = what ? json_array_get_element (item, 1) : NULL;
      gint64 n = 0, pts;
      if (!what || !JSON_NODE_HOLDS_VALUE (what) || json_node_get_value_type (what) != G_TYPE_STRING
          || !(JSON_NODE_HOLDS_NULL (count) || is_int (count, 0, G_MAXINT32, &n))
          || !is_int (json_array_get_element (item, 2), 0, G_MAXINT32, &pts))
        {
          refuse (r, "\"%s\" element %u: item %u: not [name, count or null, points]", name, index,
                  i);
          return NULL;
        }
      g_ptr_array_add (parts,
                       g_strdup_printf ("%s*%" G_GINT64_FORMAT "=%" G_GINT64_FORMAT,
                                        jcz_item_name (json_node_get_string (what)), n, pts));
    }
  g_ptr_array_sort (parts, compare_items);
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (",", (char **)parts->pdata);
}

/* Award @i of a scoring event: its player and the text of its items, or *@text NULL when
 * it has no "items". */
static gboolean
read_award (Reader *r, const char *name, guint index, guint i, JsonNode *node, guint *player,
            char **text)
{
  JsonObject *award = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
  gint64 p;
  *text = NULL;
  if (!award)
    return refuse (r, "\"%s\" element %u: award %u: not an object", name, index, i);
  if (!get_int (r, award, "player", 0, r->game->players - 1, &p))
    return FALSE;
  *player = (guint)p;
  JsonNode *items = json_object_get_member (award, "items");
  if (!items)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (items))
    return refuse (r, "\"%s\" element %u: award %u: \"items\": not an array", name, index, i);
  *text = award_items (r, name, index, json_node_get_array (items));
  return *text != NULL;
}

/* The breakdown of a scoring event's awards, " {p:items p:items}" in player order, awards
 * without items left out; nothing when an award has no "items" (an older record: the
 * breakdown is then not compared). */
static gboolean
append_awards (Reader *r, const char *name, guint index, JsonObject *ev, GString *key)
{
  JsonNode *node = json_object_get_member (ev, "awards");
  if (!node)
    return TRUE;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return refuse (r, "\"%s\" element %u: \"awards\": not an array", name, index);
  JsonArray *awards = json_node_get_array (node);
  g_autoptr (GPtrArray) by_player = g_ptr_array_new_full (JCZ_MAX_PLAYERS, g_free);
  g_ptr_array_set_size (by_player, (gint)r->game->players);
  for (guint i = 0; i < json_array_get_length (awards); i++)
    {
      guint player;
      char *text;
      if (!read_award (r, name, index, i, json_array_get_element (awards, i), &player, &text))
        return FALSE;
      if (!text)
        return TRUE;
      g_free (g_ptr_array_index (by_player, player));
      g_ptr_array_index (by_player, player) = text;
    }
  g_string_append (key, " {");
  const char *sep = "";
  for (guint p = 0; p < by_player->len; p++)
    {
      const char *text = g_ptr_array_index (by_player, p);
      if (text && *text)
        {
          g_string_append_printf (key, "%s%u:%s", sep, p, text);
          sep = " ";
        }
    }
  g_string_append_c (key, '}');
  return TRUE;
}

/* One scoring event as the key the replay compares: "Feature:points,points,..." and, where
 * the record gives every award's items, their breakdown " {player:name*count=points,...}". */
static char *
scoring_key (Reader *r, const char *name, guint index, JsonNode *node)
{
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      refuse (r, "\"%s\" element %u: not an object", name, index);
      return NULL;
    }
  JsonObject *ev = json_node_get_object (node);
  g_autofree char *feature = get_string (r, ev, "feature");
  JsonNode *pts
      = feature ? member (r, ev, "points", JSON_NODE_ARRAY, "an array of integers") : NULL;
  if (!pts)
    return NULL;
  JsonArray *points = json_node_get_array (pts);
  g_autoptr (GString) key = g_string_new (feature);
  for (guint p = 0; p < json_array_get_length (points); p++)
    {
      gint64 v;
      if (!is_int (json_array_get_element (points, p), 0, G_MAXINT32, &v))
        {
          refuse (r, "\"%s\" element %u: points %u: not an integer from 0 to %d", name, index, p,
                  G_MAXINT32);
          return NULL;
        }
      g_string_append_printf (key, "%c%" G_GINT64_FORMAT, p ? ',' : ':', v);
    }
  if (!append_awards (r, name, index, ev, key))
    return NULL;
  return g_string_free (g_steal_pointer (&key), FALSE);
}

static GPtrArray *
get_scoring (Reader *r, JsonObject *o, const char *name)
{
  JsonNode *node = member (r, o, name, JSON_NODE_ARRAY, "an array of scoring events");
  if (!node)
    return NULL;
  JsonArray *events = json_node_get_array (node);
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < json_array_get_length (events); i++)
    {
      char *key = scoring_key (r, name, i, json_array_get_element (events, i));
      if (!key)
        return NULL;
      g_ptr_array_add (keys, key);
    }
  return g_steal_pointer (&keys);
}

static gboolean
read_header (Reader *r, JsonObject *o)
{
  JczGame *g = r->game;
  g_autofree char *format = get_string (r, o, "format");
  if (!format)
    return FALSE;
  if (!g_str_has_prefix (format, "jcz-random-games/"))
    return refuse (r, "format \"%s\" is not jcz-random-games/N", format);
  gint64 players, followers;
  if (!(g->config = get_string (r, o, "config"))
      || !get_int (r, o, "players", 1, JCZ_MAX_PLAYERS, &players)
      || !get_int (r, o, "followers", 0, 255, &followers)
      || !get_bool (r, o, "farmers", &g->farmers)
      || !(g->expansions = get_strings (r, o, "expansions"))
      || !(g->draw_order = get_strings (r, o, "draw_order")))
    return FALSE;
  g->players = (guint)players;
  g->followers = (guint)followers;
  return TRUE;
}

static void
turn_free (JczTurn *t)
{
  g_free (t->ctn);
  g_free (t->meeple_figure);
  g_free (t->meeple_feature);
  g_free (t->meeple_location);
  g_strfreev (t->meeple_edges);
  g_clear_pointer (&t->wagon_moves, g_ptr_array_unref);
  g_strfreev (t->discarded);
  g_clear_pointer (&t->scoring, g_ptr_array_unref);
  g_clear_pointer (&t->supply_figures, g_ptr_array_unref);
  g_clear_pointer (&t->goods, g_ptr_array_unref);
  g_free (t);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (JczTurn, turn_free)

static gboolean
read_position (Reader *r, JsonObject *o, JczTurn *t)
{
  gint64 x, y;
  if (!get_int (r, o, "x", -COORD_LIMIT, COORD_LIMIT, &x)
      || !get_int (r, o, "y", -COORD_LIMIT, COORD_LIMIT, &y))
    return FALSE;
  t->x = (gint)x;
  t->y = (gint)y;
  return TRUE;
}

/* A member that is an object or null: TRUE with *@value the object or NULL. */
static gboolean
get_object_or_null (Reader *r, JsonObject *o, const char *name, JsonObject **value)
{
  JsonNode *node = json_object_get_member (o, name);
  *value = NULL;
  if (node && JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  if (!member (r, o, name, JSON_NODE_OBJECT, "an object or null"))
    return FALSE;
  *value = json_node_get_object (node);
  return TRUE;
}

/* "action": null (a pass), a tile placement or an abbey. */
static gboolean
read_action (Reader *r, JsonObject *o, JczTurn *t)
{
  JsonObject *a;
  t->action = JCZ_ACTION_PASS;
  if (!get_object_or_null (r, o, "action", &a))
    return FALSE;
  if (!a)
    return TRUE;
  g_autofree char *type = get_string (r, a, "type");
  if (!type)
    return FALSE;
  if (strcmp (type, "abbey") == 0)
    {
      t->action = JCZ_ACTION_ABBEY;
      return read_position (r, a, t);
    }
  if (strcmp (type, "tile") != 0)
    return refuse (r, "action type \"%s\" is neither tile nor abbey", type);
  t->action = JCZ_ACTION_TILE;
  gint64 rot;
  if (!(t->ctn = get_string (r, a, "ctn")) || !read_position (r, a, t)
      || !get_int (r, a, "ctn_rot", 0, 3, &rot))
    return FALSE;
  t->rot = (guint)rot;
  return TRUE;
}

/* "meeple": null, or the follower deployed on the tile just placed. */
static gboolean
read_meeple (Reader *r, JsonObject *o, JczTurn *t)
{
  JsonObject *m;
  if (!get_object_or_null (r, o, "meeple", &m))
    return FALSE;
  if (!m)
    return TRUE;
  t->meeple = TRUE;
  t->meeple_figure = json_object_has_member (m, "follower") ? get_string (r, m, "follower")
                                                            : g_strdup ("SmallFollower");
  if (json_object_has_member (m, "corner"))
    {
      g_autofree char *corner = get_string (r, m, "corner");
      if (!corner || strcmp (corner, "NW") != 0)
        return refuse (r, "meeple \"corner\": not \"NW\"");
      t->meeple_corner = TRUE;
    }
  gint64 x = 0, y = 0;
  if (json_object_has_member (m, "x")
      && (!get_int (r, m, "x", -COORD_LIMIT, COORD_LIMIT, &x)
          || !get_int (r, m, "y", -COORD_LIMIT, COORD_LIMIT, &y)))
    return FALSE;
  t->meeple_x = (gint)x;
  t->meeple_y = (gint)y;
  return t->meeple_figure && (t->meeple_feature = get_string (r, m, "feature"))
         && (t->meeple_location = get_string (r, m, "location"))
         && (t->meeple_edges = get_strings (r, m, "edges"));
}

static void
wagon_move_free (gpointer p)
{
  JczWagonMove *w = p;
  g_free (w->feature);
  g_free (w->location);
  g_strfreev (w->edges);
  g_free (w);
}

/* One element of "wagon_moves": {"type":"wagon_move"|"wagon_pass","player",...,"to":{...}}. */
static gboolean
read_wagon_move (Reader *r, JsonNode *node, JczWagonMove *w)
{
  if (!JSON_NODE_HOLDS_OBJECT (node))
    return refuse (r, "\"wagon_moves\": an element is not an object");
  JsonObject *o = json_node_get_object (node);
  g_autofree char *type = get_string (r, o, "type");
  gint64 player, x, y;
  if (!type || !get_int (r, o, "player", 0, r->game->players - 1, &player))
    return FALSE;
  w->player = (guint)player;
  w->pass = strcmp (type, "wagon_pass") == 0;
  if (w->pass)
    return TRUE;
  if (strcmp (type, "wagon_move") != 0)
    return refuse (r, "wagon move type \"%s\" is neither wagon_move nor wagon_pass", type);
  JsonNode *to = member (r, o, "to", JSON_NODE_OBJECT, "an object");
  if (!to)
    return FALSE;
  JsonObject *t = json_node_get_object (to);
  if (!get_int (r, t, "x", -COORD_LIMIT, COORD_LIMIT, &x)
      || !get_int (r, t, "y", -COORD_LIMIT, COORD_LIMIT, &y)
      || !(w->feature = get_string (r, t, "feature"))
      || !(w->location = get_string (r, t, "location"))
      || !(w->edges = get_strings (r, t, "edges")))
    return FALSE;
  w->x = (gint)x;
  w->y = (gint)y;
  return TRUE;
}

/* "wagon_moves" (format 2): absent or a list of decisions. */
static gboolean
read_wagon_moves (Reader *r, JsonObject *o, JczTurn *t)
{
  t->wagon_moves = g_ptr_array_new_with_free_func (wagon_move_free);
  if (!json_object_has_member (o, "wagon_moves"))
    return TRUE;
  JsonNode *node = member (r, o, "wagon_moves", JSON_NODE_ARRAY, "an array");
  if (!node)
    return FALSE;
  JsonArray *moves = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (moves); i++)
    {
      JczWagonMove *w = g_new0 (JczWagonMove, 1);
      g_ptr_array_add (t->wagon_moves, w);
      if (!read_wagon_move (r, json_array_get_element (moves, i), w))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_supply (Reader *r, JsonObject *o, JczTurn *t)
{
  JsonNode *node = json_object_get_member (o, "supply");
  if (node && JSON_NODE_HOLDS_NULL (node))
    return TRUE;
  t->has_supply = TRUE;
  return get_counts (r, o, "supply", t->supply);
}

static void
figure_supply_free (gpointer p)
{
  JczFigureSupply *s = p;
  g_free (s->figure);
  g_free (s);
}

/* "supply_figures" (format 2): absent, null on the last turn, or {type: [count per player]}. */
static gboolean
read_supply_figures (Reader *r, JsonObject *o, JczTurn *t)
{
  JsonObject *figures;
  t->supply_figures = g_ptr_array_new_with_free_func (figure_supply_free);
  if (!json_object_has_member (o, "supply_figures"))
    return TRUE;
  if (!get_object_or_null (r, o, "supply_figures", &figures))
    return FALSE;
  g_autoptr (GList) types = figures ? json_object_get_members (figures) : NULL;
  for (GList *l = types; l; l = l->next)
    {
      JczFigureSupply *s = g_new0 (JczFigureSupply, 1);
      s->figure = g_strdup (l->data);
      g_ptr_array_add (t->supply_figures, s);
      if (!get_counts (r, figures, l->data, s->supply))
        return FALSE;
    }
  return TRUE;
}

/* "trade_goods" (format 2): absent, or the tokens received this turn, each as
 * "player:item*count" with our award's item for the token (jcz_token_item()). */
static gboolean
read_trade_goods (Reader *r, JsonObject *o, JczTurn *t)
{
  t->goods = g_ptr_array_new_with_free_func (g_free);
  if (!json_object_has_member (o, "trade_goods"))
    return TRUE;
  JsonNode *node = member (r, o, "trade_goods", JSON_NODE_ARRAY, "an array of tokens");
  if (!node)
    return FALSE;
  JsonArray *tokens = json_node_get_array (node);
  for (guint i = 0; i < json_array_get_length (tokens); i++)
    {
      JsonNode *e = json_array_get_element (tokens, i);
      JsonObject *tok = JSON_NODE_HOLDS_OBJECT (e) ? json_node_get_object (e) : NULL;
      if (!tok)
        return refuse (r, "\"trade_goods\" element %u: not an object", i);
      gint64 player, count;
      g_autofree char *name = NULL;
      if (!get_int (r, tok, "player", 0, r->game->players - 1, &player)
          || !get_int (r, tok, "count", 1, G_MAXINT32, &count)
          || !(name = get_string (r, tok, "token")))
        return FALSE;
      const char *item = jcz_token_item (name);
      if (!item)
        return refuse (r, "\"trade_goods\" element %u: unknown token \"%s\"", i, name);
      g_ptr_array_add (t->goods,
                       g_strdup_printf ("%u:%s*%" G_GINT64_FORMAT, (guint)player, item, count));
    }
  return TRUE;
}

static gboolean
read_turn (Reader *r, JsonObject *o)
{
  g_autoptr (JczTurn) t = g_new0 (JczTurn, 1);
  gint64 turn, player;
  if (!get_int (r, o, "turn", 0, G_MAXINT32, &turn)
      || !get_int (r, o, "player", 0, r->game->players - 1, &player))
    return FALSE;
  t->turn = (guint)turn;
  t->player = (guint)player;
  JsonNode *pass = json_object_get_member (o, "abbey_pass");
  if (pass && !get_bool (r, o, "abbey_pass", &t->abbey_pass))
    return FALSE;
  if (json_object_has_member (o, "double_turn") && !get_bool (r, o, "double_turn", &t->double_turn))
    return FALSE;
  if (!read_action (r, o, t) || !read_meeple (r, o, t)
      || !(t->discarded = get_strings (r, o, "discarded"))
      || !(t->scoring = get_scoring (r, o, "scoring")) || !get_counts (r, o, "score", t->score)
      || !read_supply (r, o, t) || !read_supply_figures (r, o, t) || !read_wagon_moves (r, o, t)
      || !read_trade_goods (r, o, t))
    return FALSE;
  g_ptr_array_add (r->game->turns, g_steal_pointer (&t));
  return TRUE;
}

/* The final line's "goods" (format 2): absent, or {TOKEN: [count per player]}, as
 * "player:item*count" for every count above 0 (jcz_token_item()). */
static gboolean
read_final_goods (Reader *r, JsonObject *o)
{
  JsonObject *goods;
  r->game->final_goods = g_ptr_array_new_with_free_func (g_free);
  if (!json_object_has_member (o, "goods"))
    return TRUE;
  if (!get_object_or_null (r, o, "goods", &goods))
    return FALSE;
  g_autoptr (GList) tokens = goods ? json_object_get_members (goods) : NULL;
  for (GList *l = tokens; l; l = l->next)
    {
      guint counts[JCZ_MAX_PLAYERS];
      const char *item = jcz_token_item (l->data);
      if (!item)
        return refuse (r, "\"goods\": unknown token \"%s\"", (const char *)l->data);
      if (!get_counts (r, goods, l->data, counts))
        return FALSE;
      for (guint p = 0; p < r->game->players; p++)
        if (counts[p])
          g_ptr_array_add (r->game->final_goods, g_strdup_printf ("%u:%s*%u", p, item, counts[p]));
    }
  return TRUE;
}

static gboolean
read_final (Reader *r, JsonObject *o)
{
  JczGame *g = r->game;
  return get_counts (r, o, "score", g->final_score)
         && (g->final_scoring = get_scoring (r, o, "final_scoring"))
         && (g->final_discarded = get_strings (r, o, "discarded")) && read_final_goods (r, o);
}

/* One line: a JSON object whose "kind" is what this place in the record wants. */
static gboolean
read_line (Reader *r, const char *line, gsize len)
{
  if (memchr (line, '\0', len) || !g_utf8_validate (line, (gssize)len, NULL))
    return refuse (r, "not UTF-8 text");
  g_autoptr (JsonParser) parser = json_parser_new_immutable ();
  g_autoptr (GError) json_error = NULL;
  if (!json_parser_load_from_data (parser, line, (gssize)len, &json_error))
    return refuse (r, "not JSON: %s", json_error->message);
  JsonNode *root = json_parser_get_root (parser);
  if (!root || !JSON_NODE_HOLDS_OBJECT (root))
    return refuse (r, "not a JSON object");
  JsonObject *o = json_node_get_object (root);
  g_autofree char *kind = get_string (r, o, "kind");
  if (!kind)
    return FALSE;
  const char *want = !r->game->draw_order ? "header" : NULL;
  if (want && strcmp (kind, want) != 0)
    return refuse (r, "kind \"%s\" where the header must be", kind);
  if (want)
    return read_header (r, o);
  if (r->game->final_discarded)
    return refuse (r, "a line after the final line");
  if (strcmp (kind, "turn") == 0)
    return read_turn (r, o);
  if (strcmp (kind, "final") == 0)
    return read_final (r, o);
  return refuse (r, "kind \"%s\" is neither turn nor final", kind);
}

/**
 * jcz_game_parse:
 * @text: the record's text, @length bytes (need not be NUL-terminated)
 *
 * Returns: (transfer full): the game, or %NULL with @error set (JCZ_RECORD_ERROR_INVALID:
 *   the message names the line and what is wrong with it)
 */
JczGame *
jcz_game_parse (const char *text, gsize length, GError **error)
{
  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  if (length > JCZ_RECORD_MAX_BYTES)
    {
      g_set_error (error, JCZ_RECORD_ERROR, JCZ_RECORD_ERROR_TOO_BIG,
                   "%" G_GSIZE_FORMAT " bytes of text, more than a record may hold (%u)", length,
                   JCZ_RECORD_MAX_BYTES);
      return NULL;
    }
  g_autoptr (JczGame) game = g_new0 (JczGame, 1);
  game->turns = g_ptr_array_new_with_free_func ((GDestroyNotify)turn_free);
  Reader r = { .game = game, .line = 0, .error = error };
  const char *end = text + length;
  for (const char *p = text; p < end;)
    {
      const char *nl = memchr (p, '\n', (gsize)(end - p));
      const char *stop = nl ? nl : end;
      gsize len = (gsize)(stop - p);
      r.line++;
      if (len > 0 && p[len - 1] == '\r')
        len--;
      if (len > 0 && !read_line (&r, p, len))
        return NULL;
      p = nl ? nl + 1 : end;
    }
  r.line++;
  if (!game->draw_order || !game->final_discarded)
    {
      refuse (&r, !game->draw_order ? "no header line" : "no final line");
      return NULL;
    }
  return g_steal_pointer (&game);
}

void
jcz_game_free (JczGame *game)
{
  if (!game)
    return;
  g_free (game->config);
  g_strfreev (game->expansions);
  g_strfreev (game->draw_order);
  g_clear_pointer (&game->turns, g_ptr_array_unref);
  g_clear_pointer (&game->final_scoring, g_ptr_array_unref);
  g_strfreev (game->final_discarded);
  g_clear_pointer (&game->final_goods, g_ptr_array_unref);
  g_free (game);
}
