/* carc-game-config.c: the options a game is created with. */
#include "config.h"

#include "carc-game-private.h"

G_DEFINE_BOXED_TYPE (CarcGameConfig, carc_game_config, carc_game_config_ref, carc_game_config_unref)

/**
 * carc_game_config_new:
 * @tiles: the tile set the game draws from
 *
 * Defaults: 2 players, seed 0, a shuffled deck, 7 followers each, farmers on.
 *
 * Returns: (transfer full): a new config
 */
CarcGameConfig *
carc_game_config_new (CarcTileSet *tiles)
{
  g_return_val_if_fail (CARC_IS_TILE_SET (tiles), NULL);
  CarcGameConfig *c = g_new0 (CarcGameConfig, 1);
  c->ref_count = 1;
  c->tiles = g_object_ref (tiles);
  c->n_players = 2;
  c->followers = 7;
  c->farmers = TRUE;
  return c;
}

/**
 * carc_game_config_ref:
 * Returns: (transfer full): @config
 */
CarcGameConfig *
carc_game_config_ref (CarcGameConfig *config)
{
  g_atomic_int_inc (&config->ref_count);
  return config;
}

void
carc_game_config_unref (CarcGameConfig *config)
{
  if (!config || !g_atomic_int_dec_and_test (&config->ref_count))
    return;
  g_object_unref (config->tiles);
  g_strfreev (config->tile_order);
  g_free (config);
}

void
carc_game_config_set_n_players (CarcGameConfig *config, guint n_players)
{
  config->n_players = n_players;
}

void
carc_game_config_set_seed (CarcGameConfig *config, guint64 seed)
{
  config->seed = seed;
}

/**
 * carc_game_config_set_tile_order:
 * @config: a config
 * @tile_ids: (array zero-terminated=1) (nullable): the tiles to draw, in order (the start
 *   tile not included), or %NULL for a deck shuffled from the seed
 */
void
carc_game_config_set_tile_order (CarcGameConfig *config, const char *const *tile_ids)
{
  g_strfreev (config->tile_order);
  config->tile_order = g_strdupv ((char **)tile_ids);
}

void
carc_game_config_set_followers (CarcGameConfig *config, guint followers)
{
  config->followers = followers;
}

void
carc_game_config_set_farmers (CarcGameConfig *config, gboolean farmers)
{
  config->farmers = farmers;
}

guint
carc_game_config_get_n_players (const CarcGameConfig *config)
{
  return config->n_players;
}

guint64
carc_game_config_get_seed (const CarcGameConfig *config)
{
  return config->seed;
}
