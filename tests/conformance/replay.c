/* replay.c: replays one game played by JCloisterZone, a peer engine, through our public
 * API, from the recorded draw order and moves, with the expansion plugins of a plugin host,
 * and checks after every turn the player to move, whether the abbey was on offer, the tiles
 * discarded, every scoring event, the points of every player and every follower supply, and
 * at the end the final scoring and scores (tests/data/conformance/README.md). The replay
 * stops after the first turn that disagrees: what follows it would only repeat the
 * difference. */
#include "config.h"

#include "replay.h"

#include <string.h>
#include "jcz-ids.h"

typedef struct
{
  const JczGame *record;
  CarcGame *game;
  ConformanceReportFunc report;
  gpointer user_data;
  guint bad; /* disagreements so far */
  guint final_points[CARC_MAX_PLAYERS];
  GPtrArray *scorings;         /* "Feature:p0,p1,..." per scoring event during play, this turn */
  GPtrArray *final_scorings;   /* the same for final scoring */
  GPtrArray *all_discards;     /* every tile discarded in the game */
  GPtrArray *pending_discards; /* ids discarded since the last turn started */
  GPtrArray *turn_discards;    /* ids discarded at the start of the current turn */
  GPtrArray *awards;           /* "player:item*count" per award during play, this turn */
  GPtrArray *final_awards;     /* FinalAward, in order */
  GHashTable *goods;           /* "player:item" -> what the awards during play counted */
} Replay;

/* Consecutive awards of one item during final scoring, as JCZ reports them: one scoring event
 * (a good's majority: every tied player in one event). */
typedef struct
{
  const char *item;
  guint points[CARC_MAX_PLAYERS];
  guint count[CARC_MAX_PLAYERS];
  guint players; /* bit p: player p was awarded */
} FinalAward;

/* Reports a disagreement; FALSE, so that a step can end with it. */
static gboolean G_GNUC_PRINTF (3, 4) disagree (Replay *r, guint turn, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *what = g_strdup_vprintf (format, args);
  va_end (args);
  r->bad++;
  r->report (turn, what, r->user_data);
  return FALSE;
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *)a, *(const char *const *)b);
}

/* Our breakdown of @player's points in @ev, as the reader writes JCZ's: "name*count=points"
 * sorted and joined by ','; "" for no items. */
static char *
player_items (const CarcEvent *ev, guint player)
{
  guint n = carc_event_get_n_items (ev, player);
  g_autoptr (GPtrArray) parts = g_ptr_array_new_full (n + 1, g_free);
  for (guint i = 0; i < n; i++)
    {
      const CarcScoreItem *item = carc_event_get_item (ev, player, i);
      g_ptr_array_add (parts, g_strdup_printf ("%s*%u=%u", item->name, item->count, item->points));
    }
  g_ptr_array_sort (parts, compare_strings);
  g_ptr_array_add (parts, NULL);
  return g_strjoinv (",", (char **)parts->pdata);
}

/* The key of a scoring event, as jcz-record.c makes JCZ's: "Feature:points,... {p:items}". */
static void
track_scoring (Replay *r, const CarcEvent *ev)
{
  GString *key = g_string_new (jcz_feature_name (ev->kind));
  for (guint p = 0; p < ev->n_players; p++)
    {
      g_string_append_printf (key, "%c%u", p ? ',' : ':', ev->points[p]);
      if (ev->final)
        r->final_points[p] += ev->points[p];
    }
  g_string_append (key, " {");
  const char *sep = "";
  for (guint p = 0; p < ev->n_players; p++)
    {
      g_autofree char *items = player_items (ev, p);
      if (*items)
        {
          g_string_append_printf (key, "%s%u:%s", sep, p, items);
          sep = " ";
        }
    }
  g_string_append_c (key, '}');
  g_ptr_array_add (ev->final ? r->final_scorings : r->scorings, g_string_free (key, FALSE));
}

/* An award outside a feature (carc_game_award()): during play its "player:item*count", to
 * compare with JCZ's trade goods; in final scoring, joined to the awards of the same item
 * just before it, as JCZ's scoring event for them. */
