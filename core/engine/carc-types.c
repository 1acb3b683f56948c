/* carc-types.c: names for the engine's enums and location masks. */
#include "config.h"
#include "carc-types.h"

static const char *const half_names[8] = { "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW" };

/**
 * carc_feature_kind_to_string:
 *
 * Returns: the kind's name ("city"), its #CarcFeatureKind nick
 */
const char *
carc_feature_kind_to_string (CarcFeatureKind kind)
{
  switch (kind)
    {
      case CARC_FEATURE_FIELD:
        return "field";
      case CARC_FEATURE_ROAD:
        return "road";
      case CARC_FEATURE_CITY:
        return "city";
      case CARC_FEATURE_CLOISTER:
        return "cloister";
      case CARC_FEATURE_WATER:
        return "water";
    }
  return "unknown";
}

/**
 * carc_location_to_string:
 * @location: CARC_LOC_* bits
 *
 * Returns: (transfer full): the sides and half-edges as tiles.txt names, comma-separated
 *   ("N,E", "ENE,WNW"); "" for none (a cloister)
 */
char *
carc_location_to_string (guint32 location)
{
  GString *s = g_string_new (NULL);
  static const char sides[] = "NESW";
  for (int i = 0; i < 4; i++)
    if (location & CARC_LOC_SIDE (i))
      g_string_append_printf (s, "%s%c", s->len ? "," : "", sides[i]);
  if (location & CARC_LOC_LONG)
    g_string_append_printf (s, "%sL", s->len ? "," : "");
  for (int h = 0; h < 8; h++)
    if (location & CARC_LOC_HALF (h))
      g_string_append_printf (s, "%s%s", s->len ? "," : "", half_names[h]);
  for (int h = 0; h < 2; h++)
    if (location & CARC_LOC_LONG_HALF (h))
      g_string_append_printf (s, "%s%s", s->len ? "," : "", h ? "LNW" : "LSE");
  return g_string_free (s, FALSE);
}
