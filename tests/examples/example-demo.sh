#!/bin/sh
# example-demo.sh: tools/demo takes any combination of expansions (issue 17, "D-Bus and
# clients"): a list, "all" (every plugin the daemon loaded, Manager.Expansions, so a new plugin
# joins with no change to the demo) and "none"; each game of bots is watched to its end.
# tools/demo starts its own bus and daemon from the build tree (--build-dir: no setup, no build).
set -eu
. "$TOP_SRCDIR/tests/common/require.sh"
require_program gdbus "libglib2.0-bin: the demo asks the daemon for its expansions"
require_program dbus-run-session "dbus-daemon: the demo starts its own bus"
out=$(mktemp "${TMPDIR:-/tmp}/example-demo.XXXXXX")
trap 'rm -f "$out"' EXIT
fail () {
  cat "$out"
  echo "example-demo: $*" >&2
  exit 1
}
# every plugin of the build tree, in file-name order: hook order is priority first, so sort
all=$(for so in "${CARCASSONNE_PLUGIN_DIR:?}"/*.so; do basename "$so" .so; done | sort)
demo () {
  "$TOP_SRCDIR/tools/demo" --build-dir "$TOP_BUILDDIR" --seed 3 "$@" >"$out" 2>&1 \
    || fail "tools/demo $* exited with status $?"
  grep -E -q '^game over: Bot 1 \(red\) [0-9]+, Bot 2 \(blue\) [0-9]+; ' "$out" \
    || fail "tools/demo $*: no 'game over:' line"
}
demo --expansions river,mayor
grep -q -x 'expansions: river,mayor' "$out" || fail "--expansions river,mayor: not played"
demo --expansions none
grep -q -x 'expansions: none' "$out" || fail "--expansions none: not the base game"
demo --expansions all
played=$(sed -n 's/^expansions: //p' "$out" | tr , '\n' | sort)
[ "$played" = "$all" ] || fail "--expansions all played '$played', not every plugin: '$all'"
demo
played=$(sed -n 's/^expansions: //p' "$out" | tr , '\n' | sort)
[ "$played" = "$all" ] || fail "the default played '$played', not every plugin: '$all'"
grep -q '^bot strategy: ' "$out" && fail "the default names a bot strategy"
# issue 19, "the demo can seat mcts bots": --bot-strategy seats them (CreateGame's bot-options,
# through carcassonnectl new --bot-strategy); a budget in iterations, not in time
demo --expansions none --bot-strategy mcts:iterations=20
grep -q -x 'bot strategy: mcts:iterations=20' "$out" || fail "--bot-strategy: not said"
# a strategy the daemon does not have is its InvalidArgs, and the demo fails
if "$TOP_SRCDIR/tools/demo" --build-dir "$TOP_BUILDDIR" --bot-strategy no-such >"$out" 2>&1; then
  fail "--bot-strategy no-such: exited 0"
fi
grep -q '^carcassonnectl: InvalidArgs: ' "$out" || fail "--bot-strategy no-such: no InvalidArgs"
echo "example-demo: PASS"
