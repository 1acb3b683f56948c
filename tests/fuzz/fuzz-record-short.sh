#!/bin/sh
# fuzz-record-short.sh: when clang is installed, builds the game-record fuzz target with
# libFuzzer (ASan, UBSan) and runs it for a few seconds over a copy of its corpus; a crash,
# a leak or a failed assertion fails the test. Without clang: skipped (exit 77). The longer
# run is in tests/fuzz/README.md.
set -eu
command -v clang >/dev/null 2>&1 || { echo "no clang: skipped"; exit 77; }
cd "${TOP_BUILDDIR:?}"
${MAKE:-make} --no-print-directory -s tests/fuzz/fuzz-record-libfuzzer >/dev/null
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
cp "${TOP_SRCDIR:?}"/tests/fuzz/corpus-record/* "$corpus"/
./tests/fuzz/fuzz-record-libfuzzer -max_total_time="${FUZZ_SECONDS:-10}" -max_len=8192 \
  -timeout=10 -print_final_stats=1 "$corpus" 2>&1 | tail -n 12
