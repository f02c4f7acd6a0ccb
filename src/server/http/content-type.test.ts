import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createAdminSession, createTestDeps } from '../../../tests/support/server/admin-session';

// Issue 11 items 4 and 7: bodies in the wrong media type get 415; wrong methods on known paths get 405 with Allow.

function setup() {
  const deps = createTestDeps();
  return { deps, app: createApp(deps) };
}

const contact = {
  name: 'Visitor',
  email: 'visitor@example.com',
  subject: 'Healing Session',
  message: 'Hello, I would like to book a reading.',
  consent: true,
};

describe('415 for bodies that are not the route’s media type', () => {
  it('refuses a cross-site text/plain or urlencoded post to contact, login and forgot-password', async () => {
    const { app, deps } = setup();
    await createAdminSession(app);
    for (const path of ['/api/contact/send', '/api/admin/auth/login', '/api/admin/auth/forgot-password']) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const response = await app.request(path, {
          method: 'POST',
          headers: { 'Content-Type': type },
          body: JSON.stringify(contact),
        });
        expect(response.status, `${path} ${type}`).toBe(415);
        expect(await response.json()).toEqual({ success: false, message: 'Send the request body as application/json' });
      }
    }
    expect(await deps.stores.contact.list()).toHaveLength(0);
  });

  it('refuses a JSON body with no content type, and accepts JSON with parameters in any letter case', async () => {
    const { app } = setup();
    const bare = await app.request('/api/contact/send', { method: 'POST', body: new Blob([JSON.stringify(contact)]) });
    expect(bare.status).toBe(415);
    const ok = await app.request('/api/contact/send', {
      method: 'POST',
      headers: { 'Content-Type': 'Application/JSON; charset=UTF-8' },
      body: JSON.stringify(contact),
    });
    expect(ok.status).toBe(200);
  });

  it('wants multipart on the service form, raw bytes on upload chunks, and lets empty bodies through', async () => {
    const { app } = setup();
    const { authHeader } = await createAdminSession(app);
    const json = await app.request('/api/admin/services', {
      method: 'POST',
      headers: { ...authHeader, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    const chunk = await app.request('/api/admin/uploads/abc/chunks/0', {
      method: 'PUT',
      headers: { ...authHeader, 'Content-Type': 'text/plain' },
      body: 'bytes',
    });
    expect(chunk.status).toBe(415);
    const logout = await app.request('/api/admin/auth/logout', { method: 'POST', headers: authHeader });
    expect(logout.status).toBe(200);
  });
});

describe('405 for wrong methods on known paths', () => {
  it('answers 405 with Allow, and still 404 for unknown paths', async () => {
    const { app } = setup();
    const cases: [string, string, string][] = [
      ['DELETE', '/api/contact/send', 'POST'],
      ['GET', '/api/admin/auth/login', 'POST'],
      ['PUT', '/api/services', 'GET, HEAD'],
      ['POST', '/api/services/0123456789abcdef01234567', 'GET, HEAD'],
      ['PATCH', '/api/banners/0123456789abcdef01234567/', 'DELETE, PUT'],
      ['POST', '/media/some-file.webp', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await app.request(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
    }
    expect((await app.request('/api/nothing-here', { method: 'GET' })).status).toBe(404);
  });
});
