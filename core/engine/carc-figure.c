/* carc-figure.c: figure kinds (doc/engine-model.md, "Figures"): those a plugin declares, a
 * game's registry of kinds (the core's follower first, then its expansions'), and each
 * player's supply of each kind. Deploying and returning figures: carc-game.c, carc-score.c. */
#include "config.h"

#include <string.h>
#include "carc-error.h"
#include "carc-game-private.h"

/* The core's kind: strength 1, anywhere (fields only with farmers); its supply is the
 * config's followers. */
static const CarcFigureDef follower
    = { .name = "follower", .supply = 7, .stands = CARC_STANDS_ANYWHERE, .strength = 1 };

/* Every figure name some plugin of this process declared: a record or a journal may name
 * only those (carc_figure_name_lookup()), and the set cannot be grown from outside. */
static CarcNameSet declared;

/* The follower's interned name, interned once: every game names its kinds, and a lookup takes
 * a lock and a hash. */
static const char *
follower_name (void)
{
  static gsize name = 0;
  if (g_once_init_enter (&name))
    g_once_init_leave (&name, (gsize)g_intern_static_string (follower.name));
  return (const char *)name;
}

/* A name a plugin declares (a figure kind, a move type): 1-32 lower-case letters, digits or
 * '-'. */
gboolean
carc_declared_name_is_valid (const char *name)
{
  gsize len = strlen (name);
  if (len == 0 || len > 32)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (!g_ascii_islower (name[i]) && !g_ascii_isdigit (name[i]) && name[i] != '-')
      return FALSE;
  return TRUE;
}

/* Adds @name to @set; returns it interned. */
const char *
carc_name_set_add (CarcNameSet *set, const char *name)
{
  const char *interned = g_intern_string (name);
  g_mutex_lock (&set->lock);
  if (!set->names)
    set->names = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_add (set->names, (gpointer)interned);
  g_mutex_unlock (&set->lock);
  return interned;
}

/* The interned @name if @set has it, or NULL. */
const char *
carc_name_set_lookup (CarcNameSet *set, const char *name)
{
  g_mutex_lock (&set->lock);
  const char *found = set->names ? g_hash_table_lookup (set->names, name) : NULL;
  g_mutex_unlock (&set->lock);
  return found;
}

/* The interned name of a declared figure kind called @name ("follower" included), or NULL. */
const char *
carc_figure_name_lookup (const char *name)
{
  if (strcmp (name, follower.name) == 0)
    return follower_name ();
  return carc_name_set_lookup (&declared, name);
}

/**
 * carc_plugin_add_figure: (skip)
 * @plugin: the plugin being initialised
 * @figure: a figure kind (copied; its name must be static)
 *
 * Declares a kind of figure the plugin's games have (doc/plugin-guide.md, "Figures"): every
 * game that names the expansion gets it, each player with @figure->supply of it unless the
 * setup hook says otherwise (carc_setup_set_supply()). Declared at init, not in setup, so
 * that records and journals naming it can be read before any game exists. A bad name is a
 * bug, refused with a critical warning.
 */
void
carc_plugin_add_figure (CarcPlugin *plugin, const CarcFigureDef *figure)
{
  g_return_if_fail (plugin != NULL);
  g_return_if_fail (figure != NULL && figure->name != NULL);
  g_return_if_fail (carc_declared_name_is_valid (figure->name));
  g_return_if_fail (strcmp (figure->name, follower.name) != 0);
  g_return_if_fail (figure->supply <= 255);
  g_return_if_fail (figure->stands != 0
                    && (figure->stands & ~(CARC_STANDS_ANYWHERE | CARC_STANDS_CORNER)) == 0);
  CarcFigureDef def = *figure;
  def.name = carc_name_set_add (&declared, figure->name);
  g_array_append_val (plugin->figures, def);
}

/**
 * carc_plugin_get_n_figures:
 *
 * Returns: how many figure kinds the plugin declares (carc_plugin_add_figure())
 */
