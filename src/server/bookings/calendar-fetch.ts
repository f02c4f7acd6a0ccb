// Fetching the practitioner's secret iCal address (docs/bookings.md, "Calendars"). The address is typed into the
// portal, so the server must not become a way to reach its own network: every hop (the address and each redirect)
// must resolve to public addresses only, the whole fetch has 10 s, and the body is cut off past 5 MB.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { CalendarFeedError, MAX_CALENDAR_BYTES } from './calendar-busy';

export const CALENDAR_FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

export interface CalendarFetchOptions {
  /** The whole fetch, redirects included. */
  timeoutMs?: number;
  maxBytes?: number;
  /**
   * Origins ("127.0.0.1:4321") let through although private. Only tests pass this, to serve a calendar from a local
   * server; every other private address stays refused, redirects included.
   */
  allowedPrivateOrigins?: ReadonlySet<string>;
  /** Name resolution; tests may replace it. */
  resolve?: (hostname: string) => Promise<string[]>;
}

const defaultResolve = async (hostname: string): Promise<string[]> =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

function ipv4Parts(address: string): number[] | null {
  const parts = address.split('.').map(Number);
  return parts.length === 4 && parts.every((n) => Number.isInteger(n) && n >= 0 && n <= 255) ? parts : null;
}

/** True for loopback, private, link-local, carrier-grade NAT, multicast, unspecified and other non-public ranges. */
export function isPrivateAddress(address: string): boolean {
  const lower = address.toLowerCase().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return isPrivateAddress(mapped[1]);
  const v4 = ipv4Parts(lower);
  if (v4) {
    const [a = 0, b = 0] = v4;
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (isIP(lower) !== 6) return true; // not an address at all: refuse rather than guess
  return (
    lower === '::' ||
    lower === '::1' ||
    /^f[cd]/.test(lower) || // unique local
    /^fe[89ab]/.test(lower) || // link-local
    /^ff/.test(lower) || // multicast
    lower.startsWith('64:ff9b:') || // NAT64, which can reach IPv4 private ranges
    lower.startsWith('2001:db8:')
  );
}

const UNREACHABLE = 'This calendar address points to a private network, which the site cannot read';

/** Refuses a URL whose host is, or resolves to, a private address (unless the test allowed that origin). */
async function checkHost(url: URL, options: CalendarFetchOptions): Promise<void> {
  if (options.allowedPrivateOrigins?.has(url.host)) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw new CalendarFeedError(`The calendar's server (${url.hostname}) could not be found`);
    }
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new CalendarFeedError(UNREACHABLE);
}

/** Apple shares `webcal://` addresses; they are plain HTTPS underneath. */
export function normaliseCalendarUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim().replace(/^webcals?:\/\//i, 'https://'));
  } catch {
    throw new CalendarFeedError('This is not a web address');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new CalendarFeedError('This is not a web address');
  if (url.username || url.password) throw new CalendarFeedError('The address must not carry a user name or password');
  return url;
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new CalendarFeedError('The calendar is too large to read');
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new CalendarFeedError('The calendar is too large to read');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The text behind a calendar address. Redirects are followed by hand (at most 5) so that each hop's host is checked;
 * every failure is a CalendarFeedError whose message the practitioner can act on, and never echoes the secret URL.
 */
export async function fetchCalendarText(rawUrl: string, options: CalendarFetchOptions = {}): Promise<string> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? CALENDAR_FETCH_TIMEOUT_MS);
  let url = normaliseCalendarUrl(rawUrl);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      await checkHost(url, options);
      const response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1' },
      });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location) throw new CalendarFeedError('The calendar address answered with a redirect to nowhere');
        url = normaliseCalendarUrl(new URL(location, url).toString());
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new CalendarFeedError(
          response.status === 404 || response.status === 410 || response.status === 401 || response.status === 403
            ? `The calendar address no longer works (the server answered ${response.status}); paste it again from your calendar's settings`
            : `The calendar's server answered with an error (${response.status}); the site will try again`,
        );
      }
      return await readCapped(response, options.maxBytes ?? MAX_CALENDAR_BYTES);
    }
    throw new CalendarFeedError('The calendar address redirects too many times');
  } catch (error) {
    if (error instanceof CalendarFeedError) throw error;
    if (signal.aborted) throw new CalendarFeedError("The calendar's server did not answer within 10 seconds");
    throw new CalendarFeedError("The calendar's server could not be reached; the site will try again");
  }
}
