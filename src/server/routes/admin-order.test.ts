import { describe, expect, it } from 'vitest';
import type { Banner } from '../../shared/schemas/banner';
import { CONTENT_VERSION_KEY } from '../stores/content-version';
import { bannerFields, file, fileBytes, formData, serviceFields } from '../../../tests/support/server/content';
import { postService, signedInApp } from '../../../tests/support/server/content-app';

// PUT /api/admin/services/order and PUT /api/admin/banners/order (docs/content-api.md, "Order"), on the real app.

type Reply = { success: boolean; message?: string; errors?: Record<string, string>; data?: unknown };

async function setup() {
  const { app, deps, publisher, authHeader } = await signedInApp();
  const json = (method: string, path: string, body: unknown, headers: Record<string, string> = authHeader) =>
    app.request(`/api${path}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const createService = (name: string, extra: Record<string, string> = {}) =>
    postService(app, authHeader, { name, ...extra });
  const createBanner = async (title: string, extra: Record<string, string> = {}) => {
    const fields = bannerFields({ title, ...extra });
    delete fields['order'];
    const response = await app.request('/api/banners', {
      method: 'POST',
      headers: authHeader,
      body: formData(fields, { media: file(fileBytes.jpeg(), 'a.jpg', 'image/jpeg') }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: Banner }).data;
  };
  const names = async (path: string, headers: Record<string, string> = {}) => {
    const body = (await (await app.request(`/api${path}`, { headers })).json()) as {
      data: { name?: string; title?: string }[];
    };
    return body.data.map((r) => r.name ?? r.title);
  };
  return { app, deps, publisher, authHeader, json, createService, createBanner, names };
}

describe.each(['/admin/services/order', '/admin/banners/order'])('PUT %s', (path) => {
  it('answers 401 without a valid token, and changes nothing', async () => {
    const { json, deps } = await setup();
    for (const headers of [{}, { Authorization: 'Bearer not-a-token' }]) {
      const response = await json('PUT', path, { ids: ['aaaaaaaaaaaaaaaaaaaaaaaa'] }, headers);
      expect(response.status).toBe(401);
      expect(((await response.json()) as Reply).success).toBe(false);
    }
    expect(await deps.stores.meta.get(CONTENT_VERSION_KEY)).toBeNull();
  });

  it.each([
    ['no ids', {}],
    ['an empty list', { ids: [] }],
    ['ids that are not a list', { ids: 'abc' }],
    ['a malformed id', { ids: ['not-an-id'] }],
    ['an id twice', { ids: ['aaaaaaaaaaaaaaaaaaaaaaaa', 'aaaaaaaaaaaaaaaaaaaaaaaa'] }],
    ['an unknown key', { ids: ['aaaaaaaaaaaaaaaaaaaaaaaa'], extra: 1 }],
  ])('answers 400 for %s', async (_label, body) => {
    const { json } = await setup();
    const response = await json('PUT', path, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as Reply).success).toBe(false);
  });

  it('answers 415 for a body that is not JSON', async () => {
    const { app, authHeader } = await setup();
    const response = await app.request(`/api${path}`, {
      method: 'PUT',
      headers: { ...authHeader, 'content-type': 'text/plain' },
      body: '{"ids":[]}',
    });
    expect(response.status).toBe(415);
  });
});

describe('service order', () => {
  it('puts new services first, then follows the saved order everywhere, inactive ones kept in place', async () => {
    const { json, createService, names, authHeader, publisher, deps } = await setup();
    const a = await createService('A');
    const b = await createService('B', { isActive: 'false' });
    const c = await createService('C', { isFeatured: 'true' });
    // New services start the order: newest first until the practitioner moves them.
    expect(await names('/admin/services', authHeader)).toEqual(['C', 'B', 'A']);

    const response = await json('PUT', '/admin/services/order', { ids: [a._id, b._id, c._id] });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Order saved' });

    expect(await names('/admin/services', authHeader)).toEqual(['A', 'B', 'C']);
    expect(await names('/services')).toEqual(['A', 'C']);
    expect(await names('/services?limit=1')).toEqual(['A']);
    expect(await names('/services?isFeatured=true')).toEqual(['C']);
    expect(await deps.stores.meta.get(CONTENT_VERSION_KEY)).toBe(4);
    expect(publisher.changes.at(-1)).toMatchObject({ kind: 'service', action: 'reordered', title: '3 services' });

    // A service created afterwards goes to the start; the others keep their order.
    await createService('D');
    expect(await names('/admin/services', authHeader)).toEqual(['D', 'A', 'B', 'C']);
  });

  it('keeps the order when a service is edited', async () => {
    const { app, json, createService, names, authHeader } = await setup();
    const a = await createService('A');
    const b = await createService('B');
    await json('PUT', '/admin/services/order', { ids: [a._id, b._id] });
    const edit = await app.request(`/api/admin/services/${a._id}`, {
      method: 'PUT',
      headers: authHeader,
      body: formData(serviceFields({ name: 'A edited', position: '99' })),
    });
    expect(edit.status).toBe(200);
    expect(await names('/admin/services', authHeader)).toEqual(['A edited', 'B']);
  });

  it('answers 409 when the list does not name exactly the stored services', async () => {
    const { json, createService, deps } = await setup();
    const a = await createService('A');
    const b = await createService('B');
    const before = await deps.stores.meta.get(CONTENT_VERSION_KEY);
    for (const ids of [[a._id], [a._id, b._id, 'aaaaaaaaaaaaaaaaaaaaaaaa'], [a._id, 'aaaaaaaaaaaaaaaaaaaaaaaa']]) {
      const response = await json('PUT', '/admin/services/order', { ids });
      expect(response.status).toBe(409);
      expect(((await response.json()) as Reply).message).toMatch(/Reload the page/);
    }
    expect(await deps.stores.meta.get(CONTENT_VERSION_KEY)).toBe(before);
  });
});

describe('banner order', () => {
  it('sets order numbers without ties; new banners go to the end; an edit without order keeps the place', async () => {
    const { app, json, createBanner, names, authHeader } = await setup();
    const x = await createBanner('X');
    const y = await createBanner('Y');
    const z = await createBanner('Z', { isActive: 'false' });
    expect([x.order, y.order, z.order]).toEqual([0, 1, 2]);

    const response = await json('PUT', '/admin/banners/order', { ids: [z._id, y._id, x._id] });
    expect(response.status).toBe(200);
    expect(await names('/banners', authHeader)).toEqual(['Z', 'Y', 'X']);
    expect(await names('/banners')).toEqual(['Y', 'X']);

    const fields = bannerFields({ title: 'Y edited' });
    delete fields['order'];
    const edit = await app.request(`/api/banners/${y._id}`, {
      method: 'PUT',
      headers: authHeader,
      body: formData(fields),
    });
    expect(edit.status).toBe(200);
    expect(((await edit.json()) as { data: Banner }).data.order).toBe(1);
    expect(await names('/banners', authHeader)).toEqual(['Z', 'Y edited', 'X']);
  });
});
