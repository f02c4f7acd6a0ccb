// What a function instance does when MongoDB is unreachable, and that it recovers without a restart. The unreachable
// case needs only a loopback port nobody listens on; the recovery cases use the wire-protocol stand-in
// (tests/support/mongo-standin.ts), stopped and started under a running app, and are skipped without it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort, standinAvailable, startStandin, type Standin } from '../../../../tests/support/mongo-standin';
import { createApp } from '../../app';
import { createTestDeps } from '../../../../tests/support/server/admin-session';
import { StoreUnavailableError, type Stores } from '../types';
import { MONGO_CLIENT_OPTIONS } from './client';
import { createMongoStores } from './index';

const UNAVAILABLE = {
  success: false,
  message: 'The service is temporarily unavailable. Please try again shortly.',
};

function appOn(stores: Stores) {
  return createApp(createTestDeps({ stores }));
}

/** console.error, recorded instead of failing the test (tests/setup/fail-on-console-error.ts). */
function recordErrors() {
  const lines: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  return lines;
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('MongoDB stores when the server cannot be reached', () => {
  it('open without connecting, then answer each call with a logged 503 in about 5 s, never a hang', async () => {
    const errors = recordErrors();
    const uri = `mongodb://127.0.0.1:${await freePort()}/?directConnection=true`;
    const openedAt = Date.now();
    const stores = await createMongoStores(uri, 'unreachable');
    cleanup.push(() => stores.close());
    expect(Date.now() - openedAt).toBeLessThan(500);
    const app = appOn(stores);

    const started = Date.now();
    const [direct, response] = await Promise.all([
      stores.services.list({ activeOnly: true }).then(
        () => null,
        (error: unknown) => error,
      ),
      app.request('/api/services'),
    ]);
    const elapsed = Date.now() - started;

    expect(direct).toBeInstanceOf(StoreUnavailableError);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(UNAVAILABLE);
    expect(elapsed).toBeGreaterThanOrEqual(MONGO_CLIENT_OPTIONS.serverSelectionTimeoutMS - 500);
    expect(elapsed).toBeLessThan(MONGO_CLIENT_OPTIONS.serverSelectionTimeoutMS + 3_000);
    // The 503 is in the log with its cause (the driver's error), so an outage is visible in the function log.
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^\[api\] GET \/api\/services answered 503: StoreUnavailableError: .* <- MongoServerSelectionError: /,
    );

    // A failed connect is not kept: the next call tries the server again (and, still unreachable, fails the same way
    // after the same wait, not at once with "Topology is closed").
    const again = Date.now();
    await expect(stores.banners.list({ activeOnly: true })).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(Date.now() - again).toBeGreaterThanOrEqual(MONGO_CLIENT_OPTIONS.serverSelectionTimeoutMS - 500);
  }, 30_000);

  it('answer 503 when the mongodb+srv name cannot be looked up (DNS), and log the cause', async () => {
    const errors = recordErrors();
    // `.invalid` never resolves (RFC 2606), online or off.
    const stores = await createMongoStores('mongodb+srv://cluster0.example.invalid/', 'dns');
    cleanup.push(() => stores.close());
    const response = await appOn(stores).request('/api/banners');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual(UNAVAILABLE);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/answered 503: StoreUnavailableError: .* <- Error: querySrv E[A-Z]+ /);
  }, 30_000);
});

describe.skipIf(!standinAvailable())('MongoDB stores recover when the server comes back (stand-in)', () => {
  async function standinOn(port: number): Promise<Standin> {
    const standin = await startStandin(port);
    cleanup.push(() => standin.stop());
    return standin;
  }

  it('an instance that started during an outage serves requests once the database is back, without a restart', async () => {
    const errors = recordErrors();
    const port = await freePort();
    const stores = await createMongoStores(`mongodb://127.0.0.1:${port}/?directConnection=true`, 'recover_cold');
    cleanup.push(() => stores.close());
    const app = appOn(stores);

    // Cold start while the database is down: the first connect fails.
    const down = await app.request('/api/services');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual(UNAVAILABLE);

    // The database comes back; the same app (same stores, same module-scope client map) now answers.
    await standinOn(port);
    const up = await app.request('/api/services');
    expect(up.status).toBe(200);
    expect(await up.json()).toEqual({ success: true, data: [] });
    expect(errors).toHaveLength(1);
  }, 120_000);

  it('a running instance rides out an outage: 503 while the database is down, 200 again after', async () => {
    const errors = recordErrors();
    const port = await freePort();
    const standin = await standinOn(port);
    const stores = await createMongoStores(standin.uri, 'recover_warm');
    cleanup.push(() => stores.close());
    const app = appOn(stores);
    expect((await app.request('/api/banners')).status).toBe(200);

    await standin.stop();
    const down = await app.request('/api/banners');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual(UNAVAILABLE);

    await standin.start();
    // The driver's monitor finds the server again on its own heartbeat; allow a few seconds for that.
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await app.request('/api/banners')).status;
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(status).toBe(200);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors.every((line) => line.includes('answered 503: StoreUnavailableError'))).toBe(true);
  }, 120_000);
});
