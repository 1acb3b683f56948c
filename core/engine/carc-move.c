/* carc-move.c: moves as data (doc/engine-model.md, "Moves"): the legal-move list, the one
 * apply, the move types plugins register and the phases they hold. The built-in moves are
 * made by their own functions in carc-game.c. */
#include "config.h"

#include <string.h>
#include "carc-enum-types.h"
#include "carc-error.h"
#include "carc-game-private.h"

/* Every plugin move name some plugin of this process declared, interned: a record or a
 * journal may name only those, as with figure names (carc-figure.c). */
static CarcNameSet declared;

static const struct
{
  const char *key;
  guint param;
  const GVariantType *type;
} arg_keys[] = {
  { "x", CARC_MOVE_PARAM_X, G_VARIANT_TYPE_INT32 },
  { "y", CARC_MOVE_PARAM_Y, G_VARIANT_TYPE_INT32 },
  { "rotation", CARC_MOVE_PARAM_ROTATION, G_VARIANT_TYPE_UINT32 },
  { "segment", CARC_MOVE_PARAM_SEGMENT, G_VARIANT_TYPE_UINT32 },
  { "piece", CARC_MOVE_PARAM_PIECE, G_VARIANT_TYPE_UINT32 },
  { "figure", CARC_MOVE_PARAM_FIGURE, G_VARIANT_TYPE_STRING },
  { "tile", CARC_MOVE_PARAM_TILE, G_VARIANT_TYPE_STRING },
};

#define PLACING (CARC_MOVE_PARAM_X | CARC_MOVE_PARAM_Y | CARC_MOVE_PARAM_ROTATION)

/* The parameters of built-in move @type: those it needs, and those it may carry. */
static guint
builtin_params (CarcMoveType type, guint *optional)
{
  *optional = 0;
  switch (type)
    {
      case CARC_MOVE_PLACE:
        return PLACING;
      case CARC_MOVE_DEPLOY:
        *optional = CARC_MOVE_PARAM_FIGURE;
        return CARC_MOVE_PARAM_SEGMENT;
      case CARC_MOVE_PLACE_PIECE:
        return PLACING | CARC_MOVE_PARAM_PIECE;
      case CARC_MOVE_SKIP:
      case CARC_MOVE_DRAW:
      case CARC_MOVE_PASS:
      case CARC_MOVE_PLUGIN:
        break;
    }
  return 0;
}

static gboolean
move_name_is_valid (const char *name)
{
  if (!carc_declared_name_is_valid (name))
    return FALSE;
  GEnumClass *klass = g_type_class_ref (CARC_TYPE_MOVE_TYPE);
  gboolean builtin = g_enum_get_value_by_nick (klass, name) != NULL;
  g_type_class_unref (klass);
  return !builtin;
}

/* The interned name of a declared plugin move type called @name, or NULL. */
const char *
carc_move_name_lookup (const char *name)
{
  return carc_name_set_lookup (&declared, name);
}

/**
 * carc_plugin_add_move: (skip)
 * @plugin: the plugin being initialised
 * @move: a move type (copied; its name must be static)
 *
 * Declares a move type the plugin's games have (doc/plugin-guide.md, "Moves"): its list hook
 * offers its legal moves (carc_game_list_moves()), its apply hook makes one
 * (carc_game_apply_move()). Declared at init so that records and journals naming it can be
 * read before any game exists. A bad name (or a built-in move's) is a bug, refused with a
 * critical warning.
 */
void
carc_plugin_add_move (CarcPlugin *plugin, const CarcMoveDef *move)
{
  g_return_if_fail (plugin != NULL);
  g_return_if_fail (move != NULL && move->name != NULL && move->list && move->apply);
  g_return_if_fail (move_name_is_valid (move->name));
  g_return_if_fail ((move->params & ~0x7fu) == 0 && (move->optional & ~0x7fu) == 0);
  g_return_if_fail ((move->params & move->optional) == 0);
  CarcMoveDef def = *move;
  def.name = carc_name_set_add (&declared, move->name);
  g_array_append_val (plugin->moves, def);
}

/**
 * carc_move_get_name:
 * @move: a move
 *
 * Returns: its type's name: "place", "deploy", "skip", "draw", "place-piece", "pass", or a
 *   plugin move type's
 */
