import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '../../shared/constants';
import { IMAGE_MAX_BYTES } from '../../shared/schemas/upload';
import { createApp } from '../app';
import { createMemoryMediaStore } from '../media/memory';
import type { MediaStore } from '../media/types';
import { putManifest } from '../media/objects';
import { MAX_WHOLE_REPLY_BYTES } from './media';
import { createTestDeps } from '../../../tests/support/server/admin-session';
import { fileBytes } from '../../../tests/support/server/content';

// GET /media/<key>: stored media, served with safe, cacheable headers and byte ranges.

function setup() {
  const media = createMemoryMediaStore();
  const app = createApp(createTestDeps({ media }));
  return { app, media };
}

/**
 * Stores `chunk` once at `chunkKey` and a video `name` of six chunk entries that all point at it: a 24 MiB video without
 * holding 24 MiB in memory. Gives the video's size.
 */
async function putSixChunkVideo(media: MediaStore, name: string, chunkKey: string, chunk: Uint8Array) {
  await media.put(chunkKey, chunk, 'application/octet-stream');
  const size = UPLOAD_CHUNK_BYTES * 6;
  await putManifest(media, name, {
    version: 1,
    contentType: 'video/mp4',
    size,
    chunkSize: UPLOAD_CHUNK_BYTES,
    chunks: Array.from({ length: 6 }, () => chunkKey),
  });
  return size;
}

const SAFE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'",
  'accept-ranges': 'bytes',
};

