/* carc-tile-parse.c: the tile-data parser (format in doc/tile-data.md).
 *
 * Written for hostile input: every line is checked whole before anything is kept, and a
 * failure leaves the tile set untouched. Fuzzed by tests/fuzz/fuzz-tiles.c.
 */
#include "config.h"

#include <string.h>
#include "carc-error.h"
#include "carc-tile-private.h"

#define MAX_COUNT    999
#define MAX_TYPES    4096
#define MAX_ID_LEN   64
#define MAX_TAGS     32
#define MAX_TAG_LEN  128
#define MAX_ATTRS    8 /* a segment */
#define MAX_ATTR_LEN 64
#define MAX_SHIELDS  9

static const char *const half_edge_names[8]
    = { "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW" };
static const char *const long_half_names[2] = { "LSE", "LNW" };

typedef struct
{
  const char *source;
  guint line;
  GError **error;
  GArray *attrs; /* CarcTileTag: the segment attributes of the line being read */
} ParseCtx;

static gboolean G_GNUC_PRINTF (2, 3) fail (ParseCtx *ctx, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *msg = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (ctx->error, CARC_ERROR, CARC_ERROR_PARSE, "%s:%u: %s", ctx->source, ctx->line, msg);
  return FALSE;
}

/* The side index for a side letter: N E S W on a square tile; N E L on a triangular piece. */
static int
side_index (char c, CarcShape shape)
{
  if (shape == CARC_SHAPE_HALF)
    return c == 'N' ? 0 : c == 'E' ? 1 : c == 'L' ? 2 : -1;
  return c == 'N' ? 0 : c == 'E' ? 1 : c == 'S' ? 2 : c == 'W' ? 3 : -1;
}

static guint32
side_loc_bit (int side, CarcShape shape)
{
  if (shape == CARC_SHAPE_HALF && side == 2)
    return CARC_LOC_LONG;
  return CARC_LOC_SIDE (side);
}

static int
edge_kind (char c)
{
  switch (c)
    {
      case 'F':
        return CARC_EDGE_FIELD;
      case 'R':
        return CARC_EDGE_ROAD;
      case 'C':
        return CARC_EDGE_CITY;
      case '*':
        return CARC_EDGE_WALL;
      case 'I':
        return CARC_EDGE_WATER;
      default:
        return -1;
    }
}

/* A half-edge name to (side, port) and its location bit. */
static gboolean
half_edge (const char *name, gsize len, CarcShape shape, int *side, int *port, guint32 *bit)
{
  for (int h = 0; h < 8; h++)
    if (len == 3 && memcmp (name, half_edge_names[h], 3) == 0)
      {
        *side = h / 2;
        *port = (h % 2) ? 2 : 0;
        *bit = CARC_LOC_HALF (h);
        return shape == CARC_SHAPE_SQUARE || *side < 2;
      }
  for (int h = 0; h < 2; h++)
    if (len == 3 && memcmp (name, long_half_names[h], 3) == 0)
      {
        *side = 2;
        *port = h ? 2 : 0;
        *bit = CARC_LOC_LONG_HALF (h);
        return shape == CARC_SHAPE_HALF;
      }
  return FALSE;
}

static gboolean
set_port (ParseCtx *ctx, CarcTileType *t, int side, int port, int seg)
{
  if (t->port[side][port] != -1)
    return fail (ctx, "tile %s: a port of side %d is claimed by two segments", t->id, side);
  t->port[side][port] = (gint8)seg;
  return TRUE;
}

static gboolean
parse_uint (const char *s, guint max, guint *out)
{
  if (*s == '\0' || strlen (s) > 4)
    return FALSE;
  guint v = 0;
  for (; *s; s++)
    {
      if (*s < '0' || *s > '9')
        return FALSE;
      v = v * 10 + (guint)(*s - '0');
    }
  if (v > max)
    return FALSE;
  *out = v;
  return TRUE;
}

/* Second pass over the city indices named by fields ('@0,1') and gates ('>C0'), which refer to
 * cities by their order among the tile's cities. */
