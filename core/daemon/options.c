/* options.c: decoding and checking the a{sv} options of the daemon's methods. */
#include "config.h"

#include "options.h"

#include "carcassonne.h"
#include "cdbus.h"
#include "errors.h"
#include "session.h"

void
carcd_game_options_clear (CarcdGameOptions *options)
{
  g_clear_pointer (&options->tile_order, g_strfreev);
  for (guint i = 0; i < options->n_expansions; i++)
    {
      g_clear_pointer (&options->expansions[i].plugin, carc_plugin_unref);
      g_clear_pointer (&options->expansions[i].values, g_free);
    }
  options->n_expansions = 0;
  g_clear_pointer (&options->name, g_free);
  carcd_bot_spec_clear (&options->bot_spec);
}

void
carcd_game_options_init_rules (CarcdGameOptions *options)
{
  for (guint i = 0; i < carc_rule_get_n () && i < CARCD_MAX_RULES; i++)
    options->rules[i] = carc_rule_get_default (i);
}

gboolean
carcd_check_name (const char *name, gboolean allow_empty, GError **error)
{
  gsize len = strlen (name);

  if (len == 0 && !allow_empty)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "The name is empty");
      return FALSE;
    }
  if (len > CARCD_MAX_NAME_BYTES)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                   "The name is %" G_GSIZE_FORMAT " bytes long; at most %d are allowed", len,
                   CARCD_MAX_NAME_BYTES);
      return FALSE;
    }
  if (!g_utf8_validate (name, len, NULL))
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "The name is not UTF-8");
      return FALSE;
    }
  for (const char *p = name; *p; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p)))
      {
        g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                     "The name holds a control character");
        return FALSE;
      }
  return TRUE;
}

static gboolean
expect_type (DBusMessageIter *value, const char *key, const char *signature, GError **error)
{
  g_autofree char *got = dbus_message_iter_get_signature (value);

  if (got != NULL && g_str_equal (got, signature))
    return TRUE;
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
               "Option \"%s\" must be of type %s, not %s", key, signature, got ? got : "?");
  return FALSE;
}

static gboolean
read_uint (DBusMessageIter *value, const char *key, guint min, guint max, guint *out,
           GError **error)
{
  dbus_uint32_t v;

  if (!expect_type (value, key, "u", error))
    return FALSE;
  dbus_message_iter_get_basic (value, &v);
  if (v < min || v > max)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                   "Option \"%s\" is %u; it must be %u..%u", key, v, min, max);
      return FALSE;
    }
  *out = v;
  return TRUE;
}

/* Reads "bot-options" (CreateGame's and ImportGame's): an a{sv} of a strategy and its
 * options, the library's words prefixed with the option's name. */
static gboolean
read_bot_options (DBusMessageIter *value, const char *key, CarcdBotSpec *spec, GError **error)
{
  DBusMessageIter dict;

  if (!expect_type (value, key, "a{sv}", error))
    return FALSE;
  dbus_message_iter_recurse (value, &dict);
  if (carcd_bot_spec_read (&dict, FALSE, "random", spec, error))
    return TRUE;
  g_prefix_error (error, "Option \"%s\": ", key);
  return FALSE;
}

/* Reads an "as" of at most @max strings of at most @max_bytes each. */
static GStrv
read_strv (DBusMessageIter *value, const char *key, guint max, gsize max_bytes, GError **error)
{
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_free);
  DBusMessageIter array;

  if (!expect_type (value, key, "as", error))
    return NULL;
  dbus_message_iter_recurse (value, &array);
  while (dbus_message_iter_get_arg_type (&array) == DBUS_TYPE_STRING)
    {
      const char *s;

      if (items->len == max)
        {
          g_set_error (error, CARCD_ERROR, CARCD_ERROR_LIMIT_EXCEEDED,
                       "Option \"%s\" holds more than %u items", key, max);
          return NULL;
        }
      dbus_message_iter_get_basic (&array, &s);
      if (strlen (s) > max_bytes)
        {
          g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                       "Option \"%s\": item %u is longer than %" G_GSIZE_FORMAT " bytes", key,
                       items->len, max_bytes);
          return NULL;
        }
      g_ptr_array_add (items, g_strdup (s));
      dbus_message_iter_next (&array);
    }
  g_ptr_array_add (items, NULL);
  return (GStrv)g_ptr_array_free (g_steal_pointer (&items), FALSE);
}