guint
carc_plugin_get_n_figures (CarcPlugin *plugin)
{
  g_return_val_if_fail (plugin != NULL, 0);
  return plugin->figures->len;
}

/**
 * carc_plugin_get_figure_name:
 *
 * Returns: (nullable): the name of the plugin's figure kind @index, or %NULL
 */
const char *
carc_plugin_get_figure_name (CarcPlugin *plugin, guint index)
{
  g_return_val_if_fail (plugin != NULL, NULL);
  return index < plugin->figures->len ? g_array_index (plugin->figures, CarcFigureDef, index).name
                                      : NULL;
}

/**
 * carc_plugin_get_figure_supply:
 *
 * Returns: how many of the plugin's figure kind @index each player starts with unless the
 *   setup hook says otherwise; 0 for no such kind
 */
guint
carc_plugin_get_figure_supply (CarcPlugin *plugin, guint index)
{
  g_return_val_if_fail (plugin != NULL, 0);
  return index < plugin->figures->len ? g_array_index (plugin->figures, CarcFigureDef, index).supply
                                      : 0;
}

static gboolean
add_kind (CarcGame *g, const CarcFigureDef *def, gint exp, guint supply, GError **error)
{
  for (guint k = 0; k < g->n_figures; k++)
    if (strcmp (g->figures[k].name, def->name) == 0)
      {
        g_set_error (
            error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
            "expansion %s: figure '%s' is already %s's", g->exp[exp].plugin->desc->name, def->name,
            g->figures[k].exp < 0 ? "the core" : g->exp[g->figures[k].exp].plugin->desc->name);
        return FALSE;
      }
  if (g->n_figures == CARC_MAX_FIGURES)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "expansion %s: a game has at most %d figure kinds",
                   g->exp[exp].plugin->desc->name, CARC_MAX_FIGURES);
      return FALSE;
    }
  guint32 stands = def->stands;
  if (!g->config->rules[CARC_RULE_FARMERS])
    stands &= ~(CARC_STANDS_ON (CARC_FEATURE_FIELD) | CARC_STANDS_CORNER);
  g->figures[g->n_figures] = (CarcGameFigure){ .def = def,
                                               /* a plugin's names are interned already */
                                               .name = exp < 0 ? follower_name () : def->name,
                                               .strength_func = def->strength_func,
                                               .strength = def->strength,
                                               .accompanies = def->accompanies,
                                               .stands = stands,
                                               .exp = exp };
  for (guint p = 0; p < g->n_players; p++)
    g->supply[g->n_figures][p] = supply;
  g->n_figures++;
  g->companions |= def->accompanies;
  return TRUE;
}

/* The game's figure kinds: the follower, then each expansion's (g->exp is set, its setup
 * hooks have not run: they may change the supplies). */
gboolean
carc_game_add_figures (CarcGame *g, GError **error)
{
  g->n_figures = 0;
  add_kind (g, &follower, -1, g->config->followers, NULL);
  for (guint i = 0; i < g->n_exp; i++)
    {
      GArray *defs = g->exp[i].plugin->figures;
      for (guint k = 0; k < defs->len; k++)
        {
          const CarcFigureDef *def = &g_array_index (defs, CarcFigureDef, k);
          if (!add_kind (g, def, (gint)i, def->supply, error))
            return FALSE;
        }
    }
  return TRUE; /* the room for their deployments comes with the game's block */
}

/* Whether @player has a figure that holds the feature at @root (not one that goes along). */
gboolean
carc_game_holds (CarcGame *g, gint root, guint player)
{
  /* the root counts the feature's holding figures: a feature nobody holds needs no walk */
  if (g->features.segs[root].followers == 0)
    return FALSE;
  for (guint i = 0; i < g->n_followers; i++)
    {
      const CarcFollower *fw = &g->followers[i];
      if (fw->active && fw->player == player && !g->figures[fw->figure].accompanies
          && carc_features_find (&g->features, fw->seg) == root)
        return TRUE;
    }
  return FALSE;
}

