// Production dry run: the API function bundled as Netlify bundles it, run from a read-only folder with only what a
// deployed function sees (no CONTEXT), against the MongoDB stand-in. Checks what docs/decisions/002 promises:
// missing configuration answers 503 naming it, a cold start during an outage recovers without a restart, and every
// reply carries the security headers.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../src/server/http/security-headers';
import { bundleFunction, startBundledFunction, type FunctionBundle } from '../support/function-bundle';
import { NETLIFY_FUNCTION_ENV } from '../support/netlify-env';
import { freePort, standinAvailable, startStandin, type Standin } from '../support/mongo-standin';

const SECRET = 'dry-run-secret-that-is-long-enough-0123456789';

function expectSecurityHeaders(response: Response) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name), name).toBe(value);
}

async function getJson(url: string) {
  const response = await fetch(url);
  return { response, body: (await response.json()) as { success: boolean; message?: string; data?: unknown } };
}

describe.skipIf(!standinAvailable())('the bundled function, run like a deployed one', () => {
  let bundle: FunctionBundle;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    bundle = await bundleFunction();
    bundle.freeze();
  }, 300_000);
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    bundle?.remove();
  });

  it('answers 503 naming missing variables (never values), logs it, and writes nothing to disk', async () => {
    const fn = await startBundledFunction(bundle, { ...NETLIFY_FUNCTION_ENV, JWT_SECRET: SECRET });
    stops.push(() => fn.stop());
    for (const route of ['/api/services', '/media/anything.webp']) {
      const { response, body } = await getJson(`${fn.url}${route}`);
      expect(response.status, route).toBe(503);
      expect(body.success).toBe(false);
      expect(body.message).toContain('MONGODB_URI, SMTP_URL are not set for the function');
      expect(JSON.stringify(body)).not.toContain(SECRET);
      expectSecurityHeaders(response);
    }
    expect(fn.output()).toContain('[config] MONGODB_URI, SMTP_URL are not set for the function');
    expect(fn.output()).not.toContain(SECRET);
    // No fallback to the embedded store or the mail outbox: the read-only folder stays as it was.
    expect(existsSync(path.join(bundle.dir, '.data'))).toBe(false);
    expect(fn.output()).not.toMatch(/EACCES|EROFS|ENOENT/);
  }, 60_000);

  it('with its configuration complete, recovers from a database that was down at cold start, with headers', async () => {
    const port = await freePort();
    const fn = await startBundledFunction(bundle, {
      ...NETLIFY_FUNCTION_ENV,
      JWT_SECRET: SECRET,
      SMTP_URL: 'smtp://127.0.0.1:9',
      MONGODB_URI: `mongodb://127.0.0.1:${port}/?directConnection=true`,
      MONGODB_DB: 'dry_run',
    });
    stops.push(() => fn.stop());

    // The database is down when the instance takes its first request.
    const down = await getJson(`${fn.url}/api/services`);
    expect(down.response.status).toBe(503);
    expect(down.body.message).toBe('The service is temporarily unavailable. Please try again shortly.');
    expectSecurityHeaders(down.response);
    expect(fn.output()).toMatch(/\[api\] GET \/api\/services answered 503: StoreUnavailableError: .*<- Mongo/);

    // It comes back: the same instance answers, no restart.
    const standin: Standin = await startStandin(port);
    stops.push(() => standin.stop());
    const up = await getJson(`${fn.url}/api/services`);
    expect(up.response.status).toBe(200);
    expect(up.body).toEqual({ success: true, data: [] });
    expectSecurityHeaders(up.response);

    // An outage while warm: 503, then 200 again once the database is back.
    await standin.stop();
    expect((await fetch(`${fn.url}/api/banners`)).status).toBe(503);
    await standin.start();
    let status = 0;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      status = (await fetch(`${fn.url}/api/banners`)).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(200);

    // Admin routes and media replies carry the headers too.
    const media = await fetch(`${fn.url}/media/not-there.webp`);
    expectSecurityHeaders(media);
    const admin = await fetch(`${fn.url}/api/admin/auth/status`);
    expectSecurityHeaders(admin);
    // Passkeys run inside the bundle: the relying party is Netlify's URL, the challenge cookie is Secure.
    const passkey = await fetch(`${fn.url}/api/admin/auth/passkeys/sign-in/options`, { method: 'POST' });
    expect(passkey.status).toBe(200);
    expect(((await passkey.json()) as { data: { rpId: string } }).data.rpId).toBe('soul-guidance.example');
    expect(passkey.headers.get('set-cookie')).toMatch(/^sg_webauthn=.*;\s*Secure/i);
    expect(existsSync(path.join(bundle.dir, '.data'))).toBe(false);
  }, 180_000);

  it('refuses a weak ADMIN_SETUP_CODE at start-up: 503 naming it, never the value', async () => {
    const fn = await startBundledFunction(bundle, {
      ...NETLIFY_FUNCTION_ENV,
      JWT_SECRET: SECRET,
      SMTP_URL: 'smtp://127.0.0.1:9',
      MONGODB_URI: 'mongodb://127.0.0.1:9/?directConnection=true',
      ADMIN_SETUP_CODE: 'aaaaaaaaaaaaaaaa',
    });
    stops.push(() => fn.stop());
    const { response, body } = await getJson(`${fn.url}/api/admin/auth/status`);
    expect(response.status).toBe(503);
    expect(body.message).toContain('ADMIN_SETUP_CODE is too weak');
    expect(JSON.stringify(body)).not.toContain('aaaaaaaaaaaaaaaa');
    expect(fn.output()).toContain('ADMIN_SETUP_CODE is too weak');
    expect(fn.output()).not.toContain('aaaaaaaaaaaaaaaa');
  }, 60_000);
});
