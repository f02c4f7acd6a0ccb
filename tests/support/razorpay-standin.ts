// A local stand-in for the parts of Razorpay's documented API that bookings use, so tests run without the internet
// and without an account (docs/bookings.md, "Testing payments"). It keeps orders, payments and refunds in memory and
// behaves as the documentation describes:
// - POST /v1/orders (Basic auth with the key id and secret; amount in paise, at least 100; currency INR) → an order
//   `order_…` with status `created`; GET /v1/orders/:id reads it back.
// - POST /v1/payments/:id/refund → a refund `rfnd_…` (`processed`), never more than what was captured and not yet
//   refunded; a `refund.processed` webhook follows.
// - What Checkout does in a browser is simulated by POST /_standin/checkout `{ order_id, outcome }`: it makes a payment
//   `pay_…`, answers what Checkout's handler receives (`razorpay_payment_id`, `razorpay_order_id`,
//   `razorpay_signature` = HMAC-SHA256 of `order_id|payment_id` with the key secret) and, like Razorpay, sends the
//   `payment.captured` or `payment.failed` webhook signed with the webhook secret (`X-Razorpay-Signature`, and
//   `X-Razorpay-Event-Id`). Tests call the same through `checkout()`. GET /checkout.js is a stand-in for Checkout's
//   script that drives the same from a page (browser tests point RAZORPAY_CHECKOUT_URL at it).
// What only a real test-mode account can show is listed in docs/bookings.md.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinPayment {
  id: string;
  orderId: string;
  amount: number;
  status: 'captured' | 'failed';
  refunded: number;
}

export interface StandinOrder {
  id: string;
  amount: number;
  currency: 'INR';
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
}

export interface WebhookDelivery {
  eventId: string;
  body: string;
  signature: string;
  /** The status our endpoint answered, or 0 when it could not be reached. */
  status: number;
}

export interface RazorpayStandin {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, StandinOrder>;
  payments: Map<string, StandinPayment>;
  deliveries: WebhookDelivery[];
  /** Where webhooks go; unset, none are sent. */
  setWebhookUrl(url: string | undefined): void;
  /** What a visitor finishing (or failing) Checkout produces, webhook included. */
  checkout(
    orderId: string,
    outcome?: 'captured' | 'failed',
  ): Promise<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>;
  /** Sends a delivery again, as Razorpay retries until it gets a 2xx. */
  redeliver(delivery: WebhookDelivery): Promise<number>;
  stop(): Promise<void>;
}

