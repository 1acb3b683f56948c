/* fuzz-moves.c: libFuzzer target for the engine's move handling: the input bytes choose a
 * game (players, expansions with the shipped plugins compiled in, options, seed) and then a
 * sequence of moves. Most bytes pick one of the legal moves of the phase; some make a raw
 * move with arbitrary values (any phase, any coordinates, rotation, segment or hand index).
 * After every call: a refused call changed nothing (the state hash, the move log and the
 * scores are as before); an accepted one kept the invariants (figures conserved, scores
 * never decrease, the phase's offers consistent). Never crash, assert or leak. */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include "carcassonne.h"
#include "static-plugins.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

typedef struct
{
  const uint8_t *p;
  size_t left;
} Bytes;

static guint
take (Bytes *b)
{
  if (!b->left)
    return 0;
  b->left--;
  return *b->p++;
}

static gint
take_coord (Bytes *b)
{
  return (gint)(gint8)take (b);
}

/* A raw move with arbitrary values: refused or accepted, the engine must stay consistent. */
static gboolean
raw_move (CarcGame *game, Bytes *b, GError **error)
{
  guint kind = take (b) % 7;
  gint x = take_coord (b), y = take_coord (b);
  guint v = take (b);
  switch (kind)
    {
      case 0:
        return carc_game_place (game, x, y, v & 7, error);
      case 1:
        return carc_game_deploy (game, v / 128, v % 20, error); /* kind 1: none, or a plugin's */
      case 2:
        return carc_game_skip (game, error);
      case 3:
        return carc_game_draw (game, error);
      case 4:
        return carc_game_place_piece (game, v % 5, x, y, (v >> 3) & 7, error);
      case 5:
        return carc_game_pass (game, error);
      default:
        {
          /* a plugin's move by name (the draft's pick), as a client sends it */
          CarcMove m;
          g_autoptr (GVariant) args
              = g_variant_ref_sink (g_variant_new_parsed ("{'piece': <%u>}", v % 30));
          return carc_move_init_from_args (&m, "pick", args, error)
                 && carc_game_apply_move (game, &m, error);
        }
    }
}

/* One of the legal moves the phase offers, picked by the next byte. */
static gboolean
legal_move (CarcGame *game, Bytes *b, GError **error)
{
  guint pick = take (b), n;
  switch (carc_game_get_phase (game))
    {
      case CARC_PHASE_CHOOSE:
        {
          guint player = carc_game_get_current_player (game);
          if (carc_game_can_draw (game) && pick % 4 == 0)
            return carc_game_draw (game, error);
          if (carc_game_can_pass (game) && pick % 4 == 1)
            return carc_game_pass (game, error);
          for (guint i = 0; i < carc_game_get_hand_size (game, player); i++)
            {
              const CarcPlacement *pl = carc_game_get_piece_placements (game, i, &n);
              if (n)
                {
                  CarcPlacement p = pl[take (b) % n];
                  return carc_game_place_piece (game, i, p.x, p.y, p.rotation, error);
                }
            }
          g_assert (carc_game_can_draw (game) || carc_game_can_pass (game));
          return carc_game_can_draw (game) ? carc_game_draw (game, error)
                                           : carc_game_pass (game, error);
        }
      case CARC_PHASE_PLACE:
        {
          CarcPlacement p;
          n = carc_game_get_n_placements (game);
          g_assert (n > 0);
          g_assert (carc_game_get_placement (game, (pick | take (b) << 8) % n, &p));
          g_assert (carc_game_can_place (game, p.x, p.y, p.rotation));
          return carc_game_place (game, p.x, p.y, p.rotation, error);
        }
      case CARC_PHASE_DEPLOY:
        {
          const CarcDeployment *d = carc_game_get_deployments (game, &n);
          guint k = pick % (n + 1);
          return k < n ? carc_game_deploy (game, d[k].figure, d[k].segment, error)
                       : carc_game_skip (game, error);
        }
      case CARC_PHASE_PLUGIN:
        {
          /* a plugin's phase (issue 16, Moves): one of the listed moves */
          g_autoptr (GPtrArray) moves
              = carc_game_list_moves (game, carc_game_get_current_player (game));
          g_assert (moves->len > 0);
          return carc_game_apply_move (game, moves->pdata[pick % moves->len], error);
        }
      case CARC_PHASE_OVER:
        break;
    }
  return FALSE;
}

