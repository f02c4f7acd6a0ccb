import { Hono } from 'hono';
import type { AppEnv } from '../deps';
import { fail } from '../http/errors';
import { chunkEnd, isMediaKey, openMedia, readMediaRange, streamMedia, type MediaObject } from '../media/objects';
import { parseRange } from '../media/range';

/**
 * GET /media/{key}: uploaded images and videos. Keys are derived from the content, so a key's bytes never change
 * and may be cached for a year. Byte ranges are answered one chunk at a time (206), which keeps every reply of a
 * 50 MB video within the platform's response limit; a request without Range gets the whole object streamed.
 */
export const mediaRoutes = new Hono<AppEnv>().get('/:key', async (c) => {
  const key = c.req.param('key');
  const { media } = c.var.deps;
  const object = isMediaKey(key) ? await openMedia(media, key) : null;
  if (!object) return fail(c, 404, 'Media not found');

  const headers = mediaHeaders(object);
  if (
    c.req
      .header('if-none-match')
      ?.split(',')
      .some((tag) => tag.trim() === headers.ETag)
  ) {
    return c.body(null, 304, headers);
  }
  // Hono answers HEAD through this GET handler and drops the body; skip reading the blobs then.
  const isHead = c.req.method === 'HEAD';

  const range = parseRange(c.req.header('range'), object.size);
  if (range === 'unsatisfiable') {
    return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${object.size}` });
  }
  if (range) {
    // At most one chunk per reply: the client asks again for the rest, as browsers do for media.
    const end = Math.min(range.end, chunkEnd(object, range.start));
    const partial = {
      ...headers,
      'Content-Range': `bytes ${range.start}-${end}/${object.size}`,
      'Content-Length': String(end - range.start + 1),
    };
    if (isHead) return c.body(null, 206, partial);
    return c.body(await readMediaRange(media, object, range.start, end), 206, partial);
  }

  const full = { ...headers, 'Content-Length': String(object.size) };
  if (isHead) return c.body(null, 200, full);
  return c.body(streamMedia(media, object), 200, full);
});

function mediaHeaders(object: MediaObject): Record<string, string> {
  return {
    'Content-Type': object.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    'X-Content-Type-Options': 'nosniff',
    // Served media is never a document: even a file that slipped past sniffing could run nothing.
    'Content-Security-Policy': "default-src 'none'",
    'Accept-Ranges': 'bytes',
    ETag: `"${object.key}"`,
  };
}
