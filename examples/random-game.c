/* random-game.c: plays one seeded game between random players and prints every move, every
 * scoring, the board as text and the final scores. The README's demo command runs it.
 *
 * Usage: random-game [--seed N] [--players N]
 *
 * Board legend: each tile is 5 characters wide and 3 high. '#' city, '|' and '-' road,
 * '.' field, 'K' cloister, 'o' where roads end at a junction or house, a digit a follower
 * of that player (on the part of the tile it stands on). The board is shown as the last tile
 * is placed, with the followers still on it; then final scoring. */
#include <stdlib.h>
#include <string.h>
#include <carcassonne.h>

static void print_board (CarcGame *game);

typedef struct
{
  GString *line; /* a placement line waits for its deployment, to print both on one line */
  gboolean board_shown;
} Printer;

static void
flush_line (GString *line)
{
  if (line->len)
    g_print ("%s\n", line->str);
  g_string_truncate (line, 0);
}

static void
on_event (CarcGame *game, const CarcEvent *ev, gpointer data)
{
  Printer *pr = data;
  GString *line = pr->line;
  g_autofree char *where = NULL;
  if (ev->type != CARC_EVENT_FOLLOWER_DEPLOYED)
    flush_line (line);
  switch (ev->type)
    {
      case CARC_EVENT_TURN_STARTED:
      case CARC_EVENT_TILE_DRAWN:
      case CARC_EVENT_PIECE_GIVEN:
      case CARC_EVENT_TURN_PASSED:
        break;
      case CARC_EVENT_TILE_DISCARDED:
        g_print ("         tile %s fits nowhere: discarded\n", carc_tile_type_get_id (ev->tile));
        break;
      case CARC_EVENT_TILE_PLACED:
        g_string_printf (line, "turn %2u: player %d places %s at (%d, %d) turned %u", ev->turn,
                         ev->player, carc_tile_type_get_id (ev->tile), ev->x, ev->y, ev->rotation);
        break;
      case CARC_EVENT_FOLLOWER_DEPLOYED:
        where = carc_location_to_string (ev->location);
        g_string_append_printf (line, ", follower on the %s%s%s",
                                carc_feature_kind_to_string (ev->kind), *where ? " " : "", where);
        break;
      case CARC_EVENT_FEATURE_SCORED:
        if (ev->final && !pr->board_shown)
          {
            /* The board with the followers still on it, then final scoring returns them. */
            print_board (game);
            pr->board_shown = TRUE;
            g_print ("\nFinal scoring:\n");
          }
        {
          guint total = 0;
          g_print ("         %s scored:", carc_feature_kind_to_string (ev->kind));
          for (guint p = 0; p < ev->n_players; p++)
            if (ev->points[p])
              {
                g_print (" player %u +%u", p, ev->points[p]);
                total += ev->points[p];
              }
          g_print ("%s\n", total ? "" : " 0 points (no completed city borders it)");
        }
        break;
      case CARC_EVENT_POINTS_AWARDED:
        {
          const CarcScoreItem *item = carc_event_get_item (ev, (guint)ev->player, 0);
          g_print ("         player %d +%u (%s)\n", ev->player, ev->points[ev->player],
                   item ? item->name : "");
        }
        break;
      case CARC_EVENT_FOLLOWER_RETURNED:
        break;
      case CARC_EVENT_GAME_OVER:
        if (!pr->board_shown)
          print_board (game);
        pr->board_shown = TRUE;
        g_print ("\n");
        break;
    }
}

static char
edge_char (CarcEdgeKind k, gboolean vertical)
{
  switch (k)
    {
      case CARC_EDGE_CITY:
        return '#';
      case CARC_EDGE_ROAD:
        return vertical ? '|' : '-';
      case CARC_EDGE_WALL:
        return '=';
      default:
        return '.';
    }
}