describe('GET /media/:key', () => {
  it('serves a single stored blob (as the demo seeder stores them) with its type and safe headers', async () => {
    const { app, media } = setup();
    const bytes = fileBytes.png(5000);
    await media.put('3f2a9c0d1e.png', bytes, 'image/png');
    const response = await app.request('/media/3f2a9c0d1e.png');
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      ...SAFE_HEADERS,
      'content-type': 'image/png',
      'content-length': '5000',
      etag: '"3f2a9c0d1e.png"',
    });
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);
  });

  it('answers HEAD, If-None-Match and ranges, including 416 beyond the end', async () => {
    const { app, media } = setup();
    const bytes = fileBytes.jpeg(1000);
    await media.put('photo.jpg', bytes, 'image/jpeg');

    const head = await app.request('/media/photo.jpg', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    const cached = await app.request('/media/photo.jpg', { headers: { 'If-None-Match': '"photo.jpg"' } });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe('');

    const ranges: [string, number, string | null, Uint8Array][] = [
      ['bytes=0-9', 206, 'bytes 0-9/1000', bytes.slice(0, 10)],
      ['bytes=990-', 206, 'bytes 990-999/1000', bytes.slice(990)],
      ['bytes=-5', 206, 'bytes 995-999/1000', bytes.slice(995)],
      ['bytes=995-5000', 206, 'bytes 995-999/1000', bytes.slice(995)],
      ['bytes=10-19, 30-39', 206, 'bytes 10-19/1000', bytes.slice(10, 20)],
      ['bytes=1000-', 416, 'bytes */1000', new Uint8Array()],
      ['bytes=-0', 416, 'bytes */1000', new Uint8Array()],
      ['bytes=9-1', 200, null, bytes],
      ['pages=1-2', 200, null, bytes],
      ['bytes=abc', 200, null, bytes],
    ];
    for (const [range, status, contentRange, body] of ranges) {
      const response = await app.request('/media/photo.jpg', { headers: { Range: range } });
      expect(response.status, range).toBe(status);
      expect(response.headers.get('content-range'), range).toBe(contentRange);
      expect(new Uint8Array(await response.arrayBuffer()), range).toEqual(body);
    }
  });

  it('keeps range replies within one chunk, for a large single blob too', async () => {
    const { app, media } = setup();
    const bytes = fileBytes.jpeg(UPLOAD_CHUNK_BYTES + 1000);
    await media.put('large.jpg', bytes, 'image/jpeg');
    const first = await app.request('/media/large.jpg', { headers: { Range: 'bytes=0-' } });
    expect(first.headers.get('content-range')).toBe(`bytes 0-${UPLOAD_CHUNK_BYTES - 1}/${bytes.byteLength}`);
    const rest = await app.request('/media/large.jpg', { headers: { Range: `bytes=${UPLOAD_CHUNK_BYTES}-` } });
    expect(new Uint8Array(await rest.arrayBuffer())).toEqual(bytes.slice(UPLOAD_CHUNK_BYTES));
  });

  it('streams a chunked object whole without Range', async () => {
    const { app, media } = setup();
    const head = fileBytes.mp4();
    const parts = [head.slice(0, 8), head.slice(8, 16), head.slice(16, 19)];
    for (const [i, part] of parts.entries()) await media.put(`uploads/x/${i}`, part, 'application/octet-stream');
    await putManifest(media, 'clip.mp4', {
      version: 1,
      contentType: 'video/mp4',
      size: 19,
      chunkSize: 8,
      chunks: ['uploads/x/0', 'uploads/x/1', 'uploads/x/2'],
    });
    const whole = await app.request('/media/clip.mp4');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('content-length')).toBe('19');
    const expected = head.slice(0, 19);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(expected);
    const middle = await app.request('/media/clip.mp4', { headers: { Range: 'bytes=6-' } });
    expect(middle.headers.get('content-range')).toBe('bytes 6-7/19');
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(expected.slice(6, 8));
  });

  it('answers 404 JSON for unknown keys, path tricks and chunk blobs', async () => {
    const { app, media } = setup();
    await media.put('uploads/abc/0000', fileBytes.png(), 'application/octet-stream');
    for (const path of [
      '/media/missing.png',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/uploads%2Fabc%2F0000',
      '/media/uploads/abc/0000',
      '/media/.hidden',
      '/media/',
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ success: false, message: 'Media not found' });
    }
  });

  it('lets the Netlify CDN keep whole replies, past a deploy only when the key is content-hashed', async () => {
    const { app, media } = setup();
    const hashed = '0123456789abcdef0123456789abcdef.png';
    await media.put(hashed, fileBytes.png(), 'image/png');
    await media.put('seeded-name.png', fileBytes.png(), 'image/png');
    const forever = await app.request(`/media/${hashed}`);
    expect(forever.headers.get('netlify-cdn-cache-control')).toBe('public, durable, max-age=31536000, immutable');
    // `durable` alone is cleared by a deploy; the cache ID is what lets a reply outlive one.
    expect(forever.headers.get('netlify-cache-id')).toBe('media');
    const named = await app.request('/media/seeded-name.png');
    expect(named.headers.get('netlify-cdn-cache-control')).toBe('public, durable, max-age=3600');
    expect(named.headers.get('netlify-cache-id')).toBeNull();
  });

  it('keeps every partial reply out of shared caches, with or without Range', async () => {
    const { app, media } = setup();
    const hashed = '0123456789abcdef0123456789abcdef.mp4';
    await media.put(hashed, fileBytes.png(1000), 'video/mp4');
    const replies = [
      await app.request(`/media/${hashed}`, { headers: { Range: 'bytes=0-9' } }),
      await app.request(`/media/${hashed}`, { method: 'HEAD', headers: { Range: 'bytes=10-' } }),
      await app.request(`/media/${hashed}`, { headers: { Range: 'bytes=5000-' } }),
    ];
    expect(replies.map((reply) => reply.status)).toEqual([206, 206, 416]);
    for (const reply of replies) {
      expect(reply.headers.get('cache-control')).toBe('private, no-store');
      expect(reply.headers.get('netlify-cdn-cache-control')).toBeNull();
      expect(reply.headers.get('netlify-cache-id')).toBeNull();
    }
  });

  it('answers the largest image an upload may hold whole, with the right length and bytes', async () => {
    const { app, media } = setup();
    const chunkCount = IMAGE_MAX_BYTES / UPLOAD_CHUNK_BYTES;
    expect(Number.isInteger(chunkCount)).toBe(true);
    const chunks = Array.from({ length: chunkCount }, (_, n) => new Uint8Array(UPLOAD_CHUNK_BYTES).fill(n + 1));
    for (const [n, chunk] of chunks.entries()) await media.put(`uploads/img/${n}`, chunk, 'application/octet-stream');
    await putManifest(media, '00112233445566778899aabbccddeeff.png', {
      version: 1,
      contentType: 'image/png',
      size: IMAGE_MAX_BYTES,
      chunkSize: UPLOAD_CHUNK_BYTES,
      chunks: chunks.map((_, n) => `uploads/img/${n}`),
    });
    const expected = createHash('sha256');
    for (const chunk of chunks) expected.update(chunk);
    const reply = await app.request('/media/00112233445566778899aabbccddeeff.png');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-length')).toBe(String(IMAGE_MAX_BYTES));
    expect(reply.headers.get('content-range')).toBeNull();
    const body = new Uint8Array(await reply.arrayBuffer());
    expect(body.byteLength).toBe(IMAGE_MAX_BYTES);
    expect(createHash('sha256').update(body).digest('hex')).toBe(expected.digest('hex'));
  });

  // A 206 sent for a request without Range is the case a URL-keyed CDN would cache as the whole file.
  it('sends the first chunk of an over-long object without shared-cache headers', async () => {
    const { app, media } = setup();
    const chunk = new Uint8Array(UPLOAD_CHUNK_BYTES).fill(7);
    await putSixChunkVideo(media, 'ffeeddccbbaa99887766554433221100.mp4', 'uploads/v/0', chunk);
    const reply = await app.request('/media/ffeeddccbbaa99887766554433221100.mp4');
    expect(reply.status).toBe(206);
    expect(reply.headers.get('cache-control')).toBe('private, no-store');
    expect(reply.headers.get('netlify-cdn-cache-control')).toBeNull();
  });

  it('never streams an object past the platform limit: without Range it answers the first chunk as 206', async () => {
    const { app, media } = setup();
    const chunk = new Uint8Array(UPLOAD_CHUNK_BYTES).map((_, i) => i % 251);
    const size = await putSixChunkVideo(media, 'big.mp4', 'uploads/big/0', chunk);
    expect(size).toBeGreaterThan(MAX_WHOLE_REPLY_BYTES);
    const reply = await app.request('/media/big.mp4');
    expect(reply.status).toBe(206);
    expect(reply.headers.get('content-range')).toBe(`bytes 0-${UPLOAD_CHUNK_BYTES - 1}/${size}`);
    expect(reply.headers.get('content-length')).toBe(String(UPLOAD_CHUNK_BYTES));
    expect(new Uint8Array(await reply.arrayBuffer())).toEqual(chunk);
    // HEAD has no body to cut off: it tells the whole size.
    const head = await app.request('/media/big.mp4', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    // An object that fits in one reply still comes whole.
    await putManifest(media, 'small.mp4', {
      version: 1,
      contentType: 'video/mp4',
      size: UPLOAD_CHUNK_BYTES * 2,
      chunkSize: UPLOAD_CHUNK_BYTES,
      chunks: ['uploads/big/0', 'uploads/big/0'],
    });
    const whole = await app.request('/media/small.mp4');
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(UPLOAD_CHUNK_BYTES * 2);
  });
});
