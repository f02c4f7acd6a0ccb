import { afterEach, describe, expect, it } from 'vitest';
import type {
  AdminAvailabilityReply,
  AdminBookingRow,
  ClientSummary,
  FunnelReply,
} from '../../shared/schemas/admin-bookings';
import { DEFAULT_AVAILABILITY } from '../../shared/schemas/availability';
import type { Booking } from '../../shared/schemas/booking';
import { createApp } from '../app';
import { createRazorpayProvider } from '../payments/razorpay';
import { newId } from '../stores/ids';
import type { NewBooking, NewService } from '../stores/types';
import {
  createAdminSession,
  createTestDeps,
  createTestEnv,
  type TestDeps,
} from '../../../tests/support/server/admin-session';
import { storedService } from '../../../tests/support/factories';
import { startRazorpayStandin, type RazorpayStandin } from '../../../tests/support/razorpay-standin';

// The portal's booking routes (docs/bookings.md, "In the portal"), through the real app.

type Reply<T = unknown> = {
  success: boolean;
  message?: string;
  data: T;
  timeZone?: string;
  errors?: Record<string, string>;
};

const HOUR = 3_600_000;
let standin: RazorpayStandin | undefined;
afterEach(async () => {
  await standin?.stop();
  standin = undefined;
});

async function setup(deps: TestDeps = createTestDeps()) {
  const app = createApp(deps);
  const { authHeader } = await createAdminSession(app);
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const response = await app.request(`/api/admin${path}`, {
      method,
      headers: { ...authHeader, 'Content-Type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      body: (text.startsWith('{') ? JSON.parse(text) : null) as Reply<T>,
    };
  };
  return { app, deps, call };
}

async function addService(deps: TestDeps, overrides: Record<string, unknown> = {}) {
  const { _id, createdAt, updatedAt, testimonials, averageRating, ...fields } = storedService();
  void [_id, createdAt, updatedAt, testimonials, averageRating];
  return deps.stores.services.create({
    ...fields,
    bookingMode: 'site',
    sessionMinutes: 60,
    ...overrides,
  } as NewService);
}

function newBooking(overrides: Partial<NewBooking> & { startMs: number }): NewBooking {
  const { startMs, ...rest } = overrides;
  return {
    _id: newId(),
    serviceId: 'b'.repeat(24),
    serviceName: 'Akashic Reading',
    start: new Date(startMs).toISOString(),
    end: new Date(startMs + HOUR).toISOString(),
    timeZone: 'Asia/Kolkata',
    client: { name: 'Asha Rao', email: 'asha@example.com', phone: '+919876543210' },
    note: 'First time',
    answers: [{ questionId: 'focus', question: 'What would you like to explore?', answer: 'My career' }],
    consent: { at: new Date().toISOString(), policyVersion: '2026-11-27' },
    status: 'confirmed',
    payment: { mode: 'at-session', state: 'none', amountPaise: 250000 },
    practitionerNotes: '',
    mailsSent: [],
    ...rest,
  };
}

describe('admin booking routes need a session', () => {
  it.each([
    ['GET', '/availability'],
    ['PUT', '/availability'],
    ['POST', '/availability/feed-token'],
    ['GET', '/bookings'],
    ['POST', `/bookings/${'a'.repeat(24)}/cancel`],
    ['POST', `/bookings/${'a'.repeat(24)}/no-show`],
    ['PATCH', `/bookings/${'a'.repeat(24)}`],
    ['GET', '/clients'],
    ['GET', '/clients/export.csv'],
    ['GET', '/funnel?days=7'],
  ])('%s %s answers 401 without one', async (method, path) => {
    const app = createApp(createTestDeps());
    const response = await app.request(`/api/admin${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    expect(response.status).toBe(401);
  });
});

describe('availability', () => {
  it('reads the defaults in the site’s zone, saves the whole form and keeps the feed across saves', async () => {
    const { call, deps } = await setup();
    const first = await call<AdminAvailabilityReply>('GET', '/availability');
    expect(first.status).toBe(200);
    expect(first.body.data.availability).toMatchObject({
      timeZone: 'Asia/Kolkata',
      weekly: DEFAULT_AVAILABILITY.weekly,
      cancellation: { fullRefundHours: 24, lateRefundPercent: 0 },
      paymentChoice: 'online',
      calendarUrl: '',
    });
    expect(first.body.data.feedUrl).toBeNull();
    expect(first.body.data.calendar).toEqual({ fetchedAt: null, error: null });
    // No Razorpay keys in the test environment: the first missing one is named.
    expect(first.body.data.payment).toEqual({ online: false, missing: 'RAZORPAY_KEY_ID' });

    const rotated = await call<AdminAvailabilityReply>('POST', '/availability/feed-token', {});
    const feedUrl = rotated.body.data.feedUrl ?? '';
    expect(feedUrl).toMatch(/^http:\/\/localhost:8888\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);

    const input = {
      ...first.body.data.availability,
      weekly: {
        ...first.body.data.availability.weekly,
        sun: [
          { start: '09:00', end: '12:00' },
          { start: '17:00', end: '19:30' },
        ],
      },
      datesOff: ['2026-12-25'],
      minNoticeMinutes: 120,
      bufferMinutes: 10,
      maxPerDay: 4,
      horizonDays: 30,
      timeZone: 'Europe/London',
      cancellation: { fullRefundHours: 48, lateRefundPercent: 50 },
      paymentChoice: 'at-session',
      calendarUrl: 'webcal://calendar.example/private-abc/basic.ics',
    };
    const saved = await call<AdminAvailabilityReply>('PUT', '/availability', input);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Availability saved');
    expect(saved.body.data.availability).toEqual({
      ...input,
      calendarUrl: 'https://calendar.example/private-abc/basic.ics',
    });
    expect(saved.body.data.feedUrl).toBe(feedUrl);
    const stored = await deps.stores.availability.get();
    expect(stored).toMatchObject({ timeZone: 'Europe/London', maxPerDay: 4, cancellation: { lateRefundPercent: 50 } });

    // A second rotation retires the first address.
    const again = await call<AdminAvailabilityReply>('POST', '/availability/feed-token', {});
    expect(again.body.data.feedUrl).not.toBe(feedUrl);
  });

  it('refuses a bad form with the field named, and changes nothing', async () => {
    const { call, deps } = await setup();
    const { availability } = (await call<AdminAvailabilityReply>('GET', '/availability')).body.data;
    for (const [patch, field] of [
      [{ weekly: { ...availability.weekly, mon: [{ start: '12:00', end: '10:00' }] } }, 'weekly.mon.0.end'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ cancellation: { fullRefundHours: 24, lateRefundPercent: 150 } }, 'cancellation.lateRefundPercent'],
      [{ calendarUrl: 'ftp://x.example/cal' }, 'calendarUrl'],
      [{ datesOff: ['25/12/2026'] }, 'datesOff.0'],
    ] as const) {
      const reply = await call('PUT', '/availability', { ...availability, ...patch });
      expect(reply.status, field).toBe(400);
      expect(Object.keys(reply.body.errors ?? {})).toContain(field);
    }
    expect((await deps.stores.availability.get()).updatedAt).toBeUndefined();
  });

  it('says online payment is on when every Razorpay variable is set', async () => {
    const env = createTestEnv();
    const deps = createTestDeps({
      env: { ...env, RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' },
    });
    const { call } = await setup(deps);
    expect((await call<AdminAvailabilityReply>('GET', '/availability')).body.data.payment).toEqual({
      online: true,
      missing: null,
    });
    const partial = await setup(
      createTestDeps({ env: { ...env, RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's' } }),
    );
    expect((await partial.call<AdminAvailabilityReply>('GET', '/availability')).body.data.payment).toEqual({
      online: false,
      missing: 'RAZORPAY_WEBHOOK_SECRET',
    });
  });
});

describe('bookings', () => {
  it('lists bookings in a range with their answers, saves notes and marks a no-show', async () => {
    const { call, deps } = await setup();
    const now = Date.now();
    const past = await deps.stores.bookings.create(newBooking({ startMs: now - 3 * HOUR }), 15);
    const soon = await deps.stores.bookings.create(
      newBooking({ startMs: now + 48 * HOUR, client: { name: 'Ravi', email: 'ravi@example.com' } }),
      15,
    );
    await deps.stores.bookings.create(newBooking({ startMs: now + 90 * 24 * HOUR }), 15);

    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const list = await call<AdminBookingRow[]>(
      'GET',
      `/bookings?from=${day(now - 24 * HOUR)}&to=${day(now + 5 * 24 * HOUR)}`,
    );
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.timeZone).toBe('Asia/Kolkata');
    expect(list.body.data.map((row) => row.booking._id)).toEqual([past._id, soon._id]);
    expect(list.body.data[0]?.booking.answers[0]?.answer).toBe('My career');
    expect(list.body.data[1]).toMatchObject({ refundFullPaise: 0, refundPolicyPaise: 0 });

    expect((await call('GET', '/bookings?from=2026-12-10&to=2026-12-01')).status).toBe(400);

    const notes = await call<AdminBookingRow>('PATCH', `/bookings/${soon._id}`, {
      practitionerNotes: '  Bring the cards  ',
    });
    expect(notes.status).toBe(200);
    expect(notes.body.data.booking.practitionerNotes).toBe('Bring the cards');
    expect((await deps.stores.bookings.get(soon._id))?.practitionerNotes).toBe('Bring the cards');
    expect((await call('PATCH', `/bookings/${soon._id}`, { practitionerNotes: 'x'.repeat(5001) })).status).toBe(400);
    expect((await call('PATCH', `/bookings/${soon._id}`, { status: 'cancelled' })).status).toBe(400);

    // Only a session that has started can be a no-show.
    expect((await call('POST', `/bookings/${soon._id}/no-show`, {})).status).toBe(409);
    const noShow = await call<AdminBookingRow>('POST', `/bookings/${past._id}/no-show`, {});
    expect(noShow.status).toBe(200);
    expect(noShow.body.data.booking.status).toBe('no-show');

    expect((await call('PATCH', `/bookings/${'f'.repeat(24)}`, { practitionerNotes: 'x' })).status).toBe(404);
    expect((await call('POST', '/bookings/not-an-id/cancel', { refund: 'none' })).status).toBe(404);
  });

  it('cancels a paid booking with a full refund through the payment provider', async () => {
    standin = await startRazorpayStandin();
    const provider = createRazorpayProvider({
      keyId: standin.keyId,
      keySecret: standin.keySecret,
      webhookSecret: standin.webhookSecret,
      apiBase: standin.url,
    });
    const deps: TestDeps = { ...createTestDeps(), payments: provider };
    const { call } = await setup(deps);
    const order = await provider.createOrder({ amountPaise: 250000, receipt: 'r1', notes: {} });
    const paid = await standin.checkout(order.id);
    const booking: Booking = await deps.stores.bookings.create(
      newBooking({
        startMs: Date.now() + 5 * HOUR,
        payment: {
          mode: 'online',
          state: 'paid',
          amountPaise: 250000,
          orderId: order.id,
          paymentId: paid.razorpay_payment_id,
        },
      }),
      15,
    );

    // Inside the default 24 hours: the policy gives nothing back, a full refund everything.
    const [row] = (await call<AdminBookingRow[]>('GET', '/bookings')).body.data;
    expect(row).toMatchObject({ refundFullPaise: 250000, refundPolicyPaise: 0 });

    expect((await call('POST', `/bookings/${booking._id}/cancel`, { refund: 'half' })).status).toBe(400);
    const cancelled = await call<AdminBookingRow>('POST', `/bookings/${booking._id}/cancel`, { refund: 'full' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe('Booking cancelled; ₹2,500 is being refunded.');
    expect(cancelled.body.data.booking).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'practitioner',
      payment: { state: 'refunded', refundedPaise: 250000 },
    });
    expect(standin.payments.get(paid.razorpay_payment_id)?.refunded).toBe(250000);
    // A second cancel is refused and refunds nothing more.
    expect((await call('POST', `/bookings/${booking._id}/cancel`, { refund: 'full' })).status).toBe(409);
    expect(standin.payments.get(paid.razorpay_payment_id)?.refunded).toBe(250000);
  });
});

describe('clients and exports', () => {
  it('groups bookings and messages by e-mail, and exports CSV with formulas disarmed', async () => {
    const { app, call, deps } = await setup();
    await deps.stores.bookings.create(
      newBooking({
        startMs: Date.now() + 30 * HOUR,
        client: { name: '=HYPERLINK("http://evil.example","x")', email: 'Eve@Example.com' },
      }),
      15,
    );
    await deps.stores.bookings.create(newBooking({ startMs: Date.now() + 60 * HOUR }), 15);
    const sent = await app.request('/api/contact/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Asha Rao',
        email: 'asha@example.com',
        phone: '',
        subject: 'Other',
        message: 'Hello there',
        consent: true,
      }),
    });
    expect(sent.status).toBe(200);

    const clients = await call<ClientSummary[]>('GET', '/clients');
    expect(clients.status).toBe(200);
    const byEmail = new Map(clients.body.data.map((client) => [client.email, client]));
    expect(byEmail.get('asha@example.com')).toMatchObject({ bookings: 1, messages: 1 });
    expect(byEmail.get('eve@example.com')).toMatchObject({ bookings: 1, messages: 0 });

    const csv = await call('GET', '/clients/export.csv?table=clients');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Name,Email,Phone,Bookings,Messages,Last activity');
    expect(csv.text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")",eve@example.com`);
    expect(csv.text).toContain("Asha Rao,asha@example.com,'+919876543210,1,1,");

    const bookings = await call('GET', '/clients/export.csv?table=bookings');
    expect(bookings.text.split('\r\n')[0]).toContain('Start (UTC),End (UTC),Time zone,Service,Name,Email');
    // The answers are sensitive: they stay in the portal.
    expect(bookings.text).not.toContain('My career');
    expect(bookings.text).toContain('2500.00');
    expect((await call('GET', '/clients/export.csv?table=secrets')).status).toBe(400);
  });
});

describe('funnel', () => {
  it('counts per active service for 7 or 30 days', async () => {
    const { call, deps } = await setup();
    const site = await addService(deps, { name: 'Discovery Call' });
    const link = await addService(deps, { name: 'Tarot by link', bookingMode: 'link' });
    const today = new Date().toISOString().slice(0, 10);
    const tenDaysAgo = new Date(Date.now() - 10 * 24 * HOUR).toISOString().slice(0, 10);
    await deps.stores.funnel.count(site._id, 'slots-viewed', today);
    await deps.stores.funnel.count(site._id, 'slots-viewed', today);
    await deps.stores.funnel.count(site._id, 'booking-started', today);
    await deps.stores.funnel.count(site._id, 'slots-viewed', tenDaysAgo);
    await deps.stores.funnel.count(link._id, 'link-clicked', today);

    const week = await call<FunnelReply>('GET', '/funnel?days=7');
    expect(week.status).toBe(200);
    const rows = new Map(week.body.data.services.map((row) => [row.serviceName, row]));
    expect(rows.get('Discovery Call')).toMatchObject({
      bookingMode: 'site',
      counts: { 'slots-viewed': 2, 'booking-started': 1, paid: 0, 'link-clicked': 0 },
    });
    expect(rows.get('Tarot by link')?.counts['link-clicked']).toBe(1);
    const month = await call<FunnelReply>('GET', '/funnel?days=30');
    expect(month.body.data.services.find((row) => row.serviceId === site._id)?.counts['slots-viewed']).toBe(3);
    expect((await call('GET', '/funnel?days=365')).status).toBe(400);
  });
});