const char *
carc_move_get_name (const CarcMove *move)
{
  g_return_val_if_fail (move != NULL, NULL);
  if (move->type == CARC_MOVE_PLUGIN)
    return move->name;
  GEnumClass *klass = g_type_class_ref (CARC_TYPE_MOVE_TYPE);
  GEnumValue *v = g_enum_get_value (klass, (gint)move->type);
  g_type_class_unref (klass);
  return v ? v->value_nick : NULL;
}

/**
 * carc_move_get_params:
 * @move: a move
 *
 * Returns: the parameters it carries (#CarcMoveParams bits): a deploy's figure when it
 *   names one, a plugin move's @params
 */
guint
carc_move_get_params (const CarcMove *move)
{
  g_return_val_if_fail (move != NULL, 0);
  if (move->type == CARC_MOVE_PLUGIN)
    return move->params;
  guint optional;
  guint params = builtin_params (move->type, &optional);
  return params | (move->figure ? (optional & CARC_MOVE_PARAM_FIGURE) : 0);
}

/**
 * carc_move_to_args:
 * @move: a move
 *
 * Its parameters as a dictionary, the D-Bus form (doc/dbus-game.md, "Moves"): "x", "y"
 * (int32), "rotation", "segment", "piece" (uint32), "figure", "tile" (string), those it
 * carries.
 *
 * Returns: (transfer floating): an a{sv}
 */
GVariant *
carc_move_to_args (const CarcMove *move)
{
  g_return_val_if_fail (move != NULL, NULL);
  guint params = carc_move_get_params (move);
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  const guint values[] = { 0, 0, move->rotation, move->segment, move->piece };
  for (guint i = 0; i < G_N_ELEMENTS (arg_keys); i++)
    {
      if (!(params & arg_keys[i].param))
        continue;
      GVariant *v;
      if (i == 0 || i == 1)
        v = g_variant_new_int32 (i == 0 ? move->x : move->y);
      else if (i < G_N_ELEMENTS (values))
        v = g_variant_new_uint32 (values[i]);
      else if (arg_keys[i].param == CARC_MOVE_PARAM_TILE)
        v = g_variant_new_string (move->tile ? move->tile : "");
      else
        v = g_variant_new_string (move->figure ? move->figure : "follower");
      g_variant_builder_add (&b, "{sv}", arg_keys[i].key, v);
    }
  return g_variant_builder_end (&b);
}

static gboolean
read_arg (CarcMove *m, const char *key, GVariant *value, guint *params, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (arg_keys); i++)
    {
      if (strcmp (key, arg_keys[i].key) != 0)
        continue;
      if (!g_variant_is_of_type (value, arg_keys[i].type))
        {
          g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                       "move argument '%s' must be of type %s, not %s", key,
                       (const char *)arg_keys[i].type, g_variant_get_type_string (value));
          return FALSE;
        }
      *params |= arg_keys[i].param;
      switch (arg_keys[i].param)
        {
          case CARC_MOVE_PARAM_X:
            m->x = g_variant_get_int32 (value);
            break;
          case CARC_MOVE_PARAM_Y:
            m->y = g_variant_get_int32 (value);
            break;
          case CARC_MOVE_PARAM_ROTATION:
            m->rotation = g_variant_get_uint32 (value);
            break;
          case CARC_MOVE_PARAM_SEGMENT:
            m->segment = g_variant_get_uint32 (value);
            break;
          case CARC_MOVE_PARAM_PIECE:
            m->piece = g_variant_get_uint32 (value);
            break;
          case CARC_MOVE_PARAM_TILE:
            m->tile = carc_tile_id_lookup (g_variant_get_string (value, NULL));
            if (!m->tile)
              {
                g_set_error (error, CARC_ERROR, CARC_ERROR_UNKNOWN_TILE,
                             "no loaded tile set has a tile '%.*s'",
                             carc_utf8_cut (g_variant_get_string (value, NULL), 64),
                             g_variant_get_string (value, NULL));
                return FALSE;
              }
            break;
          default:
            m->figure = carc_figure_name_lookup (g_variant_get_string (value, NULL));
            if (!m->figure)
              {
                g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT,
                             "no loaded expansion has a figure '%.*s'",
                             carc_utf8_cut (g_variant_get_string (value, NULL), 32),
                             g_variant_get_string (value, NULL));
                return FALSE;
              }
            if (strcmp (m->figure, "follower") == 0)
              m->figure = NULL;
        }
      return TRUE;
    }
  g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "no move takes an argument '%.*s'",
               carc_utf8_cut (key, 32), key);
  return FALSE;
}

