/* token.c: seat and creator tokens: made, compared, bound to a Unix user, read from options. */
#include "config.h"

#include "token.h"

#include <errno.h>
#include <string.h>
#include <sys/random.h>

#include "cdbus.h"
#include "errors.h"

gboolean
carcd_random_bytes (void *buf, gsize len)
{
  guint8 *p = buf;

  while (len > 0)
    {
      ssize_t n = getrandom (p, len, 0);
      if (n < 0)
        {
          if (errno == EINTR)
            continue;
          return FALSE;
        }
      p += n;
      len -= (gsize)n;
    }
  return TRUE;
}

gboolean
carcd_token_new (char *token, GError **error)
{
  guint8 bytes[CARCD_TOKEN_CHARS / 2];

  if (!carcd_random_bytes (bytes, sizeof bytes))
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_FAILED, "No randomness: %s", g_strerror (errno));
      return FALSE;
    }
  for (guint i = 0; i < sizeof bytes; i++)
    {
      token[2 * i] = "0123456789abcdef"[bytes[i] >> 4];
      token[2 * i + 1] = "0123456789abcdef"[bytes[i] & 15];
    }
  token[CARCD_TOKEN_CHARS] = '\0';
  return TRUE;
}

gboolean
carcd_token_equal (const char *a, const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  guint diff = la != lb;

  for (gsize i = 0; i < la && i < lb; i++)
    diff |= (guint)(a[i] ^ b[i]);
  return diff == 0;
}

gboolean
carcd_token_valid (const char *text)
{
  gsize n = 0;

  for (; text[n]; n++)
    if (!g_ascii_isdigit (text[n]) && !(text[n] >= 'a' && text[n] <= 'f'))
      return FALSE;
  return n == CARCD_TOKEN_CHARS;
}

gint64
carcd_caller_uid (DBusConnection *connection, const char *name)
{
  DBusError error = DBUS_ERROR_INIT;
  unsigned long uid;

  if (name == NULL || name[0] == '\0')
    return CARCD_NO_UID;
  /* a round trip to the bus driver: made only when a token is issued or presented */
  uid = dbus_bus_get_unix_user (connection, name, &error);
  if (dbus_error_is_set (&error))
    {
      g_debug ("The bus does not tell the Unix user of %s: %s", name, error.message);
      dbus_error_free (&error);
      return CARCD_NO_UID;
    }
  return (gint64)uid;
}

gboolean
carcd_options_get_token (const DBusMessageIter *dict, const char **token, GError **error)
{
  DBusMessageIter it = *dict, value;
  const char *key;

  *token = NULL;
  while (cdbus_dict_next (&it, &key, &value))
    {
      if (!g_str_equal (key, "token"))
        continue;
      if (dbus_message_iter_get_arg_type (&value) != DBUS_TYPE_STRING || *token)
        {
          *token = NULL;
          g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                       "Option \"token\" must be one string (s)");
          return FALSE;
        }
      dbus_message_iter_get_basic (&value, token);
    }
  return TRUE;
}

gboolean
carcd_options_expect_only_token (const DBusMessageIter *dict, const char *method, GError **error)
{
  DBusMessageIter it = *dict, value;
  const char *key;

  while (cdbus_dict_next (&it, &key, &value))
    if (!g_str_equal (key, "token"))
      {
        g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                     "Unknown option \"%s\" (%s takes only \"token\")", key, method);
        return FALSE;
      }
  return TRUE;
}
