import { VIDEO_TOO_LARGE_MESSAGE } from '../../shared/constants-video';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '../../shared/constants';
import { createApp } from '../app';
import { createMemoryMediaStore } from '../media/memory';
import type { MediaStore } from '../media/types';
import { createAdminSession, createTestDeps } from '../../../tests/support/server/admin-session';
import { fileBytes } from '../../../tests/support/server/content';

// /api/admin/uploads (chunked media uploads) and the media they produce at /media/<key>.

type Reply<T = unknown> = { success: boolean; message?: string; errors?: Record<string, string>; data: T };
type Session = { uploadId: string; chunkSize: number; chunkCount: number };
type Committed = { mediaUrl: string; mediaType: 'image' | 'video'; contentType: string; size: number };

const MB = 1024 * 1024;

/** A media store whose `put` fails on demand, to stand in for a storage hiccup. */
function flakyMedia(): MediaStore & {
  failNextPut: () => void;
  items: ReturnType<typeof createMemoryMediaStore>['items'];
} {
  const inner = createMemoryMediaStore();
  let fail = false;
  return {
    ...inner,
    failNextPut: () => {
      fail = true;
    },
    async put(key, data, contentType) {
      if (fail) {
        fail = false;
        throw new Error('blob store timed out');
      }
      await inner.put(key, data, contentType);
    },
  };
}

async function setup() {
  const media = flakyMedia();
  const deps = createTestDeps({ media });
  const app = createApp(deps);
  let { authHeader } = await createAdminSession(app);
  const json = async <T>(response: Response | Promise<Response>) => {
    const r = await response;
    return { status: r.status, body: (await r.json()) as Reply<T> };
  };
  const api = {
    start: (payload: unknown) =>
      json<Session>(
        app.request('/api/admin/uploads', {
          method: 'POST',
          headers: { ...authHeader, 'Content-Type': 'application/json' },
          body: JSON.stringify(payload),
        }),
      ),
    chunk: (uploadId: string, index: number | string, bytes: Uint8Array<ArrayBuffer>) =>
      json<{ received: number; chunkCount: number }>(
        app.request(`/api/admin/uploads/${uploadId}/chunks/${index}`, {
          method: 'PUT',
          headers: { ...authHeader, 'Content-Type': 'application/octet-stream' },
          body: bytes,
        }),
      ),
    commit: (uploadId: string) =>
      json<Committed>(app.request(`/api/admin/uploads/${uploadId}/commit`, { method: 'POST', headers: authHeader })),
    abort: (uploadId: string) =>
      json(app.request(`/api/admin/uploads/${uploadId}`, { method: 'DELETE', headers: authHeader })),
    /** Signs in again (after moving the clock past the token's lifetime). */
    async refreshSession() {
      ({ authHeader } = await createAdminSession(app));
    },
  };
  /** Start, send every chunk, commit: the happy path. */
  const uploadAll = async (bytes: Uint8Array<ArrayBuffer>, contentType = '', purpose = 'banner') => {
    const started = await api.start({ size: bytes.byteLength, contentType, purpose });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const { uploadId, chunkSize, chunkCount } = started.body.data;
    for (let i = 0; i < chunkCount; i += 1) {
      const sent = await api.chunk(uploadId, i, bytes.slice(i * chunkSize, (i + 1) * chunkSize));
      expect(sent.status).toBe(200);
    }
    return { uploadId, committed: await api.commit(uploadId) };
  };
  return { app, deps, media, api, uploadAll };
}

