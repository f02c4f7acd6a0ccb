import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestDeps } from '../../../tests/support/server/admin-session';
import { freePort } from '../../../tests/support/free-port';
import { startLocalServer, type LocalServer } from './server';
import { readSiteWideHeaders } from './static-headers';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
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
  let dir: string;
  let server: LocalServer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sg-local-server-'));
    const dist = path.join(dir, 'dist');
    mkdirSync(dist);
    copyFileSync(path.join(projectRoot, 'netlify.toml'), path.join(dir, 'netlify.toml'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Home</title>');
    writeFileSync(path.join(dist, '404.html'), '<!doctype html><title>Not found</title>');
    const port = await freePort();
    server = await startLocalServer({
      siteRoot: dir,
      distDir: dist,
      port,
      host: '127.0.0.1',
      app: createApp(createTestDeps()),
    });
  }, 60_000);

  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

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
