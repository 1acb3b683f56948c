/* static-plugins.c: the shipped plugins compiled into a program, each descriptor renamed,
 * for fuzz targets: a libFuzzer build holds its own copy of the engine, so it cannot dlopen
 * the plugins (they would bring the shared library's). */
#include "config.h"

#include "static-plugins.h"

#define carc_plugin_desc static_abbey_desc
#include "../../plugins/abbey/abbey.c"
#undef carc_plugin_desc
#define carc_plugin_desc static_halftiles_desc
#include "../../plugins/halftiles/halftiles.c"
#include "../../plugins/halftiles/draft.c"
#undef carc_plugin_desc
#define carc_plugin_desc static_hills_desc
#include "../../plugins/hills/hills.c"
#undef carc_plugin_desc
#define carc_plugin_desc static_inns_cathedrals_desc
#include "../../plugins/inns-cathedrals/inns-cathedrals.c"
#undef carc_plugin_desc
#define carc_plugin_desc static_river_desc
#include "../../plugins/river/river.c"
#undef carc_plugin_desc
#define carc_plugin_desc static_traders_builders_desc
#include "../../plugins/traders-builders/traders-builders.c"
#undef carc_plugin_desc
#define carc_plugin_desc static_vineyards_desc
#include "../../plugins/vineyards/vineyards.c"
#undef carc_plugin_desc
#define carc_plugin_desc static_winter_desc
#include "../../plugins/winter/winter.c"
#undef carc_plugin_desc

CarcPluginHost *
static_plugin_host (void)
{
  static CarcPluginHost *host;
  if (host)
    return host;
  const CarcPluginDesc *descs[]
      = { &static_abbey_desc,           &static_halftiles_desc, &static_hills_desc,
          &static_inns_cathedrals_desc, &static_river_desc,     &static_traders_builders_desc,
          &static_vineyards_desc,       &static_winter_desc };
  host = carc_plugin_host_new ();
  for (guint i = 0; i < G_N_ELEMENTS (descs); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (CarcPlugin) plugin = carc_plugin_new_static (descs[i], &error);
      if (!plugin || !carc_plugin_host_add (host, plugin, &error))
        g_error ("static plugin: %s", error->message);
    }
  return host;
}