/* A tile id of the tile order: a square tile of the base set or of the game's expansions. */
static gboolean
is_land_tile (const CarcdGameOptions *o, CarcTileSet *tiles, const char *id)
{
  const CarcTileType *t = carc_tile_set_lookup (tiles, id);

  for (guint i = 0; t == NULL && i < o->n_expansions; i++)
    t = carc_tile_set_lookup (carc_plugin_get_tiles (o->expansions[i].plugin), id);
  return t != NULL && carc_tile_type_get_shape (t) == CARC_SHAPE_SQUARE;
}

static gboolean
check_tile_order (const CarcdGameOptions *o, CarcTileSet *tiles, GError **error)
{
  for (guint i = 0; o->tile_order[i]; i++)
    if (!is_land_tile (o, tiles, o->tile_order[i]))
      {
        g_set_error (error, CARCD_ERROR, CARCD_ERROR_UNKNOWN_TILE,
                     "Option \"tile-order\": item %u names no land tile of the game (\"%s\")", i,
                     o->tile_order[i]);
        return FALSE;
      }
  return TRUE;
}

/* An "<expansion>.<option>" entry, checked once the game's expansions are known. */
typedef struct
{
  char *key;
  gboolean boolean; /* its value came as "b", else "u" */
  guint32 value;
} ExpansionOption;

static void
expansion_option_clear (gpointer data)
{
  ExpansionOption *e = data;
  g_free (e->key);
}

/* CreateGame's options while they are read. */
typedef struct
{
  CarcdGameOptions o;
  guint seen;       /* the plain keys given, one bit each */
  guint rules_seen; /* the rule options given, bit i for rule i */
  GStrv names;      /* the "expansions" option, NULL if not given */
  GArray *pending;  /* ExpansionOption */
} Parse;

static void
parse_clear (Parse *p)
{
  carcd_game_options_clear (&p->o);
  g_clear_pointer (&p->names, g_strfreev);
  g_clear_pointer (&p->pending, g_array_unref);
}

/* An "<expansion>.<option>" entry: its type now, the rest once the expansions are known. */
static gboolean
read_expansion_option (const char *key, DBusMessageIter *value, Parse *p, GError **error)
{
  g_autofree char *got = dbus_message_iter_get_signature (value);
  g_autofree char *quoted = cdbus_echo (key); /* the client's key, of any length */
  ExpansionOption e = { NULL, FALSE, 0 };

  for (guint i = 0; i < p->pending->len; i++)
    if (g_str_equal (g_array_index (p->pending, ExpansionOption, i).key, key))
      {
        g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "Option \"%s\" given twice",
                     quoted);
        return FALSE;
      }
  if (got == NULL || (!g_str_equal (got, "b") && !g_str_equal (got, "u")))
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                   "Option \"%s\" must be of type b or u, not %s", quoted, got ? got : "?");
      return FALSE;
    }
  e.boolean = g_str_equal (got, "b");
  if (e.boolean)
    {
      dbus_bool_t b;
      dbus_message_iter_get_basic (value, &b);
      e.value = b != 0;
    }
  else
    dbus_message_iter_get_basic (value, &e.value);
  e.key = g_strdup (key);
  g_array_append_val (p->pending, e);
  return TRUE;
}

/* A rule option's key (Manager.RuleOptions) but "farmers", which has its own: its value, a
 * "u" among the allowed ones. */
