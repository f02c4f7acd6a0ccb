import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `payload` with `secret`, as lowercase hex: how Razorpay signs checkouts and webhooks. */
export function hmacHex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

/**
 * Compares a signature a client sent with the one we compute, in time that does not depend on where they differ, so
 * the comparison leaks nothing an attacker could use to build a valid one byte by byte.
 */
export function signatureMatches(expectedHex: string, received: string | undefined): boolean {
  if (!received || !/^[0-9a-f]+$/i.test(received)) return false;
  const expected = Buffer.from(expectedHex, 'hex');
  const given = Buffer.from(received, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
