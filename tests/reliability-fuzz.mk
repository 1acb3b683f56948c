# tests/reliability-fuzz.mk: the daemon against hostile and heavy clients (issue 8), included
# from tests/Makefile.inc. Short forms run in `make check`; the long forms are documented in
# doc/reliability.md (DBUS_FUZZ_CALLS=..., `make check-load`, FLOOD_*).
EXTRA_DIST += tests/reliability-fuzz.mk
STATS_SOURCES = tests/daemon-stats.c tests/daemon-stats.h tests/proc-stats.c tests/proc-stats.h

# Our own D-Bus fuzzer: introspection walked, every member called with hostile values.
check_PROGRAMS += tests/test-dbus-fuzz
tests_test_dbus_fuzz_SOURCES = tests/test-dbus-fuzz.c $(DAEMON_TEST_SOURCES) $(MIRROR_SOURCES) $(STATS_SOURCES) \
	$(TEST_PLUGINS)
tests_test_dbus_fuzz_CFLAGS = $(DAEMON_TEST_CFLAGS) $(DBUS_CFLAGS)
tests_test_dbus_fuzz_LDADD = $(DAEMON_TEST_LIBS) $(DBUS_LIBS) -lm

# Floods: caps refuse the excess, memory stays bounded, another game plays on.
check_PROGRAMS += tests/test-daemon-flood
tests_test_daemon_flood_SOURCES = tests/test-daemon-flood.c $(DAEMON_TEST_SOURCES) $(MIRROR_SOURCES) $(STATS_SOURCES)
tests_test_daemon_flood_CFLAGS = $(DAEMON_TEST_CFLAGS) $(DBUS_CFLAGS)
tests_test_daemon_flood_LDADD = $(DAEMON_TEST_LIBS) $(DBUS_LIBS)

# Load: LOAD_GAMES games of 4 connections each for LOAD_SECONDS; `make check-load` is the
# long form of issue 8 (250 games for 2 minutes).
check_PROGRAMS += tests/test-daemon-load
tests_test_daemon_load_SOURCES = tests/test-daemon-load.c $(DAEMON_TEST_SOURCES) $(MIRROR_SOURCES) $(STATS_SOURCES)
tests_test_daemon_load_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_test_daemon_load_LDADD = $(DAEMON_TEST_LIBS)
LOAD_GAMES ?= 250
LOAD_SECONDS ?= 120
check-load: tests/test-daemon-load
	$(AM_V_at)$(MAKE) $(AM_MAKEFLAGS) check TESTS=tests/test-daemon-load \
		LOAD_GAMES=$(LOAD_GAMES) LOAD_SECONDS=$(LOAD_SECONDS)
.PHONY: check-load
