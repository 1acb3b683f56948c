/* draft.h: the open draft of half tiles (doc/rules.md section 3, option `draft`). */
#pragma once

#include <carcassonne.h>

typedef struct _HalftilesDraft HalftilesDraft;

/* Lays @pool (@len pieces, in order) face up for @picks picks per player, from the setup
 * hook; NULL when nobody would pick. The hands become open. */
HalftilesDraft *halftiles_draft_new (CarcSetup *setup, const CarcTileType *const *pool, guint len,
                                     guint picks);
void halftiles_draft_free (gpointer draft);
gpointer halftiles_draft_copy (CarcGame *copy, gconstpointer draft);
/* The hooks of a game with a draft (data: the HalftilesDraft, or NULL). */
const char *halftiles_draft_claim (CarcGame *game, gpointer data, CarcPhasePoint point);
void halftiles_draft_digest (CarcGame *game, gpointer data, gboolean public_only,
                             GByteArray *bytes);
/* The "pick" move type. */
extern const CarcMoveDef halftiles_pick_move;
