// The API function as Netlify ships it (tests/support/function-bundle.ts): the deployable zip's size, and a cold
// start against the MongoDB stand-in: importing the bundle plus the first request (which connects to the database),
// then a warm request. Run from a read-only folder with a deployed function's environment.
import { migrateIndexes } from '../../src/server/stores/mongo/migrate';
import { bundleFunction, startBundledFunction } from '../../tests/support/function-bundle';
import { standinAvailable, startStandin } from '../../tests/support/mongo-standin';
import type { BenchFigure } from './types';

export const title = 'API function bundle (zip-it-and-ship-it) and cold start against the MongoDB stand-in';

const ZIP_BUDGET_MB = 5;
// A loaded 2-core machine: import about 1.2-1.3 s, the first request (connect + query) about 0.3 s.
const COLD_BUDGET_MS = 2_500;
const MB = 1024 * 1024;

export async function run(): Promise<BenchFigure[]> {
  const bundle = await bundleFunction();
  const figures: BenchFigure[] = [
    {
      name: 'function zip size',
      value: (bundle.zipBytes / MB).toFixed(2),
      unit: 'MB',
      budget: `≤ ${ZIP_BUDGET_MB} MB`,
      ok: bundle.zipBytes <= ZIP_BUDGET_MB * MB,
    },
    { name: 'function unpacked size', value: (bundle.unpackedBytes / MB).toFixed(2), unit: 'MB' },
    { name: 'bundling time', value: bundle.bundleMs, unit: 'ms' },
  ];
  if (!standinAvailable()) {
    console.log('  (cold start not measured: no MongoDB stand-in at ../shared/tools/mongo-standin/run)');
    bundle.remove();
    return figures;
  }
  bundle.freeze();
  const standin = await startStandin();
  try {
    await migrateIndexes(standin.uri, 'bench_function');
    for (let round = 1; round <= 3; round += 1) {
      const fn = await startBundledFunction(bundle, {
        SITE_ID: 'bench',
        SITE_NAME: 'bench',
        URL: 'https://bench.example',
        JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
        SMTP_URL: 'smtp://127.0.0.1:9',
        MONGODB_URI: standin.uri,
        MONGODB_DB: 'bench_function',
      });
      try {
        const first = await fetch(`${fn.url}/api/services`);
        if (first.status !== 200) throw new Error(`first request answered ${first.status}:\n${fn.output()}`);
        const warmStarted = performance.now();
        const warm = await fetch(`${fn.url}/api/services`);
        const warmMs = performance.now() - warmStarted;
        if (warm.status !== 200) throw new Error(`warm request answered ${warm.status}`);
        const match = /timing import ([\d.]+) first-request ([\d.]+)/.exec(fn.output());
        if (!match) throw new Error(`no timing line:\n${fn.output()}`);
        const importMs = Number(match[1]);
        const firstMs = Number(match[2]);
        const cold = Math.round(importMs + firstMs);
        figures.push(
          { name: `cold start #${round}: import`, value: Math.round(importMs), unit: 'ms' },
          { name: `cold start #${round}: first request (connects)`, value: Math.round(firstMs), unit: 'ms' },
          {
            name: `cold start #${round}: import + first request`,
            value: cold,
            unit: 'ms',
            budget: `≤ ${COLD_BUDGET_MS} ms`,
            ok: cold <= COLD_BUDGET_MS,
          },
          { name: `warm request #${round}`, value: warmMs.toFixed(1), unit: 'ms' },
        );
      } finally {
        await fn.stop();
      }
    }
  } finally {
    await standin.stop();
    bundle.remove();
  }
  return figures;
}
