#!/bin/sh
# check-excerpts.sh SRCDIR PAGE...: every code block of a page that follows a line
# "<!-- excerpt: PATH -->" must be, once its 4-space indent is removed, a run of whole lines
# of SRCDIR/PATH, character for character (doc/plugin-guide.md quotes the example plugin so).
# Prints each block that is not, with its page and line, and fails if any is not.
set -eu
srcdir=$1
shift
status=0
for page in "$@"; do
  awk -v srcdir="$srcdir" -v page="$page" '
    function slurp(path,   line, text) {
      text = "\n"
      while ((getline line < path) > 0)
        text = text line "\n"
      close(path)
      return text
    }
    function check(   text) {
      sub(/\n+$/, "\n", block)
      text = slurp(srcdir "/" source)
      if (text == "\n") {
        printf "%s:%d: cannot read %s\n", page, start, source
        bad = 1
      } else if (index(text, "\n" block) == 0) {
        printf "%s:%d: this excerpt is not in %s:\n%s", page, start, source, block
        bad = 1
      }
      source = ""
    }
    /^<!-- excerpt: .* -->$/ {
      source = $3
      state = "before"
      next
    }
    source != "" && state == "before" && /^$/ { next }
    source != "" && /^    / {
      if (state == "before") { block = ""; start = NR; state = "in" }
      block = block substr($0, 5) "\n"
      next
    }
    source != "" && state == "in" && /^$/ { block = block "\n"; next }
    source != "" && state == "in" { check() }
    source != "" && state == "before" {
      printf "%s:%d: an excerpt marker with no code block after it\n", page, NR
      bad = 1
      source = ""
    }
    END {
      if (source != "" && state == "in") check()
      exit bad
    }
  ' "$page" || status=1
done
exit $status