static void
track_award (Replay *r, const CarcEvent *ev)
{
  const CarcScoreItem *item = carc_event_get_item (ev, (guint)ev->player, 0);
  if (!item)
    return;
  if (!ev->final)
    {
      g_ptr_array_add (r->awards,
                       g_strdup_printf ("%d:%s*%u", ev->player, item->name, item->count));
      char *key = g_strdup_printf ("%d:%s", ev->player, item->name);
      guint held = GPOINTER_TO_UINT (g_hash_table_lookup (r->goods, key));
      g_hash_table_insert (r->goods, key, GUINT_TO_POINTER (held + item->count));
      return;
    }
  FinalAward *last
      = r->final_awards->len ? g_ptr_array_index (r->final_awards, r->final_awards->len - 1) : NULL;
  if (!last || strcmp (last->item, item->name) != 0 || ((last->players >> ev->player) & 1))
    {
      last = g_new0 (FinalAward, 1);
      last->item = item->name;
      g_ptr_array_add (r->final_awards, last);
    }
  last->players |= 1u << ev->player;
  last->points[ev->player] += item->points;
  last->count[ev->player] += item->count;
  r->final_points[ev->player] += item->points;
}

/* The final awards as scoring-event keys, JCZ's way ("TradeGoods:10,0,10 {0:... 2:...}"). */
static void
final_award_keys (Replay *r)
{
  for (guint i = 0; i < r->final_awards->len; i++)
    {
      const FinalAward *a = g_ptr_array_index (r->final_awards, i);
      GString *key = g_string_new (jcz_award_feature (a->item));
      for (guint p = 0; p < r->record->players; p++)
        g_string_append_printf (key, "%c%u", p ? ',' : ':', a->points[p]);
      g_string_append (key, " {");
      for (guint p = 0, n = 0; p < r->record->players; p++)
        if ((a->players >> p) & 1)
          g_string_append_printf (key, "%s%u:%s*%u=%u", n++ ? " " : "", p, a->item, a->count[p],
                                  a->points[p]);
      g_string_append_c (key, '}');
      g_ptr_array_add (r->final_scorings, g_string_free (key, FALSE));
    }
  g_ptr_array_set_size (r->final_awards, 0);
}

static void
on_event (CarcGame *game, const CarcEvent *ev, gpointer data)
{
  Replay *r = data;
  switch (ev->type)
    {
      case CARC_EVENT_TILE_DISCARDED:
        g_ptr_array_add (r->pending_discards, (gpointer)carc_tile_type_get_id (ev->tile));
        g_ptr_array_add (r->all_discards, (gpointer)carc_tile_type_get_id (ev->tile));
        break;
      case CARC_EVENT_TURN_STARTED:
        g_ptr_array_set_size (r->turn_discards, 0);
        G_GNUC_FALLTHROUGH;
      case CARC_EVENT_TILE_DRAWN:
        g_ptr_array_extend_and_steal (r->turn_discards, g_steal_pointer (&r->pending_discards));
        r->pending_discards = g_ptr_array_new ();
        break;
      case CARC_EVENT_FEATURE_SCORED:
        track_scoring (r, ev);
        break;
      case CARC_EVENT_POINTS_AWARDED:
        track_award (r, ev);
        break;
      default:
        break;
    }
}

static char *
join_sorted (GPtrArray *keys)
{
  g_ptr_array_sort (keys, compare_strings);
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < keys->len; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", (const char *)g_ptr_array_index (keys, i));
  return g_string_free (s, FALSE);
}

/* Whether every key of @keys has a breakdown (" {...}"): records without awards' items have
 * none, and then only the points are compared. */
static gboolean
all_broken_down (GPtrArray *keys)
{
  for (guint i = 0; i < keys->len; i++)
    if (!strstr (g_ptr_array_index (keys, i), " {"))
      return FALSE;
  return TRUE;
}

/* Cuts the breakdowns off @keys (owned strings). */
static void
strip_breakdowns (GPtrArray *keys)
{
  for (guint i = 0; i < keys->len; i++)
    {
      char *brace = strstr (g_ptr_array_index (keys, i), " {");
      if (brace)
        *brace = '\0';
    }
}

