import { Hono } from 'hono';
import type { AppEnv } from '../deps';
import { fail } from '../http/errors';
import { chunkEnd, isMediaKey, openMedia, readMediaRange, streamMedia, type MediaObject } from '../media/objects';
import { IMAGE_MAX_BYTES } from '../../shared/schemas/upload';
import { parseRange, partialCacheHeaders } from '../media/range';

/**
 * Netlify streams a function reply up to 20 MB. The largest image an upload may hold (IMAGE_MAX_BYTES) must come
 * back whole, since browsers never ask images by range; a request without Range for anything larger (a video)
 * gets the first chunk as a 206 instead of a body that would stop part-way (docs/content-api.md, "Media").
 */
export const MAX_WHOLE_REPLY_BYTES = IMAGE_MAX_BYTES;

/** Keys made by contentKey(): 128 bits of the content's SHA-256, so the bytes behind one never change. */
const CONTENT_HASHED_KEY = /^[0-9a-f]{32}\.[A-Za-z0-9]+$/;

/**
 * GET /media/{key}: uploaded images and videos. Media that the built pages reference are copied into the publish
 * folder by every build, and the function's `preferStatic` lets Netlify's CDN serve those files; this route serves
 * the rest (media uploaded since the last build). Keys are derived from the content, so a key's bytes never change
 * and may be cached for a year. Byte ranges are answered one chunk at a time (206), which keeps every reply of a
 * 50 MB video within the platform's response limit; a request without Range gets the whole object when it fits in
 * one reply, otherwise its first chunk as a 206 (the browser asks for the rest by range).
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

  const rangeHeader = c.req.header('range');
  // Too big for one reply: answer as if the first chunk had been asked for, never a body cut off part-way. HEAD
  // carries no body, so it still tells the whole size (200) to a client that is about to ask by range.
  const range =
    rangeHeader === undefined && !isHead && object.size > MAX_WHOLE_REPLY_BYTES
      ? { start: 0, end: object.size - 1 }
      : parseRange(rangeHeader, object.size);
  if (range === 'unsatisfiable') {
    return c.body(null, 416, { ...partialCacheHeaders(headers), 'Content-Range': `bytes */${object.size}` });
  }
  if (range) {
    // At most one chunk per reply: the client asks again for the rest, as browsers do for media.
    const end = Math.min(range.end, chunkEnd(object, range.start));
    const partial = {
      ...partialCacheHeaders(headers),
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
  const hashed = CONTENT_HASHED_KEY.test(object.key);
  return {
    'Content-Type': object.contentType,
    'Cache-Control': 'public, max-age=31536000, immutable',
    // Netlify's CDN: `durable` shares one cached copy between edge nodes but is still cleared by a deploy. A
    // content-hashed key never changes its bytes, so its replies carry a cache ID, which is what lets them outlive
    // a deploy (docs/publishing.md, "Media caching"); other keys are kept for an hour and cleared with each deploy.
    'Netlify-CDN-Cache-Control': hashed
      ? 'public, durable, max-age=31536000, immutable'
      : 'public, durable, max-age=3600',
    ...(hashed ? { 'Netlify-Cache-ID': 'media' } : {}),
    'X-Content-Type-Options': 'nosniff',
    // Served media is never a document: even a file that slipped past sniffing could run nothing.
    'Content-Security-Policy': "default-src 'none'",
    'Accept-Ranges': 'bytes',
    ETag: `"${object.key}"`,
  };
}
