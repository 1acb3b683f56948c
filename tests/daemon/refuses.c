/* refuses.c: a plugin that refuses to start, built for the tests (never installed).
 *
 * Its init() fails with a reason of its own, so that the tests see a refused plugin the way
 * a client does: the daemon goes on without it, Manager.RefusedPlugins lists it with that
 * reason, and CreateGame naming it is ExpansionUnavailable with the reason in its message
 * (issue 14: "a refused plugin is visible to clients").
 */
#include "config.h"

#include <carcassonne.h>

static gboolean
refuses_init (CarcPlugin *plugin, GError **error)
{
  g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, "no tavern keeper today");
  return FALSE;
}

CARC_PLUGIN_DEFINE ("refuses", "Test: a plugin whose init always fails", "1.0",
                    CARC_PLUGIN_PRIORITY_DEFAULT, refuses_init, NULL)
