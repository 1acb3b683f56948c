/* traders-builders.c: Traders & Builders (RULES-next.md section 3, D18-D23).
 *
 * Setup adds the expansion's 24 tiles to the draw pile (72 + 24 = 96 tiles); every player has
 * one builder and one pig, figure kinds that go along with a follower (strength 0, they never
 * hold a feature: doc/plugin-guide.md, "Figures").
 *
 * - Trade goods (D18, D19): a city segment with the attribute `:wine`, `:grain` or `:cloth`
 *   (doc/tile-data.md) holds one token of that good, on any piece of the game. When a city is
 *   completed during the game, held or not, the player whose turn it is (who placed the
 *   completing tile, an abbey included) takes its tokens: a 0-point award per good, named
 *   after it, whose count is the tokens taken ("wine" 2 = 0), so clients see the counters
 *   through the scoring breakdown. At the end, for each good, every player with the most
 *   tokens (at least one) scores 10: a "wine-majority" (...) award.
 * - The builder (D20, D21): it goes, instead of a follower, on a road or city of the tile just
 *   placed whose feature the player holds and that the tile did not complete (check_deploy). When
 * its owner later places a piece that becomes part of that feature (the builder standing on another
 *   piece), he plays one more turn part (carc_game_repeat_turn()); a placement in that extra
 *   part never gives a third. An abbey has no road or city, so it never triggers it. By
 *   default the extra part is automatic, as in JCloisterZone; with the option
 *   `optional-extra` the player chooses after the turn: "extra-part" or "no-extra-part".
 * - The pig (D22): on a field of the tile just placed where the player has a farmer; when the
 *   field scores at the end, a pig's owner among its winners scores +1 per completed city (a
 *   "pig" item; several pigs of one player do not stack).
 *
 * The item values are JCloisterZone's; the conformance tool maps its names ("pigs",
 * "trade-goods.WINE") to these. */
#include "config.h"

#include <carcassonne.h>
#include <string.h>

static const char tb_tiles[] =
#include "plugins/traders-builders/traders-builders-tiles.h"
    ;

enum
{
  TB_WINE,
  TB_GRAIN,
  TB_CLOTH,
  TB_N_GOODS
};

/* The tile attribute and the award of each good, and the award of its majority. */
static const char *const good_names[TB_N_GOODS] = { "wine", "grain", "cloth" };
static const char *const majority_names[TB_N_GOODS]
    = { "wine-majority", "grain-majority", "cloth-majority" };

#define TB_MAJORITY_POINTS 10

/* A city segment with a goods symbol on a piece of the board. */
typedef struct
{
  guint piece;
  guint segment;
  guint good;
} TbMark;

typedef enum
{
  TB_BUILDER_IDLE,      /* the next placement may trigger the builder */
  TB_BUILDER_TRIGGERED, /* optional-extra: the player chooses after this turn */
  TB_BUILDER_EXTRA,     /* the next placement is the extra part: it triggers nothing */
} TbBuilder;

typedef struct
{
  gboolean optional; /* option "optional-extra" */
  gint builder;      /* the figure kinds, carc_game_find_figure() */
  gint pig;
  guint builders[CARC_MAX_PLAYERS]; /* each player's builders at the start */
  GArray *marks;                    /* TbMark, in the order the pieces were placed */
  guint goods[CARC_MAX_PLAYERS][TB_N_GOODS];
  TbBuilder state;
} TbGame;

static gpointer
tb_setup (CarcSetup *setup, GError **error)
{
  carc_setup_add_all_to_deck (setup);
  CarcGame *game = carc_setup_get_game (setup);
  TbGame *tb = g_new0 (TbGame, 1);
  tb->optional = carc_setup_get_option (setup, "optional-extra") != 0;
  tb->builder = carc_game_find_figure (game, "builder");
  tb->pig = carc_game_find_figure (game, "pig");
  /* room for the goods of a whole game (about 20 marks): the list need not grow */
  tb->marks = g_array_sized_new (FALSE, FALSE, sizeof (TbMark), 32);
  for (guint p = 0; tb->builder >= 0 && p < carc_game_get_n_players (game); p++)
    tb->builders[p] = carc_game_get_figure_supply (game, (guint)tb->builder, p);
  return tb;
}

