/**
 * The one small seam between bookings and whoever takes the money (docs/bookings.md, "Payments"). Processors have
 * frozen the funds of tarot and "psychic services" merchants, so a practitioner may need to move from Razorpay to
 * PayU or Cashfree: everything a booking needs from a processor is here, and nothing else reaches past it. "Pay at
 * the session" needs no provider at all.
 *
 * Amounts are whole paise (₹1 = 100 paise), as the processors count them, so no rupee fraction is ever rounded.
 */
export interface PaymentOrder {
  /** The processor's id of the order the visitor pays (Razorpay: `order_…`). */
  id: string;
  amountPaise: number;
  currency: 'INR';
  /** Our own reference, echoed back by the processor: the booking id. */
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
}

/** What the browser hands back after a checkout: three values the server must verify before believing any. */
export interface CheckoutResult {
  orderId: string;
  paymentId: string;
  signature: string;
}

/** A processor event that changes a booking, after its signature was verified. */
export type PaymentEvent =
  | { kind: 'captured'; eventId: string; orderId: string; paymentId: string; amountPaise: number }
  | { kind: 'failed'; eventId: string; orderId: string; paymentId: string; reason: string }
  | { kind: 'refunded'; eventId: string; paymentId: string; refundId: string; amountPaise: number }
  /** Verified, but about something bookings do not follow (e.g. settlements). */
  | { kind: 'ignored'; eventId: string; event: string };

export interface PaymentRefund {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
}

export interface PaymentProvider {
  /** Shown to the practitioner and in logs. */
  readonly name: string;
  /** The public key the browser's checkout needs (never the secret). */
  readonly publicKey: string;
  createOrder(input: { amountPaise: number; receipt: string; notes?: Record<string, string> }): Promise<PaymentOrder>;
  /** True only when the checkout result was signed with our secret for exactly this order and payment. */
  verifyCheckout(result: CheckoutResult): boolean;
  /**
   * A webhook call, checked against the raw body's signature. Null when the signature does not match: the caller
   * answers 400 and changes nothing.
   */
  readWebhook(
    rawBody: string,
    headers: { signature: string | undefined; eventId: string | undefined },
  ): PaymentEvent | null;
  refund(input: { paymentId: string; amountPaise: number; receipt: string }): Promise<PaymentRefund>;
}

/** A processor that could not be reached or refused a call; its message is safe to log (no keys, no card data). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
