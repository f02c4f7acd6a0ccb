// Deploy Previews never touch the live site (docs/decisions/015-previews-isolated.md): the API function bundled as
// Netlify bundles it, handed a 'deploy-preview' context the way Netlify hands it (context.deploy.context), with the
// production database and the production build hook configured. It must refuse without PREVIEW_MONGODB_URI, and with
// it write only to the preview database and never call the hook.
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunction, startBundledFunction, type FunctionBundle } from '../support/function-bundle';
import { NETLIFY_FUNCTION_ENV } from '../support/netlify-env';
import { freePort, standinAvailable, startStandin, type Standin } from '../support/mongo-standin';
import { startFakeNetlify, type FakeNetlify } from '../support/server/fake-netlify';

const SECRET = 'preview-secret-that-is-long-enough-0123456789';
const SETUP_CODE = randomBytes(24).toString('hex');
const PRODUCTION_DB = 'live_site';

describe.skipIf(!standinAvailable())('the bundled function in a Deploy Preview', () => {
  let bundle: FunctionBundle;
  let standin: Standin;
  let netlify: FakeNetlify;
  let client: MongoClient;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    bundle = await bundleFunction();
    bundle.freeze();
    standin = await startStandin(await freePort());
    netlify = await startFakeNetlify();
    client = new MongoClient(standin.uri);
    await client.connect();
  }, 300_000);
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    await client?.close();
    await netlify?.close();
    await standin?.stop();
    bundle?.remove();
  });

  const productionEnv = () => ({
    ...NETLIFY_FUNCTION_ENV,
    JWT_SECRET: SECRET,
    SMTP_URL: 'smtp://127.0.0.1:9',
    MONGODB_URI: standin.uri,
    MONGODB_DB: PRODUCTION_DB,
    NETLIFY_BUILD_HOOK_URL: netlify.hookUrl,
    SITE_URL: netlify.siteUrl,
    PUBLISH_QUIET_SECONDS: '0',
    ADMIN_SETUP_CODE: SETUP_CODE,
  });

  it('answers 503 naming PREVIEW_MONGODB_URI when it is not set, and never opens the production database', async () => {
    const fn = await startBundledFunction(bundle, productionEnv(), 'deploy-preview');
    stops.push(() => fn.stop());
    const response = await fetch(`${fn.url}/api/services`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { message: string };
    expect(body.message).toContain('Deploy Previews and branch deploys need PREVIEW_MONGODB_URI');
    expect(body.message).not.toContain(standin.uri);
    expect(fn.output()).toContain('[config] Deploy Previews and branch deploys need PREVIEW_MONGODB_URI');
    expect(await client.db(PRODUCTION_DB).listCollections().toArray()).toEqual([]);
  }, 60_000);

  it('with PREVIEW_MONGODB_URI, writes only to the preview database and never calls the build hook', async () => {
    // Even pointed at the production cluster, the preview keeps to a database of its own.
    const fn = await startBundledFunction(
      bundle,
      { ...productionEnv(), PREVIEW_MONGODB_URI: standin.uri },
      'deploy-preview',
    );
    stops.push(() => fn.stop());
    const init = await fetch(`${fn.url}/api/admin/auth/init`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: 'priya',
        email: 'priya@example.com',
        password: 'sacred-lotus-7',
        setupCode: SETUP_CODE,
      }),
    });
    const created = (await init.json()) as { token?: string; message?: string };
    expect(init.status, JSON.stringify(created)).toBe(201);
    const auth = { Authorization: `Bearer ${String(created.token)}` };

    // A content change and 'Publish now': in production both reach the build hook (PUBLISH_QUIET_SECONDS=0).
    const category = await fetch(`${fn.url}/api/admin/categories`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ categories: [{ name: 'Preview only' }] }),
    });
    expect(category.status, await category.clone().text()).toBeLessThan(300);
    const publish = await fetch(`${fn.url}/api/admin/publish`, { method: 'POST', headers: auth });
    expect(publish.status).toBe(202);
    const status = (await publish.json()) as { data: { mode: string } };
    expect(status.data.mode).toBe('none');

    expect(netlify.calls).toEqual([]);
    expect(await client.db(PRODUCTION_DB).listCollections().toArray()).toEqual([]);
    expect(await client.db(`${PRODUCTION_DB}_preview`).collection('admins').countDocuments()).toBe(1);
  }, 120_000);
});
