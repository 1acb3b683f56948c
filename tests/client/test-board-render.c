/* test-board-render.c: carcassonnectl's board renderer (core/client/board.c), fed plain C
 * structs, compared character for character. */
#include "config.h"

#include <check.h>
#include <string.h>
#include "client/board.h"
#include "check-run.h"

/* Tile types in the notation of data/base.tiles (edges, then segments; a field's city list
 * and road end markers left out): what GetTileTypes would answer. */
static const char *const base_lines[] = {
  "A FFRF K R:S F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW",
  "C CCCC C:NESW:s",
  "D CRFR C:N R:EW F:ENE,WNW F:ESE,SSE,SSW,WSW",
  "E CFFF C:N F:ENE,ESE,SSE,SSW,WSW,WNW",
  "F FCFC C:EW:s F:NNW,NNE F:SSE,SSW",
  "I CFFC C:N C:W F:ENE,ESE,SSE,SSW",
  "L CRRR C:N R:E R:S R:W F:ENE,WNW F:ESE,SSE F:SSW,WSW",
  "M CCFF C:NE:s F:SSE,SSW,WSW,WNW",
  "S CCRC C:NEW:s R:S F:SSE F:SSW",
  "U RFRF R:NS F:NNE,ENE,ESE,SSE F:SSW,WSW,WNW,NNW",
  "V FFRR R:SW F:NNW,NNE,ENE,ESE,SSE,WNW F:SSW,WSW",
  "X RRRR R:N R:E R:S R:W F:WNW,NNW F:NNE,ENE F:ESE,SSE F:SSW,WSW",
  /* Half tiles (plugins/halftiles/halftiles.tiles): legs N and E, then the long side L. */
  "HT-I-01 RF|R R:NL F:NNE,ENE,ESE,LSE F:LNW,NNW",
  "HT-I-03 CC|F C:NE:s F:LSE,LNW",
  "HT-I-05 FR|F K R:E F:NNW,NNE,ENE,ESE,LSE,LNW",
  "HT-I-06 FF|F F:NNW,NNE,ENE,ESE,LSE,LNW",
  "HT-I-07 CR|R C:N R:EL F:ENE,LNW F:ESE,LSE",
  "HT-II-10 RF|R R:NL F:NNE,ENE,ESE,LSE F:LNW,NNW",
  "HT-II-12 RR|C C:L R:NE F:NNE,ENE F:ESE,NNW",
  /* The abbey (plugins/abbey/abbey.tiles): walls all round, one cloister-like segment. */
  "abbey **** K",
  /* River tiles (plugins/river/river.tiles): water (I) on edges and as a segment. */
  "RI-s FIFF I:E F:NNW,NNE,ENE,ESE,SSE,SSW,WSW,WNW",
  "RI.1-RIrI IRIR R:EW I:NS F:NNW,WNW F:NNE,ENE F:ESE,SSE F:SSW,WSW",
  "RI.1-II FFII I:SW F:NNW,NNE,ENE,ESE,SSE,WNW F:SSW,WSW",
  "RI.1-LIRI FIRI K R:S I:EW F:NNW,NNE,ENE,WNW F:ESE,SSE F:SSW,WSW",
  /* Segment attributes after the locations (plugins/inns-cathedrals/inns-cathedrals.tiles; the
   * road end marker left out): a cathedral city, an inn road. */
  "IC-Cccc.c CCCC C:NESW:cathedral",
  "IC-RCc.i CFRC C:NW R:S:inn F:SSW F:ENE,ESE,SSE",
};

typedef struct
{
  CtlTileType types[G_N_ELEMENTS (base_lines)];
  CtlSegment segments[G_N_ELEMENTS (base_lines)][8];
  const char *attributes[G_N_ELEMENTS (base_lines)][8][4];
  char *ids[G_N_ELEMENTS (base_lines)];
  GStringChunk *strings; /* the attributes' marks */
} TileTable;

static TileTable table;

static guint
edge_kind (char c)
{
  return c == 'C'   ? CTL_EDGE_CITY
         : c == 'R' ? CTL_EDGE_ROAD
         : c == '*' ? CTL_EDGE_WALL
         : c == 'I' ? CTL_EDGE_WATER
                    : CTL_EDGE_FIELD;
}