static int
city_segment (const CarcTileType *t, guint city_ordinal)
{
  guint n = 0;
  for (guint i = 0; i < t->n_segments; i++)
    if (t->seg[i].kind == CARC_FEATURE_CITY && n++ == city_ordinal)
      return (int)i;
  return -1;
}

typedef struct
{
  int seg;
  guint ordinals[CARC_MAX_SEGMENTS];
  guint n;
} PendingRefs;

/* The segment kinds written <letter>:<sides>: the edge their sides must show, and names. */
typedef struct
{
  char letter;
  CarcFeatureKind kind;
  CarcEdgeKind edge;
  const char *name;      /* "city": "city on side E" */
  const char *edge_name; /* "whose edge is not a city" */
} LinearKind;

static const LinearKind linear_kinds[] = {
  { 'C', CARC_FEATURE_CITY, CARC_EDGE_CITY, "city", "a city" },
  { 'R', CARC_FEATURE_ROAD, CARC_EDGE_ROAD, "road", "a road" },
  { 'I', CARC_FEATURE_WATER, CARC_EDGE_WATER, "water", "water" },
};

static const LinearKind *
linear_kind (char letter)
{
  for (guint i = 0; i < G_N_ELEMENTS (linear_kinds); i++)
    if (linear_kinds[i].letter == letter)
      return &linear_kinds[i];
  return NULL;
}

/* Claims the ports of side @s for segment @si: a city all three, a road or water the middle
 * one. */
static gboolean
claim_side (ParseCtx *ctx, CarcTileType *t, int s, int si, gboolean city)
{
  CarcSegmentDef *seg = &t->seg[si];
  if (!city)
    {
      if (!set_port (ctx, t, s, 1, si))
        return FALSE;
      seg->n_ports += 1;
      return TRUE;
    }
  for (int port = 0; port < 3; port++)
    if (!set_port (ctx, t, s, port, si))
      return FALSE;
  seg->n_ports += 3;
  return TRUE;
}

/* The sides of a city, road or water token ("NE" of "C:NE:s"); *@end: what follows them.
 * Returns how many sides it names, 0 on failure. */
static guint
parse_sides (ParseCtx *ctx, CarcTileType *t, const LinearKind *lk, const char *tok,
             const char **end)
{
  int si = (int)t->n_segments;
  CarcSegmentDef *seg = &t->seg[si];
  guint n_sides = 0;
  const char *p = tok + 2;
  for (; *p && *p != ':' && *p != '>'; p++)
    {
      int s = side_index (*p, t->shape);
      if (s < 0)
        return fail (ctx, "tile %s: '%c' is not a side", t->id, *p);
      guint32 bit = side_loc_bit (s, t->shape);
      if (seg->location & bit)
        return fail (ctx, "tile %s: side %c named twice", t->id, *p);
      seg->location |= bit;
      if (t->edge[s] != lk->edge)
        return fail (ctx, "tile %s: %s on side %c, whose edge is not %s", t->id, lk->name, *p,
                     lk->edge_name);
      if (!claim_side (ctx, t, s, si, lk->kind == CARC_FEATURE_CITY))
        return 0;
      n_sides++;
    }
  *end = p;
  if (n_sides == 0)
    return fail (ctx, "tile %s: '%s' names no side", t->id, tok);
  return n_sides;
}

/* The end of a one-sided road, from its '>' (@p) to @stop: J (junction), K (cloister), H,
 * X (unsaid), or C<i> (the gate of the tile's i-th city, resolved once the whole line is
 * read). */
static gboolean
parse_road_end (ParseCtx *ctx, CarcTileType *t, const char *tok, const char *p, const char *stop,
                PendingRefs *refs, guint *n_refs)
{
  char e = p[1];
  if (e == 'J' || e == 'K' || e == 'H' || e == 'X')
    {
      if (p + 2 != stop)
        return fail (ctx, "tile %s: bad road end in '%s'", t->id, tok);
    }
  else if (e == 'C')
    {
      g_autofree char *num = g_strndup (p + 2, (gsize)(stop - (p + 2)));
      guint ord;
      if (!parse_uint (num, CARC_MAX_SEGMENTS - 1, &ord))
        return fail (ctx, "tile %s: bad city gate in '%s'", t->id, tok);
      PendingRefs *r = &refs[(*n_refs)++];
      r->seg = (int)t->n_segments;
      r->n = 1;
      r->ordinals[0] = ord;
    }
  else
    return fail (ctx, "tile %s: unknown road end in '%s'", t->id, tok);
  t->seg[t->n_segments].road_end = e;
  return TRUE;
}

