// Public reads of product rules (docs/product-rules.md, "Calls") through the real app: GET /api/services, /api/services/{id}, /api/banners.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BannerSchema } from '../../shared/schemas/banner';
import { ServiceSchema } from '../../shared/schemas/service';
import { createApp } from '../app';
import { createTestDeps } from '../../../tests/support/server/admin-session';
import { sampleBanner, sampleService } from '../../../tests/support/server/samples';
import { createEmbeddedStores } from '../stores/embedded';
import type { Stores } from '../stores/types';

const ListReply = z.strictObject({ success: z.literal(true), data: z.array(ServiceSchema) });
const DetailReply = z.strictObject({ success: z.literal(true), data: ServiceSchema });
const BannersReply = z.strictObject({ success: z.literal(true), data: z.array(BannerSchema) });
const ErrorReply = z.looseObject({ success: z.literal(false), message: z.string().min(1) });

let app: ReturnType<typeof createApp>;
let stores: Stores;
/** Service names by role, created oldest first. */
let ids: Record<'old' | 'hidden' | 'featured' | 'newest' | 'hiddenFeatured', string>;

beforeEach(async () => {
  const deps = createTestDeps();
  stores = deps.stores;
  app = createApp(deps);
  const create = async (name: string, overrides: Parameters<typeof sampleService>[1] = {}) =>
    (await stores.services.create(sampleService(0, { name, ...overrides })))._id;
  ids = {
    old: await create('Old'),
    hidden: await create('Hidden', { isActive: false }),
    featured: await create('Featured', { isFeatured: true }),
    hiddenFeatured: await create('Hidden featured', { isActive: false, isFeatured: true }),
    newest: await create('Newest'),
  };
});

async function getJson(path: string) {
  const response = await app.request(path);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('GET /api/services', () => {
  it('never serves a cached list after a write, from this connection or another process', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sg-list-cache-'));
    const file = path.join(dir, 'content.db');
    const server = createTestDeps({ stores: createEmbeddedStores(file) });
    const other = createEmbeddedStores(file); // stands in for the build or a second function instance
    const local = createApp(server);
    const names = async () =>
      ListReply.parse(await (await local.request('/api/services')).json()).data.map((s) => s.name);
    try {
      expect(await names()).toEqual([]);
      await server.stores.services.create(sampleService(0, { name: 'From this process' }));
      expect(await names()).toEqual(['From this process']);
      await other.services.create(sampleService(0, { name: 'From another process' }));
      expect(await names()).toEqual(['From another process', 'From this process']);
      expect(await names()).toEqual(['From another process', 'From this process']);
    } finally {
      await other.close();
      await server.stores.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['', ['Newest', 'Featured', 'Old']],
    ['?limit=2', ['Newest', 'Featured']],
    ['?limit=20', ['Newest', 'Featured', 'Old']],
    ['?isFeatured=true', ['Featured']],
    ['?limit=6&isFeatured=true', ['Featured']],
    ['?isFeatured=false', ['Newest', 'Old']],
    ['?isFeatured=false&limit=1', ['Newest']],
  ])('%s answers active services, newest first: %j', async (query, names) => {
    const { status, body } = await getJson(`/api/services${query}`);
    expect(status).toBe(200);
    const reply = ListReply.parse(body);
    expect(reply.data.map((s) => s.name)).toEqual(names);
  });

  it('answers an empty list when there are no services', async () => {
    for (const id of Object.values(ids)) await stores.services.delete(id);
    expect(await getJson('/api/services')).toEqual({ status: 200, body: { success: true, data: [] } });
  });

  it.each(['?limit=0', '?limit=-3', '?limit=abc', '?limit=1.5', '?limit=1000', '?isFeatured=yes'])(
    'refuses the query %s with a JSON 400',
    async (query) => {
      const { status, body } = await getJson(`/api/services${query}`);
      expect(status).toBe(400);
      ErrorReply.parse(body);
    },
  );
});

describe('GET /api/services/{id}', () => {
  it('answers one active service in the envelope', async () => {
    const { status, body } = await getJson(`/api/services/${ids.featured}`);
    expect(status).toBe(200);
    const reply = DetailReply.parse(body);
    expect(reply.data).toEqual(await stores.services.get(ids.featured));
  });

  it.each([
    ['an inactive service', () => ids.hidden],
    ['an inactive featured service', () => ids.hiddenFeatured],
    ['an unknown id', () => 'aaaaaaaaaaaaaaaaaaaaaaaa'],
    ['a malformed id', () => 'not-an-id'],
    ['an upper-case id', () => ids.old.toUpperCase()],
    ['an id with a suffix', () => `${ids.old}0`],
  ])('answers 404 JSON for %s', async (_label, id) => {
    const { status, body } = await getJson(`/api/services/${id()}`);
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, message: 'Service not found' });
  });
});

describe('GET /api/banners', () => {
  it('answers active banners by order, then oldest first, with link and linkUrl', async () => {
    await stores.banners.create(sampleBanner(1, { title: 'Second', order: 2 }));
    await stores.banners.create(sampleBanner(2, { title: 'Hidden', order: 0, isActive: false }));
    await stores.banners.create(sampleBanner(3, { title: 'First', order: 0, link: '/service' }));
    await stores.banners.create(sampleBanner(4, { title: 'Also second', order: 2 }));
    const { status, body } = await getJson('/api/banners');
    expect(status).toBe(200);
    const reply = BannersReply.parse(body);
    expect(reply.data.map((b) => b.title)).toEqual(['First', 'Second', 'Also second']);
    expect(reply.data[0]).toMatchObject({ link: '/service', linkUrl: '/service' });
  });

  it('answers an empty list when there are no banners', async () => {
    expect(await getJson('/api/banners')).toEqual({ status: 200, body: { success: true, data: [] } });
  });
});

describe('unknown /api paths', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api'],
    ['GET', '/api/services/0123456789abcdef01234567/reviews'],
    ['DELETE', '/api/whatever/1'],
  ])('%s %s answers a JSON 404', async (method, path) => {
    const response = await app.request(path, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = ErrorReply.parse(await response.json());
    expect(body.success).toBe(false);
  });
});
