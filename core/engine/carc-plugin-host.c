/* carc-plugin-host.c: the plugins a program loaded, found by name. */
#include "config.h"

#include <string.h>
#include "carc-error.h"
#include "carc-plugin-private.h"

/* A plugin file carc_plugin_host_load_dir() refused. */
typedef struct
{
  char *name;   /* the file's name without its suffix */
  char *path;   /* the file */
  char *reason; /* why, without the file's name */
} Refusal;

static void
refusal_free (Refusal *r)
{
  g_free (r->name);
  g_free (r->path);
  g_free (r->reason);
  g_free (r);
}

struct _CarcPluginHost
{
  GObject parent_instance;
  GPtrArray *plugins; /* CarcPlugin*, owned, by priority then name */
  GHashTable *known;  /* names of plugin files seen, loaded or not */
  GPtrArray *refused; /* Refusal*, in the order the files were tried */
};

G_DEFINE_FINAL_TYPE (CarcPluginHost, carc_plugin_host, G_TYPE_OBJECT)

static void
carc_plugin_host_finalize (GObject *object)
{
  CarcPluginHost *self = CARC_PLUGIN_HOST (object);
  g_ptr_array_unref (self->plugins);
  g_hash_table_unref (self->known);
  g_ptr_array_unref (self->refused);
  G_OBJECT_CLASS (carc_plugin_host_parent_class)->finalize (object);
}

static void
carc_plugin_host_class_init (CarcPluginHostClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = carc_plugin_host_finalize;
}

static void
carc_plugin_host_init (CarcPluginHost *self)
{
  self->plugins = g_ptr_array_new_with_free_func ((GDestroyNotify)carc_plugin_unref);
  self->known = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->refused = g_ptr_array_new_with_free_func ((GDestroyNotify)refusal_free);
}

/**
 * carc_plugin_host_new:
 * Returns: (transfer full): a host with no plugins
 */
CarcPluginHost *
carc_plugin_host_new (void)
{
  return g_object_new (CARC_TYPE_PLUGIN_HOST, NULL);
}

/**
 * carc_plugin_host_get_default_dir:
 *
 * Where to look for plugins: $CARCASSONNE_PLUGIN_DIR if set (a build tree's plugins/.libs),
 * else where `make install` puts them.
 *
 * Returns: (type filename): the directory
 */
const char *
carc_plugin_host_get_default_dir (void)
{
  const char *env = g_getenv ("CARCASSONNE_PLUGIN_DIR");
  return env && *env ? env : CARC_PLUGIN_DIR;
}

/**
 * carc_plugin_host_add:
 * @host: a host
 * @plugin: a started plugin (a reference is taken)
 * @error: return location for a #CarcError
 *
 * Returns: %TRUE on success; %FALSE if a plugin of that name is already there
 */
gboolean
carc_plugin_host_add (CarcPluginHost *host, CarcPlugin *plugin, GError **error)
{
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host), FALSE);
  g_return_val_if_fail (plugin != NULL, FALSE);
  const char *name = plugin->desc->name;
  if (carc_plugin_host_lookup (host, name))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, "a plugin called %s is already loaded",
                   name);
      return FALSE;
    }
  guint at = 0;
  while (at < host->plugins->len)
    {
      const CarcPluginDesc *d = ((CarcPlugin *)g_ptr_array_index (host->plugins, at))->desc;
      if (d->priority > plugin->desc->priority
          || (d->priority == plugin->desc->priority && strcmp (d->name, name) > 0))
        break;
      at++;
    }
  g_ptr_array_insert (host->plugins, (gint)at, carc_plugin_ref (plugin));
  g_hash_table_add (host->known, g_strdup (name));
  return TRUE;
}