const hmac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('hex');
const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('base64url').replace(/[-_]/g, 'x')}`;

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
  } catch {
    return null;
  }
}

function reply(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const badRequest = (response: ServerResponse, description: string) =>
  reply(response, 400, { error: { code: 'BAD_REQUEST_ERROR', description } });

/**
 * What RAZORPAY_CHECKOUT_URL points at in browser tests (GET /checkout.js): a stand-in for Checkout's script. Like the
 * real one it defines `window.Razorpay(options)` with `open()` and `on('payment.failed', fn)`; `open()` shows a small
 * dialog instead of Razorpay's modal, with "Pay", "Decline" and "Close" buttons. Pay and Decline go through
 * POST /_standin/checkout (so the webhook is sent as well) and then call `options.handler(result)` or the
 * 'payment.failed' listeners; Close calls `options.modal.ondismiss()`.
 */
function checkoutScript(base: string): string {
  return `(() => {
  const base = ${JSON.stringify(base)};
  function Razorpay(options) {
    const failed = [];
    this.on = (event, listener) => { if (event === 'payment.failed') failed.push(listener); };
    this.open = () => {
      const dialog = document.createElement('dialog');
      dialog.setAttribute('aria-label', 'Razorpay stand-in checkout');
      dialog.dataset.standinCheckout = options.order_id;
      const amount = document.createElement('p');
      amount.textContent = 'Pay ' + (options.amount / 100).toFixed(2) + ' ' + options.currency;
      dialog.append(amount);
      const button = (label, onClick) => {
        const element = document.createElement('button');
        element.type = 'button';
        element.textContent = label;
        element.addEventListener('click', onClick);
        dialog.append(element);
      };
      const pay = async (outcome) => {
        const reply = await fetch(base + '/_standin/checkout', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ order_id: options.order_id, outcome }),
        });
        const result = await reply.json();
        dialog.close();
        dialog.remove();
        if (outcome === 'captured') options.handler(result);
        else for (const listener of failed) listener({ error: { description: 'Payment was unsuccessful as the bank declined it.', metadata: { order_id: options.order_id, payment_id: result.razorpay_payment_id } } });
      };
      button('Pay', () => void pay('captured'));
      button('Decline', () => void pay('failed'));
      button('Close', () => { dialog.close(); dialog.remove(); options.modal?.ondismiss?.(); });
      document.body.append(dialog);
      dialog.showModal();
    };
  }
  window.Razorpay = Razorpay;
})();
`;
}

export async function startRazorpayStandin(
  options: { keyId?: string; keySecret?: string; webhookSecret?: string } = {},
): Promise<RazorpayStandin> {
  const keyId = options.keyId ?? 'rzp_test_standin';
  const keySecret = options.keySecret ?? randomBytes(18).toString('base64url');
  const webhookSecret = options.webhookSecret ?? randomBytes(18).toString('base64url');
  const orders = new Map<string, StandinOrder>();
  const payments = new Map<string, StandinPayment>();
  const deliveries: WebhookDelivery[] = [];
  let webhookUrl: string | undefined;

  async function deliver(delivery: Omit<WebhookDelivery, 'status'>): Promise<number> {
    if (!webhookUrl) return 0;
    let status: number;
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': delivery.signature,
          'x-razorpay-event-id': delivery.eventId,
        },
        body: delivery.body,
      });
      status = response.status;
    } catch {
      status = 0;
    }
    deliveries.push({ ...delivery, status });
    return status;
  }

  async function sendEvent(event: string, payload: Record<string, { entity: unknown }>): Promise<void> {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_standin',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    await deliver({ eventId: newId('evt'), body, signature: hmac(webhookSecret, body) });
  }

  const paymentEntity = (payment: StandinPayment, error?: string) => ({
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: 'INR',
    status: payment.status,
    order_id: payment.orderId,
    method: 'upi',
    captured: payment.status === 'captured',
    error_description: error ?? null,
  });

  async function checkout(orderId: string, outcome: 'captured' | 'failed' = 'captured') {
    const order = orders.get(orderId);
    if (!order) throw new Error(`The stand-in has no order ${orderId}`);
    const payment: StandinPayment = { id: newId('pay'), orderId, amount: order.amount, status: outcome, refunded: 0 };
    payments.set(payment.id, payment);
    order.status = outcome === 'captured' ? 'paid' : 'attempted';
    if (outcome === 'captured') {
      await sendEvent('payment.captured', { payment: { entity: paymentEntity(payment) } });
    } else {
      const why = 'Payment was unsuccessful as the bank declined it.';
      await sendEvent('payment.failed', { payment: { entity: paymentEntity(payment, why) } });
    }
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: orderId,
      razorpay_signature: hmac(keySecret, `${orderId}|${payment.id}`),
    };
  }

  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://standin');
      // The page's script calls these from the site's origin, as Checkout's own frame would talk to Razorpay.
      response.setHeader('access-control-allow-origin', '*');
      if (request.method === 'OPTIONS' && url.pathname === '/_standin/checkout') {
        response.writeHead(204, {
          'access-control-allow-headers': 'content-type',
          'access-control-allow-methods': 'POST',
        });
        return response.end();
      }
      if (request.method === 'GET' && url.pathname === '/checkout.js') {
        response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
        return response.end(checkoutScript(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
      }
      if (request.method === 'POST' && url.pathname === '/_standin/checkout') {
        const body = (await readJson(request)) as { order_id?: string; outcome?: 'captured' | 'failed' } | null;
        if (!body?.order_id || !orders.has(body.order_id)) return badRequest(response, 'Unknown order');
        return reply(response, 200, await checkout(body.order_id, body.outcome ?? 'captured'));
      }
      if (request.headers.authorization !== expectedAuth) {
        return reply(response, 401, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
        });
      }
      if (request.method === 'POST' && url.pathname === '/v1/orders') {
        const body = (await readJson(request)) as Record<string, unknown> | null;
        const amount = body?.['amount'];
        if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
          return badRequest(response, 'The amount must be atleast INR 1.00');
        }
        if (body?.['currency'] !== 'INR') return badRequest(response, 'The currency must be INR');
        const receipt = typeof body['receipt'] === 'string' ? body['receipt'] : null;
        if (receipt && receipt.length > 40) return badRequest(response, 'receipt: the length must be at most 40');
        const order: StandinOrder = {
          id: newId('order'),
          amount,
          currency: 'INR',
          receipt,
          status: 'created',
          notes: (body['notes'] as Record<string, string> | undefined) ?? {},
        };
        orders.set(order.id, order);
        return reply(response, 200, { ...order, entity: 'order', amount_paid: 0, amount_due: amount, attempts: 0 });
      }
      const orderMatch = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && orderMatch) {
        const order = orders.get(decodeURIComponent(orderMatch[1] ?? ''));
        if (!order) return badRequest(response, 'The id provided does not exist');
        return reply(response, 200, { ...order, entity: 'order' });
      }
      const refundMatch = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
      if (request.method === 'POST' && refundMatch) {
        const payment = payments.get(decodeURIComponent(refundMatch[1] ?? ''));
        if (!payment) return badRequest(response, 'The id provided does not exist');
        if (payment.status !== 'captured') return badRequest(response, 'The payment has not been captured');
        const body = (await readJson(request)) as { amount?: number } | null;
        const left = payment.amount - payment.refunded;
        const amount = body?.amount ?? left;
        if (!Number.isInteger(amount) || amount < 100 || amount > left) {
          return badRequest(response, 'The refund amount provided is greater than amount captured');
        }
        payment.refunded += amount;
        const refund = {
          id: newId('rfnd'),
          entity: 'refund',
          payment_id: payment.id,
          amount,
          currency: 'INR',
          status: 'processed',
        };
        await sendEvent('refund.processed', {
          refund: { entity: refund },
          payment: { entity: paymentEntity(payment) },
        });
        return reply(response, 200, refund);
      }
      return reply(response, 404, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    deliveries,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    checkout,
    redeliver: (delivery) => deliver(delivery),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