/* A game copy's own data (carc_game_copy()): its own list of marks. */
static gpointer
tb_copy_data (CarcGame *copy, gconstpointer data)
{
  const TbGame *tb = data;
  TbGame *c = g_memdup2 (tb, sizeof *tb);
  c->marks = g_array_copy (tb->marks);
  return c;
}

static void
tb_free_data (gpointer data)
{
  TbGame *tb = data;
  g_array_unref (tb->marks);
  g_free (tb);
}

/* Remembers the goods symbols of a piece placed, of any expansion. */
static void
remember_goods (TbGame *tb, const CarcPieceInfo *info)
{
  /* most cities carry no attribute at all: no lookup by name then */
  for (guint32 m = carc_tile_type_get_segments (info->tile, 1u << CARC_FEATURE_CITY, TRUE); m;
       m &= m - 1)
    {
      guint s = (guint)__builtin_ctz (m);
      for (guint g = 0; g < TB_N_GOODS; g++)
        if (carc_tile_type_get_segment_attribute (info->tile, s, good_names[g]))
          {
            TbMark mark = { info->index, s, g };
            g_array_append_val (tb->marks, mark);
          }
    }
}

/* The feature id of segment @segment of piece @piece, or G_MAXUINT. */
static guint
feature_id (CarcGame *game, guint piece, guint segment)
{
  return carc_game_get_piece_feature_id (game, piece, segment);
}

/* Whether the piece @info just placed became part of the road or city where its player's
 * builder stands on another piece (D20). */
static gboolean
extends_builder (CarcGame *game, const TbGame *tb, const CarcPieceInfo *info)
{
  /* the player's builders all in the supply: none stands anywhere (no walk over the figures);
   * else the walk stops at the last one out */
  guint out = tb->builders[info->player]
              - MIN (carc_game_get_figure_supply (game, (guint)tb->builder, (guint)info->player),
                     tb->builders[info->player]);
  if (out == 0)
    return FALSE;
  guint32 kinds = (1u << CARC_FEATURE_ROAD) | (1u << CARC_FEATURE_CITY);
  guint32 segments = carc_tile_type_get_segments (info->tile, kinds, FALSE);
  if (segments == 0)
    return FALSE;
  for (gint i = -1; out > 0; out--)
    {
      i = carc_game_find_follower (game, (guint)(i + 1), tb->builder, info->player);
      if (i < 0)
        break;
      CarcFollowerInfo fw;
      if (!carc_game_get_follower (game, (guint)i, &fw) || fw.piece == info->index)
        continue;
      guint id = feature_id (game, fw.piece, fw.segment);
      for (guint32 m = segments; m; m &= m - 1)
        if (feature_id (game, info->index, (guint)__builtin_ctz (m)) == id)
          return TRUE;
    }
  return FALSE;
}

static void
tb_placed (CarcGame *game, gpointer data, const CarcPieceInfo *info)
{
  TbGame *tb = data;
  remember_goods (tb, info);
  if (tb->state == TB_BUILDER_EXTRA)
    {
      tb->state = TB_BUILDER_IDLE; /* no chain (D20) */
      return;
    }
  if (tb->builder < 0 || info->player < 0 || !extends_builder (game, tb, info))
    return;
  if (tb->optional)
    tb->state = TB_BUILDER_TRIGGERED;
  else
    {
      tb->state = TB_BUILDER_EXTRA;
      carc_game_repeat_turn (game);
    }
}

