/* carc-tile-set.c: a set of tile types, and the accessors of a tile type. */
#include "config.h"

#include <string.h>
#include <gio/gio.h>
#include "carc-error.h"
#include "carc-tile-private.h"

G_DEFINE_FINAL_TYPE (CarcTileSet, carc_tile_set, G_TYPE_OBJECT)

const guint16 carc_demand_weight[4] = { 1, 5, 25, 125 };

/* The ids of every tile type parsed in this process (carc_tile_id_lookup()). */
static GHashTable *known_ids;
G_LOCK_DEFINE_STATIC (known_ids);

void
carc_tile_id_note (const char *id)
{
  G_LOCK (known_ids);
  if (!known_ids)
    known_ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_add (known_ids, (gpointer)g_intern_string (id));
  G_UNLOCK (known_ids);
}

/* The interned @id if some tile set of this process has a tile of that id, or NULL. */
const char *
carc_tile_id_lookup (const char *id)
{
  G_LOCK (known_ids);
  const char *found = known_ids ? g_hash_table_lookup (known_ids, id) : NULL;
  G_UNLOCK (known_ids);
  return found;
}

static void
free_tags (CarcTileTag *tags, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_free (tags[i].key);
      g_free (tags[i].value);
    }
  g_free (tags);
}

void
carc_tile_type_free (CarcTileType *type)
{
  if (!type)
    return;
  free_tags (type->tags, type->n_tags);
  free_tags (type->attrs, type->n_attrs);
  g_free (type->picture);
  g_free (type->id);
  g_free (type);
}

/* ok[s][v], bit r: @t turned by r clockwise quarter turns accepts, on board side s, a
 * neighbour of demand digit v (0: none, which anything meets; a wall of the tile meets
 * anything; a triangular piece's gap side meets nothing, so it accepts anything). A demand
 * fits in the rotations every side accepts: fit_table() ANDs them, digit by digit. */
static void
fit_by_side (const CarcTileType *t, guint8 ok[4][5])
{
  memset (ok, 0, 4 * 5);
  for (guint r = 0; r < 4; r++)
    for (guint s = 0; s < 4; s++)
      {
        guint local = (s + 4 - r) & 3;
        gboolean gap = t->shape == CARC_SHAPE_HALF && local > 1;
        CarcEdgeKind mine = t->edge[local];
        for (guint v = 0; v < 5; v++)
          if (gap || v == 0 || mine == CARC_EDGE_WALL || mine == carc_demand_edge (v))
            ok[s][v] |= (guint8)(1u << r);
      }
}

/* fit[demand] for every demand, before fit's rules for squares (carc_tile_type_finish()): the
 * rotations in which @t meets it. Demands count up with N's digit fastest (N weighs 1). */
static void
fit_table (CarcTileType *t)
{
  guint8 ok[4][5];
  fit_by_side (t, ok);
  guint demand = 0;
  for (guint w = 0; w < 5; w++)
    for (guint so = 0; so < 5; so++)
      for (guint e = 0; e < 5; e++)
        for (guint n = 0; n < 5; n++)
          t->fit[demand++] = ok[0][n] & ok[1][e] & ok[2][so] & ok[3][w];
}

/* The low @n bits of @v in reverse order. */
static guint
reverse_bits (guint v, guint n)
{
  guint r = 0;
  for (guint i = 0; i < n; i++)
    r |= ((v >> i) & 1) << (n - 1 - i);
  return r;
}

/* port[side] as runs of one segment (CarcSideRuns). */
static void
side_runs (const gint8 *port, CarcSideRuns *runs)
{
  guint gaps = 0, bounds = 0, k = 0;
  *runs = (CarcSideRuns){ 0 };
  for (guint i = 0; i < 3; i++)
    {
      if (port[i] < 0)
        {
          gaps |= 1u << i;
          continue;
        }
      if (k == 0 || port[i] != runs->seg[runs->n - 1])
        {
          bounds |= k > 0 ? 1u << (k - 1) : 0;
          runs->seg[runs->n++] = port[i];
        }
      runs->len[runs->n - 1]++;
      k++;
    }
  for (guint i = 0; i < runs->n; i++)
    runs->rseg[i] = runs->seg[runs->n - 1 - i];
  runs->form = (guint8)(gaps | bounds << 3);
  runs->mirror = (guint8)(reverse_bits (gaps, 3) | reverse_bits (bounds, k > 0 ? k - 1 : 0) << 3);
}

