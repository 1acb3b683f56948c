/* barn.c: the barn of Abbey & Mayor (RULES-next.md section 4.5, D27-D28; D23 for the pig).
 *
 * The barn is a figure kind that stands at a corner where four fields meet
 * (CARC_STANDS_CORNER): it stands in that field and holds it, strength 1, so no farmer may be
 * deployed into a barn field (the engine's holding rule); check_deploy lets the barn itself
 * into a field that holds farmers, and not into one that holds a barn unless the option
 * "barn-into-barn-field" is on (D27). It never moves.
 * - A barn placed in a field with farmers: once the tile part's features are scored the
 *   field is scored now, as at the end (3 per completed city, the farmers' majority; the
 *   barns weigh 0 in it), and every figure in it but the barns goes home (D28,
 *   JCZ "field.barn-placed").
 * - A field with farmers joined to a barn field: the same, 1 per completed city
 *   ("field.barn-connected").
 * - At the end every player with a barn in a field scores 4 per completed city bordering
 *   it, once however many barns he has there, with no other item (no pig, D23). */
#include "config.h"

#include <string.h>
#include "mayor-private.h"

/* The id of the feature holding @segment of @piece, now. */
static guint
feature_id (CarcGame *game, guint piece, guint segment)
{
  return carc_game_get_piece_feature_id (game, piece, segment);
}

/* Whether a figure other than a barn stands in the field @id (a farmer, a pig). */
static gboolean
field_holds (CarcGame *game, const MayorGame *mg, guint id)
{
  guint n = carc_game_get_n_followers (game);
  for (guint i = 0; i < n; i++)
    {
      CarcFollowerInfo f;
      carc_game_get_follower (game, i, &f);
      if ((gint)f.figure != mg->barn && f.kind == CARC_FEATURE_FIELD
          && feature_id (game, f.piece, f.segment) == id)
        return TRUE;
    }
  return FALSE;
}

/* Whether a barn stands in the feature @id: barn_at says where each barn on the board stands
 * (barns never move nor go home before the end), without a walk over every figure. */
static gboolean
barn_in (CarcGame *game, const MayorGame *mg, guint id)
{
  for (guint b = 0; b < mg->barn_at->len; b++)
    {
      const MayorSpot *at = &g_array_index (mg->barn_at, MayorSpot, b);
      if (feature_id (game, at->piece, at->segment) == id)
        return TRUE;
    }
  return FALSE;
}

gboolean
mayor_field_has_barn (CarcGame *game, const MayorGame *mg, guint piece, guint segment)
{
  return mg->barn_at->len && barn_in (game, mg, feature_id (game, piece, segment));
}

/* A barn holds its field at the end (strength 1); while its field's farmers are scored it
 * weighs nothing. */
guint
mayor_barn_strength (CarcGame *game, gpointer data, const CarcScoring *scoring, guint player)
{
  const MayorGame *mg = data;
  return mg->barn_scoring == BARN_SCORING_NONE;
}

/* D27, D28: the barn may join farmers, not (by default) another barn; nothing else may go
 * into a barn field. */
CarcPlaceVerdict
mayor_barn_check_deploy (CarcGame *game, gpointer data, guint figure, guint segment)
{
  const MayorGame *mg = data;
  if (mg->barn < 0 || (gint)figure != mg->barn)
    return CARC_PLACE_DEFAULT;
  guint piece = carc_game_get_n_pieces (game) - 1;
  return !mg->barn_shared && mayor_field_has_barn (game, mg, piece, segment) ? CARC_PLACE_VETO
                                                                             : CARC_PLACE_ALLOW;
}

/* Scores the farmers of the barn field holding @segment of @piece, if it has any, the way
 * @how says, and sends every figure in it but the barns home. */
static void
score_farmers (CarcGame *game, MayorGame *mg, guint piece, guint segment, BarnScoring how)
{
  guint id = feature_id (game, piece, segment);
  if (!field_holds (game, mg, id))
    return;
  mg->barn_scoring = how;
  carc_game_score_feature (game, piece, segment);
  mg->barn_scoring = BARN_SCORING_NONE;
  /* counted once: each figure sent home leaves one fewer (a count walks the list once one has
   * gone home) */
  for (guint i = 0, n = carc_game_get_n_followers (game); i < n;)
    {
      CarcFollowerInfo f;
      carc_game_get_follower (game, i, &f);
      if ((gint)f.figure != mg->barn && feature_id (game, f.piece, f.segment) == id)
        n -= carc_game_return_figure (game, i);
      else
        i++;
    }
}

