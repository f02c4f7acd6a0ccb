import { describe, expect, it } from 'vitest';
import type { FirstRunStatus, SampleRemoval } from '../../shared/schemas/first-run';
import type { SiteSettings } from '../../shared/schemas/site-settings';
import type { TrashItem } from '../../shared/schemas/trash';
import { seedDemoContent } from '../demo/demo-seed';
import { postService, signedInApp } from '../../../tests/support/server/content-app';
import { itAnswers401WithoutSession } from './admin-only.fixtures';

// /api/admin/first-run: the dashboard checklist worked out from the data, and "Remove the sample content" with Undo.

type Reply<T = unknown> = { success: boolean; message?: string; data: T; errors?: Record<string, string> };

async function setup() {
  const { app, deps, authHeader } = await signedInApp();
  await seedDemoContent(deps.stores, deps.media);
  const call = async <T>(method: string, path: string, json?: unknown) => {
    const response = await app.request(`/api${path}`, {
      method,
      headers: { ...authHeader, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Reply<T> };
  };
  const status = async () => {
    const reply = await call<FirstRunStatus>('GET', '/admin/first-run');
    expect(reply.status).toBe(200);
    return reply.body.data;
  };
  const done = async () =>
    Object.fromEntries((await status()).steps.map((step) => [step.id, step.done])) as Record<string, boolean>;
  return { app, deps, authHeader, call, status, done };
}

describe('admin only', () => {
  itAnswers401WithoutSession(
    [
      ['GET', '/api/admin/first-run'],
      ['POST', '/api/admin/first-run/remove-samples'],
      ['POST', '/api/admin/first-run/restore-samples'],
    ],
    { adminExists: true },
  );
});

describe('first-run checklist', () => {
  it('starts with every step open on the demo content, and counts the sample items and texts', async () => {
    const { status } = await setup();
    const data = await status();
    expect(data.steps.map((s) => [s.id, s.done])).toEqual([
      ['profile', false],
      ['about', false],
      ['contact', false],
      ['service', false],
      ['samples', false],
    ]);
    expect(data.samples).toEqual({ services: 11, banners: 3, testimonials: 4 });
    expect(data.sampleTexts).toBeGreaterThan(10);
  }, 60_000);

  it('ticks the settings steps from saved settings, not from clicks', async () => {
    const { call, done, deps } = await setup();
    const current = (await call<SiteSettings>('GET', '/admin/site-settings')).body.data;
    // A portrait must be one of our uploads: the seed's pictures are.
    const [demo] = await deps.stores.services.list({ activeOnly: false });
    const upload = demo?.image ?? '';
    const saved = await call('PUT', '/admin/site-settings', {
      ...current,
      identity: { ...current.identity, siteName: 'Anaya Rao', practitionerName: 'Anaya Rao', firstName: 'Anaya' },
      about: { ...current.about, story: 'I came to this work through my grandmother’s cards.' },
      contact: { ...current.contact, email: 'anaya@example.org', phone: '+44 20 7946 0000', whatsapp: '' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    let steps = await done();
    expect(steps).toMatchObject({ profile: false, about: true, contact: false });

    const again = (await call<SiteSettings>('GET', '/admin/site-settings')).body.data;
    expect(
      (
        await call('PUT', '/admin/site-settings', {
          ...again,
          identity: { ...again.identity, portraitUrl: upload },
          contact: { ...again.contact, whatsapp: '+44 7911 123456' },
        })
      ).status,
    ).toBe(200);
    steps = await done();
    expect(steps).toMatchObject({ profile: true, about: true, contact: true });
  }, 60_000);

  it('ticks "first own service" once a service that is not a sample exists', async () => {
    const { done, app, authHeader } = await setup();
    expect((await done()).service).toBe(false);
    await postService(app, authHeader, { name: 'Reiki for beginners' });
    expect((await done()).service).toBe(true);
  }, 60_000);
});

describe('remove the sample content', () => {
  it('moves every demo service and banner to the Trash, hides the demo testimonials, and Undo brings them back', async () => {
    const { call, status, app, authHeader, deps } = await setup();
    const own = await postService(app, authHeader, { name: 'Reiki for beginners' });

    const removed = await call<SampleRemoval>('POST', '/admin/first-run/remove-samples');
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Sample content moved to the Trash');
    expect(removed.body.data.services).toHaveLength(11);
    expect(removed.body.data.banners).toHaveLength(3);
    expect(removed.body.data.testimonials).toHaveLength(4);

    const trash = (await call<TrashItem[]>('GET', '/admin/trash')).body.data;
    expect(trash.filter((t) => t.kind === 'service')).toHaveLength(11);
    expect(trash.filter((t) => t.kind === 'banner')).toHaveLength(3);
    const live = await deps.stores.services.list({ activeOnly: false });
    expect(live.map((s) => s._id)).toEqual([own._id]);
    expect((await deps.stores.testimonials.list()).every((t) => !t.isVisible)).toBe(true);
    const after = await status();
    expect(after.samples).toEqual({ services: 0, banners: 0, testimonials: 0 });
    expect(after.steps.find((s) => s.id === 'samples')?.done).toBe(true);

    // Nothing left: a second click says so instead of pretending.
    const second = await call('POST', '/admin/first-run/remove-samples');
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('There is no sample content left');

    const undo = await call<{ restored: number }>('POST', '/admin/first-run/restore-samples', removed.body.data);
    expect(undo.status).toBe(200);
    expect(undo.body.data.restored).toBe(18);
    expect(await deps.stores.services.list({ activeOnly: false })).toHaveLength(12);
    expect((await status()).samples).toEqual({ services: 11, banners: 3, testimonials: 4 });
    expect((await call<TrashItem[]>('GET', '/admin/trash')).body.data).toEqual([]);
  }, 60_000);

  it('refuses an Undo body that is not a list of ids', async () => {
    const { call } = await setup();
    const reply = await call('POST', '/admin/first-run/restore-samples', { services: ['../x'], banners: [] });
    expect(reply.status).toBe(400);
  }, 60_000);

  it('leaves a demo service alone once its name or summary was rewritten (it is the practitioner’s now)', async () => {
    const { call, deps } = await setup();
    const [first] = await deps.stores.services.list({ activeOnly: false });
    if (!first) throw new Error('no demo service');
    const { _id } = first;
    await deps.stores.services.update(_id, { shortDescription: 'My own words about this reading.' });
    const removed = await call<SampleRemoval>('POST', '/admin/first-run/remove-samples');
    expect(removed.body.data.services).toHaveLength(10);
    expect(removed.body.data.services).not.toContain(_id);
  }, 60_000);
});
