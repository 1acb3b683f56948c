/* carc-game-types.c: the boxed types of the game's plain structs (placements, deployments,
 * pieces, features, followers, events, moves), for bindings and #GValue.
 *
 * C code keeps using these structs by value, filled in by the engine (no copy, no free).
 * A boxed copy, made with carc_*_copy() or by a binding, holds a reference on the tile set
 * of the tile type it points to (a #CarcPieceInfo's or #CarcEvent's @tile), so the copy stays
 * valid after the game is gone; carc_*_free() drops it. */
#include "config.h"

#include "carc-boxed-private.h"
#include "carc-game-private.h"

#include <string.h>

static const CarcTileType *
tile_ref (const CarcTileType *tile)
{
  if (tile)
    g_object_ref (tile->set);
  return tile;
}

static void
tile_unref (const CarcTileType *tile)
{
  if (tile)
    g_object_unref (tile->set);
}

/**
 * carc_placement_copy:
 * @placement: a placement
 *
 * Returns: (transfer full): a copy, to free with carc_placement_free()
 */
/**
 * carc_placement_free:
 * @placement: (nullable): a placement from carc_placement_copy()
 */
CARC_DEFINE_PLAIN_BOXED (CarcPlacement, carc_placement)

/**
 * carc_deployment_copy:
 * @deployment: a deployment
 *
 * Returns: (transfer full): a copy, to free with carc_deployment_free()
 */
/**
 * carc_deployment_free:
 * @deployment: (nullable): a deployment from carc_deployment_copy()
 */
CARC_DEFINE_PLAIN_BOXED (CarcDeployment, carc_deployment)

/**
 * carc_piece_info_copy:
 * @info: a piece
 *
 * Returns: (transfer full): a copy holding a reference on its tile's set, to free with
 *   carc_piece_info_free()
 */
CarcPieceInfo *
carc_piece_info_copy (const CarcPieceInfo *info)
{
  g_return_val_if_fail (info != NULL, NULL);
  tile_ref (info->tile);
  return g_memdup2 (info, sizeof *info);
}

/**
 * carc_piece_info_free:
 * @info: (nullable): a piece from carc_piece_info_copy()
 */
void
carc_piece_info_free (CarcPieceInfo *info)
{
  if (!info)
    return;
  tile_unref (info->tile);
  g_free (info);
}

/**
 * carc_piece_info_get_tile:
 * @info: a piece
 *
 * Returns: (transfer none): the piece's tile type
 */
const CarcTileType *
carc_piece_info_get_tile (const CarcPieceInfo *info)
{
  g_return_val_if_fail (info != NULL, NULL);
  return info->tile;
}

G_DEFINE_BOXED_TYPE (CarcPieceInfo, carc_piece_info, carc_piece_info_copy, carc_piece_info_free)

/**
 * carc_feature_info_copy:
 * @info: a feature
 *
 * Returns: (transfer full): a copy, to free with carc_feature_info_free()
 */
/**
 * carc_feature_info_free:
 * @info: (nullable): a feature from carc_feature_info_copy()
 */
CARC_DEFINE_PLAIN_BOXED (CarcFeatureInfo, carc_feature_info)

/**
 * carc_feature_info_get_followers:
 * @info: a feature
 * @n_players: (out): CARC_MAX_PLAYERS (entries past the game's players are 0)
 *
 * Returns: (transfer none) (array length=n_players): the followers of each player in the
 *   feature
 */
const guint *
carc_feature_info_get_followers (const CarcFeatureInfo *info, guint *n_players)
{
  g_return_val_if_fail (info != NULL, NULL);
  g_return_val_if_fail (n_players != NULL, NULL);
  *n_players = CARC_MAX_PLAYERS;
  return info->followers;
}

/**
 * carc_follower_info_copy:
 * @info: a follower
 *
 * Returns: (transfer full): a copy, to free with carc_follower_info_free()
 */
/**
 * carc_follower_info_free:
 * @info: (nullable): a follower from carc_follower_info_copy()
 */