static gboolean
read_rule (DBusMessageIter *value, const char *key, guint index, Parse *p, GError **error)
{
  guint n;
  const guint32 *allowed = carc_rule_get_values (index, &n);
  dbus_uint32_t v;

  if (p->rules_seen & (1u << index))
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "Option \"%s\" given twice", key);
      return FALSE;
    }
  p->rules_seen |= 1u << index;
  if (!expect_type (value, key, "u", error))
    return FALSE;
  dbus_message_iter_get_basic (value, &v);
  for (guint i = 0; i < n; i++)
    if (allowed[i] == v)
      {
        p->o.rules[index] = v;
        return TRUE;
      }
  g_autoptr (GString) list = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (list, "%s%u", i == 0 ? "" : i + 1 == n ? " or " : ", ", allowed[i]);
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
               "Option \"%s\" is %u; it must be %s (Manager.RuleOptions)", key, v, list->str);
  return FALSE;
}

/* One entry of CreateGame's options. */
static gboolean
parse_game_option (const char *key, DBusMessageIter *value, Parse *p, GError **error)
{
  static const char *const keys[]
      = { "players",   "bots",    "bot-delay", "seed",        "tile-order", "expansions",
          "followers", "farmers", "name",      "bot-options", NULL };
  CarcdGameOptions *o = &p->o;
  guint bit = 0;

  if (strchr (key, '.'))
    return read_expansion_option (key, value, p, error);
  gint rule = carc_rule_lookup (key);
  if (rule >= 0 && rule < CARCD_MAX_RULES && !g_str_equal (key, "farmers"))
    return read_rule (value, key, (guint)rule, p, error);
  while (keys[bit] && !g_str_equal (keys[bit], key))
    bit++;
  if (keys[bit] == NULL)
    {
      g_autofree char *quoted = cdbus_echo (key);
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "Unknown option \"%s\"", quoted);
      return FALSE;
    }
  if (p->seen & (1u << bit))
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "Option \"%s\" given twice", key);
      return FALSE;
    }
  p->seen |= 1u << bit;

  switch (bit)
    {
      case 0:
        return read_uint (value, key, 2, CARC_MAX_PLAYERS, &o->players, error);
      case 1:
        return read_uint (value, key, 0, CARC_MAX_PLAYERS, &o->bots, error);
      case 2:
        return read_uint (value, key, 0, CARCD_MAX_BOT_DELAY_MS, &o->bot_delay, error);
      case 3:
        {
          dbus_uint64_t seed;
          if (!expect_type (value, key, "t", error))
            return FALSE;
          dbus_message_iter_get_basic (value, &seed);
          o->has_seed = TRUE;
          o->seed = seed;
          return TRUE;
        }
      case 4:
        o->tile_order = read_strv (value, key, CARCD_MAX_TILE_ORDER, 16, error);
        return o->tile_order != NULL;
      case 5:
        p->names = read_strv (value, key, CARCD_MAX_EXPANSIONS, 32, error);
        return p->names != NULL;
      case 6:
        return read_uint (value, key, 1, CARCD_MAX_FOLLOWERS, &o->followers, error);
      case 7:
        {
          dbus_bool_t b;
          if (!expect_type (value, key, "b", error))
            return FALSE;
          dbus_message_iter_get_basic (value, &b);
          o->farmers = b != 0;
          return TRUE;
        }
      case 9:
        return read_bot_options (value, key, &o->bot_spec, error);
      default:
        {
          const char *s;
          if (!expect_type (value, key, "s", error))
            return FALSE;
          dbus_message_iter_get_basic (value, &s);
          if (!carcd_check_name (s, TRUE, error))
            {
              g_prefix_error (error, "Option \"name\": ");
              return FALSE;
            }
          g_free (o->name);
          o->name = g_strdup (s);
          return TRUE;
        }
    }
}

/* The loaded plugin @name, or UnknownExpansion (no such plugin at all) or
 * ExpansionUnavailable (its file is there but it was refused, with the reason, or left out). */
