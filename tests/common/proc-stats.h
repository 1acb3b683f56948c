/* proc-stats.h: what the benchmarks and the reliability tests measure of a process (memory from
 * /proc) and of their samples (quantiles). GLib only, so both kinds of program link it. */
#pragma once
#include <glib.h>

/* A field of /proc/@pid/@file ("status" or "smaps_rollup": "VmRSS", "Pss"...) in KiB, or -1
 * when the file cannot be read or has no such field. */
gint64 proc_kib (GPid pid, const char *file, const char *field);

/* The value at fraction @q (0.5 the median, 0.99 the 99th percentile, 1 the largest) of
 * @values (doubles; sorted in place), 0 if empty. */
double quantile (GArray *values, double q);
