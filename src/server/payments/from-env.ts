// The payment provider a deploy is configured for (docs/bookings.md, "What a deploy needs"). Razorpay needs three
// variables; with any missing there is no provider, and paid sessions booked on the site are paid at the session.
import type { Env } from '../env';
import type { PaymentProvider } from './provider';
import { createRazorpayProvider } from './razorpay';

export const RAZORPAY_VARIABLES = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

type PaymentEnv = Pick<Env, (typeof RAZORPAY_VARIABLES)[number] | 'RAZORPAY_API_BASE'>;

/** The Razorpay variables that are not set (the portal's Availability screen names them). */
export function missingPaymentVariables(env: PaymentEnv): string[] {
  return RAZORPAY_VARIABLES.filter((name) => !env[name]);
}

const built = new WeakMap<object, PaymentProvider | null>();

/** Razorpay when all three keys are set, else null; built once per configuration object. */
export function paymentProviderFromEnv(env: PaymentEnv): PaymentProvider | null {
  const cached = built.get(env);
  if (cached !== undefined) return cached;
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret } = env;
  const provider =
    keyId && keySecret && webhookSecret
      ? createRazorpayProvider({ keyId, keySecret, webhookSecret, apiBase: env.RAZORPAY_API_BASE })
      : null;
  built.set(env, provider);
  return provider;
}
