# tests/reliability-fuzz.mk: the daemon against hostile and heavy clients (issue 8), included
# from tests/Makefile.inc. Short forms run in `make check`; the long forms are documented in
# doc/reliability-fuzz.md (DBUS_FUZZ_CALLS=..., `make check-load`, FLOOD_*).
EXTRA_DIST += tests/reliability-fuzz.mk

# Our own D-Bus fuzzer: introspection walked, every member called with hostile values.
check_PROGRAMS += tests/test-dbus-fuzz
tests_test_dbus_fuzz_SOURCES = tests/test-dbus-fuzz.c $(DAEMON_TEST_SOURCES) $(MIRROR_SOURCES) \
	$(TEST_PLUGINS)
tests_test_dbus_fuzz_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_test_dbus_fuzz_LDADD = $(DAEMON_TEST_LIBS) -lm

# Floods: caps refuse the excess, memory stays bounded, another game plays on.
check_PROGRAMS += tests/test-daemon-flood
tests_test_daemon_flood_SOURCES = tests/test-daemon-flood.c $(DAEMON_TEST_SOURCES) $(MIRROR_SOURCES)
tests_test_daemon_flood_CFLAGS = $(DAEMON_TEST_CFLAGS) $(DBUS_CFLAGS)
tests_test_daemon_flood_LDADD = $(DAEMON_TEST_LIBS) $(DBUS_LIBS)
