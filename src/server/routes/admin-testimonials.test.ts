import { describe, expect, it } from 'vitest';
import type { Service } from '../../shared/schemas/service';
import type { TestimonialRecord } from '../../shared/schemas/testimonial';
import { createApp } from '../app';
import { readSiteContent } from '../content/site-content';
import { CONTENT_VERSION_KEY } from '../stores/content-version';
import { createTestDeps } from '../../../tests/support/server/admin-session';
import { postService, signedInApp } from '../../../tests/support/server/content-app';

// /api/admin/testimonials, and the service fields derived from it (docs/content-api.md, "Testimonials").

type Reply<T = unknown> = { success: boolean; message?: string; data: T; errors?: Record<string, string> };

const MISSING_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

async function setup() {
  const { app, deps, publisher, authHeader } = await signedInApp();
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const response = await app.request(`/api${path}`, {
      method,
      headers: { ...authHeader, 'Content-Type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Reply<T> };
  };
  const service = await postService(app, authHeader);
  const add = async (fields: Record<string, unknown> = {}) => {
    const reply = await call<TestimonialRecord>('POST', '/admin/testimonials', {
      name: 'Meera',
      text: 'A calm and kind reading.',
      rating: 5,
      serviceId: service._id,
      date: '2026-10-01',
      ...fields,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body.data;
  };
  return { app, deps, publisher, call, service, add };
}

describe('admin only', () => {
  it.each([
    ['GET', '/api/admin/testimonials'],
    ['POST', '/api/admin/testimonials'],
    ['PUT', `/api/admin/testimonials/${MISSING_ID}`],
    ['POST', `/api/admin/testimonials/${MISSING_ID}/move`],
    ['DELETE', `/api/admin/testimonials/${MISSING_ID}`],
  ])('%s %s answers 401 without a session', async (method, path) => {
    const app = createApp(createTestDeps());
    const body = method === 'GET' ? {} : { headers: { 'Content-Type': 'application/json' }, body: '{}' };
    const response = await app.request(path, { method, ...body });
    expect(response.status).toBe(401);
  });
});

describe('validation', () => {
  it.each([
    ['name', { name: '' }, 'Name or initials are required'],
    ['name', { name: 'x'.repeat(61) }, 'Name or initials must be at most 60 characters'],
    ['text', { text: '  ' }, 'Testimonial text is required'],
    ['rating', { rating: 6 }, 'Rating must be a whole number from 1 to 5'],
    ['rating', { rating: 2.5 }, 'Rating must be a whole number from 1 to 5'],
    ['serviceId', { serviceId: 'nope' }, 'Invalid id'],
    ['serviceId', { serviceId: MISSING_ID }, 'That service no longer exists. Please choose another or none.'],
    ['date', { date: '' }, 'Date is required'],
    ['date', { date: '2026-13-45' }, 'Date must be a valid date'],
  ])('refuses a bad %s with 400 naming the field', async (field, fields, message) => {
    const { call } = await setup();
    const reply = await call('POST', '/admin/testimonials', {
      name: 'Meera',
      text: 'Kind.',
      date: '2026-10-01',
      ...fields,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors?.[field]).toBe(message);
    expect((await call<TestimonialRecord[]>('GET', '/admin/testimonials')).body.data).toEqual([]);
  });

  it('features at most 3 on the home page', async () => {
    const { add, call } = await setup();
    for (let i = 0; i < 3; i += 1) await add({ featuredOnHome: true });
    const reply = await call('POST', '/admin/testimonials', {
      name: 'R.',
      text: 'Kind.',
      date: '2026-10-01',
      featuredOnHome: true,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors?.['featuredOnHome']).toMatch(/At most 3 testimonials/);
  });
});

describe('testimonials', () => {
  it('adds, edits, hides, and derives the service rating and count from the visible ones', async () => {
    const { add, call, app, service, deps, publisher } = await setup();
    const first = await add({ rating: 5 });
    const second = await add({ name: 'R. K.', rating: 4 });
    await add({ name: 'No rating', rating: '' });
    const rated = async () =>
      ((await (await app.request(`/api/services/${service._id}`)).json()) as Reply<Service>).data;
    expect(await rated()).toMatchObject({ averageRating: 4.5 });
    expect((await rated()).testimonials).toHaveLength(3);

    const edited = await call<TestimonialRecord>('PUT', `/admin/testimonials/${second._id}`, {
      name: 'R. K.',
      text: 'Edited.',
      date: '2026-10-02',
      serviceId: service._id,
      isVisible: false,
    });
    expect(edited).toMatchObject({ status: 200, body: { message: 'Testimonial updated' } });
    expect(edited.body.data).not.toHaveProperty('rating');
    expect(await rated()).toMatchObject({ averageRating: 5 });
    expect((await rated()).testimonials.map((t) => t.name)).toEqual(['Meera', 'No rating']);
    const adminList = await call<Service[]>('GET', '/admin/services');
    expect(adminList.body.data[0]).toMatchObject({ averageRating: 5 });
    expect(adminList.body.data[0]?.testimonials).toHaveLength(2);

    expect((await call('DELETE', `/admin/testimonials/${first._id}`)).status).toBe(200);
    expect(await rated()).toMatchObject({ averageRating: 0 });
    // Service created, three added, one edited, one deleted: each recorded so the site republishes.
    expect(await deps.stores.meta.get(CONTENT_VERSION_KEY)).toBe(6);
    expect(publisher.changes.at(-1)).toMatchObject({ kind: 'testimonial', action: 'deleted', title: 'Meera' });
  });

  it('keeps a service that was trashed since on an edit, so the testimonial can still be hidden', async () => {
    const { add, call, service } = await setup();
    const t = await add();
    expect((await call('DELETE', `/admin/services/${service._id}`)).status).toBe(200);
    const hidden = await call<TestimonialRecord>('PUT', `/admin/testimonials/${t._id}`, {
      name: t.name,
      text: t.text,
      date: t.date,
      serviceId: service._id,
      isVisible: false,
    });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ serviceId: service._id, isVisible: false });
    // Choosing a missing service anew is still refused.
    const other = await add({ serviceId: undefined });
    const moved = await call('PUT', `/admin/testimonials/${other._id}`, { ...hidden.body.data, _id: undefined });
    expect(moved.status).toBe(400);
    expect(moved.body.errors?.['serviceId']).toBe('That service no longer exists. Please choose another or none.');
  });

  it('moves one place up or down, and stays put at either end', async () => {
    const { add, call } = await setup();
    const a = await add({ name: 'A' });
    await add({ name: 'B' });
    const c = await add({ name: 'C' });
    const names = async () =>
      (await call<TestimonialRecord[]>('GET', '/admin/testimonials')).body.data.map((t) => t.name);
    expect((await call('POST', `/admin/testimonials/${c._id}/move`, { direction: 'up' })).status).toBe(200);
    expect(await names()).toEqual(['A', 'C', 'B']);
    await call('POST', `/admin/testimonials/${a._id}/move`, { direction: 'down' });
    expect(await names()).toEqual(['C', 'A', 'B']);
    await call('POST', `/admin/testimonials/${c._id}/move`, { direction: 'up' });
    expect(await names()).toEqual(['C', 'A', 'B']);
    const bad = await call('POST', `/admin/testimonials/${c._id}/move`, { direction: 'left' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.['direction']).toBe('Direction must be up or down');
    expect((await call('POST', `/admin/testimonials/${MISSING_ID}/move`, { direction: 'up' })).status).toBe(404);
  });

  it('gives the build the visible testimonials featured on the home page, at most 3, in order', async () => {
    const { add, deps, service } = await setup();
    await add({ name: 'Hidden', featuredOnHome: true, isVisible: false });
    await add({ name: 'Shown', featuredOnHome: true });
    await add({ name: 'Not featured' });
    const content = await readSiteContent(deps.stores);
    expect(content.homeTestimonials).toEqual([
      expect.objectContaining({ name: 'Shown', serviceName: service.name, rating: 5 }),
    ]);
    expect(content.services[0]?.testimonials.map((t) => t.name)).toEqual(['Shown', 'Not featured']);
  });
});
