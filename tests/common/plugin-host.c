/* plugin-host.c: the expansion plugins of the build tree, for engine tests. */
#include "config.h"

#include "plugin-host.h"

#include <check.h>

CarcPluginHost *
test_plugin_host (void)
{
  static CarcPluginHost *host;
  if (!host)
    {
      host = carc_plugin_host_new ();
      carc_plugin_host_load_dir (host, carc_plugin_host_get_default_dir (), NULL, NULL);
    }
  return host;
}

void
test_plugin_host_add_static (const CarcPluginDesc *descs, guint n)
{
  for (guint i = 0; i < n; i++)
    if (!carc_plugin_host_lookup (test_plugin_host (), descs[i].name))
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (CarcPlugin) plugin = carc_plugin_new_static (&descs[i], &error);
        ck_assert_msg (plugin != NULL, "%s: %s", descs[i].name, error ? error->message : "");
        ck_assert (carc_plugin_host_add (test_plugin_host (), plugin, NULL));
      }
}