/* TRUE if @name matches one of the comma-separated glob patterns in @list. */
static gboolean
matches (const char *list, const char *name)
{
  g_auto (GStrv) patterns = g_strsplit (list, ",", -1);
  for (guint i = 0; patterns[i]; i++)
    {
      g_strstrip (patterns[i]);
      if (*patterns[i] && g_pattern_match_simple (patterns[i], name))
        return TRUE;
    }
  return FALSE;
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* Remembers that @path (plugin @name) was refused with @error, and warns. */
static void
refuse (CarcPluginHost *host, const char *name, const char *path, const GError *error)
{
  Refusal *r = g_new0 (Refusal, 1);
  g_autofree char *prefix = g_strconcat (path, ": ", NULL);
  const char *reason = error->message;

  if (g_str_has_prefix (reason, prefix))
    reason += strlen (prefix);
  r->name = g_strdup (name);
  r->path = g_strdup (path);
  r->reason = g_strdup (reason);
  g_ptr_array_add (host->refused, r);
  g_warning ("plugins: refused: %s: %s", path, reason);
}

/* Loads @path, the file of plugin @name (its file name); refuses it as refuse() does. */
static gboolean
load_file (CarcPluginHost *host, const char *name, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcPlugin) plugin = carc_plugin_new_from_file (path, &error);

  if (!plugin || !carc_plugin_host_add (host, plugin, &error))
    {
      refuse (host, name, path, error);
      return FALSE;
    }
  /* a game names the plugin by the name it declares: say so where the file says otherwise */
  if (!g_str_equal (plugin->desc->name, name))
    g_warning ("plugins: %s is plugin %s: games take it as \"%s\", not \"%s\"", path,
               plugin->desc->name, plugin->desc->name, name);
  g_info ("plugins: loaded %s %s from %s", plugin->desc->name, plugin->desc->version, path);
  return TRUE;
}

/**
 * carc_plugin_host_load_dir:
 * @host: a host
 * @dir: (type filename): a directory of plugins (`<name>.so` files)
 * @enable: (nullable): comma-separated glob patterns: load only plugins whose name matches
 * @disable: (nullable): comma-separated glob patterns: never load these
 *
 * Loads the plugins in @dir, in name order. A file that is not a plugin, was built for
 * another ABI, fails its init or repeats a name is refused with a warning naming the file
 * and the reason, and remembered with them (carc_plugin_host_get_refused()); the others
 * still load. A plugin whose file name (without its suffix) is not the name it declares
 * loads under its declared name, with a warning. A plugin left out by @enable or @disable is
 * remembered by name (carc_plugin_host_is_known()).
 *
 * Returns: how many plugins were loaded
 */
guint
carc_plugin_host_load_dir (CarcPluginHost *host, const char *dir, const char *enable,
                           const char *disable)
{
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host), 0);
  g_return_val_if_fail (dir != NULL, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) d = g_dir_open (dir, 0, &error);
  if (!d)
    {
      g_warning ("plugins: %s", error->message);
      return 0;
    }
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *entry;
  while ((entry = g_dir_read_name (d)))
    if (g_str_has_suffix (entry, "." G_MODULE_SUFFIX))
      g_ptr_array_add (names, g_strdup (entry));
  g_ptr_array_sort (names, compare_names);
  guint loaded = 0;
  for (guint i = 0; i < names->len; i++)
    {
      const char *file = g_ptr_array_index (names, i);
      g_autofree char *name = g_strndup (file, strlen (file) - strlen ("." G_MODULE_SUFFIX));
      g_hash_table_add (host->known, g_strdup (name));
      if ((enable && !matches (enable, name)) || (disable && matches (disable, name)))
        {
          g_info ("plugins: %s not enabled", name);
          continue;
        }
      g_autofree char *path = g_build_filename (dir, file, NULL);
      loaded += load_file (host, name, path);
    }
  return loaded;
}

/**
 * carc_plugin_host_new_default:
 *
 * A host with every plugin of carc_plugin_host_get_default_dir() loaded, as
 * carc_plugin_host_load_dir() loads them: what a program that offers all the installed
 * expansions needs.
 *
 * Returns: (transfer full): the host
 */
