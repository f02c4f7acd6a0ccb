import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PublishStatusSchema, type PublishStatus } from '../../shared/schemas/publish';
import { createApp } from '../app';
import { createAdminSession, createTestDeps, type AdminSession } from '../../../tests/support/server/admin-session';
import { createDebouncedPublisher, type DebouncedPublisher } from './debounce';
import { createBuildHookPublisher } from './hook';
import { LocalBuildPublisher } from '../local/publisher';
import { startFakeNetlify, type FakeNetlify } from '../../../tests/support/server/fake-netlify';
import { postService, serviceFormData } from '../../../tests/support/factories';

const MINUTE = 60_000;
const QUIET_MS = 2 * MINUTE;

/**
 * A clock the test moves by hand: the debounce is about minutes, the test takes milliseconds. It starts at the real
 * time because the status route judges a hook call against the real clock (the 20-minute limit).
 */
function manualClock(start = Date.now()) {
  let ms = start;
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

let image: Buffer;
beforeAll(async () => {
  image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#6b4e9b' } })
    .png()
    .toBuffer();
});

describe('one deploy per editing session (build hook behind the debounce)', () => {
  let netlify: FakeNetlify;
  let app: ReturnType<typeof createApp>;
  let session: AdminSession;
  let publisher: DebouncedPublisher;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    netlify = await startFakeNetlify();
    clock = manualClock();
    const deps = createTestDeps();
    const hook = createBuildHookPublisher({
      meta: deps.stores.meta,
      hookUrl: netlify.hookUrl,
      siteUrl: netlify.siteUrl,
      now: clock.now,
    });
    publisher = createDebouncedPublisher({
      inner: hook,
      meta: deps.stores.meta,
      quietMs: QUIET_MS,
      now: clock.now,
      timers: false,
      log: () => {},
    });
    deps.publisher = publisher;
    app = createApp(deps);
    session = await createAdminSession(app);
  });

  afterEach(async () => {
    await netlify.close();
  });

  async function status(): Promise<PublishStatus> {
    const response = await app.request('/api/admin/publish/status', { headers: session.authHeader });
    return PublishStatusSchema.parse(((await response.json()) as { data: unknown }).data);
  }

  /** What the scheduled function does once a minute. */
  async function cronTick() {
    clock.advance(MINUTE);
    return publisher.publishIfQuiet();
  }

  it('10 saves within 5 minutes make exactly 1 build hook call, after the quiet period', async () => {
    const created = await postService(app, session.authHeader, 'Tarot Reading', image);
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { _id: string } };
    // The save itself marks the site as behind, at once: no build yet, and the status says when it goes live.
    expect(netlify.calls).toHaveLength(0);
    const first = await status();
    expect(first.state).toBe('scheduled');
    expect(first.quietSeconds).toBe(120);
    expect(Date.parse(first.publishAt ?? '')).toBe(clock.now().getTime() + QUIET_MS);

    // Nine more saves, one every 30 s (4.5 minutes in all), with the scheduled function running every minute.
    for (let i = 1; i <= 9; i++) {
      clock.advance(30_000);
      const saved = await app.request(`/api/admin/services/${data._id}`, {
        method: 'PUT',
        headers: session.authHeader,
        body: serviceFormData(`Tarot Reading ${i}`, image),
      });
      expect(saved.status).toBe(200);
      if (i % 2 === 0) expect((await publisher.publishIfQuiet()).action).toBe('waiting');
    }
    expect(netlify.calls).toHaveLength(0);

    // One minute after the last save: still quiet-waiting. Two minutes after: one call, naming the last change.
    expect((await cronTick()).action).toBe('waiting');
    expect((await cronTick()).action).toBe('published');
    expect(netlify.calls).toHaveLength(1);
    expect(netlify.calls[0]?.title).toBe('Scheduled: 10 changes, last Service updated: Tarot Reading 9');
    expect((await status()).state).toBe('publishing');

    // Later ticks find nothing to do: still exactly one deploy for the session.
    for (let i = 0; i < 5; i++) expect((await cronTick()).action).toBe('nothing');
    expect(netlify.calls).toHaveLength(1);

    // The deploy goes live: up to date.
    netlify.live = { contentVersion: 10, builtAt: clock.now().toISOString() };
    expect((await status()).state).toBe('up-to-date');
  });

  it("'Publish now' calls the hook at once and clears the waiting changes", async () => {
    const created = await postService(app, session.authHeader, 'Reiki', image);
    expect(created.status).toBe(201);
    expect((await status()).state).toBe('scheduled');
    const now = await app.request('/api/admin/publish', { method: 'POST', headers: session.authHeader });
    expect(now.status).toBe(202);
    expect(netlify.calls.map((call) => call.title)).toEqual(['Publish now (admin portal)']);
    expect((await status()).state).toBe('publishing');
    clock.advance(QUIET_MS * 2);
    expect((await publisher.publishIfQuiet()).action).toBe('nothing');
    expect(netlify.calls).toHaveLength(1);
  });

  it('a save that lands after a scheduled publish is published by the next one, never dropped', async () => {
    await postService(app, session.authHeader, 'A', image);
    clock.advance(QUIET_MS);
    expect((await publisher.publishIfQuiet()).action).toBe('published');
    await postService(app, session.authHeader, 'B', image);
    expect((await status()).state).toBe('scheduled');
    clock.advance(QUIET_MS);
    expect(await publisher.publishIfQuiet()).toMatchObject({ action: 'published', version: 2 });
    expect(netlify.calls.map((call) => call.title)).toEqual([
      'Scheduled: 1 change, last Service created: A',
      'Scheduled: 1 change, last Service created: B',
    ]);
  });

  it('skips the build when a deploy from elsewhere already carries the content', async () => {
    await postService(app, session.authHeader, 'A', image);
    netlify.live = { contentVersion: 1, builtAt: clock.now().toISOString() };
    clock.advance(QUIET_MS);
    expect((await publisher.publishIfQuiet()).action).toBe('already-live');
    expect(netlify.calls).toHaveLength(0);
  });
});