/* The end of a one-sided water segment, from its '>' (@p) to @stop: S (spring) or L (lake). */
static gboolean
parse_water_end (ParseCtx *ctx, CarcTileType *t, const char *tok, const char *p, const char *stop)
{
  char e = p[1];
  if ((e != CARC_WATER_SPRING && e != CARC_WATER_LAKE) || p + 2 != stop)
    return fail (ctx, "tile %s: unknown water end in '%s' (>S spring, >L lake)", t->id, tok);
  t->seg[t->n_segments].road_end = e;
  return TRUE;
}

/* The end marker of a road or water token, if any: *@p is at '>' or past the sides; on
 * return at the attributes (':') or the end of the token. */
static gboolean
parse_end (ParseCtx *ctx, CarcTileType *t, const LinearKind *lk, const char *tok, guint n_sides,
           const char **p, PendingRefs *refs, guint *n_refs)
{
  gboolean road = lk->kind == CARC_FEATURE_ROAD;
  if (**p != '>')
    {
      if (road && n_sides == 1)
        return fail (ctx,
                     "tile %s: a road touching one side must say how it ends (>J, >K, >H, "
                     ">X, >C<i>)",
                     t->id);
      return TRUE;
    }
  if (lk->kind == CARC_FEATURE_CITY)
    return fail (ctx, "tile %s: a city has no end, in '%s'", t->id, tok);
  if (n_sides != 1)
    return fail (ctx, "tile %s: only a one-sided %s has an end", t->id, road ? "road" : "water");
  const char *stop = strchr (*p, ':');
  if (!stop)
    stop = *p + strlen (*p);
  gboolean ok = road ? parse_road_end (ctx, t, tok, *p, stop, refs, n_refs)
                     : parse_water_end (ctx, t, tok, *p, stop);
  *p = stop;
  return ok;
}

/* C:<sides>, R:<sides>[><end>] or I:<sides>[><end>], before the attributes; *@p: where they
 * start. */
static gboolean
parse_linear (ParseCtx *ctx, CarcTileType *t, const char *tok, const char **p, PendingRefs *refs,
              guint *n_refs)
{
  const LinearKind *lk = linear_kind (tok[0]);
  t->seg[t->n_segments].kind = lk->kind;
  guint n_sides = parse_sides (ctx, t, lk, tok, p);
  return n_sides > 0 && parse_end (ctx, t, lk, tok, n_sides, p, refs, n_refs);
}

/* The half-edges of a field, from @p up to @at ("ENE,WNW" of "F:ENE,WNW@0"). */
static gboolean
parse_field_edges (ParseCtx *ctx, CarcTileType *t, const char *tok, const char *p, const char *at)
{
  int si = (int)t->n_segments;
  CarcSegmentDef *seg = &t->seg[si];
  while (p < at)
    {
      const char *comma = memchr (p, ',', (gsize)(at - p));
      const char *end = comma ? comma : at;
      int side, port;
      guint32 bit;
      if (!half_edge (p, (gsize)(end - p), t->shape, &side, &port, &bit))
        return fail (ctx, "tile %s: '%.*s' is not a half-edge", t->id, (int)(end - p), p);
      if (t->edge[side] != CARC_EDGE_FIELD && t->edge[side] != CARC_EDGE_ROAD
          && t->edge[side] != CARC_EDGE_WATER)
        return fail (ctx, "tile %s: field on half-edge %.*s of a non-field edge", t->id,
                     (int)(end - p), p);
      if (!set_port (ctx, t, side, port, si))
        return FALSE;
      seg->location |= bit;
      seg->n_ports++;
      p = comma ? comma + 1 : at;
      if (comma && p == at)
        return fail (ctx, "tile %s: empty half-edge in '%s'", t->id, tok);
    }
  if (seg->location == 0)
    return fail (ctx, "tile %s: field '%s' names no half-edge", t->id, tok);
  return TRUE;
}

