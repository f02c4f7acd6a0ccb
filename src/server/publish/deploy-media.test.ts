// The build plugin's work (docs/publishing.md, "Media in the build"): unchanged media come from Netlify's build cache,
// and a failed copy fails the deploy and shows in the portal's publish status with its reason.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { PublishStatusSchema } from '../../shared/schemas/publish';
import { createApp } from '../app';
import { createAdminSession, createTestDeps } from '../../../tests/support/server/admin-session';
import { postService } from '../../../tests/support/factories';
import { startFakeNetlify } from '../../../tests/support/server/fake-netlify';
import { createMemoryMediaStore } from '../media/memory';
import type { MediaStore } from '../media/types';
import { deployMedia, type BuildCache } from './deploy-media';
import { createBuildHookPublisher } from './hook';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-deploy-media-'));
  dirs.push(dir);
  return dir;
}

/**
 * Behaves like Netlify's `utils.cache` for one path: `save` copies the path into the cache, `restore` copies it back,
 * doing nothing when the path already exists or was never saved, and says whether it did anything.
 */
function fakeBuildCache(): BuildCache & { saved: Set<string> } {
  const root = tempDir();
  const saved = new Set<string>();
  const slot = (p: string) => path.join(root, encodeURIComponent(p));
  return {
    saved,
    async save(p) {
      if (!existsSync(p)) return false;
      rmSync(slot(p), { recursive: true, force: true });
      cpSync(p, slot(p), { recursive: true });
      saved.add(p);
      return true;
    },
    async restore(p) {
      if (existsSync(p) || !saved.has(p)) return false;
      cpSync(slot(p), p, { recursive: true });
      return true;
    },
  };
}

/** A media store that counts which keys' bytes were read. */
function countingMedia(): MediaStore & { reads: string[] } {
  const inner = createMemoryMediaStore();
  const reads: string[] = [];
  return {
    reads,
    put: (key, data, type) => inner.put(key, data, type),
    get: (key) => {
      reads.push(key);
      return inner.get(key);
    },
    stat: (key) => inner.stat(key),
    delete: (key) => inner.delete(key),
    list: (prefix) => inner.list(prefix),
  };
}

const IMAGE = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp';
const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp';
const NEW = 'cccccccccccccccccccccccccccccccc.jpg';

/** A fresh checkout's build output: a new folder every build, as on Netlify. */
function builtSite(work: string, html: string): string {
  rmSync(path.join(work, 'dist'), { recursive: true, force: true });
  mkdirSync(path.join(work, 'dist'), { recursive: true });
  writeFileSync(path.join(work, 'dist', 'index.html'), html);
  return path.join(work, 'dist');
}

describe('media copied into the deploy, through the build cache', () => {
  it('a second build downloads nothing already cached, only the new file; the cache forgets unused files', async () => {
    const media = countingMedia();
    const image = new Uint8Array(4000).map((_, i) => i % 251);
    await media.put(IMAGE, image, 'image/webp');
    await media.put(OTHER, new Uint8Array(100).fill(1), 'image/webp');
    await media.put(NEW, new Uint8Array(200).fill(2), 'image/jpeg');
    const cache = fakeBuildCache();
    const work = tempDir();
    const cacheDir = path.join(work, '.netlify', 'copy-media-cache');
    const run = async (html: string) => {
      // Each build starts from a clean clone: no cache folder until restored.
      rmSync(cacheDir, { recursive: true, force: true });
      media.reads.length = 0;
      const publishDir = builtSite(work, html);
      const outcome = await deployMedia({ publishDir, media, cache, cacheDir, openMeta: null, log: () => {} });
      return { outcome, publishDir, reads: [...media.reads] };
    };

    const first = await run(`<img src="/media/${IMAGE}"><img src="/media/${OTHER}">`);
    expect(first.outcome.ok).toBe(true);
    expect(first.reads.sort()).toEqual([IMAGE, OTHER].sort());

    const second = await run(`<img src="/media/${IMAGE}"><img src="/media/${OTHER}"><img src="/media/${NEW}">`);
    expect(second.outcome).toEqual({
      ok: true,
      line: 'Copied 3 media files (0.0 MB new) into the publish folder.',
    });
    expect(second.reads).toEqual([NEW]);
    expect(new Uint8Array(readFileSync(path.join(second.publishDir, 'media', IMAGE)))).toEqual(image);

    // OTHER is no longer used: not published, and dropped from the cache, so a later use downloads it again.
    const third = await run(`<img src="/media/${IMAGE}">`);
    expect(third.reads).toEqual([]);
    expect(existsSync(path.join(third.publishDir, 'media', OTHER))).toBe(false);
    const fourth = await run(`<img src="/media/${IMAGE}"><img src="/media/${OTHER}">`);
    expect(fourth.reads).toEqual([OTHER]);
  });
});

describe('a failed copy fails the deploy and shows in the portal', () => {
  it('names the file and the reason, records the failure, and the status says so with Retry', async () => {
    const netlify = await startFakeNetlify();
    try {
      const deps = createTestDeps();
      deps.publisher = createBuildHookPublisher({
        meta: deps.stores.meta,
        hookUrl: netlify.hookUrl,
        siteUrl: netlify.siteUrl,
      });
      const app = createApp(deps);
      const session = await createAdminSession(app);
      const status = async () => {
        const response = await app.request('/api/admin/publish/status', { headers: session.authHeader });
        return PublishStatusSchema.parse(((await response.json()) as { data: unknown }).data);
      };
      // The live site has version 0; a service is saved, and the hook accepts the build.
      netlify.live = { contentVersion: 0, builtAt: new Date(Date.now() - 60_000).toISOString() };
      const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#6b4e9b' } })
        .png()
        .toBuffer();
      expect((await postService(app, session.authHeader, 'Tarot Reading', image)).status).toBe(201);
      expect((await status()).state).toBe('publishing');

      // The build runs; the blob store fails for one referenced file.
      const media = createMemoryMediaStore();
      await media.put(IMAGE, new Uint8Array(10), 'image/webp');
      const broken: MediaStore = {
        ...media,
        stat: async (key) => {
          if (key === IMAGE) throw new Error('Netlify Blobs answered 502');
          return media.stat(key);
        },
      };
      const work = tempDir();
      const outcome = await deployMedia({
        publishDir: builtSite(work, `<img src="/media/${IMAGE}">`),
        media: broken,
        cache: fakeBuildCache(),
        cacheDir: path.join(work, '.netlify', 'copy-media-cache'),
        openMeta: async () => ({ meta: deps.stores.meta, close: async () => {} }),
        log: () => {},
      });
      expect(outcome).toEqual({
        ok: false,
        message: `Copying media file ${IMAGE} into the deploy failed: Netlify Blobs answered 502`,
      });

      const failed = await status();
      expect(failed.state).toBe('failed');
      expect(failed.lastError).toBe(
        `The last deploy failed, so the live site still shows the previous version. Copying media file ${IMAGE} into the deploy failed: Netlify Blobs answered 502`,
      );

      // Retry: the hook is called again, and once a deploy with the content is live, the failure is settled.
      const retry = await app.request('/api/admin/publish', { method: 'POST', headers: session.authHeader });
      expect(retry.status).toBeLessThan(300);
      expect((await status()).state).toBe('publishing');
      netlify.live = { contentVersion: failed.contentVersion, builtAt: new Date(Date.now() + 1000).toISOString() };
      expect((await status()).state).toBe('up-to-date');
    } finally {
      await netlify.close();
    }
  });
});
