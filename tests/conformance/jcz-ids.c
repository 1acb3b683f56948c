/* jcz-ids.c: JCloisterZone's tile ids, feature names and edge names in our terms. */
#include "config.h"

#include "jcz-ids.h"

#include <string.h>

/* JCloisterZone ids of the base tiles against tiles.txt letters (conformance/README.md). */
static const char *const base_ids[][2] = {
  { "BA/LR", "A" },   { "BA/L", "B" },    { "BA/Cccc+", "C" }, { "BA/RCr", "D" },
  { "BA/C", "E" },    { "BA/CFc+", "F" }, { "BA/CFc.1", "G" }, { "BA/CFC.2", "H" },
  { "BA/CC.2", "I" }, { "BA/CRr", "J" },  { "BA/RrC", "K" },   { "BA/CRRR", "L" },
  { "BA/Cc+", "M" },  { "BA/Cc.1", "N" }, { "BA/CcRr+", "O" }, { "BA/CcRr", "P" },
  { "BA/Ccc+", "Q" }, { "BA/Ccc", "R" },  { "BA/CccR+", "S" }, { "BA/CccR", "T" },
  { "BA/RFr", "U" },  { "BA/Rr", "V" },   { "BA/RRR", "W" },   { "BA/RRRR", "X" },
};

/* The second column of the row of @table (@n rows) whose first column is @key, or NULL. */
static const char *
lookup (const char *const (*table)[2], gsize n, const char *key)
{
  for (gsize i = 0; i < n; i++)
    if (strcmp (table[i][0], key) == 0)
      return table[i][1];
  return NULL;
}

/* The same, or @fallback when no row has @key. */
static const char *
lookup_or (const char *const (*table)[2], gsize n, const char *key, const char *fallback)
{
  const char *value = lookup (table, n, key);
  return value ? value : fallback;
}

/**
 * jcz_tile_id:
 * @jcz_id: a JCloisterZone tile id
 *
 * Returns: (nullable): our tile id (interned): base tiles by the table, every other tile by
 *   its name with its first '/' made '-' (WI/x is WI-x, RI.1/x is RI.1-x: the ids of
 *   tiles.txt and tiles-next.txt); %NULL for an id with no '/' that is not a base tile
 */
const char *
jcz_tile_id (const char *jcz_id)
{
  g_return_val_if_fail (jcz_id != NULL, NULL);
  const char *base = lookup (base_ids, G_N_ELEMENTS (base_ids), jcz_id);
  if (base)
    return base;
  const char *slash = strchr (jcz_id, '/');
  if (!slash || slash == jcz_id || !slash[1])
    return NULL;
  g_autofree char *id = g_strdup (jcz_id);
  id[slash - jcz_id] = '-';
  return g_intern_string (id);
}

/* The records' expansion names that are not our plugins' names (doc/conformance.md): the
 * records name most expansions as our plugins do ("abbey", "vineyards", "winter"). One
 * record name may need several plugins: their names joined by ' '. */
static const char *const expansion_names[][2] = {
  { "inns-and-cathedrals", "inns-cathedrals" },
  { "abbey-and-mayor", "abbey mayor" },
  { "traders-and-builders", "traders-builders" },
};

/**
 * jcz_expansion_plugin:
 * @name: an expansion as a record's header names it
 *
 * Returns: the name of the plugin that provides it (static), or the names of the plugins
 *   that do, joined by ' ' ("abbey mayor"): by the table, else @name
 */
const char *
jcz_expansion_plugin (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);
  return lookup_or (expansion_names, G_N_ELEMENTS (expansion_names), name, name);
}

/* JCZ's figure types against our figure kinds (the plugins' CarcFigureDef names). */
static const char *const figure_names[][2] = {
  { "SmallFollower", "follower" },
  { "BigFollower", "large-follower" },
  { "Mayor", "mayor" },
  { "Wagon", "wagon" },
  { "Barn", "barn" },
  { "Builder", "builder" },
  { "Pig", "pig" },
};

/**
 * jcz_figure_kind:
 * @jcz_figure: a figure type as a record names it ("SmallFollower", "BigFollower", ...)
 *
 * Returns: (nullable): the name of our figure kind for it (static), or %NULL for a type no
 *   table row names
 */
const char *
jcz_figure_kind (const char *jcz_figure)
{
  g_return_val_if_fail (jcz_figure != NULL, NULL);
  return lookup (figure_names, G_N_ELEMENTS (figure_names), jcz_figure);
}

