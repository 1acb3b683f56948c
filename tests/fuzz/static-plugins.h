/* static-plugins.h: the shipped plugins compiled into a fuzz target (see static-plugins.c). */
#pragma once

#include "carcassonne.h"

/* A host holding abbey, halftiles, hills, inns-cathedrals, river, traders-builders, vineyards
 * and winter; made on the first call. */
CarcPluginHost *static_plugin_host (void);