/* Whether a built-in move carries the parameters its type needs, and no others. */
static gboolean
check_builtin_args (const CarcMove *m, const char *name, guint params, GError **error)
{
  guint optional;
  guint needed = builtin_params (m->type, &optional);
  for (guint i = 0; i < G_N_ELEMENTS (arg_keys); i++)
    {
      guint p = arg_keys[i].param;
      if ((needed & p) && !(params & p))
        g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "a %s move needs '%s'", name,
                     arg_keys[i].key);
      else if ((params & p) && !((needed | optional) & p))
        g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "a %s move takes no '%s'",
                     name, arg_keys[i].key);
      else
        continue;
      return FALSE;
    }
  return TRUE;
}

/**
 * carc_move_init_from_args:
 * @move: (out caller-allocates): the move
 * @name: its type's name (carc_move_get_name())
 * @args: (nullable): an a{sv} of its parameters (carc_move_to_args()); %NULL for none
 * @error: return location for a #CarcError
 *
 * Builds a move from its name and arguments, as D-Bus clients send it. A name that is
 * neither built in nor a loaded plugin's move type is CARC_ERROR_ILLEGAL_MOVE; an unknown
 * argument, one of the wrong type, a missing or extra one of a built-in move is
 * CARC_ERROR_INVALID_ARGUMENT. Whether a plugin move's arguments fit its type, and whether
 * the move is legal, carc_game_apply_move() says.
 *
 * Returns: %TRUE on success
 */
gboolean
carc_move_init_from_args (CarcMove *move, const char *name, GVariant *args, GError **error)
{
  g_return_val_if_fail (move != NULL && name != NULL, FALSE);
  g_return_val_if_fail (args == NULL || g_variant_is_of_type (args, G_VARIANT_TYPE_VARDICT), FALSE);
  CarcMove m = { 0 };
  GEnumClass *klass = g_type_class_ref (CARC_TYPE_MOVE_TYPE);
  GEnumValue *v = g_enum_get_value_by_nick (klass, name);
  g_type_class_unref (klass);
  if (v && v->value != CARC_MOVE_PLUGIN)
    m.type = (CarcMoveType)v->value;
  else if ((m.name = carc_move_name_lookup (name)))
    m.type = CARC_MOVE_PLUGIN;
  else
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE, "'%.*s' is not a move",
                   carc_utf8_cut (name, 32), name);
      return FALSE;
    }
  guint params = 0;
  GVariantIter iter;
  const char *key;
  GVariant *value;
  if (args)
    {
      g_variant_iter_init (&iter, args);
      while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
        {
          gboolean ok = read_arg (&m, key, value, &params, error);
          g_variant_unref (value);
          if (!ok)
            return FALSE;
        }
    }
  if (m.type != CARC_MOVE_PLUGIN && !check_builtin_args (&m, name, params, error))
    return FALSE;
  m.params = m.type == CARC_MOVE_PLUGIN ? params : 0;
  *move = m;
  return TRUE;
}

/**
 * carc_move_list_add: (skip)
 * @moves: what a list hook was given
 * @move: a legal move (copied): its @name and @params as its type's; a @tile it names must
 *   be the id of a tile of the game (carc_tile_type_get_id())
 *
 * Offers a plugin move from a #CarcMoveListFunc.
 */
void
carc_move_list_add (GPtrArray *moves, const CarcMove *move)
{
  g_return_if_fail (moves != NULL && move != NULL && move->name != NULL);
  const char *tile = move->tile ? carc_tile_id_lookup (move->tile) : NULL;
  g_return_if_fail (tile != NULL || move->tile == NULL);
  CarcMove *m = carc_move_copy (move);
  m->type = CARC_MOVE_PLUGIN;
  m->name = g_intern_string (move->name);
  m->tile = tile;
  g_ptr_array_add (moves, m);
}

static void
add (GArray *moves, CarcMove m)
{
  g_array_append_val (moves, m);
}

