#!/bin/sh
# gi-examples.sh LANG: runs examples/engine-game.py (LANG python) or examples/engine-game.js
# (LANG gjs) in-process against the build tree's library, typelib and plugins, and checks
# that every game ends with the scores the C engine reaches playing the same policy from the
# same seed (tests/gi/gi-reference): base games of 2 to 6 players, and games with all the
# expansions.
# Without the interpreter, PyGObject or the typelib (configured without introspection): skipped
# (exit 77, tests/common/require.sh).
set -eu
lang=$1
top_srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${TOP_BUILDDIR:-$(pwd)}
. "$top_srcdir/tests/common/require.sh"
case $lang in
  python) require_python_module "${PYTHON3:-python3}" "import gi" "python3-gi (PyGObject)" ;;
  gjs) require_program "${GJS:-gjs}" "gjs" ;;
esac
[ -f "$top_builddir/introspection/Carcassonne-1.0.typelib" ] ||
  skip "no introspection/Carcassonne-1.0.typelib (configured without GObject Introspection)"
GI_TYPELIB_PATH=$top_builddir/introspection${GI_TYPELIB_PATH:+:$GI_TYPELIB_PATH}
LD_LIBRARY_PATH=$top_builddir/core/engine/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
CARCASSONNE_PLUGIN_DIR=${CARCASSONNE_PLUGIN_DIR:-$top_builddir/plugins/.libs}
export GI_TYPELIB_PATH LD_LIBRARY_PATH CARCASSONNE_PLUGIN_DIR

case $lang in
  python) run() { "${PYTHON3:-python3}" "$top_srcdir/examples/engine-game.py" "$@"; } ;;
  gjs) run() { "${GJS:-gjs}" "$top_srcdir/examples/engine-game.js" "$@"; } ;;
  *) echo "gi-examples: unknown language $lang" >&2; exit 2 ;;
esac

all=abbey,halftiles,hills,inns-cathedrals,river,traders-builders,vineyards,winter
failed=0
games=0
for args in "--seed 1" "--seed 7" "--seed 42 --players 3" "--seed 99 --players 4" \
  "--seed 2026 --players 6" "--seed 7 --expansions $all" \
  "--seed 11 --players 3 --expansions $all" "--seed 5 --players 5 --expansions $all" \
  "--seed 8 --expansions abbey,vineyards"; do
  # shellcheck disable=SC2086
  want=$("$top_builddir/tests/gi/gi-reference" $args | grep '^scores:')
  # shellcheck disable=SC2086
  out=$(run $args)
  got=$(printf '%s\n' "$out" | grep '^scores:' || true)
  games=$((games + 1))
  if [ "$got" != "$want" ]; then
    echo "FAIL $lang $args: C says '$want', $lang says '$got'" >&2
    printf '%s\n' "$out" >&2
    failed=1
  else
    echo "ok $lang $args: $got"
  fi
done
[ $failed -eq 0 ] && echo "gi-examples: $games $lang games agree with the C engine"
exit $failed