static CarcPlugin *
find_plugin (CarcPluginHost *plugins, const char *name, GError **error)
{
  CarcPlugin *plugin = carc_plugin_host_lookup (plugins, name);

  if (plugin)
    return plugin;
  const char *refusal = carc_plugin_host_lookup_refusal (plugins, name);
  if (refusal)
    g_set_error (error, CARCD_ERROR, CARCD_ERROR_EXPANSION_UNAVAILABLE,
                 "Expansion \"%s\" is not loaded in this daemon: refused at start: %s "
                 "(Manager.RefusedPlugins)",
                 name, refusal);
  else if (carc_plugin_host_is_known (plugins, name))
    g_set_error (error, CARCD_ERROR, CARCD_ERROR_EXPANSION_UNAVAILABLE,
                 "Expansion \"%s\" is not loaded in this daemon (left out with -p/-P at start, "
                 "or its file holds a plugin of another name)",
                 name);
  else
    g_set_error (error, CARCD_ERROR, CARCD_ERROR_UNKNOWN_EXPANSION,
                 "Unknown expansion \"%s\" (Manager.Expansions lists those there are)", name);
  return NULL;
}

/* Fills @o's expansions from @names, in hook order (the host's order), at their defaults. */
static gboolean
resolve_expansions (CarcdGameOptions *o, const char *const *names, CarcPluginHost *plugins,
                    GError **error)
{
  for (guint i = 0; names[i]; i++)
    {
      if (find_plugin (plugins, names[i], error) == NULL)
        return FALSE;
      for (guint j = 0; j < i; j++)
        if (g_str_equal (names[i], names[j]))
          {
            g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                         "Option \"expansions\" names \"%s\" twice", names[i]);
            return FALSE;
          }
    }
  for (guint i = 0; i < carc_plugin_host_get_n_plugins (plugins); i++)
    {
      CarcPlugin *plugin = carc_plugin_host_get_plugin (plugins, i);
      CarcdExpansion *e;

      if (!g_strv_contains (names, carc_plugin_get_name (plugin)))
        continue;
      e = &o->expansions[o->n_expansions++];
      e->plugin = carc_plugin_ref (plugin);
      e->values = g_new0 (guint32, carc_plugin_get_n_options (plugin) + 1);
      for (guint k = 0; k < carc_plugin_get_n_options (plugin); k++)
        e->values[k] = carc_plugin_get_option (plugin, k)->default_value;
    }
  return TRUE;
}

/* Sets the value of an "<expansion>.<option>" entry: an option one of the game's expansions
 * declares, of its type and in its range; InvalidArgs otherwise. */
static gboolean
apply_expansion_option (CarcdGameOptions *o, const ExpansionOption *entry, GError **error)
{
  const char *dot = strchr (entry->key, '.');
  g_autofree char *name = g_strndup (entry->key, (gsize)(dot - entry->key));
  const char *option = dot + 1;
  /* the key is the client's, of any length: quoted cut short */
  g_autofree char *quoted_key = cdbus_echo (entry->key);
  g_autofree char *quoted_name = cdbus_echo (name);
  g_autofree char *quoted_option = cdbus_echo (option);

  for (guint i = 0; i < o->n_expansions; i++)
    {
      CarcPlugin *plugin = o->expansions[i].plugin;

      if (!g_str_equal (carc_plugin_get_name (plugin), name))
        continue;
      for (guint k = 0; k < carc_plugin_get_n_options (plugin); k++)
        {
          const CarcOptionDef *def = carc_plugin_get_option (plugin, k);
          gboolean boolean = def->type == CARC_OPTION_BOOLEAN;

          if (!g_str_equal (def->name, option))
            continue;
          if (entry->boolean != boolean)
            {
              g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                           "Option \"%s\" must be of type %s, not %s", entry->key,
                           boolean ? "b" : "u", entry->boolean ? "b" : "u");
              return FALSE;
            }
          if (!boolean && (entry->value < def->min || entry->value > def->max))
            {
              g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                           "Option \"%s\" is %u; it must be %u..%u", entry->key, entry->value,
                           def->min, def->max);
              return FALSE;
            }
          o->expansions[i].values[k] = entry->value;
          return TRUE;
        }
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                   "Unknown option \"%s\": expansion %s has no option \"%s\"", quoted_key, name,
                   quoted_option);
      return FALSE;
    }
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
               "Option \"%s\": the game does not use expansion \"%s\" (see \"expansions\")",
               quoted_key, quoted_name);
  return FALSE;
}

