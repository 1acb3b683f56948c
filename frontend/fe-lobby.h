/* fe-lobby.h: creating, joining, rejoining and watching games; the lobby window. */
#pragma once

#include <gtk/gtk.h>
#include "fe-game.h"

G_BEGIN_DECLS

FeGame *fe_lobby_create (GDBusConnection *bus, GVariant *options, const char *name,
                         char **creator_token, GError **error);
FeGame *fe_lobby_join (GDBusConnection *bus, const char *path, const char *name, GError **error);
FeGame *fe_lobby_rejoin (GDBusConnection *bus, const char *path, char **creator_token,
                         GError **error);
FeGame *fe_lobby_watch (GDBusConnection *bus, const char *path, GError **error);
GtkWidget *fe_lobby_window_new (GtkApplication *app, GDBusConnection *bus, const char *report);

G_END_DECLS