/* The builder's own rule (D20): not on a feature the tile just completed. */
static CarcPlaceVerdict
tb_check_deploy (CarcGame *game, gpointer data, guint figure, guint segment)
{
  TbGame *tb = data;
  if (tb->builder < 0 || figure != (guint)tb->builder)
    return CARC_PLACE_DEFAULT;
  guint piece = carc_game_get_n_pieces (game) - 1;
  if (carc_game_is_piece_feature_complete (game, piece, segment))
    return CARC_PLACE_VETO;
  return CARC_PLACE_DEFAULT;
}

/* D18: the player whose turn it is takes the tokens of a city completed during the game. */
static void
tb_feature_completed (CarcGame *game, gpointer data, const CarcScoring *scoring)
{
  TbGame *tb = data;
  if (scoring->kind != CARC_FEATURE_CITY || tb->marks->len == 0)
    return;
  guint city = feature_id (game, scoring->piece, scoring->segment);
  guint got[TB_N_GOODS] = { 0 };
  for (guint i = 0; i < tb->marks->len; i++)
    {
      const TbMark *m = &g_array_index (tb->marks, TbMark, i);
      if (feature_id (game, m->piece, m->segment) == city)
        got[m->good]++;
    }
  guint p = carc_game_get_current_player (game);
  for (guint g = 0; g < TB_N_GOODS; g++)
    if (got[g])
      {
        tb->goods[p][g] += got[g];
        carc_game_award (game, p, good_names[g], got[g], 0);
      }
}

/* D19: for each good, 10 to every player holding the most of it, if anyone holds any. */
static void
tb_game_over (CarcGame *game, gpointer data)
{
  TbGame *tb = data;
  guint n = carc_game_get_n_players (game);
  for (guint g = 0; g < TB_N_GOODS; g++)
    {
      guint best = 0;
      for (guint p = 0; p < n; p++)
        best = MAX (best, tb->goods[p][g]);
      for (guint p = 0; best && p < n; p++)
        if (tb->goods[p][g] == best)
          carc_game_award (game, p, majority_names[g], 0, TB_MAJORITY_POINTS);
    }
}

/* D22: a field's winner with a pig in it scores +1 per completed city, once per player. */
static void
tb_score_adjust (CarcGame *game, gpointer data, CarcScoring *scoring)
{
  TbGame *tb = data;
  if (scoring->kind != CARC_FEATURE_FIELD || tb->pig < 0 || scoring->units == 0)
    return;
  guint field = G_MAXUINT, paid = 0;
  for (gint i = carc_game_find_follower (game, 0, tb->pig, -1); i >= 0;
       i = carc_game_find_follower (game, (guint)i + 1, tb->pig, -1))
    {
      CarcFollowerInfo fw;
      if (!carc_game_get_follower (game, (guint)i, &fw) || !((scoring->winners >> fw.player) & 1)
          || ((paid >> fw.player) & 1))
        continue;
      if (field == G_MAXUINT)
        field = feature_id (game, scoring->piece, scoring->segment);
      if (feature_id (game, fw.piece, fw.segment) != field)
        continue;
      paid |= 1u << fw.player;
      carc_scoring_add_item (scoring, fw.player, "pig", 0, scoring->units);
    }
}

static void
tb_digest (CarcGame *game, gpointer data, gboolean public_only, GByteArray *bytes)
{
  TbGame *tb = data;
  guint n = carc_game_get_n_players (game);
  gboolean any = tb->state != TB_BUILDER_IDLE;
  for (guint p = 0; p < n; p++)
    for (guint g = 0; g < TB_N_GOODS; g++)
      any |= tb->goods[p][g] != 0;
  if (!any)
    return;
  carc_digest_add_u32 (bytes, tb->state);
  for (guint p = 0; p < n; p++)
    for (guint g = 0; g < TB_N_GOODS; g++)
      carc_digest_add_u32 (bytes, tb->goods[p][g]);
}