describe('the same debounce under npm start (local publisher, timer in process)', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  it('10 saves within 5 minutes make exactly 1 local build; the timer fires once the last save is quiet', async () => {
    const clock = manualClock();
    const deps = createTestDeps();
    const root = mkdtempSync(path.join(tmpdir(), 'sg-debounce-'));
    roots.push(root);
    const site = { root, distLink: path.join(root, 'dist'), buildsDir: path.join(root, 'builds') };
    mkdirSync(site.buildsDir, { recursive: true });
    const local = new LocalBuildPublisher({
      meta: deps.stores.meta,
      site,
      log: () => {},
      now: clock.now,
      build: async (outDir) => {
        const version = (await deps.stores.meta.get<number>('contentVersion')) ?? 0;
        mkdirSync(outDir, { recursive: true });
        writeFileSync(
          path.join(outDir, 'build-info.json'),
          JSON.stringify({ contentVersion: version, builtAt: clock.now().toISOString() }),
        );
        return { ok: true, log: '', durationMs: 1, phases: [] };
      },
    });
    // Injected timers: the test fires them when the manual clock says they are due.
    const armed: { run: () => void; at: number }[] = [];
    const scheduler = createDebouncedPublisher({
      inner: local,
      meta: deps.stores.meta,
      quietMs: QUIET_MS,
      now: clock.now,
      log: () => {},
      timers: {
        set: (run, ms) => {
          const timer = { run, at: clock.now().getTime() + ms };
          armed.push(timer);
          return timer;
        },
        clear: (handle) => {
          const index = armed.indexOf(handle as (typeof armed)[number]);
          if (index >= 0) armed.splice(index, 1);
        },
      },
    });
    deps.publisher = scheduler;
    const app = createApp(deps);
    const session = await createAdminSession(app);
    let builds = 0;
    local.onBuild(() => builds++);

    const fireDue = async () => {
      for (const timer of armed.filter((t) => t.at <= clock.now().getTime())) {
        armed.splice(armed.indexOf(timer), 1);
        timer.run();
      }
      await scheduler.publishIfQuiet();
      await local.whenIdle();
    };

    for (let i = 0; i < 10; i++) {
      const saved = await postService(app, session.authHeader, `Service ${i}`, image);
      expect(saved.status).toBe(201);
      // Only the latest save's timer is armed: each save restarts the quiet period.
      expect(armed).toHaveLength(1);
      clock.advance(30_000);
      await fireDue();
    }
    expect(builds).toBe(0);
    clock.advance(QUIET_MS);
    await fireDue();
    expect(builds).toBe(1);
    expect(await local.liveBuild()).toMatchObject({ contentVersion: 10 });
    clock.advance(5 * MINUTE);
    await fireDue();
    expect(builds).toBe(1);
    scheduler.stop();
    await local.stop();
  });
});
