/* carc-board-svg.c: the picture of a game's board: its pieces where they lie, and the
 * figures on them in their players' colours (doc/engine-api.md, "Pictures"). */
#include "config.h"

#include "carc-game.h"
#include "carc-picture-private.h"

#define MARGIN 20

/* Player colours, in seat order. */
static const char *const player_colors[CARC_MAX_PLAYERS]
    = { "#d42a20", "#1f5fd1", "#f2c80f", "#222222", "#1e9e3a", "#a040c0" };

static void
append_xy (GString *s, double x, double y)
{
  carc_svg_num (s, x);
  g_string_append_c (s, ' ');
  carc_svg_num (s, y);
}

/* The follower: a meeple; other figure kinds: a disc with their name's first letter. */
static void
figure (GString *s, CarcGame *game, const CarcFollowerInfo *f, double x, double y)
{
  const char *name = carc_game_get_figure_name (game, f->figure);
  const char *color = player_colors[f->player % CARC_MAX_PLAYERS];
  g_autofree char *esc = g_markup_escape_text (name ? name : "", -1);
  g_string_append_printf (s,
                          "<g class=\"figure\" data-figure=\"%s\" data-player=\"%u\" "
                          "data-segment=\"%u\" data-piece=\"%u\" transform=\"translate(",
                          esc, f->player, f->segment, f->piece);
  append_xy (s, x, y);
  g_string_append (s, ")\">");
  if (f->figure == CARC_FIGURE_FOLLOWER)
    g_string_append_printf (s,
                            "<path d=\"M-7 8 L-2.5 8 L0 4 L2.5 8 L7 8 L3.5 0 L8 -1.5 L7 -4.5 "
                            "L-7 -4.5 L-8 -1.5 L-3.5 0 Z\" fill=\"%s\" stroke=\"#fff\" "
                            "stroke-width=\"1.2\" stroke-linejoin=\"round\"/>"
                            "<circle cy=\"-7\" r=\"3.6\" fill=\"%s\" stroke=\"#fff\" "
                            "stroke-width=\"1.2\"/>",
                            color, color);
  else
    {
      gunichar c = name && *name ? g_unichar_toupper (g_utf8_get_char (name)) : '?';
      char letter[8] = { 0 };
      g_unichar_to_utf8 (c, letter);
      g_autofree char *l = g_markup_escape_text (letter, -1);
      g_string_append_printf (s,
                              "<circle r=\"7\" fill=\"%s\" stroke=\"#fff\" stroke-width=\"1.4\"/>"
                              "<text y=\"3.5\" font-family=\"sans-serif\" font-size=\"10\" "
                              "font-weight=\"bold\" text-anchor=\"middle\" fill=\"%s\">%s</text>",
                              color, f->player == 2 ? "#222" : "#fff", l);
    }
  g_string_append (s, "</g>");
}

static void
append_pieces (GString *s, CarcGame *game)
{
  guint n = carc_game_get_n_pieces (game);
  for (guint i = 0; i < n; i++)
    {
      CarcPieceInfo info;
      if (!carc_game_get_piece (game, i, &info))
        continue;
      g_autofree char *prefix = g_strdup_printf ("piece-%u-", i);
      CarcSvgPlace at = { .x = info.x * (double)CARC_PICTURE_TILE_SIZE,
                          .y = info.y * (double)CARC_PICTURE_TILE_SIZE,
                          .rotation = info.rotation,
                          .id_prefix = prefix };
      g_string_append_printf (s, "<g id=\"piece-%u\" class=\"piece\" data-x=\"%d\" data-y=\"%d\">",
                              i, info.x, info.y);
      carc_svg_append_piece (s, carc_tile_picture_of (info.tile), &at);
      g_string_append (s, "</g>\n");
    }
}

/* Figures at their segments' anchors; a second figure on the same segment stands beside. */
static void
append_figures (GString *s, CarcGame *game)
{
  guint n = carc_game_get_n_followers (game);
  g_autofree CarcFollowerInfo *all = g_new0 (CarcFollowerInfo, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      CarcFollowerInfo *f = &all[i];
      CarcPieceInfo info;
      if (!carc_game_get_follower (game, i, f) || !carc_game_get_piece (game, f->piece, &info))
        continue;
      guint before = 0;
      for (guint j = 0; j < i; j++)
        before += all[j].piece == f->piece && all[j].segment == f->segment;
      const CarcTilePicture *pic = carc_tile_picture_of (info.tile);
      CarcPt p = carc_picture_turn (pic->seg[f->segment].anchor, info.rotation);
      figure (s, game, f, info.x * (double)CARC_PICTURE_TILE_SIZE + p.x + before * 9,
              info.y * (double)CARC_PICTURE_TILE_SIZE + p.y - before * 4);
    }
}

/**
 * carc_game_to_svg:
 * @game: a game
 *
 * A picture of @game's board: every piece at its place and rotation as
 * carc_tile_type_to_svg() draws it (cell (x, y) at (x, y) * %CARC_PICTURE_TILE_SIZE; the
 * view box is the board's bounds and a margin), then every figure on the board at its
 * segment's anchor (carc_tile_type_get_segment_anchor()) in its player's colour (red, blue,
 * yellow, black, green, purple in seat order): the follower as a meeple, other figure kinds
 * as a disc with their name's first letter. Piece i is `<g id="piece-i">`, its segments
 * `piece-i-seg-N` (each with `data-anchor="X Y"`, its anchor on the board); figures are
 * `<g class="figure">` with `data-figure` (the kind's name), `data-player`, `data-piece`
 * and `data-segment`.
 *
 * Returns: (transfer full): an SVG document
 */
char *
carc_game_to_svg (CarcGame *game)
{
  g_return_val_if_fail (CARC_IS_GAME (game), NULL);
  gint min_x, min_y, max_x, max_y;
  carc_game_get_bounds (game, &min_x, &min_y, &max_x, &max_y);
  double size = CARC_PICTURE_TILE_SIZE;
  GString *s = g_string_new (NULL);
  carc_svg_begin (s, min_x * size - MARGIN, min_y * size - MARGIN,
                  (max_x - min_x + 1) * size + 2 * MARGIN, (max_y - min_y + 1) * size + 2 * MARGIN);
  g_string_append (s, "<rect x=\"");
  carc_svg_num (s, min_x * size - MARGIN);
  g_string_append (s, "\" y=\"");
  carc_svg_num (s, min_y * size - MARGIN);
  g_string_append (s, "\" width=\"100%\" height=\"100%\" fill=\"#efe9dc\"/>\n");
  append_pieces (s, game);
  append_figures (s, game);
  carc_svg_end (s);
  return g_string_free (s, FALSE);
}
