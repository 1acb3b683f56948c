/* carc-plugin.c: a loaded expansion plugin: its descriptor, hooks, tiles and options. */
#include "config.h"

#include "carc-boxed-private.h"
#include <gmodule.h>
#include <string.h>
#include "carc-error.h"
#include "carc-plugin-private.h"

G_DEFINE_BOXED_TYPE (CarcPlugin, carc_plugin, carc_plugin_ref, carc_plugin_unref)

/**
 * carc_plugin_ref:
 * Returns: (transfer full): @plugin
 */
CarcPlugin *
carc_plugin_ref (CarcPlugin *plugin)
{
  g_return_val_if_fail (plugin != NULL, NULL);
  g_atomic_int_inc (&plugin->ref_count);
  return plugin;
}

/**
 * carc_plugin_unref:
 * @plugin: (nullable): a plugin
 *
 * Drops a reference; the module stays resident.
 */
void
carc_plugin_unref (CarcPlugin *plugin)
{
  if (!plugin || !g_atomic_int_dec_and_test (&plugin->ref_count))
    return;
  if (plugin->initialised && plugin->desc->exit)
    plugin->desc->exit (plugin);
  g_clear_object (&plugin->tiles);
  g_clear_pointer (&plugin->options, g_array_unref);
  g_clear_pointer (&plugin->figures, g_array_unref);
  g_clear_pointer (&plugin->moves, g_array_unref);
  g_free (plugin->path);
  /* The module stays resident: tile types and hooks may still be referenced by code that
   * outlives this struct's last reference only by accident; never unloading is the safe
   * choice, as GLib's own modules do (g_module_make_resident). */
  g_free (plugin);
}

static gboolean
name_is_valid (const char *name)
{
  gsize len = name ? strlen (name) : 0;
  if (len == 0 || len > 32)
    return FALSE;
  for (const char *p = name; *p; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p) && *p != '-')
      return FALSE;
  return TRUE;
}

static CarcPlugin *
plugin_init (const CarcPluginDesc *desc, const char *path, GError **error)
{
  const char *where = path ? path : "built-in plugin";
  if (desc->abi_major != CARC_PLUGIN_ABI_MAJOR || desc->abi_minor > CARC_PLUGIN_ABI_MINOR)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN,
                   "%s: built for plugin ABI %u.%u, this engine has %u.%u", where, desc->abi_major,
                   desc->abi_minor, CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR);
      return NULL;
    }
  if (!name_is_valid (desc->name))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN,
                   "%s: the name must be 1-32 lower-case letters, digits or '-'", where);
      return NULL;
    }
  if (!desc->init || !desc->description || !desc->version)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN,
                   "%s: plugin %s has no init, description or version", where, desc->name);
      return NULL;
    }
  g_autoptr (CarcPlugin) plugin = g_new0 (CarcPlugin, 1);
  plugin->ref_count = 1;
  plugin->desc = desc;
  plugin->path = g_strdup (path);
  plugin->tiles = carc_tile_set_new ();
  plugin->options = g_array_new (FALSE, TRUE, sizeof (CarcOptionDef));
  plugin->figures = g_array_new (FALSE, TRUE, sizeof (CarcFigureDef));
  plugin->moves = g_array_new (FALSE, TRUE, sizeof (CarcMoveDef));
  g_autoptr (GError) local = NULL;
  if (!desc->init (plugin, &local))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, "%s: plugin %s refused to start: %s",
                   where, desc->name, local ? local->message : "no reason given");
      return NULL;
    }
  plugin->initialised = TRUE;
  return g_steal_pointer (&plugin);
}

/**
 * carc_plugin_new_static: (skip)
 * @desc: a descriptor compiled into the program (it must outlive the plugin)
 * @error: return location for a #CarcError
 *
 * Starts a plugin that is not a shared object: checks the ABI and calls its init().
 *
 * Returns: (transfer full) (nullable): the plugin, or %NULL with @error set
 */
CarcPlugin *
carc_plugin_new_static (const CarcPluginDesc *desc, GError **error)
{
  g_return_val_if_fail (desc != NULL, NULL);
  return plugin_init (desc, NULL, error);
}

/**
 * carc_plugin_new_from_file:
 * @path: (type filename): a plugin's shared object
 * @error: return location for a #CarcError
 *
 * Loads the shared object (it stays resident), finds its descriptor, checks the ABI and
 * calls its init().
 *
 * Returns: (transfer full) (nullable): the plugin, or %NULL with @error set
 */
CarcPlugin *
carc_plugin_new_from_file (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  GModule *module = g_module_open (path, G_MODULE_BIND_LOCAL);
  if (!module)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, "%s: cannot load: %s", path,
                   g_module_error ());
      return NULL;
    }
  gpointer sym = NULL;
  if (!g_module_symbol (module, CARC_PLUGIN_SYMBOL, &sym) || !sym)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN,
                   "%s: not a carcassonned plugin (no %s symbol)", path, CARC_PLUGIN_SYMBOL);
      g_module_close (module);
      return NULL;
    }
  CarcPlugin *plugin = plugin_init (sym, path, error);
  if (!plugin)
    {
      g_module_close (module);
      return NULL;
    }
  g_module_make_resident (module);
  return plugin;
}

/**
 * carc_option_def_copy:
 * @option: an option
 *
 * Returns: (transfer full): a copy, to free with carc_option_def_free()
 */
/**
 * carc_option_def_free:
 * @option: (nullable): an option from carc_option_def_copy()
 */