/* JCZ's names of score items that are not ours (doc/conformance.md, "Score breakdowns"); the
 * others are the same. */
static const char *const item_names[][2] = {
  { "pennants", "shields" },
  { "pigs", "pig" },
  { "trade-goods.WINE", "wine-majority" },
  { "trade-goods.GRAIN", "grain-majority" },
  { "trade-goods.CLOTH", "cloth-majority" },
};

/**
 * jcz_item_name:
 * @jcz_item: a score item as a record names it ("tiles", "pennants", ...)
 *
 * Returns: our name of that item: by the table, else @jcz_item
 */
const char *
jcz_item_name (const char *jcz_item)
{
  g_return_val_if_fail (jcz_item != NULL, NULL);
  return lookup_or (item_names, G_N_ELEMENTS (item_names), jcz_item, jcz_item);
}

/* The tokens a record's "trade_goods" names, against the item of our award for them. */
static const char *const token_items[][2] = {
  { "WINE", "wine" },
  { "GRAIN", "grain" },
  { "CLOTH", "cloth" },
};

/**
 * jcz_token_item:
 * @token: a token as a record's "trade_goods" names it ("WINE", ...)
 *
 * Returns: (nullable): the name of the item our engine awards for it (static), or %NULL
 */
const char *
jcz_token_item (const char *token)
{
  g_return_val_if_fail (token != NULL, NULL);
  return lookup (token_items, G_N_ELEMENTS (token_items), token);
}

/**
 * jcz_award_is_token:
 * @item: the item of one of our awards
 *
 * Returns: whether it is the award for a token of the records' "trade_goods" and "goods"
 */
gboolean
jcz_award_is_token (const char *item)
{
  g_return_val_if_fail (item != NULL, FALSE);
  for (gsize i = 0; i < G_N_ELEMENTS (token_items); i++)
    if (strcmp (token_items[i][1], item) == 0)
      return TRUE;
  return FALSE;
}

/* Our awards outside a feature (carc_game_award()) that JCZ reports as a scoring event of
 * its own, against that event's feature name. */
static const char *const award_features[][2] = {
  { "wine-majority", "TradeGoods" },
  { "grain-majority", "TradeGoods" },
  { "cloth-majority", "TradeGoods" },
};

/**
 * jcz_award_feature:
 * @item: the item of one of our awards
 *
 * Returns: the "feature" of the scoring event JCZ records for such awards (static), or
 *   "Award" for an item the table does not name
 */
const char *
jcz_award_feature (const char *item)
{
  g_return_val_if_fail (item != NULL, NULL);
  return lookup_or (award_features, G_N_ELEMENTS (award_features), item, "Award");
}

static const struct
{
  const char *name;
  CarcFeatureKind kind;
} features[] = { { "Field", CARC_FEATURE_FIELD },
                 { "Road", CARC_FEATURE_ROAD },
                 { "City", CARC_FEATURE_CITY },
                 { "Monastery", CARC_FEATURE_CLOISTER } };

gboolean
jcz_feature_kind (const char *name, CarcFeatureKind *kind)
{
  g_return_val_if_fail (name != NULL && kind != NULL, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS (features); i++)
    if (strcmp (features[i].name, name) == 0)
      {
        *kind = features[i].kind;
        return TRUE;
      }
  return FALSE;
}

/* JCloisterZone's name of a feature kind (an abbey's centre is a Monastery too). */
const char *
jcz_feature_name (CarcFeatureKind kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (features); i++)
    if (features[i].kind == kind)
      return features[i].name;
  return "?";
}

/* The location bits of a tile part given by its sides and half-edges in tiles.txt names
 * (N, E, S, W; NNW, NNE, ..., WNW); unknown names add nothing. */
guint32
jcz_location_of_edges (const char *const *edges)
{
  static const char *const sides[] = { "N", "E", "S", "W" };
  static const char *const halves[] = { "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW" };
  guint32 loc = 0;
  for (guint i = 0; edges && edges[i]; i++)
    {
      for (int s = 0; s < 4; s++)
        if (strcmp (edges[i], sides[s]) == 0)
          loc |= CARC_LOC_SIDE (s);
      for (int h = 0; h < 8; h++)
        if (strcmp (edges[i], halves[h]) == 0)
          loc |= CARC_LOC_HALF (h);
    }
  return loc;
}
