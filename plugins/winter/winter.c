/* winter.c: the Winter Edition's 12 animal tiles (doc/rules.md section 2, decision D12).
 *
 * Setup adds them to the draw pile (72 + 12 = 84 tiles). Each carries its animal as a tag
 * (`animal=bear`) that clients see; animals have no effect on the rules. */
#include "config.h"

#include <carcassonne.h>

static const char winter_tiles[] =
#include "plugins/winter/winter-tiles.h"
    ;

static gpointer
winter_setup (CarcSetup *setup, GError **error)
{
  carc_setup_add_all_to_deck (setup);
  return NULL;
}

static gboolean
winter_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks), .setup = winter_setup };
  if (!carc_plugin_add_tiles (plugin, winter_tiles, -1, error))
    return FALSE;
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("winter", "Winter Edition: 12 tiles with animals (no rule changes)", VERSION,
                    CARC_PLUGIN_PRIORITY_DEFAULT, winter_init, NULL)
