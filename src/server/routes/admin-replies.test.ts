import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SiteSettingsSchema } from '../../shared/schemas/site-settings';
import { TestimonialRecordSchema } from '../../shared/schemas/testimonial';
import { TrashItemSchema } from '../../shared/schemas/trash';
import * as replies from '../../shared/schemas/replies';
import { DEFAULT_ADMIN, ownerDeviceCookie } from '../../../tests/support/server/admin-session';
import { fileBytes, formData, serviceFields } from '../../../tests/support/server/content';
import { postService, signedInApp } from '../../../tests/support/server/content-app';

// The admin checks every reply against a shared schema (src/shared/schemas/replies.ts; decision 005).
// Here each route's real reply, through the real app, is held to the very schema the admin's call uses, so a route
// that changes its reply fails here before it fails in the portal.

async function setup() {
  const ctx = await signedInApp();
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const init: RequestInit = { method, headers: { ...ctx.authHeader, ...headers } };
    if (body instanceof FormData || body instanceof Uint8Array) init.body = body as BodyInit;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...ctx.authHeader, 'Content-Type': 'application/json', ...headers };
    }
    const response = await ctx.app.request(`/api${path}`, init);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  return { ...ctx, call };
}

/** Parses a reply with the admin's schema; a mismatch names the call and the first problem. */
function expectReply<S extends z.ZodType>(schema: S, reply: { status: number; body: unknown }, call: string) {
  expect(reply.status, `${call}: ${JSON.stringify(reply.body)}`).toBeLessThan(300);
  const parsed = schema.safeParse(reply.body);
  expect(
    parsed.success,
    `${call}: ${parsed.error?.issues[0]?.message ?? ''} at ${JSON.stringify(parsed.error?.issues[0]?.path)}`,
  ).toBe(true);
  return parsed.data as z.output<S>;
}

describe('the admin reply schemas match what the routes answer', () => {
  it('sign-in, status, verify and profile', async () => {
    const { app, call } = await setup();
    expectReply(replies.AdminStatusReplySchema, await call('GET', '/admin/auth/status'), 'GET /admin/auth/status');
    const login = await call(
      'POST',
      '/admin/auth/login',
      { username: DEFAULT_ADMIN.username, password: DEFAULT_ADMIN.password },
      { Cookie: ownerDeviceCookie(app) },
    );
    expect(expectReply(replies.TokenReplySchema, login, 'POST /admin/auth/login').token).toEqual(expect.any(String));
    expectReply(replies.OkReplySchema, await call('GET', '/admin/auth/verify'), 'GET /admin/auth/verify');
    const profile = expectReply(
      replies.AdminProfileReplySchema,
      await call('GET', '/admin/auth/profile'),
      'GET profile',
    );
    expect(profile.data.username).toBe(DEFAULT_ADMIN.username);
  });

  it('services: list, one as stored, save', async () => {
    const { app, authHeader, call } = await setup();
    const created = await postService(app, authHeader);
    const list = expectReply(
      replies.ServiceListReplySchema,
      await call('GET', '/admin/services'),
      'GET /admin/services',
    );
    expect(list.data.map((s) => s._id)).toContain(created._id);
    const one = expectReply(
      replies.StoredServiceReplySchema,
      await call('GET', `/admin/services/${created._id}`),
      'GET one',
    );
    expect(one.data.name).toBe(created.name);
    const saved = await call('PUT', `/admin/services/${created._id}`, formData(serviceFields({ name: 'Renamed' })));
    expectReply(replies.OkReplySchema, saved, 'PUT /admin/services/:id');
  });

  it('banners, categories and site settings', async () => {
    const { call } = await setup();
    expectReply(replies.BannerListReplySchema, await call('GET', '/banners'), 'GET /banners');
    const categories = expectReply(
      replies.CategoryListReplySchema,
      await call('GET', '/admin/categories'),
      'GET categories',
    );
    const saved = await call('PUT', '/admin/categories', { categories: categories.data });
    expectReply(replies.CategoryListReplySchema, saved, 'PUT /admin/categories');

    const SettingsReply = replies.apiSuccess(SiteSettingsSchema);
    const settings = expectReply(SettingsReply, await call('GET', '/admin/site-settings'), 'GET site-settings');
    const { updatedAt, ...input } = settings.data;
    const put = await call('PUT', '/admin/site-settings', { ...input, updatedAt });
    expectReply(SettingsReply, put, 'PUT /admin/site-settings');
  });

  it('the chunked upload: start, chunk, commit', async () => {
    const { call } = await setup();
    const bytes = fileBytes.jpeg();
    const started = expectReply(
      replies.UploadSessionReplySchema,
      await call('POST', '/admin/uploads', { size: bytes.byteLength, contentType: 'image/jpeg', purpose: 'service' }),
      'POST /admin/uploads',
    );
    const id = started.data.uploadId;
    const chunk = await call('PUT', `/admin/uploads/${id}/chunks/0`, bytes, {
      'Content-Type': 'application/octet-stream',
    });
    expectReply(replies.UploadChunkReplySchema, chunk, 'PUT chunk');
    const committed = expectReply(
      replies.CommittedMediaReplySchema,
      await call('POST', `/admin/uploads/${id}/commit`),
      'commit',
    );
    expect(committed.data.mediaUrl).toMatch(/^\/media\//);
  });

  it('testimonials and the trash', async () => {
    const { app, authHeader, call } = await setup();
    const added = await call('POST', '/admin/testimonials', {
      name: 'Meera',
      text: 'Calm and clear.',
      date: '2026-11-01',
      rating: '5',
      serviceId: '',
      isVisible: true,
      featuredOnHome: false,
    });
    const record = expectReply(replies.apiSuccess(TestimonialRecordSchema), added, 'POST /admin/testimonials');
    const list = await call('GET', '/admin/testimonials');
    expectReply(replies.apiSuccess(z.array(TestimonialRecordSchema)), list, 'GET /admin/testimonials');
    expectReply(
      replies.OkReplySchema,
      await call('DELETE', `/admin/testimonials/${record.data._id}`),
      'DELETE testimonial',
    );

    const service = await postService(app, authHeader);
    expectReply(
      replies.OkReplySchema,
      await call('DELETE', `/admin/services/${service._id}`),
      'DELETE /admin/services/:id',
    );
    const trash = expectReply(
      replies.apiSuccess(z.array(TrashItemSchema)),
      await call('GET', '/admin/trash'),
      'GET trash',
    );
    expect(trash.data).toHaveLength(1);
  });
});
