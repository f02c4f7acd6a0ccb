// Fetching the practitioner's secret iCal address (docs/bookings.md, "Calendars"). The address is typed into the
// portal, so the server must not become a way to reach its own network: every hop (the address and each redirect)
// must connect to public addresses only, the whole fetch has 10 s, and the body is cut off past 5 MB. node:http is
// used rather than fetch because it lets the address check sit in the connection's own name lookup: the address
// checked is the address connected to, so a name that resolves differently the second time gains nothing.
import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
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

/**
 * The connection's name lookup: resolves the host and refuses it when any address is private, so the check and the
 * connection use the same answer. A host given as an address never reaches a lookup; `get` checks those itself.
 */
function guardedLookup(options: CalendarFetchOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const resolve = options.resolve ?? defaultResolve;
    resolve(hostname).then(
      (addresses) => {
        const first = addresses[0];
        if (!first || addresses.some(isPrivateAddress)) {
          callback(new CalendarFeedError(UNREACHABLE), '', 0);
        } else if (lookupOptions.all) {
          callback(
            null,
            addresses.map((address) => ({ address, family: isIP(address) })),
          );
        } else {
          callback(null, first, isIP(first));
        }
      },
      () =>
        callback(
          new CalendarFeedError(`The calendar's server (${hostname}) could not be found`) as NodeJS.ErrnoException,
          '',
          0,
        ),
    );
  };
}

/** One GET, its answer's head once it arrives. An address literal is checked here; a name in the lookup above. */
function get(url: URL, signal: AbortSignal, options: CalendarFetchOptions): Promise<IncomingMessage> {
  const allowed = options.allowedPrivateOrigins?.has(url.host) ?? false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowed && isIP(host) && isPrivateAddress(host)) return Promise.reject(new CalendarFeedError(UNREACHABLE));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, {
      signal,
      headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1', 'user-agent': 'SoulGuidance-Bookings/1' },
      ...(allowed ? {} : { lookup: guardedLookup(options) }),
    });
    request.once('response', resolve);
    request.once('error', reject);
  });
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

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<string> {
  const tooLarge = () => {
    response.destroy();
    return new CalendarFeedError('The calendar is too large to read');
  };
  if (Number(response.headers['content-length'] ?? '0') > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    const bytes = chunk as Buffer;
    total += bytes.byteLength;
    if (total > maxBytes) throw tooLarge();
    chunks.push(bytes);
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
      const response = await get(url, signal, options);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.destroy();
        const location = response.headers.location;
        if (!location) throw new CalendarFeedError('The calendar address answered with a redirect to nowhere');
        url = normaliseCalendarUrl(new URL(location, url).toString());
        continue;
      }
      if (status < 200 || status >= 300) {
        response.destroy();
        throw new CalendarFeedError(
          status === 404 || status === 410 || status === 401 || status === 403
            ? `The calendar address no longer works (the server answered ${status}); paste it again from your calendar's settings`
            : `The calendar's server answered with an error (${status}); the site will try again`,
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
