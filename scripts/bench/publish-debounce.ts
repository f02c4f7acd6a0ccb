// `npm run bench -- publish-debounce`: one deploy per editing session (docs/publishing.md). Counts the deploys that
// 10 saves within 5 minutes cause, on the Netlify path (build hook behind the debounce, a loopback stand-in for
// Netlify, the scheduled function's one-minute tick on a simulated clock) and on the real local server (real time,
// a short quiet period); and the time from the last save to the scheduled publish.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { createApp } from '../../src/server/app';
import { startLocalSite } from '../../src/server/local/site';
import { createDebouncedPublisher } from '../../src/server/publish/debounce';
import { createBuildHookPublisher } from '../../src/server/publish/hook';
import { startFakeNetlify } from '../../tests/support/server/fake-netlify';
import { createAdminSession, createTestDeps } from '../../tests/support/server/admin-session';
import { benchAdminToken, benchSiteEnv } from './local-env';
import type { BenchFigure } from './types';
import { serviceFormData } from '../../tests/support/factories';

export const title = 'Publishing: deploys per editing session (debounce)';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MINUTE = 60_000;
/** The local run waits this quiet period for real; the Netlify simulation uses the default (120 s). */
const LOCAL_QUIET_SECONDS = 10;

/** The picture every benched save carries: 8 × 8 PNG. */
const tinyPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#6b4e9b' } })
    .png()
    .toBuffer();

/**
 * The Netlify path on a simulated clock: saves every 30 s (10 in 4.5 minutes), the scheduled function every minute,
 * as Netlify runs it. Returns the hook calls and how long after the last save the call came.
 */
async function simulateNetlify(quietSeconds: number): Promise<{ deploys: number; afterLastSaveS: number | null }> {
  const netlify = await startFakeNetlify();
  try {
    let ms = Date.now();
    const now = () => new Date(ms);
    const deps = createTestDeps();
    const hook = createBuildHookPublisher({
      meta: deps.stores.meta,
      hookUrl: netlify.hookUrl,
      siteUrl: netlify.siteUrl,
      now,
    });
    const publisher = createDebouncedPublisher({
      inner: hook,
      meta: deps.stores.meta,
      quietMs: quietSeconds * 1000,
      now,
      timers: false,
      log: () => {},
    });
    deps.publisher = publisher;
    const app = createApp(deps);
    const { authHeader } = await createAdminSession(app);
    // The cron's phase relative to the saves is arbitrary: start it 17 s in.
    let nextTick = ms + 17_000;
    let lastSave = 0;
    let calledAt: number | null = null;
    const advanceTo = async (target: number) => {
      while (nextTick <= target) {
        ms = nextTick;
        const before = netlify.calls.length;
        await publisher.publishIfQuiet();
        if (netlify.calls.length > before && calledAt === null) calledAt = ms;
        nextTick += MINUTE;
      }
      ms = target;
    };
    for (let i = 0; i < 10; i++) {
      const response = await app.request('/api/admin/services', {
        method: 'POST',
        headers: authHeader,
        body: serviceFormData(`Bench Reading ${i + 1}`, await tinyPng()),
      });
      if (response.status !== 201) throw new Error(`The save answered ${response.status}`);
      lastSave = ms;
      await advanceTo(ms + 30_000);
    }
    await advanceTo(ms + 10 * MINUTE);
    return {
      deploys: netlify.calls.length,
      afterLastSaveS: calledAt === null ? null : Math.round((calledAt - lastSave) / 1000),
    };
  } finally {
    await netlify.close();
  }
}

/** The real local server: 10 saves one second apart, then wait for the one scheduled build and the live page. */
async function measureLocal(): Promise<{ builds: number; toBuildStartS: number; toLiveS: number }> {
  const { env, dataDir } = await benchSiteEnv('sg-bench-debounce-', LOCAL_QUIET_SECONDS);
  const site = await startLocalSite({ projectRoot, env, log: () => {} });
  try {
    const base = site.server.url;
    const token = await benchAdminToken(base);
    let builds = 0;
    let buildStartedAt: number | null = null;
    site.publisher.onBuild(() => builds++);
    let lastSave = 0;
    let lastName = '';
    let lastId = '';
    for (let i = 0; i < 10; i++) {
      lastName = `Debounce Reading ${i + 1} ${Date.now()}`;
      const saved = await fetch(`${base}/api/admin/services`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: serviceFormData(lastName, await tinyPng()),
      });
      if (saved.status !== 201) throw new Error(`The save answered ${saved.status}`);
      lastId = ((await saved.json()) as { data: { _id: string } }).data._id;
      lastSave = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    for (;;) {
      const status = (await (
        await fetch(`${base}/api/admin/publish/status`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { data: { state: string } };
      if (status.data.state === 'publishing' && buildStartedAt === null) buildStartedAt = performance.now();
      const html = await (await fetch(`${base}/service/${lastId}/`)).text();
      if (html.includes(lastName)) break;
      if (performance.now() - lastSave > 300_000) throw new Error('The changes never went live.');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const live = performance.now();
    await site.publisher.whenIdle();
    return {
      builds,
      toBuildStartS: Math.round(((buildStartedAt ?? live) - lastSave) / 100) / 10,
      toLiveS: Math.round((live - lastSave) / 100) / 10,
    };
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchFigure[]> {
  const debounced = await simulateNetlify(120);
  const immediate = await simulateNetlify(0);
  const local = await measureLocal();
  return [
    {
      name: 'Netlify: deploys for 10 saves in 5 min (quiet 120 s)',
      value: debounced.deploys,
      budget: '= 1',
      ok: debounced.deploys === 1,
    },
    { name: 'Netlify: the same without debounce (quiet 0)', value: immediate.deploys },
    {
      name: 'Netlify: last save → build hook call (simulated)',
      value: debounced.afterLastSaveS ?? 'never',
      unit: 's',
      budget: '120–180 s',
      ok: debounced.afterLastSaveS !== null && debounced.afterLastSaveS >= 120 && debounced.afterLastSaveS <= 180,
    },
    {
      name: `local: builds for 10 saves (quiet ${LOCAL_QUIET_SECONDS} s)`,
      value: local.builds,
      budget: '= 1',
      ok: local.builds === 1,
    },
    { name: 'local: last save → scheduled build starts', value: local.toBuildStartS, unit: 's' },
    { name: 'local: last save → live page', value: local.toLiveS, unit: 's' },
  ];
}
