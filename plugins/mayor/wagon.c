/* wagon.c: the wagon's move after its feature is scored (RULES-next.md section 4.4, D25,
 * D26).
 *
 * When a feature holding wagons is completed and scored during the game, each of those
 * wagons (gone home with the feature's other figures) may move on: once the tile part is
 * scored this plugin holds the phase "wagon", and the wagons' owners decide one at a time, in
 * seat order from the player whose turn it was; each sees the moves made before. A wagon goes
 * (move "wagon-move", piece and segment) onto an incomplete road, city or cloister (an abbey
 * too) that no figure of any kind stands in, on a segment of a piece in the wagon's own cell
 * or the 8 cells around it (JCZ wagon-move=C2; counted in cells, so with half tiles both
 * halves of a cell are in range, D36), or stays home ("wagon-pass"). A wagon with no target
 * stays home without a decision, as in JCZ. With the option "wagon-c1" (JCZ wagon-move=C1) the
 * targets are instead the features the scored one leads to, at any distance, read off the
 * tile data's road ends (a junction's other roads, the cloister or the city gate a road ends
 * at, the roads leaving a city's gate or a cloister). */
#include "config.h"

#include <string.h>
#include "mayor-private.h"

/* Records the wagons standing in the feature just completed and scored: they may move. */
void
mayor_wagon_completed (CarcGame *game, gpointer data, const CarcScoring *scoring)
{
  MayorGame *mg = data;
  if (mg->wagon < 0 || !scoring->winners)
    return;
  guint id = carc_game_get_piece_feature_id (game, scoring->piece, scoring->segment);
  /* the wagons alone, found without fetching every figure */
  for (gint i = carc_game_find_follower (game, 0, mg->wagon, -1); i >= 0;
       i = carc_game_find_follower (game, (guint)i + 1, mg->wagon, -1))
    {
      CarcFollowerInfo f;
      carc_game_get_follower (game, (guint)i, &f);
      if (carc_game_get_piece_feature_id (game, f.piece, f.segment) == id)
        {
          MayorWagon w = { f.player, f.piece, f.segment };
          g_array_append_val (mg->wagons, w);
        }
    }
}

/* The features that hold a figure: a listing asks about every segment of up to nine cells,
 * and one walk over the figures, at the first segment that needs it, costs less than
 * measuring each feature and counting its figures (carc_game_get_piece_feature()). */
typedef struct
{
  gboolean read;
  guint n;    /* the figures on the board */
  guint *ids; /* the feature id of each, once read */
} Held;

/* Whether the feature holding @segment of @piece may take a wagon: a road, city or cloister,
 * incomplete, with no figure of any kind. */
static gboolean
free_target (CarcGame *game, Held *held, const CarcPieceInfo *piece, guint segment)
{
  CarcFeatureKind kind = carc_tile_type_get_segment_kind (piece->tile, segment);
  if (kind != CARC_FEATURE_ROAD && kind != CARC_FEATURE_CITY && kind != CARC_FEATURE_CLOISTER)
    return FALSE;
  /* a complete feature (many, next to the one just scored) is told without measuring it */
  if (carc_game_is_piece_feature_complete (game, piece->index, segment))
    return FALSE;
  if (!held->read)
    {
      for (guint i = 0; i < held->n; i++)
        {
          CarcFollowerInfo f;
          carc_game_get_follower (game, i, &f);
          held->ids[i] = carc_game_get_piece_feature_id (game, f.piece, f.segment);
        }
      held->read = TRUE;
    }
  guint id = carc_game_get_piece_feature_id (game, piece->index, segment);
  for (guint i = 0; i < held->n; i++)
    if (held->ids[i] == id)
      return FALSE;
  return TRUE;
}

/* Counts a target and, with @moves, lists the "wagon-move" to it. */
static guint
add_target (GPtrArray *moves, guint piece, guint segment)
{
  if (moves)
    carc_move_list_add (moves, &(CarcMove){ .type = CARC_MOVE_PLUGIN,
                                            .name = mayor_wagon_move.name,
                                            .params = mayor_wagon_move.params,
                                            .piece = piece,
                                            .segment = segment });
  return 1;
}

/* C2 (D25): every free segment of the pieces in the wagon's cell and the 8 around it. */
static guint
list_c2 (CarcGame *game, Held *held, const MayorWagon *w, GPtrArray *moves)
{
  CarcPieceInfo from;
  carc_game_get_piece (game, w->piece, &from);
  guint n = 0;
  for (gint dy = -1; dy <= 1; dy++)
    for (gint dx = -1; dx <= 1; dx++)
      {
        CarcPieceInfo at[2];
        guint k = carc_game_get_pieces_at (game, from.x + dx, from.y + dy, at);
        for (guint i = 0; i < k; i++)
          for (guint s = 0; s < carc_tile_type_get_n_segments (at[i].tile); s++)
            if (free_target (game, held, &at[i], s))
              n += add_target (moves, at[i].index, s);
      }
  return n;
}

