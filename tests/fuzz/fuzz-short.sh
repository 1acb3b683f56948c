#!/bin/sh
# fuzz-short.sh: when clang is installed, builds the game-record, move-sequence and
# JCloisterZone-record fuzz targets with libFuzzer (ASan, UBSan) and runs each for a few seconds over a copy of its
# corpus; a crash, a leak or a failed assertion fails the test. Without clang, or with a clang
# that cannot link libFuzzer (no compiler-rt): skipped (exit 77). Longer runs:
# tests/fuzz/README.md.
set -eu
. "${TOP_SRCDIR:?}/tests/common/require.sh"
require_program clang "clang, for the libFuzzer builds"
probe=$(mktemp -d)
printf 'int LLVMFuzzerTestOneInput (const char *d, unsigned long n) { return 0; }\n' >"$probe/p.c"
if ! clang -fsanitize=fuzzer,address,undefined -o "$probe/p" "$probe/p.c" >"$probe/log" 2>&1; then
  rm -rf "$probe"
  skip "clang cannot link -fsanitize=fuzzer,address,undefined (libFuzzer, compiler-rt)"
fi
rm -rf "$probe"
cd "${TOP_BUILDDIR:?}"
for target in record moves jcz-record; do
  ${MAKE:-make} --no-print-directory -s "tests/fuzz/fuzz-$target-libfuzzer" >/dev/null
  corpus=$(mktemp -d)
  cp "${TOP_SRCDIR:?}/tests/fuzz/corpus-$target"/* "$corpus"/
  status=0
  max_len=8192
  [ "$target" != jcz-record ] || max_len=65536 # whole games, up to 40 KB
  "./tests/fuzz/fuzz-$target-libfuzzer" -max_total_time="${FUZZ_SECONDS:-10}" -max_len=$max_len \
    -timeout=20 -print_final_stats=1 -artifact_prefix="$corpus/" "$corpus" >"$corpus.log" 2>&1 \
    || status=$?
  echo "fuzz-$target: $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "$corpus.log" || echo failed)"
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$corpus.log"
    rm -rf "$corpus" "$corpus.log"
    exit 1
  fi
  rm -rf "$corpus" "$corpus.log"
done
