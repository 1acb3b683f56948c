/* carc-setup.c: what an expansion's setup hook may do to a game being created. */
#include "config.h"

#include <string.h>
#include "carc-game-private.h"

/**
 * carc_setup_get_game:
 * Returns: (transfer none): the game being created (its board holds nothing yet)
 */
CarcGame *
carc_setup_get_game (CarcSetup *setup)
{
  g_return_val_if_fail (setup != NULL, NULL);
  return setup->game;
}

/**
 * carc_setup_get_tiles:
 * Returns: (transfer none): the tile types this expansion brought (carc_plugin_add_tiles())
 */
CarcTileSet *
carc_setup_get_tiles (CarcSetup *setup)
{
  g_return_val_if_fail (setup != NULL, NULL);
  return setup->exp->plugin->tiles;
}

/* The value of this expansion's option @name for this game (its default if not set);
 * 0 for an option the plugin did not declare. */
guint32
carc_setup_get_option (CarcSetup *setup, const char *name)
{
  g_return_val_if_fail (setup != NULL, 0);
  g_return_val_if_fail (name != NULL, 0);
  CarcPlugin *plugin = setup->exp->plugin;
  for (guint i = 0; i < plugin->options->len; i++)
    if (strcmp (g_array_index (plugin->options, CarcOptionDef, i).name, name) == 0)
      return setup->exp->values[i];
  g_warning ("plugin %s asked for option '%s', which it did not declare", plugin->desc->name, name);
  return 0;
}

/**
 * carc_setup_has_expansion:
 *
 * Returns: %TRUE if the game being set up uses the expansion called @name
 */
