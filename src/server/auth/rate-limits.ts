import { Refusal } from '../refusal';
import type { RateLimitState, RateLimitStore } from '../stores/types';

export interface Limit {
  max: number;
  windowMs: number;
}

/** A login name or email as a key part: trimmed, NFC, lower case, so letter case never opens a fresh window. */
export function normaliseIdentifier(value: string): string {
  return value.trim().normalize('NFC').toLowerCase();
}

/**
 * Every key this module builds. Keys depend only on the account, the email typed, a browser's random id and the
 * client address: never on other body fields, the URL's spelling or headers a client controls. There is no
 * per-account login key on purpose (docs/auth.md, "Lockout").
 */
export const rateLimitKeys = {
  loginIp: (ip: string) => `auth:login:ip:${ip}`,
  /** One trusted browser's failed logins (the device cookie's random id). */
  loginDevice: (deviceId: string) => `auth:login:device:${deviceId}`,
  /** Wrong current passwords within one signed-in session. */
  accountChange: (sessionId: string) => `auth:account-change:session:${sessionId}`,
  otpSendDevice: (deviceId: string) => `auth:otp-send:device:${deviceId}`,
  otpSendEmail: (email: string) => `auth:otp-send:email:${normaliseIdentifier(email)}`,
  otpSendIp: (ip: string) => `auth:otp-send:ip:${ip}`,
  otpCheckIp: (ip: string) => `auth:otp-check:ip:${ip}`,
  setupCodeIp: (ip: string) => `auth:setup-code:ip:${ip}`,
} as const;

export class RateLimited extends Refusal {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'too-many',
      `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      retryAfterSeconds,
    );
    this.name = 'RateLimited';
  }
}

export function retryAfterSeconds(state: RateLimitState, now = Date.now()): number {
  return Math.max(1, Math.ceil((state.resetAt.getTime() - now) / 1000));
}

/**
 * Counts one attempt against every key *before* the attempt is checked, and throws 429 when any key is over its
 * limit. Counting first (rather than after a failure) is what makes the limit hold against many concurrent requests:
 * each one takes its slot atomically in the store. A success may then `clear` the keys it no longer needs.
 */
export async function takeSlots(store: RateLimitStore, entries: { key: string; limit: Limit }[]): Promise<void> {
  const states = await Promise.all(entries.map(({ key, limit }) => store.hit(key, limit.windowMs)));
  let wait = 0;
  states.forEach((state, index) => {
    const entry = entries[index];
    if (entry && state.count > entry.limit.max) wait = Math.max(wait, retryAfterSeconds(state));
  });
  if (wait > 0) throw new RateLimited(wait);
}

export async function clearSlots(store: RateLimitStore, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => store.reset(key)));
}

const isActive = (state: RateLimitState | null, now = Date.now()): state is RateLimitState =>
  state !== null && state.resetAt.getTime() > now;

/**
 * A limit that is checked before it is counted: a key already at its limit answers 429 without adding to it (and
 * without the caller touching any other key), then the attempt takes its slot atomically like `takeSlots`.
 */
export async function takeSlotIfOpen(store: RateLimitStore, key: string, limit: Limit): Promise<void> {
  const seen = await store.peek(key);
  if (isActive(seen) && seen.count >= limit.max) throw new RateLimited(retryAfterSeconds(seen));
  await takeSlots(store, [{ key, limit }]);
}

/** True while the key is below its limit (a trusted device that failed too often stops being trusted). */
export async function isUnderLimit(store: RateLimitStore, key: string, limit: Limit): Promise<boolean> {
  const seen = await store.peek(key);
  return !isActive(seen) || seen.count < limit.max;
}
