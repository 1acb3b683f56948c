#!/bin/sh
# test-activation.sh: D-Bus activation starts carcassonned. A private bus whose service
# directory holds the build tree's org.carcassonne.Engine1.service (made from
# data/org.carcassonne.Engine1.service.in, like the installed one) gets a call for the name
# with no daemon running: the bus must start it, and the call must be answered.
set -eu
. "${TOP_SRCDIR:?}/tests/common/require.sh"
require_program dbus-run-session "dbus-daemon: the private bus"
require_program gdbus "libglib2.0-bin: the client calls"
build=${TOP_BUILDDIR:?TOP_BUILDDIR must name the build tree}
conf="$build/tests/daemon/dbus-session.conf"
out=$(dbus-run-session --config-file="$conf" -- sh -c '
  gdbus call --session -d org.carcassonne.Engine1 -o /org/carcassonne/Engine1 \
    -m org.freedesktop.DBus.Properties.Get org.carcassonne.Engine1.Manager Version
  gdbus call --session -d org.carcassonne.Engine1 -o /org/carcassonne/Engine1 \
    -m org.carcassonne.Engine1.Manager.ListGames
' 2>&1 | grep -v "Failed to set fd limit")
echo "$out"
expected="(<'$(sed -n 's/^AC_INIT(\[carcassonned\], \[\([^]]*\)\].*/\1/p' "${TOP_SRCDIR:?}/configure.ac")'>,)"
echo "$out" | grep -qxF "$expected" || { echo "FAIL: expected $expected"; exit 1; }
echo "$out" | grep -qxF "(@ao [],)" || { echo "FAIL: expected an empty game list"; exit 1; }
echo "PASS: activation"
