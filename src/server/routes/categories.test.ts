import { describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../shared/constants';
import { CATEGORY_MESSAGES, type Category } from '../../shared/schemas/category';
import type { Service } from '../../shared/schemas/service';
import { file, fileBytes, formData, serviceFields } from '../../../tests/support/server/content';
import { postService, signedInApp, type Reply } from '../../../tests/support/server/content-app';

// /api/categories (public) and /api/admin/categories (the portal's Categories screen), through the real app.

type ListReply = Reply & { data?: Category[] };

async function setup() {
  const ctx = await signedInApp();
  const call = async (method: string, path: string, body?: unknown, auth = true) => {
    const response = await ctx.app.request(`/api/admin/categories${path}`, {
      method,
      headers: { ...(auth ? ctx.authHeader : {}), 'Content-Type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as ListReply };
  };
  const publicList = async () => ((await (await ctx.app.request('/api/categories')).json()) as ListReply).data;
  return { ...ctx, call, publicList };
}

const withReiki: Category[] = [
  { name: 'Reiki', hidden: false },
  ...SERVICE_CATEGORIES.map((name) => ({ name, hidden: name === 'Numerology' })),
];

describe('categories API', () => {
  it("answers the spec's categories in order before anything is saved", async () => {
    const { publicList } = await setup();
    expect((await publicList())?.map((c) => c.name)).toEqual([...SERVICE_CATEGORIES]);
  });

  it('saves an added category and order for the admin only, and bumps the content version', async () => {
    const { call, publicList, publisher } = await setup();
    expect((await call('PUT', '', { categories: withReiki }, false)).status).toBe(401);
    const saved = await call('PUT', '', { categories: withReiki });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(CATEGORY_MESSAGES.saved);
    expect(await publicList()).toEqual(withReiki);
    expect(publisher.changes.at(-1)).toMatchObject({ kind: 'category', action: 'updated' });
  });

  it('refuses an empty or duplicate name with a clear message', async () => {
    const { call } = await setup();
    const empty = await call('PUT', '', { categories: [{ name: '  ', hidden: false }] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(CATEGORY_MESSAGES.empty);
    const twice = await call('PUT', '', { categories: [{ name: 'Reiki' }, { name: 'reiki ' }] });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toContain(CATEGORY_MESSAGES.duplicate);
    const clash = await call('POST', '/rename', { from: 'Astrology', to: 'tarot reading' });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(CATEGORY_MESSAGES.duplicate);
  });

  it('accepts a service in a new category and refuses one not in the list', async () => {
    const { app, authHeader, call } = await setup();
    const refused = await app.request('/api/admin/services', {
      method: 'POST',
      headers: authHeader,
      body: formData(serviceFields({ category: 'Reiki' }), { image: file(fileBytes.jpeg(), 'a.jpg', 'image/jpeg') }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Reply).errors?.['category']).toBe(CATEGORY_MESSAGES.notOffered);
    await call('PUT', '', { categories: withReiki });
    const service = await postService(app, authHeader, { category: 'reiki' });
    expect(service.category).toBe('Reiki');
  });

  it('renames a category and carries its services along; refuses to delete one still in use, naming how many', async () => {
    const { app, authHeader, call } = await setup();
    await postService(app, authHeader, { category: 'Astrology' });
    await postService(app, authHeader, { category: 'Astrology' });
    const renamed = await call('POST', '/rename', { from: 'Astrology', to: 'Vedic Astrology' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.message).toBe(CATEGORY_MESSAGES.renamed);
    const list = (await (await app.request('/api/services')).json()) as { data: Service[] };
    expect(list.data.map((s) => s.category)).toEqual(['Vedic Astrology', 'Vedic Astrology']);
    const without = renamed.body.data!.filter((c) => c.name !== 'Vedic Astrology');
    const refused = await call('PUT', '', { categories: without });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      '2 services use "Vedic Astrology". Move them to another category before deleting this one.',
    );
    const unused = without.filter((c) => c.name !== 'Numerology');
    expect((await call('PUT', '', { categories: [...unused, { name: 'Vedic Astrology', hidden: true }] })).status).toBe(
      200,
    );
  });

  it('does not offer a hidden category to a new service, but a service already in it keeps it', async () => {
    const { app, authHeader, call, send } = await setupWithSend();
    const service = await postService(app, authHeader, { category: 'Numerology' });
    await call('PUT', '', { categories: withReiki });
    const refused = await app.request('/api/admin/services', {
      method: 'POST',
      headers: authHeader,
      body: formData(serviceFields({ category: 'Numerology' }), {
        image: file(fileBytes.jpeg(), 'a.jpg', 'image/jpeg'),
      }),
    });
    expect(refused.status).toBe(400);
    const kept = await send(service._id, { category: 'Numerology', name: 'Renamed' });
    expect(kept.status).toBe(200);
  });
});

async function setupWithSend() {
  const ctx = await setup();
  const send = (id: string, fields: Record<string, string>) =>
    ctx.app.request(`/api/admin/services/${id}`, {
      method: 'PUT',
      headers: ctx.authHeader,
      body: formData(serviceFields(fields)),
    });
  return { ...ctx, send };
}