/* The scoring events JCZ recorded against ours since the last call, as sorted multisets of
 * "Feature:points,points,... {player:item,...}" (the breakdown only where JCZ gives every
 * award's items); empties @ours. */
static void
check_scorings (Replay *r, guint turn, const char *when, GPtrArray *theirs, GPtrArray *ours)
{
  g_autoptr (GPtrArray) want = g_ptr_array_new_full (theirs->len, g_free);
  for (guint i = 0; i < theirs->len; i++)
    g_ptr_array_add (want, g_strdup (g_ptr_array_index (theirs, i)));
  if (!all_broken_down (want))
    {
      strip_breakdowns (want);
      strip_breakdowns (ours);
    }
  g_autofree char *a = join_sorted (want);
  g_autofree char *b = join_sorted (ours);
  if (strcmp (a, b) != 0)
    disagree (r, turn, "%sscoring events: JCZ [%s], ours [%s]", when, a, b);
  g_ptr_array_set_size (ours, 0);
}

/* Whether JCZ's tiles (JCZ ids) are ours (our ids), in order. */
static gboolean
same_tiles (char **theirs, GPtrArray *ours)
{
  if (g_strv_length (theirs) != ours->len)
    return FALSE;
  for (guint k = 0; k < ours->len; k++)
    if (g_strcmp0 (jcz_tile_id (theirs[k]), g_ptr_array_index (ours, k)) != 0)
      return FALSE;
  return TRUE;
}

/**
 * conformance_missing_expansions:
 *
 * Returns: (transfer full) (nullable): the expansions the game names ("base" aside) that no
 *   plugin of @host provides, or %NULL when it has them all
 */
char **
conformance_missing_expansions (const JczGame *record, CarcPluginHost *host)
{
  g_return_val_if_fail (record != NULL && CARC_IS_PLUGIN_HOST (host), NULL);
  g_autoptr (GStrvBuilder) missing = g_strv_builder_new ();
  guint n = 0;
  for (guint i = 0; record->expansions[i]; i++)
    {
      g_auto (GStrv) plugins = g_strsplit (jcz_expansion_plugin (record->expansions[i]), " ", -1);
      gboolean have = TRUE;
      for (guint k = 0; plugins[k]; k++)
        have = have && carc_plugin_host_lookup (host, plugins[k]);
      if (strcmp (record->expansions[i], "base") != 0 && !have && ++n)
        g_strv_builder_add (missing, record->expansions[i]);
    }
  return n ? g_strv_builder_end (missing) : NULL;
}

/* Adds the plugins that provide the record's expansion @name (jcz_expansion_plugin(): one or
 * more) to @config. */
static gboolean
add_expansion (Replay *r, CarcGameConfig *config, CarcPluginHost *host, const char *name)
{
  g_auto (GStrv) plugins = g_strsplit (jcz_expansion_plugin (name), " ", -1);
  for (guint k = 0; plugins[k]; k++)
    {
      CarcPlugin *plugin = carc_plugin_host_lookup (host, plugins[k]);
      g_autoptr (GError) error = NULL;
      if (!plugin)
        return disagree (r, 0, "expansion %s: plugin %s not loaded", name, plugins[k]);
      if (!carc_game_config_add_expansion (config, plugin, &error))
        return disagree (r, 0, "expansion %s: %s", name, error->message);
    }
  return TRUE;
}

static gboolean
configure (Replay *r, CarcGameConfig *config, CarcPluginHost *host)
{
  const JczGame *rec = r->record;
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  for (guint i = 0; rec->draw_order[i]; i++)
    {
      const char *id = jcz_tile_id (rec->draw_order[i]);
      if (!id)
        return disagree (r, 0, "unknown tile %s", rec->draw_order[i]);
      g_ptr_array_add (order, (gpointer)id);
    }
  g_ptr_array_add (order, NULL);
  carc_game_config_set_n_players (config, rec->players);
  carc_game_config_set_followers (config, rec->followers);
  carc_game_config_set_farmers (config, rec->farmers);
  carc_game_config_set_tile_order (config, (const char *const *)order->pdata);
  for (guint i = 0; rec->expansions[i]; i++)
    if (strcmp (rec->expansions[i], "base") != 0
        && !add_expansion (r, config, host, rec->expansions[i]))
      return FALSE;
  return TRUE;
}