/**
 * carc_setup_set_supply: (skip)
 * @setup: the game being set up
 * @figure: a figure kind of the game ("follower" or an expansion's)
 * @player: a player
 * @supply: how many of them @player starts with, at most 255
 *
 * Changes a player's supply of a kind from its default (#CarcFigureDef.supply; for the
 * follower, the config's followers). A kind the game does not have is a bug, refused with a
 * critical warning.
 */
void
carc_setup_set_supply (CarcSetup *setup, const char *figure, guint player, guint supply)
{
  g_return_if_fail (setup != NULL);
  g_return_if_fail (figure != NULL);
  CarcGame *g = setup->game;
  g_return_if_fail (player < g->n_players);
  g_return_if_fail (supply <= 255);
  gint k = carc_game_find_figure (g, figure);
  g_return_if_fail (k >= 0);
  g->supply[k][player] = supply;
}

/**
 * carc_game_get_n_figures:
 * @self: a game
 *
 * Returns: how many figure kinds the game has: the follower (kind 0) and its expansions'
 */
guint
carc_game_get_n_figures (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  return self->n_figures;
}

/**
 * carc_game_get_figure_name:
 * @self: a game
 * @figure: a figure kind, 0 .. carc_game_get_n_figures() - 1
 *
 * Returns: (nullable): the kind's name ("follower", "large-follower"), a static string;
 *   %NULL for a kind the game does not have
 */
const char *
carc_game_get_figure_name (CarcGame *self, guint figure)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  return figure < self->n_figures ? self->figures[figure].name : NULL;
}

/**
 * carc_game_find_figure:
 * @self: a game
 * @name: a figure kind's name
 *
 * Returns: the kind called @name (for carc_game_deploy()), or -1 if the game has none
 */
gint
carc_game_find_figure (CarcGame *self, const char *name)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), -1);
  g_return_val_if_fail (name != NULL, -1);
  for (guint k = 0; k < self->n_figures; k++)
    if (strcmp (self->figures[k].name, name) == 0)
      return (gint)k;
  return -1;
}

/**
 * carc_game_get_figure_supply:
 * @self: a game
 * @figure: a figure kind
 * @player: a player
 *
 * Returns: how many figures of that kind @player has in the supply; 0 for a kind or a
 *   player the game does not have
 */
guint
carc_game_get_figure_supply (CarcGame *self, guint figure, guint player)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  return figure < self->n_figures && player < self->n_players ? self->supply[figure][player] : 0;
}

/* The two half-edges that meet at corner @c of a cell (0 NW, 1 NE, 2 SE, 3 SW): NW is WNW and
 * NNW, NE is NNE and ENE, and so on clockwise. */
static guint32
corner_halves (guint c)
{
  return CARC_LOC_HALF ((2 * c + 7) % 8) | CARC_LOC_HALF (2 * c);
}

/* The board index of the field segment of a piece in cell (x, y) that holds the board
 * half-edge @half, and that piece (*@piece), or -1. */
static gint
field_at_half (CarcGame *g, gint x, gint y, guint32 half, guint *piece)
{
  const CarcCell *c = carc_board_cell (&g->board, x, y);
  for (guint k = 0; c && k < 2 && c->piece[k]; k++)
    {
      guint index = c->piece[k] - 1u;
      const CarcPiece *p = &g->pieces[index];
      for (guint s = 0; s < p->type->n_segments; s++)
        if (p->type->seg[s].kind == CARC_FEATURE_FIELD
            && (p->type->seg[s].turned[p->rotation] & half))
          {
            *piece = index;
            return (gint)(p->seg_base + s);
          }
    }
  return -1;
}

/* Whether cell (x, y) is completely filled with field at its corner @c: both half-edges that
 * meet there are field of one field segment (a whole tile, a triangular piece's right-angle
 * corner), or of the two halves of the cell joined into one field there (seed 002, 1/2021); a
 * single triangular piece's acute corner is a gap. */