/* The cities a field supplies, after its '@': "-" or ordinals "0,1" (resolved once the
 * whole line is read). */
static gboolean
parse_field_cities (ParseCtx *ctx, CarcTileType *t, const char *tok, const char *cities,
                    PendingRefs *refs, guint *n_refs)
{
  if (strcmp (cities, "-") == 0)
    return TRUE;
  if (*cities == '\0')
    return fail (ctx, "tile %s: bad city list in '%s'", t->id, tok);
  PendingRefs *r = &refs[(*n_refs)++];
  r->seg = (int)t->n_segments;
  r->n = 0;
  const char *q = cities;
  while (*q)
    {
      const char *comma = strchr (q, ',');
      g_autofree char *num = comma ? g_strndup (q, (gsize)(comma - q)) : g_strdup (q);
      guint ord;
      if (!parse_uint (num, CARC_MAX_SEGMENTS - 1, &ord) || r->n >= CARC_MAX_SEGMENTS)
        return fail (ctx, "tile %s: bad city list in '%s'", t->id, tok);
      r->ordinals[r->n++] = ord;
      if (!comma)
        break;
      q = comma + 1;
      if (*q == '\0')
        return fail (ctx, "tile %s: bad city list in '%s'", t->id, tok);
    }
  if (r->n == 0)
    return fail (ctx, "tile %s: bad city list in '%s'", t->id, tok);
  return TRUE;
}

/* F:<half-edges>@<cities>|- or F:inner@<cities>|- (a field touching no edge), before the
 * attributes; *@p: where they start. */
static gboolean
parse_field (ParseCtx *ctx, CarcTileType *t, const char *tok, const char **p, PendingRefs *refs,
             guint *n_refs)
{
  t->seg[t->n_segments].kind = CARC_FEATURE_FIELD;
  const char *at = strchr (tok + 2, '@');
  if (!at)
    return fail (ctx, "tile %s: field '%s' lacks '@'", t->id, tok);
  gboolean inner = at - (tok + 2) == 5 && memcmp (tok + 2, "inner", 5) == 0;
  if (!inner && !parse_field_edges (ctx, t, tok, tok + 2, at))
    return FALSE;
  const char *colon = strchr (at, ':');
  *p = colon ? colon : at + strlen (at);
  g_autofree char *cities = g_strndup (at + 1, (gsize)(*p - (at + 1)));
  return parse_field_cities (ctx, t, tok, cities, refs, n_refs);
}

/* "s" or "s<N>": a shield count, in *@n. */
static gboolean
is_shield_flag (const char *a, gsize len, guint *n)
{
  if (len == 0 || a[0] != 's')
    return FALSE;
  *n = 1;
  if (len == 1)
    return TRUE;
  for (gsize i = 1; i < len; i++)
    if (!g_ascii_isdigit (a[i]))
      return FALSE;
  *n = len > 3 ? G_MAXUINT : (guint)g_ascii_strtoull (a + 1, NULL, 10);
  return TRUE;
}

static gboolean
valid_name_char (char c)
{
  return g_ascii_isalnum (c) || strchr ("_().-", c) != NULL;
}

/* One attribute of the segment being read, @len bytes at @a: "name" or "name=value". */
static gboolean
add_attribute (ParseCtx *ctx, CarcTileType *t, CarcSegmentDef *seg, const char *tok, const char *a,
               gsize len)
{
  const char *eq = memchr (a, '=', len);
  gsize name_len = eq ? (gsize)(eq - a) : len;
  if (name_len == 0 || len > MAX_ATTR_LEN || (eq && eq + 1 == a + len))
    return fail (ctx, "tile %s: bad attribute '%.*s' in '%s'", t->id, (int)len, a, tok);
  for (gsize i = name_len; i < len; i++)
    if ((guchar)a[i] <= ' ' || (guchar)a[i] >= 127)
      return fail (ctx, "tile %s: bad attribute '%.*s' in '%s'", t->id, (int)len, a, tok);
  for (gsize i = 0; i < name_len; i++)
    if (!valid_name_char (a[i]))
      return fail (ctx, "tile %s: bad attribute '%.*s' (a name is letters, digits and _().-)",
                   t->id, (int)len, a);
  if (seg->n_attrs >= MAX_ATTRS)
    return fail (ctx, "tile %s: more than %d attributes on a segment", t->id, MAX_ATTRS);
  CarcTileTag attr
      = { g_strndup (a, name_len), eq ? g_strndup (eq + 1, len - name_len - 1) : g_strdup ("") };
  g_array_append_val (ctx->attrs, attr);
  for (guint i = seg->first_attr; i + 1 < ctx->attrs->len; i++)
    if (strcmp (g_array_index (ctx->attrs, CarcTileTag, i).key, attr.key) == 0)
      return fail (ctx, "tile %s: attribute '%s' given twice in '%s'", t->id, attr.key, tok);
  seg->n_attrs++;
  return TRUE;
}

