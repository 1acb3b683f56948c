#!/bin/sh
# valgrind-wrapper.sh: runs one test, or the daemon a test starts, under valgrind memcheck
# (`make check-valgrind`, tests/check-infra.mk).
#
# Usage: valgrind-wrapper.sh COMMAND [ARGUMENT]...
#
# A compiled program (a libtool wrapper script from the build tree, or an ELF file) runs under
# `libtool --mode=execute valgrind`, so valgrind sees the real program and not the shell of the
# libtool wrapper. Anything else (the shell tests, tests/gi/gi-*.sh) runs as it is: such a script
# starts the daemon through $CARCD_DAEMON_WRAPPER (this script again), so the daemon runs under
# valgrind while the shell, gdbus, Python and gjs do not.
#
# Any memcheck error (invalid read or write, use of an uninitialised value, a definite leak at
# exit) makes the program exit with status $CARCD_VALGRIND_EXIT (99): a test program then fails,
# and a daemon fails the test that stops it (daemon_stop() and run-example.sh want 0).
#
# Environment: LIBTOOL (the build tree's libtool, default $TOP_BUILDDIR/libtool), VALGRIND
# (default valgrind), CARCD_VALGRIND_SUPPRESSIONS (suppression files, separated by spaces:
# GLib's and tests/valgrind.supp), CARCD_VALGRIND_OPTIONS (more options, e.g.
# --track-origins=yes).
set -eu
[ $# -gt 0 ] || { echo "usage: valgrind-wrapper.sh COMMAND [ARGUMENT]..." >&2; exit 2; }

program=$1
case $program in
  */*) ;;
  *) [ -f "$program" ] || program=$(command -v "$program" || echo "$program") ;;
esac

# an ELF file, or a libtool wrapper script ("# NAME - temporary wrapper script for .libs/NAME")
kind=other
if [ -f "$program" ]; then
  if [ "$(head -c 4 "$program" | tr -d '\177')" = ELF ]; then
    kind=program
  elif head -n 5 "$program" | grep -q '^# .* - temporary wrapper script for '; then
    kind=program
  fi
fi
[ $kind = program ] || exec "$@"
# `make check-valgrind` refuses to start without valgrind; run otherwise, a test skips
command -v "${VALGRIND:-valgrind}" >/dev/null 2>&1 || { echo "SKIP: ${VALGRIND:-valgrind} not found"; exit 77; }

supp=
for f in ${CARCD_VALGRIND_SUPPRESSIONS:-}; do
  supp="$supp --suppressions=$f"
done
# shellcheck disable=SC2086
exec env G_SLICE=always-malloc G_DEBUG=gc-friendly \
  ${LIBTOOL:-${TOP_BUILDDIR:?}/libtool} --mode=execute "${VALGRIND:-valgrind}" \
  --tool=memcheck --quiet --error-exitcode="${CARCD_VALGRIND_EXIT:-99}" \
  --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
  --num-callers=30 --child-silent-after-fork=yes $supp ${CARCD_VALGRIND_OPTIONS:-} "$@"
