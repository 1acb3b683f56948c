/* bot-options.c: a strategy and its options from a D-Bus a{sv}; the library checks them. */
#include "config.h"

#include "bot-options.h"

#include "cdbus.h"
#include "errors.h"

/* The value of a strategy's option as a GVariant: a "u" as it is, any other type as a value
 * the library refuses with its own words ("... is an unsigned number (u) from 1 to ..."). */
static GVariant *
option_value (DBusMessageIter *value)
{
  dbus_uint32_t u;
  const char *s;

  switch (dbus_message_iter_get_arg_type (value))
    {
      case DBUS_TYPE_UINT32:
        dbus_message_iter_get_basic (value, &u);
        return g_variant_new_uint32 (u);
      case DBUS_TYPE_STRING:
        dbus_message_iter_get_basic (value, &s);
        return g_variant_new_string (s);
      default:
        {
          g_autofree char *sig = dbus_message_iter_get_signature (value);
          return g_variant_new_signature (sig && g_variant_is_signature (sig) ? sig : "v");
        }
    }
}

static gboolean
read_strategy (DBusMessageIter *value, const char **strategy, GError **error)
{
  if (*strategy)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "Option \"strategy\" given twice");
      return FALSE;
    }
  if (dbus_message_iter_get_arg_type (value) != DBUS_TYPE_STRING)
    {
      g_autofree char *sig = dbus_message_iter_get_signature (value);
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                   "Option \"strategy\" must be of type s, not %s", sig ? sig : "?");
      return FALSE;
    }
  dbus_message_iter_get_basic (value, strategy);
  return TRUE;
}

/* @key among the options @b holds already. */
static gboolean
seen_before (GHashTable *seen, const char *key, GError **error)
{
  if (g_hash_table_add (seen, (gpointer)key))
    return FALSE;
  g_autofree char *quoted = cdbus_echo (key);
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "Option \"%s\" given twice", quoted);
  return TRUE;
}

gboolean
carcd_bot_spec_read (DBusMessageIter *dict, gboolean skip_token, const char *default_strategy,
                     CarcdBotSpec *spec, GError **error)
{
  DBusMessageIter it = *dict, value;
  const char *key, *strategy = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  while (cdbus_dict_next (&it, &key, &value))
    {
      if (skip_token && g_str_equal (key, "token"))
        continue;
      if ((g_str_equal (key, "strategy") && !read_strategy (&value, &strategy, error))
          || (!g_str_equal (key, "strategy") && seen_before (seen, key, error)))
        {
          g_variant_builder_clear (&b);
          return FALSE;
        }
      if (!g_str_equal (key, "strategy"))
        g_variant_builder_add (&b, "{sv}", key, option_value (&value));
    }
  g_autoptr (GVariant) options = g_variant_ref_sink (g_variant_builder_end (&b));
  CarcdBotSpec read
      = { .strategy = (char *)(strategy ? strategy : default_strategy), .options = options };
  g_autoptr (CarcBot) check = carcd_bot_spec_new_bot (&read, 0, error);
  if (check == NULL)
    return FALSE;
  carcd_bot_spec_clear (spec);
  spec->strategy = g_strdup (read.strategy);
  spec->options = g_steal_pointer (&options);
  return TRUE;
}

CarcBot *
carcd_bot_spec_new_bot (const CarcdBotSpec *spec, guint64 seed, GError **error)
{
  g_autoptr (GError) local = NULL;
  CarcBot *bot = carc_bot_new (carcd_bot_spec_strategy (spec), spec->options, seed, &local);

  if (bot == NULL)
    g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "%s", local->message);
  return bot;
}

void
carcd_bot_spec_clear (CarcdBotSpec *spec)
{
  g_clear_pointer (&spec->strategy, g_free);
  g_clear_pointer (&spec->options, g_variant_unref);
}

const char *
carcd_bot_spec_strategy (const CarcdBotSpec *spec)
{
  return spec->strategy ? spec->strategy : "random";
}