/* Whether segments of @kind have open ports that count down to completion: roads and cities. */
static gboolean
kind_closes (CarcFeatureKind kind)
{
  return kind == CARC_FEATURE_ROAD || kind == CARC_FEATURE_CITY;
}

/* Precomputes what the engine needs per rotation. */
void
carc_tile_type_finish (CarcTileType *t)
{
  t->kinds = 0;
  t->n_closable = 0;
  memset (t->of_kind, 0, sizeof t->of_kind);
  t->attributed = 0;
  for (guint i = 0; i < t->n_segments; i++)
    {
      for (guint r = 0; r < 4; r++)
        t->seg[i].turned[r] = carc_location_rotate (t->seg[i].location, t->shape, r);
      t->kinds |= 1u << t->seg[i].kind;
      gboolean closes = kind_closes (t->seg[i].kind);
      t->seg_init[i] = (CarcSeg){ .local = (guint8)i,
                                  .kind = (guint8)t->seg[i].kind,
                                  .open = closes ? (gint)t->seg[i].n_ports : 0,
                                  .size = 1 };
      if (closes)
        t->closable[t->n_closable++] = (guint8)i;
      t->of_kind[t->seg[i].kind] |= (guint16)(1u << i);
      t->attributed |= (guint16)(t->seg[i].n_attrs ? 1u << i : 0);
    }
  for (guint s = 0; s < 4; s++)
    {
      CarcSideRuns *runs = &t->runs[s];
      side_runs (t->port[s], runs);
      for (guint i = 0; i < runs->n; i++)
        runs->closes[i] = (guint8)(kind_closes (t->seg[runs->seg[i]].kind) ? 2 * runs->len[i] : 0);
    }
  t->all_walls = t->shape == CARC_SHAPE_SQUARE;
  for (guint s = 0; s < 4; s++)
    t->all_walls &= t->edge[s] == CARC_EDGE_WALL;
  for (guint r = 0; r < 4; r++)
    {
      guint16 code = 0;
      if (t->shape == CARC_SHAPE_SQUARE)
        for (guint s = 0; s < 4; s++)
          code |= (guint16)((t->edge[(s + 4 - r) & 3] & 7) << (3 * s));
      t->code[r] = code;
      for (guint s = 0; s < 4; s++)
        {
          guint local = (s + 4 - r) & 3;
          gboolean gap = t->shape == CARC_SHAPE_HALF && local > 1;
          guint digit = gap ? 0 : carc_demand_digit (t->edge[local]);
          t->gives[r][s] = (guint16)(digit * carc_demand_weight[(s + 2) & 3]);
        }
    }
  fit_table (t);
  for (guint demand = 0; demand < CARC_DEMAND_VALUES; demand++)
    {
      guint8 fit = t->fit[demand];
      /* Triangular pieces: whether the legs match, nothing more (contact is checked apart). */
      if (t->shape == CARC_SHAPE_HALF)
        t->fit[demand] = fit;
      else /* A tile of walls only looks the same every way round: one rotation. */
        t->fit[demand] = demand ? (t->all_walls ? fit & 1 : fit) : 0;
      t->n_fit[demand] = (guint8)((t->fit[demand] & 1) + ((t->fit[demand] >> 1) & 1)
                                  + ((t->fit[demand] >> 2) & 1) + ((t->fit[demand] >> 3) & 1));
    }
}

static guint32
rotl (guint32 v, guint bits, guint by)
{
  guint32 mask = (1u << bits) - 1;
  by %= bits;
  v &= mask;
  return by ? (((v << by) | (v >> (bits - by))) & mask) : v;
}

/* Turns a location mask by @rotation clockwise quarter turns. A triangular piece's long side keeps
 * its bits: which diagonal it lies on follows from the piece's rotation. */
