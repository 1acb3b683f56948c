# tests/gi.mk: the engine as bindings see it (GObject types, the "event" signal, GObject
# Introspection), included from tests/Makefile.inc.

# The GObject face from C.
check_PROGRAMS += tests/test-gobject
tests_test_gobject_SOURCES = tests/test-gobject.c tests/random-player.c tests/random-player.h
tests_test_gobject_CFLAGS = $(TEST_CFLAGS)
tests_test_gobject_LDADD = $(TEST_LIBS)

# The C engine's reference game for the in-process examples (it also runs alone as a test:
# one seeded random game to its end).
check_PROGRAMS += tests/gi-reference
tests_gi_reference_SOURCES = tests/gi-reference.c tests/random-player.c tests/random-player.h
tests_gi_reference_CFLAGS = $(TEST_CFLAGS)
tests_gi_reference_LDADD = $(TEST_LIBS)

# examples/engine-game.py and .js play in-process against the build tree's library, typelib
# and plugins, and must end every game with the C engine's scores; gi-api.py checks the API
# as Python sees it.
if HAVE_INTROSPECTION
if HAVE_PYGOBJECT
TESTS += tests/gi-python.sh tests/gi-api.sh
endif
if HAVE_GJS
TESTS += tests/gi-gjs.sh
endif
endif
EXTRA_DIST += tests/gi-examples.sh tests/gi-python.sh tests/gi-gjs.sh tests/gi-api.sh \
	tests/gi-api.py tests/bench-gi.py examples/engine-game.py examples/engine-game.js

# `make bench`: random games per second from Python, in-process.
if HAVE_INTROSPECTION
if HAVE_PYGOBJECT
bench_python = yes
endif
endif
bench: bench-python
bench-python: all
	@if test "x$(bench_python)" = xyes; then \
		TOP_SRCDIR=$(abs_top_srcdir) GI_TYPELIB_PATH=$(abs_top_builddir)/introspection \
		LD_LIBRARY_PATH=$(abs_top_builddir)/core/.libs \
		CARCASSONNE_PLUGIN_DIR=$(abs_top_builddir)/plugins/.libs \
		$(PYTHON3) $(srcdir)/tests/bench-gi.py; \
	else echo "bench-python: skipped (no GObject Introspection or PyGObject)"; fi
.PHONY: bench-python
