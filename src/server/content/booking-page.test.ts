import { describe, expect, it } from 'vitest';
import { getBuildCheckoutEnv } from '../env';
import { DEFAULT_AVAILABILITY, DEFAULT_CANCELLATION_POLICY } from '../../shared/schemas/availability';
import { bookingPageFacts, checkoutConfig as fromEnv, RAZORPAY_CHECKOUT_SCRIPT } from './booking-page';

const checkoutConfig = (source: Record<string, string>) => fromEnv(getBuildCheckoutEnv(source));

/** All three Razorpay variables, test-mode key. */
const KEYS = { RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' };

describe('Checkout on a service page', () => {
  it('is off unless all three Razorpay variables are set: no script, no extra origins', () => {
    expect(checkoutConfig({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's' })).toEqual({
      url: null,
      origins: { script: [], frame: [], connect: [] },
    });
  });

  it('allows exactly Razorpay Checkout’s origins with the keys set', () => {
    expect(checkoutConfig(KEYS)).toEqual({
      url: RAZORPAY_CHECKOUT_SCRIPT,
      origins: {
        script: ['https://checkout.razorpay.com'],
        frame: ['https://api.razorpay.com'],
        connect: ['https://lumberjack.razorpay.com'],
      },
    });
  });

  it('reads a malformed script address as unset rather than failing the build', () => {
    expect(
      checkoutConfig({
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_WEBHOOK_SECRET: 'w',
        RAZORPAY_CHECKOUT_URL: 'javascript:alert(1)',
      }).url,
    ).toBe(RAZORPAY_CHECKOUT_SCRIPT);
  });

  it('allows a stand-in’s one origin when tests point the script at it', () => {
    const config = checkoutConfig({ ...KEYS, RAZORPAY_CHECKOUT_URL: 'http://127.0.0.1:4567/checkout.js' });
    expect(config).toEqual({
      url: 'http://127.0.0.1:4567/checkout.js',
      origins: { script: ['http://127.0.0.1:4567'], frame: [], connect: ['http://127.0.0.1:4567'] },
    });
  });
});

describe('the facts a booking page is built with', () => {
  const online = checkoutConfig({ RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' });

  it('takes the practitioner’s zone and policy, and the defaults for a record saved before the policy existed', () => {
    const facts = bookingPageFacts({ ...DEFAULT_AVAILABILITY, timeZone: 'Europe/London' }, online);
    expect(facts.practitionerZone).toBe('Europe/London');
    expect(facts.policy).toEqual(DEFAULT_CANCELLATION_POLICY);
    expect(facts.checkout.url).toBe(RAZORPAY_CHECKOUT_SCRIPT);
    const own = bookingPageFacts(
      { ...DEFAULT_AVAILABILITY, cancellation: { fullRefundHours: 48, lateRefundPercent: 50 } },
      online,
    );
    expect(own.policy).toEqual({ fullRefundHours: 48, lateRefundPercent: 50 });
  });

  it('loads no Checkout when the practitioner takes payment at the session', () => {
    const facts = bookingPageFacts({ ...DEFAULT_AVAILABILITY, paymentChoice: 'at-session' }, online);
    expect(facts.checkout).toEqual({ url: null, origins: { script: [], frame: [], connect: [] } });
  });
});
