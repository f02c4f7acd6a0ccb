import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import { netlifyContext } from '../http/netlify-context';

/**
 * Where the client address comes from when there is no Netlify context: our local server overwrites this header
 * from the socket (see local/node-bridge.ts), so a client cannot choose it. X-Forwarded-For is never read: anyone
 * can write it.
 */
export const CLIENT_IP_HEADER = 'x-nf-client-connection-ip';

/** Expands an IPv6 address to its eight 16-bit groups, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4 !== undefined) {
    const octets = v4.split('.').map(Number) as [number, number, number, number];
    const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
    text = `${text.slice(0, -v4.length)}${hex(octets[0], octets[1])}:${hex(octets[2], octets[3])}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  const numbers = groups.map((g) => parseInt(g, 16));
  return numbers.length === 8 && numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? numbers : null;
}

/**
 * The rate-limit key for a client address. IPv4 as is; IPv4-mapped IPv6 as the IPv4 address; other IPv6 addresses by
 * their /64 network, because one subscriber usually holds a whole /64 and could otherwise rotate through it.
 */
export function normaliseClientIp(raw: string | undefined): string {
  const value = (raw ?? '').trim().toLowerCase().replace(/%.*$/, '');
  if (isIPv4(value)) return value;
  if (isIPv6(value)) {
    const groups = ipv6Groups(value);
    if (!groups) return 'invalid';
    const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
    if (isMapped) {
      const [, , , , , , hi = 0, lo = 0] = groups;
      return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
    }
    return `${groups
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':')}::/64`;
  }
  // Absent (app.request() in tests) or malformed: all such requests share one bucket.
  return value === '' ? 'unknown' : 'invalid';
}

/** On Netlify the function context's documented `ip`; elsewhere the header the local server sets. */
export function clientIp(c: Context): string {
  return normaliseClientIp(netlifyContext(c)?.ip ?? c.req.header(CLIENT_IP_HEADER));
}
