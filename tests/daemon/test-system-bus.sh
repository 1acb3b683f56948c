#!/bin/sh
# test-system-bus.sh: the shipped system bus policy (data/org.carcassonne.Engine1.conf). On a
# private bus with the system bus's deny-by-default rules, the daemon (run as root here) may
# own org.carcassonne.Engine1 and anyone may call it when the policy is included, and may not
# own the name without it. Tokens are bound to the Unix user they were issued to (run as root:
# nobody's calls with root's tokens are refused).
set -eu
: "${TOP_SRCDIR:?}" "${TOP_BUILDDIR:?}"
. "$TOP_SRCDIR/tests/common/require.sh"
require_program dbus-daemon "dbus-daemon: the private system-like bus"
require_program gdbus "libglib2.0-bin: the client calls"
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
call () {
  object=$1 method=$2
  shift 2
  gdbus call --address "$address" -d org.carcassonne.Engine1 -o "$object" -m "$method" "$@"
}
game=/org/carcassonne/Engine1/game/1
out=$(call /org/carcassonne/Engine1 org.carcassonne.Engine1.Manager.CreateGame \
  "{'seed': <uint64 7>}")
echo "$out" | grep -E -q "^\(objectpath '$game', '[0-9a-f]{32}'\)\$" || { echo "FAIL: $out"; exit 1; }
creator=$(echo "$out" | cut -d "'" -f 4)
seat=$(call "$game" org.carcassonne.Engine1.Game.Join Ann "{}" | cut -d "'" -f 4)

# issue 15: tokens are bound to the Unix user they were issued to. Another user (nobody,
# which the system bus lets connect) presenting them is refused as with a wrong token, and
# nothing changes; their own user may use them.
if [ "$(id -u)" -eq 0 ] && command -v setpriv >/dev/null; then
  # refused_to_nobody METHOD ARGUMENT: nobody's call is refused with InvalidToken
  refused_to_nobody () {
    if err=$(setpriv --reuid=65534 --regid=65534 --clear-groups gdbus call \
      --address "$address" -d org.carcassonne.Engine1 -o "$game" \
      -m "org.carcassonne.Engine1.Game.$1" "$2" 2>&1); then
      echo "FAIL: another user's $1 with the token was taken: $err"
      exit 1
    fi
    case $err in
      *"Error.InvalidToken: The token is not valid for"*"$game"*) ;;
      *) echo "FAIL: another user's $1: $err"; exit 1 ;;
    esac
  }
  refused_to_nobody Delete "{'token': <'$creator'>}"
  refused_to_nobody GetSeed "{'token': <'$creator'>}"
  refused_to_nobody Start "{'token': <'$seat'>}"
  refused_to_nobody Leave "{'token': <'$seat'>}"
  refused_to_nobody Rejoin "$seat"
  players=$(call "$game" org.freedesktop.DBus.Properties.Get org.carcassonne.Engine1.Game Players)
  [ "$players" = "(<[objectpath '$game/player/0']>,)" ] || { echo "FAIL: $players"; exit 1; }
  echo "ok: another Unix user's calls with the tokens are refused (InvalidToken)"
else
  echo "skip: the cross-user checks need root and setpriv"
fi
[ "$(call "$game" org.carcassonne.Engine1.Game.GetSeed "{'token': <'$creator'>}")" = "(uint64 7,)" ] ||
  { echo "FAIL: the creator's own user could not use its token"; exit 1; }
[ "$(call "$game" org.carcassonne.Engine1.Game.Delete "{'token': <'$creator'>}")" = "()" ] ||
  { echo "FAIL: Delete with the creator's token"; exit 1; }
echo "ok: the tokens' own user uses them"
kill "$pid"
wait "$pid" || { cat "$tmp/daemon.log"; echo "FAIL: the daemon did not exit cleanly"; exit 1; }
echo "PASS: system bus policy"
