#!/bin/sh
# test-system-bus.sh: the shipped system bus policy (data/org.carcassonne.Engine1.conf). On a
# private bus with the system bus's deny-by-default rules, the daemon (run as root here) may
# own org.carcassonne.Engine1 and anyone may call it when the policy is included, and may not
# own the name without it.
set -eu
: "${TOP_SRCDIR:?}" "${TOP_BUILDDIR:?}"
daemon=$TOP_BUILDDIR/core/daemon/carcassonned
tmp=$(mktemp -d "${TMPDIR:-/tmp}/test-system-bus.XXXXXX")
bus=
cleanup () {
  [ -z "$bus" ] || kill "$bus" 2>/dev/null || :
  rm -rf "$tmp"
}
trap cleanup EXIT

# start_bus POLICY: a bus with the rules above and POLICY in place of @POLICY@
start_bus () {
  [ -z "$bus" ] || { kill "$bus"; wait "$bus" 2>/dev/null || :; }
  sed "s|@POLICY@|$1|" "$TOP_SRCDIR/tests/daemon/dbus-system.conf.in" > "$tmp/bus.conf"
  rm -f "$tmp/address"
  dbus-daemon --config-file="$tmp/bus.conf" --nofork --print-address=3 3>"$tmp/address" \
    2>"$tmp/bus.log" &
  bus=$!
  for _ in $(seq 100); do [ -s "$tmp/address" ] && break; sleep 0.05; done
  address=$(head -n 1 "$tmp/address")
  [ -n "$address" ] || { cat "$tmp/bus.log"; echo "FAIL: no bus"; exit 1; }
}

# without our policy the daemon may not own its name: it exits 1 (not 99, a valgrind error)
start_bus ""
status=0
# shellcheck disable=SC2086
${CARCD_DAEMON_WRAPPER:-} "$daemon" --nodetach --address="$address" 2>"$tmp/refused.log" ||
  status=$?
[ "$status" -ne 0 ] || { echo "FAIL: the daemon owned its name without the policy"; exit 1; }
[ "$status" -eq 1 ] || { cat "$tmp/refused.log"; echo "FAIL: the daemon exited $status"; exit 1; }
grep -q "not allowed to own" "$tmp/refused.log" || { cat "$tmp/refused.log"; exit 1; }
echo "ok: refused without the policy"

# with it, the daemon owns the name and a client may call it
start_bus "<include>$TOP_SRCDIR/data/org.carcassonne.Engine1.conf</include>"
# shellcheck disable=SC2086
${CARCD_DAEMON_WRAPPER:-} "$daemon" --nodetach --address="$address" 2>"$tmp/daemon.log" &
pid=$!
for _ in $(seq $((200 * ${CARCD_TEST_TIME_SCALE:-1}))); do
  owned=$(gdbus call --address "$address" -d org.freedesktop.DBus -o /org/freedesktop/DBus \
    -m org.freedesktop.DBus.NameHasOwner org.carcassonne.Engine1)
  [ "$owned" = "(true,)" ] && break
  sleep 0.05
done
[ "$owned" = "(true,)" ] || { cat "$tmp/daemon.log"; echo "FAIL: the name was not taken"; exit 1; }
out=$(gdbus call --address "$address" -d org.carcassonne.Engine1 -o /org/carcassonne/Engine1 \
  -m org.carcassonne.Engine1.Manager.CreateGame "{}")
[ "$out" = "(objectpath '/org/carcassonne/Engine1/game/1',)" ] || { echo "FAIL: $out"; exit 1; }
kill "$pid"
wait "$pid" || { cat "$tmp/daemon.log"; echo "FAIL: the daemon did not exit cleanly"; exit 1; }
echo "PASS: system bus policy"
