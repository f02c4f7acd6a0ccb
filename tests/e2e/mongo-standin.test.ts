// The MongoDB path end to end: `npm start`'s server with MONGODB_URI pointing at the wire-protocol stand-in. It
// migrates the indexes at start, seeds, builds from the database, and a service created, edited and deleted through
// the API shows up on (and leaves) the rebuilt static site. Skipped, with one line from tests/setup, without the
// stand-in.
import { MongoClient } from 'mongodb';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../support/server/admin-session';
import { standinAvailable, startStandin, type Standin } from '../support/mongo-standin';
import { startServer, type RunningServer } from './support/server';
import { serviceFormData } from '../support/factories';

const DB = 'sg_e2e_standin';

describe.skipIf(!standinAvailable())('npm start on MongoDB (stand-in)', () => {
  let standin: Standin;
  let server: RunningServer;
  let mongo: MongoClient;
  let auth: { Authorization: string };
  let image: Buffer;

  beforeAll(async () => {
    standin = await startStandin();
    server = await startServer({ env: { MONGODB_URI: standin.uri, MONGODB_DB: DB } });
    mongo = new MongoClient(standin.uri);
    await mongo.connect();
    const app = { request: (route: string, init?: RequestInit) => fetch(`${server.url}${route}`, init) };
    auth = (await createAdminSession(app, { username: 'keeper', password: 'a-keeper-password' })).authHeader;
    image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#6b4e9b' } })
      .png()
      .toBuffer();
  }, 300_000);

  afterAll(async () => {
    await mongo?.close();
    await server?.stop();
    await standin?.stop();
  });

  /** Polls the static page until `check` holds; asks for an immediate publish first, as "Publish now" does. */
  async function waitForPage(pathname: string, check: (status: number, html: string) => boolean): Promise<string> {
    await fetch(`${server.url}/api/admin/publish`, { method: 'POST', headers: auth });
    const deadline = Date.now() + 240_000;
    for (;;) {
      const response = await fetch(`${server.url}${pathname}`);
      const html = await response.text();
      if (check(response.status, html)) return html;
      if (Date.now() > deadline)
        throw new Error(`${pathname} never matched (last ${response.status}):\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  it('migrated the indexes at start and built the seeded site from the database', async () => {
    const names = (await mongo.db(DB).collection('admins').indexes()).map((index) => index.name);
    expect(names).toEqual(expect.arrayContaining(['username_unique', 'email_unique', 'first_admin_unique']));
    const serviceIndexes = (await mongo.db(DB).collection('services').indexes()).map((index) => index.name);
    expect(serviceIndexes).toEqual(expect.arrayContaining(['slug_unique', 'previous_slugs']));
    const seeded = await mongo.db(DB).collection('services').countDocuments({ isActive: true });
    expect(seeded).toBeGreaterThan(0);
    const list = (await (await fetch(`${server.url}/api/services`)).json()) as { data: unknown[] };
    expect(list.data).toHaveLength(seeded);
    expect(server.output()).toContain('(not used: MONGODB_URI is set)');
  });

  it('a service created, edited and deleted through the API appears on, changes on, and leaves the rebuilt site', async () => {
    const created = await fetch(`${server.url}/api/admin/services`, {
      method: 'POST',
      headers: auth,
      body: serviceFormData('Moonlit Akashic Session', image),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { data: { _id: string } }).data._id;
    // Stored in MongoDB (the stand-in), not in the embedded file.
    expect(await mongo.db(DB).collection('services').countDocuments({ name: 'Moonlit Akashic Session' })).toBe(1);
    await waitForPage(`/service/${id}`, (status, html) => status === 200 && html.includes('Moonlit Akashic Session'));
    // Its page lives at the slug its name made; the id address redirects there (docs/content-api.md, "Addresses").
    const moved = await fetch(`${server.url}/service/${id}`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/service/moonlit-akashic-session']);

    const edited = await fetch(`${server.url}/api/admin/services/${id}`, {
      method: 'PUT',
      headers: auth,
      body: serviceFormData('Sunrise Akashic Session', image),
    });
    expect(edited.status).toBe(200);
    const html = await waitForPage(
      `/service/${id}`,
      (status, page) => status === 200 && page.includes('Sunrise Akashic Session'),
    );
    expect(html).not.toContain('Moonlit Akashic Session');

    const deleted = await fetch(`${server.url}/api/admin/services/${id}`, { method: 'DELETE', headers: auth });
    expect(deleted.status).toBe(200);
    expect(await mongo.db(DB).collection('services').countDocuments({ name: 'Sunrise Akashic Session' })).toBe(0);
    await waitForPage('/service', (status, page) => status === 200 && !page.includes('Sunrise Akashic Session'));
    await waitForPage(`/service/${id}`, (status, page) => status === 404 && !page.includes('Sunrise Akashic Session'));
  }, 600_000);
});
