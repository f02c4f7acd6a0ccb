// Razorpay Checkout in the browser (docs/bookings.md, "Paying"): its script is loaded only when a paid booking needs
// it, from the address the page was built with (RAZORPAY_CHECKOUT_URL; the page's CSP allows exactly that origin).
// Checkout hands its handler the order id, payment id and signature, which go to our server unchanged to be verified.
import type { CheckoutSuccess, PaymentOrder } from './api';

interface CheckoutOptions {
  key: string;
  order_id: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact?: string };
  theme: { color: string };
  handler: (response: CheckoutSuccess) => void;
  modal: { ondismiss: () => void; escape: boolean; confirm_close: boolean };
}

interface CheckoutInstance {
  open(): void;
  on?(event: 'payment.failed', listener: (response: unknown) => void): void;
}

declare global {
  interface Window {
    Razorpay?: new (options: CheckoutOptions) => CheckoutInstance;
  }
}

let loading: Promise<void> | undefined;

/** Adds Checkout's script once; a failed load may be tried again. */
export function loadCheckout(src: string): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.Razorpay ? resolve() : reject(new Error('Checkout did not start')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Checkout could not be loaded'));
    };
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export interface Payer {
  name: string;
  email: string;
  phone?: string | undefined;
}

export interface CheckoutEvents {
  onPaid: (response: CheckoutSuccess) => void;
  /** Checkout was closed without paying. */
  onDismissed: () => void;
  /**
   * A payment attempt failed. Razorpay's modal stays open for another try, so a later onPaid may still follow;
   * the stand-in closes its dialog.
   */
  onFailed: (reason: string | null) => void;
}

const failureReason = (response: unknown): string | null => {
  if (typeof response !== 'object' || response === null || !('error' in response)) return null;
  const error = (response as { error?: { description?: unknown } }).error;
  return typeof error?.description === 'string' && error.description ? error.description : null;
};

/** Opens Checkout for the order; its outcomes arrive through `events`, as often as Checkout reports them. */
export function openCheckout(
  order: PaymentOrder,
  details: { siteName: string; serviceName: string; payer: Payer },
  events: CheckoutEvents,
): void {
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('Checkout is not loaded');
  const checkout = new Razorpay({
    key: order.keyId,
    order_id: order.orderId,
    amount: order.amountPaise,
    currency: order.currency,
    name: details.siteName,
    description: details.serviceName,
    prefill: {
      name: details.payer.name,
      email: details.payer.email,
      ...(details.payer.phone ? { contact: details.payer.phone } : {}),
    },
    theme: { color: '#5b4a8b' },
    handler: (response) => events.onPaid(response),
    modal: { ondismiss: () => events.onDismissed(), escape: true, confirm_close: false },
  });
  checkout.on?.('payment.failed', (response) => events.onFailed(failureReason(response)));
  checkout.open();
}
