import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { CHALLENGE_COOKIE_NAME } from '../auth/passkey-challenge';
import { DEVICE_COOKIE_NAME } from '../auth/device-cookie';
import { createAdminSession, createTestDeps, DEFAULT_ADMIN } from '../../../tests/support/server/admin-session';
import { SoftPasskey } from '../../../tests/support/server/soft-authenticator';

// /api/admin/auth/passkeys (docs/auth.md, "Passkeys"), with a software authenticator doing real ES256 signatures.

const ORIGIN = 'http://localhost:8888';
const BASE = '/api/admin/auth/passkeys';

type Reply = { success: boolean; message?: string; token?: string; data?: unknown; errors?: Record<string, string> };
type Options = { challenge: string; user: { id: string }; rpId?: string; rp?: { id: string } };

/** A browser's cookies for the auth routes, kept across requests as the browser would. */
class Browser {
  cookies = new Map<string, string>();

  constructor(
    private readonly app: ReturnType<typeof createApp>,
    readonly ip = '203.0.113.10',
  ) {}

  async send(method: string, path: string, init: { body?: unknown; token?: string } = {}) {
    const response = await this.app.request(path, {
      method,
      headers: {
        [CLIENT_IP_HEADER]: this.ip,
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...(this.cookies.size > 0
          ? { Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      if (/max-age=0/i.test(line) || value.join('=') === '') this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
    return { status: response.status, body: (await response.json()) as Reply, headers: response.headers };
  }
}

async function setup() {
  const deps = createTestDeps();
  const app = createApp(deps);
  const { token } = await createAdminSession(app);
  const owner = new Browser(app);
  return { deps, app, token, owner };
}

async function register(browser: Browser, token: string, key: SoftPasskey, name = 'My phone') {
  const options = await browser.send('POST', `${BASE}/register/options`, { token });
  expect(options.status).toBe(200);
  return browser.send('POST', `${BASE}/register`, {
    token,
    body: { name, response: key.register(options.body.data as Options) },
  });
}

async function signIn(browser: Browser, key: SoftPasskey, overrides: { origin?: string; counter?: number } = {}) {
  const options = await browser.send('POST', `${BASE}/sign-in/options`);
  expect(options.status).toBe(200);
  return browser.send('POST', `${BASE}/sign-in`, {
    body: { response: key.signIn(options.body.data as Options, overrides) },
  });
}

describe('passkeys: registration', () => {
  it('registers a named passkey for the signed-in admin, lists it, and never shows the key', async () => {
    const { token, owner, deps } = await setup();
    const key = new SoftPasskey({ origin: ORIGIN });
    const options = await owner.send('POST', `${BASE}/register/options`, { token });
    const data = options.body.data as Options & { rp: { id: string }; authenticatorSelection: unknown };
    expect(data.rp.id).toBe('localhost');
    expect(data.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'preferred' });
    // The challenge lives in an HttpOnly, SameSite=Strict cookie sent to the auth routes only.
    const cookie = options.headers.getSetCookie().find((line) => line.startsWith(`${CHALLENGE_COOKIE_NAME}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\/api\/admin\/auth/);

    const added = await owner.send('POST', `${BASE}/register`, {
      token,
      body: { name: '  Laptop  ', response: key.register(data) },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      success: true,
      message: 'Passkey added',
      data: { name: 'Laptop', lastUsedAt: null },
    });
    const list = await owner.send('GET', BASE, { token });
    expect(list.body.data).toEqual([added.body.data]);
    expect(JSON.stringify(list.body)).not.toContain(key.id);
    const [stored] = await deps.stores.passkeys.listByAdmin((await deps.stores.admins.findByLogin('admin'))?._id ?? '');
    expect(stored).toMatchObject({ credentialId: key.id, counter: 0, transports: ['internal'], name: 'Laptop' });
  });

  it('needs a session, its own challenge, the site origin, and refuses the same authenticator twice', async () => {
    const { token, owner, app } = await setup();
    const key = new SoftPasskey({ origin: ORIGIN });
    expect((await owner.send('POST', `${BASE}/register/options`)).status).toBe(401);
    expect((await owner.send('GET', BASE)).status).toBe(401);

    // No challenge cookie (another browser), or the challenge of a sign-in: refused.
    const options = await owner.send('POST', `${BASE}/register/options`, { token });
    const stranger = new Browser(app, '198.51.100.1');
    const answer = key.register(options.body.data as Options);
    const elsewhere = await stranger.send('POST', `${BASE}/register`, { token, body: { name: 'x', response: answer } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('The passkey could not be added. Please try again.');
    const signInChallenge = await owner.send('POST', `${BASE}/sign-in/options`);
    const crossed = key.register({ ...(signInChallenge.body.data as Options), user: { id: 'AAAAAAAAAAAAAAAA' } });
    expect(
      (await owner.send('POST', `${BASE}/register`, { token, body: { name: 'x', response: crossed } })).status,
    ).toBe(400);

    // Another site's origin.
    const phishing = await owner.send('POST', `${BASE}/register/options`, { token });
    const fromElsewhere = key.register(phishing.body.data as Options, { origin: 'https://soul-guidance.example' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      (await owner.send('POST', `${BASE}/register`, { token, body: { name: 'x', response: fromElsewhere } })).status,
    ).toBe(400);

    expect((await register(owner, token, key)).status).toBe(201);
    const twice = await register(owner, token, key, 'Again');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This passkey is already registered');
    expect((await owner.send('GET', BASE, { token })).body.data).toHaveLength(1);
  });

  it('validates the name and the answer with the shared schema', async () => {
    const { token, owner } = await setup();
    const key = new SoftPasskey({ origin: ORIGIN });
    for (const name of ['', '   ', 'a'.repeat(61), 'Phone\u0085Bcc: x']) {
      const options = await owner.send('POST', `${BASE}/register/options`, { token });
      const reply = await owner.send('POST', `${BASE}/register`, {
        token,
        body: { name, response: key.register(options.body.data as Options) },
      });
      expect(reply.status, JSON.stringify(name)).toBe(400);
      expect(reply.body.errors?.['name']).toBeTruthy();
    }
    const garbage = await owner.send('POST', `${BASE}/register`, {
      token,
      body: { name: 'x', response: { id: '<script>', type: 'public-key' } },
    });
    expect(garbage.status).toBe(400);
  });
});

describe('passkeys: sign-in', () => {
  it('answers the login reply, opens a session, records the use and gives the browser its device cookie', async () => {
    const { token, owner, app, deps } = await setup();
    const key = new SoftPasskey({ origin: ORIGIN });
    await register(owner, token, key);
    const fresh = new Browser(app, '192.0.2.50');
    const reply = await signIn(fresh, key);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['message', 'success', 'token']);
    expect(reply.body).toMatchObject({ success: true, message: 'Login successful' });
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(fresh.cookies.has(DEVICE_COOKIE_NAME)).toBe(true);
    expect(fresh.cookies.has(CHALLENGE_COOKIE_NAME)).toBe(false);
    const verify = await fresh.send('GET', '/api/admin/auth/verify', { token: reply.body.token ?? '' });
    expect(verify.status).toBe(200);
    const [record] = await deps.stores.passkeys.listByAdmin(
      (await deps.stores.admins.findByLogin(DEFAULT_ADMIN.username))?._id ?? '',
    );
    expect(record?.counter).toBe(1);
    expect(record?.lastUsedAt).not.toBeNull();
  });

  it('uses each challenge once: a replayed answer, a missing or forged cookie, a wrong origin all fail alike', async () => {
    const { token, owner, app } = await setup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const key = new SoftPasskey({ origin: ORIGIN });
    await register(owner, token, key);
    const browser = new Browser(app, '192.0.2.51');
    const options = await browser.send('POST', `${BASE}/sign-in/options`);
    const answer = key.signIn(options.body.data as Options);
    const savedCookies = new Map(browser.cookies);
    expect((await browser.send('POST', `${BASE}/sign-in`, { body: { response: answer } })).status).toBe(200);
    // The same answer with the same cookie again: the challenge is spent.
    browser.cookies = new Map(savedCookies);
    const replay = await browser.send('POST', `${BASE}/sign-in`, { body: { response: answer } });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('That passkey could not sign you in. Please try again or use your password.');

    const noCookie = new Browser(app, '192.0.2.52');
    const other = await browser.send('POST', `${BASE}/sign-in/options`);
    const failures = [
      await noCookie.send('POST', `${BASE}/sign-in`, { body: { response: key.signIn(other.body.data as Options) } }),
    ];
    noCookie.cookies.set(CHALLENGE_COOKIE_NAME, `sign-in%3A${'A'.repeat(43)}%3A%3A9999999999999.forged`);
    failures.push(
      await noCookie.send('POST', `${BASE}/sign-in`, { body: { response: key.signIn({ challenge: 'A'.repeat(43) }) } }),
    );
    failures.push(await signIn(browser, key, { origin: 'https://soul-guidance.example' }));
    failures.push(await signIn(browser, new SoftPasskey({ origin: ORIGIN })));
    // A counter that went backwards: a cloned authenticator.
    failures.push(await signIn(browser, key, { counter: 1 }));
    for (const failure of failures) {
      expect(failure.status).toBe(401);
      expect(failure.body).toEqual({
        success: false,
        message: 'That passkey could not sign you in. Please try again or use your password.',
      });
    }
    expect((await signIn(browser, key)).status).toBe(200);
  });

  it('is not held up by the password throttles strangers fill, from the same address', async () => {
    const { token, owner, app } = await setup();
    const key = new SoftPasskey({ origin: ORIGIN });
    await register(owner, token, key);
    const shared = new Browser(app, '203.0.113.99');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const reply = await shared.send('POST', '/api/admin/auth/login', {
        body: { username: DEFAULT_ADMIN.username, password: `wrong-${i}` },
      });
      statuses.push(reply.status);
    }
    expect(statuses).toContain(429);
    const passkey = new Browser(app, '203.0.113.99');
    expect((await signIn(passkey, key)).status).toBe(200);
  });
});

describe('passkeys: rename and remove', () => {
  it('renames and removes only with the session, confirms each, and a removed passkey signs nobody in', async () => {
    const { token, owner, app } = await setup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const key = new SoftPasskey({ origin: ORIGIN });
    const added = await register(owner, token, key);
    const id = (added.body.data as { id: string }).id;

    expect((await owner.send('PATCH', `${BASE}/${id}`, { body: { name: 'x' } })).status).toBe(401);
    expect((await owner.send('DELETE', `${BASE}/${id}`)).status).toBe(401);
    const empty = await owner.send('PATCH', `${BASE}/${id}`, { token, body: { name: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.['name']).toBe('Please give the passkey a name');
    const renamed = await owner.send('PATCH', `${BASE}/${id}`, { token, body: { name: 'Work laptop' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ message: 'Passkey renamed', data: { id, name: 'Work laptop' } });
    expect((await owner.send('PATCH', `${BASE}/not-an-id`, { token, body: { name: 'x' } })).status).toBe(404);
    expect((await owner.send('DELETE', `${BASE}/aaaaaaaaaaaaaaaaaaaaaaaa`, { token })).status).toBe(404);

    const removed = await owner.send('DELETE', `${BASE}/${id}`, { token });
    expect(removed.body).toEqual({ success: true, message: 'Passkey removed' });
    expect((await owner.send('GET', BASE, { token })).body.data).toEqual([]);
    expect((await signIn(new Browser(app), key)).status).toBe(401);
  });
});
