# tests/daemon-persistence.mk: games that survive the daemon (journals, restore) and game
# records over D-Bus (included from tests/Makefile.inc).
#
# Every test runs with XDG_STATE_HOME set to a fresh directory of its own
# (tests/with-state-dir.sh), so no daemon a test starts finds the games of another test, or of
# the user, and none leaves its journals behind.
TESTS_ENVIRONMENT += $(SHELL) $(abs_top_srcdir)/tests/with-state-dir.sh
EXTRA_DIST += tests/daemon-persistence.mk tests/with-state-dir.sh

check_PROGRAMS += tests/test-daemon-persistence tests/test-daemon-journal \
	tests/test-daemon-records
MIRROR_SOURCES = tests/daemon-mirror.c tests/daemon-mirror.h

tests_test_daemon_persistence_SOURCES = tests/test-daemon-persistence.c $(DAEMON_PLAY_SOURCES) \
	$(MIRROR_SOURCES)
tests_test_daemon_persistence_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_test_daemon_persistence_LDADD = $(DAEMON_TEST_LIBS)

tests_test_daemon_journal_SOURCES = tests/test-daemon-journal.c $(DAEMON_PLAY_SOURCES) \
	$(MIRROR_SOURCES)
tests_test_daemon_journal_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_test_daemon_journal_LDADD = $(DAEMON_TEST_LIBS)

tests_test_daemon_records_SOURCES = tests/test-daemon-records.c $(EXPANSION_PLAY_SOURCES) \
	$(MIRROR_SOURCES)
tests_test_daemon_records_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_test_daemon_records_LDADD = $(DAEMON_TEST_LIBS)
