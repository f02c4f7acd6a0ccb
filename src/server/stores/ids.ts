import { randomBytes } from 'node:crypto';

// Laid out like a MongoDB ObjectId: 4 bytes of seconds, 5 random bytes per process, a 3-byte counter. The counter
// makes ids created in the same second by one process increase, so "newest first" stays in insertion order even
// when two records share a createdAt millisecond (purely random tails sorted those ties at random).
const processPart = randomBytes(5).toString('hex');
let counter = randomBytes(3).readUIntBE(0, 3);

/** A 24-hex id shaped like a MongoDB ObjectId, so ids sort by time and URLs look the same on both stores. */
export function newId(now = Date.now()): string {
  counter = (counter + 1) % 0x1000000;
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + processPart + counter.toString(16).padStart(6, '0');
}

export function isId(value: string): boolean {
  return /^[a-f0-9]{24}$/.test(value);
}
