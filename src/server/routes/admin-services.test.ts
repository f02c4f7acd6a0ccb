import { describe, expect, it, vi } from 'vitest';
import type { Service } from '../../shared/schemas/service';
import { CONTENT_VERSION_KEY } from '../stores/content-version';
import { createEmbeddedStores } from '../stores/embedded';
import type { Stores } from '../stores/types';
import { file, fileBytes, formData, rawMultipart, serviceFields } from '../../../tests/support/server/content';
import { keyOf, setupServicesApp as setup, type Reply } from '../../../tests/support/server/content-app';
import { expectSaved } from './content-routes.fixtures';

/** The content change a service save records, the second change of a test's store (the first: its creation). */
const serviceChange = (action: string, title: string) => ({ kind: 'service', action, title, version: 2 });

// /api/admin/services: access, update, delete and broken bodies (docs/product-rules.md, "Calls"), through the real
// app. Creating a service: admin-services.create.test.ts.

describe('authentication', () => {
  it('answers 401 on every route without a valid token', async () => {
    const { app, create } = await setup();
    const service = await create();
    const routes: [string, string][] = [
      ['GET', ''],
      ['GET', `/${service._id}`],
      ['POST', ''],
      ['PUT', `/${service._id}`],
      ['DELETE', `/${service._id}`],
      ['GET', '/not-an-id'],
    ];
    for (const headers of [{}, { Authorization: 'Bearer not-a-real-token' }]) {
      for (const [method, path] of routes) {
        const init: RequestInit = { method, headers };
        if (method === 'POST' || method === 'PUT') init.body = formData(serviceFields());
        const response = await app.request(`/api/admin/services${path}`, init);
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(((await response.json()) as Reply).success).toBe(false);
      }
    }
    // Nothing was changed by the refused calls.
    expect((await app.request(`/api/services/${service._id}`)).status).toBe(200);
  });
});

describe('multipart abuse', () => {
  it('answers clear 4xx JSON for broken, oversized or odd bodies', async () => {
    const { send, mediaKeys, deps } = await setup();
    const valid = rawMultipart([
      ...Object.entries(serviceFields()).map(([name, value]) => ({ name, value })),
      { name: 'image', value: fileBytes.jpeg(), filename: 'a.jpg', type: 'image/jpeg' },
    ]);
    const thousand = rawMultipart(Array.from({ length: 1_000 }, (_, i) => ({ name: `field${i}`, value: 'x' })));
    const duplicate = rawMultipart([
      { name: 'name', value: 'One' },
      { name: 'name', value: 'Two' },
    ]);
    const fileAsText = rawMultipart([{ name: 'name', value: fileBytes.jpeg(), filename: 'a.jpg', type: 'image/jpeg' }]);
    const cases: [string, BodyInit, string, number, RegExp][] = [
      ['no boundary', valid.body, 'multipart/form-data', 400, /no boundary/],
      [
        'truncated body',
        valid.body.slice(0, valid.body.byteLength - 300),
        valid.contentType,
        400,
        /malformed or incomplete/,
      ],
      ['wrong boundary', valid.body, 'multipart/form-data; boundary=something-else', 400, /malformed or incomplete/],
      ['1,000 parts', thousand.body, thousand.contentType, 400, /too many parts/],
      ['a field sent twice', duplicate.body, duplicate.contentType, 400, /more than once/],
      ['a file in a text field', fileAsText.body, fileAsText.contentType, 400, /must be text/],
      ['JSON instead of a form', JSON.stringify(serviceFields()), 'application/json', 415, /multipart\/form-data/],
      ['no content type', 'name=x', '', 415, /multipart\/form-data/],
    ];
    for (const [label, body, contentType, status, message] of cases) {
      const response = await send('POST', '', body, contentType ? { 'Content-Type': contentType } : {});
      expect(response.status, label).toBe(status);
      expect(response.headers.get('content-type'), label).toMatch(/application\/json/);
      const reply = (await response.json()) as Reply;
      expect(reply.success, label).toBe(false);
      expect(reply.message, label).toMatch(message);
    }
    expect(mediaKeys()).toEqual([]);
    expect(await deps.stores.services.list({ activeOnly: false })).toEqual([]);
  });
});

