// What a service page booked on this site needs from the build (docs/bookings.md, "The visitor's flow"): where
// Checkout's script lives and which origins the page's Content-Security-Policy must allow for it, the
// practitioner's time zone and the cancellation policy in words. Read once per build.
import { DEFAULT_CANCELLATION_POLICY, type CancellationPolicy } from '../../shared/schemas/availability';
import { getBuildCheckoutEnv, getStoreConfig, type BuildCheckoutEnv } from '../env';
import { openStores } from '../stores';
import type { StoredAvailability } from '../stores/types';

/** Razorpay's Checkout script, and the origins it talks to (its script, its payment frame, its telemetry). */
export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
const RAZORPAY_ORIGINS = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com'],
  connect: ['https://lumberjack.razorpay.com'],
} as const;

export interface CheckoutConfig {
  /** The script to load, or null when online payment is off (no keys: visitors pay at the session). */
  url: string | null;
  /** Origins for the page's CSP: exactly Checkout's, or the one origin of a stand-in that tests point it at. */
  origins: { script: readonly string[]; frame: readonly string[]; connect: readonly string[] };
}

/**
 * Checkout as this build sees it. Netlify gives builds the same variables as functions, so a page built without
 * the Razorpay variables offers no online payment, matching the function, which then books "pay at the session".
 */
export function checkoutConfig(env: BuildCheckoutEnv = getBuildCheckoutEnv()): CheckoutConfig {
  // The function takes money online only with all three set (src/server/payments/from-env.ts); the page agrees.
  if (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET || !env.RAZORPAY_WEBHOOK_SECRET) {
    return { url: null, origins: { script: [], frame: [], connect: [] } };
  }
  const url = env.RAZORPAY_CHECKOUT_URL ?? RAZORPAY_CHECKOUT_SCRIPT;
  const origin = new URL(url).origin;
  if (origin === new URL(RAZORPAY_CHECKOUT_SCRIPT).origin) return { url, origins: RAZORPAY_ORIGINS };
  // A stand-in (tests) serves its script and answers its own calls from one origin, and shows no frame.
  return { url, origins: { script: [origin], frame: [], connect: [origin] } };
}

export interface BookingPageFacts {
  checkout: CheckoutConfig;
  /** The practitioner's zone, for the picker's "10:00 in India (IST)" notes. */
  practitionerZone: string;
  policy: CancellationPolicy;
}

/** The facts from the practitioner's availability record; pure, so tests give it any record. */
export function bookingPageFacts(availability: StoredAvailability, checkout: CheckoutConfig): BookingPageFacts {
  // 'at-session': the practitioner chose never to take money online, so no page loads Checkout.
  const online = availability.paymentChoice !== 'at-session';
  return {
    checkout: online ? checkout : { url: null, origins: { script: [], frame: [], connect: [] } },
    practitionerZone: availability.timeZone,
    policy: availability.cancellation ?? DEFAULT_CANCELLATION_POLICY,
  };
}

let cached: Promise<BookingPageFacts> | undefined;

/**
 * Read once per build from the same store as the pages (src/server/content/site-content.ts). A change of
 * availability publishes again like any content change, so the pages follow it.
 */
export function getBookingPageFacts(): Promise<BookingPageFacts> {
  cached ??= (async () => {
    const stores = await openStores(getStoreConfig());
    try {
      return bookingPageFacts(await stores.availability.get(), checkoutConfig());
    } finally {
      await stores.close();
    }
  })();
  return cached;
}