guint32
carc_location_rotate (guint32 loc, CarcShape shape, guint rotation)
{
  guint32 sides = rotl (loc & CARC_LOC_SIDES_MASK, 4, rotation);
  guint32 halves = rotl ((loc & CARC_LOC_HALVES_MASK) >> 4, 8, 2 * rotation) << 4;
  return sides | halves | (loc & ~(CARC_LOC_SIDES_MASK | CARC_LOC_HALVES_MASK));
}

static void
carc_tile_set_finalize (GObject *object)
{
  CarcTileSet *self = CARC_TILE_SET (object);
  g_hash_table_unref (self->by_id);
  g_ptr_array_unref (self->types);
  g_free (self->pile);
  G_OBJECT_CLASS (carc_tile_set_parent_class)->finalize (object);
}

static void
carc_tile_set_class_init (CarcTileSetClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = carc_tile_set_finalize;
}

static void
carc_tile_set_init (CarcTileSet *self)
{
  self->types = g_ptr_array_new_with_free_func ((GDestroyNotify)carc_tile_type_free);
  self->by_id = g_hash_table_new (g_str_hash, g_str_equal);
}

/**
 * carc_tile_set_new:
 *
 * Returns: (transfer full): an empty tile set
 */
CarcTileSet *
carc_tile_set_new (void)
{
  return g_object_new (CARC_TYPE_TILE_SET, NULL);
}

/**
 * carc_tile_set_load_data:
 * @self: a tile set
 * @data: (array length=length) (element-type guint8): tile data (doc/tile-data.md)
 * @length: length of @data, or -1 if it is NUL-terminated
 * @source_name: (nullable): a name for error messages
 * @error: return location for a #CarcError (%CARC_ERROR_PARSE)
 *
 * Adds the tile types in @data. On error nothing is added.
 *
 * Returns: %TRUE on success
 */
