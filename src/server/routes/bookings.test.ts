// The public booking API through the real app (docs/bookings.md, "HTTP"), with Razorpay played by its stand-in
// (tests/support/razorpay-standin.ts), whose webhooks reach the app over HTTP through a small bridge.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bridgeToApp, type AppBridge } from '../../../tests/support/server/app-bridge';
import { startRazorpayStandin, type RazorpayStandin } from '../../../tests/support/razorpay-standin';
import { createTestDeps, createTestEnv, type TestDeps } from '../../../tests/support/server/admin-session';
import { sampleService } from '../../../tests/support/server/samples';
import { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { BOOKING_MESSAGES, MANAGE_MESSAGES, type ManagedBooking } from '../../shared/schemas/booking';
import { DEFAULT_AVAILABILITY } from '../../shared/schemas/availability';
import { BOOKING_RATE_LIMIT } from '../bookings/rate-limit';
import type { Service } from '../../shared/schemas/service';
import type { Mailer } from '../mail/types';
import { createMailer } from '../mail/mailer';
import { decodeMail, startSmtp } from '../../../tests/support/smtp';

import type { CheckoutOrder } from '../bookings/service';

/** The replies' data, loosely: each test reads the parts its route answers. */
interface Data {
  booking: ManagedBooking;
  payment: CheckoutOrder;
  manageUrl: string;
  canCancel: boolean;
  canReschedule: boolean;
  refundPaise: number;
  policy: unknown;
}
type Reply<T> = { success: boolean; message?: string; errors?: Record<string, string>; data: T };
type Slot = { start: string; end: string };

const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let standin: RazorpayStandin | undefined;
let bridge: AppBridge | undefined;

afterEach(async () => {
  vi.useRealTimers();
  await standin?.stop();
  standin = undefined;
  await bridge?.close();
  bridge = undefined;
});

async function setup(options: { razorpay?: boolean; mailer?: Mailer } = {}) {
  if (options.razorpay) standin = await startRazorpayStandin();
  const env = createTestEnv({
    CONTACT_INBOX: 'practitioner@soulguidance.test',
    SITE_URL: 'https://soul.example',
    ...(standin
      ? {
          RAZORPAY_KEY_ID: standin.keyId,
          RAZORPAY_KEY_SECRET: standin.keySecret,
          RAZORPAY_WEBHOOK_SECRET: standin.webhookSecret,
          RAZORPAY_API_BASE: standin.url,
          RAZORPAY_CHECKOUT_URL: `${standin.url}/checkout.js`,
        }
      : {}),
  });
  const deps: TestDeps = createTestDeps({ env, ...(options.mailer ? { mailer: options.mailer } : {}) });
  const app = createApp(deps);
  // Any weekday, all day, no notice: tests find times without depending on the day they run.
  const allWeek = Object.fromEntries(
    Object.keys(DEFAULT_AVAILABILITY.weekly).map((day) => [day, [{ start: '00:00', end: '23:55' }]]),
  ) as typeof DEFAULT_AVAILABILITY.weekly;
  await deps.stores.availability.put({
    ...DEFAULT_AVAILABILITY,
    timeZone: 'UTC',
    weekly: allWeek,
    minNoticeMinutes: 60,
    maxPerDay: 0,
    bufferMinutes: 15,
  });
  const siteService = (overrides: Partial<Service> = {}) =>
    deps.stores.services.create({
      ...sampleService(1),
      offerPrice: undefined,
      bookingLink: '',
      bookingMode: 'site',
      sessionMinutes: 60,
      intakeQuestions: [{ id: 'focus', question: 'What would you like to explore?', required: true }],
      ...overrides,
    } as never);

  const call = async <T = Data>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(url, {
      method,
      headers: { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: '198.51.100.7', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: Reply<T> | undefined;
    try {
      json = JSON.parse(text) as Reply<T>;
    } catch {
      json = undefined;
    }
    return { status: response.status, json: json as Reply<T>, text, headers: response.headers };
  };

  const slots = async (service: Service, fromMs = Date.now() + DAY, days = 3): Promise<Slot[]> => {
    const reply = await call<Slot[]>(
      'GET',
      `/api/services/${service.slug ?? service._id}/slots?from=${dateOf(fromMs)}&to=${dateOf(fromMs + days * DAY)}`,
    );
    expect(reply.status).toBe(200);
    return reply.json.data;
  };

  const request = (service: Service, start: string, overrides: Record<string, unknown> = {}) => ({
    serviceId: service._id,
    start,
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '98123 45678',
    note: 'First time',
    answers: [{ questionId: 'focus', answer: 'My work' }],
    consent: true,
    ...overrides,
  });

  const book = (service: Service, start: string, overrides: Record<string, unknown> = {}, ip = '198.51.100.7') =>
    call('POST', '/api/bookings', request(service, start, overrides), { [CLIENT_IP_HEADER]: ip });

  /** Webhooks from the stand-in reach the app over HTTP. */
  const connectWebhooks = async () => {
    bridge = await bridgeToApp(app);
    standin?.setWebhookUrl(`${bridge.url}/api/payments/razorpay/webhook`);
  };

  const tokenOf = (manageUrl: string) => new URL(manageUrl).searchParams.get('token') ?? '';

  return { app, deps, call, slots, book, request, siteService, connectWebhooks, tokenOf };
}

describe('slots', () => {
  it('lists the free times of a site-booked service and counts the view', async () => {
    const { slots, siteService, deps } = await setup();
    const service = await siteService();
    const list = await slots(service);
    expect(list.length).toBeGreaterThan(20);
    expect(Date.parse(list[0]?.end ?? '') - Date.parse(list[0]?.start ?? '')).toBe(60 * 60_000);
    const day = new Date().toISOString().slice(0, 10);
    expect((await deps.stores.funnel.totals(day, day))[service._id]?.['slots-viewed']).toBe(1);
  });

  it('answers 404 for a service that books through its link, or is inactive, and 400 for bad dates', async () => {
    const { call, siteService, deps } = await setup();
    const linked = await deps.stores.services.create(sampleService(2));
    const hidden = await siteService({ isActive: false });
    const range = `from=${dateOf(Date.now() + DAY)}&to=${dateOf(Date.now() + 2 * DAY)}`;
    for (const service of [linked, hidden]) {
      const reply = await call('GET', `/api/services/${service._id}/slots?${range}`);
      expect(reply.status).toBe(404);
      expect(reply.json.message).toBe(BOOKING_MESSAGES.notBookable);
    }
    const service = await siteService();
    const bad = await call('GET', `/api/services/${service._id}/slots?from=tomorrow&to=2030-01-01`);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('from must be a date like 2026-12-01');
  });
});

describe('booking a free or pay-at-session service', () => {
  it('confirms a free session at once, mails both sides and gives the manage link; the reply holds nothing private', async () => {
    const { slots, book, siteService, deps, call, tokenOf } = await setup();
    const service = await siteService({ price: 0 });
    const [slot] = await slots(service, Date.now() + 3 * DAY);
    const reply = await book(service, slot?.start ?? '');
    expect(reply.status).toBe(201);
    const data = reply.json.data;
    expect(data.booking).toMatchObject({
      start: slot?.start,
      end: slot?.end,
      status: 'confirmed',
      payment: { mode: 'free', state: 'none', amountPaise: 0 },
      client: { name: 'Asha Rao' },
    });
    expect(data.payment).toBeNull();
    expect(reply.text).not.toContain('asha@example.com');
    expect(reply.text).not.toContain('My work');
    expect(data.manageUrl).toMatch(/^https:\/\/soul\.example\/booking\/manage\?token=/);
    expect(deps.sentMail.map((mail) => mail.to).sort()).toEqual(['asha@example.com', 'practitioner@soulguidance.test']);
    const stored = await deps.stores.bookings.get(data.booking._id);
    expect(stored).toMatchObject({
      client: { email: 'asha@example.com', phone: '+919812345678' },
      answers: [{ questionId: 'focus', question: 'What would you like to explore?', answer: 'My work' }],
      // A fresh site's policies are at their first version (src/shared/policies.ts).
      consent: { policyVersion: '1' },
    });
    // The time is gone from the slots.
    expect((await slots(service, Date.now() + 3 * DAY)).map((s) => s.start)).not.toContain(slot?.start);
    // The manage link shows the booking with the answers.
    const manage = await call('GET', `/api/bookings/manage?token=${encodeURIComponent(tokenOf(data.manageUrl))}`);
    expect(manage.status).toBe(200);
    expect(manage.json.data).toMatchObject({
      canCancel: true,
      canReschedule: true,
      refundPaise: 0,
      booking: { answers: [{ answer: 'My work' }], client: { email: 'asha@example.com' } },
    });
    expect(manage.text).not.toContain('practitionerNotes');
  });

  it('confirms a paid session to be paid at the session when Razorpay is not configured', async () => {
    const { slots, book, siteService } = await setup();
    const service = await siteService({ price: 2500 });
    const [slot] = await slots(service);
    const reply = await book(service, slot?.start ?? '');
    expect(reply.status).toBe(201);
    expect(reply.json.data.booking).toMatchObject({
      status: 'confirmed',
      payment: { mode: 'at-session', state: 'none', amountPaise: 250000 },
    });
    expect(reply.json.data.payment).toBeNull();
  });

  it('refuses a time just taken with 409, and one never offered with 400', async () => {
    const { slots, book, siteService } = await setup();
    const service = await siteService({ price: 0 });
    const [first, second] = await slots(service);
    expect((await book(service, first?.start ?? '')).status).toBe(201);
    const again = await book(service, first?.start ?? '', { email: 'ravi@example.com' });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ success: false, message: BOOKING_MESSAGES.taken });
    // The next slot starts inside the first one's buffer? No: slots are spaced by length + buffer, so it is free.
    expect((await book(service, second?.start ?? '')).status).toBe(201);
    const offGrid = new Date(Date.parse(first?.start ?? '') + 7 * 60_000 + 3 * DAY).toISOString();
    const odd = await book(service, offGrid);
    expect(odd.status).toBe(400);
    expect(odd.json.message).toBe(BOOKING_MESSAGES.notOffered);
  });

  it('gives one of several simultaneous requests for a time the booking, the others 409', async () => {
    const { slots, book, siteService } = await setup();
    const service = await siteService({ price: 0 });
    const [slot] = await slots(service);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        book(service, slot?.start ?? '', { email: `c${i}@example.com` }, `198.51.100.${i + 10}`),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });
});

describe('bad input', () => {
  it('answers 400 with the schema’s message for every bad field', async () => {
    const { slots, book, siteService, call } = await setup();
    const service = await siteService({ price: 0 });
    const [slot] = await slots(service);
    const start = slot?.start ?? '';
    const cases: [Record<string, unknown>, string][] = [
      [{ consent: false }, BOOKING_MESSAGES.consent],
      [{ start: 'next Tuesday' }, BOOKING_MESSAGES.start],
      [{ name: '' }, 'Please enter your full name'],
      [{ answers: [] }, BOOKING_MESSAGES.answer],
      [
        {
          answers: [
            { questionId: 'focus', answer: 'x' },
            { questionId: 'other', answer: 'y' },
          ],
        },
        'This question is not asked for this service',
      ],
    ];
    for (const [change, message] of cases) {
      const reply = await book(service, start, change);
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(reply.json.message).toBe(message);
    }
    const priced = await book(service, start, { price: 1 });
    expect(priced.status).toBe(400);
    // Each call: method, address, body, the status it gets, and the message where one is shown to the visitor.
    const refused: [string, string, unknown, number, string?][] = [
      ['POST', '/api/bookings', '{oops', 400, 'The request body must be valid JSON'],
      ['POST', `/api/bookings/${'a'.repeat(24)}/payment`, { razorpay_order_id: 'order_1' }, 400],
      [
        'POST',
        '/api/bookings/not-an-id/payment',
        { razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' },
        400,
      ],
      ['GET', '/api/bookings/manage', undefined, 400, MANAGE_MESSAGES.token],
      ['GET', '/api/bookings/manage?token=abc.def.ghi', undefined, 404, MANAGE_MESSAGES.token],
      ['POST', '/api/bookings/manage/reschedule', { token: 'abc', start: 'soon' }, 400, BOOKING_MESSAGES.start],
    ];
    for (const [method, url, body, status, message] of refused) {
      const reply = await call(method, url, body);
      expect(reply.status, `${method} ${url}`).toBe(status);
      if (message !== undefined) expect(reply.json.message).toBe(message);
    }
  });

  it('limits booking requests per address', async () => {
    const { book, siteService } = await setup();
    const service = await siteService({ price: 0 });
    for (let i = 0; i < BOOKING_RATE_LIMIT.max; i += 1) {
      expect((await book(service, 'not a time', {}, '203.0.113.5')).status).toBe(400);
    }
    // Bad requests are refused before they count; a flood of valid-looking ones is what the limit stops.
    const flood = await Promise.all(
      Array.from({ length: BOOKING_RATE_LIMIT.max + 1 }, () =>
        book(service, new Date(Date.now() + 30 * DAY).toISOString(), {}, '203.0.113.9'),
      ),
    );
    const limited = flood.filter((reply) => reply.status === 429);
    expect(limited).toHaveLength(1);
    expect(limited[0]?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(limited[0]?.json.message).toMatch(/^You have tried to book several times in a short time/);
    expect((await book(service, new Date(Date.now() + 30 * DAY).toISOString(), {}, '203.0.113.10')).status).not.toBe(
      429,
    );
  });
});

describe('paying online', () => {
  it('holds the time, opens an order, and confirms on a verified checkout', async () => {
    const { slots, book, siteService, call, deps } = await setup({ razorpay: true });
    const service = await siteService({ price: 2500 });
    const [slot] = await slots(service);
    const reply = await book(service, slot?.start ?? '');
    expect(reply.status).toBe(201);
    const { booking, payment } = reply.json.data;
    expect(booking).toMatchObject({
      status: 'held',
      payment: { mode: 'online', state: 'pending', amountPaise: 250000 },
    });
    expect(payment).toMatchObject({
      provider: 'razorpay',
      keyId: standin?.keyId,
      amountPaise: 250000,
      currency: 'INR',
    });
    expect(standin?.orders.get(payment.orderId)).toMatchObject({ amount: 250000, receipt: booking._id });
    // The browser loads Checkout's script from the configured address (here the stand-in's simulated modal).
    expect(payment.checkoutUrl).toBe(`${standin?.url}/checkout.js`);
    const script = await fetch(payment.checkoutUrl);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('window.Razorpay = Razorpay');
    expect(reply.json.data.manageUrl).toBeUndefined();
    expect(deps.sentMail).toHaveLength(0);
    // Held: the time is not offered to anyone else.
    expect((await slots(service)).map((s) => s.start)).not.toContain(slot?.start);

    const handed = await standin!.checkout(payment.orderId);
    const forged = await call('POST', `/api/bookings/${booking._id}/payment`, {
      ...handed,
      razorpay_signature: 'f'.repeat(64),
    });
    expect(forged.status).toBe(400);
    expect((await deps.stores.bookings.get(booking._id))?.status).toBe('held');

    const confirmed = await call('POST', `/api/bookings/${booking._id}/payment`, handed);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data.booking).toMatchObject({ status: 'confirmed', payment: { state: 'paid' } });
    expect(confirmed.json.data.manageUrl).toMatch(/token=/);
    expect(deps.sentMail.filter((mail) => mail.to === 'asha@example.com')).toHaveLength(1);
    // The same handler result again (a double click) changes nothing and sends nothing.
    expect((await call('POST', `/api/bookings/${booking._id}/payment`, handed)).status).toBe(200);
    expect(deps.sentMail.filter((mail) => mail.to === 'asha@example.com')).toHaveLength(1);
    const day = new Date().toISOString().slice(0, 10);
    expect((await deps.stores.funnel.totals(day, day))[service._id]).toMatchObject({ 'booking-started': 1, paid: 1 });
  });

  it('confirms by the webhook alone when the visitor closed the tab; a redelivery does nothing', async () => {
    const { slots, book, siteService, deps, connectWebhooks, call } = await setup({ razorpay: true });
    await connectWebhooks();
    const service = await siteService({ price: 1500 });
    const [slot] = await slots(service);
    const { booking, payment } = (await book(service, slot?.start ?? '')).json.data;
    await standin!.checkout(payment.orderId);
    expect(standin!.deliveries.map((d) => d.status)).toEqual([200]);
    const stored = await deps.stores.bookings.get(booking._id);
    expect(stored).toMatchObject({
      status: 'confirmed',
      payment: { state: 'paid' },
    });
    expect(stored?.payment.paymentId).toMatch(/^pay_/);
    expect(stored?.holdExpiresAt).toBeUndefined();
    const mails = deps.sentMail.length;
    expect(await standin!.redeliver(standin!.deliveries[0]!)).toBe(200);
    // Known by its event id: answered 200 and not handled again.
    const first = standin!.deliveries[0]!;
    const again = await call<{ outcome: string }>('POST', '/api/payments/razorpay/webhook', first.body, {
      'x-razorpay-signature': first.signature,
      'x-razorpay-event-id': first.eventId,
    });
    expect(again.status).toBe(200);
    expect(again.json.data.outcome).toBe('duplicate');
    expect(await deps.stores.bookings.get(booking._id)).toEqual(stored);
    expect(deps.sentMail).toHaveLength(mails);
  });

  it('mails the confirmation through SMTP once the webhook confirms, to the client and the practitioner', async () => {
    const smtp = await startSmtp();
    try {
      const mailer = createMailer({
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Site <site@soulguidance.test>',
        OUTBOX_DIR: '/nonexistent',
      });
      const { slots, book, siteService, connectWebhooks } = await setup({ razorpay: true, mailer });
      await connectWebhooks();
      const service = await siteService({ price: 1500 });
      const [slot] = await slots(service);
      const { payment } = (await book(service, slot?.start ?? '')).json.data;
      expect(smtp.messages).toHaveLength(0);
      await standin!.checkout(payment.orderId);
      const client = decodeMail(await smtp.waitFor((mail) => mail.to.includes('asha@example.com')));
      expect(client.headers['subject']).toBe(`Your ${service.name} is booked`);
      expect(client.text).toContain(service.name);
      const practitioner = decodeMail(await smtp.waitFor((mail) => mail.to.includes('practitioner@soulguidance.test')));
      expect(practitioner.text).toContain('asha@example.com');
      // The answers are sensitive: they are not in the mails.
      expect(client.text + practitioner.text).not.toContain('My work');
    } finally {
      await smtp.stop();
    }
  });

  it('refuses an unsigned or mis-signed webhook with 400 and changes nothing', async () => {
    const { slots, book, siteService, deps, call } = await setup({ razorpay: true });
    const service = await siteService({ price: 1500 });
    const [slot] = await slots(service);
    const { booking, payment } = (await book(service, slot?.start ?? '')).json.data;
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_fake', order_id: payment.orderId, amount: 150000 } } },
    });
    const unsigned = await call('POST', '/api/payments/razorpay/webhook', body);
    expect(unsigned.status).toBe(400);
    const wrong = await call('POST', '/api/payments/razorpay/webhook', body, {
      'x-razorpay-signature': 'ab'.repeat(32),
    });
    expect(wrong.status).toBe(400);
    expect((await deps.stores.bookings.get(booking._id))?.status).toBe('held');
  });

  it('records a failed payment and keeps the hold for another try', async () => {
    const { slots, book, siteService, deps, connectWebhooks } = await setup({ razorpay: true });
    await connectWebhooks();
    const service = await siteService({ price: 1500 });
    const [slot] = await slots(service);
    const { booking, payment } = (await book(service, slot?.start ?? '')).json.data;
    await standin!.checkout(payment.orderId, 'failed');
    expect(await deps.stores.bookings.get(booking._id)).toMatchObject({ status: 'held', payment: { state: 'failed' } });
    // A second attempt with the same order succeeds.
    await standin!.checkout(payment.orderId);
    expect(await deps.stores.bookings.get(booking._id)).toMatchObject({
      status: 'confirmed',
      payment: { state: 'paid' },
    });
  });

  it('frees the time when the hold lapses; a late payment takes it back if free, else is refunded in full', async () => {
    const { slots, book, siteService, deps, connectWebhooks } = await setup({ razorpay: true });
    await connectWebhooks();
    const service = await siteService({ price: 1500 });
    const [first, second] = await slots(service);
    const lapsing = (await book(service, first?.start ?? '')).json.data;
    const alsoLapsing = (await book(service, second?.start ?? '', { email: 'ravi@example.com' })).json.data;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    // Lazily expired before the slots are computed: both times are offered again.
    const free = (await slots(service)).map((s) => s.start);
    expect(free).toContain(first?.start);
    expect(free).toContain(second?.start);
    expect((await deps.stores.bookings.get(lapsing.booking._id))?.status).toBe('expired');
    // Someone else takes the first time; the second stays free.
    expect(
      (await book(service, first?.start ?? '', { email: 'meera@example.com', price: undefined }, '198.51.100.99'))
        .status,
    ).toBe(201);

    await standin!.checkout(alsoLapsing.payment.orderId);
    expect(await deps.stores.bookings.get(alsoLapsing.booking._id)).toMatchObject({
      status: 'confirmed',
      payment: { state: 'paid' },
    });

    await standin!.checkout(lapsing.payment.orderId);
    const refunded = await deps.stores.bookings.get(lapsing.booking._id);
    expect(refunded).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'system',
      payment: { state: 'refunded', refundedPaise: 150000 },
    });
    const paymentId = refunded?.payment.paymentId ?? '';
    expect(standin!.payments.get(paymentId)?.refunded).toBe(150000);
  });
});

