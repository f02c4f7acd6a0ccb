import { createHmac, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { AUTH_SETTINGS } from './settings';

/*
 * bcrypt reads at most 72 bytes of its input and silently ignores the rest, so two long passwords sharing their first
 * 72 bytes would both unlock the account. The spec allows up to 128 characters, and an emoji is 4 UTF-8 bytes, so
 * rejecting long inputs would refuse passwords the form accepts. Instead every password is first reduced to a fixed
 * 44-character digest (HMAC-SHA-256, base64), which bcrypt reads whole.
 *
 * The HMAC key is a fixed, public label rather than a bare SHA-256: it does not add secrecy, but it keeps our inputs
 * to bcrypt different from the plain SHA-256 hashes found in other sites' leaks, which could otherwise be tested
 * directly against our bcrypt hashes ("password shucking"). It is deliberately not JWT_SECRET: rotating the session
 * secret must not lock the admin out.
 *
 * Unicode is normalised to NFC first, so the same password typed on two keyboards (composed "é" versus "e" plus a
 * combining accent) gives the same hash.
 */
const PREHASH_KEY = 'soul-guidance/admin-password/v1';

function prehash(password: string): string {
  return createHmac('sha256', PREHASH_KEY).update(password.normalize('NFC'), 'utf8').digest('base64');
}

export async function hashPassword(password: string, cost: number = AUTH_SETTINGS.bcryptCost): Promise<string> {
  return bcrypt.hash(prehash(password), cost);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(prehash(password), hash);
  } catch {
    // A malformed stored hash is a failed check, never a crash that tells the caller something different.
    return false;
  }
}

/** True when a stored hash was made with another work factor (rehashed after the next successful login). */
export function needsRehash(hash: string, cost: number): boolean {
  try {
    return bcrypt.getRounds(hash) !== cost;
  } catch {
    return true;
  }
}

/**
 * A bcrypt hash of random bytes nobody knows, at the real cost. An unknown username is compared against it, so a
 * wrong username costs the same time as a wrong password. Written out (not computed at start-up) so the very first
 * request is not slower either.
 */
const DUMMY_HASH_COST_12 = '$2b$12$YuO.QTQN6khnfMHFqTK45.bmYQXUdCTQyKLHMko493omzsBuMKL1S';
const dummyHashes = new Map<number, Promise<string>>([[12, Promise.resolve(DUMMY_HASH_COST_12)]]);

/** The dummy hash for a work factor (built once for costs other than the production one). */
export function dummyHash(cost: number): Promise<string> {
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = bcrypt.hash(randomBytes(32).toString('base64'), cost);
    dummyHashes.set(cost, dummy);
  }
  return dummy;
}

/** Spends the time of one password check and always fails. */
export async function verifyAgainstDummy(password: string, cost: number): Promise<false> {
  await verifyPassword(password, await dummyHash(cost));
  return false;
}