/* The @n placements @p as moves, written in place at the end of @moves (one append a move
 * cost the bots' playouts, which list every move every turn, a fifth of their time). */
static void
list_placements (GArray *moves, CarcMoveType type, guint piece, const CarcPlacement *p, guint n)
{
  guint at = moves->len;
  g_array_set_size (moves, at + n);
  CarcMove *m = &g_array_index (moves, CarcMove, at);
  for (guint i = 0; i < n; i++)
    m[i] = (CarcMove){
      .type = type, .x = p[i].x, .y = p[i].y, .rotation = p[i].rotation, .piece = piece
    };
}

/* The built-in moves legal in the phase now. */
static void
list_builtin (CarcGame *g, GArray *moves)
{
  guint n;
  const CarcPlacement *pl;
  switch (g->phase)
    {
      case CARC_PHASE_PLACE:
        pl = carc_game_get_placements (g, &n);
        list_placements (moves, CARC_MOVE_PLACE, 0, pl, n);
        break;
      case CARC_PHASE_DEPLOY:
        {
          const CarcDeployment *d = carc_game_get_deployments (g, &n);
          for (guint i = 0; i < n; i++)
            add (moves, (CarcMove){ .type = CARC_MOVE_DEPLOY,
                                    .segment = d[i].segment,
                                    .figure = g->figures[d[i].figure].name });
          add (moves, (CarcMove){ .type = CARC_MOVE_SKIP });
          break;
        }
      case CARC_PHASE_CHOOSE:
        if (g->can_draw)
          add (moves, (CarcMove){ .type = CARC_MOVE_DRAW });
        for (guint h = 0; h < g->hand[g->current].len; h++)
          {
            pl = carc_game_get_piece_placements (g, h, &n);
            list_placements (moves, CARC_MOVE_PLACE_PIECE, h, pl, n);
          }
        if (g->can_pass)
          add (moves, (CarcMove){ .type = CARC_MOVE_PASS });
        break;
      case CARC_PHASE_OVER:
      case CARC_PHASE_PLUGIN:
        break;
    }
}

/* Expansion @e's moves, through its list hooks (which add copies to a GPtrArray). */
static void
list_plugin (CarcGame *g, guint e, guint player, GArray *moves)
{
  GArray *defs = g->exp[e].plugin->moves;
  if (defs->len == 0)
    return;
  g_autoptr (GPtrArray) listed = g_ptr_array_new_with_free_func ((GDestroyNotify)carc_move_free);
  for (guint i = 0; i < defs->len; i++)
    {
      const CarcMoveDef *d = &g_array_index (defs, CarcMoveDef, i);
      d->list (g, g->exp[e].data, player, listed);
    }
  for (guint i = 0; i < listed->len; i++)
    g_array_append_vals (moves, listed->pdata[i], 1);
}

/* carc_game_list_moves() into @moves (CarcMove, emptied first), without an allocation per
 * move: for the bots' playouts. */
void
carc_game_collect_moves (CarcGame *g, guint player, GArray *moves)
{
  g_array_set_size (moves, 0);
  if (player != g->current || g->phase == CARC_PHASE_OVER)
    return;
  if (g->phase == CARC_PHASE_PLUGIN)
    {
      list_plugin (g, g->phase_owner, player, moves);
      return;
    }
  list_builtin (g, moves);
  for (guint e = 0; e < g->n_exp; e++)
    list_plugin (g, e, player, moves);
}

/**
 * carc_game_list_moves:
 * @self: a game
 * @player: a player
 *
 * Every move @player may make now, in order: the built-in moves of the phase (placements
 * in carc_game_get_placements() order; deployments in carc_game_get_deployments() order,
 * then skip; draw, the hand's placements piece by piece, pass), then each expansion's moves
 * in hook order. In a plugin phase only its owner's moves. None for a
 * player whose turn it is not, and none once the game is over.
 *
 * Returns: (transfer container) (element-type CarcMove): the moves; the array frees them
 *   when it goes (its free function), so bindings copy each move
 */
GPtrArray *
carc_game_list_moves (CarcGame *self, guint player)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  g_autoptr (GArray) listed = g_array_new (FALSE, FALSE, sizeof (CarcMove));
  carc_game_collect_moves (self, player, listed);
  GPtrArray *moves = g_ptr_array_new_full (listed->len, (GDestroyNotify)carc_move_free);
  for (guint i = 0; i < listed->len; i++)
    g_ptr_array_add (moves, carc_move_copy (&g_array_index (listed, CarcMove, i)));
  return moves;
}