describe('paying online: the practitioner’s choice and the processor’s trouble', () => {
  it('books to be paid at the session when the practitioner chose it, even with Razorpay configured', async () => {
    const { slots, book, siteService, deps } = await setup({ razorpay: true });
    const current = await deps.stores.availability.get();
    await deps.stores.availability.put({ ...current, paymentChoice: 'at-session' });
    const service = await siteService({ price: 1200 });
    const [slot] = await slots(service);
    const reply = await book(service, slot?.start ?? '');
    expect(reply.json.data.booking).toMatchObject({ status: 'confirmed', payment: { mode: 'at-session' } });
    expect(standin?.orders.size).toBe(0);
  });

  it('answers 503 and frees the time at once when no order can be made', async () => {
    const { slots, book, siteService } = await setup({ razorpay: true });
    const service = await siteService({ price: 1200 });
    const [slot] = await slots(service);
    const secret = standin?.keySecret ?? '';
    await standin?.stop();
    standin = undefined;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reply = await book(service, slot?.start ?? '');
    expect(reply.status).toBe(503);
    expect(logged.mock.calls.flat().join(' ')).toMatch(
      /no payment order for booking .*: Razorpay could not be reached/,
    );
    expect(logged.mock.calls.flat().join(' ')).not.toContain(secret);
    expect(reply.json.message).toBe('Online payment is not available right now. Please try again in a few minutes.');
    expect((await slots(service)).map((s) => s.start)).toContain(slot?.start);
  });
});

