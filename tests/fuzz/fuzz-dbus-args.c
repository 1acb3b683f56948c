/* fuzz-dbus-args.c: libFuzzer target for the daemon's D-Bus argument decoders.
 *
 * The input is a whole D-Bus message in wire format, as a hostile client could send it
 * (libdbus-1 validates it on demarshalling, as it does on receiving). Every a{sv} argument
 * goes through CreateGame's option decoder and the "no options yet" decoder, every string
 * through the name check. Each must accept with a consistent result or refuse with a
 * CARCD_ERROR; never crash or leak.
 */
#include "config.h"

#include <stdint.h>
#include <dbus/dbus.h>

#include "carcassonne.h"
#include "errors.h"
#include "options.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_game_options (DBusMessageIter *arg, CarcTileSet *tiles, CarcPluginHost *plugins)
{
  DBusMessageIter dict;
  CarcdGameOptions o;
  g_autoptr (GError) error = NULL;

  dbus_message_iter_recurse (arg, &dict);
  if (carcd_game_options_parse (&dict, tiles, plugins, &o, &error))
    {
      g_assert_no_error (error);
      g_assert_cmpuint (o.players, >=, 2);
      g_assert_cmpuint (o.players, <=, CARC_MAX_PLAYERS);
      g_assert_cmpuint (o.bots, <=, o.players);
      g_assert_cmpuint (o.bot_delay, <=, CARCD_MAX_BOT_DELAY_MS);
      g_assert_cmpuint (o.followers, >=, 1);
      g_assert_cmpuint (o.followers, <=, CARCD_MAX_FOLLOWERS);
      g_assert_nonnull (o.name);
      g_assert_cmpuint (strlen (o.name), <=, CARCD_MAX_NAME_BYTES);
      /* no plugin is loaded: no expansion can be named */
      g_assert_cmpuint (o.n_expansions, ==, 0);
      if (o.tile_order)
        {
          g_assert_cmpuint (g_strv_length (o.tile_order), <=, CARCD_MAX_TILE_ORDER);
          for (guint i = 0; o.tile_order[i]; i++)
            g_assert_nonnull (carc_tile_set_lookup (tiles, o.tile_order[i]));
        }
      carcd_game_options_clear (&o);
    }
  else
    g_assert_true (error != NULL && error->domain == CARCD_ERROR);

  g_clear_error (&error);
  dbus_message_iter_recurse (arg, &dict);
  if (!carcd_options_expect_empty (&dict, "Fuzz", &error))
    g_assert_true (error != NULL && error->domain == CARCD_ERROR);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static CarcTileSet *tiles;      /* read-only after the first input */
  static CarcPluginHost *plugins; /* none loaded: the decoder's lookups fail */
  DBusError err = DBUS_ERROR_INIT;
  DBusMessage *msg;
  DBusMessageIter arg;

  if (tiles == NULL)
    tiles = carc_tile_set_new_base (NULL);
  if (plugins == NULL)
    plugins = carc_plugin_host_new ();
  if (size > (1 << 20))
    return 0;
  msg = dbus_message_demarshal ((const char *)data, (int)size, &err);
  if (msg == NULL)
    {
      dbus_error_free (&err);
      return 0;
    }
  if (dbus_message_iter_init (msg, &arg))
    do
      {
        g_autofree char *signature = dbus_message_iter_get_signature (&arg);

        if (g_str_equal (signature, "a{sv}"))
          check_game_options (&arg, tiles, plugins);
        else if (dbus_message_iter_get_arg_type (&arg) == DBUS_TYPE_STRING)
          {
            const char *s;
            g_autoptr (GError) error = NULL;

            dbus_message_iter_get_basic (&arg, &s);
            if (!carcd_check_name (s, FALSE, &error))
              g_assert_true (error != NULL && error->domain == CARCD_ERROR);
          }
      }
    while (dbus_message_iter_next (&arg));
  dbus_message_unref (msg);
  return 0;
}
