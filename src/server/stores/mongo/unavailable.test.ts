// No MongoDB server can run on these machines, but an unreachable one can: a loopback port nobody listens on.
// This checks the serverless settings that matter most: nothing connects at start-up, and an unreachable database
// surfaces within about 5 s as StoreUnavailableError, which the app answers with a JSON 503.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { parseEnv } from '../../env';
import { createMailer } from '../../mail/mailer';
import { createMemoryMediaStore } from '../../media/memory';
import { silentPublisher } from '../../publish/types';
import { StoreUnavailableError } from '../types';
import { MONGO_CLIENT_OPTIONS } from './client';
import { createMongoStores } from './index';

async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

describe('MongoDB stores when the server cannot be reached', () => {
  it('open without connecting, then fail each call with StoreUnavailableError in about 5 s (503 from the app)', async () => {
    const uri = `mongodb://127.0.0.1:${await closedPort()}/?directConnection=true`;
    const openedAt = Date.now();
    const stores = await createMongoStores(uri, 'unreachable');
    expect(Date.now() - openedAt).toBeLessThan(500);

    const env = parseEnv({ JWT_SECRET: 'test-secret-that-is-long-enough-0123456789', DATA_DIR: '/tmp/sg-unreachable' });
    const app = createApp({
      env,
      stores,
      media: createMemoryMediaStore(),
      mailer: createMailer(env),
      publisher: silentPublisher,
    });

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
    expect(await response.json()).toEqual({
      success: false,
      message: 'The service is temporarily unavailable. Please try again shortly.',
    });
    expect(elapsed).toBeGreaterThanOrEqual(MONGO_CLIENT_OPTIONS.serverSelectionTimeoutMS - 500);
    expect(elapsed).toBeLessThan(MONGO_CLIENT_OPTIONS.serverSelectionTimeoutMS + 3_000);

    // A failed first attempt is not cached: the next call tries the server again (and fails the same way).
    await expect(stores.banners.list({ activeOnly: true })).rejects.toBeInstanceOf(StoreUnavailableError);
    await stores.close();
  }, 30_000);
});
