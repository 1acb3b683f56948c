/* dbus-args.h: appending the daemon's composite D-Bus values. */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

/* A CARC_LOC_* mask as "as": ["N", "ENE", ...]. */
gboolean carcd_append_location (DBusMessageIter *iter, guint32 location);
/* "au" */
gboolean carcd_append_uint_array (DBusMessageIter *iter, const guint *values, guint n);
/* "ao" */
gboolean carcd_append_path_array (DBusMessageIter *iter, const char *const *paths, guint n);
