/* replay.h: one JCloisterZone game replayed through our engine's public API, every turn
 * checked against what JCloisterZone recorded. */
#pragma once

#include "carcassonne.h"
#include "jcz-record.h"

G_BEGIN_DECLS

/* Called once per disagreement: @turn is JCloisterZone's turn number (0: the setup or the
 * final scoring), @what says what differs ("points of player 0: JCZ 12, ours 10"). */
typedef void (*ConformanceReportFunc) (guint turn, const char *what, gpointer user_data);

char **conformance_missing_expansions (const JczGame *record, CarcPluginHost *host);
guint conformance_replay (const JczGame *record, CarcTileSet *tiles, CarcPluginHost *host,
                          ConformanceReportFunc report, gpointer user_data);

G_END_DECLS