/* Whether segment @t of @tile is one that segment @s of the scored feature leads to on the
 * same tile (the tile data's road ends): from a road at a junction, the junction's other
 * roads; from a road at a cloister or a city gate, that cloister or city; from a city or a
 * cloister, the roads that end at its gate or at it. */
static gboolean
leads_to (const CarcTileType *tile, guint s, guint t)
{
  gint gate_s, gate_t;
  gchar end_s = carc_tile_type_get_segment_end (tile, s, &gate_s);
  gchar end_t = carc_tile_type_get_segment_end (tile, t, &gate_t);
  CarcFeatureKind ks = carc_tile_type_get_segment_kind (tile, s);
  CarcFeatureKind kt = carc_tile_type_get_segment_kind (tile, t);
  if (s == t)
    return FALSE;
  if (ks == CARC_FEATURE_ROAD && kt == CARC_FEATURE_ROAD)
    return end_s == 'J' && end_t == 'J';
  if (ks == CARC_FEATURE_ROAD)
    return (end_s == 'K' && kt == CARC_FEATURE_CLOISTER) || (end_s == 'C' && gate_s == (gint)t);
  if (kt != CARC_FEATURE_ROAD)
    return FALSE;
  return (ks == CARC_FEATURE_CLOISTER && end_t == 'K') || (end_t == 'C' && gate_t == (gint)s);
}

/* C1 (option wagon-c1): every free feature the wagon's scored feature leads to, at any
 * distance, on a segment of a tile the scored feature covers. A feature an abbey's wall
 * touches is not among them (no tile data says so). */
static guint
list_c1 (CarcGame *game, Held *held, const MayorWagon *w, GPtrArray *moves)
{
  guint scored = carc_game_get_piece_feature_id (game, w->piece, w->segment);
  guint n = 0;
  for (guint p = 0; p < carc_game_get_n_pieces (game); p++)
    {
      CarcPieceInfo info;
      carc_game_get_piece (game, p, &info);
      guint n_segments = carc_tile_type_get_n_segments (info.tile);
      for (guint s = 0; s < n_segments; s++)
        {
          if (carc_game_get_piece_feature_id (game, p, s) != scored)
            continue;
          for (guint t = 0; t < n_segments; t++)
            if (leads_to (info.tile, s, t) && free_target (game, held, &info, t))
              n += add_target (moves, p, t);
        }
    }
  return n;
}

/* The moves of wagon @w: "wagon-move" to every target (D25), appended to @moves (or only
 * counted, with @moves NULL). */
static guint
list_targets (CarcGame *game, const MayorGame *mg, const MayorWagon *w, GPtrArray *moves)
{
  guint n = carc_game_get_n_followers (game);
  Held held = { .n = n, .ids = g_newa (guint, MAX (n, 1)) };
  return mg->wagon_c1 ? list_c1 (game, &held, w, moves) : list_c2 (game, &held, w, moves);
}

static gint
seat_order (gconstpointer a, gconstpointer b, gpointer data)
{
  guint from = GPOINTER_TO_UINT (data) >> 8, n = GPOINTER_TO_UINT (data) & 0xff;
  guint pa = (((const MayorWagon *)a)->player + n - from) % n;
  guint pb = (((const MayorWagon *)b)->player + n - from) % n;
  return (gint)pa - (gint)pb;
}

/* Drops the wagons at the head of the queue that have nowhere to go; hands the phase to the
 * next one's owner, or ends it. */
static void
next_wagon (CarcGame *game, MayorGame *mg)
{
  while (mg->wagons->len
         && list_targets (game, mg, &g_array_index (mg->wagons, MayorWagon, 0), NULL) == 0)
    g_array_remove_index (mg->wagons, 0);
  if (mg->wagons->len)
    {
      carc_game_set_phase_player (game, g_array_index (mg->wagons, MayorWagon, 0).player);
      return;
    }
  carc_game_set_phase_player (game, mg->turn_player);
  carc_game_end_phase (game);
}