describe('the manage link', () => {
  async function paidBooking(policy?: { fullRefundHours: number; lateRefundPercent: number }) {
    const ctx = await setup({ razorpay: true });
    if (policy) {
      const current = await ctx.deps.stores.availability.get();
      await ctx.deps.stores.availability.put({ ...current, cancellation: policy });
    }
    const service = await ctx.siteService({ price: 2000 });
    const list = await ctx.slots(service, Date.now() + 3 * DAY);
    const { booking } = (await ctx.book(service, list[0]?.start ?? '')).json.data;
    const order = (await ctx.deps.stores.bookings.get(booking._id))?.payment.orderId ?? '';
    const handed = await standin!.checkout(order);
    const confirmed = await ctx.call('POST', `/api/bookings/${booking._id}/payment`, handed);
    return { ...ctx, service, list, id: booking._id, token: ctx.tokenOf(confirmed.json.data.manageUrl) };
  }

  it('cancels more than the policy’s hours ahead with a full refund, frees the time, and the link dies', async () => {
    const { call, deps, id, token, slots, service, list } = await paidBooking();
    const view = await call('GET', `/api/bookings/manage?token=${token}`);
    expect(view.json.data).toMatchObject({
      canCancel: true,
      refundPaise: 200000,
      policy: { fullRefundHours: 24, lateRefundPercent: 0 },
    });
    const cancelled = await call('POST', '/api/bookings/manage/cancel', { token });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data.booking).toMatchObject({ status: 'cancelled', payment: { state: 'refunded' } });
    const stored = await deps.stores.bookings.get(id);
    expect(stored).toMatchObject({ cancelledBy: 'client', payment: { refundedPaise: 200000 } });
    expect(standin!.payments.get(stored?.payment.paymentId ?? '')?.refunded).toBe(200000);
    expect((await slots(service, Date.now() + 3 * DAY)).map((s) => s.start)).toContain(list[0]?.start);
    const again = await call('POST', '/api/bookings/manage/cancel', { token });
    expect(again.status).toBe(404);
    expect(again.json.message).toBe(MANAGE_MESSAGES.token);
  });

  it('refunds the late percentage inside the policy’s window', async () => {
    const { call, deps, id, token } = await paidBooking({ fullRefundHours: 24 * 30, lateRefundPercent: 50 });
    expect((await call('GET', `/api/bookings/manage?token=${token}`)).json.data).toMatchObject({
      canCancel: true,
      canReschedule: false,
      refundPaise: 100000,
    });
    expect((await call('POST', '/api/bookings/manage/cancel', { token })).status).toBe(200);
    const stored = await deps.stores.bookings.get(id);
    // Part refunded: the payment stays 'paid' with what went back recorded.
    expect(stored?.payment).toMatchObject({ state: 'paid', refundedPaise: 100000 });
    expect(standin!.payments.get(stored?.payment.paymentId ?? '')?.refunded).toBe(100000);
  });

  it('moves the session to another free time; the old time frees up and the new link replaces the old', async () => {
    const { call, deps, id, token, slots, service, list, tokenOf } = await paidBooking();
    const target = list[3]?.start ?? '';
    const moved = await call('POST', '/api/bookings/manage/reschedule', { token, start: target });
    expect(moved.status).toBe(200);
    expect(moved.json.data.booking).toMatchObject({ start: target, status: 'confirmed', payment: { state: 'paid' } });
    expect((await deps.stores.bookings.get(id))?.start).toBe(target);
    const free = (await slots(service, Date.now() + 3 * DAY)).map((s) => s.start);
    expect(free).toContain(list[0]?.start);
    expect(free).not.toContain(target);
    expect((await call('GET', `/api/bookings/manage?token=${token}`)).status).toBe(404);
    const fresh = tokenOf(moved.json.data.manageUrl);
    expect((await call('GET', `/api/bookings/manage?token=${fresh}`)).json.data.booking.start).toBe(target);
    // Onto a taken time: 409, nothing moves.
    const other = await deps.stores.bookings.create(
      {
        ...(await deps.stores.bookings.get(id))!,
        _id: 'cccccccccccccccccccccccc',
        start: list[6]!.start,
        end: list[6]!.end,
      },
      15,
    );
    const clash = await call('POST', '/api/bookings/manage/reschedule', { token: fresh, start: other.start });
    expect(clash.status).toBe(409);
    expect((await deps.stores.bookings.get(id))?.start).toBe(target);
  });
});