/* The figures of every kind in the players' supplies (followers, large followers, ...). */
static guint
figures_in_supplies (CarcGame *game)
{
  guint n = 0;
  for (guint f = 0; f < carc_game_get_n_figures (game); f++)
    for (guint p = 0; p < carc_game_get_n_players (game); p++)
      n += carc_game_get_figure_supply (game, f, p);
  return n;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static CarcTileSet *base;
  if (!base)
    base = carc_tile_set_new_base (NULL);
  Bytes b = { data, size };
  static const char *const names[]
      = { "abbey", "halftiles", "vineyards", "winter", "inns-cathedrals", "river" };
  g_autoptr (CarcGameConfig) config = carc_game_config_new (base);
  guint players = CARC_MIN_PLAYERS + take (&b) % (CARC_MAX_PLAYERS - 1);
  guint which = take (&b);
  carc_game_config_set_n_players (config, players);
  carc_game_config_set_followers (config, take (&b) % 9);
  carc_game_config_set_farmers (config, which & 0x80);
  carc_game_config_set_seed (config, take (&b) | take (&b) << 8);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if ((which >> i) & 1)
      carc_game_config_add_expansion (
          config, carc_plugin_host_lookup (static_plugin_host (), names[i]), NULL);
  if (which & 0x02)
    {
      guint opts = take (&b);
      carc_game_config_set_option (config, "halftiles", "draft", opts & 1, NULL);
      if ((opts >> 1) & 1) /* the hill half and its rule */
        carc_game_config_add_expansion_by_name (config, static_plugin_host (), "hills", NULL);
      carc_game_config_set_option (config, "halftiles", "hand", 1 + (opts >> 2) % 8, NULL);
    }
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) game = carc_game_new (config, &error);
  g_assert_no_error (error);
  guint total_figures = figures_in_supplies (game);
  guint last[CARC_MAX_PLAYERS] = { 0 };
  while (b.left && carc_game_get_phase (game) != CARC_PHASE_OVER)
    {
      g_autofree char *before = carc_game_get_state_hash (game);
      guint n_before;
      carc_game_get_moves (game, &n_before);
      gboolean raw = take (&b) < 32;
      g_clear_error (&error);
      gboolean ok = raw ? raw_move (game, &b, &error) : legal_move (game, &b, &error);
      guint n_after;
      carc_game_get_moves (game, &n_after);
      if (!ok)
        {
          /* A refusal: an error, and nothing changed. A legal move is never refused. */
          g_assert (raw);
          g_assert (error && error->domain == CARC_ERROR);
          g_autofree char *after = carc_game_get_state_hash (game);
          g_assert_cmpstr (before, ==, after);
          g_assert_cmpuint (n_before, ==, n_after);
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpuint (n_after, ==, n_before + 1);
      guint on_board = carc_game_get_n_followers (game) + figures_in_supplies (game);
      for (guint p = 0; p < players; p++)
        {
          g_assert_cmpuint (carc_game_get_score (game, p), >=, last[p]);
          last[p] = carc_game_get_score (game, p);
        }
      g_assert_cmpuint (on_board, ==, total_figures);
    }
  /* Whatever happened replays from the move log to the same state. */
  g_clear_error (&error);
  guint n;
  const CarcMove *moves = carc_game_get_moves (game, &n);
  g_autoptr (CarcGame) again = carc_game_replay (config, moves, n, &error);
  g_assert_no_error (error);
  g_autofree char *h1 = carc_game_get_state_hash (game);
  g_autofree char *h2 = carc_game_get_state_hash (again);
  g_assert_cmpstr (h1, ==, h2);
  return 0;
}