/* Row r (0..2), column c (0..4) of a tile's 5x3 picture. */
static void
draw_tile (const CarcPieceInfo *pi, char pic[3][5])
{
  const CarcTileType *t = pi->tile;
  CarcEdgeKind e[4];
  for (guint s = 0; s < 4; s++)
    e[s] = carc_tile_type_get_edge (t, (s + 4 - pi->rotation) & 3);
  memset (pic, ' ', 15);
  pic[0][0] = pic[0][4] = pic[2][0] = pic[2][4] = '.';
  for (int c = 1; c <= 3; c++)
    {
      pic[0][c] = (e[0] == CARC_EDGE_ROAD && c != 2) ? '.' : edge_char (e[0], TRUE);
      pic[2][c] = (e[2] == CARC_EDGE_ROAD && c != 2) ? '.' : edge_char (e[2], TRUE);
    }
  pic[1][0] = edge_char (e[3], FALSE);
  pic[1][4] = edge_char (e[1], FALSE);
  if (e[0] == CARC_EDGE_CITY && e[3] == CARC_EDGE_CITY)
    pic[0][0] = '#';
  if (e[0] == CARC_EDGE_CITY && e[1] == CARC_EDGE_CITY)
    pic[0][4] = '#';
  if (e[2] == CARC_EDGE_CITY && e[3] == CARC_EDGE_CITY)
    pic[2][0] = '#';
  if (e[2] == CARC_EDGE_CITY && e[1] == CARC_EDGE_CITY)
    pic[2][4] = '#';
  /* The middle: cloister, road ends, roads running through, a city filling the tile. */
  guint road_sides = 0, n_roads = 0;
  gboolean road_end = FALSE;
  for (guint s = 0; s < carc_tile_type_get_n_segments (t); s++)
    {
      CarcFeatureKind k = carc_tile_type_get_segment_kind (t, s);
      guint32 loc = carc_tile_type_get_segment_location (t, s, pi->rotation);
      if (k == CARC_FEATURE_CLOISTER)
        pic[1][2] = 'K';
      else if (k == CARC_FEATURE_ROAD)
        {
          n_roads++;
          road_sides |= loc & CARC_LOC_SIDES_MASK;
          if (__builtin_popcount (loc & CARC_LOC_SIDES_MASK) == 1)
            road_end = TRUE;
        }
      else if (k == CARC_FEATURE_CITY && __builtin_popcount (loc & CARC_LOC_SIDES_MASK) >= 2)
        pic[1][1] = pic[1][2] = pic[1][3] = '#';
    }
  if (pic[1][2] == ' ' || pic[1][2] == '#')
    {
      if (road_end && n_roads > 1)
        pic[1][2] = 'o';
      else if (road_sides == (CARC_LOC_SIDE (0) | CARC_LOC_SIDE (2)))
        pic[1][2] = '|';
      else if (road_sides == (CARC_LOC_SIDE (1) | CARC_LOC_SIDE (3)))
        pic[1][2] = '-';
      else if (road_sides && !road_end)
        pic[1][2] = '+';
      else if (road_sides && road_end && pic[1][2] == ' ')
        pic[1][2] = 'o';
    }
  if (road_sides & CARC_LOC_SIDE (1))
    pic[1][3] = '-';
  if (road_sides & CARC_LOC_SIDE (3))
    pic[1][1] = '-';
}

/* Where on the 5x3 picture a follower on a segment with this location stands. */
static void
follower_spot (guint32 loc, int *row, int *col)
{
  static const int side_rc[4][2] = { { 0, 2 }, { 1, 3 }, { 2, 2 }, { 1, 1 } };
  static const int half_rc[8][2]
      = { { 0, 1 }, { 0, 3 }, { 1, 4 }, { 2, 3 }, { 2, 3 }, { 2, 1 }, { 1, 0 }, { 0, 1 } };
  *row = 1;
  *col = 2;
  for (int s = 0; s < 4; s++)
    if (loc & CARC_LOC_SIDE (s))
      {
        *row = side_rc[s][0];
        *col = side_rc[s][1];
        return;
      }
  for (int h = 0; h < 8; h++)
    if (loc & CARC_LOC_HALF (h))
      {
        *row = half_rc[h][0];
        *col = half_rc[h][1];
        return;
      }
}

