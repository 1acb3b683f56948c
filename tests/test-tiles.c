/* test-tiles.c: placeholder, filled below */
