#!/bin/sh
# with-state-dir.sh: runs COMMAND with XDG_STATE_HOME set to a fresh directory, removed after,
# so that every daemon a test starts (carcassonned keeps its games' journals under
# $XDG_STATE_HOME/carcassonned) starts with no games and leaves nothing behind.
#
# Usage: with-state-dir.sh COMMAND [ARGUMENT]...
dir=$(mktemp -d "${TMPDIR:-/tmp}/carcd-test-state.XXXXXX") || exit 99
XDG_STATE_HOME=$dir
export XDG_STATE_HOME
"$@"
status=$?
rm -rf "$dir"
exit $status
