import { describe, expect, it } from 'vitest';
import type { Service } from '../../shared/schemas/service';
import type { TrashItem } from '../../shared/schemas/trash';
import { sweepUnusedMedia } from '../domain/uploads';
import { CONTENT_VERSION_KEY } from '../stores/content-version';
import { postService, signedInApp } from '../../../tests/support/server/content-app';
import { itAnswers401WithoutSession } from './admin-only.fixtures';

// /api/admin/trash and the DELETE endpoints that now move to it (docs/admin.md, "Trash and undo").

type Reply<T = unknown> = { success: boolean; message?: string; data: T; errors?: Record<string, string> };
const DAY = 86_400_000;

async function setup() {
  const { app, deps, media, publisher, authHeader } = await signedInApp();
  const call = async <T>(method: string, path: string, body?: BodyInit) => {
    const response = await app.request(`/api${path}`, {
      method,
      headers: authHeader,
      ...(body !== undefined ? { body } : {}),
    });
    return { status: response.status, body: (await response.json()) as Reply<T> };
  };
  const createService = (name = 'Akashic Records Reading') => postService(app, authHeader, { name });
  return { app, deps, media, publisher, call, createService };
}

describe('admin only', () => {
  itAnswers401WithoutSession([
    ['GET', '/api/admin/trash'],
    ['POST', '/api/admin/trash/aaaaaaaaaaaaaaaaaaaaaaaa/restore'],
    ['DELETE', '/api/admin/trash/aaaaaaaaaaaaaaaaaaaaaaaa'],
  ]);
});

describe('trash', () => {
  it('lists a deleted service with kind, name, dates and 30 days left, then restores it under its own id', async () => {
    const { call, createService, app, deps, publisher } = await setup();
    const service = await createService();
    expect((await call('DELETE', `/admin/services/${service._id}`)).status).toBe(200);
    expect((await app.request(`/api/services/${service._id}`)).status).toBe(404);

    const listed = await call<TrashItem[]>('GET', '/admin/trash');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        _id: service._id,
        kind: 'service',
        name: 'Akashic Records Reading',
        deletedAt: expect.any(String) as string,
        expiresAt: expect.any(String) as string,
        daysLeft: 30,
      },
    ]);
    const [item] = listed.body.data;
    expect(Date.parse(item?.expiresAt ?? '') - Date.parse(item?.deletedAt ?? '')).toBe(30 * DAY);

    const restored = await call<TrashItem>('POST', `/admin/trash/${service._id}/restore`);
    expect(restored).toMatchObject({ status: 200, body: { success: true, message: 'Restored from the trash' } });
    const publicReply = await app.request(`/api/services/${service._id}`);
    expect(publicReply.status).toBe(200);
    expect(((await publicReply.json()) as Reply<Service>).data).toMatchObject({ ...service, testimonials: [] });
    expect((await call<TrashItem[]>('GET', '/admin/trash')).body.data).toEqual([]);
    // Created, deleted, restored: three changes, so the site republishes each time.
    expect(await deps.stores.meta.get(CONTENT_VERSION_KEY)).toBe(3);
    expect(publisher.changes.map((c) => ('action' in c ? c.action : c.kind))).toEqual([
      'created',
      'deleted',
      'restored',
    ]);
  });

  it('takes banners and messages too, newest first, and a restored message is back in the inbox', async () => {
    const { call, app, deps } = await setup();
    const banner = await deps.stores.banners.create({
      title: 'Diwali offer',
      description: '',
      link: '/service',
      order: 0,
      isActive: true,
      mediaType: 'image',
      mediaUrl: '/media/none.jpg',
    });
    await app.request('/api/contact/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Asha',
        email: 'a@example.com',
        phone: '',
        subject: 'Other',
        message: 'Hello',
        consent: true,
      }),
    });
    const [message] = await deps.stores.contact.list();
    expect((await call('DELETE', `/banners/${banner._id}`)).status).toBe(200);
    expect((await call('DELETE', `/admin/messages/${message?._id ?? ''}`)).status).toBe(200);
    const listed = await call<TrashItem[]>('GET', '/admin/trash');
    expect(listed.body.data.map((i) => [i.kind, i.name])).toEqual([
      ['message', 'Asha: Other'],
      ['banner', 'Diwali offer'],
    ]);
    expect((await call('POST', `/admin/trash/${message?._id ?? ''}/restore`)).status).toBe(200);
    expect(await deps.stores.contact.get(message?._id ?? '')).toEqual(message);
    expect((await call('POST', `/admin/trash/${banner._id}/restore`)).status).toBe(200);
    expect(await deps.stores.banners.get(banner._id)).toEqual(banner);
  });

  it('deletes for good (then its image goes), and answers 404 for ids not in the trash', async () => {
    const { call, createService, media } = await setup();
    const service = await createService();
    await call('DELETE', `/admin/services/${service._id}`);
    const key = service.image.replace('/media/', '');
    expect(await media.stat(key)).not.toBeNull();
    const removed = await call<TrashItem>('DELETE', `/admin/trash/${service._id}`);
    expect(removed).toMatchObject({ status: 200, body: { success: true, message: 'Deleted for good' } });
    expect(await media.stat(key)).toBeNull();
    for (const id of [service._id, 'aaaaaaaaaaaaaaaaaaaaaaaa', 'not-an-id']) {
      expect((await call('DELETE', `/admin/trash/${id}`)).status, id).toBe(404);
      const restore = await call('POST', `/admin/trash/${id}/restore`);
      expect(restore).toMatchObject({ status: 404, body: { message: 'This item is no longer in the trash' } });
    }
  });

  it('purges entries past 30 days on the next listing, with their media', async () => {
    const { call, createService, media, deps } = await setup();
    const service = await createService();
    const key = service.image.replace('/media/', '');
    await deps.stores.trash.moveIn('service', service._id, new Date(Date.now() - 31 * DAY), new Date(Date.now() - DAY));
    expect((await call<TrashItem[]>('GET', '/admin/trash')).body.data).toEqual([]);
    expect(await deps.stores.trash.get(service._id)).toBeNull();
    expect(await media.stat(key)).toBeNull();
  });
});

describe('media sweep', () => {
  it('keeps media of trashed items, however long unreferenced by live records', async () => {
    const { call, createService, media, deps } = await setup();
    const service = await createService();
    await call('DELETE', `/admin/services/${service._id}`);
    const key = service.image.replace('/media/', '');
    const now = Date.now();
    expect(await sweepUnusedMedia(deps, new Date(now))).toEqual([]);
    expect(await sweepUnusedMedia(deps, new Date(now + 2 * DAY))).toEqual([]);
    expect(await media.stat(key)).not.toBeNull();
    // Deleted for good from the store directly (no media release): the next sweeps mark, then remove it.
    await deps.stores.trash.remove(service._id);
    expect(await sweepUnusedMedia(deps, new Date(now + 3 * DAY))).toEqual([]);
    expect(await sweepUnusedMedia(deps, new Date(now + 5 * DAY))).toEqual([key]);
  });
});