static void
print_board (CarcGame *game)
{
  gint x0, y0, x1, y1;
  carc_game_get_bounds (game, &x0, &y0, &x1, &y1);
  guint w = (guint)(x1 - x0 + 1), h = (guint)(y1 - y0 + 1);
  g_autofree char *canvas = g_malloc (w * 5 * h * 3);
  memset (canvas, ' ', w * 5 * h * 3);
  for (guint i = 0; i < carc_game_get_n_pieces (game); i++)
    {
      CarcPieceInfo pi;
      char pic[3][5];
      carc_game_get_piece (game, i, &pi);
      draw_tile (&pi, pic);
      for (int r = 0; r < 3; r++)
        memcpy (&canvas[((guint)(pi.y - y0) * 3 + (guint)r) * w * 5 + (guint)(pi.x - x0) * 5],
                pic[r], 5);
    }
  for (guint i = 0; i < carc_game_get_n_followers (game); i++)
    {
      CarcFollowerInfo fi;
      CarcPieceInfo pi;
      int r, c;
      carc_game_get_follower (game, i, &fi);
      carc_game_get_piece_at (game, fi.x, fi.y, &pi);
      follower_spot (carc_tile_type_get_segment_location (pi.tile, fi.segment, pi.rotation), &r,
                     &c);
      canvas[((guint)(fi.y - y0) * 3 + (guint)r) * w * 5 + (guint)(fi.x - x0) * 5 + (guint)c]
          = (char)('0' + fi.player);
    }
  g_print ("\nThe board, x %d..%d (west to east), y %d..%d (north to south); the start tile is "
           "at (0, 0):\n",
           x0, x1, y0, y1);
  g_print ("Each tile is 5x3 characters: '#' city, '|' '-' road, '.' field, 'K' cloister, "
           "'o' a road ending at a junction, a digit a follower of that player.\n");
  for (guint row = 0; row < h * 3; row++)
    g_print ("  %.*s\n", (int)(w * 5), &canvas[row * w * 5]);
}

int
main (int argc, char **argv)
{
  gint64 seed = 1, players = 2;
  GOptionEntry entries[]
      = { { "seed", 's', 0, G_OPTION_ARG_INT64, &seed, "Seed for the deck and the players", "N" },
          { "players", 'p', 0, G_OPTION_ARG_INT64, &players, "Number of players (2-6)", "N" },
          { NULL } };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("- play a seeded random game");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (&error);
  if (!tiles)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  carc_game_config_set_n_players (config, (guint)CLAMP (players, 0, 1000));
  carc_game_config_set_seed (config, (guint64)seed);
  g_autoptr (CarcGame) game = carc_game_new (config, &error);
  if (!game)
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  g_autoptr (GString) line = g_string_new (NULL);
  Printer printer = { line, FALSE };
  carc_game_set_event_func (game, on_event, &printer, NULL);
  g_print ("A seeded game (seed %" G_GINT64_FORMAT ") between %" G_GINT64_FORMAT
           " random players: the start tile and %u tiles to draw.\n",
           seed, players, carc_game_get_tiles_left (game) + 1);
  CarcRng rng;
  carc_rng_init (&rng, (guint64)seed, 1);
  while (carc_game_get_phase (game) == CARC_PHASE_PLACE)
    {
      guint n;
      const CarcPlacement *pl = carc_game_get_placements (game, &n);
      const CarcPlacement *p = &pl[carc_rng_below (&rng, n)];
      if (!carc_game_place (game, p->x, p->y, p->rotation, &error))
        g_error ("%s", error->message);
      const CarcDeployment *d = carc_game_get_deployments (game, &n);
      guint pick = carc_rng_below (&rng, n + 1);
      if (pick < n)
        carc_game_deploy (game, d[pick].figure, d[pick].segment, &error);
      else
        carc_game_skip (game, &error);
      if (error)
        g_error ("%s", error->message);
    }
  flush_line (line);
  g_print ("Final scores:\n");
  for (guint p = 0; p < carc_game_get_n_players (game); p++)
    g_print ("  player %u: %u\n", p, carc_game_get_score (game, p));
  return 0;
}