/* The flags after a segment's shape, from @p (at ':' or the end of @tok): ":s" or ":s<N>"
 * (a city's shields) and attributes ":name" or ":name=value", in any order. */
static gboolean
parse_attributes (ParseCtx *ctx, CarcTileType *t, const char *tok, const char *p)
{
  CarcSegmentDef *seg = &t->seg[t->n_segments];
  seg->first_attr = (guint8)ctx->attrs->len;
  while (*p == ':')
    {
      const char *a = p + 1;
      const char *next = strchr (a, ':');
      gsize len = next ? (gsize)(next - a) : strlen (a);
      guint n;
      if (len == 0)
        return fail (ctx, "tile %s: empty attribute in '%s'", t->id, tok);
      if (is_shield_flag (a, len, &n))
        {
          if (seg->kind != CARC_FEATURE_CITY)
            return fail (ctx, "tile %s: shields only on a city, in '%s'", t->id, tok);
          if (seg->shields)
            return fail (ctx, "tile %s: shields given twice in '%s'", t->id, tok);
          if (n == 0 || n > MAX_SHIELDS)
            return fail (ctx, "tile %s: a city has 1 to %d shields, in '%s'", t->id, MAX_SHIELDS,
                         tok);
          seg->shields = (guint8)n;
        }
      else if (!add_attribute (ctx, t, seg, tok, a, len))
        return FALSE;
      p = a + len;
    }
  if (*p != '\0')
    return fail (ctx, "tile %s: bad suffix in '%s'", t->id, tok);
  return TRUE;
}

/* Whether @tok is a feature token: K, K:..., or <letter>:... for C, R, I, F. */
static gboolean
is_feature_token (const char *tok)
{
  if (tok[0] == 'K')
    return tok[1] == '\0' || tok[1] == ':';
  return (tok[0] == 'C' || tok[0] == 'R' || tok[0] == 'I' || tok[0] == 'F') && tok[1] == ':';
}

/* One feature token of a tile line: K, C:..., R:..., I:... or F:..., then its attributes; a
 * new segment of @t. */
static gboolean
parse_feature (ParseCtx *ctx, CarcTileType *t, const char *tok, PendingRefs *refs, guint *n_refs,
               gboolean *has_cloister)
{
  if (t->n_segments >= CARC_MAX_SEGMENTS)
    return fail (ctx, "tile %s: more than %d segments", t->id, CARC_MAX_SEGMENTS);
  CarcSegmentDef *seg = &t->seg[t->n_segments];
  memset (seg, 0, sizeof *seg);
  seg->gate = -1;

  const char *p = NULL;
  gboolean ok;
  if (tok[0] == 'K')
    {
      if (*has_cloister)
        return fail (ctx, "tile %s: two cloisters", t->id);
      *has_cloister = TRUE;
      seg->kind = CARC_FEATURE_CLOISTER;
      p = tok + 1;
      ok = TRUE;
    }
  else if (tok[2] == '\0')
    return fail (ctx, "tile %s: unknown feature '%s'", t->id, tok);
  else if (tok[0] == 'F')
    ok = parse_field (ctx, t, tok, &p, refs, n_refs);
  else
    ok = parse_linear (ctx, t, tok, &p, refs, n_refs);
  ok = ok && parse_attributes (ctx, t, tok, p);
  if (ok)
    t->n_segments++;
  return ok;
}

