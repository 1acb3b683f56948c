# tests/plugin-example.mk: the example plugin built and loaded in a test (included from tests/Makefile.inc).
