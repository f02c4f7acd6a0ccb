import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { DEVICE_COOKIE_NAME } from '../auth/device-cookie';
import {
  createAdminSession,
  createTestDeps,
  createTestEnv,
  DEFAULT_ADMIN,
  ownerDeviceCookie,
  rememberDeviceCookie,
} from '../../../tests/support/server/admin-session';
import type { App } from './admin-auth.fixtures';

// Issue 11 item 1: strangers, from one address or many, cannot keep the owner out (docs/auth.md, "Lockout").

function setup(envOverrides: Parameters<typeof createTestEnv>[0] = {}) {
  const deps = createTestDeps({ env: createTestEnv(envOverrides) });
  return { deps, app: createApp(deps) };
}

async function post(app: App, route: string, body: unknown, ip: string, cookie?: string, method = 'POST') {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: ip };
  if (cookie) headers.Cookie = cookie;
  return app.request(`/api/admin/auth/${route}`, { method, headers, body: JSON.stringify(body) });
}

const right = { username: DEFAULT_ADMIN.username, password: DEFAULT_ADMIN.password };
const wrong = { username: DEFAULT_ADMIN.username, password: 'not-the-password' };

/** The owner signs in from their browser (the one that created the admin) and keeps the device cookie it was given. */
async function ownerBrowser(app: App, ip = '127.0.0.4') {
  const response = await post(app, 'login', right, ip, ownerDeviceCookie(app));
  expect(response.status).toBe(200);
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`));
  if (!setCookie) throw new Error('no device cookie');
  const { token } = (await response.json()) as { token: string };
  return { cookie: setCookie.split(';')[0] ?? '', setCookie, token };
}

async function attackFromOneAddress(app: App, times = 12) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) statuses.push((await post(app, 'login', wrong, '127.0.0.3')).status);
  return statuses;
}

async function attackFromRotatingAddresses(app: App, route = 'login', body: unknown = wrong) {
  const statuses: number[] = [];
  for (let a = 0; a < 20; a += 1) {
    for (let i = 0; i < 10; i += 1) statuses.push((await post(app, route, body, `198.51.100.${a + 1}`)).status);
  }
  return statuses;
}

describe('the device cookie', () => {
  it('is set on sign-in (and on creating the first admin): HttpOnly, SameSite=Strict, scoped to the auth routes', async () => {
    const { app } = setup();
    const init = await post(
      app,
      'init',
      { username: 'admin', email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password },
      '127.0.0.4',
    );
    expect(init.status).toBe(201);
    expect(init.headers.getSetCookie().join('\n')).toContain(`${DEVICE_COOKIE_NAME}=`);
    rememberDeviceCookie(app, init);
    const { setCookie } = await ownerBrowser(app);
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Strict/i);
    expect(setCookie).toMatch(/; Path=\/api\/admin\/auth(;|$)/);
    expect(setCookie).not.toMatch(/; Secure/i);
  });

  it('is Secure in production', async () => {
    const { app } = setup({ isProduction: true });
    await createAdminSession(app);
    expect((await ownerBrowser(app)).setCookie).toMatch(/; Secure/i);
  });
});

describe('lockout', () => {
  it('six wrong logins from one address do not stop the owner signing in from their browser on another', async () => {
    const { app } = setup();
    await createAdminSession(app);
    const { cookie } = await ownerBrowser(app);
    const statuses = await attackFromOneAddress(app);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect((await post(app, 'login', right, '127.0.0.4', cookie)).status).toBe(200);
    // The same browser without its cookie is a new browser: the right password leads to the e-mailed approval.
    const stranger = await post(app, 'login', right, '127.0.0.5');
    expect(stranger.status).toBe(202);
  });

  it('a blocked address cannot even reach the approval step, so it cannot make the owner receive mails', async () => {
    const { app, deps } = setup();
    await createAdminSession(app);
    await attackFromOneAddress(app, 6);
    expect((await post(app, 'login', right, '127.0.0.3')).status).toBe(429);
    await deps.settled();
    expect(deps.sentMail.filter((m) => /approve a new sign-in/.test(m.subject))).toHaveLength(0);
  });

  it('20 rotating addresses × 10 wrong logins do not stop the owner signing in from their browser', async () => {
    const { app } = setup();
    await createAdminSession(app);
    const { cookie } = await ownerBrowser(app);
    const statuses = await attackFromRotatingAddresses(app);
    // Each address gets its own 5 tries and no more; none of them touches the owner.
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100);
    expect((await post(app, 'login', right, '127.0.0.4', cookie)).status).toBe(200);
    // Nor a new browser of the owner's: the right password still leads to the approval step.
    expect((await post(app, 'login', right, '127.0.0.5')).status).toBe(202);
  });

  it("does not trust a tampered cookie, another admin's cookie, or a browser that failed five times itself", async () => {
    const { app } = setup();
    await createAdminSession(app);
    const { cookie } = await ownerBrowser(app);
    await attackFromOneAddress(app);
    const [name, value = ''] = cookie.split('=');
    const tampered = `${name}=${decodeURIComponent(value).replace(/^[a-f0-9]/, (d) => (d === 'a' ? 'b' : 'a'))}`;
    expect((await post(app, 'login', right, '127.0.0.6', encodeURI(tampered))).status).toBe(202);

    const other = setup();
    await createAdminSession(other.app);
    const foreign = await ownerBrowser(other.app);
    expect((await post(app, 'login', right, '127.0.0.7', foreign.cookie)).status).toBe(202);

    // A stolen cookie buys five guesses, then it is a stranger's browser again: even the right password from it
    // needs the owner's mailbox now.
    for (let i = 0; i < 5; i += 1) expect((await post(app, 'login', wrong, '127.0.0.8', cookie)).status).toBe(401);
    expect((await post(app, 'login', right, '127.0.0.8', cookie)).status).toBe(202);
  });

  it("strangers' failed logins do not block the signed-in owner's change-password and change-email", async () => {
    const { app } = setup();
    await createAdminSession(app);
    const { cookie, token } = await ownerBrowser(app);
    await attackFromRotatingAddresses(app);
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, Cookie: cookie };
    const email = await app.request('/api/admin/auth/change-email', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ newEmail: 'owner@example.com', currentPassword: DEFAULT_ADMIN.password }),
    });
    expect(email.status).toBe(200);
    const password = await app.request('/api/admin/auth/change-password', {
      method: 'PUT',
      headers,
      body: JSON.stringify({ currentPassword: DEFAULT_ADMIN.password, newPassword: 'a brand new secret' }),
    });
    expect(password.status).toBe(200);
  });

  it('wrong current passwords are limited per session, apart from the login counters', async () => {
    const { app } = setup();
    await createAdminSession(app);
    const { token } = await ownerBrowser(app);
    const change = () =>
      app.request('/api/admin/auth/change-password', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ currentPassword: 'wrong guess', newPassword: 'whatever-new' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await change()).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The login form is not affected, from the owner's browser or a new one (which goes on to the approval).
    expect((await post(app, 'login', right, '127.0.0.9', ownerDeviceCookie(app))).status).toBe(200);
    expect((await post(app, 'login', right, '127.0.0.10')).status).toBe(202);
  });

  it("strangers asking for codes and guessing at them cannot stop the owner's reset from their browser", async () => {
    const { app, deps } = setup();
    await createAdminSession(app);
    const { cookie } = await ownerBrowser(app);
    // The owner asks for a code first; strangers then ask for more and guess.
    expect((await post(app, 'forgot-password', { email: DEFAULT_ADMIN.email }, '127.0.0.4', cookie)).status).toBe(200);
    await deps.settled();
    const code = /\b(\d{6})\b/.exec(deps.sentMail.at(-1)?.text ?? '')?.[1] ?? '';
    const forgot = await attackFromRotatingAddresses(app, 'forgot-password', { email: DEFAULT_ADMIN.email });
    expect(forgot.filter((s) => s === 200).length).toBeLessThanOrEqual(3);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 10; i += 1) {
      await post(app, 'verify-reset-otp', { email: DEFAULT_ADMIN.email, otp: wrongCode }, `203.0.113.${i}`);
    }
    const verified = await post(
      app,
      'verify-reset-otp',
      { email: DEFAULT_ADMIN.email, otp: code },
      '127.0.0.4',
      cookie,
    );
    expect(verified.status).toBe(200);
    // And a fresh code for the owner's browser is still available after the strangers used up the address's budget.
    const again = await post(app, 'forgot-password', { email: DEFAULT_ADMIN.email }, '127.0.0.4', cookie);
    expect(again.status).toBe(200);
  });
});
