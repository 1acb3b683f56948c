# tests/daemon-authz.mk: who may call what, and clients that vanish mid-call (issue 8,
# reliability and security; included from tests/Makefile.inc).
#
# test-daemon-authz: the authorisation matrix: every member x role x target, exact outcomes.
# test-daemon-vanish: clients that disconnect or are killed mid-call; VANISH_ROUNDS=N for the
# long form (doc/reliability.md).
check_PROGRAMS += tests/test-daemon-authz tests/test-daemon-vanish
EXTRA_DIST += tests/daemon-authz.mk

tests_test_daemon_authz_SOURCES = tests/test-daemon-authz.c $(DAEMON_TEST_SOURCES)
tests_test_daemon_authz_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_test_daemon_authz_LDADD = $(DAEMON_TEST_LIBS)

tests_test_daemon_vanish_SOURCES = tests/test-daemon-vanish.c $(DAEMON_PLAY_SOURCES) \
	$(MIRROR_SOURCES)
tests_test_daemon_vanish_CFLAGS = $(DAEMON_TEST_CFLAGS)
tests_test_daemon_vanish_LDADD = $(DAEMON_TEST_LIBS)
