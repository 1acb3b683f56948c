/* daemon-stats.h: what the reliability tests measure of the daemon (memory, latencies) and
 * their settings from the environment. Measured, printed, never asserted as timings. */
#pragma once
#include <glib.h>

/* The environment variable @name as a number, or @fallback when unset or empty. */
guint64 env_u64 (const char *name, guint64 fallback);

/* The resident memory (VmRSS) of process @pid, in KiB. */
gsize vm_rss_kib (GPid pid);

/* The daemon @pid was built with AddressSanitizer (its quarantine keeps freed memory). */
gboolean has_asan (GPid pid);

/* Sorts @us (microseconds, doubles) and returns its @percent percentile, in milliseconds. */
double percentile_ms (GArray *us, guint percent);
