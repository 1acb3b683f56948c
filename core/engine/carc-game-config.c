/* carc-game-config.c: the options a game is created with. */
#include "config.h"

#include <string.h>
#include "carc-error.h"
#include "carc-game-private.h"

G_DEFINE_BOXED_TYPE (CarcGameConfig, carc_game_config, carc_game_config_ref, carc_game_config_unref)

/**
 * carc_game_config_new:
 * @tiles: the tile set the game draws from
 *
 * Defaults: 2 players, seed 0, a shuffled deck, 7 followers each, every rule option at its
 * default (carc_rule_get_default(): farmers on).
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
  carc_rules_init (c->rules);
  return c;
}

/**
 * carc_game_config_new_base:
 * @error: return location for an error
 *
 * A config for the base game (carc_tile_set_new_base()) with the defaults of
 * carc_game_config_new(); add expansions with carc_game_config_add_expansion() or
 * carc_game_config_add_expansion_by_name().
 *
 * Returns: (transfer full) (nullable): a new config, or %NULL with @error set
 */
CarcGameConfig *
carc_game_config_new_base (GError **error)
{
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (error);
  return tiles ? carc_game_config_new (tiles) : NULL;
}

/**
 * carc_game_config_ref:
 * Returns: (transfer full): @config
 */
CarcGameConfig *
carc_game_config_ref (CarcGameConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  g_atomic_int_inc (&config->ref_count);
  return config;
}

/* A deep copy of @config, as a game keeps it (doc/engine-api.md): the tile set and the
 * plugins are shared (they do not change), the rest is copied. */
CarcGameConfig *
carc_game_config_dup (const CarcGameConfig *config)
{
  CarcGameConfig *c = g_new (CarcGameConfig, 1);
  *c = *config;
  c->ref_count = 1;
  g_object_ref (c->tiles);
  /* most configs have no tile order and no hands: no call for them (every new game copies) */
  if (config->tile_order)
    c->tile_order = g_strdupv (config->tile_order);
  for (guint p = 0; p < CARC_MAX_PLAYERS; p++)
    if (config->hands[p])
      c->hands[p] = g_strdupv (config->hands[p]);
  if (config->expansions)
    {
      c->expansions = g_array_copy (config->expansions);
      for (guint i = 0; i < c->expansions->len; i++)
        {
          CarcConfigExpansion *e = &g_array_index (c->expansions, CarcConfigExpansion, i);
          carc_plugin_ref (e->plugin);
          e->values = g_memdup2 (e->values, (e->plugin->options->len + 1) * sizeof *e->values);
        }
    }
  return c;
}

/**
 * carc_game_config_unref:
 * @config: (nullable): a config
 *
 * Drops a reference; the last one frees the config.
 */
void
carc_game_config_unref (CarcGameConfig *config)
{
  if (!config || !g_atomic_int_dec_and_test (&config->ref_count))
    return;
  g_object_unref (config->tiles);
  if (config->tile_order)
    g_strfreev (config->tile_order);
  for (guint p = 0; p < CARC_MAX_PLAYERS; p++)
    if (config->hands[p])
      g_strfreev (config->hands[p]);
  for (guint i = 0; config->expansions && i < config->expansions->len; i++)
    {
      CarcConfigExpansion *e = &g_array_index (config->expansions, CarcConfigExpansion, i);
      carc_plugin_unref (e->plugin);
      g_free (e->values);
    }
  g_clear_pointer (&config->expansions, g_array_unref);
  g_free (config);
}

/**
 * carc_game_config_set_n_players:
 *
 * The number of players, 2 to 6 (checked by carc_game_new()).
 */
void
carc_game_config_set_n_players (CarcGameConfig *config, guint n_players)
{
  g_return_if_fail (config != NULL);
  config->n_players = n_players;
}

/**
 * carc_game_config_set_seed:
 *
 * The seed of the deck's shuffle and of the expansions' random choices.
 */
void
carc_game_config_set_seed (CarcGameConfig *config, guint64 seed)
{
  g_return_if_fail (config != NULL);
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
  g_return_if_fail (config != NULL);
  g_strfreev (config->tile_order);
  config->tile_order = g_strdupv ((char **)tile_ids);
}