/* The abbey from the player's hand into the hole at (x, y). */
static gboolean
place_abbey (Replay *r, const JczTurn *t)
{
  g_autoptr (GError) error = NULL;
  guint n = carc_game_get_hand_size (r->game, t->player);
  guint idx = 0;
  while (idx < n
         && !carc_tile_type_get_tag (carc_game_get_hand_piece (r->game, t->player, idx), "abbey"))
    idx++;
  if (idx == n)
    return disagree (r, t->turn, "abbey at (%d,%d): the player holds no abbey", t->x, t->y);
  if (!carc_game_place_piece (r->game, idx, t->x, t->y, 0, &error))
    return disagree (r, t->turn, "abbey at (%d,%d) refused: %s", t->x, t->y, error->message);
  return TRUE;
}

static void
check_turn_discards (Replay *r, const JczTurn *t)
{
  guint nd = g_strv_length (t->discarded);
  if (nd != r->turn_discards->len)
    disagree (r, t->turn, "discarded: JCZ %u tiles, ours %u", nd, r->turn_discards->len);
  else
    for (guint k = 0; k < nd; k++)
      if (g_strcmp0 (jcz_tile_id (t->discarded[k]), g_ptr_array_index (r->turn_discards, k)) != 0)
        disagree (r, t->turn, "discarded tile %u differs", k);
}

/* The drawn tile placed (drawn first if the abbey was on offer). */
static gboolean
place_tile (Replay *r, const JczTurn *t, CarcPhase phase)
{
  g_autoptr (GError) error = NULL;
  if (phase == CARC_PHASE_CHOOSE && !carc_game_draw (r->game, &error))
    return disagree (r, t->turn, "draw refused: %s", error->message);
  check_turn_discards (r, t);
  const CarcTileType *in_play = carc_game_get_current_tile (r->game);
  const char *ours = in_play ? carc_tile_type_get_id (in_play) : "(none)";
  if (strcmp (t->ctn, ours) != 0)
    return disagree (r, t->turn, "tile in play: JCZ %s, ours %s", t->ctn, ours);
  if (!carc_game_place (r->game, t->x, t->y, t->rot, &error))
    return disagree (r, t->turn, "placement %s at (%d,%d) rot %u refused: %s", t->ctn, t->x, t->y,
                     t->rot, error->message);
  return TRUE;
}

/* Our figure kind for JCZ's figure type @jcz (jcz_figure_kind()), or -1 if our game has none. */
static gint
figure_of (Replay *r, const char *jcz)
{
  const char *ours = jcz_figure_kind (jcz);
  return ours ? carc_game_find_figure (r->game, ours) : -1;
}

/* The half-edges of the placed tile at (@t->x, @t->y) that meet at the grid point where JCZ's
 * barn stands (the NW corner of the meeple's tile): 0 if that point is no corner of it. */
static guint32
barn_corner (const JczTurn *t)
{
  static const gint dx[4] = { 0, 1, 1, 0 }, dy[4] = { 0, 0, 1, 1 }; /* NW NE SE SW */
  for (guint c = 0; c < 4; c++)
    if (t->meeple_x == t->x + dx[c] && t->meeple_y == t->y + dy[c])
      return CARC_LOC_HALF ((2 * c + 7) % 8) | CARC_LOC_HALF (2 * c);
  return 0;
}

/* Whether deployment @d is where JCZ put its figure: the kind and the part's location, or
 * for a barn the field part at its corner. */
static gboolean
same_deployment (const JczTurn *t, const CarcDeployment *d, CarcFeatureKind kind, guint32 loc)
{
  if (d->kind != kind)
    return FALSE;
  if (!t->meeple_corner)
    return d->location == loc;
  guint32 corner = barn_corner (t);
  return corner && (d->location & corner) == corner;
}

