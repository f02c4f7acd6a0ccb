import { request } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestDeps } from '../../../tests/support/server/admin-session';
import { projectRoot, startBareSite, type BareSite } from './bare-site.fixtures';
import type { LocalServer } from './server';
import { readSiteWideHeaders } from './static-headers';

const siteHeaders = readSiteWideHeaders(path.join(projectRoot, 'netlify.toml'));

/** A raw request (fetch refuses TRACE), returning the status and headers. */
function rawRequest(url: string, method: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('local server: the replies it writes itself carry the site-wide security headers', () => {
  let site: BareSite;
  let server: LocalServer;

  beforeAll(async () => {
    site = await startBareSite(createApp(createTestDeps()), {
      'index.html': '<!doctype html><title>Home</title>',
      '404.html': '<!doctype html><title>Not found</title>',
    });
    server = site.server;
  }, 60_000);

  afterAll(() => site.close());

  it('netlify.toml has the headers this test expects', () => {
    expect(siteHeaders).toMatchObject({ 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY' });
    expect(siteHeaders['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });

  it('on the 404 page for an unknown path, like a built page', async () => {
    for (const pathname of ['/', '/no-such-page', '/no/such/page.html']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(pathname === '/' ? 200 : 404);
      if (pathname !== '/') expect(await response.text()).toContain('Not found');
      for (const [name, value] of Object.entries(siteHeaders)) expect(response.headers.get(name), name).toBe(value);
    }
  });

  it('on the 405 for a method no web request can carry', async () => {
    const reply = await rawRequest(`${server.url}/`, 'TRACE');
    expect(reply.status).toBe(405);
    for (const [name, value] of Object.entries(siteHeaders))
      expect(reply.headers[name.toLowerCase()], name).toBe(value);
  });
});
