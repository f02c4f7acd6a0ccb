import { describe, expect, it } from 'vitest';
import { getBuildCheckoutEnv } from '../env';
import { checkoutConfig as fromEnv, RAZORPAY_CHECKOUT_SCRIPT } from './booking-page';

const checkoutConfig = (source: Record<string, string>) => fromEnv(getBuildCheckoutEnv(source));

describe('Checkout on a service page', () => {
  it('is off without both keys: no script, no extra origins', () => {
    expect(checkoutConfig({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toEqual({
      url: null,
      origins: { script: [], frame: [], connect: [] },
    });
  });

  it('allows exactly Razorpay Checkout’s origins with the keys set', () => {
    expect(checkoutConfig({ RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 's' })).toEqual({
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
      checkoutConfig({ RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_CHECKOUT_URL: 'javascript:alert(1)' })
        .url,
    ).toBe(RAZORPAY_CHECKOUT_SCRIPT);
  });

  it('allows a stand-in’s one origin when tests point the script at it', () => {
    const config = checkoutConfig({
      RAZORPAY_KEY_ID: 'rzp_test_x',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_CHECKOUT_URL: 'http://127.0.0.1:4567/checkout.js',
    });
    expect(config).toEqual({
      url: 'http://127.0.0.1:4567/checkout.js',
      origins: { script: ['http://127.0.0.1:4567'], frame: [], connect: ['http://127.0.0.1:4567'] },
    });
  });
});