static void
setup_tiles (void)
{
  table.strings = g_string_chunk_new (64);
  for (guint i = 0; i < G_N_ELEMENTS (base_lines); i++)
    {
      g_auto (GStrv) words = g_strsplit (base_lines[i], " ", -1);
      CtlTileType *t = &table.types[i];
      table.ids[i] = g_strdup (words[0]);
      t->id = table.ids[i];
      /* "ab|c": a half tile's legs N, E and its long side. */
      t->half = words[1][2] == '|';
      for (guint s = 0; s < (t->half ? 3u : 4u); s++)
        t->edges[s] = edge_kind (words[1][s + (t->half && s == 2)]);
      t->n_segments = 0;
      for (guint w = 2; words[w]; w++)
        {
          CtlSegment *seg = &table.segments[i][t->n_segments++];
          g_auto (GStrv) parts = g_strsplit (words[w], ":", -1);
          seg->kind = parts[0][0] == 'C'   ? CTL_FEATURE_CITY
                      : parts[0][0] == 'R' ? CTL_FEATURE_ROAD
                      : parts[0][0] == 'K' ? CTL_FEATURE_CLOISTER
                      : parts[0][0] == 'I' ? CTL_FEATURE_WATER
                                           : CTL_FEATURE_FIELD;
          seg->shield = parts[1] && parts[2] && g_str_equal (parts[2], "s");
          /* what follows the locations, but the shield: attributes (interned: they outlive
           * the split) */
          const char **attrs = table.attributes[i][t->n_segments - 1];
          guint n_attrs = 0;
          memset (attrs, 0, sizeof table.attributes[i][0]);
          for (guint k = 2; parts[1] && k < g_strv_length (parts) && n_attrs < 3; k++)
            if (!g_str_equal (parts[k], "s"))
              attrs[n_attrs++] = g_intern_string (parts[k]);
          seg->attributes = n_attrs ? attrs : NULL;
          seg->marks = NULL;
          seg->locations = 0;
          if (parts[1] && seg->kind == CTL_FEATURE_FIELD)
            {
              g_auto (GStrv) names = g_strsplit (parts[1], ",", -1);
              seg->locations = ctl_location_parse ((const char *const *)names);
            }
          else if (parts[1])
            for (const char *p = parts[1]; *p; p++)
              {
                char side[2] = { *p, 0 };
                const char *names[] = { side, NULL };
                seg->locations |= ctl_location_parse (names);
              }
        }
      t->segments = table.segments[i];
    }
  ctl_tile_types_mark_attributes (table.types, G_N_ELEMENTS (base_lines), table.strings);
}

static void
teardown_tiles (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (base_lines); i++)
    g_clear_pointer (&table.ids[i], g_free);
  g_clear_pointer (&table.strings, g_string_chunk_free);
}

static char *
render (const CtlPlacedTile *tiles, guint n_tiles, const CtlFollower *followers, guint n_followers,
        CtlRenderFlags flags)
{
  CtlBoard b = { .types = table.types,
                 .n_types = G_N_ELEMENTS (base_lines),
                 .tiles = tiles,
                 .n_tiles = n_tiles,
                 .followers = followers,
                 .n_followers = n_followers };
  return ctl_board_render (&b, flags);
}

START_TEST (test_location_parse_rotate)
{
  const char *d_field[] = { "ENE", "WNW", NULL };
  guint32 loc = ctl_location_parse (d_field);
  ck_assert_uint_eq (loc, CTL_LOC_HALF (2) | CTL_LOC_HALF (7));
  /* One turn clockwise: ENE->SSE, WNW->NNE (tiles.txt rotation table). */
  g_autofree char *one = ctl_location_to_string (ctl_location_rotate (loc, 1));
  ck_assert_str_eq (one, "NNE,SSE");
  const char *sides[] = { "N", "W", "LSE", "XYZ", NULL };
  guint32 nw = ctl_location_parse (sides);
  g_autofree char *turned = ctl_location_to_string (ctl_location_rotate (nw, 1));
  /* A half tile's long side stays in the tile's own orientation; unknown names are dropped. */
  ck_assert_str_eq (turned, "N,E,LSE");
  ck_assert_uint_eq (ctl_location_rotate (nw, 4), nw);
  const char *long_side[] = { "LNW", "L", "ESE", NULL };
  g_autofree char *half = ctl_location_to_string (ctl_location_parse (long_side));
  ck_assert_str_eq (half, "ESE,L,LNW");
  g_autofree char *none = ctl_location_to_string (0);
  ck_assert_str_eq (none, "");
  ck_assert_str_eq (ctl_feature_kind_name (CTL_FEATURE_CLOISTER), "cloister");
  ck_assert_str_eq (ctl_feature_kind_name (9), "feature");
}
END_TEST

