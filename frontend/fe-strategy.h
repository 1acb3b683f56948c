/* fe-strategy.h: the bots' strategy chooser of the create-game box (Manager.Strategies). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

GtkWidget *fe_strategy_chooser_new (GDBusConnection *bus, const char *reserved);
GVariant *fe_strategy_chooser_get_options (GtkWidget *chooser);

G_END_DECLS