static gboolean
full_field_corner (CarcGame *g, gint x, gint y, guint c)
{
  guint pa = 0, pb = 0;
  gint a = field_at_half (g, x, y, CARC_LOC_HALF ((2 * c + 7) % 8), &pa);
  gint b = field_at_half (g, x, y, CARC_LOC_HALF (2 * c), &pb);
  if (a < 0 || b < 0)
    return FALSE;
  return a == b
         || (pa != pb
             && carc_features_find (&g->features, a) == carc_features_find (&g->features, b));
}

/* Whether the three other cells at corner @c of piece @p's cell hold a piece: the diagonal
 * cell and the two beside it (corners 0..3: NW, NE, SE, SW). @cell is that cell if it holds a
 * piece: the eight around it are then in the grid (carc_board_put() made room around it, and
 * the grid only grows), read at fixed offsets as carc_game_cloister_neighbours() does. */
static inline gboolean
corner_occupied (CarcGame *g, const CarcPiece *p, const CarcCell *cell, guint c)
{
  gint dx = c == 1 || c == 2 ? 1 : -1, dy = c >= 2 ? 1 : -1;
  const CarcBoard *b = &g->board;
  if (G_LIKELY (cell))
    {
      const CarcCell *row = cell + dy * (gint)b->w;
      return cell[dx].piece[0] && row[0].piece[0] && row[dx].piece[0];
    }
  const CarcCell *diagonal = carc_board_cell (b, p->x + dx, p->y + dy);
  const CarcCell *across = carc_board_cell (b, p->x + dx, p->y);
  const CarcCell *above = carc_board_cell (b, p->x, p->y + dy);
  return diagonal && diagonal->piece[0] && across && across->piece[0] && above && above->piece[0];
}

/* Whether @segment of piece @p is a field segment at one of the piece's corners where four
 * cells meet and each is completely filled with field there (CARC_STANDS_CORNER): the
 * segment touches that corner and, in its own cell, is that field. */
gboolean
carc_game_at_corner (CarcGame *g, const CarcPiece *p, guint segment)
{
  /* The three other cells at corner c, and the corner of theirs that lies there. */
  static const gint dx[4][3] = { { -1, 0, -1 }, { 1, 0, 1 }, { 1, 0, 1 }, { -1, 0, -1 } };
  static const gint dy[4][3] = { { 0, -1, -1 }, { 0, -1, -1 }, { 0, 1, 1 }, { 0, 1, 1 } };
  static const guint their[4][3] = { { 1, 3, 2 }, { 0, 2, 3 }, { 3, 1, 0 }, { 2, 0, 1 } };
  const CarcSegmentDef *d = &p->type->seg[segment];
  if (d->kind != CARC_FEATURE_FIELD)
    return FALSE;
  guint32 turned = d->turned[p->rotation];
  const CarcCell *cell = carc_board_cell (&g->board, p->x, p->y);
  if (cell && !cell->piece[0])
    cell = NULL;
  for (guint c = 0; c < 4; c++)
    {
      /* an empty cell at the corner (most often) fills nothing: no field lookup then */
      if (!(turned & corner_halves (c)) || !corner_occupied (g, p, cell, c)
          || !full_field_corner (g, p->x, p->y, c))
        continue;
      gboolean full = TRUE;
      for (guint i = 0; i < 3 && full; i++)
        full = full_field_corner (g, p->x + dx[c][i], p->y + dy[c][i], their[c][i]);
      if (full)
        return TRUE;
    }
  return FALSE;
}

/* Counts a figure arriving to hold the cloister segment @seg, and keeps its cell
 * (CarcGame.monk_cells). */
static void
monk_arrives (CarcGame *g, gint seg)
{
  if (g->monks_out < CARC_MONK_CELLS)
    {
      const CarcPiece *p = &g->pieces[g->features.segs[seg].piece];
      g->monk_cells[g->monks_out][0] = p->x;
      g->monk_cells[g->monks_out][1] = p->y;
    }
  else
    g->monk_cells_lost = TRUE;
  g->monks_out++;
}

/* Puts one of @player's figures of kind @figure (taken from its supply) on the segment @seg
 * (a board index) and reports it. */