CarcPluginHost *
carc_plugin_host_new_default (void)
{
  CarcPluginHost *host = carc_plugin_host_new ();
  carc_plugin_host_load_dir (host, carc_plugin_host_get_default_dir (), NULL, NULL);
  return host;
}

/**
 * carc_plugin_host_get_n_plugins:
 *
 * Returns: how many plugins the host loaded
 */
guint
carc_plugin_host_get_n_plugins (CarcPluginHost *host)
{
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host), 0);
  return host->plugins->len;
}

/**
 * carc_plugin_host_get_plugin:
 * Returns: (transfer none) (nullable): plugin @index, by priority then name
 */
CarcPlugin *
carc_plugin_host_get_plugin (CarcPluginHost *host, guint index)
{
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host), NULL);
  return index < host->plugins->len ? g_ptr_array_index (host->plugins, index) : NULL;
}

/**
 * carc_plugin_host_lookup:
 * Returns: (transfer none) (nullable): the loaded plugin called @name
 */
CarcPlugin *
carc_plugin_host_lookup (CarcPluginHost *host, const char *name)
{
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  for (guint i = 0; i < host->plugins->len; i++)
    {
      CarcPlugin *p = g_ptr_array_index (host->plugins, i);
      if (g_strcmp0 (p->desc->name, name) == 0)
        return p;
    }
  return NULL;
}

/**
 * carc_plugin_host_is_known:
 * @host: a host
 * @name: a plugin name
 *
 * Returns: %TRUE if a plugin called @name was loaded, or its file was seen but left out or
 *   refused
 */
gboolean
carc_plugin_host_is_known (CarcPluginHost *host, const char *name)
{
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  return g_hash_table_contains (host->known, name);
}

/**
 * carc_plugin_host_get_n_refused:
 *
 * Returns: how many plugin files carc_plugin_host_load_dir() refused
 */
guint
carc_plugin_host_get_n_refused (CarcPluginHost *host)
{
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host), 0);
  return host->refused->len;
}

/**
 * carc_plugin_host_get_refused:
 * @host: a host
 * @index: which refusal, in the order the files were tried
 * @path: (out) (optional) (transfer none) (type filename): the file
 * @reason: (out) (optional) (transfer none): why it was refused, for people (e.g. "plugin
 *   moon refused to start: ...", "a plugin called moon is already loaded")
 *
 * Returns: (nullable): the refused plugin's name (its file's name without the suffix), or
 *   %NULL if @index is past the last
 */
const char *
carc_plugin_host_get_refused (CarcPluginHost *host, guint index, const char **path,
                              const char **reason)
{
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host), NULL);
  if (index >= host->refused->len)
    return NULL;
  Refusal *r = g_ptr_array_index (host->refused, index);
  if (path)
    *path = r->path;
  if (reason)
    *reason = r->reason;
  return r->name;
}

/**
 * carc_plugin_host_lookup_refusal:
 * @host: a host
 * @name: a plugin name
 *
 * Returns: (nullable): why the plugin file called @name was refused, or %NULL if it was not
 */
const char *
carc_plugin_host_lookup_refusal (CarcPluginHost *host, const char *name)
{
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  for (guint i = 0; i < host->refused->len; i++)
    {
      Refusal *r = g_ptr_array_index (host->refused, i);
      if (g_str_equal (r->name, name))
        return r->reason;
    }
  return NULL;
}

/**
 * carc_game_config_add_expansion_by_name:
 * @config: a config
 * @host: the host that loaded the expansion
 * @name: the expansion's name (its plugin's, as carc_plugin_get_name() says)
 * @error: return location for a #CarcError
 *
 * carc_game_config_add_expansion() with the plugin of @host called @name.
 *
 * Returns: %TRUE on success; %FALSE if @host has no such plugin
 *   (CARC_ERROR_UNKNOWN_EXPANSION) or the config already has it
 */
