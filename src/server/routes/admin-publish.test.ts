import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PublishStatusSchema } from '../../shared/schemas/publish';
import { createApp } from '../app';
import { LocalBuildPublisher } from '../local/publisher';
import { createPublisher } from '../publish/publisher';
import { NOT_SET_UP } from '../publish/status';
import { createAdminSession, createTestDeps, createTestEnv } from '../../../tests/support/server/admin-session';
import { CONTENT_VERSION_KEY } from '../stores/content-version';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A local publisher whose "build" writes build-info.json for the content version it reads, at once. */
function instantLocalPublisher(deps: ReturnType<typeof createTestDeps>) {
  const root = mkdtempSync(path.join(tmpdir(), 'sg-publish-route-'));
  roots.push(root);
  const site = { root, distLink: path.join(root, 'dist'), buildsDir: path.join(root, 'builds') };
  mkdirSync(site.buildsDir, { recursive: true });
  return new LocalBuildPublisher({
    meta: deps.stores.meta,
    site,
    log: () => {},
    build: async (outDir) => {
      const version = (await deps.stores.meta.get<number>(CONTENT_VERSION_KEY)) ?? 0;
      mkdirSync(outDir, { recursive: true });
      writeFileSync(
        path.join(outDir, 'build-info.json'),
        JSON.stringify({ contentVersion: version, builtAt: new Date().toISOString() }),
      );
      return { ok: true, log: '', durationMs: 1, phases: [] };
    },
  });
}

describe('/api/admin/publish', () => {
  it('is for admins only', async () => {
    const app = createApp(createTestDeps());
    expect((await app.request('/api/admin/publish/status')).status).toBe(401);
    expect((await app.request('/api/admin/publish', { method: 'POST' })).status).toBe(401);
    const forged = { Authorization: 'Bearer not-a-token' };
    expect((await app.request('/api/admin/publish/status', { headers: forged })).status).toBe(401);
  });

  it("'Publish now' builds the current content, and the status follows it to up to date", async () => {
    const deps = createTestDeps();
    await deps.stores.meta.set(CONTENT_VERSION_KEY, 7);
    const publisher = instantLocalPublisher(deps);
    deps.publisher = publisher;
    const app = createApp(deps);
    const { authHeader } = await createAdminSession(app);

    const before = await app.request('/api/admin/publish/status', { headers: authHeader });
    expect(before.headers.get('cache-control')).toBe('no-store');
    const initial = PublishStatusSchema.parse(((await before.json()) as { data: unknown }).data);
    // Nothing built yet, nothing asked: the admin is told to publish.
    expect(initial).toMatchObject({ mode: 'local', state: 'failed', contentVersion: 7, builtVersion: null });

    const started = await app.request('/api/admin/publish', { method: 'POST', headers: authHeader });
    expect(started.status).toBe(202);
    const body = (await started.json()) as { success: boolean; message: string; data: unknown };
    expect(body).toMatchObject({ success: true, message: 'Publishing started' });
    expect(PublishStatusSchema.parse(body.data)).toMatchObject({
      state: 'publishing',
      lastTitle: 'Publish now (admin portal)',
    });

    await publisher.whenIdle();
    const after = await app.request('/api/admin/publish/status', { headers: authHeader });
    const data = PublishStatusSchema.parse(((await after.json()) as { data: unknown }).data);
    expect(data).toMatchObject({ state: 'up-to-date', contentVersion: 7, builtVersion: 7, lastError: null });
    await publisher.stop();
  });

  it('says plainly when publishing is not set up (no hook, no local server)', async () => {
    const env = createTestEnv();
    const deps = createTestDeps({ env });
    deps.publisher = createPublisher(env, deps.stores);
    const app = createApp(deps);
    const { authHeader } = await createAdminSession(app);
    const response = await app.request('/api/admin/publish/status', { headers: authHeader });
    const data = PublishStatusSchema.parse(((await response.json()) as { data: unknown }).data);
    expect(data).toMatchObject({ mode: 'none', state: 'failed', lastError: NOT_SET_UP });
  });

  it('uses the build hook when NETLIFY_BUILD_HOOK_URL is set', () => {
    const env = createTestEnv({ NETLIFY_BUILD_HOOK_URL: 'https://api.netlify.com/build_hooks/abc' });
    const deps = createTestDeps({ env });
    expect(createPublisher(env, deps.stores).mode).toBe('hook');
  });
});
