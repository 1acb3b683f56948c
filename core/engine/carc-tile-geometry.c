/* carc-tile-geometry.c: where a tile type's segments lie in its picture, worked out from the
 * tile data alone (doc/engine-api.md, "Pictures"), so that any plugin's tiles have pictures.
 *
 * A piece is a polygon (a square, or a triangle) with a centre. Each half-edge
 * owns a sector, the triangle between its half of the side and the centre: a field is the
 * union of its half-edges' sectors (and of the sectors of the city sides next to it, which
 * the cities, painted over the fields, mostly cover). A city is the polygon of its sides,
 * closed across the other sides by a curve. Roads and water are lines from the middles of
 * their sides to the centre or to their end. A figure's anchor is the point of its segment
 * farthest from everything else drawn on the tile. */
#include "config.h"

#include <math.h>
#include <string.h>
#include "carc-picture-private.h"

#define SIZE          ((double)CARC_PICTURE_TILE_SIZE)
#define FLAT          CARC_PATH_FLAT
#define GRID          26 /* candidate anchors a row */
#define MAX_OBSTACLES 640
#define MAX_POLY      CARC_PATH_MAX_POINTS

static CarcPt
pt (double x, double y)
{
  return (CarcPt){ x, y };
}

static CarcPt
lerp (CarcPt a, CarcPt b, double t)
{
  return pt (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}

static CarcPt
quad_at (CarcPt a, CarcPt c, CarcPt b, double t)
{
  return lerp (lerp (a, c, t), lerp (c, b, t), t);
}

CarcPt
carc_picture_turn (CarcPt p, guint rotation)
{
  for (guint r = 0; r < (rotation & 3); r++)
    p = pt (SIZE - p.y, p.x);
  return p;
}

/* Buildings stand upright whichever way the tile is turned: @path moved with the tile's
 * centre instead of turned about the cell's. */
void
carc_picture_upright (const CarcTilePicture *pic, const CarcPath *path, guint rotation,
                      CarcPath *out)
{
  CarcPt c = carc_picture_turn (pic->centre, rotation);
  *out = *path;
  for (guint i = 0; i < out->n; i++)
    for (guint k = 0; k < 2; k++)
      out->ops[i].p[k]
          = pt (out->ops[i].p[k].x + c.x - pic->centre.x, out->ops[i].p[k].y + c.y - pic->centre.y);
}

static void
path_add (CarcPath *path, char op, CarcPt a, CarcPt b)
{
  if (path->n < CARC_PATH_MAX_OPS)
    path->ops[path->n++] = (CarcPathOp){ op, { a, b } };
}

static void
move_to (CarcPath *path, CarcPt a)
{
  path_add (path, 'M', a, a);
}

static void
line_to (CarcPath *path, CarcPt a)
{
  path_add (path, 'L', a, a);
}

static void
close_path (CarcPath *path)
{
  path_add (path, 'Z', pt (0, 0), pt (0, 0));
}

/* The points of @path with its curves flattened; each 'M' starts a new run (@starts). */
guint
carc_path_flatten (const CarcPath *path, CarcPt *out, gboolean *starts)
{
  guint n = 0;
  CarcPt cur = pt (0, 0), first = cur;
  for (guint i = 0; i < path->n && n + FLAT < MAX_POLY; i++)
    {
      const CarcPathOp *op = &path->ops[i];
      if (op->op == 'Z')
        {
          starts[n] = FALSE;
          out[n++] = cur = first;
          continue;
        }
      if (op->op == 'Q')
        {
          for (guint k = 1; k <= FLAT; k++)
            {
              starts[n] = FALSE;
              out[n++] = quad_at (cur, op->p[0], op->p[1], (double)k / FLAT);
            }
          cur = op->p[1];
          continue;
        }
      starts[n] = op->op == 'M';
      out[n++] = cur = op->p[0];
      if (op->op == 'M')
        first = cur;
    }
  return n;
}

/* Sides and half-edges of the piece as location bits (a triangle's long side is side 2). */
static guint32
side_bit (const CarcTileType *t, guint side)
{
  return t->shape == CARC_SHAPE_HALF && side == 2 ? CARC_LOC_LONG : CARC_LOC_SIDE (side);
}

static gint
port_owner (const CarcTileType *t, guint n_sides, guint half_pos)
{
  half_pos %= 2 * n_sides;
  return t->port[half_pos / 2][half_pos % 2 ? 2 : 0];
}

static gboolean
is_field (const CarcTileType *t, gint seg)
{
  return seg >= 0 && t->seg[seg].kind == CARC_FEATURE_FIELD;
}

static gint
first_inner_field (const CarcTileType *t)
{
  for (guint i = 0; i < t->n_segments; i++)
    if (t->seg[i].kind == CARC_FEATURE_FIELD && t->seg[i].location == 0)
      return (gint)i;
  return -1;
}

/* The field whose picture holds the sector of half-edge @pos (side * 2 + half): its own
 * field, or for a city's side the field across the corner, else the tile's inner field, else
 * the nearest field; -1 for a wall. */
static gint
sector_owner (const CarcTilePicture *pic, guint pos)
{
  const CarcTileType *t = pic->type;
  guint n2 = 2 * pic->n_corners;
  gint own = port_owner (t, pic->n_corners, pos);
  if (is_field (t, own) || t->edge[pos / 2] == CARC_EDGE_WALL)
    return is_field (t, own) ? own : -1;
  gint inner = first_inner_field (t);
  guint dir = pos % 2 ? 1 : n2 - 1;
  for (guint step = 1; step < n2; step++)
    {
      gint o = port_owner (t, pic->n_corners, pos + dir * step);
      if (is_field (t, o))
        return o;
      if (inner >= 0)
        return inner;
    }
  return inner;
}

static void
sector_path (CarcPath *path, const CarcTilePicture *pic, guint pos)
{
  guint side = pos / 2, next = (side + 1) % pic->n_corners;
  move_to (path, pos % 2 ? pic->mid[side] : pic->corner[side]);
  line_to (path, pos % 2 ? pic->corner[next] : pic->mid[side]);
  line_to (path, pic->centre);
  close_path (path);
}

/* A city: along its sides, and across each run of other sides by one curve. With an inner
 * field on the tile the curves bow towards the city, to leave the field room. */
static void
city_path (CarcTilePicture *pic, guint s)
{
  const CarcTileType *t = pic->type;
  CarcPath *path = &pic->seg[s].path;
  guint n = pic->n_corners, s0 = 0;
  gboolean in[4] = { FALSE };
  for (guint i = 0; i < n; i++)
    in[i] = (t->seg[s].location & side_bit (t, i)) != 0;
  while (s0 < n && !(in[s0] && !in[(s0 + n - 1) % n]))
    s0++;
  move_to (path, pic->corner[s0 % n]);
  for (guint i = s0, done = 0; done < n;)
    {
      if (in[i % n] || s0 == n)
        {
          line_to (path, pic->corner[(i + 1) % n]);
          i++, done++;
          continue;
        }
      guint k = 0;
      CarcPt r = pt (0, 0);
      while (k < n && !in[(i + k) % n])
        {
          r.x += pic->mid[(i + k) % n].x;
          r.y += pic->mid[(i + k) % n].y;
          k++;
        }
      r = pt (r.x / k, r.y / k);
      double f = first_inner_field (t) >= 0 ? 0.6 : k == 1 ? -0.12 : -0.36;
      CarcPt c = pt (pic->centre.x + f * (pic->centre.x - r.x),
                     pic->centre.y + f * (pic->centre.y - r.y));
      path_add (path, 'Q', c, pic->corner[(i + k) % n]);
      i += k, done += k;
    }
  close_path (path);
}

/* A point well inside city @s, where its gate roads lead. */
static CarcPt
city_core (const CarcTilePicture *pic, guint s)
{
  CarcPt r = pt (0, 0);
  guint k = 0;
  for (guint i = 0; i < pic->n_corners; i++)
    if (pic->type->seg[s].location & side_bit (pic->type, i))
      r = pt (r.x + pic->mid[i].x, r.y + pic->mid[i].y), k++;
  return lerp (pt (r.x / MAX (k, 1), r.y / MAX (k, 1)), pic->centre, 0.3);
}

static void
cloister_path (CarcTilePicture *pic, guint s)
{
  CarcPath *path = &pic->seg[s].path;
  double k = pic->scale, x = pic->centre.x, y = pic->centre.y + 2 * k;
  move_to (path, pt (x - 12 * k, y + 12 * k));
  line_to (path, pt (x - 12 * k, y - 4 * k));
  line_to (path, pt (x - 15 * k, y - 4 * k));
  line_to (path, pt (x, y - 17 * k));
  line_to (path, pt (x + 15 * k, y - 4 * k));
  line_to (path, pt (x + 12 * k, y - 4 * k));
  line_to (path, pt (x + 12 * k, y + 12 * k));
  close_path (path);
}

/* A road or water: through the centre from side to side, or from its side to its end. */
static void
line_path (CarcTilePicture *pic, guint s)
{
  const CarcTileType *t = pic->type;
  CarcSegmentPicture *sp = &pic->seg[s];
  guint sides[4], k = 0;
  for (guint i = 0; i < pic->n_corners; i++)
    if (t->seg[s].location & side_bit (t, i))
      sides[k++] = i;
  sp->line = TRUE;
  if (k == 2)
    {
      move_to (&sp->path, pic->mid[sides[0]]);
      path_add (&sp->path, 'Q', pic->centre, pic->mid[sides[1]]);
      return;
    }
  for (guint i = 0; i < k && k > 2; i++)
    {
      move_to (&sp->path, pic->mid[sides[i]]);
      line_to (&sp->path, pic->centre);
    }
  if (k != 1)
    return;
  CarcPt m = pic->mid[sides[0]];
  move_to (&sp->path, m);
  switch (t->seg[s].road_end)
    {
      case CARC_ROAD_GATE:
        path_add (&sp->path, 'Q', pic->centre, city_core (pic, (guint)t->seg[s].gate));
        return;
      case CARC_ROAD_HOUSE:
      case CARC_ROAD_UNKNOWN:
      case CARC_WATER_SPRING:
      case CARC_WATER_LAKE:
        sp->end = lerp (m, pic->centre, t->seg[s].road_end == CARC_WATER_LAKE ? 0.7 : 0.6);
        sp->mark = t->seg[s].road_end == CARC_ROAD_HOUSE     ? CARC_MARK_HOUSE
                   : t->seg[s].road_end == CARC_ROAD_UNKNOWN ? CARC_MARK_DEAD_END
                   : t->seg[s].road_end == CARC_WATER_SPRING ? CARC_MARK_SPRING
                                                             : CARC_MARK_LAKE;
        line_to (&sp->path, sp->end);
        return;
      case CARC_ROAD_JUNCTION:
        pic->junction = TRUE;
        G_GNUC_FALLTHROUGH;
      default:
        line_to (&sp->path, pic->centre);
    }
}

/* What anchors keep away from: lines with a half width. */
typedef struct
{
  CarcPt a, b;
  double r;
} Obstacle;

typedef struct
{
  guint n;
  Obstacle o[MAX_OBSTACLES];
} Obstacles;

static void
add_obstacle (Obstacles *obs, CarcPt a, CarcPt b, double r)
{
  if (obs->n < MAX_OBSTACLES)
    obs->o[obs->n++] = (Obstacle){ a, b, r };
}

static void
add_path_obstacle (Obstacles *obs, const CarcPath *path, double r)
{
  CarcPt p[MAX_POLY];
  gboolean starts[MAX_POLY];
  guint n = carc_path_flatten (path, p, starts);
  for (guint i = 1; i < n; i++)
    if (!starts[i])
      add_obstacle (obs, p[i - 1], p[i], r);
}

static double
dist_to_line (CarcPt p, CarcPt a, CarcPt b)
{
  double dx = b.x - a.x, dy = b.y - a.y, len = dx * dx + dy * dy;
  double t = len > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / len : 0;
  t = CLAMP (t, 0, 1);
  return hypot (p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

static double
clearance (const Obstacles *obs, CarcPt p)
{
  double best = G_MAXDOUBLE;
  for (guint i = 0; i < obs->n; i++)
    best = MIN (best, dist_to_line (p, obs->o[i].a, obs->o[i].b) - obs->o[i].r);
  return best;
}

/* A grid of candidate points: where a segment's anchor may go. */
typedef struct
{
  gboolean ok[GRID][GRID];
} Mask;

static CarcPt
grid_pt (guint i, guint j)
{
  return pt (2 + (SIZE - 4) * i / (GRID - 1), 2 + (SIZE - 4) * j / (GRID - 1));
}

/* Even-odd: marks the grid points inside the area @path closes (@in TRUE), or clears those
 * inside it (@in FALSE). */
static void
mask_area (Mask *m, const CarcPath *path, gboolean in)
{
  g_autofree CarcPt *v = g_new (CarcPt, MAX_POLY);
  g_autofree gboolean *starts = g_new (gboolean, MAX_POLY);
  guint n = carc_path_flatten (path, v, starts);
  for (guint i = 0; i < GRID; i++)
    for (guint j = 0; j < GRID; j++)
      {
        CarcPt p = grid_pt (i, j);
        gboolean inside = FALSE;
        for (guint k = 1; k < n; k++)
          {
            CarcPt a = v[k - 1], b = v[k];
            if (!starts[k] && (a.y > p.y) != (b.y > p.y)
                && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y))
              inside = !inside;
          }
        if (in)
          m->ok[i][j] = inside;
        else if (inside)
          m->ok[i][j] = FALSE;
      }
}

/* The tile's own outline, as a path. */
static void
outline_path (const CarcTilePicture *pic, CarcPath *path)
{
  move_to (path, pic->corner[0]);
  for (guint i = 1; i < pic->n_corners; i++)
    line_to (path, pic->corner[i]);
  close_path (path);
}

/* Where segment @s's anchor may go: in its area, and for a field not under a city or the
 * cloister. */
static void
own_area_mask (const CarcTilePicture *pic, guint s, Mask *m)
{
  const CarcTileType *t = pic->type;
  mask_area (m, &pic->seg[s].path, TRUE);
  if (t->seg[s].kind != CARC_FEATURE_FIELD)
    return;
  for (guint i = 0; i < t->n_segments; i++)
    if (t->seg[i].kind == CARC_FEATURE_CITY || t->seg[i].kind == CARC_FEATURE_CLOISTER)
      mask_area (m, &pic->seg[i].path, FALSE);
}

/* The allowed point of the grid farthest from the obstacles. */
static CarcPt
best_spot (const CarcTilePicture *pic, const Obstacles *obs, const Mask *m)
{
  CarcPt best = pic->centre;
  double best_c = -G_MAXDOUBLE;
  for (guint i = 0; i < GRID; i++)
    for (guint j = 0; j < GRID; j++)
      {
        if (!m->ok[i][j])
          continue;
        double c = clearance (obs, grid_pt (i, j));
        if (c > best_c + 0.01)
          best_c = c, best = grid_pt (i, j);
      }
  return best;
}

/* The point at fraction @f of @path's length. */
static CarcPt
point_along (const CarcPath *path, double f)
{
  CarcPt v[MAX_POLY];
  gboolean starts[MAX_POLY];
  guint n = carc_path_flatten (path, v, starts);
  double total = 0, walked = 0;
  for (guint i = 1; i < n; i++)
    if (!starts[i])
      total += hypot (v[i].x - v[i - 1].x, v[i].y - v[i - 1].y);
  for (guint i = 1; i < n; i++)
    {
      if (starts[i])
        continue;
      double len = hypot (v[i].x - v[i - 1].x, v[i].y - v[i - 1].y);
      if (len > 0 && walked + len >= f * total)
        return lerp (v[i - 1], v[i], (f * total - walked) / len);
      walked += len;
    }
  return n ? v[0] : pt (0, 0);
}

/* Everything drawn on the tile except segment @s, and the anchors placed so far. */
static void
collect_obstacles (const CarcTilePicture *pic, gint s, const gboolean *placed, Obstacles *obs)
{
  const CarcTileType *t = pic->type;
  CarcPath outline = { 0 };
  outline_path (pic, &outline);
  add_path_obstacle (obs, &outline, 0);
  for (guint i = 0; i < t->n_segments; i++)
    {
      CarcFeatureKind k = t->seg[i].kind;
      if (placed[i])
        add_obstacle (obs, pic->seg[i].anchor, pic->seg[i].anchor, 9);
      if ((gint)i == s && k == CARC_FEATURE_FIELD)
        continue;
      if (k == CARC_FEATURE_ROAD || k == CARC_FEATURE_WATER)
        add_path_obstacle (obs, &pic->seg[i].path, k == CARC_FEATURE_ROAD ? 5 : 7);
      else if (k != CARC_FEATURE_FIELD)
        add_path_obstacle (obs, &pic->seg[i].path, 0);
    }
  if (pic->junction)
    add_obstacle (obs, pic->centre, pic->centre, 8);
  if (s < 0 || t->seg[s].kind != CARC_FEATURE_FIELD)
    return;
  /* A field keeps away from the sectors of other fields. */
  for (guint pos = 0; pos < 2 * pic->n_corners; pos++)
    {
      guint next = (pos + 1) % (2 * pic->n_corners);
      gboolean mine = sector_owner (pic, pos) == s, next_mine = sector_owner (pic, next) == s;
      if (mine != next_mine)
        add_obstacle (obs, pic->centre, next % 2 ? pic->mid[next / 2] : pic->corner[next / 2], 0);
    }
}

static void
place_line_anchor (CarcTilePicture *pic, guint s)
{
  const CarcTileType *t = pic->type;
  guint sides = __builtin_popcount (t->seg[s].location & (CARC_LOC_SIDES_MASK | CARC_LOC_LONG));
  double f = sides == 1 ? 0.4 : 0.5;
  if (sides == 2)
    for (guint i = 0; i < t->n_segments; i++)
      if (i != s && pic->seg[i].line)
        f = 0.25; /* something else crosses the centre */
  if (sides > 2)
    f = 0.25; /* the middle of the first arm */
  pic->seg[s].anchor = point_along (&pic->seg[s].path, f);
  /* Near the side: the far end may be under a city or the cloister. */
  pic->seg[s].deco = point_along (&pic->seg[s].path, sides == 2 ? 0.8 : 0.12);
}

static void
place_area_anchor (CarcTilePicture *pic, guint s, gboolean *placed)
{
  g_autofree Obstacles *obs = g_new0 (Obstacles, 1);
  g_autofree Mask *m = g_new0 (Mask, 1);
  collect_obstacles (pic, (gint)s, placed, obs);
  own_area_mask (pic, s, m);
  pic->seg[s].anchor = best_spot (pic, obs, m);
  placed[s] = TRUE;
  add_obstacle (obs, pic->seg[s].anchor, pic->seg[s].anchor, 9);
  pic->seg[s].deco = best_spot (pic, obs, m);
}

static void
place_anchors (CarcTilePicture *pic)
{
  const CarcTileType *t = pic->type;
  gboolean placed[CARC_MAX_SEGMENTS] = { FALSE };
  for (guint s = 0; s < t->n_segments; s++)
    if (pic->seg[s].line)
      place_line_anchor (pic, s), placed[s] = TRUE;
  for (guint s = 0; s < t->n_segments; s++)
    if (t->seg[s].kind == CARC_FEATURE_CLOISTER)
      {
        pic->seg[s].anchor = pic->centre;
        pic->seg[s].deco = pt (pic->centre.x, pic->centre.y + 20 * pic->scale);
        placed[s] = TRUE;
      }
  /* Cities first: fields are larger and find room around them. */
  static const CarcFeatureKind areas[] = { CARC_FEATURE_CITY, CARC_FEATURE_FIELD };
  for (guint k = 0; k < G_N_ELEMENTS (areas); k++)
    for (guint s = 0; s < t->n_segments; s++)
      if (t->seg[s].kind == areas[k] && !placed[s])
        place_area_anchor (pic, s, placed);
  g_autofree Obstacles *obs = g_new0 (Obstacles, 1);
  g_autofree Mask *m = g_new0 (Mask, 1);
  CarcPath outline = { 0 };
  outline_path (pic, &outline);
  mask_area (m, &outline, TRUE);
  collect_obstacles (pic, -1, placed, obs);
  pic->tag_spot = best_spot (pic, obs, m);
}

static void
shape_init (CarcTilePicture *pic)
{
  if (pic->type->shape == CARC_SHAPE_HALF)
    {
      /* The canonical triangular piece holds the north-east corner: N, E, then the long side. */
      pic->n_corners = 3;
      pic->corner[0] = pt (0, 0);
      pic->corner[1] = pt (SIZE, 0);
      pic->corner[2] = pt (SIZE, SIZE);
      pic->centre = pt (SIZE * 2 / 3, SIZE / 3);
      pic->scale = 0.7;
    }
  else
    {
      pic->n_corners = 4;
      pic->corner[0] = pt (0, 0);
      pic->corner[1] = pt (SIZE, 0);
      pic->corner[2] = pt (SIZE, SIZE);
      pic->corner[3] = pt (0, SIZE);
      pic->centre = pt (SIZE / 2, SIZE / 2);
      pic->scale = 1;
    }
  for (guint i = 0; i < pic->n_corners; i++)
    pic->mid[i] = lerp (pic->corner[i], pic->corner[(i + 1) % pic->n_corners], 0.5);
}

/* Works out the picture of @type in its canonical orientation. */
void
carc_tile_picture_init (CarcTilePicture *pic, const CarcTileType *type)
{
  memset (pic, 0, sizeof *pic);
  pic->type = type;
  shape_init (pic);
  for (guint s = 0; s < type->n_segments; s++)
    switch (type->seg[s].kind)
      {
        case CARC_FEATURE_CITY:
          city_path (pic, s);
          break;
        case CARC_FEATURE_CLOISTER:
          cloister_path (pic, s);
          break;
        case CARC_FEATURE_ROAD:
        case CARC_FEATURE_WATER:
          break;
        case CARC_FEATURE_FIELD:
        default:
          for (guint pos = 0; pos < 2 * pic->n_corners; pos++)
            if (sector_owner (pic, pos) == (gint)s)
              sector_path (&pic->seg[s].path, pic, pos);
          break;
      }
  /* Inner fields own no sector when every city side has a field across its corner: then the
   * centre is theirs. */
  for (guint s = 0; s < type->n_segments; s++)
    if (type->seg[s].kind == CARC_FEATURE_FIELD && pic->seg[s].path.n == 0)
      {
        CarcPath *path = &pic->seg[s].path;
        for (guint i = 0; i < pic->n_corners; i++)
          (i ? line_to : move_to) (path, lerp (pic->centre, pic->corner[i], 0.3));
        close_path (path);
      }
  /* Lines last: gate roads lead into their city. */
  for (guint s = 0; s < type->n_segments; s++)
    if (type->seg[s].kind == CARC_FEATURE_ROAD || type->seg[s].kind == CARC_FEATURE_WATER)
      line_path (pic, s);
  place_anchors (pic);
}

const CarcTilePicture *
carc_tile_picture_of (const CarcTileType *type)
{
  CarcTileType *t = (CarcTileType *)type; /* the picture is a cache: the type stays the same */
  CarcTilePicture *pic = g_atomic_pointer_get (&t->picture);
  if (pic)
    return pic;
  pic = g_new (CarcTilePicture, 1);
  carc_tile_picture_init (pic, type);
  if (!g_atomic_pointer_compare_and_exchange (&t->picture, NULL, pic))
    {
      g_free (pic);
      pic = g_atomic_pointer_get (&t->picture);
    }
  return pic;
}
