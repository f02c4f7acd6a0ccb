// `npm run bench -- slots`: computing the bookable times for 90 days (docs/bookings.md, "Availability") with a busy
// calendar, as one slots request for a quarter would: Monday to Saturday 10:00–18:00 in India, a 60-minute session,
// 300 booked sessions and 600 calendar events spread over the period.
import { performance } from 'node:perf_hooks';
import { DEFAULT_AVAILABILITY } from '../../src/shared/schemas/availability';
import { computeSlots, type Busy } from '../../src/server/bookings/slots';
import type { BenchFigure } from './types';

export const title = 'Bookings: slot computation';

const DAY = 86_400_000;

export function run(): Promise<BenchFigure[]> {
  const now = new Date('2026-12-01T00:00:00Z');
  const from = now;
  const to = new Date(now.getTime() + 90 * DAY);
  // Deterministic "random" busy times, so every run measures the same work.
  let seed = 7;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  const busy: Busy[] = [];
  for (let i = 0; i < 900; i += 1) {
    const start = new Date(from.getTime() + Math.floor(next() * 90 * 96) * 15 * 60_000);
    busy.push({
      start,
      end: new Date(start.getTime() + (30 + Math.floor(next() * 4) * 30) * 60_000),
      isSession: i < 300,
    });
  }
  const availability = { ...DEFAULT_AVAILABILITY, horizonDays: 120, maxPerDay: 8 };
  const query = { availability, durationMinutes: 60, from, to, now, busy };

  computeSlots(query); // warm-up: the time-zone formatter is built once per process
  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < 30; i += 1) {
    const started = performance.now();
    slots = computeSlots(query).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)] ?? 0;
  const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
  return Promise.resolve([
    { name: '90 days, 900 busy times: slots offered', value: slots },
    {
      name: '90 days, 900 busy times: p50',
      value: Number(p50.toFixed(1)),
      unit: 'ms',
      budget: '≤ 50 ms',
      ok: p50 <= 50,
    },
    {
      name: '90 days, 900 busy times: p95',
      value: Number(p95.toFixed(1)),
      unit: 'ms',
      budget: '≤ 100 ms',
      ok: p95 <= 100,
    },
  ]);
}
