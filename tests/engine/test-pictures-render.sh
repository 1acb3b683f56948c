#!/bin/sh
# test-pictures-render.sh: librsvg, a real SVG renderer, draws every picture of doc/pictures/
# (the shipped tile types' contact sheets and two boards, doc/engine-api.md "Pictures") and a
# tile's and a board's fresh from the engine (tests/engine/test-pictures checks them as XML).
# Without rsvg-convert (Debian's librsvg2-bin, tools/setup installs it): skipped.
set -eu
top_srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${TOP_BUILDDIR:-$(pwd)}
. "$top_srcdir/tests/common/require.sh"
require_program rsvg-convert "librsvg2-bin"
out=$(mktemp -d "${TMPDIR:-/tmp}/test-pictures-render.XXXXXX")
trap 'rm -rf "$out"' EXIT
fail () { echo "FAIL: $*"; exit 1; }

# render SVG: rsvg-convert must draw it without a complaint, into a PNG of some size
render () {
  rsvg-convert -o "$out/x.png" "$1" 2>"$out/err" || fail "rsvg-convert refused $1: $(cat "$out/err")"
  [ ! -s "$out/err" ] || fail "rsvg-convert complained about $1: $(cat "$out/err")"
  [ "$(wc -c <"$out/x.png")" -gt 1000 ] || fail "$1 drew next to nothing"
}

n=0
for f in "$top_srcdir"/doc/pictures/*.svg; do
  render "$f"
  n=$((n + 1))
done
[ "$n" -ge 10 ] || fail "only $n pictures in doc/pictures"
# fresh ones, as the engine writes them now
CARC_PICTURES_DIR=$out CARCASSONNE_PLUGIN_DIR=${CARCASSONNE_PLUGIN_DIR:-$top_builddir/plugins/.libs} \
  "$top_builddir/tests/engine/test-pictures" >/dev/null
for f in "$out"/*.svg; do
  render "$f"
done
# the contact sheets of doc/pictures/ are what the engine draws today from the tile data
# (`make pictures` writes them again); the boards depend on the random games too, so not them
for f in "$top_srcdir"/doc/pictures/tiles*.svg; do
  cmp -s "$f" "$out/${f##*/}" || fail "doc/pictures/${f##*/} is not what the engine draws now: make pictures"
done
echo "PASS: $n pictures and the engine's drawn"
