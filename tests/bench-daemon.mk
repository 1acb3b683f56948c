# tests/bench-daemon.mk: the daemon's benchmarks beyond tests/bench-dbus (included from
# tests/Makefile.inc); `make bench` runs them each under dbus-run-session, a private bus.
#   tests/bench-dbus-scale    1,000 concurrent games driven by many clients: the daemon's
#                             RSS idle and per live game, move latency p50/p99
#   tests/bench-dbus-startup  from exec to owning the bus name with all plugins loaded
# See doc/performance.md for the figures and how to repeat them.
BENCH_DAEMON_SOURCES = tests/bench-daemon.c tests/bench-daemon.h tests/proc-stats.c tests/proc-stats.h
bench_dbus_programs += tests/bench-dbus-scale tests/bench-dbus-startup
tests_bench_dbus_scale_SOURCES = tests/bench-dbus-scale.c $(BENCH_DAEMON_SOURCES)
tests_bench_dbus_scale_CFLAGS = $(TEST_CFLAGS) $(DBUS_CFLAGS)
tests_bench_dbus_scale_LDADD = $(DBUS_LIBS) $(GLIB_LIBS)
tests_bench_dbus_startup_SOURCES = tests/bench-dbus-startup.c $(BENCH_DAEMON_SOURCES)
tests_bench_dbus_startup_CFLAGS = $(TEST_CFLAGS) $(DBUS_CFLAGS)
tests_bench_dbus_startup_LDADD = $(DBUS_LIBS) $(GLIB_LIBS)
EXTRA_DIST += tests/bench-daemon.mk
