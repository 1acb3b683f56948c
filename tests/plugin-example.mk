# tests/plugin-example.mk: the example plugin built and loaded in a test (included from tests/Makefile.inc).
# test-plugin-example loads examples/plugin/.libs/inns.so (examples/Makefile.inc) and the
# shipped plugins from $TOP_BUILDDIR/plugins/.libs, plays games with them and checks the
# plugin host's refusals. It is in TESTS through check_PROGRAMS (tests/Makefile.inc).
check_PROGRAMS += tests/test-plugin-example
tests_test_plugin_example_SOURCES = tests/test-plugin-example.c
tests_test_plugin_example_CFLAGS = $(TEST_CFLAGS)
tests_test_plugin_example_LDADD = $(TEST_LIBS)
