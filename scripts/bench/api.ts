// Public read API under load: GET /api/services and GET /api/services/{id} on the real local server (the same
// process `npm start` runs), 50 concurrent connections, autocannon. Budget: p99 under 25 ms on a 2-core machine.
import autocannon from 'autocannon';
import { startServer } from '../../tests/e2e/support/server';
import type { BenchFigure } from './types';

export const title = 'Public API under load (local server, autocannon, 50 connections)';

const CONNECTIONS = 50;
const WARM_UP_S = 2;
const DURATION_S = 10;
const P99_BUDGET_MS = 25;

async function measure(name: string, url: string): Promise<BenchFigure[]> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(`${name}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx replies`);
  }
  return [
    { name: `${name} p50 latency`, value: result.latency.p50, unit: 'ms' },
    {
      name: `${name} p99 latency`,
      value: result.latency.p99,
      unit: 'ms',
      budget: `< ${P99_BUDGET_MS} ms`,
      ok: result.latency.p99 < P99_BUDGET_MS,
    },
    { name: `${name} throughput`, value: Math.round(result.requests.average), unit: 'req/s' },
  ];
}

export async function run(): Promise<BenchFigure[]> {
  // The API is what is measured; the site build would only add minutes.
  const server = await startServer({ args: ['--no-build'] });
  try {
    const list = (await (await fetch(`${server.url}/api/services`)).json()) as { data: { _id: string }[] };
    const id = list.data[0]?._id;
    if (!id) throw new Error('the seeded store has no service to read');
    return [
      ...(await measure('GET /api/services', `${server.url}/api/services`)),
      ...(await measure('GET /api/services/{id}', `${server.url}/api/services/${id}`)),
    ];
  } finally {
    await server.stop();
  }
}