CARC_DEFINE_PLAIN_BOXED (CarcFollowerInfo, carc_follower_info)

/**
 * carc_event_copy:
 * @event: an event
 *
 * Returns: (transfer full): a copy holding a reference on its tile's set and its own copy of
 *   the breakdown (@items), to free with carc_event_free()
 */
CarcEvent *
carc_event_copy (const CarcEvent *event)
{
  g_return_val_if_fail (event != NULL, NULL);
  gsize n = event->items ? MIN (event->n_players, CARC_MAX_PLAYERS) : 0;
  /* one block: the event, then its breakdown */
  CarcEvent *copy = g_malloc (sizeof *copy + n * sizeof (CarcScoreItems));
  *copy = *event;
  if (n)
    {
      CarcScoreItems *items = (CarcScoreItems *)(copy + 1);
      memcpy (items, event->items, n * sizeof *items);
      copy->items = items;
    }
  else
    copy->items = NULL;
  tile_ref (event->tile);
  return copy;
}

/**
 * carc_event_free:
 * @event: (nullable): an event from carc_event_copy()
 */
void
carc_event_free (CarcEvent *event)
{
  if (!event)
    return;
  tile_unref (event->tile);
  g_free (event);
}

/**
 * carc_event_get_n_items:
 * @event: an event
 * @player: a player
 *
 * Returns: how many items the breakdown of @player's points has (feature-scored and
 *   points-awarded events; 0 for other events and for players who scored nothing)
 */
guint
carc_event_get_n_items (const CarcEvent *event, guint player)
{
  g_return_val_if_fail (event != NULL, 0);
  if (!event->items || player >= MIN (event->n_players, CARC_MAX_PLAYERS))
    return 0;
  return MIN (event->items[player].n_items, CARC_SCORE_MAX_ITEMS);
}

/**
 * carc_event_get_item:
 * @event: an event
 * @player: a player
 * @index: an item, below carc_event_get_n_items()
 *
 * Item @index of the breakdown of @player's points: the points of a player in a
 * feature-scored event are the sum of its items' points.
 *
 * Returns: (transfer none) (nullable): the item, or %NULL past the last
 */
const CarcScoreItem *
carc_event_get_item (const CarcEvent *event, guint player, guint index)
{
  g_return_val_if_fail (event != NULL, NULL);
  if (index >= carc_event_get_n_items (event, player))
    return NULL;
  return &event->items[player].items[index];
}

/**
 * carc_score_item_copy:
 * @item: an item
 *
 * Returns: (transfer full): a copy, to free with carc_score_item_free()
 */
/**
 * carc_score_item_free:
 * @item: (nullable): an item from carc_score_item_copy()
 */
CARC_DEFINE_PLAIN_BOXED (CarcScoreItem, carc_score_item)

/**
 * carc_event_get_points:
 * @event: an event
 * @n_players: (out): the game's players
 *
 * Returns: (transfer none) (array length=n_players): the points per player of a
 *   feature-scored event, the final scores of a game-over event (zeros otherwise)
 */
const guint *
carc_event_get_points (const CarcEvent *event, guint *n_players)
{
  g_return_val_if_fail (event != NULL, NULL);
  g_return_val_if_fail (n_players != NULL, NULL);
  *n_players = MIN (event->n_players, CARC_MAX_PLAYERS);
  return event->points;
}

/**
 * carc_event_get_tile:
 * @event: an event
 *
 * Returns: (transfer none) (nullable): the tile the event concerns
 */
const CarcTileType *
carc_event_get_tile (const CarcEvent *event)
{
  g_return_val_if_fail (event != NULL, NULL);
  return event->tile;
}

G_DEFINE_BOXED_TYPE (CarcEvent, carc_event, carc_event_copy, carc_event_free)

/**
 * carc_move_copy:
 * @move: a move
 *
 * Returns: (transfer full): a copy, to free with carc_move_free()
 */
/**
 * carc_move_free:
 * @move: (nullable): a move from carc_move_copy()
 */
CARC_DEFINE_PLAIN_BOXED (CarcMove, carc_move)