static gboolean
valid_word (const char *s, gsize max)
{
  gsize n = strlen (s);
  if (n == 0 || n > max)
    return FALSE;
  for (; *s; s++)
    if ((guchar)*s <= ' ' || (guchar)*s >= 127)
      return FALSE;
  return TRUE;
}

static gboolean
parse_tag (ParseCtx *ctx, CarcTileType *t, const char *tok, GArray *tags)
{
  if (!valid_word (tok, MAX_TAG_LEN))
    return fail (ctx, "tile %s: bad tag '%s'", t->id, tok);
  if (tags->len >= MAX_TAGS)
    return fail (ctx, "tile %s: more than %d tags", t->id, MAX_TAGS);
  const char *eq = strchr (tok, '=');
  for (const char *k = tok; k < (eq ? eq : tok + strlen (tok)); k++)
    if (!valid_name_char (*k))
      return fail (ctx, "tile %s: bad tag '%s' (a tag name is letters, digits and _().-)", t->id,
                   tok);
  CarcTileTag tag;
  tag.key = eq ? g_strndup (tok, (gsize)(eq - tok)) : g_strdup (tok);
  tag.value = g_strdup (eq ? eq + 1 : "");
  g_array_append_val (tags, tag);
  if (tag.key[0] == '\0')
    return fail (ctx, "tile %s: tag '%s' has no name", t->id, tok);
  for (guint i = 0; i + 1 < tags->len; i++)
    if (strcmp (g_array_index (tags, CarcTileTag, i).key, tag.key) == 0)
      return fail (ctx, "tile %s: tag '%s' given twice", t->id, tag.key);

  if (strcmp (tag.key, "start") == 0)
    {
      if (!parse_uint (tag.value, t->count, &t->start_count) || t->start_count == 0)
        return fail (ctx, "tile %s: start=N needs 1 <= N <= count", t->id);
    }
  else if (strcmp (tag.key, "multiedge") == 0)
    {
      /* multiedge=<side>:c<i>: the city segment c<i> also owns the port of <side> next to it,
       * so a city joined on that side merges both of the tile's cities. */
      const char *v = tag.value;
      int s = v[0] ? side_index (v[0], t->shape) : -1;
      guint ord;
      if (s < 0 || v[1] != ':' || v[2] != 'c' || !parse_uint (v + 3, CARC_MAX_SEGMENTS - 1, &ord))
        return fail (ctx, "tile %s: bad multiedge '%s'", t->id, v);
      int ci = city_segment (t, ord);
      if (ci < 0 || t->edge[s] != CARC_EDGE_CITY)
        return fail (ctx, "tile %s: multiedge '%s' names no city on a city side", t->id, v);
      int next = (s + 1) % (int)t->n_sides;
      int prev = (s + (int)t->n_sides - 1) % (int)t->n_sides;
      int port;
      if (t->port[next][1] == ci || t->port[next][0] == ci)
        port = 2;
      else if (t->port[prev][1] == ci || t->port[prev][2] == ci)
        port = 0;
      else
        return fail (ctx, "tile %s: multiedge city c%u does not touch a side next to %c", t->id,
                     ord, v[0]);
      if (t->port[s][port] == ci)
        return fail (ctx, "tile %s: multiedge city already owns that port", t->id);
      t->seg[t->port[s][port]].n_ports--;
      t->port[s][port] = (gint8)ci;
      t->seg[ci].n_ports++;
    }
  return TRUE;
}