/* The figure JCZ deployed on the tile just placed, or none. */
static gboolean
deploy (Replay *r, const JczTurn *t)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;
  if (!t->meeple)
    ok = carc_game_skip (r->game, &error);
  else
    {
      CarcFeatureKind kind;
      if (!jcz_feature_kind (t->meeple_feature, &kind))
        return disagree (r, t->turn, "unknown feature %s", t->meeple_feature);
      gint figure = figure_of (r, t->meeple_figure);
      if (figure < 0)
        return disagree (r, t->turn, "JCZ deploys a %s; our game has no such figure",
                         t->meeple_figure);
      guint32 loc = jcz_location_of_edges ((const char *const *)t->meeple_edges);
      guint n;
      const CarcDeployment *d = carc_game_get_deployments (r->game, &n);
      const CarcDeployment *hit = NULL;
      for (guint k = 0; k < n; k++)
        if (d[k].figure == (guint)figure && same_deployment (t, &d[k], kind, loc))
          hit = &d[k];
      if (!hit)
        return disagree (r, t->turn, "JCZ deploys a %s on %s %s; we offer no such deployment",
                         t->meeple_figure, t->meeple_feature, t->meeple_location);
      ok = carc_game_deploy (r->game, hit->figure, hit->segment, &error);
    }
  if (!ok)
    disagree (r, t->turn, "deploy/skip refused: %s", error->message);
  return ok;
}

/* The move of one turn: the abbey on offer exactly when a hole exists (doc/rules.md section
 * 4): JCZ's abbey_pass, or its abbey move, against our choose phase. */
static gboolean
play_move (Replay *r, const JczTurn *t)
{
  g_autoptr (GError) error = NULL;
  CarcPhase phase = carc_game_get_phase (r->game);
  /* The builder's extra part after the last tile, with no abbey to place: JCZ records it as
   * an empty turn; our game has ended (the end of the game decides, D21). */
  if (t->double_turn && t->action == JCZ_ACTION_PASS && phase == CARC_PHASE_OVER)
    return TRUE;
  if (phase != CARC_PHASE_PLACE && phase != CARC_PHASE_CHOOSE)
    return disagree (r, t->turn, "our game is not waiting for a move");
  if (carc_game_get_current_player (r->game) != t->player)
    disagree (r, t->turn, "player: JCZ %u, ours %u", t->player,
              carc_game_get_current_player (r->game));
  gboolean offered = t->abbey_pass || t->action != JCZ_ACTION_TILE;
  if (offered != (phase == CARC_PHASE_CHOOSE))
    return disagree (r, t->turn, "abbey on offer: JCZ %s, ours %s", offered ? "yes" : "no",
                     phase == CARC_PHASE_CHOOSE ? "yes" : "no");
  switch (t->action)
    {
      case JCZ_ACTION_TILE:
        return place_tile (r, t, phase) && deploy (r, t);
      case JCZ_ACTION_ABBEY:
        return place_abbey (r, t) && deploy (r, t);
      case JCZ_ACTION_PASS:
      default:
        if (!carc_game_pass (r->game, &error))
          return disagree (r, t->turn, "pass refused: %s", error->message);
        return TRUE;
    }
}

/* Whether plugin move @m (a "wagon-move") goes to the tile part JCZ's wagon went to. */
static gboolean
wagon_target_is (Replay *r, const CarcMove *m, const JczWagonMove *w)
{
  CarcPieceInfo info;
  CarcFeatureKind kind;
  if (!carc_game_get_piece (r->game, m->piece, &info) || info.x != w->x || info.y != w->y
      || !jcz_feature_kind (w->feature, &kind)
      || carc_tile_type_get_segment_kind (info.tile, m->segment) != kind)
    return FALSE;
  guint32 loc = jcz_location_of_edges ((const char *const *)w->edges);
  return carc_tile_type_get_segment_location (info.tile, m->segment, info.rotation) == loc;
}