/* The expansion and the type of plugin move @name in this game, or FALSE. */
static gboolean
find_move_def (CarcGame *g, const char *name, guint *exp, const CarcMoveDef **def)
{
  for (guint e = 0; e < g->n_exp; e++)
    {
      GArray *defs = g->exp[e].plugin->moves;
      for (guint i = 0; i < defs->len; i++)
        if (strcmp (g_array_index (defs, CarcMoveDef, i).name, name) == 0)
          {
            *exp = e;
            *def = &g_array_index (defs, CarcMoveDef, i);
            return TRUE;
          }
    }
  return FALSE;
}

static gboolean
apply_plugin (CarcGame *g, const CarcMove *move, GError **error)
{
  carc_game_look_for_handlers (g);
  guint e;
  const CarcMoveDef *def;
  if (!move->name || !find_move_def (g, move->name, &e, &def))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE, "this game has no move '%.*s'",
                   carc_utf8_cut (move->name ? move->name : "(null)", 32),
                   move->name ? move->name : "(null)");
      return FALSE;
    }
  if (g->phase == CARC_PHASE_OVER)
    return carc_game_check_phase (g, CARC_PHASE_PLUGIN, error);
  if (g->phase == CARC_PHASE_PLUGIN && e != g->phase_owner)
    return carc_game_check_phase (g, CARC_PHASE_OVER, error);
  if ((move->params & ~def->optional) != def->params)
    {
      g_autoptr (GString) want = g_string_new (NULL);
      g_autoptr (GString) may = g_string_new (NULL);
      for (guint i = 0; i < G_N_ELEMENTS (arg_keys); i++)
        {
          GString *to = (def->params & arg_keys[i].param) ? want : may;
          if ((def->params | def->optional) & arg_keys[i].param)
            g_string_append_printf (to, "%s'%s'", to->len ? ", " : "", arg_keys[i].key);
        }
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "a %s move takes %s%s%s",
                   def->name, want->len ? want->str : "no arguments",
                   may->len ? ", and may take " : "", may->str);
      return FALSE;
    }
  CarcMove m = *move;
  m.name = def->name;
  m.figure = (m.params & CARC_MOVE_PARAM_FIGURE) ? m.figure : NULL;
  m.tile = (m.params & CARC_MOVE_PARAM_TILE) ? m.tile : NULL;
  guint at = g->n_moves;
  if (!def->apply (g, g->exp[e].data, &m, error))
    return FALSE;
  /* Recorded after the hook said yes; nothing the hook may call records a move. */
  g_assert (g->n_moves == at);
  carc_game_record (g, &m);
  return TRUE;
}

/* A recorded deploy: the kind its move names (none: the follower). */
static gboolean
apply_deploy (CarcGame *g, const CarcMove *move, GError **error)
{
  gint figure = move->figure ? carc_game_find_figure (g, move->figure) : CARC_FIGURE_FOLLOWER;
  if (figure < 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT, "this game has no figure '%s'",
                   move->figure);
      return FALSE;
    }
  return carc_game_deploy (g, (guint)figure, move->segment, error);
}

/**
 * carc_game_apply_move:
 * @move: a move (recorded, listed by carc_game_list_moves(), or carc_move_init_from_args())
 * @error: return location for a #CarcError
 *
 * Makes a move: carc_game_place(), carc_game_deploy(), ... as @move->type says, or a plugin
 * move through its type's apply hook. A plugin move the game has no type for is
 * CARC_ERROR_ILLEGAL_MOVE; one whose parameters are not its type's, INVALID_ARGUMENT; one
 * in another expansion's phase, WRONG_PHASE.
 *
 * Returns: %TRUE on success; on failure nothing changed
 */