/* The start tile alone: city north, road west to east, fields; labels x 0 and y 0. */
START_TEST (test_start_tile)
{
  CtlPlacedTile tiles[] = { { 0, 0, "D", 0 } };
  g_autofree char *s = render (tiles, 1, NULL, 0, 0);
  ck_assert_str_eq (s, "      0\n"
                       "   ·▓▓▓▓▓·\n"
                       " 0 ───────\n"
                       "   ·······\n");
  g_autofree char *a = render (tiles, 1, NULL, 0, CTL_RENDER_ASCII);
  ck_assert_str_eq (a, "      0\n"
                       "   .#####.\n"
                       " 0 -------\n"
                       "   .......\n");
}
END_TEST

/* Rotation: the start tile turned once shows its city east, its road north to south. */
START_TEST (test_rotation)
{
  CtlPlacedTile tiles[] = { { 0, 0, "D", 1 }, { 1, 0, "D", 2 }, { 2, 0, "D", 3 } };
  g_autofree char *s = render (tiles, 3, NULL, 0, CTL_RENDER_ASCII);
  ck_assert_str_eq (s, "      0      1      2\n"
                       "   ...|.............|...\n"
                       " 0 ...|.##-------##.|...\n"
                       "   ...|....#####....|...\n");
}
END_TEST

/* Roads meeting, turning, crossing; a cloister with its road; a shield; negative coordinates
 * and labels as wide as they need. */
START_TEST (test_features)
{
  CtlPlacedTile tiles[] = {
    { 0, 0, "X", 0 },  { 1, 0, "V", 0 },  { 0, 1, "A", 0 },  { 1, 1, "M", 0 },
    { -1, 0, "L", 3 }, { 0, -1, "U", 1 }, { 1, -1, "S", 0 },
  };
  g_autofree char *s = render (tiles, G_N_ELEMENTS (tiles), NULL, 0, CTL_RENDER_ASCII);
  ck_assert_str_eq (s, "     -1      0      1\n"
                       "          .......#######\n"
                       "-1        -------###$###\n"
                       "          ..........|...\n"
                       "   ...|......|..........\n"
                       " 0 ##.o------o------+...\n"
                       "   ...|......|......|...\n"
                       "          ........##$###\n"
                       " 1        ...K.......###\n"
                       "          ...|..........\n");
}
END_TEST

/* Followers stand on their segment: a coloured '●' with colours, the seat number without. */
START_TEST (test_followers)
{
  CtlPlacedTile tiles[] = { { 0, 0, "D", 0 }, { 1, 0, "V", 0 }, { 0, 1, "A", 0 } };
  CtlFollower followers[] = {
    /* seat, x, y, segment, piece (0: the tile at x, y) */
    { 0, 0, 0, 0, 0, NULL }, /* D's city, north */
    { 1, 0, 0, 1, 0, NULL }, /* D's road */
    { 1, 1, 0, 2, 0, NULL }, /* V's small field, south-west of its road */
    { 0, 0, 1, 0, 0, NULL }, /* A's cloister */
  };
  CtlPlayer players[]
      = { { "ann", "red", 3, 6, FALSE, TRUE, TRUE }, { "bob", "blue", 0, 6, TRUE, TRUE, FALSE } };
  CtlBoard b = {
    table.types, G_N_ELEMENTS (base_lines), tiles, 3, followers, 4, players, 2, NULL, 0, NULL, 0
  };
  g_autofree char *plain = ctl_board_render (&b, CTL_RENDER_ASCII);
  ck_assert_str_eq (plain, "      0      1\n"
                           "   .##0##........\n"
                           " 0 ---1------+...\n"
                           "   ........1.|...\n"
                           "   .......\n"
                           " 1 ...0...\n"
                           "   ...|...\n");
  g_autofree char *coloured = ctl_board_render (&b, CTL_RENDER_COLOR);
  ck_assert_ptr_nonnull (strstr (coloured, "\033[1;91m●\033[0m"));
  ck_assert_ptr_nonnull (strstr (coloured, "\033[1;94m●\033[0m"));
  ck_assert_ptr_null (strstr (plain, "\033"));
}
END_TEST

