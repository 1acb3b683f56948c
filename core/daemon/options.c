/* options.c: decoding and checking the a{sv} options of the daemon's methods. */
#include "config.h"

#include "options.h"

#include "carc-types.h"
#include "cdbus.h"
#include "errors.h"

void
carcd_game_options_clear (CarcdGameOptions *options)
{
  g_clear_pointer (&options->tile_order, g_strfreev);
  g_clear_pointer (&options->expansions, g_strfreev);
  g_clear_pointer (&options->name, g_free);
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

static gboolean
check_tile_order (const char *const *ids, CarcTileSet *tiles, GError **error)
{
  for (guint i = 0; ids[i]; i++)
    if (carc_tile_set_lookup (tiles, ids[i]) == NULL)
      {
        g_set_error (error, CARCD_ERROR, CARCD_ERROR_UNKNOWN_TILE,
                     "Option \"tile-order\": item %u names no tile (\"%s\")", i, ids[i]);
        return FALSE;
      }
  return TRUE;
}

/* One entry of CreateGame's options. */
static gboolean
parse_game_option (const char *key, DBusMessageIter *value, CarcdGameOptions *o, guint *seen,
                   GError **error)
{
  static const char *const keys[] = { "players",    "bots",      "bot-delay", "seed", "tile-order",
                                      "expansions", "followers", "farmers",   "name", NULL };
  guint bit = 0;

  while (keys[bit] && !g_str_equal (keys[bit], key))
    bit++;
  if (keys[bit] == NULL)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "Unknown option \"%s\"", key);
      return FALSE;
    }
  if (*seen & (1u << bit))
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "Option \"%s\" given twice", key);
      return FALSE;
    }
  *seen |= 1u << bit;

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
        g_strfreev (o->expansions);
        o->expansions = read_strv (value, key, CARCD_MAX_EXPANSIONS, 32, error);
        return o->expansions != NULL;
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

gboolean
carcd_game_options_parse (DBusMessageIter *dict, CarcTileSet *tiles, CarcdGameOptions *options,
                          GError **error)
{
  CarcdGameOptions o = { .players = 2, .followers = 7, .farmers = TRUE };
  const char *key;
  DBusMessageIter value;
  guint seen = 0;

  o.expansions = g_new0 (char *, 1);
  o.name = g_strdup ("");
  /* a key may come once, so the loop ends after as many entries as there are keys */
  while (cdbus_dict_next (dict, &key, &value))
    if (!parse_game_option (key, &value, &o, &seen, error))
      {
        carcd_game_options_clear (&o);
        return FALSE;
      }
  if (o.bots > o.players)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                   "Option \"bots\" is %u but the game has %u seats", o.bots, o.players);
      carcd_game_options_clear (&o);
      return FALSE;
    }
  if (o.tile_order && !check_tile_order ((const char *const *)o.tile_order, tiles, error))
    {
      carcd_game_options_clear (&o);
      return FALSE;
    }
  if (o.expansions[0] != NULL)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_UNKNOWN_EXPANSION,
                   "Unknown expansion \"%s\" (this daemon has none)", o.expansions[0]);
      carcd_game_options_clear (&o);
      return FALSE;
    }
  *options = o;
  return TRUE;
}

gboolean
carcd_options_expect_empty (DBusMessageIter *dict, const char *method, GError **error)
{
  const char *key;
  DBusMessageIter value;

  if (cdbus_dict_next (dict, &key, &value))
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                   "Unknown option \"%s\" (%s takes none yet)", key, method);
      return FALSE;
    }
  return TRUE;
}
