import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPLOAD_CHUNK_BYTES } from '../../shared/constants';
import { createApp } from '../app';
import { createMemoryMediaStore } from '../media/memory';
import type { MediaStore } from '../media/types';
import { UNUSED_MEDIA_GRACE_MS, UPLOAD_CAPS, sweepUnusedMedia } from '../domain/uploads';
import { createAdminSession, createTestDeps } from '../../../tests/support/server/admin-session';
import { fileBytes } from '../../../tests/support/server/content';

// Issue 11 item 5: commit cannot be raced by chunk writes, open sessions and reserved bytes are capped, and media
// nothing references is removed after 24 hours (never media a service or banner uses).

const MB = 1024 * 1024;
type Reply<T> = { success: boolean; message?: string; data: T };

/** A media store that can run a hook when a given key is read (to land a write in the middle of a commit). */
function hookedMedia(): MediaStore & { onGet: (key: string, hook: () => Promise<void>) => void } {
  const inner = createMemoryMediaStore();
  const hooks = new Map<string, () => Promise<void>>();
  return {
    ...inner,
    onGet: (key, hook) => hooks.set(key, hook),
    async get(key) {
      const hook = hooks.get(key);
      if (hook) {
        hooks.delete(key);
        await hook();
      }
      return inner.get(key);
    },
  };
}

