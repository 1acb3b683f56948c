#!/bin/sh
# run-example.sh: runs one example client against carcassonned on the test bus.
#
# Usage: run-example.sh [-e REGEX]... -- COMMAND [ARGUMENT]...
#
# Starts the daemon from the build tree ($CARCASSONNED, default
# $TOP_BUILDDIR/core/daemon/carcassonned) on the session bus that dbus-run-session made for
# this test, runs COMMAND, and passes if COMMAND exits 0, its output matches every REGEX
# (grep -E, one line each) and the daemon then exits 0 on SIGTERM. COMMAND finds
# carcassonnectl in $CARCASSONNECTL.
set -eu
. "${TOP_SRCDIR:?set TOP_SRCDIR to the source tree (make check does)}/tests/common/require.sh"
require_program gdbus "libglib2.0-bin: it waits for the daemon"

bus_name=org.carcassonne.Engine1

fail () {
  echo "run-example: $*" >&2
  exit 1
}

: "${TOP_BUILDDIR:?set TOP_BUILDDIR to the build tree (make check does)}"
: "${DBUS_SESSION_BUS_ADDRESS:?run under dbus-run-session (make check does)}"
daemon=${CARCASSONNED:-$TOP_BUILDDIR/core/daemon/carcassonned}
CARCASSONNECTL=${CARCASSONNECTL:-$TOP_BUILDDIR/core/client/carcassonnectl}
export CARCASSONNECTL

# the patterns, one per line: REGEX may hold spaces but no newline
patterns=
while [ $# -gt 0 ]; do
  case $1 in
    -e)
      [ $# -ge 2 ] || fail "-e wants a REGEX"
      patterns="$patterns$2
"
      shift 2
      ;;
    --)
      shift
      break
      ;;
    *) fail "unknown argument $1 (usage: run-example.sh [-e REGEX]... -- COMMAND...)" ;;
  esac
done
[ $# -gt 0 ] || fail "no COMMAND given"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/run-example.XXXXXX")
pid=
cleanup () {
  if [ -n "$pid" ]; then
    kill "$pid" 2>/dev/null || :
    wait "$pid" 2>/dev/null || :
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

# CARCD_DAEMON_WRAPPER (words) runs the daemon under valgrind in `make check-valgrind`, where
# CARCD_TEST_TIME_SCALE gives it that much longer to start
# shellcheck disable=SC2086
${CARCD_DAEMON_WRAPPER:-} "$daemon" --nodetach >"$tmp/daemon.log" 2>&1 &
pid=$!
wait_s=$((10 * ${CARCD_TEST_TIME_SCALE:-1}))
# gdbus wait returns as soon as the daemon owns its name, or fails after the timeout
if ! gdbus wait --session --timeout "$wait_s" "$bus_name"; then
  cat "$tmp/daemon.log" >&2
  fail "the daemon did not take $bus_name within $wait_s s"
fi

echo "run-example: $*"
status=0
"$@" >"$tmp/output" 2>&1 || status=$?
cat "$tmp/output"
[ "$status" -eq 0 ] || fail "$1 exited with status $status"

# every line of $patterns must match some line of the output
printf '%s' "$patterns" >"$tmp/patterns"
while IFS= read -r re; do
  grep -E -q -e "$re" "$tmp/output" || fail "no line of the output matches: $re"
done <"$tmp/patterns"

kill -TERM "$pid"
status=0
wait "$pid" || status=$?
pid=
cat "$tmp/daemon.log"
[ "$status" -eq 0 ] || fail "the daemon exited with status $status on SIGTERM"
echo "run-example: PASS"
