import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { createEmbeddedStores } from '../stores/embedded';
import { StoreUnavailableError } from '../stores/types';
import { createTestDeps } from '../../../tests/support/server/admin-session';
import { SECURITY_HEADERS } from './security-headers';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** netlify.toml's headers for every static file (`for = "/*"`). */
function staticHeaders(): Record<string, string> {
  const config = parse(readFileSync(path.join(projectRoot, 'netlify.toml'), 'utf8')) as {
    headers?: { for: string; values: Record<string, string> }[];
  };
  const rule = config.headers?.find((entry) => entry.for === '/*');
  if (!rule) throw new Error('netlify.toml has no [[headers]] rule for "/*"');
  return rule.values;
}

function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
}

describe('security headers on function replies', () => {
  it('match netlify.toml for every header the static files carry (the reply has its own, stricter policy)', () => {
    const { 'Content-Security-Policy': _pagePolicy, ...expected } = staticHeaders();
    const { 'Content-Security-Policy': _apiPolicy, ...actual } = SECURITY_HEADERS;
    expect(actual).toEqual(expected);
  });

  it('are on /api and /media replies: success, validation failure, not found, 500 and 503', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    const app = createApp(createTestDeps());
    const cases: [string, RequestInit | undefined, number][] = [
      ['/api/services', undefined, 200],
      ['/api/contact/send', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }, 400],
      ['/api/no-such-route', undefined, 404],
      ['/media/no-such-key.webp', undefined, 404],
    ];
    for (const [url, init, status] of cases) {
      const response = await app.request(url, init);
      expect(response.status, url).toBe(status);
      expectSecurityHeaders(response);
    }

    const stores = createEmbeddedStores(':memory:');
    const broken = createApp(
      createTestDeps({
        stores: {
          ...stores,
          services: {
            ...stores.services,
            list: () => Promise.reject(new Error('disk on fire')),
            get: () => Promise.reject(new StoreUnavailableError()),
          },
        },
      }),
    );
    const failed = await broken.request('/api/services');
    expect(failed.status).toBe(500);
    expectSecurityHeaders(failed);
    const unavailable = await broken.request('/api/services/aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(unavailable.status).toBe(503);
    expectSecurityHeaders(unavailable);
    expect(errors).toEqual([
      '[api] GET /api/services answered 500: Error: disk on fire',
      '[api] GET /api/services/aaaaaaaaaaaaaaaaaaaaaaaa answered 503: StoreUnavailableError: The database is not reachable right now',
    ]);
  });
});
