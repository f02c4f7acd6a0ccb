import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_DEFAULTS, type SiteSettings } from '../../shared/schemas/site-settings';
import { INVALID_SETTINGS, settingsWith } from '../../shared/schemas/site-settings.fixtures';
import { createApp } from '../app';
import { SETTINGS_CONFLICT_MESSAGE } from '../domain/site-settings';
import { storeDirectFile } from '../domain/media';
import { CONTENT_VERSION_KEY } from '../stores/content-version';
import { createAdminSession, createTestDeps } from '../../../tests/support/server/admin-session';
import { createRecordingPublisher, file, fileBytes } from '../../../tests/support/server/content';

// /api/site-settings (public) and /api/admin/site-settings (the portal's Site screen), through the real app.

type Reply = { success: boolean; message?: string; errors?: Record<string, string>; data?: SiteSettings };

async function setup() {
  const publisher = createRecordingPublisher();
  const deps = createTestDeps({ publisher });
  const app = createApp(deps);
  const { authHeader } = await createAdminSession(app);
  const put = async (body: unknown, headers: Record<string, string> = authHeader) => {
    const response = await app.request('/api/admin/site-settings', {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Reply };
  };
  const storeImage = async () =>
    (await storeDirectFile(deps, file(fileBytes.jpeg(), 'me.jpg', 'image/jpeg'), ['image'])).url;
  return { app, deps, publisher, put, authHeader, storeImage };
}

const withName = (name: string) => settingsWith('identity.practitionerName', name);

describe('reading', () => {
  it('answers the defaults (the spec texts) before anything was saved, publicly and to the admin', async () => {
    const { app, authHeader } = await setup();
    const open = (await (await app.request('/api/site-settings')).json()) as Reply;
    expect(open.data).toEqual({ ...SITE_SETTINGS_DEFAULTS, updatedAt: null });
    const admin = await app.request('/api/admin/site-settings', { headers: authHeader });
    expect(admin.status).toBe(200);
    expect(((await admin.json()) as Reply).data?.identity.tagline).toBe('Soul Guidance & Healing');
  });
});

describe('saving', () => {
  it('answers 401 without a valid token and changes nothing', async () => {
    const { put, app, publisher } = await setup();
    for (const headers of [{}, { Authorization: 'Bearer not-a-real-token' }]) {
      expect((await put(withName('Intruder'), headers)).status).toBe(401);
    }
    expect((await app.request('/api/admin/site-settings')).status).toBe(401);
    const open = (await (await app.request('/api/site-settings')).json()) as Reply;
    expect(open.data?.identity.practitionerName).toBe(SITE_SETTINGS_DEFAULTS.identity.practitionerName);
    expect(publisher.changes).toEqual([]);
  });

  it('saves the whole document, records a content change and answers the confirmation', async () => {
    const { put, app, deps, publisher } = await setup();
    const before = (await deps.stores.meta.get<number>(CONTENT_VERSION_KEY)) ?? 0;
    const { status, body } = await put({
      ...withName('Asha Rao'),
      contact: { ...SITE_SETTINGS_DEFAULTS.contact, phone: '+91 90000 11111', whatsapp: '+91 90000 11111' },
      social: { ...SITE_SETTINGS_DEFAULTS.social, instagram: 'instagram.com/asha' },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe('Site settings saved');
    expect(body.data?.identity.practitionerName).toBe('Asha Rao');
    // A link typed without https:// is completed, as the service form's booking link is.
    expect(body.data?.social.instagram).toBe('https://instagram.com/asha');
    expect(body.data?.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await deps.stores.meta.get<number>(CONTENT_VERSION_KEY)).toBe(before + 1);
    expect(publisher.changes).toEqual([
      { kind: 'settings', action: 'updated', title: 'Ishita Verma', version: before + 1 },
    ]);
    const open = (await (await app.request('/api/site-settings')).json()) as Reply;
    expect(open.data).toEqual(body.data);
  });

  it.each(INVALID_SETTINGS)('answers 400 with the message of %s', async (field, value, message) => {
    const { put, publisher } = await setup();
    const { status, body } = await put(settingsWith(field, value));
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.errors?.[field]).toBe(message);
    expect(publisher.changes).toEqual([]);
  });

  it('refuses a save over a newer one (409) when the form says which version it loaded', async () => {
    const { put } = await setup();
    const first = await put({ ...withName('One'), updatedAt: null });
    expect(first.status).toBe(200);
    const second = await put({ ...withName('Two'), updatedAt: first.body.data?.updatedAt });
    expect(second.status).toBe(200);
    const stale = await put({ ...withName('Stale'), updatedAt: first.body.data?.updatedAt });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(SETTINGS_CONFLICT_MESSAGE);
  });

  it('takes an uploaded portrait, refuses a picture that is not ours, and deletes a replaced one', async () => {
    const { put, deps, storeImage } = await setup();
    const foreign = await put({
      ...SITE_SETTINGS_DEFAULTS,
      identity: { ...SITE_SETTINGS_DEFAULTS.identity, portraitUrl: 'https://example.com/me.jpg' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.['identity.portraitUrl']).toBe('Upload the portrait here (a /media/ path)');

    const url = await storeImage();
    const saved = await put({
      ...SITE_SETTINGS_DEFAULTS,
      identity: { ...SITE_SETTINGS_DEFAULTS.identity, portraitUrl: url, portraitAlt: 'Asha smiling' },
    });
    expect(saved.status).toBe(200);
    const key = url.replace('/media/', '');
    expect(await deps.media.stat(key)).not.toBeNull();
    expect((await put(SITE_SETTINGS_DEFAULTS)).status).toBe(200);
    expect(await deps.media.stat(key)).toBeNull();
  });
});

describe('the contact form follows the configured subjects', () => {
  const message = { name: 'Asha', email: 'asha@example.com', phone: '', message: 'Hello there', consent: true };
  const send = (app: ReturnType<typeof createApp>, subject: string) =>
    app.request('/api/contact/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...message, subject }),
    });

  it('accepts a subject the practitioner added and refuses one they removed', async () => {
    const { app, put } = await setup();
    expect((await send(app, 'Akashic Records Reading')).status).toBe(200);
    expect((await send(app, 'Moon Rituals')).status).toBe(400);
    await put({
      ...SITE_SETTINGS_DEFAULTS,
      contact: { ...SITE_SETTINGS_DEFAULTS.contact, subjects: ['Moon Rituals'] },
    });
    expect((await send(app, 'Moon Rituals')).status).toBe(200);
    const removed = await send(app, 'Akashic Records Reading');
    expect(removed.status).toBe(400);
    expect(((await removed.json()) as Reply).errors?.['subject']).toBe('Please choose a subject');
  });
});

describe('a document saved before a field existed', () => {
  it('reads whole: the missing field takes its default', async () => {
    const { app, deps } = await setup();
    const { whatsapp: _gone, ...olderContact } = SITE_SETTINGS_DEFAULTS.contact;
    await deps.stores.settings.put({
      ...withName('Asha Rao'),
      contact: { ...olderContact, phone: '+91 90000 11111' } as typeof SITE_SETTINGS_DEFAULTS.contact,
    });
    const open = (await (await app.request('/api/site-settings')).json()) as Reply;
    expect(open.data?.contact).toMatchObject({ phone: '+91 90000 11111', whatsapp: '' });
    expect(open.data?.identity.practitionerName).toBe('Asha Rao');
  });
});