/* After a tile part's scoring: the phase "wagon" while a scored wagon has somewhere to go. */
const char *
mayor_wagon_claim_phase (CarcGame *game, gpointer data, CarcPhasePoint point)
{
  MayorGame *mg = data;
  if (point != CARC_PHASE_POINT_TURN_END || mg->wagons->len == 0)
    return NULL;
  mg->turn_player = carc_game_get_current_player (game);
  guint key = (mg->turn_player << 8) | carc_game_get_n_players (game);
  g_array_sort_with_data (mg->wagons, seat_order, GUINT_TO_POINTER (key));
  while (mg->wagons->len
         && list_targets (game, mg, &g_array_index (mg->wagons, MayorWagon, 0), NULL) == 0)
    g_array_remove_index (mg->wagons, 0);
  if (mg->wagons->len == 0)
    return NULL;
  carc_game_set_phase_player (game, g_array_index (mg->wagons, MayorWagon, 0).player);
  return "wagon";
}

/* Whether the game is in this plugin's wagon phase, with @player to decide. */
static gboolean
deciding (CarcGame *game, const MayorGame *mg, guint player)
{
  return carc_game_get_phase (game) == CARC_PHASE_PLUGIN
         && g_strcmp0 (carc_game_get_phase_name (game), "wagon") == 0 && mg->wagons->len
         && g_array_index (mg->wagons, MayorWagon, 0).player == player;
}

static void
wagon_move_list (CarcGame *game, gpointer data, guint player, GPtrArray *moves)
{
  MayorGame *mg = data;
  if (deciding (game, mg, player))
    list_targets (game, mg, &g_array_index (mg->wagons, MayorWagon, 0), moves);
}

static void
wagon_pass_list (CarcGame *game, gpointer data, guint player, GPtrArray *moves)
{
  if (deciding (game, data, player))
    carc_move_list_add (moves,
                        &(CarcMove){ .type = CARC_MOVE_PLUGIN, .name = mayor_wagon_pass.name });
}

static gboolean
refuse (GError **error, const char *what)
{
  g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE, "%s", what);
  return FALSE;
}

static gboolean
wagon_move_apply (CarcGame *game, gpointer data, const CarcMove *move, GError **error)
{
  MayorGame *mg = data;
  if (!deciding (game, mg, carc_game_get_current_player (game)))
    return refuse (error, "no wagon is waiting to move");
  const MayorWagon *w = &g_array_index (mg->wagons, MayorWagon, 0);
  g_autoptr (GPtrArray) targets = g_ptr_array_new_with_free_func ((GDestroyNotify)carc_move_free);
  list_targets (game, mg, w, targets);
  gboolean found = FALSE;
  for (guint i = 0; i < targets->len && !found; i++)
    {
      const CarcMove *t = g_ptr_array_index (targets, i);
      found = t->piece == move->piece && t->segment == move->segment;
    }
  if (!found)
    return refuse (error, mg->wagon_c1
                              ? "a wagon moves only to an incomplete road, city or cloister "
                                "nobody stands in that its feature leads to"
                              : "a wagon moves only to an incomplete road, city or cloister "
                                "nobody stands in, on its own cell or one of the 8 around it");
  if (!carc_game_put_figure (game, w->player, (guint)mg->wagon, move->piece, move->segment, error))
    return FALSE;
  g_array_remove_index (mg->wagons, 0);
  next_wagon (game, mg);
  return TRUE;
}

static gboolean
wagon_pass_apply (CarcGame *game, gpointer data, const CarcMove *move, GError **error)
{
  MayorGame *mg = data;
  if (!deciding (game, mg, carc_game_get_current_player (game)))
    return refuse (error, "no wagon is waiting to move");
  g_array_remove_index (mg->wagons, 0);
  next_wagon (game, mg);
  return TRUE;
}

const CarcMoveDef mayor_wagon_move = { .name = "wagon-move",
                                       .params = CARC_MOVE_PARAM_PIECE | CARC_MOVE_PARAM_SEGMENT,
                                       .list = wagon_move_list,
                                       .apply = wagon_move_apply };
const CarcMoveDef mayor_wagon_pass
    = { .name = "wagon-pass", .params = 0, .list = wagon_pass_list, .apply = wagon_pass_apply };

/* The wagons still to decide and whose turn it was (public: the board shows them). */
void
mayor_wagon_digest (CarcGame *game, gpointer data, gboolean public_only, GByteArray *bytes)
{
  const MayorGame *mg = data;
  if (mg->wagons->len == 0)
    return;
  carc_digest_add_u32 (bytes, mg->turn_player);
  for (guint i = 0; i < mg->wagons->len; i++)
    {
      const MayorWagon *w = &g_array_index (mg->wagons, MayorWagon, i);
      carc_digest_add_u32 (bytes, w->player);
      carc_digest_add_u32 (bytes, w->piece);
    }
}