/* The legend: symbols, then the players with colour, score, followers; the active one marked. */
START_TEST (test_legend)
{
  CtlPlacedTile tiles[] = { { 0, 0, "D", 0 } };
  CtlPlayer players[] = { { "ann", "red", 12, 5, FALSE, TRUE, FALSE },
                          { "bob", "blue", 7, 7, TRUE, TRUE, TRUE },
                          { "cy", "yellow", 0, 7, FALSE, FALSE, FALSE } };
  CtlBoard b
      = { table.types, G_N_ELEMENTS (base_lines), tiles, 1, NULL, 0, players, 3, NULL, 0, NULL, 0 };
  g_autofree char *s = ctl_board_render (&b, CTL_RENDER_LEGEND);
  ck_assert_msg (strstr (s, "· field  ▓ city  ◆ shield  ─ road  ○ junction  ✚ cloister") != NULL,
                 "%s", s);
  ck_assert_msg (strstr (s, "  0 red    ann               12 points  5 followers\n") != NULL, "%s",
                 s);
  ck_assert_msg (strstr (s, "> 1 blue   bob                7 points  7 followers  (bot)\n") != NULL,
                 "%s", s);
  ck_assert_msg (strstr (s, "  2 yellow cy                 0 points  7 followers  (disconnected)\n")
                     != NULL,
                 "%s", s);
}
END_TEST

/* Marks show where the tile in play fits, and widen the board; an unknown tile is '?'; an
 * empty board says so. */
START_TEST (test_marks_unknown_empty)
{
  CtlPlacedTile tiles[] = { { 0, 0, "Z", 0 } };
  const gint marks[] = { 1, 0, 0, -1 };
  CtlBoard b
      = { table.types, G_N_ELEMENTS (base_lines), tiles, 1, NULL, 0, NULL, 0, marks, 2, NULL, 0 };
  g_autofree char *s = ctl_board_render (&b, CTL_RENDER_ASCII);
  ck_assert_str_eq (s, "      0      1\n"
                       "\n"
                       "-1    +\n"
                       "\n"
                       "   .......\n"
                       " 0 ...?...   +\n"
                       "   .......\n");
  CtlBoard empty = { 0 };
  g_autofree char *e = ctl_board_render (&empty, 0);
  ck_assert_str_eq (e, "(no tile on the board yet)\n");
}
END_TEST

/* The tile in play, in its four rotations. */
START_TEST (test_tile_rotations)
{
  const CtlTileType *v = ctl_tile_type_lookup (table.types, G_N_ELEMENTS (base_lines), "V");
  ck_assert_ptr_nonnull (v);
  g_autofree char *s = ctl_tile_render (v, CTL_RENDER_ASCII);
  ck_assert_str_eq (s, " rot 0     rot 1     rot 2     rot 3\n"
                       ".......   ...|...   ...|...   .......\n"
                       "---+...   ---+...   ...+---   ...+---\n"
                       "...|...   .......   .......   ...|...\n");
}
END_TEST

/* A half tile in each corner of its cell: the triangle on its corner's side of the diagonal,
 * the long side '╲' or '╱' where a field meets it, the other triangle a blank gap. HT-I-07
 * (city on its N leg, a road from its E leg across the long side) holds NE, SE, SW, NW in turn
 * around the start tile; a mark goes into the gap beside a half tile. */
