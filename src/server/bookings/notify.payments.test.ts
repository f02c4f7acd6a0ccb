import { afterEach, describe, expect, it } from 'vitest';
import { bridgeToApp, type AppBridge } from '../../../tests/support/server/app-bridge';
import { calendarParts, parseInvite } from '../../../tests/support/mail-calendar';
import {
  startRazorpayStandin,
  type RazorpayStandin,
  type WebhookDelivery,
} from '../../../tests/support/razorpay-standin';
import { decodeMail, useSmtpServer, type ReceivedMail } from '../../../tests/support/smtp';
import { createTestDeps, createTestEnv } from '../../../tests/support/server/admin-session';
import { sampleService } from '../../../tests/support/server/samples';
import { DEFAULT_AVAILABILITY } from '../../shared/schemas/availability';
import { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { createMailer } from '../mail/mailer';

// A paid booking through the real app, Razorpay's stand-in and a real SMTP server: the payment arrives by the
// checkout handler and by the webhook, the webhook is delivered again, and the client cancels by the manage link.
// Each mail arrives once.

const DAY = 86_400_000;

interface Reply<T> {
  message?: string;
  data?: T;
}
const INBOX = 'practitioner@soulguidance.test';

let standin: RazorpayStandin | undefined;
let bridge: AppBridge | undefined;
afterEach(async () => {
  await standin?.stop();
  standin = undefined;
  await bridge?.close();
  bridge = undefined;
});

describe('booking mails with online payment', () => {
  const smtp = useSmtpServer();

  it('a redelivered webhook or a late checkout handler sends nothing more; the cancellation tells the refund', async () => {
    standin = await startRazorpayStandin();
    const env = createTestEnv({
      CONTACT_INBOX: INBOX,
      SITE_URL: 'https://soul.example',
      SMTP_URL: smtp.url,
      RAZORPAY_KEY_ID: standin.keyId,
      RAZORPAY_KEY_SECRET: standin.keySecret,
      RAZORPAY_WEBHOOK_SECRET: standin.webhookSecret,
      RAZORPAY_API_BASE: standin.url,
    });
    const deps = createTestDeps({ env, mailer: createMailer(env) });
    const app = createApp(deps);
    await deps.stores.availability.put({ ...DEFAULT_AVAILABILITY, minNoticeMinutes: 60 });
    const service = await deps.stores.services.create({
      ...sampleService(1, { name: 'Tarot Reading', price: 2500, offerPrice: undefined }),
      bookingMode: 'site',
      sessionMinutes: 60,
    });
    const call = async <T = unknown>(method: string, url: string, body?: unknown) => {
      const response = await app.request(url, {
        method,
        headers: { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: '198.51.100.9' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: (await response.json()) as Reply<T> };
    };
    // The stand-in's webhooks reach the app over HTTP.
    bridge = await bridgeToApp(app);
    standin.setWebhookUrl(`${bridge.url}/api/payments/razorpay/webhook`);

    const from = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    const to = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
    const slots = await call<{ start: string }[]>('GET', `/api/services/${service._id}/slots?from=${from}&to=${to}`);
    const start = slots.json.data?.[0]?.start ?? '';
    const created = await call<{ booking: { _id: string }; payment: { orderId: string } | null }>(
      'POST',
      '/api/bookings',
      {
        serviceId: service._id,
        start,
        name: 'Meera Iyer',
        email: 'meera@example.com',
        consent: true,
      },
    );
    expect(created.status).toBe(201);
    const bookingId = created.json.data?.booking?._id ?? '';
    const orderId = created.json.data?.payment?.orderId ?? '';
    // Held while paying: nothing is mailed yet.
    expect(smtp.messages.filter((m) => m.to.includes('meera@example.com'))).toHaveLength(0);

    // Checkout finishes: the stand-in sends payment.captured; the browser's handler arrives too.
    const checkout = await standin.checkout(orderId);
    const paid = await call('POST', `/api/bookings/${bookingId}/payment`, checkout);
    expect(paid.status).toBe(200);
    expect(standin.deliveries.at(-1)?.status).toBe(200);
    // Razorpay retries a delivery it is unsure of: the second one is acknowledged and changes nothing.
    expect(await standin.redeliver(standin.deliveries.at(-1) as WebhookDelivery)).toBe(200);

    const toClient = () => smtp.messages.filter((m) => m.to.includes('meera@example.com'));
    const toPractitioner = () => smtp.messages.filter((m) => m.to.includes(INBOX));
    /** Lets any late mail arrive, checks that each side has `count`, and gives the client's latest. */
    const settledMails = async (count: number) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(toClient()).toHaveLength(count);
      expect(toPractitioner()).toHaveLength(count);
      return toClient()[count - 1] as ReceivedMail;
    };
    await smtp.waitFor((m) => m.to.includes(INBOX));
    const confirmationMail = await settledMails(1);
    const confirmation = decodeMail(confirmationMail);
    expect(confirmation.headers['subject']).toBe('Your Tarot Reading is booked');
    expect(confirmation.text).toContain('Your payment of ₹2,500 has been received.');
    expect(confirmation.text).toContain(
      'You can cancel or move the session up to 24 hours before it starts and get a full refund.',
    );
    const invite = parseInvite(calendarParts(confirmationMail)[0]?.text ?? '');
    expect(invite).toMatchObject({ method: 'REQUEST', uid: `${bookingId}@bookings.soul-guidance` });
    expect(invite.start.toISOString()).toBe(start);

    // The client cancels by the link in the mail: refunded in full, both sides told once with a CANCEL file.
    const token = /booking\/manage\?token=(\S+)/.exec(confirmation.text)?.[1] ?? '';
    const cancelled = await call('POST', '/api/bookings/manage/cancel', { token: decodeURIComponent(token) });
    expect(cancelled.status).toBe(200);
    await smtp.waitFor((m) => m.to.includes('meera@example.com') && m.raw.includes('METHOD:CANCEL'));
    await smtp.waitFor((m) => m.to.includes(INBOX) && m.raw.includes('METHOD:CANCEL'));
    // The processor's refund notice arrives, and again: nothing more is sent.
    for (const delivery of standin.deliveries.filter((d) => d.body.includes('refund.processed'))) {
      expect(await standin.redeliver(delivery)).toBe(200);
    }
    const cancellationMail = await settledMails(2);
    const cancellation = decodeMail(cancellationMail);
    expect(cancellation.headers['subject']).toBe('Your Tarot Reading is cancelled');
    expect(cancellation.text).toContain('A refund of ₹2,500 is on its way to the account you paid from.');
    const cancelInvite = parseInvite(calendarParts(cancellationMail)[0]?.text ?? '');
    expect(cancelInvite).toMatchObject({ method: 'CANCEL', uid: invite.uid, status: 'CANCELLED' });
    expect(cancelInvite.sequence).toBeGreaterThan(invite.sequence);
  });
});