gboolean
carc_game_config_add_expansion_by_name (CarcGameConfig *config, CarcPluginHost *host,
                                        const char *name, GError **error)
{
  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host), FALSE);
  CarcPlugin *plugin = carc_plugin_host_lookup (host, name);
  if (!plugin)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_UNKNOWN_EXPANSION, "no expansion called %s", name);
      return FALSE;
    }
  return carc_game_config_add_expansion (config, plugin, error);
}

static gboolean
set_unknown (GError **error, const char *name, const char *set)
{
  g_set_error (error, CARC_ERROR, CARC_ERROR_UNKNOWN_EXPANSION,
               "no expansion called '%s' in the set '%s'", name, set);
  return FALSE;
}

/* The plugins @set names ("none", "all" or names with commas), or %FALSE with @error set. */
static gboolean
resolve_set (CarcPluginHost *host, const char *set, GPtrArray *plugins, GError **error)
{
  if (g_str_equal (set, "none"))
    return TRUE;
  if (g_str_equal (set, "all"))
    {
      for (guint i = 0; i < carc_plugin_host_get_n_plugins (host); i++)
        g_ptr_array_add (plugins, carc_plugin_host_get_plugin (host, i));
      return TRUE;
    }
  if (*set == '\0') /* g_strsplit() gives no name at all */
    return set_unknown (error, "", set);
  g_auto (GStrv) names = g_strsplit (set, ",", -1);
  for (guint i = 0; names[i]; i++)
    {
      CarcPlugin *plugin = carc_plugin_host_lookup (host, names[i]);
      if (!plugin)
        return set_unknown (error, names[i], set);
      g_ptr_array_add (plugins, plugin);
    }
  return TRUE;
}

/* Whether @config has an expansion called @name, or @plugins one before @upto. */
static gboolean
named_before (const CarcGameConfig *config, GPtrArray *plugins, guint upto, const char *name)
{
  for (guint i = 0; i < carc_game_config_get_n_expansions (config); i++)
    if (g_str_equal (carc_plugin_get_name (carc_game_config_get_expansion (config, i)), name))
      return TRUE;
  for (guint i = 0; i < upto; i++)
    if (g_str_equal (carc_plugin_get_name (g_ptr_array_index (plugins, i)), name))
      return TRUE;
  return FALSE;
}

/**
 * carc_game_config_add_expansion_set:
 * @config: a config
 * @host: the host that loaded the expansions
 * @set: an expansion set: `none` (no expansion), `all` (every plugin @host loaded, in its
 *   order) or plugin names joined by commas (`abbey,winter`), as carcassonne-arena's
 *   `--expansions SET` (doc/arena.md)
 * @error: return location for a #CarcError
 *
 * carc_game_config_add_expansion() with every plugin of @set, all or none: on an error
 * @config is as it was.
 *
 * Returns: %TRUE on success; %FALSE if a name is not a plugin of @host
 *   (CARC_ERROR_UNKNOWN_EXPANSION, an empty name too) or an expansion is named twice, in
 *   @set or in @set and @config (CARC_ERROR_INVALID_ARGUMENT)
 */
gboolean
carc_game_config_add_expansion_set (CarcGameConfig *config, CarcPluginHost *host, const char *set,
                                    GError **error)
{
  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host), FALSE);
  g_return_val_if_fail (set != NULL, FALSE);
  g_autoptr (GPtrArray) plugins = g_ptr_array_new ();
  if (!resolve_set (host, set, plugins, error))
    return FALSE;
  for (guint i = 0; i < plugins->len; i++)
    {
      const char *name = carc_plugin_get_name (g_ptr_array_index (plugins, i));
      if (named_before (config, plugins, i, name))
        {
          g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                       "expansion %s named twice (the set '%s')", name, set);
          return FALSE;
        }
    }
  for (guint i = 0; i < plugins->len; i++)
    if (!carc_game_config_add_expansion (config, g_ptr_array_index (plugins, i), error))
      return FALSE; /* checked above: cannot happen */
  return TRUE;
}