START_TEST (test_half_corners)
{
  CtlPlacedTile tiles[] = {
    { 0, 0, "D", 0 },       { 1, 0, "HT-I-07", 0 },  { 1, 1, "HT-I-07", 1 },
    { 0, 1, "HT-I-07", 2 }, { -1, 0, "HT-I-07", 3 },
  };
  const gint marks[] = { 1, 0 };
  CtlBoard b = { table.types, G_N_ELEMENTS (base_lines),
                 tiles,       G_N_ELEMENTS (tiles),
                 NULL,        0,
                 NULL,        0,
                 marks,       1,
                 NULL,        0 };
  g_autofree char *s = ctl_board_render (&b, 0);
  ck_assert_str_eq (s, "     -1      0      1\n"
                       "   ···│·╱ ·▓▓▓▓▓· ╲▓▓▓▓·\n"
                       " 0 ▓▓·│   ─────── + ────\n"
                       "   ·╱     ·······     ╲·\n"
                       "          ·╲          ╱·\n"
                       " 1        ────      │·▓▓\n"
                       "          ·▓▓▓▓╲  ╱·│···\n");
  g_autofree char *a = ctl_board_render (&b, CTL_RENDER_ASCII);
  ck_assert_str_eq (a, "     -1      0      1\n"
                       "   ...|./ .#####. \\####.\n"
                       " 0 ##.|   ------- + ----\n"
                       "   ./     .......     \\.\n"
                       "          .\\          /.\n"
                       " 1        ----      |.##\n"
                       "          .####\\  /.|...\n");
}
END_TEST

/* Two halves share a cell, one diagonal each way: the monastery half (NE) with the vineyard
 * half (SW), and two road halves (NW, SE) that make one road across. A follower stands on the
 * half it names (CtlFollower.piece), though both halves of a cell have a segment 0. */
START_TEST (test_half_pair)
{
  CtlPlacedTile tiles[] = {
    { 0, 0, "HT-I-05", 0 },
    { 0, 0, "HT-I-06", 2 },
    { 1, 0, "HT-I-01", 3 },
    { 1, 0, "HT-II-10", 1 },
  };
  CtlFollower followers[] = {
    /* seat, x, y, segment, piece */
    { 0, 0, 0, 0, 1, NULL }, /* a monk on HT-I-05's cloister, not on the half listed last */
    { 1, 0, 0, 0, 2, NULL }, /* a farmer on HT-I-06's field */
    { 1, 1, 0, 0, 0, NULL }, /* on HT-II-10's road: the last half listed at (1, 0) */
  };
  guint n_followers = G_N_ELEMENTS (followers);
  g_autofree char *s = render (tiles, G_N_ELEMENTS (tiles), followers, n_followers, 0);
  ck_assert_str_eq (s, "      0      1\n"
                       "   ·╲··········╱·\n"
                       " 0 ··1╲0──────1──\n"
                       "   ·····╲··╱·····\n");
  g_autofree char *a
      = render (tiles, G_N_ELEMENTS (tiles), followers, n_followers, CTL_RENDER_ASCII);
  ck_assert_str_eq (a, "      0      1\n"
                       "   .\\........../.\n"
                       " 0 ..1\\0------1--\n"
                       "   .....\\../.....\n");
  /* Without its piece the monk would stand on the vineyard half's field. */
  followers[0].piece = 0;
  g_autofree char *fallback = render (tiles, G_N_ELEMENTS (tiles), followers, 1, CTL_RENDER_ASCII);
  ck_assert_str_eq (fallback, "      0      1\n"
                              "   .\\........../.\n"
                              " 0 ..0\\K---------\n"
                              "   .....\\../.....\n");
}
END_TEST

/* A half tile's four corners, as the tile in play is shown: the road curve of HT-II-12 steps
 * round its small field; the city on its long side runs along the diagonal. */
START_TEST (test_half_rotations)
{
  const CtlTileType *t = ctl_tile_type_lookup (table.types, G_N_ELEMENTS (base_lines), "HT-II-12");
  ck_assert_ptr_nonnull (t);
  g_autofree char *s = ctl_tile_render (t, 0);
  ck_assert_str_eq (s, " rot 0     rot 1     rot 2     rot 3\n"
                       " ▓·└─┐·        ▓·   ·▓        ·┌─┘·▓\n"
                       "   ▓·└─      ▓·┌─   ─┐·▓      ─┘·▓\n"
                       "     ▓·    ▓·┌─┘·   ·└─┐·▓    ·▓\n");
}
END_TEST

/* An abbey in a hole: walls all round, its cloister-like segment in the middle (a monk stands
 * there), whatever its neighbours show; the legend names the wall, and the long side once a
 * half tile is on the board. */