describe('funnel beacon and calendar feed', () => {
  it('counts a link click with 204 and no cookie; refuses other steps', async () => {
    const { call, deps } = await setup();
    const service = await deps.stores.services.create(sampleService(3));
    const reply = await call('POST', '/api/funnel', { serviceId: service._id, step: 'link-clicked' });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('set-cookie')).toBeNull();
    const day = new Date().toISOString().slice(0, 10);
    expect((await deps.stores.funnel.totals(day, day))[service._id]?.['link-clicked']).toBe(1);
    expect((await call('POST', '/api/funnel', { serviceId: service._id, step: 'paid' })).status).toBe(400);
  });

  it('serves the private feed for the current token only', async () => {
    const { call, deps, slots, book, siteService } = await setup();
    const service = await siteService({ price: 0 });
    const [slot] = await slots(service);
    await book(service, slot?.start ?? '');
    expect((await call('GET', '/api/calendar/anything.ics')).status).toBe(404);
    const current = await deps.stores.availability.get();
    await deps.stores.availability.put({ ...current, feedToken: 'feed-secret-0123456789' });
    const feed = await call('GET', '/api/calendar/feed-secret-0123456789.ics');
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(feed.text).toContain('METHOD:PUBLISH');
    expect(feed.text).toContain('Asha Rao');
    expect(feed.text).not.toContain('My work');
    expect((await call('GET', '/api/calendar/feed-secret-012345678X.ics')).status).toBe(404);
  });
});
