/* session-journal.h: a game's journal read into what it restores, apart from the restoring.
 *
 * carcd_daemon_restore() (session.h) restores a journal in two steps: its lines are read,
 * checked and replayed into a CarcdJournalGame, a plain description of the game that touches
 * nothing of the daemon; then that becomes a session on the bus. Everything that parses is
 * in the first step, so it runs on any bytes without a bus (tests/fuzz/fuzz-journal.c). The
 * lines' meaning: doc/persistence.md.
 */
#pragma once
#include <glib.h>

#include "carcassonne.h"
#include "journal.h"
#include "options.h"
#include "token.h"

/* What becomes of a journal that is not restored. */
typedef enum
{
  CARCD_JOURNAL_DAMAGED, /* it is no journal the daemon can ever restore: set aside */
  CARCD_JOURNAL_KEPT,    /* another daemon could (it has an expansion this one lacks): left */
  CARCD_JOURNAL_FAILED,  /* it could not be read or restored now (no memory, too many open
                          * files...): left as it is, the start fails */
} CarcdJournalVerdict;

/* A seat of the last seats line kept. */
typedef struct
{
  char *name;                        /* NULL: a free seat */
  char token[CARCD_TOKEN_CHARS + 1]; /* "" once revoked (a bot seat) */
  gint64 token_uid;                  /* CARCD_NO_UID if not known */
  gboolean bot;
  char *strategy; /* the bot's spec (carc_bot_to_spec()); NULL: none recorded (random) */
} CarcdJournalSeat;

/* A journal, read: the game its good lines tell. */
typedef struct
{
  CarcdGameOptions options; /* from the game's config and the header */
  CarcGameConfig *config;   /* the game's: the start's (with its seed), else the header's */
  gboolean imported;        /* the header holds the moves of an imported record */
  gboolean started;         /* a start line is kept */
  CarcGame *game;           /* the kept lines replayed; NULL if neither started nor imported */
  guint n_moves;            /* moves of @game (the imported ones too); 0 without one */
  char creator_token[CARCD_TOKEN_CHARS + 1]; /* "" if the header has none */
  gint64 creator_uid;                        /* CARCD_NO_UID if not known */
  CarcdJournalSeat seats[CARC_MAX_PLAYERS];  /* the first options.players are the game's */
  guint n_seat_lines;                        /* seats lines kept */
  guint n_lines;                             /* lines kept, the header's included */
  gsize good_length;                         /* bytes of the file they take */
  char *problem;                             /* why the lines after them are not kept, or NULL */
} CarcdJournalGame;

/* Reads the journal @contents of game @id (carcd_journal_read()) into @game: the header, then
 * the lines after it up to the first that does not read or replay (a move the engine refuses,
 * a second start, a state hash that differs: then from the last good hash on), as
 * @game->problem says. Expansions are looked up in @plugins and tiles in @tiles. A journal
 * that cannot be restored at all fails with @error (a CARCD_ERROR, CARC_ERROR or JSON_PARSER_
 * ERROR) and @verdict DAMAGED or KEPT, @game left empty. Nothing else changes. */
gboolean carcd_journal_game_read (CarcTileSet *tiles, CarcPluginHost *plugins, guint id,
                                  const CarcdJournalContents *contents, CarcdJournalGame *game,
                                  CarcdJournalVerdict *verdict, GError **error);

void carcd_journal_game_clear (CarcdJournalGame *game);
