import { describe, expect, it } from 'vitest';
import { currentPolicyVersion, policyText } from '../../shared/policies';
import { CONTACT_CONSENT_MESSAGE } from '../../shared/schemas/consent';
import { POLICIES_FIRST_DAY } from '../../shared/schemas/policies';
import { SITE_SETTINGS_DEFAULTS, type SiteSettings } from '../../shared/schemas/site-settings';
import { wallTime } from '../../shared/zoned-time';
import { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { createAdminSession, createTestDeps } from '../../../tests/support/server/admin-session';

// The policy pages' version and dates (kept by the server on a site-settings save) and the contact form's consent,
// recorded with that version (docs/policies.md), through the real app.

type Reply = { success: boolean; message?: string; errors?: Record<string, string>; data?: SiteSettings };

async function setup() {
  const deps = createTestDeps();
  const app = createApp(deps);
  const { authHeader } = await createAdminSession(app);
  const put = async (body: unknown) => {
    const response = await app.request('/api/admin/site-settings', {
      method: 'PUT',
      headers: { ...authHeader, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Reply };
  };
  const send = (body: unknown) =>
    app.request('/api/contact/send', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: '198.51.100.20' },
      body: JSON.stringify(body),
    });
  const formPost = (fields: Record<string, string>) =>
    app.request('http://localhost/api/contact/form', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        [CLIENT_IP_HEADER]: '198.51.100.21',
        Origin: 'http://localhost',
      },
      body: new URLSearchParams(fields).toString(),
    });
  return { app, deps, put, send, formPost };
}

const today = () => wallTime(new Date(), SITE_SETTINGS_DEFAULTS.contact.timeZone).date;
const withPolicies = (policies: Partial<SiteSettings['policies']>) => ({
  ...SITE_SETTINGS_DEFAULTS,
  policies: { ...SITE_SETTINGS_DEFAULTS.policies, ...policies },
});

describe('the policy version', () => {
  it('is 1 with the defaults, stays when a save leaves every page as it was, and ignores a version sent in', async () => {
    const { put } = await setup();
    const first = await put({ ...withPolicies({}), policies: { ...SITE_SETTINGS_DEFAULTS.policies, version: 9 } });
    expect(first.status).toBe(200);
    expect(first.body.data?.policies.version).toBe(1);
    expect(first.body.data?.policies.updated.terms).toBe(POLICIES_FIRST_DAY);
    const again = await put(withPolicies({}));
    expect(again.body.data?.policies.version).toBe(1);
  });

  it('goes up by one when a page’s text changes, and dates only that page', async () => {
    const { put, app } = await setup();
    const saved = await put(withPolicies({ terms: 'My own terms.\n\nSecond paragraph.' }));
    expect(saved.body.data?.policies).toMatchObject({
      version: 2,
      terms: 'My own terms.\n\nSecond paragraph.',
      updated: { terms: today(), privacy: POLICIES_FIRST_DAY, refund: POLICIES_FIRST_DAY },
    });
    // Saving the same words again changes nothing; the public settings carry the version for the build.
    expect((await put(withPolicies({ terms: 'My own terms.\n\nSecond paragraph.' }))).body.data?.policies.version).toBe(
      2,
    );
    const open = (await (await app.request('/api/site-settings')).json()) as Reply;
    expect(currentPolicyVersion(open.data!)).toBe('2');
    expect(policyText('terms', open.data!)).toBe('My own terms.\n\nSecond paragraph.');
  });

  it('goes up when a renamed practitioner changes what the default texts say', async () => {
    const { put } = await setup();
    const renamed = await put({
      ...SITE_SETTINGS_DEFAULTS,
      identity: { ...SITE_SETTINGS_DEFAULTS.identity, practitionerName: 'Meera Nair', siteName: 'Meera Nair' },
    });
    expect(renamed.body.data?.policies.version).toBe(2);
    expect(policyText('privacy', renamed.body.data!)).toContain('I, Meera Nair,');
    expect(policyText('privacy', renamed.body.data!)).not.toContain('Ishita');
  });

  it('reads as version 1 from a document saved before policies existed', async () => {
    const { deps, app } = await setup();
    const { policies: _none, ...old } = SITE_SETTINGS_DEFAULTS;
    await deps.stores.settings.put(old as typeof SITE_SETTINGS_DEFAULTS);
    const open = (await (await app.request('/api/site-settings')).json()) as Reply;
    expect(open.data?.policies).toEqual(SITE_SETTINGS_DEFAULTS.policies);
  });
});

describe('consent on the contact form', () => {
  const message = {
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '',
    subject: 'General Inquiry',
    message: 'Hello, I would like a reading.',
  };

  it('refuses a message without the ticked box, with a clear message, and keeps nothing', async () => {
    const { send, deps } = await setup();
    for (const body of [message, { ...message, consent: false }, { ...message, consent: 'yes please' }]) {
      const response = await send(body);
      expect(response.status).toBe(400);
      const reply = (await response.json()) as Reply;
      expect(reply.errors?.consent).toBe(CONTACT_CONSENT_MESSAGE);
    }
    expect(await deps.stores.contact.list()).toEqual([]);
  });

  it('refuses a plain form post without the box (the invalid notice) and takes one with it ticked', async () => {
    const { formPost, deps } = await setup();
    const refused = await formPost(message);
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/contact#message-invalid');
    expect(await deps.stores.contact.list()).toEqual([]);
    const taken = await formPost({ ...message, consent: 'on' });
    expect(taken.headers.get('location')).toBe('/contact#message-sent');
    const [stored] = await deps.stores.contact.list();
    expect(stored?.consent?.policyVersion).toBe('1');
  });

  it('records when the visitor agreed and to which policy version', async () => {
    const { send, put, deps } = await setup();
    await put(withPolicies({ privacy: 'My own privacy notice.' }));
    const before = Date.now();
    expect((await send({ ...message, consent: true })).status).toBe(200);
    const [stored] = await deps.stores.contact.list();
    expect(stored?.consent?.policyVersion).toBe('2');
    const at = Date.parse(stored?.consent?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
    // The box itself is not stored as sent: only the record.
    expect(stored?.consent).toEqual({ at: stored?.consent?.at, policyVersion: '2' });
  });
});