static gboolean
check_ports (ParseCtx *ctx, CarcTileType *t)
{
  for (guint s = 0; s < t->n_sides; s++)
    {
      gint8 *p = t->port[s];
      switch (t->edge[s])
        {
          case CARC_EDGE_CITY:
            if (p[0] < 0 || p[1] < 0 || p[2] < 0)
              return fail (ctx, "tile %s: city edge %u not covered by a city segment", t->id, s);
            break;
          case CARC_EDGE_ROAD:
            if (p[1] < 0 || p[0] < 0 || p[2] < 0)
              return fail (ctx, "tile %s: road edge %u needs a road and a field on each half",
                           t->id, s);
            break;
          case CARC_EDGE_FIELD:
            if (p[0] < 0 || p[2] < 0)
              return fail (ctx, "tile %s: both halves of field edge %u need a field", t->id, s);
            break;
          case CARC_EDGE_WALL:
            if (p[0] >= 0 || p[1] >= 0 || p[2] >= 0)
              return fail (ctx, "tile %s: wall edge %u carries a segment", t->id, s);
            break;
          case CARC_EDGE_WATER:
            if (p[1] < 0 || p[0] < 0 || p[2] < 0)
              return fail (ctx, "tile %s: water edge %u needs water and a field on each half",
                           t->id, s);
            break;
        }
    }
  for (guint i = 0; i < t->n_segments; i++)
    if (t->seg[i].kind == CARC_FEATURE_ROAD && t->seg[i].road_end == CARC_ROAD_CLOISTER)
      {
        gboolean cloister = FALSE;
        for (guint j = 0; j < t->n_segments; j++)
          cloister |= t->seg[j].kind == CARC_FEATURE_CLOISTER;
        if (!cloister)
          return fail (ctx, "tile %s: road ends at a cloister the tile does not have", t->id);
      }
  return TRUE;
}

static gboolean
resolve_refs (ParseCtx *ctx, CarcTileType *t, PendingRefs *refs, guint n_refs)
{
  for (guint i = 0; i < n_refs; i++)
    {
      CarcSegmentDef *seg = &t->seg[refs[i].seg];
      for (guint k = 0; k < refs[i].n; k++)
        {
          int ci = city_segment (t, refs[i].ordinals[k]);
          if (ci < 0)
            return fail (ctx, "tile %s: no city c%u", t->id, refs[i].ordinals[k]);
          if (seg->kind == CARC_FEATURE_ROAD)
            seg->gate = (gint8)ci;
          else
            seg->borders |= (guint16)(1u << ci);
        }
    }
  return TRUE;
}

/* A tile's edges: 4 letters NESW, or "ab|c" for a triangular piece (its long side third). */
static gboolean
parse_edges (ParseCtx *ctx, CarcTileType *t, const char *edges)
{
  if (strlen (edges) != 4)
    return fail (ctx, "tile %s: edges are 4 letters (NESW) or 'ab|c' for a triangular piece",
                 t->id);
  gboolean half = edges[2] == '|';
  char letters[4] = { edges[0], edges[1], half ? edges[3] : edges[2], edges[3] };
  t->shape = half ? CARC_SHAPE_HALF : CARC_SHAPE_SQUARE;
  t->n_sides = half ? 3 : 4;
  for (guint s = 0; s < t->n_sides; s++)
    {
      int k = edge_kind (letters[s]);
      if (k < 0)
        return fail (ctx, "tile %s: bad edge letter '%c'", t->id, letters[s]);
      t->edge[s] = k;
    }
  if (half)
    t->edge[3] = CARC_EDGE_WALL;
  return TRUE;
}

/* The words after the edges: the features, then the tags (key=value). */
static gboolean
parse_features_and_tags (ParseCtx *ctx, CarcTileType *t, GPtrArray *w, GArray *tags)
{
  PendingRefs refs[CARC_MAX_SEGMENTS];
  guint n_refs = 0;
  gboolean has_cloister = FALSE;
  gboolean in_tags = FALSE;
  for (guint i = 3; i < w->len; i++)
    {
      const char *tok = g_ptr_array_index (w, i);
      if (is_feature_token (tok) && !in_tags)
        {
          if (!parse_feature (ctx, t, tok, refs, &n_refs, &has_cloister))
            return FALSE;
          continue;
        }
      if (!in_tags && !resolve_refs (ctx, t, refs, n_refs))
        return FALSE;
      in_tags = TRUE;
      if (!parse_tag (ctx, t, tok, tags))
        return FALSE;
    }
  if (!in_tags && !resolve_refs (ctx, t, refs, n_refs))
    return FALSE;
  return check_ports (ctx, t);
}