/* optional-extra: after the turn that triggered the builder, the player decides. */
static const char *
tb_claim_phase (CarcGame *game, gpointer data, CarcPhasePoint point)
{
  TbGame *tb = data;
  if (point != CARC_PHASE_POINT_TURN_END || tb->state != TB_BUILDER_TRIGGERED)
    return NULL;
  return "builder";
}

static gboolean
in_builder_phase (CarcGame *game)
{
  const char *owner = carc_game_get_phase_owner (game);
  return carc_game_get_phase (game) == CARC_PHASE_PLUGIN && owner
         && strcmp (owner, "traders-builders") == 0;
}

static void
list_extra (CarcGame *game, gpointer data, guint player, GPtrArray *moves)
{
  if (in_builder_phase (game))
    carc_move_list_add (moves, &(CarcMove){ .name = "extra-part" });
}

static void
list_no_extra (CarcGame *game, gpointer data, guint player, GPtrArray *moves)
{
  if (in_builder_phase (game))
    carc_move_list_add (moves, &(CarcMove){ .name = "no-extra-part" });
}

static gboolean
check_builder_phase (CarcGame *game, GError **error)
{
  if (in_builder_phase (game))
    return TRUE;
  g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE,
               "the builder's extra part is chosen only after the turn that triggered it");
  return FALSE;
}

static gboolean
apply_extra (CarcGame *game, gpointer data, const CarcMove *move, GError **error)
{
  TbGame *tb = data;
  if (!check_builder_phase (game, error))
    return FALSE;
  tb->state = TB_BUILDER_EXTRA;
  carc_game_repeat_turn (game);
  carc_game_end_phase (game);
  return TRUE;
}

static gboolean
apply_no_extra (CarcGame *game, gpointer data, const CarcMove *move, GError **error)
{
  TbGame *tb = data;
  if (!check_builder_phase (game, error))
    return FALSE;
  tb->state = TB_BUILDER_IDLE;
  carc_game_end_phase (game);
  return TRUE;
}

static gboolean
tb_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = tb_setup,
                                   .free_data = tb_free_data,
                                   .copy_data = tb_copy_data,
                                   .placed = tb_placed,
                                   .score_adjust = tb_score_adjust,
                                   .feature_completed = tb_feature_completed,
                                   .game_over = tb_game_over,
                                   .digest = tb_digest,
                                   .claim_phase = tb_claim_phase,
                                   .check_deploy = tb_check_deploy };
  static const CarcFigureDef builder
      = { .name = "builder",
          .supply = 1,
          .stands = CARC_STANDS_ON (CARC_FEATURE_ROAD) | CARC_STANDS_ON (CARC_FEATURE_CITY),
          .strength = 0,
          .accompanies = TRUE };
  static const CarcFigureDef pig = { .name = "pig",
                                     .supply = 1,
                                     .stands = CARC_STANDS_ON (CARC_FEATURE_FIELD),
                                     .strength = 0,
                                     .accompanies = TRUE };
  static const CarcOptionDef optional
      = { .name = "optional-extra",
          .type = CARC_OPTION_BOOLEAN,
          .description
          = "the builder gives an extra turn part only when the player asks for it (D20)",
          .default_value = 0,
          .min = 0,
          .max = 1 };
  static const CarcMoveDef extra
      = { .name = "extra-part", .list = list_extra, .apply = apply_extra };
  static const CarcMoveDef no_extra
      = { .name = "no-extra-part", .list = list_no_extra, .apply = apply_no_extra };
  if (!carc_plugin_add_tiles (plugin, tb_tiles, -1, error))
    return FALSE;
  carc_plugin_add_figure (plugin, &builder);
  carc_plugin_add_figure (plugin, &pig);
  carc_plugin_add_option (plugin, &optional);
  carc_plugin_add_move (plugin, &extra);
  carc_plugin_add_move (plugin, &no_extra);
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("traders-builders",
                    "Traders & Builders: trade goods, the builder, the pig and 24 tiles", VERSION,
                    CARC_PLUGIN_PRIORITY_DEFAULT, tb_init, NULL)