/* One wagon decision JCZ recorded, as the matching move our game lists. */
static gboolean
play_wagon (Replay *r, const JczTurn *t, const JczWagonMove *w)
{
  if (carc_game_get_phase (r->game) != CARC_PHASE_PLUGIN
      || carc_game_get_current_player (r->game) != w->player)
    return disagree (r, t->turn, "JCZ moves a wagon of player %u; we wait for no such decision",
                     w->player);
  g_autoptr (GPtrArray) moves = carc_game_list_moves (r->game, w->player);
  const CarcMove *hit = NULL;
  for (guint i = 0; i < moves->len && !hit; i++)
    {
      const CarcMove *m = g_ptr_array_index (moves, i);
      const char *name = carc_move_get_name (m);
      if (w->pass ? strcmp (name, "wagon-pass") == 0
                  : strcmp (name, "wagon-move") == 0 && wagon_target_is (r, m, w))
        hit = m;
    }
  if (!hit)
    return disagree (r, t->turn, "JCZ's wagon of player %u %s%s; we offer no such move", w->player,
                     w->pass ? "stays home" : "moves to ", w->pass ? "" : w->location);
  g_autoptr (GError) error = NULL;
  if (!carc_game_apply_move (r->game, hit, &error))
    return disagree (r, t->turn, "wagon move refused: %s", error->message);
  return TRUE;
}

/* The wagons' decisions after the turn's scoring, then no decision left waiting. */
static gboolean
play_wagons (Replay *r, const JczTurn *t)
{
  for (guint i = 0; i < t->wagon_moves->len; i++)
    if (!play_wagon (r, t, g_ptr_array_index (t->wagon_moves, i)))
      return FALSE;
  if (carc_game_get_phase (r->game) == CARC_PHASE_PLUGIN)
    return disagree (r, t->turn, "we wait for a %s decision of player %u that JCZ did not make",
                     carc_game_get_phase_name (r->game), carc_game_get_current_player (r->game));
  return TRUE;
}

/* The supplies of the other figure types JCZ recorded (format 2) against our kinds'. */
static void
check_figure_supplies (Replay *r, const JczTurn *t)
{
  for (guint i = 0; i < t->supply_figures->len; i++)
    {
      const JczFigureSupply *s = g_ptr_array_index (t->supply_figures, i);
      gint figure = figure_of (r, s->figure);
      if (figure < 0)
        {
          disagree (r, t->turn, "JCZ has %s figures; our game has no such figure", s->figure);
          continue;
        }
      for (guint p = 0; p < r->record->players; p++)
        {
          guint ours = carc_game_get_figure_supply (r->game, (guint)figure, p);
          if (ours != s->supply[p])
            disagree (r, t->turn, "%s supply of player %u: JCZ %u, ours %u", s->figure, p,
                      s->supply[p], ours);
        }
    }
}

/* The trade goods JCZ gave this turn against our awards (sorted multisets). */
static void
check_goods (Replay *r, const JczTurn *t)
{
  g_autoptr (GPtrArray) want = g_ptr_array_new_full (t->goods->len, g_free);
  for (guint i = 0; i < t->goods->len; i++)
    g_ptr_array_add (want, g_strdup (g_ptr_array_index (t->goods, i)));
  g_autofree char *a = join_sorted (want);
  g_autofree char *b = join_sorted (r->awards);
  if (strcmp (a, b) != 0)
    disagree (r, t->turn, "trade goods: JCZ [%s], ours [%s]", a, b);
  g_ptr_array_set_size (r->awards, 0);
}

/* After the move: scoring events, points (final scoring aside) and supplies. */
static void
check_turn (Replay *r, const JczTurn *t)
{
  check_scorings (r, t->turn, "", t->scoring, r->scorings);
  check_goods (r, t);
  for (guint p = 0; p < r->record->players; p++)
    {
      guint got = carc_game_get_score (r->game, p) - r->final_points[p];
      if (got != t->score[p])
        disagree (r, t->turn, "points of player %u: JCZ %u, ours %u", p, t->score[p], got);
    }
  for (guint p = 0; t->has_supply && p < r->record->players; p++)
    if (carc_game_get_supply (r->game, p) != t->supply[p])
      disagree (r, t->turn, "supply of player %u: JCZ %u, ours %u", p, t->supply[p],
                carc_game_get_supply (r->game, p));
  check_figure_supplies (r, t);
}

