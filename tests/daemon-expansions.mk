# tests/daemon-expansions.mk: D-Bus tests of expansions (included from tests/Makefile.inc).
# The daemon loads the build tree's plugins (CARCASSONNE_PLUGIN_DIR in TESTS_ENVIRONMENT);
# games are played through it by the seeded policy of expansion-play.h and in-process by the
# engine, which must agree.
EXPANSION_PLAY_SOURCES = $(DAEMON_PLAY_SOURCES) tests/expansion-play.c tests/expansion-play.h

# (TESTS holds $(check_PROGRAMS): these run with the others)
check_PROGRAMS += tests/test-daemon-expansions tests/test-daemon-expansion-errors

# Links the daemon's bot, to play the daemon's bot games in-process.
tests_test_daemon_expansions_SOURCES = tests/test-daemon-expansions.c $(EXPANSION_PLAY_SOURCES)
tests_test_daemon_expansions_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/core/daemon
tests_test_daemon_expansions_CFLAGS = $(DAEMON_TEST_CFLAGS) $(DBUS_CFLAGS)
tests_test_daemon_expansions_LDADD = core/daemon/libcarcd.la $(DAEMON_TEST_LIBS) $(DBUS_LIBS)

tests_test_daemon_expansion_errors_SOURCES = tests/test-daemon-expansion-errors.c \
	$(EXPANSION_PLAY_SOURCES)
tests_test_daemon_expansion_errors_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_test_daemon_expansion_errors_LDADD = $(DAEMON_TEST_LIBS)