describe('update', () => {
  it('replaces the fields, keeps the image when none is sent, clears an omitted offer, and keeps createdAt', async () => {
    const { send, create, publisher } = await setup();
    const service = await create();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fields = serviceFields({ name: 'Tarot Reading', category: 'Tarot Reading', price: '999' });
    delete fields['offerPrice'];
    const response = await send('PUT', `/${service._id}`, formData({ ...fields, image: service.image }));
    const updated = await expectSaved<Service>(response, 200, 'Service updated successfully!');
    expect(updated).toMatchObject({ _id: service._id, name: 'Tarot Reading', price: 999, image: service.image });
    expect(updated.offerPrice).toBeUndefined();
    expect(updated.createdAt).toBe(service.createdAt);
    expect(updated.updatedAt > service.updatedAt).toBe(true);
    expect(publisher.changes.at(-1)).toEqual(serviceChange('updated', 'Tarot Reading'));
  });

  it('deletes the old image only after the update succeeded', async () => {
    const { send, create, media } = await setup();
    const service = await create();
    const response = await send(
      'PUT',
      `/${service._id}`,
      formData(serviceFields(), { image: file(fileBytes.png(), 'new.png', 'image/png') }),
    );
    const updated = ((await response.json()) as { data: Service }).data;
    expect(updated.image).not.toBe(service.image);
    expect(await media.stat(keyOf(updated.image))).not.toBeNull();
    expect(await media.stat(keyOf(service.image))).toBeNull();
  });

  it('keeps an old image another service still uses (identical files share one key)', async () => {
    const { send, create, media, app, authHeader } = await setup();
    const bytes = fileBytes.jpeg();
    const first = await create(serviceFields(), file(bytes, 'a.jpg', 'image/jpeg'));
    const second = await create(serviceFields({ name: 'Second' }), file(bytes, 'b.jpg', 'image/jpeg'));
    expect(second.image).toBe(first.image);
    await send(
      'PUT',
      `/${first._id}`,
      formData(serviceFields(), { image: file(fileBytes.png(), 'n.png', 'image/png') }),
    );
    expect(await media.stat(keyOf(first.image))).not.toBeNull();
    await send('DELETE', `/${second._id}`);
    // In the trash the file is still the second service's; deleted for good, nothing uses it any more.
    expect(await media.stat(keyOf(first.image))).not.toBeNull();
    await app.request(`/api/admin/trash/${second._id}`, { method: 'DELETE', headers: authHeader });
    expect(await media.stat(keyOf(first.image))).toBeNull();
  });

  it('answers 404 for unknown and malformed ids, and 400 with nothing changed for invalid fields', async () => {
    const { send, create, mediaKeys } = await setup();
    const service = await create();
    for (const id of ['aaaaaaaaaaaaaaaaaaaaaaaa', 'not-an-id', '..%2F..%2Fetc', '%00']) {
      const response = await send('PUT', `/${id}`, formData(serviceFields()));
      expect(response.status, id).toBe(404);
      expect(await response.json()).toMatchObject({ success: false, message: 'Service not found' });
      expect((await send('GET', `/${id}`)).status, id).toBe(404);
    }
    const invalid = await send(
      'PUT',
      `/${service._id}`,
      formData(serviceFields({ shortDescription: 'x'.repeat(201) }), {
        image: file(fileBytes.png(), 'n.png', 'image/png'),
      }),
    );
    expect(invalid.status).toBe(400);
    const after = ((await (await send('GET', `/${service._id}`)).json()) as { data: Service }).data;
    expect(after).toEqual(service);
    expect(mediaKeys()).toEqual([keyOf(service.image)]);
  });
});

describe('failed saves', () => {
  function failingStores(method: 'create' | 'update'): Stores {
    const stores = createEmbeddedStores(':memory:');
    return {
      ...stores,
      services: {
        ...stores.services,
        [method]: async () => {
          throw new Error('disk full');
        },
      },
    };
  }

  it('a failed create leaves no orphan blob and no record', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { send, mediaKeys, deps, publisher } = await setup({ stores: failingStores('create') });
    const response = await send(
      'POST',
      '',
      formData(serviceFields(), { image: file(fileBytes.jpeg(), 'a.jpg', 'image/jpeg') }),
    );
    expect(response.status).toBe(500);
    expect(consoleError).toHaveBeenCalledOnce();
    expect(mediaKeys()).toEqual([]);
    expect(await deps.stores.services.list({ activeOnly: false })).toEqual([]);
    expect(publisher.changes).toEqual([]);
  });

  it('a failed update removes the new blob and leaves the record on its old, still stored image', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stores = failingStores('update');
    const { send, create, media, publisher } = await setup({ stores });
    const service = await create();
    const response = await send(
      'PUT',
      `/${service._id}`,
      formData(serviceFields(), { image: file(fileBytes.png(), 'new.png', 'image/png') }),
    );
    expect(response.status).toBe(500);
    expect(consoleError).toHaveBeenCalledOnce();
    const record = await stores.services.get(service._id);
    expect(record?.image).toBe(service.image);
    expect([...media.items.keys()]).toEqual([keyOf(service.image)]);
    expect(publisher.changes.map((c) => ('action' in c ? c.action : c.kind))).toEqual(['created']);
  });
});

describe('delete', () => {
  it('moves the record to the trash (its image kept until deleted for good) and records the change', async () => {
    const { send, create, media, app, deps, publisher } = await setup();
    const service = await create();
    const response = await send('DELETE', `/${service._id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Service deleted successfully' });
    expect((await send('GET', `/${service._id}`)).status).toBe(404);
    expect((await app.request(`/api/services/${service._id}`)).status).toBe(404);
    expect(await media.stat(keyOf(service.image))).not.toBeNull();
    expect(await deps.stores.trash.get(service._id)).toMatchObject({ kind: 'service', name: service.name });
    expect(await deps.stores.meta.get(CONTENT_VERSION_KEY)).toBe(2);
    expect(publisher.changes.at(-1)).toEqual(serviceChange('deleted', 'Akashic Records Reading'));
  });

  it('answers 404 for unknown and malformed ids without touching the content version', async () => {
    const { send, deps } = await setup();
    for (const id of ['aaaaaaaaaaaaaaaaaaaaaaaa', 'xyz', 'AAAAAAAAAAAAAAAAAAAAAAAA']) {
      const response = await send('DELETE', `/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ success: false, message: 'Service not found' });
    }
    expect(await deps.stores.meta.get(CONTENT_VERSION_KEY)).toBeNull();
  });
});
