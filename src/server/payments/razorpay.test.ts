import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startRazorpayStandin, type RazorpayStandin } from '../../../tests/support/razorpay-standin';
import { PaymentProviderError, type PaymentProvider } from './provider';
import { createRazorpayProvider } from './razorpay';

// The Razorpay provider against the local stand-in of its documented API (tests/support/razorpay-standin.ts).

interface Received {
  body: string;
  signature: string | undefined;
  eventId: string | undefined;
}

let standin: RazorpayStandin;
let provider: PaymentProvider;
let receiver: Server;
let received: Received[];

beforeEach(async () => {
  standin = await startRazorpayStandin();
  provider = createRazorpayProvider({
    keyId: standin.keyId,
    keySecret: standin.keySecret,
    webhookSecret: standin.webhookSecret,
    apiBase: standin.url,
  });
  received = [];
  // Our webhook endpoint, as far as these tests need one: keep the raw body and the two headers.
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const header = (name: string) => request.headers[name] as string | undefined;
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: header('x-razorpay-signature'),
        eventId: header('x-razorpay-event-id'),
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  standin.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/webhook`);
});

afterEach(async () => {
  await standin.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const read = (delivery: Received | undefined) =>
  provider.readWebhook(delivery?.body ?? '', { signature: delivery?.signature, eventId: delivery?.eventId });

describe('Razorpay orders', () => {
  it('creates an order in paise with our receipt, and the stand-in keeps it', async () => {
    const order = await provider.createOrder({
      amountPaise: 250_000,
      receipt: 'booking-42',
      notes: { service: 'Tarot' },
    });
    expect(order).toMatchObject({ amountPaise: 250_000, currency: 'INR', receipt: 'booking-42', status: 'created' });
    expect(order.id).toMatch(/^order_/);
    expect(standin.orders.get(order.id)?.notes).toEqual({ service: 'Tarot' });
  });

  it('turns a refusal into a PaymentProviderError that names the reason and never the secret', async () => {
    const wrongKey = createRazorpayProvider({
      keyId: standin.keyId,
      keySecret: 'not-the-secret',
      webhookSecret: standin.webhookSecret,
      apiBase: standin.url,
    });
    const refused = await wrongKey
      .createOrder({ amountPaise: 10_000, receipt: 'b-1' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect((refused as PaymentProviderError).status).toBe(401);
    expect((refused as Error).message).toContain('Authentication failed');
    expect((refused as Error).message).not.toContain('not-the-secret');

    const tooSmall = await provider.createOrder({ amountPaise: 50, receipt: 'b-2' }).catch((error: unknown) => error);
    expect((tooSmall as PaymentProviderError).status).toBe(400);
  });

  it('gives up on a processor that does not answer, within the time it was given', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const slow = createRazorpayProvider({
      keyId: 'k',
      keySecret: 's',
      webhookSecret: 'w',
      apiBase: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      timeoutMs: 300,
    });
    const started = Date.now();
    await expect(slow.createOrder({ amountPaise: 10_000, receipt: 'b' })).rejects.toThrow(/could not be reached/);
    expect(Date.now() - started).toBeLessThan(3_000);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});

describe('Razorpay checkout signatures', () => {
  it('believes a checkout result only for exactly the order and payment it was signed for', async () => {
    const order = await provider.createOrder({ amountPaise: 150_000, receipt: 'booking-7' });
    const other = await provider.createOrder({ amountPaise: 150_000, receipt: 'booking-8' });
    const paid = await standin.checkout(order.id);
    const result = {
      orderId: paid.razorpay_order_id,
      paymentId: paid.razorpay_payment_id,
      signature: paid.razorpay_signature,
    };
    expect(provider.verifyCheckout(result)).toBe(true);
    expect(provider.verifyCheckout({ ...result, orderId: other.id })).toBe(false);
    expect(provider.verifyCheckout({ ...result, paymentId: 'pay_someoneelse' })).toBe(false);
    expect(provider.verifyCheckout({ ...result, signature: result.signature.slice(0, -2) })).toBe(false);
    expect(provider.verifyCheckout({ ...result, signature: 'zz' + result.signature.slice(2) })).toBe(false);
    expect(provider.verifyCheckout({ ...result, signature: '' })).toBe(false);
  });
});

describe('Razorpay webhooks', () => {
  it('reads a signed payment.captured, and the same event id when Razorpay delivers it again', async () => {
    const order = await provider.createOrder({ amountPaise: 150_000, receipt: 'booking-9' });
    const paid = await standin.checkout(order.id);
    const event = read(received[0]);
    expect(event).toEqual({
      kind: 'captured',
      eventId: received[0]?.eventId,
      orderId: order.id,
      paymentId: paid.razorpay_payment_id,
      amountPaise: 150_000,
    });
    const first = standin.deliveries[0];
    if (!first) throw new Error('no webhook was delivered');
    await standin.redeliver(first);
    expect(read(received[1])?.eventId).toBe(event?.eventId);
  });

  it('refuses a body that was changed after signing, a missing signature and another secret’s signature', async () => {
    const order = await provider.createOrder({ amountPaise: 150_000, receipt: 'booking-10' });
    await standin.checkout(order.id);
    const delivery = received[0];
    if (!delivery) throw new Error('no webhook was delivered');
    const forged = delivery.body.replace('150000', '1');
    expect(forged).not.toBe(delivery.body);
    expect(read({ ...delivery, body: forged })).toBeNull();
    expect(read({ ...delivery, signature: undefined })).toBeNull();
    const otherSecret = createRazorpayProvider({
      keyId: 'k',
      keySecret: 's',
      webhookSecret: 'another',
      apiBase: standin.url,
    });
    expect(
      otherSecret.readWebhook(delivery.body, { signature: delivery.signature, eventId: delivery.eventId }),
    ).toBeNull();
  });

  it('reads a failed payment with the bank’s reason', async () => {
    const order = await provider.createOrder({ amountPaise: 99_900, receipt: 'booking-11' });
    await standin.checkout(order.id, 'failed');
    expect(read(received[0])).toMatchObject({
      kind: 'failed',
      orderId: order.id,
      reason: expect.stringContaining('declined') as string,
    });
  });
});

describe('Razorpay refunds', () => {
  it('refunds part of a captured payment, refuses more than is left, and reports refund.processed', async () => {
    const order = await provider.createOrder({ amountPaise: 200_000, receipt: 'booking-12' });
    const paid = await standin.checkout(order.id);
    const refund = await provider.refund({
      paymentId: paid.razorpay_payment_id,
      amountPaise: 150_000,
      receipt: 'booking-12',
    });
    expect(refund).toMatchObject({ paymentId: paid.razorpay_payment_id, amountPaise: 150_000, status: 'processed' });
    expect(refund.id).toMatch(/^rfnd_/);
    await expect(
      provider.refund({ paymentId: paid.razorpay_payment_id, amountPaise: 100_000, receipt: 'booking-12' }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    expect(read(received[1])).toMatchObject({ kind: 'refunded', refundId: refund.id, amountPaise: 150_000 });
  });
});