/** Deterministic bytes that do not compress or repeat (xorshift32), behind a real file signature. */
function generatedFile(size: number, head: Uint8Array): Uint8Array<ArrayBuffer> {
  const words = new Uint32Array(Math.ceil(size / 4));
  let x = 0x9e3779b9;
  for (let i = 0; i < words.length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  const bytes = new Uint8Array(words.buffer, 0, size);
  bytes.set(head, 0);
  return bytes;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

afterEach(() => {
  vi.useRealTimers();
});

describe('authentication', () => {
  it('answers 401 on every upload route without a valid token', async () => {
    const { app, api } = await setup();
    const { body } = await api.start({ size: 10, contentType: 'image/png' });
    const id = body.data.uploadId;
    const routes: [string, string][] = [
      ['POST', '/api/admin/uploads'],
      ['PUT', `/api/admin/uploads/${id}/chunks/0`],
      ['POST', `/api/admin/uploads/${id}/commit`],
      ['DELETE', `/api/admin/uploads/${id}`],
      ['DELETE', '/api/admin/uploads/not-an-id'],
    ];
    for (const headers of [{}, { Authorization: 'Bearer x.y.z' }]) {
      for (const [method, path] of routes) {
        const response = await app.request(path, {
          method,
          headers: method === 'PUT' ? { ...headers, 'Content-Type': 'application/octet-stream' } : headers,
          body: method === 'PUT' ? 'x' : null,
        });
        expect(response.status, `${method} ${path}`).toBe(401);
      }
    }
  });
});

describe('starting an upload', () => {
  it('answers the session with 4 MB chunks', async () => {
    const { api } = await setup();
    // A 15 MB video: the largest a banner takes (BANNER_VIDEO_MAX_BYTES).
    const started = await api.start({ size: 15 * MB, contentType: 'video/mp4', purpose: 'banner' });
    expect(started.status).toBe(201);
    expect(started.body.success).toBe(true);
    const { uploadId, ...rest } = started.body.data;
    expect(uploadId).toMatch(/^[a-f0-9]{24}$/);
    expect(rest).toEqual({ chunkSize: UPLOAD_CHUNK_BYTES, chunkCount: 4 });
    expect(UPLOAD_CHUNK_BYTES).toBe(4 * MB);
  });

  it('validates the size, declared type and purpose', async () => {
    const { api } = await setup();
    const cases: [unknown, number, string][] = [
      [{ size: 0, contentType: 'image/png' }, 400, 'The file is empty'],
      [{ size: 50 * MB + 1, contentType: 'video/mp4' }, 400, 'Media must be at most 50 MB'],
      [{ size: 'big', contentType: 'video/mp4' }, 400, 'Size must be a number of bytes'],
      [{ size: 1.5, contentType: 'video/mp4' }, 400, 'Size must be a whole number of bytes'],
      [{ size: 10, contentType: 'image/png', purpose: 'avatar' }, 400, 'Purpose must be banner or service'],
      [{ size: 10, contentType: 'image/png', extra: 1 }, 400, 'Unrecognized key: "extra"'],
      [
        { size: 10, contentType: 'text/html' },
        415,
        'Only JPEG, PNG, WebP, AVIF or GIF images and MP4 or WebM videos can be uploaded',
      ],
      [
        { size: 10, contentType: 'image/svg+xml' },
        415,
        'Only JPEG, PNG, WebP, AVIF or GIF images and MP4 or WebM videos can be uploaded',
      ],
      [
        { size: 10, contentType: 'video/mp4', purpose: 'service' },
        415,
        'Only JPEG, PNG, WebP, AVIF or GIF images can be used',
      ],
      [{ size: 21 * MB, contentType: 'image/jpeg' }, 413, 'Images must be at most 20 MB'],
      [{ size: 15 * MB + 1, contentType: 'video/mp4' }, 413, VIDEO_TOO_LARGE_MESSAGE],
    ];
    for (const [payload, status, message] of cases) {
      const { status: got, body } = await api.start(payload);
      expect(got, JSON.stringify(payload)).toBe(status);
      expect(body.message, JSON.stringify(payload)).toBe(message);
    }
    for (const contentType of ['', 'application/octet-stream', 'IMAGE/PNG']) {
      expect((await api.start({ size: 10, contentType })).status, contentType).toBe(201);
    }
  });
});

describe('a 15 MB chunked upload (the video cap)', () => {
  it('reports progress, survives one failed chunk and a repeated one, commits, and reads back identical by Range', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // Every 5xx is logged (src/server/app.ts): the retried chunk's 503 too.
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api, app, media } = await setup();
    const size = 15 * MB;
    const original = generatedFile(size, fileBytes.mp4(64));
    const started = await api.start({ size, contentType: 'video/mp4', purpose: 'banner' });
    const { uploadId, chunkSize, chunkCount } = started.body.data;
    expect(chunkCount).toBe(4);

    const progress: number[] = [];
    for (let index = 0; index < chunkCount; index += 1) {
      const piece = original.slice(index * chunkSize, (index + 1) * chunkSize);
      if (index === 2) {
        // The storage fails once: the client is told to retry (503) and the chunk is not counted.
        media.failNextPut();
        const failed = await api.chunk(uploadId, index, piece);
        expect(failed.status).toBe(503);
        expect(failed.body).toEqual({ success: false, message: 'The chunk could not be stored. Please retry.' });
        expect(warn).toHaveBeenCalledOnce();
        expect(error).toHaveBeenCalledExactlyOnceWith(
          `[api] PUT /api/admin/uploads/${uploadId}/chunks/2 answered 503: HttpError: The chunk could not be stored. Please retry.`,
        );
      }
      const sent = await api.chunk(uploadId, index, piece);
      expect(sent.status).toBe(200);
      progress.push(sent.body.data.received);
      expect(sent.body.data.chunkCount).toBe(4);
    }
    expect(progress).toEqual([1, 2, 3, 4]);
    // A repeated chunk (the client retried after a lost reply) replaces, it does not add.
    const again = await api.chunk(uploadId, 3, original.slice(3 * chunkSize, 4 * chunkSize));
    expect(again.body.data.received).toBe(4);

    const committed = await api.commit(uploadId);
    expect(committed.status).toBe(200);
    // The key is derived from the content: the first 128 bits of its SHA-256.
    expect(committed.body.data).toEqual({
      mediaUrl: `/media/${sha(original).slice(0, 32)}.mp4`,
      mediaType: 'video',
      contentType: 'video/mp4',
      size,
    });

    // Read it back as a browser's video element does: open-ended ranges, each answered with at most one chunk.
    const url = committed.body.data.mediaUrl;
    const received = new Uint8Array(size);
    let offset = 0;
    let replies = 0;
    while (offset < size) {
      const response = await app.request(url, { headers: { Range: `bytes=${offset}-` } });
      expect(response.status).toBe(206);
      const body = new Uint8Array(await response.arrayBuffer());
      expect(body.byteLength).toBeLessThanOrEqual(UPLOAD_CHUNK_BYTES);
      expect(response.headers.get('content-range')).toBe(`bytes ${offset}-${offset + body.byteLength - 1}/${size}`);
      expect(response.headers.get('content-length')).toBe(String(body.byteLength));
      received.set(body, offset);
      offset += body.byteLength;
      replies += 1;
    }
    expect(replies).toBe(4);
    expect(sha(received)).toBe(sha(original));

    // Ranges across a chunk boundary stop at the boundary; ranges inside one are exact.
    const across = await app.request(url, { headers: { Range: `bytes=${4 * MB - 10}-${4 * MB + 9}` } });
    expect(across.headers.get('content-range')).toBe(`bytes ${4 * MB - 10}-${4 * MB - 1}/${size}`);
    expect(new Uint8Array(await across.arrayBuffer())).toEqual(original.slice(4 * MB - 10, 4 * MB));
    const inside = await app.request(url, { headers: { Range: 'bytes=30000000-30000099' } });
    expect(new Uint8Array(await inside.arrayBuffer())).toEqual(original.slice(30_000_000, 30_000_100));
    const suffix = await app.request(url, { headers: { Range: 'bytes=-100' } });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 100}-${size - 1}/${size}`);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(original.slice(size - 100));

    const head = await app.request(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
    expect(head.headers.get('content-type')).toBe('video/mp4');

    // Committing again (a retry after a lost reply) answers the same media; the upload takes no more chunks.
    expect((await api.commit(uploadId)).body.data).toEqual(committed.body.data);
    expect((await api.chunk(uploadId, 0, original.slice(0, chunkSize))).status).toBe(409);
    expect((await api.abort(uploadId)).status).toBe(409);
  });
});

describe('chunks and commits', () => {
  it('refuses chunks of the wrong size or index, and unknown or malformed uploads', async () => {
    const { api } = await setup();
    const { body } = await api.start({ size: 4 * MB + 10, contentType: 'image/png' });
    const id = body.data.uploadId;
    const cases: [string, number | string, Uint8Array<ArrayBuffer>, number, RegExp][] = [
      [id, 0, new Uint8Array(10), 400, /Chunk 0 must be 4194304 bytes; received 10/],
      [id, 1, new Uint8Array(11), 400, /Chunk 1 must be 10 bytes; received 11/],
      [id, 2, new Uint8Array(10), 400, /out of range/],
      [id, 'abc', new Uint8Array(10), 400, /Chunk index must be a whole number/],
      [id, -1, new Uint8Array(10), 400, /Chunk index must be 0 or more/],
      [id, 0, new Uint8Array(4 * MB + 1), 413, /at most 4194304 bytes/],
      ['cccccccccccccccccccccccc', 0, new Uint8Array(10), 404, /Upload not found/],
      ['not-an-id', 0, new Uint8Array(10), 404, /Upload not found/],
    ];
    for (const [uploadId, index, bytes, status, message] of cases) {
      const reply = await api.chunk(uploadId, index, bytes);
      expect(reply.status, `${uploadId}/${index}`).toBe(status);
      expect(reply.body.message, `${uploadId}/${index}`).toMatch(message);
    }
    for (const uploadId of ['cccccccccccccccccccccccc', 'zzz']) {
      expect((await api.commit(uploadId)).status).toBe(404);
      expect((await api.abort(uploadId)).status).toBe(404);
    }
  });

  it('does not commit an incomplete upload', async () => {
    const { api } = await setup();
    const bytes = generatedFile(9 * MB, fileBytes.mp4(64));
    const { body } = await api.start({ size: bytes.byteLength, contentType: 'video/mp4' });
    const id = body.data.uploadId;
    await api.chunk(id, 1, bytes.slice(4 * MB, 8 * MB));
    const commit = await api.commit(id);
    expect(commit.status).toBe(409);
    expect(commit.body.message).toBe('The upload is incomplete: 2 of 3 chunks missing (0, 2)');
  });

  it('decides the type by the bytes at commit: JPEG declared as video is an image', async () => {
    const { uploadAll } = await setup();
    const { committed } = await uploadAll(fileBytes.jpeg(1000), 'video/mp4');
    expect(committed.status).toBe(200);
    expect(committed.body.data).toMatchObject({ mediaType: 'image', contentType: 'image/jpeg', size: 1000 });
    expect(committed.body.data.mediaUrl).toMatch(/\.jpg$/);
  });

  it('refuses HTML and SVG declared as images with 415 at commit, and drops the upload', async () => {
    const { api, uploadAll, media } = await setup();
    for (const bytes of [fileBytes.html(), fileBytes.svg()]) {
      const { uploadId, committed } = await uploadAll(bytes, 'image/png');
      expect(committed.status).toBe(415);
      expect(committed.body.message).toBe(
        'Only JPEG, PNG, WebP, AVIF or GIF images and MP4 or WebM videos can be uploaded',
      );
      expect((await api.chunk(uploadId, 0, bytes)).status).toBe(404);
    }
    expect(media.items.size).toBe(0);
  });

  it('keeps service uploads to images, and images to 20 MB', async () => {
    const { uploadAll, media } = await setup();
    const video = await uploadAll(fileBytes.mp4(2000), 'image/jpeg', 'service');
    expect(video.committed.status).toBe(415);
    expect(video.committed.body.message).toBe('Only JPEG, PNG, WebP, AVIF or GIF images can be used');
    const bigImage = await uploadAll(generatedFile(21 * MB, fileBytes.jpeg(16)), 'application/octet-stream');
    expect(bigImage.committed.status).toBe(413);
    expect(bigImage.committed.body.message).toBe('Images must be at most 20 MB');
    expect(media.items.size).toBe(0);
  });

  it('stores one copy of identical files: the key comes from the content', async () => {
    const { uploadAll, media } = await setup();
    const bytes = generatedFile(5 * MB, fileBytes.mp4(64));
    const first = await uploadAll(bytes);
    const second = await uploadAll(bytes);
    expect(second.committed.body.data.mediaUrl).toBe(first.committed.body.data.mediaUrl);
    // One manifest and the first upload's two chunks; the second upload's chunks were dropped.
    expect([...media.items.keys()].filter((key) => key.startsWith(`uploads/${second.uploadId}/`))).toEqual([]);
    expect(media.items.size).toBe(3);
  });

  it('stores a one-chunk upload as a single blob under its key', async () => {
    const { uploadAll, media } = await setup();
    const bytes = fileBytes.png(3000);
    const { committed } = await uploadAll(bytes);
    const key = committed.body.data.mediaUrl.replace('/media/', '');
    expect([...media.items.keys()]).toEqual([key]);
    expect(media.items.get(key)).toEqual({ data: bytes, contentType: 'image/png' });
  });

  it('deletes a committed multi-chunk video with the banner that used it (for good, from the trash), chunks included', async () => {
    const { app, uploadAll, media } = await setup();
    const { authHeader } = await createAdminSession(app);
    const video = generatedFile(9 * MB, fileBytes.mp4(64));
    const { committed } = await uploadAll(video);
    expect(media.items.size).toBe(4); // a manifest and three chunks
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Video',
      link: '/service',
      mediaUrl: committed.body.data.mediaUrl,
    }))
      form.set(name, value);
    const created = await app.request('/api/banners', { method: 'POST', headers: authHeader, body: form });
    const banner = ((await created.json()) as Reply<{ _id: string; mediaType: string }>).data;
    expect(banner.mediaType).toBe('video');
    const deleted = await app.request(`/api/banners/${banner._id}`, { method: 'DELETE', headers: authHeader });
    expect(deleted.status).toBe(200);
    expect(media.items.size).toBe(4); // kept while the banner is in the trash
    const purged = await app.request(`/api/admin/trash/${banner._id}`, { method: 'DELETE', headers: authHeader });
    expect(purged.status).toBe(200);
    expect(media.items.size).toBe(0);
    expect((await app.request(committed.body.data.mediaUrl)).status).toBe(404);
  });

  it('aborts an upload: its chunks and record are deleted', async () => {
    const { api, media } = await setup();
    const bytes = generatedFile(5 * MB, fileBytes.mp4(64));
    const { body } = await api.start({ size: bytes.byteLength, contentType: 'video/mp4' });
    const id = body.data.uploadId;
    await api.chunk(id, 0, bytes.slice(0, 4 * MB));
    expect(media.items.size).toBe(1);
    const aborted = await api.abort(id);
    expect(aborted.status).toBe(200);
    expect(aborted.body).toEqual({ success: true, message: 'Upload aborted' });
    expect(media.items.size).toBe(0);
    expect((await api.chunk(id, 1, bytes.slice(4 * MB))).status).toBe(404);
  });

  it('cleans up unfinished uploads after 24 hours, when the next upload starts', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-01T10:00:00Z');
    vi.setSystemTime(start);
    const { api, media, deps } = await setup();
    const old = await api.start({ size: 20, contentType: 'image/png' });
    await api.chunk(old.body.data.uploadId, 0, fileBytes.png(20));
    vi.setSystemTime(new Date(start.getTime() + 23 * 60 * 60 * 1000));
    await api.refreshSession();
    const younger = await api.start({ size: 20, contentType: 'image/png' });
    await api.chunk(younger.body.data.uploadId, 0, fileBytes.png(20));
    expect(media.items.size).toBe(2);

    vi.setSystemTime(new Date(start.getTime() + 24 * 60 * 60 * 1000 + 60_000));
    // Past its expiry an upload is gone even before cleanup ran.
    expect((await api.commit(old.body.data.uploadId)).status).toBe(404);
    await api.start({ size: 20, contentType: 'image/png' });
    expect([...media.items.keys()].some((key) => key.includes(old.body.data.uploadId))).toBe(false);
    expect(await deps.stores.uploads.get(old.body.data.uploadId)).toBeNull();
    expect([...media.items.keys()].some((key) => key.includes(younger.body.data.uploadId))).toBe(true);
  });
});
