#!/bin/sh
# gi-api.sh: tests/gi/gi-api.py against the build tree's library, typelib and plugins.
# Without python3, PyGObject or the typelib: skipped (exit 77, tests/common/require.sh).
top_srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${TOP_BUILDDIR:-$(pwd)}
. "$top_srcdir/tests/common/require.sh"
require_python_module "${PYTHON3:-python3}" "import gi" "python3-gi (PyGObject)"
[ -f "$top_builddir/introspection/Carcassonne-1.0.typelib" ] ||
  skip "no introspection/Carcassonne-1.0.typelib (configured without GObject Introspection)"
GI_TYPELIB_PATH=$top_builddir/introspection${GI_TYPELIB_PATH:+:$GI_TYPELIB_PATH}
LD_LIBRARY_PATH=$top_builddir/core/engine/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export GI_TYPELIB_PATH LD_LIBRARY_PATH
exec "${PYTHON3:-python3}" "$(dirname "$0")/gi-api.py"
