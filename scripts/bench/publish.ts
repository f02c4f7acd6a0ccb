// `npm run bench -- publish`: the time from a content change (an admin's save through the API) to the live page
// showing it, on the real local server, for 10, 50 and 200 services; and where that time goes (the build's phases).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalSite } from '../../src/server/local/site';
import type { LocalBuildOutcome } from '../../src/server/local/publisher';
import { openStores } from '../../src/server/stores';
import type { NewService } from '../../src/server/stores/types';
import { SERVICE_CATEGORIES } from '../../src/shared/constants';
import { benchAdminToken, benchSiteEnv } from './local-env';
import type { BenchFigure } from './types';

export const title = 'Publishing: content change → live page (local server)';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIZES = [10, 50, 200] as const;
/** Changes measured per size: the first build after start can differ from later ones, so take more than one. */
const CHANGES = 2;
const GOAL_MS = 10_000;
const GOAL_SIZE = 50;

/** A service with every text card filled, so each detail page is as heavy as a real one. */
function benchService(i: number): NewService {
  const name = `Bench Service ${String(i).padStart(3, '0')}`;
  return {
    name,
    category: SERVICE_CATEGORIES[i % SERVICE_CATEGORIES.length] ?? 'Other',
    shortDescription: `A gentle session, number ${i}, for clarity and calm.`,
    description: `${name} opens a quiet space for your questions.\n\nWe listen together, and you leave with notes.`,
    price: 1000 + i * 10,
    offerPrice: i % 3 === 0 ? 900 + i * 10 : undefined,
    duration: '60 minutes',
    deliveryMethod: 'Video Call',
    availability: 'Weekdays, 10 AM - 6 PM IST',
    bookingLink: 'https://booking.example.org/bench',
    image: '',
    note: 'Readings are for reflection.',
    whatIsThis: 'A reading of what your soul already knows.',
    processDescription: 'A short grounding, the reading, then time for your questions.',
    preparation: 'Write down three questions.',
    afterCare: 'Rest and journal.',
    benefits: ['Clarity', 'Calm', 'Direction'],
    prerequisites: ['A quiet room'],
    whatToExpected: [],
    whatCanBeAsked: [{ category: 'Career', questions: ['What work fits me?', 'When should I move?'] }],
    faq: [{ question: 'Do I need to prepare?', answer: 'Only your questions.' }],
    tags: ['clarity', 'healing'],
    isActive: true,
    isFeatured: i % 4 === 0,
  };
}

interface SizeResult {
  size: number;
  initialBuild: LocalBuildOutcome;
  /** One per change: the save's reply, then the page showing it. */
  changes: { apiMs: number; liveMs: number; build: LocalBuildOutcome }[];
}

async function measureSize(size: number): Promise<SizeResult> {
  // The build's own speed: every change publishes at once (the debounce is measured in publish-debounce.ts).
  const { env, dataDir } = await benchSiteEnv(`sg-bench-publish-${size}-`, 0);
  const stores = await openStores(env);
  const ids: string[] = [];
  for (let i = 1; i <= size; i += 1) ids.push((await stores.services.create(benchService(i)))._id);
  await stores.close();

  const site = await startLocalSite({ projectRoot, env, log: () => {} });
  try {
    if (!site.initialBuild?.ok) throw new Error(`The first build failed:\n${site.initialBuild?.result.log ?? ''}`);
    const base = site.server.url;
    const token = await benchAdminToken(base);
    const changes: SizeResult['changes'] = [];
    for (let n = 1; n <= CHANGES; n += 1) {
      const id = ids[Math.floor(size / 2)] ?? '';
      const newName = `Renamed ${size}-${n} ${Date.now()}`;
      const form = new FormData();
      for (const [key, value] of Object.entries(benchService(1))) {
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
          form.set(key, String(value));
        }
      }
      form.set('name', newName);
      let build: LocalBuildOutcome | undefined;
      const unsubscribe = site.publisher.onBuild((outcome) => (build = outcome));

      const started = performance.now();
      const saved = await fetch(`${base}/api/admin/services/${id}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      const apiMs = performance.now() - started;
      if (!saved.ok) throw new Error(`The save answered ${saved.status}: ${await saved.text()}`);
      // Poll the public page the way a visitor would reload it, until it shows the new name.
      for (;;) {
        const html = await (await fetch(`${base}/service/${id}/`)).text();
        if (html.includes(newName)) break;
        if (performance.now() - started > 180_000) throw new Error('The change never went live.');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const liveMs = performance.now() - started;
      await site.publisher.whenIdle();
      unsubscribe();
      if (!build?.ok) throw new Error('The build failed.');
      changes.push({ apiMs, liveMs, build });
    }
    return { size, initialBuild: site.initialBuild, changes };
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

export async function run(): Promise<BenchFigure[]> {
  const results: SizeResult[] = [];
  for (const size of SIZES) results.push(await measureSize(size));

  const figures: BenchFigure[] = [];
  for (const result of results) {
    const worst = Math.max(...result.changes.map((change) => change.liveMs));
    const mean = result.changes.reduce((sum, change) => sum + change.liveMs, 0) / result.changes.length;
    figures.push({
      name: `${result.size} services: change → live page (worst of ${CHANGES})`,
      value: seconds(worst),
      unit: 's',
      ...(result.size === GOAL_SIZE ? { budget: `< ${GOAL_MS / 1000} s`, ok: worst < GOAL_MS } : {}),
    });
    figures.push({ name: `${result.size} services: change → live page (mean)`, value: seconds(mean), unit: 's' });
    figures.push({
      name: `${result.size} services: the save's reply`,
      value: Math.round(Math.max(...result.changes.map((change) => change.apiMs))),
      unit: 'ms',
    });
    // Where the time goes, from the last change's build: astro's own phases, timed as its output arrives.
    const last = result.changes[result.changes.length - 1];
    if (last) {
      for (const phase of last.build.result.phases) {
        figures.push({
          name: `${result.size} services:   build phase "${phase.name}"`,
          value: phase.durationMs,
          unit: 'ms',
        });
      }
      figures.push({
        name: `${result.size} services:   after the build (swap, serve)`,
        value: Math.max(0, Math.round(last.liveMs - last.apiMs - last.build.durationMs)),
        unit: 'ms',
      });
    }
    figures.push({
      name: `${result.size} services: first build at start (fresh cache)`,
      value: seconds(result.initialBuild.durationMs),
      unit: 's',
    });
  }
  const first = results[0];
  const lastSize = results[results.length - 1];
  if (first && lastSize) {
    const mean = (r: SizeResult) => r.changes.reduce((sum, c) => sum + c.liveMs, 0) / r.changes.length;
    const perService = (mean(lastSize) - mean(first)) / (lastSize.size - first.size);
    figures.push({ name: 'growth: extra time per added service', value: Math.round(perService), unit: 'ms' });
    figures.push({
      name: 'growth: fixed part (extrapolated to 0 services)',
      value: seconds(mean(first) - perService * first.size),
      unit: 's',
    });
  }
  return figures;
}
