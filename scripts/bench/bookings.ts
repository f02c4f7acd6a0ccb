// `npm run bench -- bookings`: the booking round trip on the real app over the embedded store (a file, as under
// `npm start`), with Razorpay played by its stand-in (docs/bookings.md): GET slots → POST /api/bookings (a held,
// paid booking with an order) → POST /api/bookings/{id}/payment (checkout's verified result) → confirmed. The store
// holds 300 earlier bookings, so the slot and overlap reads do real work. Mail goes nowhere (counted only).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startRazorpayStandin } from '../../tests/support/razorpay-standin';
import { blankServiceContent } from '../../tests/support/factories';
import { createApp } from '../../src/server/app';
import { parseEnv } from '../../src/server/env';
import { createEmbeddedStores } from '../../src/server/stores/embedded';
import { createMemoryMediaStore } from '../../src/server/media/memory';
import { DEFAULT_AVAILABILITY } from '../../src/shared/schemas/availability';
import { newId } from '../../src/server/stores/ids';
import type { AppDeps } from '../../src/server/deps';
import { silentPublisher } from '../../src/server/publish/types';
import type { BenchFigure } from './types';

export const title = 'Bookings: round trip (slots → hold → checkout → confirmed), embedded store';

const DAY = 86_400_000;
const ROUNDS = 40;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function run(): Promise<BenchFigure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sg-bench-bookings-'));
  const standin = await startRazorpayStandin();
  const stores = createEmbeddedStores(path.join(dir, 'content.db'));
  let mails = 0;
  const env = parseEnv({
    NODE_ENV: 'test',
    JWT_SECRET: 'bench-secret-for-bookings-0123456789abcdef',
    DATA_DIR: dir,
    RAZORPAY_KEY_ID: standin.keyId,
    RAZORPAY_KEY_SECRET: standin.keySecret,
    RAZORPAY_WEBHOOK_SECRET: standin.webhookSecret,
    RAZORPAY_API_BASE: standin.url,
  });
  const deps: AppDeps = {
    env,
    stores,
    media: createMemoryMediaStore(),
    mailer: {
      send: () => {
        mails += 1;
        return Promise.resolve();
      },
    },
    publisher: silentPublisher,
  };
  const app = createApp(deps);
  try {
    const allDay = Object.fromEntries(
      Object.keys(DEFAULT_AVAILABILITY.weekly).map((day) => [day, [{ start: '06:00', end: '22:00' }]]),
    ) as typeof DEFAULT_AVAILABILITY.weekly;
    await stores.availability.put({ ...DEFAULT_AVAILABILITY, weekly: allDay, maxPerDay: 0, horizonDays: 365 });
    const service = await stores.services.create({
      name: 'Akashic Records Reading',
      category: 'Akashic Records',
      shortDescription: 'A reading',
      description: 'A reading.',
      price: 2500,
      duration: '60 minutes',
      deliveryMethod: 'Video Call',
      ...blankServiceContent(),
      availability: 'By appointment',
      bookingLink: '',
      bookingMode: 'site',
      sessionMinutes: 60,
      image: '/media/bench.webp',
      whatToExpected: [],
      isActive: true,
      isFeatured: false,
    } as never);
    // 300 earlier bookings across the coming months, 75 minutes apart in the small hours (never in the way).
    const base = Date.now() + 400 * DAY;
    for (let i = 0; i < 300; i += 1) {
      const start = new Date(base + i * 75 * 60_000).toISOString();
      await stores.bookings.create(
        {
          _id: newId(),
          serviceId: service._id,
          serviceName: service.name,
          start,
          end: new Date(Date.parse(start) + 60 * 60_000).toISOString(),
          timeZone: 'Asia/Kolkata',
          client: { name: `Client ${i}`, email: `client${i}@example.com` },
          note: '',
          answers: [],
          consent: { at: new Date().toISOString(), policyVersion: 'bench' },
          status: 'confirmed',
          payment: { mode: 'at-session', state: 'none', amountPaise: 250000 },
          practitionerNotes: '',
          mailsSent: [],
        },
        15,
      );
    }

    const json = async (response: Response) => {
      if (!response.ok)
        throw new Error(`${response.url || 'request'} answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { data: unknown }).data;
    };
    const post = (url: string, body: unknown) =>
      app.request(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'x-nf-client-connection-ip': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        },
        body: JSON.stringify(body),
      });

    const timings = { slots: [] as number[], create: [] as number[], confirm: [] as number[], total: [] as number[] };
    const from = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 32 * DAY).toISOString().slice(0, 10);
    for (let round = 0; round < ROUNDS + 3; round += 1) {
      const t0 = performance.now();
      const slots = (await json(await app.request(`/api/services/${service._id}/slots?from=${from}&to=${to}`))) as {
        start: string;
      }[];
      const t1 = performance.now();
      const start = slots[round * 3]?.start;
      if (!start) throw new Error('no free time left to book');
      const created = (await json(
        await post('/api/bookings', {
          serviceId: service._id,
          start,
          name: 'Bench Client',
          email: `bench${round}@example.com`,
          consent: true,
        }),
      )) as { booking: { _id: string }; payment: { orderId: string } };
      const t2 = performance.now();
      const handed = await standin.checkout(created.payment.orderId);
      const t3 = performance.now();
      const confirmed = (await json(await post(`/api/bookings/${created.booking._id}/payment`, handed))) as {
        booking: { status: string };
      };
      const t4 = performance.now();
      if (confirmed.booking.status !== 'confirmed') throw new Error('the booking was not confirmed');
      if (round < 3) continue; // warm-up
      timings.slots.push(t1 - t0);
      timings.create.push(t2 - t1);
      timings.confirm.push(t4 - t3);
      timings.total.push(t1 - t0 + (t2 - t1) + (t4 - t3));
    }
    const figures: BenchFigure[] = [];
    for (const [name, list] of Object.entries(timings)) {
      list.sort((a, b) => a - b);
      const budget = name === 'total' ? 250 : undefined;
      const p50 = Number(percentile(list, 0.5).toFixed(1));
      const p95 = Number(percentile(list, 0.95).toFixed(1));
      figures.push({ name: `${name}: p50`, value: p50, unit: 'ms' });
      figures.push(
        budget
          ? {
              name: `${name}: p95 (checkout itself left out)`,
              value: p95,
              unit: 'ms',
              budget: `≤ ${budget} ms`,
              ok: p95 <= budget,
            }
          : { name: `${name}: p95`, value: p95, unit: 'ms' },
      );
    }
    figures.push({ name: 'round trips confirmed', value: ROUNDS });
    figures.push({ name: 'mails handed to the mailer', value: mails });
    return figures;
  } finally {
    await stores.close();
    await standin.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