/* The checks that need every entry read, in the documented order. */
static gboolean
check_game_options (Parse *p, CarcTileSet *tiles, CarcPluginHost *plugins, GError **error)
{
  CarcdGameOptions *o = &p->o;

  if (o->bots > o->players)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                   "Option \"bots\" is %u but the game has %u seats", o->bots, o->players);
      return FALSE;
    }
  if (p->names && !resolve_expansions (o, (const char *const *)p->names, plugins, error))
    return FALSE;
  for (guint i = 0; i < p->pending->len; i++)
    if (!apply_expansion_option (o, &g_array_index (p->pending, ExpansionOption, i), error))
      return FALSE;
  return o->tile_order == NULL || check_tile_order (o, tiles, error);
}

gboolean
carcd_game_options_parse (DBusMessageIter *dict, CarcTileSet *tiles, CarcPluginHost *plugins,
                          CarcdGameOptions *options, GError **error)
{
  Parse p = { .o = { .players = 2, .followers = 7, .farmers = TRUE } };
  const char *key;
  DBusMessageIter value;
  guint n = 0;

  p.o.name = g_strdup ("");
  carcd_game_options_init_rules (&p.o);
  p.pending = g_array_new (FALSE, FALSE, sizeof (ExpansionOption));
  g_array_set_clear_func (p.pending, expansion_option_clear);
  while (cdbus_dict_next (dict, &key, &value))
    {
      if (++n > CARCD_MAX_GAME_OPTIONS)
        {
          g_set_error (error, CARCD_ERROR, CARCD_ERROR_LIMIT_EXCEEDED,
                       "CreateGame takes at most %d options", CARCD_MAX_GAME_OPTIONS);
          parse_clear (&p);
          return FALSE;
        }
      if (!parse_game_option (key, &value, &p, error))
        {
          parse_clear (&p);
          return FALSE;
        }
    }
  if (!check_game_options (&p, tiles, plugins, error))
    {
      parse_clear (&p);
      return FALSE;
    }
  *options = p.o;
  memset (&p.o, 0, sizeof p.o);
  parse_clear (&p);
  return TRUE;
}

gboolean
carcd_import_options_parse (DBusMessageIter *dict, CarcdImportOptions *options, GError **error)
{
  static const char *const keys[] = { "moves", "name", "bots", "bot-delay", "bot-options", NULL };
  CarcdImportOptions o = { 0 };
  const char *key;
  DBusMessageIter value;
  guint seen = 0, bit;
  gboolean ok = TRUE;

  while (ok && cdbus_dict_next (dict, &key, &value))
    {
      for (bit = 0; keys[bit] && !g_str_equal (keys[bit], key); bit++)
        ;
      if (keys[bit] == NULL)
        {
          g_autofree char *quoted = cdbus_echo (key);
          g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "Unknown option \"%s\"",
                       quoted);
          ok = FALSE;
          break;
        }
      if (seen & (1u << bit))
        {
          g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "Option \"%s\" given twice",
                       key);
          ok = FALSE;
          break;
        }
      seen |= 1u << bit;
      switch (bit)
        {
          case 0:
            ok = o.has_moves = read_uint (&value, key, 0, G_MAXUINT32, &o.moves, error);
            break;
          case 1:
            {
              const char *s;

              if (!(ok = expect_type (&value, key, "s", error)))
                break;
              dbus_message_iter_get_basic (&value, &s);
              if (!(ok = carcd_check_name (s, TRUE, error)))
                g_prefix_error (error, "Option \"name\": ");
              else
                o.name = g_strdup (s);
              break;
            }
          case 2:
            ok = read_uint (&value, key, 0, CARC_MAX_PLAYERS, &o.bots, error);
            break;
          case 3:
            ok = read_uint (&value, key, 0, CARCD_MAX_BOT_DELAY_MS, &o.bot_delay, error);
            break;
          default:
            ok = read_bot_options (&value, key, &o.bot_spec, error);
            break;
        }
    }
  if (!ok)
    {
      carcd_import_options_clear (&o);
      return FALSE;
    }
  *options = o;
  return TRUE;
}

