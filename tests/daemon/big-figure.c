/* big-figure.c: a plugin that brings one figure kind, built for the tests (never installed).
 *
 * It declares "big": strength 2 in a majority, one per player, anywhere a follower may
 * stand (a large follower, RULES-next.md D14). test-daemon-figures loads it into the daemon
 * to check that a figure kind reaches D-Bus clients with no daemon change (issue 16,
 * Figures).
 */
#include "config.h"

#include <carcassonne.h>

static gboolean
big_init (CarcPlugin *plugin, GError **error)
{
  static const CarcFigureDef big
      = { .name = "big", .supply = 1, .stands = CARC_STANDS_ANYWHERE, .strength = 2 };
  carc_plugin_add_figure (plugin, &big);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("big-figure", "Test: a figure kind of strength 2", "1.0",
                    CARC_PLUGIN_PRIORITY_DEFAULT, big_init, NULL)
