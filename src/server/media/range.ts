/** An inclusive byte range within an object. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads an HTTP `Range` header (RFC 9110 §14.1) against an object of `size` bytes. Returns null when there is no
 * usable header (absent, another unit, or malformed: the whole object is then served), 'unsatisfiable' when it
 * asks for bytes beyond the end (416), else the first range, with `end` capped at the last byte. Several ranges
 * are answered with the first only, which a server may do.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match?.[1]) return null;
  const first = match[1].split(',')[0]?.trim() ?? '';
  const parts = /^(\d*)\s*-\s*(\d*)$/.exec(first);
  if (!parts) return null;
  const [, startText = '', endText = ''] = parts;
  if (startText === '' && endText === '') return null;
  if (startText === '') {
    // A suffix range: the last N bytes.
    const length = Number(endText);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(startText);
  const end = endText === '' ? Number.MAX_SAFE_INTEGER : Number(endText);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * The headers of a 206 reply: `headers` without the shared-cache ones. A CDN that keys on the URL alone would hand
 * one visitor's partial body to another (above all a 206 sent for a request without Range), so partial replies are
 * kept out of every shared cache; the browser asks again by range, and whole replies stay cacheable.
 */
export function partialCacheHeaders(headers: Record<string, string>): Record<string, string> {
  const shared = new Set(['cache-control', 'netlify-cdn-cache-control', 'netlify-cache-id', 'cdn-cache-control']);
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !shared.has(name.toLowerCase())));
  return { ...kept, 'Cache-Control': 'private, no-store' };
}
