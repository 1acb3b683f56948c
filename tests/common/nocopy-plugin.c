/* nocopy-plugin.c: an expansion that keeps per-game data and has no copy_data hook, built for
 * the tests (never installed): engine tests build it in (nocopy_plugin_new()), the daemon's
 * load it as tests/daemon/.libs/no-copy.so. */
#include "config.h"

#include "nocopy-plugin.h"
#include "plugin-host.h"

static gpointer
nocopy_setup (CarcSetup *setup, GError **error)
{
  return g_new0 (guint, 1);
}

static gboolean
nocopy_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks
      = { .size = sizeof (CarcHooks), .setup = nocopy_setup, .free_data = g_free };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

const CarcPluginDesc carc_plugin_desc = { CARC_PLUGIN_ABI_MAJOR,
                                          CARC_PLUGIN_ABI_MINOR,
                                          "no-copy",
                                          "data without copy_data",
                                          "1",
                                          0,
                                          nocopy_init,
                                          NULL };

CarcPlugin *
nocopy_plugin_new (void)
{
  return carc_plugin_new_static (&carc_plugin_desc, NULL);
}
