/* carc-plugin-host.h: loading expansion plugins and choosing them for a game.
 *
 * A #CarcPluginHost holds the plugins a program loaded: from a directory of shared objects
 * (the daemon's $(libdir)/carcassonned/plugins), one file, or a descriptor compiled into the
 * program. A game uses the plugins its #CarcGameConfig names (carc_game_config_add_expansion()).
 * Plugins stay loaded as long as the host or any config or game using them lives.
 */
#pragma once

#if !defined(CARCASSONNE_INSIDE) && !defined(CARCASSONNE_COMPILATION)
#error "Only <carcassonne.h> can be included directly."
#endif

#include <glib-object.h>
#include "carc-game.h"
#include "carc-plugin.h"

G_BEGIN_DECLS

#define CARC_TYPE_PLUGIN (carc_plugin_get_type ())
GType carc_plugin_get_type (void) G_GNUC_CONST;
CarcPlugin *carc_plugin_ref (CarcPlugin *plugin);
void carc_plugin_unref (CarcPlugin *plugin);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcPlugin, carc_plugin_unref)

CarcPlugin *carc_plugin_new_static (const CarcPluginDesc *desc, GError **error);
CarcPlugin *carc_plugin_new_from_file (const char *path, GError **error);
const char *carc_plugin_get_name (CarcPlugin *plugin);
const char *carc_plugin_get_description (CarcPlugin *plugin);
const char *carc_plugin_get_version (CarcPlugin *plugin);
gint carc_plugin_get_priority (CarcPlugin *plugin);
const char *carc_plugin_get_path (CarcPlugin *plugin);
guint carc_plugin_get_n_options (CarcPlugin *plugin);
const CarcOptionDef *carc_plugin_get_option (CarcPlugin *plugin, guint index);
guint carc_plugin_get_n_figures (CarcPlugin *plugin);
const char *carc_plugin_get_figure_name (CarcPlugin *plugin, guint index);
guint carc_plugin_get_figure_supply (CarcPlugin *plugin, guint index);
const CarcOptionDef *carc_plugin_lookup_option (CarcPlugin *plugin, const char *name);

#define CARC_TYPE_PLUGIN_HOST (carc_plugin_host_get_type ())
G_DECLARE_FINAL_TYPE (CarcPluginHost, carc_plugin_host, CARC, PLUGIN_HOST, GObject)

CarcPluginHost *carc_plugin_host_new (void);
CarcPluginHost *carc_plugin_host_new_default (void);
gboolean carc_plugin_host_add (CarcPluginHost *host, CarcPlugin *plugin, GError **error);
guint carc_plugin_host_load_dir (CarcPluginHost *host, const char *dir, const char *enable,
                                 const char *disable);
guint carc_plugin_host_get_n_plugins (CarcPluginHost *host);
CarcPlugin *carc_plugin_host_get_plugin (CarcPluginHost *host, guint index);
CarcPlugin *carc_plugin_host_lookup (CarcPluginHost *host, const char *name);
gboolean carc_plugin_host_is_known (CarcPluginHost *host, const char *name);
guint carc_plugin_host_get_n_refused (CarcPluginHost *host);
const char *carc_plugin_host_get_refused (CarcPluginHost *host, guint index, const char **path,
                                          const char **reason);
const char *carc_plugin_host_lookup_refusal (CarcPluginHost *host, const char *name);
const char *carc_plugin_host_get_default_dir (void);

gboolean carc_game_config_add_expansion (CarcGameConfig *config, CarcPlugin *plugin,
                                         GError **error);
gboolean carc_game_config_add_expansion_by_name (CarcGameConfig *config, CarcPluginHost *host,
                                                 const char *name, GError **error);
gboolean carc_game_config_add_expansion_set (CarcGameConfig *config, CarcPluginHost *host,
                                             const char *set, GError **error);
gboolean carc_game_config_set_option (CarcGameConfig *config, const char *expansion,
                                      const char *option, guint32 value, GError **error);
guint carc_game_config_get_n_expansions (const CarcGameConfig *config);
CarcPlugin *carc_game_config_get_expansion (const CarcGameConfig *config, guint index);
guint32 carc_game_config_get_option (const CarcGameConfig *config, guint expansion, guint option);

G_END_DECLS