function randomFile(size: number, head: Uint8Array, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  bytes.set(head, 0);
  return bytes;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function setup() {
  const media = hookedMedia();
  const deps = createTestDeps({ media });
  const app = createApp(deps);
  const { authHeader } = await createAdminSession(app);
  const call = async <T>(path: string, init: RequestInit) => {
    const response = await app.request(path, { ...init, headers: { ...authHeader, ...init.headers } });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Reply<T> };
  };
  const start = (size: number, purpose = 'banner') =>
    call<{ uploadId: string; chunkSize: number; chunkCount: number }>('/api/admin/uploads', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ size, contentType: '', purpose }),
    });
  const chunk = (id: string, index: number, bytes: Uint8Array<ArrayBuffer>) =>
    call(`/api/admin/uploads/${id}/chunks/${index}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: bytes,
    });
  const commit = (id: string) => call<{ mediaUrl: string }>(`/api/admin/uploads/${id}/commit`, { method: 'POST' });
  const upload = async (bytes: Uint8Array<ArrayBuffer>) => {
    const started = await start(bytes.byteLength);
    const { uploadId, chunkSize, chunkCount } = started.body.data;
    for (let i = 0; i < chunkCount; i += 1) {
      expect((await chunk(uploadId, i, bytes.slice(i * chunkSize, (i + 1) * chunkSize))).status).toBe(200);
    }
    return { uploadId, chunkSize, committed: await commit(uploadId) };
  };
  const fetchMedia = async (url: string) => new Uint8Array(await (await app.request(url)).arrayBuffer());
  return { app, deps, media, authHeader, start, chunk, commit, upload, fetchMedia };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('commit against concurrent chunk writes', () => {
  it('a chunk rewritten while the commit reads the chunks does not change the bytes behind the hashed URL', async () => {
    const { media, start, chunk, commit, fetchMedia } = await setup();
    const original = randomFile(UPLOAD_CHUNK_BYTES + 1000, fileBytes.mp4(64), 7);
    const started = await start(original.byteLength);
    const { uploadId, chunkSize } = started.body.data;
    expect((await chunk(uploadId, 0, original.slice(0, chunkSize))).status).toBe(200);
    expect((await chunk(uploadId, 1, original.slice(chunkSize))).status).toBe(200);
    // While the commit reads chunk 1, chunk 0 is sent again with other bytes (same length).
    const other = randomFile(chunkSize, fileBytes.mp4(64), 99);
    media.onGet(`uploads/${uploadId}/0001`, async () => {
      await chunk(uploadId, 0, other);
    });
    const committed = await commit(uploadId);
    expect(committed.status).toBe(200);
    const served = await fetchMedia(committed.body.data.mediaUrl);
    // The URL names the content: what it serves must hash to that name, now and after any later chunk write.
    const name = committed.body.data.mediaUrl.replace(/^\/media\//, '').replace(/\.\w+$/, '');
    expect(sha(served).slice(0, 32)).toBe(name);
    await chunk(uploadId, 0, other);
    expect(sha(await fetchMedia(committed.body.data.mediaUrl)).slice(0, 32)).toBe(name);
  });
});

describe('caps on open uploads', () => {
  it(`refuses a session past ${UPLOAD_CAPS.openSessions} open ones with 429, and frees the slot on cancel`, async () => {
    const { start, app, authHeader } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < UPLOAD_CAPS.openSessions; i += 1) {
      const started = await start(1000);
      expect(started.status).toBe(201);
      ids.push(started.body.data.uploadId);
    }
    const refused = await start(1000);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(refused.body.message).toMatch(/Too many uploads are in progress/);
    await app.request(`/api/admin/uploads/${ids[0]}`, { method: 'DELETE', headers: authHeader });
    expect((await start(1000)).status).toBe(201);
  });

  it('refuses a session whose size would push the reserved bytes past the cap with 413', async () => {
    const { start } = await setup();
    for (let i = 0; i < 4; i += 1) expect((await start(50 * MB)).status).toBe(201);
    const refused = await start(1 * MB);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toMatch(/would reserve more than 200 MB/);
  });

  it('holds under a burst of concurrent starts', async () => {
    const { start } = await setup();
    const statuses = (await Promise.all(Array.from({ length: 30 }, () => start(1000)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(UPLOAD_CAPS.openSessions);
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
  });
});

describe('unused media', () => {
  it('is removed after 24 hours unreferenced; media a service or banner uses is kept', async () => {
    const { deps, upload, fetchMedia, app } = await setup();
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.parse('2026-03-01T10:00:00Z');
    vi.setSystemTime(t0);
    const orphan = await upload(randomFile(2000, fileBytes.mp4(64), 1));
    const used = await upload(randomFile(UPLOAD_CHUNK_BYTES + 10, fileBytes.mp4(64), 2));
    const orphanUrl = orphan.committed.body.data.mediaUrl;
    const usedUrl = used.committed.body.data.mediaUrl;
    const bannerId = (
      await deps.stores.banners.create({
        title: 'Moon',
        description: '',
        link: '/services',
        order: 0,
        mediaType: 'video',
        mediaUrl: usedUrl,
        isActive: false,
      })
    )._id;
    expect(bannerId).toBeTruthy();

    expect(await sweepUnusedMedia(deps, new Date(t0))).toEqual([]);
    expect(await sweepUnusedMedia(deps, new Date(t0 + UNUSED_MEDIA_GRACE_MS - 60_000))).toEqual([]);
    const removed = await sweepUnusedMedia(deps, new Date(t0 + UNUSED_MEDIA_GRACE_MS + 1));
    expect(removed).toEqual([orphanUrl.replace('/media/', '')]);
    expect((await app.request(orphanUrl)).status).toBe(404);
    expect((await fetchMedia(usedUrl)).byteLength).toBe(UPLOAD_CHUNK_BYTES + 10);
    // Its chunk blobs went with it; the used file's stay.
    const blobs = await deps.media.list('');
    expect(blobs.some((key) => key.startsWith('uploads/'))).toBe(false);
  });

  it('a content change restarts the wait, so the live site (built from the last change) cannot still use it', async () => {
    const { deps, upload } = await setup();
    const t0 = Date.parse('2026-03-01T10:00:00Z');
    const orphan = await upload(randomFile(2000, fileBytes.mp4(64), 3));
    await sweepUnusedMedia(deps, new Date(t0));
    await deps.stores.meta.increment('contentVersion');
    expect(await sweepUnusedMedia(deps, new Date(t0 + UNUSED_MEDIA_GRACE_MS + 1))).toEqual([]);
    expect(await sweepUnusedMedia(deps, new Date(t0 + 2 * UNUSED_MEDIA_GRACE_MS + 2))).toEqual([
      orphan.committed.body.data.mediaUrl.replace('/media/', ''),
    ]);
  });

  it('runs when an upload starts', async () => {
    const { upload, start, app } = await setup();
    const orphan = await upload(randomFile(2000, fileBytes.mp4(64), 4));
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    await start(1000); // marks it
    vi.setSystemTime(t0 + UNUSED_MEDIA_GRACE_MS + 1000);
    const { authHeader } = await createAdminSession(app); // the first session has expired by now
    const again = await app.request('/api/admin/uploads', {
      method: 'POST',
      headers: { ...authHeader, 'Content-Type': 'application/json' },
      body: JSON.stringify({ size: 1000, contentType: '', purpose: 'banner' }),
    });
    expect(again.status).toBe(201); // and it removed the file
    expect((await app.request(orphan.committed.body.data.mediaUrl)).status).toBe(404);
  });
});
