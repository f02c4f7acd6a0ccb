import { readFileSync } from 'node:fs';
import { parse } from 'smol-toml';

interface HeaderRule {
  for?: unknown;
  values?: unknown;
}

/**
 * netlify.toml's headers for every path (`for = "/*"`): the security headers Netlify's CDN adds to every reply,
 * not-found pages included. @netlify/dev adds them to the files it serves; the replies the local server writes itself
 * (its own 404 page, 405, 413, 500) take them from here, so no local reply goes out without them (docs/auth.md).
 */
export function readSiteWideHeaders(netlifyToml: string): Readonly<Record<string, string>> {
  const config = parse(readFileSync(netlifyToml, 'utf8')) as { headers?: HeaderRule[] };
  const rule = (config.headers ?? []).find((entry) => entry.for === '/*');
  const values = rule?.values;
  if (!values || typeof values !== 'object') return {};
  return Object.fromEntries(
    Object.entries(values as Record<string, unknown>).filter((entry): entry is [string, string] => {
      return typeof entry[1] === 'string';
    }),
  );
}