/**
 * carc_game_config_set_hand:
 * @config: a config
 * @player: a player, 0 .. CARC_MAX_PLAYERS - 1
 * @tile_ids: (array zero-terminated=1) (nullable): the pieces that player's hand holds at
 *   the start (pieces held in the hand: any tile id of the tile set or of an expansion), or
 *   %NULL to let the expansions deal it
 *
 * An explicit hand, for tests, puzzles and replays, as carc_game_config_set_tile_order() is
 * for the draw pile: what the expansions' setup would give this player is not given.
 */
void
carc_game_config_set_hand (CarcGameConfig *config, guint player, const char *const *tile_ids)
{
  g_return_if_fail (config != NULL);
  g_return_if_fail (player < CARC_MAX_PLAYERS);
  g_strfreev (config->hands[player]);
  config->hands[player] = g_strdupv ((char **)tile_ids);
}

/**
 * carc_game_config_set_followers:
 *
 * Followers each player starts with (7; at most 255).
 */
void
carc_game_config_set_followers (CarcGameConfig *config, guint followers)
{
  g_return_if_fail (config != NULL);
  config->followers = followers;
}

/**
 * carc_game_config_set_farmers:
 *
 * Whether followers may go on fields (on by default).
 */
void
carc_game_config_set_farmers (CarcGameConfig *config, gboolean farmers)
{
  g_return_if_fail (config != NULL);
  config->rules[CARC_RULE_FARMERS] = farmers != FALSE;
}

/**
 * carc_game_config_get_n_players:
 *
 * Returns: the number of players
 */
guint
carc_game_config_get_n_players (const CarcGameConfig *config)
{
  g_return_val_if_fail (config != NULL, 0);
  return config->n_players;
}

/**
 * carc_game_config_get_followers:
 *
 * Returns: the followers each player starts with
 */
guint
carc_game_config_get_followers (const CarcGameConfig *config)
{
  g_return_val_if_fail (config != NULL, 0);
  return config->followers;
}

/**
 * carc_game_config_get_farmers:
 *
 * Returns: whether farmers are used
 */
gboolean
carc_game_config_get_farmers (const CarcGameConfig *config)
{
  g_return_val_if_fail (config != NULL, FALSE);
  return config->rules[CARC_RULE_FARMERS] != 0;
}

/**
 * carc_game_config_get_seed:
 *
 * Returns: the seed
 */
guint64
carc_game_config_get_seed (const CarcGameConfig *config)
{
  g_return_val_if_fail (config != NULL, 0);
  return config->seed;
}

/**
 * carc_game_config_get_tiles:
 * @config: a config
 *
 * Returns: (transfer none): the tile set the game draws from
 */
CarcTileSet *
carc_game_config_get_tiles (const CarcGameConfig *config)
{
  g_return_val_if_fail (config != NULL, NULL);
  return config->tiles;
}

static CarcConfigExpansion *
find_expansion (const CarcGameConfig *config, const char *name)
{
  for (guint i = 0; config->expansions && i < config->expansions->len; i++)
    {
      CarcConfigExpansion *e = &g_array_index (config->expansions, CarcConfigExpansion, i);
      if (strcmp (e->plugin->desc->name, name) == 0)
        return e;
    }
  return NULL;
}

/**
 * carc_game_config_add_expansion:
 * @config: a config
 * @plugin: a loaded plugin (a reference is taken)
 * @error: return location for a #CarcError
 *
 * The game will use this expansion, with its options at their defaults. Expansions run in
 * priority order (lower first), then by name.
 *
 * Returns: %TRUE on success; %FALSE if the config already has an expansion of that name
 */
