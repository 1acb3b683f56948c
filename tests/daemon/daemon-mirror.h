/* daemon-mirror.h: a game played through the daemon and, move for move, by the engine in the
 * test ("the mirror"), to compare the daemon's StateHash with; state directories and records.
 */
#pragma once
#include <gio/gio.h>

#include "carcassonne.h"

/* A fresh directory for a daemon's journals, inside the test's $XDG_STATE_HOME when set. */
char *state_dir_new (void);

/* daemon_start() with --state-dir=@dir (and @extra, NULL or NULL-terminated). */
GPid daemon_start_in (const char *dir, const char *const *extra);

/* kill -9, and waits for it. */
void daemon_kill (GPid pid);

/* The game's StateHash. */
char *get_hash (GDBusConnection *c, const char *game);

/* Game.ExportRecord by @c (fails the test if refused). */
char *export_record (GDBusConnection *c, const char *game);

/* The record replayed whole by the engine (expansions from @host, nullable). */
CarcGame *mirror_from_record (const char *record, CarcPluginHost *host);

/* A legal move for the mirror's current phase, chosen with @rand. */
void mirror_choose (CarcGame *mirror, GRand *rand, CarcMove *move);

/* The D-Bus method and arguments of @move. */
const char *move_method (const CarcMove *move, GVariant **args);

/* @c makes @move in @game through the daemon: TRUE if accepted. */
gboolean move_call (GDBusConnection *c, const char *game, const CarcMove *move, GError **error);

/* @c sends @move without waiting for the reply. */
void move_send (GDBusConnection *c, const char *game, const CarcMove *move);

/* The mirror's state hash equals the daemon's. */
void assert_in_sync (GDBusConnection *c, const char *game, CarcGame *mirror);

/* Plays @n moves of @game (G_MAXUINT: to its end), each chosen for the mirror and made by the
 * seat's client @seats[i] through the daemon and by the mirror; the daemon stays in sync. */
void mirror_play (GDBusConnection *const *seats, const char *game, CarcGame *mirror, GRand *rand,
                  guint n);
