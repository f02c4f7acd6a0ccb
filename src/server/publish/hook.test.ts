import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublishStatusSchema, type PublishStatus } from '../../shared/schemas/publish';
import { createApp } from '../app';
import { createAdminSession, createTestDeps, type AdminSession } from '../../../tests/support/server/admin-session';
import { createBuildHookPublisher } from './hook';
import { HOOK_ID, startFakeNetlify, type FakeNetlify } from '../../../tests/support/server/fake-netlify';
import { postService, serviceFormData } from '../../../tests/support/factories';

/** The production path: every change POSTs to the Netlify build hook, through the real app and content API. */
describe('build hook publisher', () => {
  let netlify: FakeNetlify;
  let app: ReturnType<typeof createApp>;
  let session: AdminSession;
  let image: Buffer;

  async function setup(hookUrl: string) {
    const deps = createTestDeps();
    deps.publisher = createBuildHookPublisher({ meta: deps.stores.meta, hookUrl, siteUrl: netlify.siteUrl });
    app = createApp(deps);
    session = await createAdminSession(app);
  }

  beforeEach(async () => {
    netlify = await startFakeNetlify();
    image ??= await sharp({ create: { width: 4, height: 4, channels: 3, background: '#6b4e9b' } })
      .png()
      .toBuffer();
  });

  afterEach(async () => {
    await netlify.close();
  });

  async function status(): Promise<PublishStatus> {
    const response = await app.request('/api/admin/publish/status', { headers: session.authHeader });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; data: unknown };
    expect(body.success).toBe(true);
    return PublishStatusSchema.parse(body.data);
  }

  it('POSTs once per change, titled after it, and reports up to date once the deploy is live', async () => {
    await setup(netlify.hookUrl);
    const created = await postService(app, session.authHeader, 'Tarot Reading', image);
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { _id: string } };

    const updated = await app.request(`/api/admin/services/${data._id}`, {
      method: 'PUT',
      headers: session.authHeader,
      body: serviceFormData('Tarot Reading Deluxe'),
    });
    expect(updated.status).toBe(200);
    const deleted = await app.request(`/api/admin/services/${data._id}`, {
      method: 'DELETE',
      headers: session.authHeader,
    });
    expect(deleted.status).toBe(200);

    expect(netlify.calls).toEqual([
      { method: 'POST', title: 'Service created: Tarot Reading', body: '{}' },
      { method: 'POST', title: 'Service updated: Tarot Reading Deluxe', body: '{}' },
      { method: 'POST', title: 'Service deleted: Tarot Reading Deluxe', body: '{}' },
    ]);

    // The deployed site still carries the build from before the changes.
    netlify.live = { contentVersion: 0, builtAt: new Date(Date.now() - 60_000).toISOString() };
    const before = await status();
    expect(before).toMatchObject({ mode: 'hook', state: 'publishing', contentVersion: 3, builtVersion: 0 });
    expect(before.lastTitle).toBe('Service deleted: Tarot Reading Deluxe');
    expect(before.startedAt).not.toBeNull();

    // Netlify finishes the coalesced build: the new deploy's build-info has the latest content.
    netlify.live = { contentVersion: 3, builtAt: new Date(Date.now() + 1_000).toISOString() };
    const after = await status();
    expect(after).toMatchObject({ state: 'up-to-date', builtVersion: 3, publishingSince: null });
    expect(after.finishedAt).toBe(netlify.live.builtAt);
  });

  it('records a hook answering 500 as failed, and the save still succeeds', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await setup(netlify.hookUrl);
    netlify.hookStatus = 500;
    const created = await postService(app, session.authHeader, 'Reiki Healing', image);
    expect(created.status).toBe(201);
    expect(((await created.json()) as { success: boolean }).success).toBe(true);
    expect(netlify.calls).toHaveLength(1);

    const failed = await status();
    expect(failed).toMatchObject({ state: 'failed', lastError: 'The build hook answered 500.' });
    expect(JSON.stringify(failed)).not.toContain(HOOK_ID);
    expect(warn).toHaveBeenCalledWith('[publish] Service created: Reiki Healing: The build hook answered 500.');

    // 'Retry' is 'Publish now': the hook works again, and the state goes back to publishing.
    netlify.hookStatus = 200;
    const retry = await app.request('/api/admin/publish', { method: 'POST', headers: session.authHeader });
    expect(retry.status).toBe(202);
    expect(netlify.calls.at(-1)?.title).toBe('Publish now (admin portal)');
    expect((await status()).state).toBe('publishing');
    warn.mockRestore();
  });

  it('records an unreachable hook as failed without saying where it points', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const closed = await startFakeNetlify();
    const deadUrl = closed.hookUrl;
    await closed.close();
    await setup(deadUrl);

    const created = await postService(app, session.authHeader, 'Karmic Healing', image);
    expect(created.status).toBe(201);
    const failed = await status();
    expect(failed.state).toBe('failed');
    expect(failed.lastError).toBe('The build hook could not be reached (ECONNREFUSED).');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('reports a hook build that never goes live as failed after 20 minutes', async () => {
    await setup(netlify.hookUrl);
    const created = await postService(app, session.authHeader, 'Numerology', image);
    expect(created.status).toBe(201);
    expect((await status()).state).toBe('publishing');
    // Only the clock moves (the session token is good for 3 hours).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 21 * 60_000);
    const stale = await status();
    vi.useRealTimers();
    expect(stale.state).toBe('failed');
    expect(stale.lastError).toContain('No new deploy went live within 20 minutes');
  });
});
