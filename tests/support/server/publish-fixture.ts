// What the publisher tests share (src/server/publish/*.test.ts): a clock moved by hand, a tiny image to upload, the
// build hook behind the debounce, and the local publisher with timers the test fires itself. The debounce is about
// minutes and the tests take milliseconds, so nothing here sleeps.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PublishStatusSchema, type PublishStatus } from '../../../src/shared/schemas/publish';
import type { createApp } from '../../../src/server/app';
import { LocalBuildPublisher } from '../../../src/server/local/publisher';
import { createDebouncedPublisher, type DebouncedPublisher } from '../../../src/server/publish/debounce';
import { createBuildHookPublisher } from '../../../src/server/publish/hook';
import type { MetaStore, ScheduleStore } from '../../../src/server/stores/types';
import type { FakeNetlify } from './fake-netlify';

export const MINUTE = 60_000;

export type ManualClock = ReturnType<typeof manualClock>;

/** Starts at `start` (the real time by default: the status route judges a hook call against the real clock). */
export function manualClock(start = Date.now()) {
  let ms = start;
  return {
    now: () => new Date(ms),
    advance: (by: number) => (ms += by),
    set: (to: number) => (ms = to),
  };
}

/** A 4×4 PNG for the services the tests save. */
export function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#6b4e9b' } })
    .png()
    .toBuffer();
}

/** Netlify's path: the build hook publisher behind the debounce, run only by the scheduled function (no timers). */
export function hookBehindDebounce(options: {
  meta: MetaStore;
  netlify: FakeNetlify;
  now: () => Date;
  quietMs: number;
  fetch?: typeof fetch;
  schedule?: ScheduleStore;
}): { hook: ReturnType<typeof createBuildHookPublisher>; publisher: DebouncedPublisher } {
  const hook = createBuildHookPublisher({
    meta: options.meta,
    hookUrl: options.netlify.hookUrl,
    siteUrl: options.netlify.siteUrl,
    now: options.now,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const publisher = createDebouncedPublisher({
    inner: hook,
    meta: options.meta,
    quietMs: options.quietMs,
    now: options.now,
    timers: false,
    log: () => {},
    ...(options.schedule ? { schedule: options.schedule } : {}),
  });
  return { hook, publisher };
}

export async function readPublishStatus(
  app: ReturnType<typeof createApp>,
  authHeader: Record<string, string>,
): Promise<PublishStatus> {
  const response = await app.request('/api/admin/publish/status', { headers: authHeader });
  return PublishStatusSchema.parse(((await response.json()) as { data: unknown }).data);
}

/**
 * `npm start`'s path: the local publisher (its "build" writes only the build record, with the content version the
 * store holds at that moment) behind the debounce, with timers armed in a list the test fires when the clock says
 * they are due. Call `cleanup()` after the test.
 */
export function localPublisherWithManualTimers(options: {
  meta: MetaStore;
  clock: ManualClock;
  quietMs: number;
  schedule?: ScheduleStore;
}) {
  const { meta, clock } = options;
  const root = mkdtempSync(path.join(tmpdir(), 'sg-publish-'));
  const site = { root, distLink: path.join(root, 'dist'), buildsDir: path.join(root, 'builds') };
  mkdirSync(site.buildsDir, { recursive: true });
  let builds = 0;
  const local = new LocalBuildPublisher({
    meta,
    site,
    log: () => {},
    now: clock.now,
    build: async (outDir) => {
      builds += 1;
      const version = (await meta.get<number>('contentVersion')) ?? 0;
      mkdirSync(outDir, { recursive: true });
      writeFileSync(
        path.join(outDir, 'build-info.json'),
        JSON.stringify({ contentVersion: version, builtAt: clock.now().toISOString() }),
      );
      return { ok: true, log: '', durationMs: 1, phases: [] };
    },
  });
  const armed: { run: () => void; at: number }[] = [];
  const scheduler = createDebouncedPublisher({
    inner: local,
    meta,
    quietMs: options.quietMs,
    now: clock.now,
    log: () => {},
    ...(options.schedule ? { schedule: options.schedule } : {}),
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
  return {
    local,
    scheduler,
    /** The timers waiting, each with the instant it is due. */
    armed,
    /** How many builds the local publisher has run. */
    builds: () => builds,
    /** Fires every timer that is due by the clock, then lets the check and any build finish. */
    fireDue: async () => {
      for (const timer of armed.filter((t) => t.at <= clock.now().getTime())) {
        armed.splice(armed.indexOf(timer), 1);
        timer.run();
      }
      await scheduler.publishIfQuiet();
      await local.whenIdle();
    },
    cleanup: async () => {
      scheduler.stop();
      await local.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