START_TEST (test_abbey)
{
  CtlPlacedTile tiles[] = {
    { 0, -1, "E", 2 }, { -1, 0, "D", 0 },    { 1, 0, "U", 1 },
    { 0, 1, "A", 0 },  { 0, 0, "abbey", 1 }, { 2, 0, "HT-I-06", 0 },
  };
  CtlFollower followers[] = { { 0, 0, 0, 0, 0, NULL } };
  CtlPlayer players[] = { { "ann", "red", 0, 6, FALSE, TRUE, TRUE } };
  CtlBoard b = {
    table.types, G_N_ELEMENTS (base_lines), tiles, 5, followers, 1, players, 1, NULL, 0, NULL, 0
  };
  g_autofree char *s = ctl_board_render (&b, CTL_RENDER_LEGEND);
  ck_assert_str_eq (s, "     -1      0      1\n"
                       "          ·······\n"
                       "-1        ·······\n"
                       "          ·▓▓▓▓▓·\n"
                       "   ·▓▓▓▓▓·███████·······\n"
                       " 0 ───────█  0  █───────\n"
                       "   ·······███████·······\n"
                       "          ·······\n"
                       " 1        ···✚···\n"
                       "          ···│···\n"
                       "  · field  ▓ city  ◆ shield  ─ road  ○ junction  ✚ cloister  █ wall  "
                       "0-5 follower (seat)\n"
                       "> 0 red    ann                0 points  6 followers\n");
  g_autofree char *a = ctl_board_render (&b, CTL_RENDER_ASCII);
  ck_assert_str_eq (a, "     -1      0      1\n"
                       "          .......\n"
                       "-1        .......\n"
                       "          .#####.\n"
                       "   .#####.%%%%%%%.......\n"
                       " 0 -------%  0  %-------\n"
                       "   .......%%%%%%%.......\n"
                       "          .......\n"
                       " 1        ...K...\n"
                       "          ...|...\n");
  const CtlTileType *abbey = ctl_tile_type_lookup (table.types, G_N_ELEMENTS (base_lines), "abbey");
  g_autofree char *t = ctl_tile_render (abbey, 0);
  ck_assert_str_eq (t, " rot 0     rot 1     rot 2     rot 3\n"
                       "███████   ███████   ███████   ███████\n"
                       "█  ✚  █   █  ✚  █   █  ✚  █   █  ✚  █\n"
                       "███████   ███████   ███████   ███████\n");
  b.n_tiles = G_N_ELEMENTS (tiles);
  g_autofree char *legend = ctl_board_render (&b, CTL_RENDER_LEGEND);
  ck_assert_msg (strstr (legend, "✚ cloister  █ wall  ╲ long side  0-5 follower") != NULL, "%s",
                 legend);
}
END_TEST

/* The river (RULES-next section 5): water is drawn as ≈ (~ in ASCII) on its edges and across
 * the middle row, under a road's bridge and beside a cloister, and named in the legend only
 * when the board shows some. The spring, a bridge, a bend, a cloister by the river. */
START_TEST (test_river)
{
  CtlPlacedTile tiles[] = {
    { 0, 0, "RI-s", 0 },
    { 1, 0, "RI.1-RIrI", 1 },
    { 2, 0, "RI.1-II", 0 },
    { 2, 1, "RI.1-LIRI", 1 },
  };
  g_autofree char *s = render (tiles, G_N_ELEMENTS (tiles), NULL, 0, CTL_RENDER_LEGEND);
  ck_assert_str_eq (s, "      0      1      2\n"
                       "   ··········│··········\n"
                       " 0 ···≈≈≈≈≈≈≈│≈≈≈≈≈≈≈···\n"
                       "   ··········│······≈···\n"
                       "                 ···≈···\n"
                       " 1               ───✚···\n"
                       "                 ···≈···\n"
                       "  · field  ▓ city  ◆ shield  ─ road  ○ junction  ✚ cloister  ≈ water  "
                       "0-5 follower (seat)\n");
  g_autofree char *a = render (tiles, 1, NULL, 0, CTL_RENDER_ASCII | CTL_RENDER_LEGEND);
  ck_assert_str_eq (a, "      0\n"
                       "   .......\n"
                       " 0 ...~~~~\n"
                       "   .......\n"
                       "  . field  # city  $ shield  - road  o junction  K cloister  ~ water  "
                       "0-5 follower (seat)\n");
  CtlPlacedTile land[] = { { 0, 0, "D", 0 } };
  g_autofree char *dry = render (land, 1, NULL, 0, CTL_RENDER_LEGEND);
  ck_assert_ptr_nonnull (strstr (dry, "cloister  0-5 follower"));
}
END_TEST

