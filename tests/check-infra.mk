# tests/check-infra.mk: the whole test suite under valgrind (`make check-valgrind`) and under
# ASan, UBSan and LSan (`make check-asan`), included last from tests/Makefile.inc.
# doc/reliability.md says what runs and what each pass found.
#
# CHECK_WRAPPER (empty in `make check`) runs every test: the last word of TESTS_ENVIRONMENT,
# so keep this file's include after every other fragment that adds to TESTS_ENVIRONMENT.
CHECK_WRAPPER =
TESTS_ENVIRONMENT += $(CHECK_WRAPPER)
EXTRA_DIST += tests/check-infra.mk tests/valgrind-wrapper.sh tests/valgrind.supp

# --- valgrind ---------------------------------------------------------------------------
# Every test program, and every daemon a test starts (CARCD_DAEMON_WRAPPER, honoured by
# tests/daemon-fixture.c, tests/run-example.sh and tests/test-system-bus.sh), runs under
# memcheck; an error or a definite leak makes it exit 99. Check runs in-process (CK_FORK=no:
# the leak check sees what each test left, and valgrind follows no fork). carcassonnectl runs
# under it too where the shell tests call it ($CARCASSONNECTL, tests/valgrind-carcassonnectl)
# unless VALGRIND_CTL=no: its ~150 runs add about 12 minutes. Shell, gdbus, Python and gjs
# themselves are not run under valgrind (tests/valgrind-wrapper.sh).
VALGRIND_CTL = yes
VALGRIND_WRAPPER = $(SHELL) $(abs_top_srcdir)/tests/valgrind-wrapper.sh
# test-random plays 1000 of its 10000 random games (CARC_RANDOM_GAMES): 10000 take ~6 minutes.
VALGRIND_ENVIRONMENT = CK_FORK=no CK_TIMEOUT_MULTIPLIER=50 CARCD_TEST_TIME_SCALE=20 \
	CARC_RANDOM_GAMES=1000 \
	LIBTOOL="$(SHELL) $(abs_top_builddir)/libtool" VALGRIND="$(VALGRIND)" \
	CARCD_VALGRIND_SUPPRESSIONS="$(GLIB_VALGRIND_SUPP) $(abs_top_srcdir)/tests/valgrind.supp" \
	CARCD_DAEMON_WRAPPER="$(VALGRIND_WRAPPER)" $(VALGRIND_CTL_ENVIRONMENT_$(VALGRIND_CTL))
VALGRIND_CTL_ENVIRONMENT_yes = CARCASSONNECTL=$(abs_top_builddir)/tests/valgrind-carcassonnectl
check-valgrind: tests/valgrind-carcassonnectl
	@test -n "$(VALGRIND)" || { echo "check-valgrind: no valgrind (apt-get install valgrind)"; exit 1; }
	@test -f "$(GLIB_VALGRIND_SUPP)" || { echo "check-valgrind: no $(GLIB_VALGRIND_SUPP)"; exit 1; }
	$(AM_V_at)$(VALGRIND_ENVIRONMENT) $(MAKE) $(AM_MAKEFLAGS) check CHECK_WRAPPER='$(VALGRIND_WRAPPER)'
tests/valgrind-carcassonnectl: Makefile
	$(AM_V_GEN)$(MKDIR_P) tests && { echo '#!/bin/sh'; \
		echo 'exec $(VALGRIND_WRAPPER) $(abs_top_builddir)/core/client/carcassonnectl "$$@"'; } >$@ \
		&& chmod +x $@
CLEANFILES += tests/valgrind-carcassonnectl
.PHONY: check-valgrind

# --- ASan, UBSan, LSan ------------------------------------------------------------------
# In a tree configured with --enable-asan: the suite with Check in-process (leaks are reported
# when each test program exits) and every sanitizer report fatal, in the daemons the tests
# start too (their exit status is checked when they are stopped). In any other tree: the same
# in a sanitizer tree of its own, asan/ under this one.
ASAN_ENVIRONMENT = CK_FORK=no CK_TIMEOUT_MULTIPLIER=5 \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
if ENABLE_ASAN
check-asan:
	$(AM_V_at)$(ASAN_ENVIRONMENT) $(MAKE) $(AM_MAKEFLAGS) check
else
check-asan:
	@test ! -f "$(abs_top_srcdir)/config.status" || { echo "check-asan: the source tree is" \
		"configured; run tools/sanitize, or configure another tree with --enable-asan"; exit 1; }
	$(AM_V_at)$(MKDIR_P) asan
	$(AM_V_at)cd asan && { test -f Makefile || $(abs_top_srcdir)/configure --quiet --enable-asan \
		--with-shared-dir="$(SHARED_DIR)" CFLAGS="-O1 -g"; } \
		&& $(MAKE) $(AM_MAKEFLAGS) && $(MAKE) $(AM_MAKEFLAGS) check-asan
endif
clean-local: clean-check-asan
clean-check-asan:
	-rm -rf asan
.PHONY: check-asan clean-check-asan
