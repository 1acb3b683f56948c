/* carc-record.h: game records (doc/game-records.md): a game's setup and moves as JSON, to
 * save, share and replay a game, and the pieces a journal is made of.
 *
 * A record is one JSON object, format "carcassonned-record", version 1: the setup (players,
 * followers, farmers, seed or tile order, expansions and their options, explicit hands), the
 * moves in order, each with the scores after it, and free-form metadata (player names...).
 * Loading validates everything and names what is wrong; replaying checks the recorded scores
 * after every move, so a record made by a different engine version that disagrees is caught.
 */
#pragma once

#if !defined(CARCASSONNE_INSIDE) && !defined(CARCASSONNE_COMPILATION)
#error "Only <carcassonne.h> can be included directly."
#endif

#include <glib-object.h>
#include "carc-game.h"
#include "carc-plugin-host.h"

G_BEGIN_DECLS

#define CARC_RECORD_FORMAT "carcassonned-record"
/* Version 2 came with plugin ABI 2: a deploy move may name its figure kind ("figure"); a
 * version 1 record, which has none, reads as before. */
#define CARC_RECORD_VERSION        2
#define CARC_RECORD_VERSION_OLDEST 1

typedef struct _CarcRecord CarcRecord;

#define CARC_TYPE_RECORD (carc_record_get_type ())
GType carc_record_get_type (void) G_GNUC_CONST;

/* Writing. */
char *carc_game_to_record (CarcGame *game, const char *const *player_names);
char *carc_game_config_to_json (const CarcGameConfig *config);
char *carc_move_to_json (const CarcMove *move, const guint *scores, guint n_players);

/* Reading: @base is the base tile set, @host resolves expansion names (nullable: no
 * expansions allowed). */
CarcRecord *carc_record_parse (const char *data, gssize length, CarcTileSet *base,
                               CarcPluginHost *host, GError **error);
CarcGameConfig *carc_game_config_new_from_json (const char *data, gssize length, CarcTileSet *base,
                                                CarcPluginHost *host, GError **error);
gboolean carc_move_from_json (const char *data, gssize length, CarcMove *move, GError **error);

CarcRecord *carc_record_ref (CarcRecord *record);
void carc_record_unref (CarcRecord *record);
const CarcGameConfig *carc_record_get_config (CarcRecord *record);
guint carc_record_get_n_moves (CarcRecord *record);
const CarcMove *carc_record_get_move (CarcRecord *record, guint index);
const char *carc_record_get_player_name (CarcRecord *record, guint player);
CarcGame *carc_record_replay (CarcRecord *record, guint n_moves, CarcEventFunc func,
                              gpointer user_data, GDestroyNotify destroy, GError **error);

/* A digest of everything a game's future depends on (board, followers, scores, supplies,
 * hands, the draw pile and RNG state, phase, turn), as 16 hex digits: two games with the
 * same hash are in the same state. It digests hidden information: never show it to players. */
char *carc_game_get_state_hash (CarcGame *game);

/* A digest of the public state only (what every player sees), as 16 hex digits: games that
 * differ only in hidden information have the same one. The daemon's Game.StateHash. */
char *carc_game_get_public_hash (CarcGame *game);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcRecord, carc_record_unref)

G_END_DECLS