gboolean
carc_game_apply_move (CarcGame *self, const CarcMove *move, GError **error)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  switch (move->type)
    {
      case CARC_MOVE_PLACE:
        return carc_game_place (self, move->x, move->y, move->rotation, error);
      case CARC_MOVE_DEPLOY:
        return apply_deploy (self, move, error);
      case CARC_MOVE_SKIP:
        return carc_game_skip (self, error);
      case CARC_MOVE_DRAW:
        return carc_game_draw (self, error);
      case CARC_MOVE_PLACE_PIECE:
        return carc_game_place_piece (self, move->piece, move->x, move->y, move->rotation, error);
      case CARC_MOVE_PASS:
        return carc_game_pass (self, error);
      case CARC_MOVE_PLUGIN:
        return apply_plugin (self, move, error);
    }
  g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "unknown move type %d",
               (int)move->type);
  return FALSE;
}

/* carc_game_claim_phase() in a game with claim_phase hooks. */
gboolean
carc_game_ask_claim_phase (CarcGame *g, CarcPhasePoint point, guint from)
{
  guint back = g->current;
  guint32 mask = g->claim_exps[point];
  for (guint e = carc_game_next_exp (g, mask, (gint)from - 1); e < g->n_exp;
       e = carc_game_next_exp (g, mask, (gint)e))
    {
      const CarcHooks *h = g->exp[e].hooks;
      if (!carc_hooks_claim_at (h, point)) /* past the 32nd expansion every one is walked */
        continue;
      g->claiming = TRUE;
      const char *name = h->claim_phase (g, g->exp[e].data, point);
      g->claiming = FALSE;
      if (!name)
        {
          g->current = back; /* only a hook that claims may hand the phase on */
          continue;
        }
      g->phase = CARC_PHASE_PLUGIN;
      g->phase_return = back;
      g->phase_owner = e;
      g->phase_name = name;
      g->phase_point = point;
      g->tile = NULL;
      g->n_placements = 0;
      g->n_deployments = 0;
      return TRUE;
    }
  return FALSE;
}

/**
 * carc_game_end_phase: (skip)
 * @self: a game in a plugin phase
 *
 * Ends the phase the expansion holds (from its move's apply hook): the turn goes back to the
 * player who had it when the phase began, the later expansions may hold one at the same
 * point, then the game goes on (the next turn, or the first).
 */
void
carc_game_end_phase (CarcGame *self)
{
  g_return_if_fail (CARC_GAME_VALID (self));
  g_return_if_fail (self->phase == CARC_PHASE_PLUGIN);
  CarcPhasePoint point = self->phase_point;
  guint next = self->phase_owner + 1;
  self->phase_name = NULL;
  self->phase_owner = 0;
  self->current = self->phase_return;
  if (!carc_game_claim_phase (self, point, next))
    carc_game_resume (self, point);
}

/**
 * carc_game_set_phase_player: (skip)
 * @self: a game in a plugin phase, or whose claim_phase hook is claiming one
 * @player: a player
 *
 * Hands the plugin phase to @player: its moves are listed for and made by @player (moves
 * that go round the table, each player in turn). From the expansion's apply hooks, or from
 * its claim_phase hook when it claims the phase (the first player to move in it). When the
 * phase ends the turn goes back to the player who had it (carc_game_end_phase()).
 */
void
carc_game_set_phase_player (CarcGame *self, guint player)
{
  g_return_if_fail (CARC_GAME_VALID (self));
  g_return_if_fail (self->phase == CARC_PHASE_PLUGIN || self->claiming);
  g_return_if_fail (player < self->n_players);
  self->current = player;
}

/**
 * carc_game_get_phase_name:
 * @self: a game
 *
 * Returns: the phase's name: the #CarcPhase nick ("place", "deploy", ...) or, in a plugin
 *   phase, the name its expansion gave it
 */
const char *
carc_game_get_phase_name (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  if (self->phase == CARC_PHASE_PLUGIN)
    return self->phase_name;
  GEnumClass *klass = g_type_class_ref (CARC_TYPE_PHASE);
  GEnumValue *v = g_enum_get_value (klass, (gint)self->phase);
  g_type_class_unref (klass);
  return v ? v->value_nick : NULL;
}

/**
 * carc_game_get_phase_owner:
 * @self: a game
 *
 * Returns: (nullable): in a plugin phase, the name of the expansion holding it; else %NULL
 */
const char *
carc_game_get_phase_owner (CarcGame *self)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  if (self->phase != CARC_PHASE_PLUGIN)
    return NULL;
  return carc_plugin_get_name (self->exp[self->phase_owner].plugin);
}