gboolean
carc_tile_set_load_data (CarcTileSet *self, const char *data, gssize length,
                         const char *source_name, GError **error)
{
  g_return_val_if_fail (CARC_IS_TILE_SET (self), FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  gsize len = length < 0 ? strlen (data) : (gsize)length;
  if (len == 0)
    return TRUE;
  return carc_tile_data_parse (self, data, len, source_name, error);
}

/**
 * carc_tile_set_load_file:
 * @self: a tile set
 * @path: (type filename): a tile-data file
 * @error: return location for an error
 *
 * Returns: %TRUE on success
 */
gboolean
carc_tile_set_load_file (CarcTileSet *self, const char *path, GError **error)
{
  g_return_val_if_fail (CARC_IS_TILE_SET (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_autofree char *data = NULL;
  gsize len = 0;
  if (!g_file_get_contents (path, &data, &len, error))
    return FALSE;
  return carc_tile_data_parse (self, data, len, path, error);
}

/**
 * carc_tile_set_new_base:
 * @error: return location for an error
 *
 * The base game's 72 tiles (types A to X), built into the library.
 *
 * Returns: (transfer full): the base tile set
 */
CarcTileSet *
carc_tile_set_new_base (GError **error)
{
  g_autoptr (GBytes) bytes = g_resources_lookup_data ("/org/carcassonne/Engine1/tiles/base.tiles",
                                                      G_RESOURCE_LOOKUP_FLAGS_NONE, error);
  if (!bytes)
    return NULL;
  g_autoptr (CarcTileSet) set = carc_tile_set_new ();
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  if (!carc_tile_data_parse (set, data, len, "base.tiles", error))
    return NULL;
  return g_steal_pointer (&set);
}

/**
 * carc_tile_set_get_n_types:
 *
 * Returns: how many tile types the set holds
 */
guint
carc_tile_set_get_n_types (CarcTileSet *self)
{
  g_return_val_if_fail (CARC_IS_TILE_SET (self), 0);
  return self->types->len;
}

/**
 * carc_tile_set_get_type_at:
 * Returns: (transfer none) (nullable): the type at @index
 */
const CarcTileType *
carc_tile_set_get_type_at (CarcTileSet *self, guint index)
{
  g_return_val_if_fail (CARC_IS_TILE_SET (self), NULL);
  return index < self->types->len ? g_ptr_array_index (self->types, index) : NULL;
}

/**
 * carc_tile_set_lookup:
 * Returns: (transfer none) (nullable): the type called @id
 */
const CarcTileType *
carc_tile_set_lookup (CarcTileSet *self, const char *id)
{
  g_return_val_if_fail (CARC_IS_TILE_SET (self), NULL);
  g_return_val_if_fail (id != NULL, NULL);
  return id ? g_hash_table_lookup (self->by_id, id) : NULL;
}

/**
 * carc_tile_set_get_n_tiles:
 *
 * Returns: how many tiles the set's counts add up to
 */
guint
carc_tile_set_get_n_tiles (CarcTileSet *self)
{
  g_return_val_if_fail (CARC_IS_TILE_SET (self), 0);
  return self->n_tiles;
}

/**
 * carc_tile_set_get_start:
 * Returns: (transfer none) (nullable): the first type marked start=N
 */
const CarcTileType *
carc_tile_set_get_start (CarcTileSet *self)
{
  g_return_val_if_fail (CARC_IS_TILE_SET (self), NULL);
  return self->start;
}

/* The start tile and the pile of a game of the set (CarcTileSet.pile), again after the set
 * changed: every copy of each land tile type in the set's order, but the first copy of the
 * start tile's type. */
void
carc_tile_set_update_pile (CarcTileSet *set)
{
  set->start = NULL;
  for (guint i = 0; i < set->types->len && !set->start; i++)
    {
      const CarcTileType *t = g_ptr_array_index (set->types, i);
      if (t->start_count > 0)
        set->start = t;
    }
  g_free (set->pile);
  set->pile = g_new (const CarcTileType *, MAX (set->n_tiles, 1u));
  set->pile_len = set->pile_segments = 0;
  for (guint i = 0; i < set->types->len; i++)
    {
      const CarcTileType *t = g_ptr_array_index (set->types, i);
      if (t->shape != CARC_SHAPE_SQUARE)
        continue;
      for (guint k = t == set->start ? 1 : 0; k < t->count; k++)
        {
          set->pile[set->pile_len++] = t;
          set->pile_segments += t->n_segments;
        }
    }
}

/**
 * carc_tile_type_get_id:
 *
 * Returns: the type's id ("D")
 */
const char *
carc_tile_type_get_id (const CarcTileType *type)
{
  g_return_val_if_fail (type != NULL, NULL);
  return type->id;
}

/**
 * carc_tile_type_get_index:
 *
 * Returns: the type's index in its set
 */
guint
carc_tile_type_get_index (const CarcTileType *type)
{
  g_return_val_if_fail (type != NULL, 0);
  return type->index;
}

/**
 * carc_tile_type_get_count:
 *
 * Returns: how many tiles of this type the set's deck holds
 */
guint
carc_tile_type_get_count (const CarcTileType *type)
{
  g_return_val_if_fail (type != NULL, 0);
  return type->count;
}

/**
 * carc_tile_type_get_shape:
 *
 * Returns: a square tile or a triangular piece
 */
CarcShape
carc_tile_type_get_shape (const CarcTileType *type)
{
  g_return_val_if_fail (type != NULL, CARC_SHAPE_SQUARE);
  return type->shape;
}

/**
 * carc_tile_type_get_n_sides:
 *
 * Returns: 4 for a square tile, 3 for a triangular piece (legs N, E and the long side)
 */
guint
carc_tile_type_get_n_sides (const CarcTileType *type)
{
  g_return_val_if_fail (type != NULL, 0);
  return type->n_sides;
}

/**
 * carc_tile_type_get_edge:
 *
 * Returns: what the tile shows along @side (canonical orientation)
 */
CarcEdgeKind
carc_tile_type_get_edge (const CarcTileType *type, guint side)
{
  g_return_val_if_fail (type != NULL, CARC_EDGE_WALL);
  g_return_val_if_fail (side < type->n_sides, CARC_EDGE_WALL);
  return type->edge[side];
}

/**
 * carc_tile_type_get_n_segments:
 *
 * Returns: how many segments the tile has
 */
guint
carc_tile_type_get_n_segments (const CarcTileType *type)
{
  g_return_val_if_fail (type != NULL, 0);
  return type->n_segments;
}

/**
 * carc_tile_type_get_segment_kind:
 *
 * Returns: the feature kind of @segment
 */
CarcFeatureKind
carc_tile_type_get_segment_kind (const CarcTileType *type, guint segment)
{
  g_return_val_if_fail (type != NULL, CARC_FEATURE_FIELD);
  g_return_val_if_fail (segment < type->n_segments, CARC_FEATURE_FIELD);
  return type->seg[segment].kind;
}

/**
 * carc_tile_type_get_segment_location:
 * @type: a tile type
 * @segment: a segment index
 * @rotation: clockwise quarter turns
 *
 * Returns: the sides and half-edges the segment touches (CARC_LOC_* bits), turned by @rotation
 */
guint32
carc_tile_type_get_segment_location (const CarcTileType *type, guint segment, guint rotation)
{
  g_return_val_if_fail (type != NULL, 0);
  g_return_val_if_fail (segment < type->n_segments, 0);
  return carc_location_rotate (type->seg[segment].location, type->shape, rotation & 3);
}

/**
 * carc_tile_type_get_segment_shield:
 * @type: a tile type
 * @segment: a segment index
 *
 * Returns: %TRUE if @segment is a city segment with at least one shield
 */
gboolean
carc_tile_type_get_segment_shield (const CarcTileType *type, guint segment)
{
  g_return_val_if_fail (type != NULL, FALSE);
  g_return_val_if_fail (segment < type->n_segments, FALSE);
  return type->seg[segment].shields > 0;
}

/**
 * carc_tile_type_get_segment_shields:
 * @type: a tile type
 * @segment: a segment index
 *
 * Returns: how many shields the city segment @segment carries (`:s` 1, `:s2` 2); 0 for
 *   other segments
 */
guint
carc_tile_type_get_segment_shields (const CarcTileType *type, guint segment)
{
  g_return_val_if_fail (type != NULL, 0);
  g_return_val_if_fail (segment < type->n_segments, 0);
  return type->seg[segment].shields;
}

/**
 * carc_tile_type_get_segment_end:
 * @type: a tile type
 * @segment: a segment index
 * @gate: (out) (optional): for a road ending at a city gate, the index of that city segment;
 *   -1 otherwise
 *
 * How a road (or water) segment that touches one side ends on the tile, as its tile data's
 * end marker says (doc/tile-data.md): 'J' a junction, 'K' a cloister, 'C' a city gate
 * (@gate), 'H' a house, 'X' unsaid, 'S' a spring, 'L' a lake; 0 for a segment that does not
 * end on the tile. Expansions read it for rules about what a road leads to.
 *
 * Returns: the end marker, or 0
 */
gchar
carc_tile_type_get_segment_end (const CarcTileType *type, guint segment, gint *gate)
{
  if (gate)
    *gate = -1;
  g_return_val_if_fail (type != NULL, 0);
  g_return_val_if_fail (segment < type->n_segments, 0);
  const CarcSegmentDef *d = &type->seg[segment];
  if (gate && d->road_end == CARC_ROAD_GATE)
    *gate = d->gate;
  return d->road_end;
}

/**
 * carc_tile_type_get_segment_n_attributes:
 * @type: a tile type
 * @segment: a segment index
 *
 * Returns: how many attributes (`:name`, `:name=value`: doc/tile-data.md) the tile
 *   data gives @segment
 */
guint
carc_tile_type_get_segment_n_attributes (const CarcTileType *type, guint segment)
{
  g_return_val_if_fail (type != NULL, 0);
  g_return_val_if_fail (segment < type->n_segments, 0);
  return type->seg[segment].n_attrs;
}

/**
 * carc_tile_type_get_segments:
 * @type: a tile type
 * @kinds: the kinds wanted, bit 1 << #CarcFeatureKind for each
 * @attributed: %TRUE for only the segments the tile data gives an attribute
 *   (carc_tile_type_get_segment_n_attributes() above 0)
 *
 * The segments of @type of the kinds in @kinds (and with @attributed, only those with an
 * attribute), so a hook that looks at every piece placed (its cities with goods, its fields)
 * reads the few segments it wants without asking about each one. Since plugin ABI 2.6.
 *
 * Returns: bit s set for each such segment s
 */
guint32
carc_tile_type_get_segments (const CarcTileType *type, guint32 kinds, gboolean attributed)
{
  g_return_val_if_fail (type != NULL, 0);
  guint32 mask = 0;
  for (guint32 k = kinds & type->kinds; k; k &= k - 1)
    mask |= type->of_kind[__builtin_ctz (k)];
  return attributed ? mask & type->attributed : mask;
}

/**
 * carc_tile_type_get_segment_attribute_at:
 * @type: a tile type
 * @segment: a segment index
 * @index: 0 .. carc_tile_type_get_segment_n_attributes() - 1
 * @value: (out) (optional) (transfer none): the attribute's value ("" for a bare attribute)
 *
 * The segment's attributes in the order of the tile data. The engine gives them no meaning:
 * expansions do.
 *
 * Returns: (transfer none) (nullable): the name of attribute @index, or %NULL past the last
 */
const char *
carc_tile_type_get_segment_attribute_at (const CarcTileType *type, guint segment, guint index,
                                         const char **value)
{
  g_return_val_if_fail (type != NULL, NULL);
  g_return_val_if_fail (segment < type->n_segments, NULL);
  const CarcSegmentDef *seg = &type->seg[segment];
  if (index >= seg->n_attrs)
    return NULL;
  const CarcTileTag *a = &type->attrs[seg->first_attr + index];
  if (value)
    *value = a->value;
  return a->key;
}

/**
 * carc_tile_type_get_segment_attribute:
 * @type: a tile type
 * @segment: a segment index
 * @name: an attribute name ("bonus")
 *
 * Returns: (transfer none) (nullable): the value of @segment's attribute @name ("" for a
 *   bare attribute such as `:bonus`), or %NULL when the segment does not have it
 */
const char *
carc_tile_type_get_segment_attribute (const CarcTileType *type, guint segment, const char *name)
{
  g_return_val_if_fail (type != NULL, NULL);
  g_return_val_if_fail (segment < type->n_segments, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  const CarcSegmentDef *seg = &type->seg[segment];
  for (guint i = 0; i < seg->n_attrs; i++)
    if (strcmp (type->attrs[seg->first_attr + i].key, name) == 0)
      return type->attrs[seg->first_attr + i].value;
  return NULL;
}

/**
 * carc_tile_type_get_tag:
 * Returns: (nullable): the tag's value ("" for a bare tag), or %NULL when absent
 */
const char *
carc_tile_type_get_tag (const CarcTileType *type, const char *key)
{
  g_return_val_if_fail (type != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);
  return carc_tile_type_find_tag (type, key);
}

/**
 * carc_tile_type_get_n_tags:
 *
 * Returns: how many tags the type has
 */
guint
carc_tile_type_get_n_tags (const CarcTileType *type)
{
  g_return_val_if_fail (type != NULL, 0);
  return type->n_tags;
}

/**
 * carc_tile_type_get_tag_at:
 * @type: a tile type
 * @index: 0 .. carc_tile_type_get_n_tags() - 1
 * @value: (out) (optional): the tag's value ("" for a bare tag)
 *
 * Returns: (nullable): the key of tag @index, in the order of the tile data
 */
const char *
carc_tile_type_get_tag_at (const CarcTileType *type, guint index, const char **value)
{
  g_return_val_if_fail (type != NULL, NULL);
  if (index >= type->n_tags)
    return NULL;
  if (value)
    *value = type->tags[index].value;
  return type->tags[index].key;
}

/**
 * carc_tile_type_get_tile_set:
 * @type: a tile type
 *
 * Returns: (transfer none): the set that owns @type
 */
CarcTileSet *
carc_tile_type_get_tile_set (const CarcTileType *type)
{
  g_return_val_if_fail (type != NULL, NULL);
  return type->set;
}

/* The boxed type: a copy is the same immutable type with a reference on its set. */
static CarcTileType *
tile_type_copy (CarcTileType *type)
{
  g_object_ref (type->set);
  return type;
}

static void
tile_type_release (CarcTileType *type)
{
  g_object_unref (type->set);
}

G_DEFINE_BOXED_TYPE (CarcTileType, carc_tile_type, tile_type_copy, tile_type_release)