/* The first barn (in the order they were deployed, which is their order among the figures on
 * the board) whose field holds another figure than barns (farmers that joined it), or NULL:
 * one walk over the figures, each one in a field matched against every barn's field. */
static const MayorSpot *
joined_barn_field (CarcGame *game, const MayorGame *mg)
{
  guint n_barns = mg->barn_at->len, first = n_barns;
  guint *fields = g_newa (guint, n_barns);
  for (guint b = 0; b < n_barns; b++)
    {
      const MayorSpot *at = &g_array_index (mg->barn_at, MayorSpot, b);
      fields[b] = feature_id (game, at->piece, at->segment);
    }
  guint n = carc_game_get_n_followers (game);
  for (guint i = 0; i < n && first > 0; i++)
    {
      CarcFollowerInfo f;
      carc_game_get_follower (game, i, &f);
      if ((gint)f.figure == mg->barn || f.kind != CARC_FEATURE_FIELD)
        continue;
      guint id = feature_id (game, f.piece, f.segment);
      for (guint b = 0; b < first; b++)
        if (fields[b] == id)
          first = b;
    }
  return first < n_barns ? &g_array_index (mg->barn_at, MayorSpot, first) : NULL;
}

/* Whether a field of the piece just placed holds a barn: farmers join a barn field only
 * when a piece joins their fields (none may be deployed into it), and a barn just deployed
 * stands on that piece, so otherwise no barn field has farmers to score. */
static gboolean
barn_field_touched (CarcGame *game, const MayorGame *mg)
{
  guint last = carc_game_get_n_pieces (game) - 1;
  CarcPieceInfo info;
  carc_game_get_piece (game, last, &info);
  guint fields[CARC_MAX_SEGMENTS], n_fields = 0;
  guint32 m = carc_tile_type_get_segments (info.tile, 1u << CARC_FEATURE_FIELD, FALSE);
  for (; m && n_fields < CARC_MAX_SEGMENTS; m &= m - 1)
    fields[n_fields++] = feature_id (game, last, (guint)__builtin_ctz (m));
  for (guint b = 0; b < mg->barn_at->len && n_fields; b++)
    {
      const MayorSpot *at = &g_array_index (mg->barn_at, MayorSpot, b);
      guint id = feature_id (game, at->piece, at->segment);
      for (guint i = 0; i < n_fields; i++)
        if (fields[i] == id)
          return TRUE;
    }
  return FALSE;
}

/* After the tile part's scoring: the barn just placed scores its field's farmers, then
 * every barn field that farmers joined scores them (D28). */
void
mayor_barn_turn_scored (CarcGame *game, gpointer data)
{
  MayorGame *mg = data;
  if (mg->barn < 0)
    return;
  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (game, &n_moves);
  const CarcMove *last = n_moves ? &moves[n_moves - 1] : NULL;
  if (last && last->type == CARC_MOVE_DEPLOY && g_strcmp0 (last->figure, "barn") == 0)
    {
      MayorSpot at = { carc_game_get_n_pieces (game) - 1, last->segment };
      g_array_append_val (mg->barn_at, at);
      score_farmers (game, mg, at.piece, at.segment, BARN_SCORING_PLACED);
    }
  if (!mg->barn_at->len || !barn_field_touched (game, mg))
    return;
  for (const MayorSpot *at; (at = joined_barn_field (game, mg));)
    score_farmers (game, mg, at->piece, at->segment, BARN_SCORING_CONNECTED);
}

/* Stage OVERRIDE: a connection scoring pays 1 per city; at the end every barn owner of a
 * field scores 4 per completed city and nothing else (D28, D23). */
void
mayor_barn_score_override (CarcGame *game, gpointer data, CarcScoring *scoring)
{
  MayorGame *mg = data;
  if (scoring->kind != CARC_FEATURE_FIELD || mg->barn < 0)
    return;
  if (mg->barn_scoring == BARN_SCORING_CONNECTED)
    {
      for (guint p = 0; p < scoring->n_players; p++)
        {
          CarcScoreItem *cities = carc_scoring_find_item (scoring, p, "cities");
          if (cities)
            cities->points = cities->count;
        }
      return;
    }
  if (mg->barn_scoring != BARN_SCORING_NONE || !scoring->final
      || !mayor_field_has_barn (game, mg, scoring->piece, scoring->segment))
    return;
  for (guint p = 0; p < scoring->n_players; p++)
    {
      carc_scoring_clear_items (scoring, p);
      if (scoring->strength[p] > 0 && scoring->units > 0)
        carc_scoring_add_item (scoring, p, "cities", scoring->units, 4 * scoring->units);
    }
}