/* A hand: tiles side by side under their labels, a row at a time; an unknown
 * id is '?'. */
START_TEST (test_tiles_row)
{
  const char *ids[] = { "HT-I-03", "abbey", "HT-II-12", "Z" };
  const CtlTileType *types[G_N_ELEMENTS (ids)];
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    types[i] = ctl_tile_type_lookup (table.types, G_N_ELEMENTS (base_lines), ids[i]);
  const char *const labels[] = { "0 HT-I-03", "1 abbey", "2 HT-II-12", "3 Z" };
  const guint rotations[] = { 0, 0, 2, 0 };
  g_autofree char *s = ctl_tiles_render (types, rotations, labels, 4, 3, CTL_RENDER_ASCII);
  ck_assert_str_eq (s, "0 HT-I-03     1 abbey     2 HT-II-12\n"
                       "  \\###$#      %%%%%%%      .#\n"
                       "    \\.##      %  K  %      -+.#\n"
                       "      \\.      %%%%%%%      .+-+.#\n"
                       "   3 Z\n"
                       " .......\n"
                       " ...?...\n"
                       " .......\n");
}
END_TEST

/* The letters of figure kinds and attributes come from their names alone, in the game's order,
 * with no code per expansion (issue 17, "D-Bus and clients"; doc/carcassonnectl.1, BOARD). */
START_TEST (test_letter_rules)
{
  const char *const kinds[] = { "follower", "large-follower", "barn", "builder", "pig", "kite" };
  ck_assert_int_eq (ctl_figure_letter (kinds, 6, "follower"), 0);
  ck_assert_int_eq (ctl_figure_letter (kinds, 6, NULL), 0);
  ck_assert_int_eq (ctl_figure_letter (kinds, 6, "large-follower"), 'L');
  ck_assert_int_eq (ctl_figure_letter (kinds, 6, "barn"), 'B');
  /* B is the barn's: the builder takes its next free letter */
  ck_assert_int_eq (ctl_figure_letter (kinds, 6, "builder"), 'U');
  ck_assert_int_eq (ctl_figure_letter (kinds, 6, "pig"), 'P');
  /* K is the ASCII cloister: never a figure's */
  ck_assert_int_eq (ctl_figure_letter (kinds, 6, "kite"), 'I');
  /* a kind the list lacks comes after the listed ones */
  ck_assert_int_eq (ctl_figure_letter (kinds, 6, "lamp"), 'A');
  /* attributes: in the order they first occur; 'c' is the cathedral's, so cloth takes 'l' */
  CtlSegment segs[3] = { { 0 } };
  const char *const a0[] = { "cathedral", NULL }, *const a1[] = { "cloth", "orb", NULL };
  segs[0].attributes = a0;
  segs[1].attributes = a1;
  segs[2].attributes = a0;
  CtlTileType t = { .id = "T", .n_segments = 3, .segments = segs };
  g_autoptr (GStringChunk) strings = g_string_chunk_new (16);
  ctl_tile_types_mark_attributes (&t, 1, strings);
  ck_assert_str_eq (segs[0].marks, "c");
  ck_assert_str_eq (segs[1].marks, "lr"); /* 'o' is the ASCII junction: never a mark */
  ck_assert_str_eq (segs[2].marks, "c");
}
END_TEST

/* Every figure kind and segment attribute drawn from what the daemon declares: a mayor in a
 * cathedral city, a wagon on an inn road, a large follower in a city, a barn on its field and a
 * follower, each in its player's colour or as seat number and letter, with a legend of the
 * attributes and figure kinds the board shows (issue 17, "D-Bus and clients"). */
