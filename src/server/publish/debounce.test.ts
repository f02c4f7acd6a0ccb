import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublishStatus } from '../../shared/schemas/publish';
import type { createApp } from '../app';
import { createTestDeps, type AdminSession } from '../../../tests/support/server/admin-session';
import type { DebouncedPublisher } from './debounce';
import { startFakeNetlify, type FakeNetlify } from '../../../tests/support/server/fake-netlify';
import { postService, serviceFormData } from '../../../tests/support/factories';
import { appWithPublisher } from '../../../tests/support/server/publishing-app';
import {
  hookBehindDebounce,
  localPublisherWithManualTimers,
  manualClock,
  MINUTE,
  readPublishStatus,
  tinyPng,
  type ManualClock,
} from '../../../tests/support/server/publish-fixture';

const QUIET_MS = 2 * MINUTE;

let image: Buffer;
beforeAll(async () => {
  image = await tinyPng();
});

describe('one deploy per editing session (build hook behind the debounce)', () => {
  let netlify: FakeNetlify;
  let app: ReturnType<typeof createApp>;
  let session: AdminSession;
  let publisher: DebouncedPublisher;
  let clock: ManualClock;

  beforeEach(async () => {
    netlify = await startFakeNetlify();
    clock = manualClock();
    const deps = createTestDeps();
    ({ publisher } = hookBehindDebounce({ meta: deps.stores.meta, netlify, now: clock.now, quietMs: QUIET_MS }));
    ({ app, session } = await appWithPublisher(deps, publisher));
  });

  afterEach(async () => {
    await netlify.close();
  });

  const status = (): Promise<PublishStatus> => readPublishStatus(app, session.authHeader);

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
  it('10 saves within 5 minutes make exactly 1 local build; the timer fires once the last save is quiet', async () => {
    const clock = manualClock();
    const deps = createTestDeps();
    const { local, scheduler, armed, builds, fireDue, cleanup } = localPublisherWithManualTimers({
      meta: deps.stores.meta,
      clock,
      quietMs: QUIET_MS,
    });
    const { app, session } = await appWithPublisher(deps, scheduler);

    for (let i = 0; i < 10; i++) {
      const saved = await postService(app, session.authHeader, `Service ${i}`, image);
      expect(saved.status).toBe(201);
      // Only the latest save's timer is armed: each save restarts the quiet period.
      expect(armed).toHaveLength(1);
      clock.advance(30_000);
      await fireDue();
    }
    expect(builds()).toBe(0);
    clock.advance(QUIET_MS);
    await fireDue();
    expect(builds()).toBe(1);
    expect(await local.liveBuild()).toMatchObject({ contentVersion: 10 });
    clock.advance(5 * MINUTE);
    await fireDue();
    expect(builds()).toBe(1);
    await cleanup();
  });
});