/* A tile line's words: id, count, edges, features and tags. */
static gboolean
parse_tile (ParseCtx *ctx, CarcTileType *t, GPtrArray *w, GArray *tags)
{
  const char *id = g_ptr_array_index (w, 0);
  const char *count = g_ptr_array_index (w, 1);
  if (!valid_word (id, MAX_ID_LEN))
    return fail (ctx, "bad tile id '%.*s'", MAX_ID_LEN, id);
  if (!parse_uint (count, MAX_COUNT, &t->count))
    return fail (ctx, "tile %s: count must be a number from 0 to %d", id, MAX_COUNT);
  return parse_edges (ctx, t, g_ptr_array_index (w, 2))
         && parse_features_and_tags (ctx, t, w, tags);
}

static gboolean
parse_line (ParseCtx *ctx, char *line, CarcTileType **out)
{
  char *hash = strchr (line, '#');
  if (hash)
    *hash = '\0';
  g_auto (GStrv) toks = g_strsplit_set (line, " \t\r", -1);
  g_autoptr (GPtrArray) w = g_ptr_array_new ();
  for (guint i = 0; toks[i]; i++)
    if (toks[i][0] != '\0')
      g_ptr_array_add (w, toks[i]);
  *out = NULL;
  if (w->len == 0)
    return TRUE;
  if (w->len < 3)
    return fail (ctx, "a tile needs an id, a count and its edges");

  CarcTileType *t = g_new0 (CarcTileType, 1);
  g_autoptr (GArray) tags = g_array_new (FALSE, TRUE, sizeof (CarcTileTag));
  g_autoptr (GArray) attrs = g_array_new (FALSE, TRUE, sizeof (CarcTileTag));
  memset (t->port, -1, sizeof t->port);
  t->id = g_strdup (g_ptr_array_index (w, 0));
  ctx->attrs = attrs;
  gboolean ok = parse_tile (ctx, t, w, tags);
  ctx->attrs = NULL;
  t->n_tags = tags->len;
  t->tags = (CarcTileTag *)(void *)g_array_steal (tags, NULL);
  t->n_attrs = attrs->len;
  t->attrs = (CarcTileTag *)(void *)g_array_steal (attrs, NULL);
  if (!ok)
    {
      carc_tile_type_free (t);
      return FALSE;
    }
  carc_tile_type_finish (t);
  *out = t;
  return TRUE;
}

gboolean
carc_tile_data_parse (CarcTileSet *set, const char *data, gsize length, const char *source_name,
                      GError **error)
{
  ParseCtx ctx = { source_name ? source_name : "<tile data>", 0, error, NULL };
  g_autoptr (GPtrArray) parsed
      = g_ptr_array_new_with_free_func ((GDestroyNotify)carc_tile_type_free);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

  if (memchr (data, '\0', length))
    return fail (&ctx, "tile data contains a NUL byte");
  if (!g_utf8_validate (data, (gssize)length, NULL))
    return fail (&ctx, "tile data is not UTF-8");

  const char *p = data, *end = data + length;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', (gsize)(end - p));
      const char *le = nl ? nl : end;
      g_autofree char *line = g_strndup (p, (gsize)(le - p));
      ctx.line++;
      CarcTileType *t = NULL;
      if (!parse_line (&ctx, line, &t))
        return FALSE;
      if (t)
        {
          if (g_hash_table_contains (seen, t->id) || carc_tile_set_lookup (set, t->id))
            {
              fail (&ctx, "tile id '%s' defined twice", t->id);
              carc_tile_type_free (t);
              return FALSE;
            }
          if (set->types->len + parsed->len >= MAX_TYPES)
            {
              carc_tile_type_free (t);
              return fail (&ctx, "more than %d tile types", MAX_TYPES);
            }
          g_hash_table_add (seen, t->id);
          g_ptr_array_add (parsed, t);
        }
      p = le + 1;
    }

  for (guint i = 0; i < parsed->len; i++)
    {
      CarcTileType *t = g_ptr_array_index (parsed, i);
      t->index = set->types->len;
      t->set = set;
      g_ptr_array_add (set->types, t);
      g_hash_table_insert (set->by_id, t->id, t);
      carc_tile_id_note (t->id);
      set->n_tiles += t->count;
    }
  g_ptr_array_set_free_func (parsed, NULL);
  carc_tile_set_update_pile (set);
  return TRUE;
}
