/* strategy-object.c: the org.carcassonne.Engine1.Strategy interface of a bot strategy.
 *
 * One object per strategy of the library (carc_bot_list_strategies()), at
 * CARCD_STRATEGY_PATH_PREFIX<name>, from the daemon's start to its end; they never change.
 * What they say comes from the library's own table (carc_bot_list_options()).
 */
#include "config.h"

#include "cdbus.h"
#include "daemon.h"
#include "dbus-args.h"

static gboolean
get_name (DBusMessageIter *it, gpointer data)
{
  const char *name = data;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &name);
}

static gboolean
get_description (DBusMessageIter *it, gpointer data)
{
  const char *description = carc_bot_get_strategy_description (data);
  return dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &description);
}

static gboolean
get_options (DBusMessageIter *it, gpointer data)
{
  g_autoptr (GPtrArray) options = carc_bot_list_options (data, NULL);
  DBusMessageIter array;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(sssvuu)", &array);

  for (guint i = 0; ok && i < options->len; i++)
    ok = carcd_append_option_def (&array, options->pdata[i]);
  return ok && dbus_message_iter_close_container (it, &array);
}

static const CdbusProperty strategy_properties[] = {
  { "Name", "s", get_name, CDBUS_PROPERTY_CONST },
  { "Description", "s", get_description, CDBUS_PROPERTY_CONST },
  { "Options", "a(sssvuu)", get_options, CDBUS_PROPERTY_CONST },
  { NULL },
};

static const CdbusInterface strategy_interface = {
  CARCD_STRATEGY_INTERFACE, NULL, NULL, strategy_properties, NULL,
};

gboolean
carcd_strategy_objects_register (CarcdDaemon *daemon)
{
  for (const char *const *name = carc_bot_list_strategies (); *name; name++)
    {
      g_autofree char *path = g_strconcat (CARCD_STRATEGY_PATH_PREFIX, *name, NULL);

      /* the library's names are static */
      if (!cdbus_register_interface (daemon->connection, path, &strategy_interface, (gpointer)*name,
                                     NULL))
        return FALSE;
    }
  return TRUE;
}