void
carc_game_add_follower (CarcGame *g, guint player, guint figure, gint seg)
{
  if (g->n_followers == g->cap_followers)
    {
      g->cap_followers *= 2;
      g->followers = carc_game_regrow (g, g->followers, g->n_followers, g->cap_followers,
                                       sizeof (CarcFollower));
    }
  CarcFollower *fw = &g->followers[g->n_followers++];
  gboolean holds = !g->figures[figure].accompanies;
  *fw = (CarcFollower){ .player = (guint8)player,
                        .figure = (guint8)figure,
                        .monk = holds && g->features.segs[seg].kind == CARC_FEATURE_CLOISTER,
                        .active = TRUE,
                        .seg = seg };
  g->supply[figure][player]--;
  if (holds)
    {
      g->features.segs[carc_features_find (&g->features, seg)].followers++;
      if (fw->monk)
        monk_arrives (g, seg);
    }
  if (carc_game_wants_events (g))
    carc_game_emit_figure (g, CARC_EVENT_FOLLOWER_DEPLOYED, fw);
}

/**
 * carc_game_put_figure: (skip)
 * @self: a game
 * @player: the figure's owner
 * @figure: its kind (carc_game_find_figure())
 * @piece: a piece on the board (carc_game_get_piece())
 * @segment: a segment of that piece's tile
 * @error: return location for a #CarcError
 *
 * From a plugin move's apply hook (ABI 2.1): puts one of @player's figures of kind @figure,
 * from its supply, on @segment of @piece, wherever that piece lies (a figure that moves on,
 * doc/plugin-guide.md, "Figures"), and reports a FOLLOWER_DEPLOYED event. The engine checks
 * the supply and that the kind stands on that segment's kind; whether the feature may take
 * it (held, complete...) is the caller's rule. A holding figure makes its feature held.
 *
 * Returns: %TRUE on success; on failure (CARC_ERROR_INVALID_ARGUMENT for a bad player, kind,
 *   piece or segment, CARC_ERROR_NO_FOLLOWER for an empty supply,
 *   CARC_ERROR_ILLEGAL_DEPLOYMENT for a segment kind it does not stand on) nothing changed
 */
gboolean
carc_game_put_figure (CarcGame *self, guint player, guint figure, guint piece, guint segment,
                      GError **error)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  if (player >= self->n_players || figure >= self->n_figures || piece >= self->n_pieces
      || segment >= self->pieces[piece].type->n_segments)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "no player %u, figure kind %u or segment %u of piece %u", player, figure,
                   segment, piece);
      return FALSE;
    }
  const CarcGameFigure *k = &self->figures[figure];
  if (self->supply[figure][player] == 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_NO_FOLLOWER, "player %u has no %s in the supply",
                   player, k->name);
      return FALSE;
    }
  CarcFeatureKind kind = self->pieces[piece].type->seg[segment].kind;
  if (!((k->stands >> kind) & 1))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT, "a %s cannot stand on a %s",
                   k->name, carc_feature_kind_to_string (kind));
      return FALSE;
    }
  carc_game_add_follower (self, player, figure, (gint)(self->pieces[piece].seg_base + segment));
  return TRUE;
}

/**
 * carc_game_return_figure: (skip)
 * @self: a game
 * @index: a figure on the board, 0 .. carc_game_get_n_followers() - 1
 *
 * From the turn_scored hook or a plugin move's apply hook (ABI 2.1): sends that figure back
 * to its kind's supply (a field's farmers after an expansion scored it) and reports a
 * FOLLOWER_RETURNED event. The indices of the figures after it move down by one.
 *
 * Returns: %TRUE if @index named a figure on the board
 */
gboolean
carc_game_return_figure (CarcGame *self, guint index)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  for (guint i = 0; i < self->n_followers; i++)
    {
      CarcFollower *fw = &self->followers[i];
      if (!fw->active || index-- > 0)
        continue;
      carc_score_return_follower (self, fw);
      return TRUE;
    }
  return FALSE;
}
