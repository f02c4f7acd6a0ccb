import { HttpError } from '../http/errors';
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
 * Every key this module builds. Keys depend only on the account (or the normalised name typed) and the client
 * address: never on other body fields, the URL's spelling or headers a client controls.
 */
export const rateLimitKeys = {
  loginAccount: (adminId: string) => `auth:login:account:${adminId}`,
  /** A name that matches no admin gets its own counter, so a locked and an unknown name look alike. */
  loginName: (name: string) => `auth:login:name:${normaliseIdentifier(name)}`,
  loginIp: (ip: string) => `auth:login:ip:${ip}`,
  otpSendEmail: (email: string) => `auth:otp-send:email:${normaliseIdentifier(email)}`,
  otpSendIp: (ip: string) => `auth:otp-send:ip:${ip}`,
  otpCheckIp: (ip: string) => `auth:otp-check:ip:${ip}`,
} as const;

export class RateLimited extends HttpError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, {
      'Retry-After': String(retryAfterSeconds),
    });
    this.name = 'RateLimited';
  }
}

function retryAfterSeconds(state: RateLimitState, now = Date.now()): number {
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