gboolean
carc_setup_has_expansion (CarcSetup *setup, const char *name)
{
  g_return_val_if_fail (setup != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  GArray *exps = setup->game->config->expansions;
  for (guint i = 0; exps && i < exps->len; i++)
    if (strcmp (g_array_index (exps, CarcConfigExpansion, i).plugin->desc->name, name) == 0)
      return TRUE;
  return FALSE;
}

/* TRUE when the game draws an explicit tile order: carc_setup_add_to_deck() does nothing. */
gboolean
carc_setup_has_tile_order (CarcSetup *setup)
{
  g_return_val_if_fail (setup != NULL, FALSE);
  return setup->tile_order;
}

/* Adds @count copies of @tile (a square land tile) to the draw pile before it is shuffled. */
void
carc_setup_add_to_deck (CarcSetup *setup, const CarcTileType *tile, guint count)
{
  g_return_if_fail (setup != NULL);
  g_return_if_fail (tile && tile->shape == CARC_SHAPE_SQUARE);
  carc_setup_add_to_deck_section (setup, tile, count, 0);
}

/**
 * carc_setup_add_to_deck_section:
 * @setup: the setup
 * @tile: a square tile
 * @count: how many copies
 * @section: the part of the draw pile they go into
 *
 * Adds @count copies of @tile to section @section of the draw pile. The pile is drawn section
 * by section, the lowest first, each section shuffled on its own; the tiles of the base set
 * and of carc_setup_add_to_deck() are in section 0. So an expansion whose tiles come first
 * puts them in negative sections (-2 before -1), one whose
 * tiles come last in a positive one. Does nothing when the game draws an explicit tile order
 * (carc_setup_has_tile_order()).
 */
void
carc_setup_add_to_deck_section (CarcSetup *setup, const CarcTileType *tile, guint count,
                                gint section)
{
  g_return_if_fail (setup != NULL);
  g_return_if_fail (tile && tile->shape == CARC_SHAPE_SQUARE);
  if (setup->tile_order)
    return;
  if (section != 0 || setup->sections->len > 0)
    g_array_set_size (setup->sections, setup->game->deck_len); /* the entries so far: section 0 */
  for (guint i = 0; i < count && setup->game->deck_len < CARC_MAX_PIECES; i++)
    {
      carc_game_deck_add (setup->game, tile);
      if (setup->sections->len > 0 || section != 0)
        g_array_append_val (setup->sections, section);
    }
}

/**
 * carc_setup_set_draw_first:
 * @setup: the setup
 * @section: a section of the draw pile (carc_setup_add_to_deck_section())
 *
 * The tiles of the sections below @section are drawn before any piece is placed from a hand:
 * while one of them is still in the pile, a player's turn is a draw, whatever the hand holds
 * (RULES-next D36). With an explicit tile
 * order there are no sections, and this does nothing.
 */
void
carc_setup_set_draw_first (CarcSetup *setup, gint section)
{
  g_return_if_fail (setup != NULL);
  setup->game->draw_first = MAX (setup->game->draw_first, section);
}

/**
 * carc_setup_set_start_tile:
 * @setup: the setup
 * @tile: a square tile this or another expansion of the game brought
 * @set_start_to_deck: whether the tile set's own start tile then goes into the draw pile
 *
 * The game starts with @tile at (0, 0), rotation 0, instead of the tile set's start tile
 * (RULES-next D29). With @set_start_to_deck the set's start tile joins the other land tiles
 * of the draw pile (section 0), else it stays out of the game; with an explicit tile order
 * the pile is the order either way. When several expansions set one, the last in hook order
 * wins.
 */
void
carc_setup_set_start_tile (CarcSetup *setup, const CarcTileType *tile, gboolean set_start_to_deck)
{
  g_return_if_fail (setup != NULL);
  g_return_if_fail (tile && tile->shape == CARC_SHAPE_SQUARE);
  CarcGame *g = setup->game;
  const CarcTileType *set_start = carc_tile_set_get_start (g->config->tiles);
  if (g->start == set_start && tile != set_start && set_start_to_deck)
    carc_setup_add_to_deck (setup, set_start, 1);
  g->start = tile;
}

/* Adds every tile type this expansion brought, with its count, to the draw pile. */
void
carc_setup_add_all_to_deck (CarcSetup *setup)
{
  g_return_if_fail (setup != NULL);
  CarcTileSet *tiles = setup->exp->plugin->tiles;
  /* A set without a start tile keeps this in its pile: every copy of each square type, in
   * the set's order (carc_tile_set_update_pile()). Copied at once while no section is in
   * use (the entries would need theirs) and the game's tile limit is not near. */
  if (!tiles->start && !setup->tile_order && setup->sections->len == 0
      && setup->game->deck_len + tiles->pile_len <= CARC_MAX_PIECES)
    {
      carc_game_deck_append (setup->game, tiles->pile, tiles->pile_len);
      return;
    }
  for (guint i = 0; i < carc_tile_set_get_n_types (tiles); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (tiles, i);
      if (t->shape == CARC_SHAPE_SQUARE)
        carc_setup_add_to_deck (setup, t, t->count);
    }
}

/* Gives @player a piece to place instead of drawing (a piece held in the hand). Nothing
 * happens when the config gives that player an explicit hand. */
void
carc_setup_give (CarcSetup *setup, guint player, const CarcTileType *tile)
{
  g_return_if_fail (setup != NULL);
  g_return_if_fail (player < setup->game->n_players && tile);
  if (setup->game->config->hands[player])
    return; /* an explicit hand */
  if (setup->game->hand[player].len < CARC_MAX_PIECES)
    carc_hand_add (&setup->game->hand[player], tile);
}

/**
 * carc_setup_reserve: (skip)
 * @setup: the setup
 * @tile: (transfer none): a tile type of the game
 *
 * Makes room in the game for @tile, a piece outside the draw pile and the hands that a move
 * may put into a hand later (carc_game_give_piece(): face-up pieces a player takes): the engine
 * allocates everything at creation. Past CARC_MAX_PIECES reserved pieces, nothing more is
 * reserved.
 */
void
carc_setup_reserve (CarcSetup *setup, const CarcTileType *tile)
{
  g_return_if_fail (setup != NULL);
  g_return_if_fail (tile);
  if (setup->game->reserved_pieces >= CARC_MAX_PIECES)
    return;
  setup->game->reserved_pieces++;
  setup->game->reserved_segments += tile->n_segments;
}

/* Hands face up: every player may see every hand. */
void
carc_setup_set_hands_open (CarcSetup *setup, gboolean open)
{
  g_return_if_fail (setup != NULL);
  setup->game->hands_open = open;
}

/* A number in [0, bound) from the game's seeded generator, so a seed replays setup too. */
guint
carc_setup_random (CarcSetup *setup, guint bound)
{
  g_return_val_if_fail (setup != NULL, 0);
  return carc_rng_draw_below (&setup->game->rng, bound);
}
