/* plugin-host.c: the expansion plugins of the build tree, for engine tests. */
#include "config.h"

#include "plugin-host.h"

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
