#!/bin/sh
# gi-api.sh: tests/gi/gi-api.py against the build tree's library, typelib and plugins.
top_builddir=${TOP_BUILDDIR:-$(pwd)}
GI_TYPELIB_PATH=$top_builddir/introspection${GI_TYPELIB_PATH:+:$GI_TYPELIB_PATH}
LD_LIBRARY_PATH=$top_builddir/core/engine/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export GI_TYPELIB_PATH LD_LIBRARY_PATH
exec "${PYTHON3:-python3}" "$(dirname "$0")/gi-api.py"
