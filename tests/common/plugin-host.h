/* plugin-host.h: the expansion plugins of the build tree, for engine tests. */
#pragma once

#include "carcassonne.h"

/* The plugins in carc_plugin_host_get_default_dir() ($CARCASSONNE_PLUGIN_DIR, which the
 * tests' environment points at plugins/.libs), loaded on the first call; the host lives as
 * long as the test program. */
CarcPluginHost *test_plugin_host (void);

/* Adds to test_plugin_host() each of the @n plugins compiled into the test (fixtures) that it
 * does not hold yet; a refused one fails the test. */
void test_plugin_host_add_static (const CarcPluginDesc *descs, guint n);
