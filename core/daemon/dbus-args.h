/* dbus-args.h: appending the daemon's composite D-Bus values. */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

#include "carcassonne.h"

/* A CARC_LOC_* mask as "as": ["N", "ENE", ...]. */
gboolean carcd_append_location (DBusMessageIter *iter, guint32 location);
/* "au" */
gboolean carcd_append_uint_array (DBusMessageIter *iter, const guint *values, guint n);
/* "ao" */
gboolean carcd_append_path_array (DBusMessageIter *iter, const char *const *paths, guint n);
/* "as" */
gboolean carcd_append_string_array (DBusMessageIter *iter, const char *const *strings, guint n);
/* "a(iiu)": (x, y, rotation) of each placement */
gboolean carcd_append_placements (DBusMessageIter *iter, const CarcPlacement *placements, guint n);
/* "a(suuas)": (figure kind's name, segment, feature kind, locations) of each deployment of
 * @game, as GetDeployments answers */
gboolean carcd_append_deployments (DBusMessageIter *iter, CarcGame *game,
                                   const CarcDeployment *deployments, guint n);
/* One option of "a(sssvuu)": (name, "b" or "u", description, default as a variant of that
 * type, min, max: 0 and 1 for a boolean), as Expansion.Options and Strategy.Options list them */
gboolean carcd_append_option_def (DBusMessageIter *array, const CarcOptionDef *def);
/* A method return holding only what @append appends (NULL on out of memory). */
DBusMessage *carcd_reply_with (DBusMessage *msg,
                               gboolean (*append) (DBusMessageIter *iter, gpointer data),
                               gpointer data);