CARC_DEFINE_PLAIN_BOXED (CarcOptionDef, carc_option_def)

/**
 * carc_plugin_set_hooks: (skip)
 * @plugin: the plugin being initialised
 * @hooks: its hook table (copied; members past @hooks->size are taken as absent)
 *
 * For plugins written in C: a hook table is C function pointers.
 */
void
carc_plugin_set_hooks (CarcPlugin *plugin, const CarcHooks *hooks)
{
  g_return_if_fail (plugin != NULL);
  g_return_if_fail (hooks != NULL);
  memset (&plugin->hooks, 0, sizeof plugin->hooks);
  memcpy (&plugin->hooks, hooks, MIN (hooks->size, sizeof plugin->hooks));
  plugin->hooks.size = sizeof plugin->hooks;
}

/**
 * carc_plugin_add_tiles:
 * @plugin: the plugin being initialised
 * @data: tile data (doc/tile-data.md)
 * @length: its length, or -1 if NUL-terminated
 * @error: return location for a #CarcError
 *
 * Adds tile types the plugin's setup hook can put into the deck or into hands.
 *
 * Returns: %TRUE on success
 */
gboolean
carc_plugin_add_tiles (CarcPlugin *plugin, const char *data, gssize length, GError **error)
{
  g_return_val_if_fail (plugin != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_autofree char *source = g_strdup_printf ("%s.tiles", plugin->desc->name);
  return carc_tile_set_load_data (plugin->tiles, data, length, source, error);
}

/**
 * carc_plugin_get_tiles:
 * Returns: (transfer none): the tile types the plugin brought
 */
CarcTileSet *
carc_plugin_get_tiles (CarcPlugin *plugin)
{
  g_return_val_if_fail (plugin != NULL, NULL);
  return plugin->tiles;
}

/**
 * carc_plugin_add_option:
 * @plugin: the plugin being initialised
 * @option: a game option (copied; its strings must be static)
 */
void
carc_plugin_add_option (CarcPlugin *plugin, const CarcOptionDef *option)
{
  g_return_if_fail (plugin != NULL);
  g_return_if_fail (option != NULL);
  g_return_if_fail (option->type == CARC_OPTION_BOOLEAN
                        ? option->default_value <= 1
                        : option->min <= option->default_value
                              && option->default_value <= option->max);
  g_array_append_val (plugin->options, *option);
}

/**
 * carc_digest_add_u32: (skip)
 * @bytes: what a digest hook was given
 * @value: a number
 *
 * Appends @value as 4 bytes, little-endian, as the engine's own hashes write numbers.
 */
void
carc_digest_add_u32 (GByteArray *bytes, guint32 value)
{
  g_return_if_fail (bytes != NULL);
  guint8 b[4] = { value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >> 24 };
  g_byte_array_append (bytes, b, sizeof b);
}

/**
 * carc_plugin_get_name:
 *
 * Returns: the expansion's name (its descriptor's @name)
 */
const char *
carc_plugin_get_name (CarcPlugin *plugin)
{
  g_return_val_if_fail (plugin != NULL, NULL);
  return plugin->desc->name;
}

/**
 * carc_plugin_get_description:
 *
 * Returns: one line for people
 */
const char *
carc_plugin_get_description (CarcPlugin *plugin)
{
  g_return_val_if_fail (plugin != NULL, NULL);
  return plugin->desc->description;
}

/**
 * carc_plugin_get_version:
 *
 * Returns: the plugin's own version
 */
const char *
carc_plugin_get_version (CarcPlugin *plugin)
{
  g_return_val_if_fail (plugin != NULL, NULL);
  return plugin->desc->version;
}

/**
 * carc_plugin_get_priority:
 *
 * Returns: its hook order among a game's expansions: lower runs first
 */
gint
carc_plugin_get_priority (CarcPlugin *plugin)
{
  g_return_val_if_fail (plugin != NULL, 0);
  return plugin->desc->priority;
}

/**
 * carc_plugin_get_path:
 * Returns: (nullable): the shared object it came from; %NULL for a built-in plugin
 */
const char *
carc_plugin_get_path (CarcPlugin *plugin)
{
  g_return_val_if_fail (plugin != NULL, NULL);
  return plugin->path;
}

/**
 * carc_plugin_get_n_options:
 *
 * Returns: how many game options the plugin declares
 */
guint
carc_plugin_get_n_options (CarcPlugin *plugin)
{
  g_return_val_if_fail (plugin != NULL, 0);
  return plugin->options->len;
}

/**
 * carc_plugin_get_option:
 * Returns: (transfer none) (nullable): option @index
 */
const CarcOptionDef *
carc_plugin_get_option (CarcPlugin *plugin, guint index)
{
  g_return_val_if_fail (plugin != NULL, NULL);
  if (index >= plugin->options->len)
    return NULL;
  return &g_array_index (plugin->options, CarcOptionDef, index);
}

/**
 * carc_plugin_lookup_option:
 * Returns: (transfer none) (nullable): the option called @name
 */
const CarcOptionDef *
carc_plugin_lookup_option (CarcPlugin *plugin, const char *name)
{
  g_return_val_if_fail (plugin != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  for (guint i = 0; i < plugin->options->len; i++)
    {
      const CarcOptionDef *o = &g_array_index (plugin->options, CarcOptionDef, i);
      if (g_strcmp0 (o->name, name) == 0)
        return o;
    }
  return NULL;
}
