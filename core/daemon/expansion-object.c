/* expansion-object.c: the org.carcassonne.Engine1.Expansion interface of a loaded plugin.
 *
 * One object per plugin the daemon loaded at start, at CARCD_EXPANSION_PATH_PREFIX<name>;
 * the plugins never change while the daemon runs, so neither do these objects.
 */
#include "config.h"

#include "cdbus.h"
#include "daemon.h"
#include "dbus-args.h"

static gboolean
append_string (DBusMessageIter *it, const char *s)
{
  return dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &s);
}

static gboolean
get_name (DBusMessageIter *it, gpointer data)
{
  return append_string (it, carc_plugin_get_name (data));
}

static gboolean
get_description (DBusMessageIter *it, gpointer data)
{
  return append_string (it, carc_plugin_get_description (data));
}

static gboolean
get_version (DBusMessageIter *it, gpointer data)
{
  return append_string (it, carc_plugin_get_version (data));
}

static gboolean
get_priority (DBusMessageIter *it, gpointer data)
{
  dbus_int32_t priority = carc_plugin_get_priority (data);
  return dbus_message_iter_append_basic (it, DBUS_TYPE_INT32, &priority);
}

static gboolean
get_options (DBusMessageIter *it, gpointer data)
{
  CarcPlugin *plugin = data;
  DBusMessageIter array;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(sssvuu)", &array);

  for (guint i = 0; ok && i < carc_plugin_get_n_options (plugin); i++)
    ok = carcd_append_option_def (&array, carc_plugin_get_option (plugin, i));
  return ok && dbus_message_iter_close_container (it, &array);
}

static gboolean
get_tiles (DBusMessageIter *it, gpointer data)
{
  CarcTileSet *tiles = carc_plugin_get_tiles (data);
  guint n = carc_tile_set_get_n_types (tiles);
  g_autofree const char **ids = g_new (const char *, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    ids[i] = carc_tile_type_get_id (carc_tile_set_get_type_at (tiles, i));
  return carcd_append_string_array (it, ids, n);
}

static const CdbusProperty expansion_properties[] = {
  { "Name", "s", get_name, CDBUS_PROPERTY_CONST },
  { "Description", "s", get_description, CDBUS_PROPERTY_CONST },
  { "Version", "s", get_version, CDBUS_PROPERTY_CONST },
  { "Priority", "i", get_priority, CDBUS_PROPERTY_CONST },
  { "Options", "a(sssvuu)", get_options, CDBUS_PROPERTY_CONST },
  { "Tiles", "as", get_tiles, CDBUS_PROPERTY_CONST },
  { NULL },
};

static const CdbusInterface expansion_interface = {
  CARCD_EXPANSION_INTERFACE, NULL, NULL, expansion_properties, NULL,
};

/* The object path of @plugin: its name with '-', which paths do not allow, as '_'. */
static char *
expansion_path (CarcPlugin *plugin)
{
  char *path = g_strconcat (CARCD_EXPANSION_PATH_PREFIX, carc_plugin_get_name (plugin), NULL);

  g_strdelimit (path + strlen (CARCD_EXPANSION_PATH_PREFIX), "-", '_');
  return path;
}

gboolean
carcd_expansion_objects_register (CarcdDaemon *daemon)
{
  for (guint i = 0; i < carc_plugin_host_get_n_plugins (daemon->plugins); i++)
    {
      CarcPlugin *plugin = carc_plugin_host_get_plugin (daemon->plugins, i);
      g_autofree char *path = expansion_path (plugin);

      /* the object holds a reference of its own, whatever is freed first at exit */
      if (!cdbus_register_interface (daemon->connection, path, &expansion_interface,
                                     carc_plugin_ref (plugin), (GDestroyNotify)carc_plugin_unref))
        {
          carc_plugin_unref (plugin);
          return FALSE;
        }
    }
  return TRUE;
}
