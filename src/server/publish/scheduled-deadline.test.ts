// The scheduled publisher never loses a change (docs/publishing.md, "The scheduled publisher"): a build is recorded as
// requested only after the hook answered 2xx, within one deadline for the whole run. These tests kill the run between
// the hook call and the record write, and check that the change is still pending and the next run publishes it.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PublishStatus } from '../../shared/schemas/publish';
import type { createApp } from '../app';
import { createTestDeps, type AdminSession } from '../../../tests/support/server/admin-session';
import { postService } from '../../../tests/support/factories';
import { appWithPublisher } from '../../../tests/support/server/publishing-app';
import { startFakeNetlify, type FakeNetlify } from '../../../tests/support/server/fake-netlify';
import type { AppDeps } from '../deps';
import { readPending, type DebouncedPublisher } from './debounce';
import { hookBehindDebounce, MINUTE, readPublishStatus, tinyPng } from '../../../tests/support/server/publish-fixture';
import { PUBLISH_RECORD_KEY, readRecord } from './record';

const QUIET_MS = 2 * MINUTE;
/** The run's budget in these tests: the real one is 25 s (deadline.ts), the mechanism is the same. */
const BUDGET_MS = 300;

let image: Buffer;
beforeAll(async () => {
  image = await tinyPng();
});

describe('the scheduled publisher records a build only after the hook accepted it', () => {
  let netlify: FakeNetlify;
  let deps: AppDeps;
  let app: ReturnType<typeof createApp>;
  let session: AdminSession;
  let publisher: DebouncedPublisher;
  let clockMs: number;
  /** While set, the hook's answer reaches the function this long after Netlify received the call. */
  let lateAnswerMs = 0;
  /** While set, writing the publish record fails (the database went away right after the hook answered). */
  let recordWriteFails = false;

  beforeEach(async () => {
    netlify = await startFakeNetlify();
    clockMs = Date.now();
    lateAnswerMs = 0;
    recordWriteFails = false;
    deps = createTestDeps();
    const meta = deps.stores.meta;
    const set = meta.set.bind(meta);
    meta.set = (key, value) => {
      if (recordWriteFails && key === PUBLISH_RECORD_KEY) return Promise.reject(new Error('connection reset'));
      return set(key, value);
    };
    const slowFetch: typeof fetch = async (input, init) => {
      // Netlify receives the call (the fake records it) and starts the build; only the answer is late.
      const response = await fetch(input, init);
      if (lateAnswerMs > 0 && (input instanceof Request ? input.url : input.toString()).startsWith(netlify.hookUrl)) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, lateAnswerMs);
          init?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(init.signal?.reason instanceof Error ? init.signal.reason : new Error('aborted'));
          });
        });
      }
      return response;
    };
    ({ publisher } = hookBehindDebounce({
      meta,
      netlify,
      fetch: slowFetch,
      now: () => new Date(clockMs),
      quietMs: QUIET_MS,
    }));
    ({ app, session } = await appWithPublisher(deps, publisher));
  });

  afterEach(async () => {
    await netlify.close();
  });

  const status = (): Promise<PublishStatus> => readPublishStatus(app, session.authHeader);

  /** One scheduled run, a minute after the last, with the run's budget. */
  function scheduledRun() {
    clockMs += MINUTE;
    return publisher.publishIfQuiet(AbortSignal.timeout(BUDGET_MS));
  }

  async function saveAndWait() {
    expect((await postService(app, session.authHeader, 'Tarot Reading', image)).status).toBe(201);
    clockMs += QUIET_MS;
  }

  it('a hook that answers after the budget: nothing recorded, the next run calls it again and publishes', async () => {
    await saveAndWait();
    const before = await readRecord(deps.stores.meta);
    lateAnswerMs = BUDGET_MS * 4;

    const first = await scheduledRun();
    expect(first.action).toBe('timed-out');
    expect(netlify.calls).toHaveLength(1);
    // Not recorded as requested: the change is still pending, and the portal still says it is on its way.
    expect((await readRecord(deps.stores.meta)).requestedVersion).toBe(before.requestedVersion);
    expect(await readPending(deps.stores.meta, QUIET_MS)).not.toBeNull();
    expect((await status()).state).toBe('scheduled');

    lateAnswerMs = 0;
    const second = await scheduledRun();
    expect(second.action).toBe('published');
    // A duplicate build (the first call did reach Netlify) is the accepted price; the change was not lost.
    expect(netlify.calls).toHaveLength(2);
    expect(await readPending(deps.stores.meta, QUIET_MS)).toBeNull();
    expect((await status()).state).toBe('publishing');
    expect((await scheduledRun()).action).toBe('nothing');
    expect(netlify.calls).toHaveLength(2);
  });

  it('a record write that dies after the hook answered 2xx: the change stays pending, the next run publishes', async () => {
    await saveAndWait();
    recordWriteFails = true;
    await scheduledRun();
    expect(netlify.calls).toHaveLength(1);
    expect(await readPending(deps.stores.meta, QUIET_MS)).not.toBeNull();

    recordWriteFails = false;
    expect((await scheduledRun()).action).toBe('published');
    expect(netlify.calls).toHaveLength(2);
    expect(await readPending(deps.stores.meta, QUIET_MS)).toBeNull();
  });

  it('a hook that refuses: the failure is shown, nothing is recorded as requested, the next run tries again', async () => {
    await saveAndWait();
    netlify.hookStatus = 500;
    await scheduledRun();
    const record = await readRecord(deps.stores.meta);
    expect(record.state).toBe('failed');
    expect(record.lastError).toBe('The build hook answered 500.');
    expect(await readPending(deps.stores.meta, QUIET_MS)).not.toBeNull();

    netlify.hookStatus = 200;
    expect((await scheduledRun()).action).toBe('published');
    expect(netlify.calls).toHaveLength(2);
    expect(await readPending(deps.stores.meta, QUIET_MS)).toBeNull();
  });

  it('a store read that hangs past the budget ends the run in time, with nothing recorded', async () => {
    await saveAndWait();
    const meta = deps.stores.meta;
    const get = meta.get.bind(meta);
    meta.get = <T>(key: string) => new Promise<T | null>(() => void get<T>(key));
    const started = Date.now();
    expect((await scheduledRun()).action).toBe('timed-out');
    expect(Date.now() - started).toBeLessThan(BUDGET_MS * 5);
    expect(netlify.calls).toHaveLength(0);
    meta.get = get;
    expect((await scheduledRun()).action).toBe('published');
  });
});