void
carcd_import_options_clear (CarcdImportOptions *options)
{
  g_clear_pointer (&options->name, g_free);
  carcd_bot_spec_clear (&options->bot_spec);
}

/* The record @text replayed as @o asks into @import; @o's name and strategy move into it. */
static gboolean
import_replay (const char *text, CarcdImportOptions *o, CarcTileSet *tiles, CarcPluginHost *plugins,
               CarcdImport *import, GError **error)
{
  g_autoptr (CarcRecord) record = NULL;
  g_autoptr (CarcGame) game = NULL;
  g_autoptr (GError) record_error = NULL;

  if (strlen (text) > CARCD_MAX_RECORD_BYTES)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_LIMIT_EXCEEDED,
                   "A record may have at most %d bytes", CARCD_MAX_RECORD_BYTES);
      return FALSE;
    }
  record = carc_record_parse (text, -1, tiles, plugins, &record_error);
  if (record == NULL)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_RECORD, "%s", record_error->message);
      return FALSE;
    }
  if (o->has_moves && o->moves > carc_record_get_n_moves (record))
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                   "Option \"moves\" is %u but the record has %u moves", o->moves,
                   carc_record_get_n_moves (record));
      return FALSE;
    }
  game = carc_record_replay (record, o->has_moves ? o->moves : G_MAXUINT, NULL, NULL, NULL,
                             &record_error);
  if (game == NULL)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_RECORD, "%s", record_error->message);
      return FALSE;
    }
  if (!carcd_game_options_from_config (carc_record_get_config (record), &import->options, error))
    return FALSE;
  if (o->bots > import->options.players)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                   "Option \"bots\" is %u but the game has %u seats", o->bots,
                   import->options.players);
      carcd_game_options_clear (&import->options);
      return FALSE;
    }
  if (o->name)
    {
      g_free (import->options.name);
      import->options.name = g_steal_pointer (&o->name);
    }
  import->options.bots = o->bots;
  import->options.bot_delay = o->bot_delay;
  import->options.bot_spec = o->bot_spec;
  memset (&o->bot_spec, 0, sizeof o->bot_spec);
  import->record = g_steal_pointer (&record);
  import->game = g_steal_pointer (&game);
  return TRUE;
}

gboolean
carcd_import_parse (const char *text, DBusMessageIter *dict, CarcTileSet *tiles,
                    CarcPluginHost *plugins, CarcdImport *import, GError **error)
{
  CarcdImportOptions o = { 0 };
  gboolean ok;

  if (!carcd_import_options_parse (dict, &o, error))
    return FALSE;
  ok = import_replay (text, &o, tiles, plugins, import, error);
  carcd_import_options_clear (&o);
  return ok;
}

void
carcd_import_clear (CarcdImport *import)
{
  carcd_game_options_clear (&import->options);
  g_clear_pointer (&import->record, carc_record_unref);
  g_clear_object (&import->game);
}

gboolean
carcd_options_expect_empty (DBusMessageIter *dict, const char *method, GError **error)
{
  const char *key;
  DBusMessageIter value;

  if (cdbus_dict_next (dict, &key, &value))
    {
      g_autofree char *quoted = cdbus_echo (key);
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                   "Unknown option \"%s\" (%s takes none yet)", quoted, method);
      return FALSE;
    }
  return TRUE;
}