gboolean
carc_game_config_add_expansion (CarcGameConfig *config, CarcPlugin *plugin, GError **error)
{
  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (plugin != NULL, FALSE);
  if (find_expansion (config, plugin->desc->name))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "expansion %s named twice",
                   plugin->desc->name);
      return FALSE;
    }
  if (!config->expansions)
    config->expansions = g_array_new (FALSE, TRUE, sizeof (CarcConfigExpansion));
  CarcConfigExpansion e = { carc_plugin_ref (plugin), g_new0 (guint32, plugin->options->len + 1) };
  for (guint i = 0; i < plugin->options->len; i++)
    e.values[i] = g_array_index (plugin->options, CarcOptionDef, i).default_value;
  guint at = 0;
  while (at < config->expansions->len)
    {
      const CarcPluginDesc *d
          = g_array_index (config->expansions, CarcConfigExpansion, at).plugin->desc;
      if (d->priority > plugin->desc->priority
          || (d->priority == plugin->desc->priority && strcmp (d->name, plugin->desc->name) > 0))
        break;
      at++;
    }
  g_array_insert_val (config->expansions, at, e);
  return TRUE;
}

/**
 * carc_game_config_set_option:
 * @config: a config
 * @expansion: the name of one of its expansions
 * @option: the name of one of that expansion's options
 * @value: the value (0 or 1 for a boolean option)
 * @error: return location for a #CarcError
 *
 * Returns: %TRUE on success; %FALSE if the expansion or the option is not there
 *   (CARC_ERROR_UNKNOWN_EXPANSION) or the value is out of range (CARC_ERROR_INVALID_ARGUMENT)
 */
gboolean
carc_game_config_set_option (CarcGameConfig *config, const char *expansion, const char *option,
                             guint32 value, GError **error)
{
  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (expansion != NULL, FALSE);
  g_return_val_if_fail (option != NULL, FALSE);
  CarcConfigExpansion *e = find_expansion (config, expansion);
  if (!e)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_UNKNOWN_EXPANSION,
                   "the game does not use expansion %s", expansion);
      return FALSE;
    }
  for (guint i = 0; i < e->plugin->options->len; i++)
    {
      const CarcOptionDef *o = &g_array_index (e->plugin->options, CarcOptionDef, i);
      if (strcmp (o->name, option) != 0)
        continue;
      gboolean ok
          = o->type == CARC_OPTION_BOOLEAN ? value <= 1 : value >= o->min && value <= o->max;
      if (!ok)
        {
          if (o->type == CARC_OPTION_BOOLEAN)
            g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                         "option %s.%s is a boolean, not %u", expansion, option, value);
          else
            g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                         "option %s.%s must be %u to %u, not %u", expansion, option, o->min, o->max,
                         value);
          return FALSE;
        }
      e->values[i] = value;
      return TRUE;
    }
  g_set_error (error, CARC_ERROR, CARC_ERROR_UNKNOWN_EXPANSION, "expansion %s has no option %s",
               expansion, option);
  return FALSE;
}

/**
 * carc_game_config_get_n_expansions:
 *
 * Returns: how many expansions the config names
 */
guint
carc_game_config_get_n_expansions (const CarcGameConfig *config)
{
  g_return_val_if_fail (config != NULL, 0);
  return config->expansions ? config->expansions->len : 0;
}

/**
 * carc_game_config_get_expansion:
 * Returns: (transfer none) (nullable): expansion @index, in hook order
 */
CarcPlugin *
carc_game_config_get_expansion (const CarcGameConfig *config, guint index)
{
  g_return_val_if_fail (config != NULL, NULL);
  if (index >= carc_game_config_get_n_expansions (config))
    return NULL;
  return g_array_index (config->expansions, CarcConfigExpansion, index).plugin;
}

/**
 * carc_game_config_get_option:
 * @config: a config
 * @expansion: an expansion's index, as carc_game_config_get_expansion()
 * @option: an option's index, as carc_plugin_get_option()
 *
 * Returns: the option's value for this game (its default unless set); 0 for indices out of
 *   range
 */
guint32
carc_game_config_get_option (const CarcGameConfig *config, guint expansion, guint option)
{
  g_return_val_if_fail (config != NULL, 0);
  if (expansion >= carc_game_config_get_n_expansions (config))
    return 0;
  const CarcConfigExpansion *e
      = &g_array_index (config->expansions, CarcConfigExpansion, expansion);
  return option < e->plugin->options->len ? e->values[option] : 0;
}
