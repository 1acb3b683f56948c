/* run.h: folders of JCloisterZone games replayed one by one, their disagreements, skips and
 * errors printed, the totals kept (doc/conformance.md says what the lines mean). */
#pragma once

#include <stdio.h>
#include "carcassonne.h"

G_BEGIN_DECLS

typedef struct _ConformanceRun ConformanceRun;

ConformanceRun *conformance_run_new (CarcPluginHost *host, FILE *out, FILE *err, GError **error);
void conformance_run_free (ConformanceRun *run);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (ConformanceRun, conformance_run_free)

void conformance_run_path (ConformanceRun *run, const char *path);
guint conformance_run_get_games (ConformanceRun *run);
guint conformance_run_get_disagreeing (ConformanceRun *run);
guint conformance_run_get_errors (ConformanceRun *run);

G_END_DECLS
