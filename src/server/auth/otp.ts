import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '../../shared/constants';

/** Six digits, uniformly drawn from the CSPRNG (leading zeros kept). */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** LIMITS.otpDigits)).padStart(LIMITS.otpDigits, '0');
}

/**
 * Only this hash is stored. A plain SHA-256 of a six-digit code falls to a million guesses offline, so the hash is
 * keyed with a key derived from the server secret: a copy of the database alone does not reveal a live code. The email
 * is mixed in so one code's hash says nothing about another account's.
 */
export function hashOtp(secret: string, email: string, code: string): string {
  const key = createHmac('sha256', secret).update('otp-hash/v1').digest();
  return createHmac('sha256', key).update(`${email.toLowerCase()}\n${code}`).digest('base64url');
}

export function otpMatches(secret: string, email: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashOtp(secret, email, code));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}
