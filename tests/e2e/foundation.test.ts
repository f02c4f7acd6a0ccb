// The foundation's "done when", against the real local server (`npm start` in a child process with a fresh data
// folder): it seeds the demo content, builds the site from the store, and serves site, API and media on one port.
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BannerSchema } from '../../src/shared/schemas/banner';
import { ServiceSchema } from '../../src/shared/schemas/service';
import { DEMO_SERVICE_NAMES } from '../../src/server/demo/demo-seed';
import { startServer, type RunningServer } from './support/server';

const MB = 1024 * 1024;
const ServicesReply = z.strictObject({ success: z.literal(true), data: z.array(ServiceSchema) });
const BannersReply = z.strictObject({ success: z.literal(true), data: z.array(BannerSchema) });

let server: RunningServer;

beforeAll(async () => {
  // Exactly as a newcomer's `npm start` (through tsx), not the run's bundle the other files start.
  server = await startServer({ runner: 'npm-start' });
});
afterAll(async () => {
  await server?.stop();
});

/** How a name appears in built HTML (Astro escapes &, <, > and quotes in text). */
function asHtml(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/&/g, '&(?:amp;|#38;)');
  return new RegExp(escaped);
}

/** Sends `size` bytes to `path` with plain node:http, so the reply can be read even when the server hangs up. */
function postLarge(path: string, size: number, declareLength: boolean): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(declareLength ? { 'Content-Length': String(size) } : { 'Transfer-Encoding': 'chunked' }),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // Once it has answered 413 the server stops reading and closes: a write error after that is expected.
    req.on('error', (error) => setTimeout(() => reject(error), 2_000));
    const chunk = new Uint8Array(MB).fill(0x20);
    if (declareLength) {
      // The server answers from the declared length alone, before reading the body; send a little and wait, as a
      // client honouring `Expect: 100-continue` would. Pushing all 7 MB at once can lose the reply to the reset
      // that follows the server's hang-up (curl, which reads while it sends, does see the 413).
      req.write(chunk.subarray(0, 256 * 1024));
      return;
    }
    void (async () => {
      for (let sent = 0; sent < size && !req.destroyed; sent += chunk.length) {
        if (!req.write(chunk.subarray(0, Math.min(chunk.length, size - sent)))) {
          await new Promise((drained) => req.once('drain', drained));
        }
      }
      if (!req.destroyed) req.end();
    })();
  });
}

describe('npm start on an empty data folder', () => {
  it('prints the site and admin URLs, the data folder and the outbox', () => {
    const output = server.output();
    expect(output).toContain(`Site:    ${server.url}/`);
    expect(output).toContain(`Admin:   ${server.url}/admin/login`);
    expect(output).toContain(`Data:    ${server.dataDir}`);
    expect(output).toMatch(/Outbox: {2}\S+outbox/);
    expect(output).toMatch(/Seeded demo content: \d+ services, \d+ banners/);
  });

  it('answers /api/services with {"success":true,"data":[…]}: every seeded service, newest first', async () => {
    const response = await fetch(`${server.url}/api/services`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    expect(text.startsWith('{"success":true,"data":[')).toBe(true);
    const reply = ServicesReply.parse(JSON.parse(text));
    expect(reply.data.map((s) => s.name)).toEqual(DEMO_SERVICE_NAMES);
  });

  it('builds / from the store: the built HTML names the seeded featured services', async () => {
    const featured = ServicesReply.parse(
      await (await fetch(`${server.url}/api/services?limit=6&isFeatured=true`)).json(),
    ).data;
    expect(featured.length).toBeGreaterThan(4);
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    // Raw HTML, no JavaScript run: the names were baked in by the build, not fetched by the browser.
    const html = await response.text();
    for (const service of featured) expect(html).toMatch(asHtml(service.name));
  });

  it('serves every seeded picture at /media/<key>, byte for byte', async () => {
    const services = ServicesReply.parse(await (await fetch(`${server.url}/api/services`)).json()).data;
    const banners = BannersReply.parse(await (await fetch(`${server.url}/api/banners`)).json()).data;
    expect(banners.length).toBeGreaterThanOrEqual(2);
    const urls = [...services.map((s) => s.image), ...banners.map((b) => b.mediaUrl)];
    for (const url of urls) {
      const key = /^\/media\/([a-f0-9]{32})\.webp$/.exec(url)?.[1];
      expect(key, url).toBeDefined();
      const response = await fetch(`${server.url}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(createHash('sha256').update(bytes).digest('hex').slice(0, 32)).toBe(key);
    }
  });

  it.each([
    ['declared with Content-Length', true],
    ['streamed without a length', false],
  ])('answers a 7 MB POST to an /api path with a JSON 413 (%s)', async (_how, declareLength) => {
    const reply = await postLarge('/api/contact/send', 7 * MB, declareLength);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ success: false, message: expect.stringMatching(/6 MB/) as unknown });
  });

  it('answers an unknown page with the built 404 page, and an unknown /api path with JSON', async () => {
    const page = await fetch(`${server.url}/no-such-page/here`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Cosmic Path Not Found');

    const api = await fetch(`${server.url}/api/no-such-route`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ success: false, message: expect.any(String) as unknown });
  });
});
