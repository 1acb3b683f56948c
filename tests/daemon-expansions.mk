# tests/daemon-expansions.mk: D-Bus tests of expansions (included from tests/Makefile.inc).
