import { randomBytes } from 'node:crypto';

/** A 24-hex id shaped like a MongoDB ObjectId (4 bytes of seconds, then 8 random bytes), so ids sort by time. */
export function newId(now = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

export function isId(value: string): boolean {
  return /^[a-f0-9]{24}$/.test(value);
}
