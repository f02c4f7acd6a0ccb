// The scheduled publisher also builds when an offer or banner window opens or closes (docs/schedules.md). The clock
// is injected: the test moves it by hand, nothing sleeps.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDeps } from '../../../tests/support/server/admin-session';
import { startFakeNetlify, type FakeNetlify } from '../../../tests/support/server/fake-netlify';
import { sampleBanner, sampleService } from '../../../tests/support/server/samples';
import { createEmbeddedStores } from '../stores/embedded';
import type { Stores } from '../stores/types';
import { WINDOW_TIMER_MAX_MS, type DebouncedPublisher } from './debounce';
import {
  hookBehindDebounce,
  localPublisherWithManualTimers,
  manualClock,
  MINUTE,
  type ManualClock,
} from '../../../tests/support/server/publish-fixture';

const START = Date.parse('2026-10-31T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('on Netlify: the scheduled function builds when a window opens or closes', () => {
  let netlify: FakeNetlify;
  let stores: Stores;
  let publisher: DebouncedPublisher;
  let clock: ManualClock;
  const offerStart = START + 10 * MINUTE;
  const offerEnd = START + 70 * MINUTE;
  const bannerEnd = START + 40 * MINUTE;

  beforeEach(async () => {
    netlify = await startFakeNetlify();
    clock = manualClock(START);
    stores = createEmbeddedStores(':memory:');
    const built = hookBehindDebounce({
      meta: stores.meta,
      netlify,
      now: clock.now,
      quietMs: 2 * MINUTE,
      schedule: stores.schedule,
    });
    publisher = built.publisher;
    const hook = built.hook;
    await stores.services.create(
      sampleService(1, { offerPrice: 500, offerStart: iso(offerStart), offerEnd: iso(offerEnd) }),
    );
    await stores.banners.create(sampleBanner(1, { endsAt: iso(bannerEnd) }));
    // The last build: 'Publish now' at the start, live at once.
    await hook.contentChanged({ kind: 'manual', title: 'Publish now (admin portal)', version: 0 });
    netlify.live = { contentVersion: 0, builtAt: iso(START) };
    netlify.calls.length = 0;
  });

  afterEach(async () => {
    await netlify.close();
    await stores.close();
  });

  /** What the scheduled function does once a minute. */
  const tick = () => {
    clock.advance(MINUTE);
    return publisher.publishIfQuiet();
  };

  it('builds once when the offer opens, once when the banner ends, once when the offer ends, and never in between', async () => {
    const outcomes: string[] = [];
    for (let minute = 1; minute <= 90; minute += 1) {
      const outcome = await tick();
      if (outcome.action !== 'nothing') outcomes.push(`${minute}:${outcome.action}`);
      // The site follows: each build is live a moment later.
      if (outcome.action === 'window') netlify.live = { contentVersion: 0, builtAt: clock.now().toISOString() };
    }
    expect(outcomes).toEqual(['10:window', '40:window', '70:window']);
    expect(netlify.calls.map((call) => call.title)).toEqual([
      'Scheduled: an offer or banner window opened or closed (2026-10-31T12:10Z)',
      'Scheduled: an offer or banner window opened or closed (2026-10-31T12:40Z)',
      'Scheduled: an offer or banner window opened or closed (2026-10-31T13:10Z)',
    ]);
  });

  it('catches up with one build for several boundaries passed while nothing ran', async () => {
    clock.set(offerEnd + 5 * MINUTE);
    expect(await publisher.publishIfQuiet()).toMatchObject({ action: 'window', boundary: iso(offerStart) });
    expect(await tick()).toEqual({ action: 'nothing' });
    expect(netlify.calls).toHaveLength(1);
  });

  it('does not build when the live site was already built after the boundary (a deploy from elsewhere)', async () => {
    clock.set(offerStart + 5 * MINUTE);
    netlify.live = { contentVersion: 0, builtAt: iso(offerStart + MINUTE) };
    expect(await publisher.publishIfQuiet()).toEqual({ action: 'nothing' });
    expect(netlify.calls).toHaveLength(0);
  });

  it('ignores a window of an inactive service', async () => {
    await stores.services.create(
      sampleService(2, { isActive: false, offerPrice: 1, offerStart: iso(START + 5 * MINUTE) }),
    );
    for (let minute = 1; minute <= 9; minute += 1) expect((await tick()).action).toBe('nothing');
    expect(netlify.calls).toHaveLength(0);
  });
});

describe('under npm start: the local timer wakes for the next window', () => {
  it('arms for the boundary, builds when it fires, then arms for the next one (an hour at most)', async () => {
    const clock = manualClock(START);
    const deps = createTestDeps();
    const { local, scheduler, armed, builds, cleanup } = localPublisherWithManualTimers({
      meta: deps.stores.meta,
      clock,
      quietMs: 2 * MINUTE,
      schedule: deps.stores.schedule,
    });
    const opens = START + 30 * MINUTE;
    const closes = opens + 3 * 60 * MINUTE;
    await deps.stores.banners.create(sampleBanner(1, { startsAt: iso(opens), endsAt: iso(closes) }));
    // The first build (as at server start), then the check that follows it.
    await local.contentChanged({ kind: 'manual', title: 'Publish now (admin portal)', version: 0 });
    await local.whenIdle();
    expect(builds()).toBe(1);
    await scheduler.publishIfQuiet();
    expect(armed.map((timer) => timer.at)).toEqual([opens]);

    clock.set(opens);
    armed.splice(0).forEach((timer) => timer.run());
    await scheduler.publishIfQuiet();
    await local.whenIdle();
    expect(builds()).toBe(2);
    // The close is three hours away: the timer looks again after an hour rather than waiting that long.
    expect(armed.map((timer) => timer.at)).toEqual([opens + WINDOW_TIMER_MAX_MS]);
    await cleanup();
  });
});
