// Razorpay behind the PaymentProvider seam (docs/bookings.md, "Payments"): Orders, checkout signatures, webhooks and
// Refunds over its REST API with Basic auth. Plain fetch: the official SDK adds little over four calls and pulls in a
// request stack a Netlify Function does not need.
import { z } from 'zod';
import {
  PaymentProviderError,
  type CheckoutResult,
  type PaymentEvent,
  type PaymentOrder,
  type PaymentProvider,
  type PaymentRefund,
} from './provider';
import { hmacHex, signatureMatches } from './signatures';

export const RAZORPAY_DEFAULT_API = 'https://api.razorpay.com';

export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** The API's origin; tests point it at the stand-in in tests/support/razorpay-standin.ts. */
  apiBase?: string;
  /** A call that takes longer fails, so a booking never hangs on the processor. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const OrderReply = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.literal('INR'),
  receipt: z.string().nullable(),
  status: z.enum(['created', 'attempted', 'paid']),
});

const RefundReply = z.object({
  id: z.string(),
  payment_id: z.string(),
  amount: z.number().int(),
  status: z.enum(['pending', 'processed', 'failed']),
});

const ErrorReply = z.object({ error: z.object({ description: z.string().optional() }).optional() });

const PaymentEntity = z.object({
  id: z.string(),
  order_id: z.string().nullable(),
  amount: z.number().int(),
  error_description: z.string().nullable().optional(),
});

const WebhookBody = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({ entity: PaymentEntity }).optional(),
      refund: z.object({ entity: RefundReply }).optional(),
    })
    .optional(),
});

export function createRazorpayProvider(config: RazorpayConfig): PaymentProvider {
  const apiBase = (config.apiBase ?? RAZORPAY_DEFAULT_API).replace(/\/+$/, '');
  const doFetch = config.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;

  async function call<T>(path: string, body: unknown, reply: z.ZodType<T>): Promise<T> {
    let response: Response;
    try {
      response = await doFetch(`${apiBase}${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
    } catch (cause) {
      throw new PaymentProviderError(`Razorpay could not be reached (${(cause as Error).name})`);
    }
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const described = ErrorReply.safeParse(json);
      const why = (described.success && described.data.error?.description) || `HTTP ${response.status}`;
      throw new PaymentProviderError(`Razorpay refused ${path.split('/')[2] ?? 'the call'}: ${why}`, response.status);
    }
    const parsed = reply.safeParse(json);
    if (!parsed.success) throw new PaymentProviderError(`Razorpay answered ${path} in an unexpected shape`);
    return parsed.data;
  }

  return {
    name: 'Razorpay',
    publicKey: config.keyId,

    async createOrder({ amountPaise, receipt, notes }): Promise<PaymentOrder> {
      const order = await call('/v1/orders', { amount: amountPaise, currency: 'INR', receipt, notes }, OrderReply);
      return {
        id: order.id,
        amountPaise: order.amount,
        currency: 'INR',
        receipt: order.receipt ?? receipt,
        status: order.status,
      };
    },

    verifyCheckout({ orderId, paymentId, signature }: CheckoutResult): boolean {
      return signatureMatches(hmacHex(config.keySecret, `${orderId}|${paymentId}`), signature);
    },

    readWebhook(rawBody, { signature, eventId }): PaymentEvent | null {
      if (!signatureMatches(hmacHex(config.webhookSecret, rawBody), signature)) return null;
      let body: z.output<typeof WebhookBody>;
      try {
        body = WebhookBody.parse(JSON.parse(rawBody));
      } catch {
        return null;
      }
      // Razorpay sends the same event again until it gets a 2xx; its id is what makes handling it twice harmless.
      const id =
        eventId ?? `${body.event}:${body.payload?.payment?.entity.id ?? body.payload?.refund?.entity.id ?? ''}`;
      const payment = body.payload?.payment?.entity;
      const refund = body.payload?.refund?.entity;
      if (body.event === 'payment.captured' && payment?.order_id) {
        return {
          kind: 'captured',
          eventId: id,
          orderId: payment.order_id,
          paymentId: payment.id,
          amountPaise: payment.amount,
        };
      }
      if (body.event === 'payment.failed' && payment?.order_id) {
        const reason = payment.error_description ?? 'The payment did not go through.';
        return { kind: 'failed', eventId: id, orderId: payment.order_id, paymentId: payment.id, reason };
      }
      if (body.event === 'refund.processed' && refund) {
        return {
          kind: 'refunded',
          eventId: id,
          paymentId: refund.payment_id,
          refundId: refund.id,
          amountPaise: refund.amount,
        };
      }
      return { kind: 'ignored', eventId: id, event: body.event };
    },

    async refund({ paymentId, amountPaise, receipt }): Promise<PaymentRefund> {
      const path = `/v1/payments/${encodeURIComponent(paymentId)}/refund`;
      const refund = await call(path, { amount: amountPaise, speed: 'normal', receipt }, RefundReply);
      return { id: refund.id, paymentId: refund.payment_id, amountPaise: refund.amount, status: refund.status };
    },
  };
}