/* The tokens each player holds at the end (format 2's "goods") against what our awards
 * during play counted. */
static void
check_final_goods (Replay *r)
{
  g_autoptr (GPtrArray) want = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) ours = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < r->record->final_goods->len; i++)
    g_ptr_array_add (want, g_strdup (g_ptr_array_index (r->record->final_goods, i)));
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, r->goods);
  while (g_hash_table_iter_next (&it, &key, &value))
    if (GPOINTER_TO_UINT (value) && jcz_award_is_token (strchr (key, ':') + 1))
      g_ptr_array_add (ours, g_strdup_printf ("%s*%u", (char *)key, GPOINTER_TO_UINT (value)));
  g_autofree char *a = join_sorted (want);
  g_autofree char *b = join_sorted (ours);
  if (strcmp (a, b) != 0)
    disagree (r, 0, "trade goods at the end: JCZ [%s], ours [%s]", a, b);
}

static void
check_final (Replay *r)
{
  const JczGame *rec = r->record;
  final_award_keys (r);
  check_scorings (r, 0, "final ", rec->final_scoring, r->final_scorings);
  check_final_goods (r);
  if (!same_tiles (rec->final_discarded, r->all_discards))
    disagree (r, 0, "tiles discarded in the game: JCZ %u, ours %u",
              g_strv_length (rec->final_discarded), r->all_discards->len);
  if (carc_game_get_phase (r->game) != CARC_PHASE_OVER)
    disagree (r, 0, "final record but our game is not over (%u tiles left)",
              carc_game_get_tiles_left (r->game));
  for (guint p = 0; p < rec->players; p++)
    if (carc_game_get_score (r->game, p) != rec->final_score[p])
      disagree (r, 0, "final score of player %u: JCZ %u, ours %u", p, rec->final_score[p],
                carc_game_get_score (r->game, p));
}

static void
play (Replay *r, CarcTileSet *tiles, CarcPluginHost *host)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  if (!configure (r, config, host))
    return;
  r->game = carc_game_new_full (config, on_event, r, NULL, &error);
  if (!r->game)
    {
      disagree (r, 0, "game not created: %s", error->message);
      return;
    }
  for (guint i = 0; i < r->record->turns->len && r->bad == 0; i++)
    {
      const JczTurn *t = g_ptr_array_index (r->record->turns, i);
      if (!play_move (r, t) || !play_wagons (r, t))
        break;
      check_turn (r, t);
    }
  if (r->bad == 0)
    check_final (r);
}

/**
 * conformance_replay:
 * @record: the game JCloisterZone played
 * @tiles: the base tile set
 * @host: the plugins that provide the record's expansions
 * @report: called once per disagreement
 *
 * Returns: the number of disagreements (0: our engine agrees on every turn)
 */
guint
conformance_replay (const JczGame *record, CarcTileSet *tiles, CarcPluginHost *host,
                    ConformanceReportFunc report, gpointer user_data)
{
  g_return_val_if_fail (record != NULL && report != NULL, 0);
  g_return_val_if_fail (CARC_IS_TILE_SET (tiles) && CARC_IS_PLUGIN_HOST (host), 0);
  Replay r = { .record = record,
               .report = report,
               .user_data = user_data,
               .scorings = g_ptr_array_new_with_free_func (g_free),
               .final_scorings = g_ptr_array_new_with_free_func (g_free),
               .all_discards = g_ptr_array_new (),
               .pending_discards = g_ptr_array_new (),
               .turn_discards = g_ptr_array_new (),
               .awards = g_ptr_array_new_with_free_func (g_free),
               .final_awards = g_ptr_array_new_with_free_func (g_free),
               .goods = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL) };
  play (&r, tiles, host);
  g_clear_object (&r.game);
  g_ptr_array_unref (r.scorings);
  g_ptr_array_unref (r.final_scorings);
  g_ptr_array_unref (r.all_discards);
  g_ptr_array_unref (r.pending_discards);
  g_ptr_array_unref (r.turn_discards);
  g_ptr_array_unref (r.awards);
  g_ptr_array_unref (r.final_awards);
  g_hash_table_unref (r.goods);
  return r.bad;
}
