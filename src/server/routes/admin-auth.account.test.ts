import { describe, expect, it } from 'vitest';
import { decodeMail, useSmtpServer } from '../../../tests/support/smtp';
import {
  createAdminSession,
  DEFAULT_ADMIN,
  ownerDeviceCookie,
  rememberDeviceCookie,
} from '../../../tests/support/server/admin-session';
import { ready, readyWithMail, type App } from './admin-auth.fixtures';

// PUT /change-email and PUT /change-password: both need the current password.

type Reply = { success: boolean; message?: string; data?: Record<string, unknown>; errors?: Record<string, string> };

// Both run from the owner's browser: its device cookie goes along, and a new one in the reply replaces it.
async function put(app: App, route: string, authHeader: Record<string, string>, body: unknown) {
  const response = await app.request(`/api/admin/auth/${route}`, {
    method: 'PUT',
    headers: { ...authHeader, 'Content-Type': 'application/json', Cookie: ownerDeviceCookie(app) },
    body: JSON.stringify(body),
  });
  return rememberDeviceCookie(app, response);
}

async function login(app: App, username: string, password: string) {
  const response = await app.request('/api/admin/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: ownerDeviceCookie(app) },
    body: JSON.stringify({ username, password }),
  });
  return rememberDeviceCookie(app, response);
}

async function verifyStatus(app: App, authHeader: Record<string, string>) {
  return (await app.request('/api/admin/auth/verify', { headers: authHeader })).status;
}

describe('PUT /change-email', () => {
  const smtp = useSmtpServer();

  it('updates the email, answers with the public admin view, and tells the old address by mail', async () => {
    const { app, session } = await readyWithMail(smtp.url);
    const response = await put(app, 'change-email', session.authHeader, {
      newEmail: 'New.Address@Example.org',
      currentPassword: DEFAULT_ADMIN.password,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Reply;
    expect(body.success).toBe(true);
    expect(body.message).toBe('Email updated successfully');
    expect(Object.keys(body.data ?? {}).sort()).toEqual(['email', 'lastLogin', 'role', 'username']);
    expect(body.data?.email).toBe('new.address@example.org');

    const notice = decodeMail(await smtp.waitFor((m) => m.to.includes(DEFAULT_ADMIN.email)));
    expect(notice.text).toContain('new.address@example.org');
    expect(notice.html).toContain('new.address@example.org');

    // The session goes on; login works with the new email and no longer with the old one.
    expect(await verifyStatus(app, session.authHeader)).toBe(200);
    expect((await login(app, 'new.address@example.org', DEFAULT_ADMIN.password)).status).toBe(200);
    expect((await login(app, DEFAULT_ADMIN.email, DEFAULT_ADMIN.password)).status).toBe(401);
  });

  it('a wrong current password is 400 (a 401 would sign the portal out) and changes nothing', async () => {
    const { app, session, deps } = await ready();
    const response = await put(app, 'change-email', session.authHeader, {
      newEmail: 'evil@example.com',
      currentPassword: 'wrong-password',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(body).toMatchObject({ success: false, message: 'Current password is incorrect' });
    expect(body.errors?.currentPassword).toBe('Current password is incorrect');
    expect((await deps.stores.admins.findByLogin('admin'))?.email).toBe(DEFAULT_ADMIN.email);
    expect(deps.sentMail).toHaveLength(0);
  });

  it('wrong current passwords count against the account limit (a stolen session cannot guess it)', async () => {
    const { app, session } = await ready();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (
          await put(app, 'change-email', session.authHeader, {
            newEmail: 'x@example.com',
            currentPassword: `guess-${i}`,
          })
        ).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('refuses the same email, a bad email, missing fields and injection-shaped values', async () => {
    const { app, session } = await ready();
    const cases: [unknown, number][] = [
      [{ newEmail: 'ADMIN@example.com', currentPassword: DEFAULT_ADMIN.password }, 400],
      [{ newEmail: 'not an email', currentPassword: DEFAULT_ADMIN.password }, 400],
      [{ newEmail: 'a@b.co' }, 400],
      [{ newEmail: { $gt: '' }, currentPassword: DEFAULT_ADMIN.password }, 400],
      [{ newEmail: 'a@b.co', currentPassword: { $ne: '' } }, 400],
      [{ newEmail: 'a@b.co', currentPassword: DEFAULT_ADMIN.password, role: 'owner' }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await put(app, 'change-email', session.authHeader, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
    }
  });

  it('needs a session', async () => {
    const { app } = await ready();
    const response = await put(
      app,
      'change-email',
      {},
      { newEmail: 'a@b.co', currentPassword: DEFAULT_ADMIN.password },
    );
    expect(response.status).toBe(401);
  });
});

describe('PUT /change-password', () => {
  it('keeps the current session, ends every other one, swaps the password and sends a notice', async () => {
    const { app, session, deps } = await ready();
    const other = await createAdminSession(app);
    const response = await put(app, 'change-password', session.authHeader, {
      currentPassword: DEFAULT_ADMIN.password,
      newPassword: 'moonlit garden 🌙',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: 'Password updated successfully' });

    expect(await verifyStatus(app, session.authHeader)).toBe(200);
    expect(await verifyStatus(app, other.authHeader)).toBe(401);
    expect((await login(app, 'admin', DEFAULT_ADMIN.password)).status).toBe(401);
    expect((await login(app, 'admin', 'moonlit garden 🌙')).status).toBe(200);
    expect(deps.sentMail.at(-1)).toMatchObject({ to: DEFAULT_ADMIN.email });
    expect(deps.sentMail.at(-1)?.subject).toMatch(/password was changed/);
  });

  it('a second change from a fresh login ends the session kept by the first change', async () => {
    const { app, session } = await ready();
    await put(app, 'change-password', session.authHeader, {
      currentPassword: DEFAULT_ADMIN.password,
      newPassword: 'second-pass',
    });
    const fresh = await createAdminSession(app, { username: 'admin', password: 'second-pass' });
    const response = await put(app, 'change-password', fresh.authHeader, {
      currentPassword: 'second-pass',
      newPassword: 'third-pass',
    });
    expect(response.status).toBe(200);
    expect(await verifyStatus(app, fresh.authHeader)).toBe(200);
    expect(await verifyStatus(app, session.authHeader)).toBe(401);
  });

  it('a kept session still ends at logout', async () => {
    const { app, session } = await ready();
    await put(app, 'change-password', session.authHeader, {
      currentPassword: DEFAULT_ADMIN.password,
      newPassword: 'new-pass-1',
    });
    await app.request('/api/admin/auth/logout', { method: 'POST', headers: session.authHeader });
    expect(await verifyStatus(app, session.authHeader)).toBe(401);
  });

  it('refuses a wrong current password (400), the same password and a short one', async () => {
    const { app, session } = await ready();
    const wrong = await put(app, 'change-password', session.authHeader, {
      currentPassword: 'nope-nope',
      newPassword: 'whatever-1',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ message: 'Current password is incorrect' });
    const same = await put(app, 'change-password', session.authHeader, {
      currentPassword: DEFAULT_ADMIN.password,
      newPassword: DEFAULT_ADMIN.password,
    });
    expect(same.status).toBe(400);
    const short = await put(app, 'change-password', session.authHeader, {
      currentPassword: DEFAULT_ADMIN.password,
      newPassword: '12345',
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as Reply).errors?.newPassword).toBe('Password must be at least 6 characters long');
    expect(await verifyStatus(app, session.authHeader)).toBe(200);
    expect((await login(app, 'admin', DEFAULT_ADMIN.password)).status).toBe(200);
  });
});
