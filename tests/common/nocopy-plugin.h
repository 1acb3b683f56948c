/* nocopy-plugin.h: a test expansion that keeps per-game data and has no copy_data hook, so
 * carc_game_copy() of a game with it fails with CARC_ERROR_PLUGIN. */
#pragma once
#include "carcassonne.h"

/* The "no-copy" expansion, built in (carc_plugin_new_static()). */
CarcPlugin *nocopy_plugin_new (void);
