/* jcz-record-file.c: a JCloisterZone record read from a file, gzipped (.jsonl.gz, as the
 * vendored games are) or not (.jsonl), and handed to the reader (jcz-record.c). */
#include "config.h"

#include "jcz-record.h"

#include <gio/gio.h>
#include <string.h>

/* The whole text of the file, gunzipped when it starts with gzip's magic bytes; at most
 * JCZ_RECORD_MAX_BYTES + 1 bytes, so that the reader refuses a bigger one. */
static GBytes *
read_text (const char *path, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInputStream) raw = g_file_read (file, NULL, error);
  if (!raw)
    return NULL;
  g_autoptr (GBufferedInputStream) buffered
      = G_BUFFERED_INPUT_STREAM (g_buffered_input_stream_new (G_INPUT_STREAM (raw)));
  if (g_buffered_input_stream_fill (buffered, 2, NULL, error) < 0)
    return NULL;
  gsize n;
  const guint8 *head = g_buffered_input_stream_peek_buffer (buffered, &n);
  g_autoptr (GInputStream) in = NULL;
  if (n >= 2 && head[0] == 0x1f && head[1] == 0x8b)
    {
      g_autoptr (GZlibDecompressor) gz = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
      in = g_converter_input_stream_new (G_INPUT_STREAM (buffered), G_CONVERTER (gz));
    }
  else
    in = G_INPUT_STREAM (g_object_ref (buffered));
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr (GBytes) chunk = NULL;
  gsize total = 0;
  do
    {
      g_clear_pointer (&chunk, g_bytes_unref);
      chunk = g_input_stream_read_bytes (in, 65536, NULL, error);
      if (!chunk
          || !g_output_stream_write_all (out, g_bytes_get_data (chunk, NULL),
                                         g_bytes_get_size (chunk), NULL, NULL, error))
        return NULL;
      total += g_bytes_get_size (chunk);
    }
  while (g_bytes_get_size (chunk) > 0 && total <= JCZ_RECORD_MAX_BYTES);
  if (!g_output_stream_close (out, NULL, error))
    return NULL;
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

/**
 * jcz_game_load:
 * @path: a record file, gzipped or not
 *
 * Returns: (transfer full): the game, or %NULL with @error set: a GIOError when the file
 *   cannot be read (or a GZlibDecompressor error when it is not valid gzip), a
 *   JCZ_RECORD_ERROR when it is not a record (jcz_game_parse())
 */
JczGame *
jcz_game_load (const char *path, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  g_autoptr (GBytes) text = read_text (path, error);
  if (!text)
    return NULL;
  gsize len;
  const char *data = g_bytes_get_data (text, &len);
  return jcz_game_parse (data ? data : "", len, error);
}