START_TEST (test_figures_attributes)
{
  CtlPlacedTile tiles[] = { { 0, 0, "IC-Cccc.c", 0 }, { 0, 1, "IC-RCc.i", 0 }, { 1, 0, "E", 3 } };
  CtlFollower followers[] = {
    /* seat, x, y, segment, piece, figure */
    { 0, 0, 0, 0, 1, "mayor" },          /* the cathedral city */
    { 1, 0, 1, 1, 2, "wagon" },          /* the inn road */
    { 0, 0, 1, 3, 2, "follower" },       /* a farmer east of the road */
    { 1, 1, 0, 0, 3, "large-follower" }, /* E's city, turned to the west */
    { 0, 1, 0, 1, 3, "barn" },           /* E's field */
  };
  const char *const kinds[] = { "follower", "large-follower", "mayor", "wagon", "barn" };
  CtlPlayer players[]
      = { { "ann", "red", 3, 6, FALSE, TRUE, TRUE }, { "bob", "blue", 0, 7, TRUE, TRUE, FALSE } };
  CtlBoard b = {
    table.types, G_N_ELEMENTS (base_lines), tiles, 3, followers, 5, players, 2, NULL, 0, kinds, 5
  };
  g_autofree char *plain = ctl_board_render (&b, CTL_RENDER_ASCII | CTL_RENDER_LEGEND);
  ck_assert_str_eq (plain,
                    "      0      1\n"
                    "   #######.......\n"
                    " 0 ##c0M##1L.0B..\n"
                    "   #######.......\n"
                    "   ######.\n"
                    " 1 ###o.0.\n"
                    "   ...1W..\n"
                    "  . field  # city  $ shield  - road  o junction  K cloister  c cathedral"
                    "  i inn  0-5 follower (seat)  L large-follower  M mayor  W wagon"
                    "  B barn\n"
                    "> 0 red    ann                3 points  6 followers\n"
                    "  1 blue   bob                0 points  7 followers  (bot)\n");
  /* the inn under the wagon: on its own, its mark is on the road's one character */
  g_autofree char *inn = ctl_tile_render (
      ctl_tile_type_lookup (table.types, G_N_ELEMENTS (base_lines), "IC-RCc.i"), CTL_RENDER_ASCII);
  ck_assert_str_eq (inn, " rot 0     rot 1     rot 2     rot 3\n"
                         "######.   .######   ...i...   .......\n"
                         "###o...   i--o###   ...o###   ###oi--\n"
                         "...i...   .......   .######   ######.\n");
  g_autofree char *coloured = ctl_board_render (&b, CTL_RENDER_COLOR);
  ck_assert_ptr_nonnull (strstr (coloured, "\033[1;91mM\033[0m"));
  ck_assert_ptr_nonnull (strstr (coloured, "\033[1;94mW\033[0m"));
  ck_assert_ptr_nonnull (strstr (coloured, "\033[1;94mL\033[0m"));
  ck_assert_ptr_nonnull (strstr (coloured, "\033[1;91mB\033[0m"));
  ck_assert_ptr_nonnull (strstr (coloured, "\033[1;91m●\033[0m"));
  ck_assert_ptr_nonnull (strstr (coloured, "\033[1;97mc\033[0m"));
  g_autofree char *inn_coloured = ctl_tile_render (
      ctl_tile_type_lookup (table.types, G_N_ELEMENTS (base_lines), "IC-RCc.i"), CTL_RENDER_COLOR);
  ck_assert_ptr_nonnull (strstr (inn_coloured, "\033[1;97mi\033[0m"));
}
END_TEST

static Suite *
board_render_suite (void)
{
  Suite *s = suite_create ("board-render");
  TCase *tc = tcase_create ("render");
  tcase_add_checked_fixture (tc, setup_tiles, teardown_tiles);
  tcase_add_test (tc, test_location_parse_rotate);
  tcase_add_test (tc, test_start_tile);
  tcase_add_test (tc, test_rotation);
  tcase_add_test (tc, test_features);
  tcase_add_test (tc, test_followers);
  tcase_add_test (tc, test_legend);
  tcase_add_test (tc, test_marks_unknown_empty);
  tcase_add_test (tc, test_tile_rotations);
  tcase_add_test (tc, test_half_corners);
  tcase_add_test (tc, test_half_pair);
  tcase_add_test (tc, test_half_rotations);
  tcase_add_test (tc, test_abbey);
  tcase_add_test (tc, test_tiles_row);
  tcase_add_test (tc, test_river);
  tcase_add_test (tc, test_letter_rules);
  tcase_add_test (tc, test_figures_attributes);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (board_render_suite ());
}
