import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { parseEnv } from '../env';
import { AUTH_SETTINGS } from '../auth/settings';
import {
  cookieFrom,
  createTestDeps,
  deployedTestVars,
  FUNCTION_VARS,
  TEST_JWT_SECRET,
} from '../../../tests/support/server/admin-session';

// POST /api/admin/auth/init: the first admin, exactly once.

function setup(auth = {}) {
  const deps = createTestDeps(Object.keys(auth).length > 0 ? { auth } : {});
  return { deps, app: createApp(deps) };
}

type Reply = { success: boolean; token?: string; message?: string; errors?: Record<string, string> };

async function init(app: ReturnType<typeof createApp>, body: unknown, path = '/api/admin/auth/init') {
  return app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const valid = { username: 'Priya', email: 'Priya@Example.com', password: 'sacred-lotus-7' };

describe('POST /init', () => {
  it('creates the first admin at the real bcrypt cost and answers success, token, message', async () => {
    const { app, deps } = setup({ forgotPasswordMinMs: 0 });
    const response = await init(app, valid);
    expect(response.status).toBe(201);
    const body = (await response.json()) as Reply;
    expect(Object.keys(body).sort()).toEqual(['message', 'success', 'token']);
    expect(body.success).toBe(true);
    expect(body.message).toBe('Admin account created successfully');
    const admin = await deps.stores.admins.findByLogin('priya');
    expect(admin?.email).toBe('priya@example.com');
    expect(admin?.role).toBe('admin');
    expect(admin?.passwordHash).toMatch(new RegExp(`^\\$2[aby]\\$${AUTH_SETTINGS.bcryptCost}\\$`));
    expect(admin?.passwordHash).not.toContain(valid.password);
    const verify = await app.request('/api/admin/auth/verify', { headers: { Authorization: `Bearer ${body.token}` } });
    expect(verify.status).toBe(200);
  });

  it('answers 403 with the spec message once an admin exists', async () => {
    const { app, deps } = setup();
    expect((await init(app, valid)).status).toBe(201);
    const again = await init(app, { username: 'other', email: 'other@example.com', password: 'another-pass' });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({ success: false, message: 'Admin already exists. Please use login instead.' });
    expect(await deps.stores.admins.count()).toBe(1);
  });

  it('creates exactly one admin out of twenty concurrent calls', async () => {
    const { app, deps } = setup();
    // Count how many calls got past the cheap "already exists?" check, to show the race really reached the store.
    const createFirst = deps.stores.admins.createFirst.bind(deps.stores.admins);
    let reachedStore = 0;
    deps.stores.admins.createFirst = (data) => {
      reachedStore += 1;
      return createFirst(data);
    };
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        init(app, { username: `admin${i}`, email: `admin${i}@example.com`, password: `password-${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
    expect(await deps.stores.admins.count()).toBe(1);
    expect(reachedStore).toBeGreaterThan(1);
    // The one token handed out belongs to the admin that exists.
    const winner = responses.find((r) => r.status === 201);
    const { token } = (await winner?.json()) as Reply;
    const profile = await app.request('/api/admin/auth/profile', { headers: { Authorization: `Bearer ${token}` } });
    const { data } = (await profile.json()) as { data: { username: string } };
    expect(await deps.stores.admins.findByLogin(data.username)).not.toBeNull();
  });

  it('validates as product rules (docs/product-rules.md, "Validation") says, with field errors', async () => {
    const { app, deps } = setup();
    const cases: [unknown, string, string][] = [
      [{ username: '', email: 'a@b.co', password: 'secret1' }, 'username', 'Please fill in all fields'],
      [{ username: 'admin', email: '', password: 'secret1' }, 'email', 'Please fill in all fields'],
      [
        { username: 'admin', email: 'not-an-email', password: 'secret1' },
        'email',
        'Please enter a valid email address',
      ],
      [
        { username: 'admin', email: 'a@b.co', password: '12345' },
        'password',
        'Password must be at least 6 characters long',
      ],
      [
        { username: 'admin', email: 'a@b.co', password: 'x'.repeat(129) },
        'password',
        'Password must be at most 128 characters long',
      ],
      [{ username: 'admin', email: 'a@b.co' }, 'password', 'Please fill in all fields'],
    ];
    for (const [body, field, message] of cases) {
      const response = await init(app, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const reply = (await response.json()) as Reply;
      expect(reply.success).toBe(false);
      expect(reply.errors?.[field]).toBe(message);
    }
    expect(await deps.stores.admins.count()).toBe(0);
  });

  it('accepts Unicode and emoji passwords', async () => {
    const { app } = setup();
    const password = 'ॐ शान्ति 🕉️🌙✨';
    const created = await init(app, { ...valid, password });
    expect(created.status).toBe(201);
    const login = await app.request('/api/admin/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookieFrom(created, 'sg_device') },
      body: JSON.stringify({ username: valid.username, password }),
    });
    expect(login.status).toBe(200);
  });

  it('refuses injection-shaped and malformed bodies with 400 before touching the store', async () => {
    const { app, deps } = setup();
    const bodies = [
      { username: { $gt: '' }, email: 'a@b.co', password: 'secret1' },
      { username: 'admin', email: ['a@b.co'], password: 'secret1' },
      { username: 'admin', email: 'a@b.co', password: {} },
      { username: 'admin', email: 'a@b.co', password: 123456 },
      { username: 'admin', email: 'a@b.co', password: 'secret1', role: 'superadmin' },
      '{"username":"admin","email":"a@b.co","password":"secret1","__proto__":{"role":"owner"}}',
      '{"username":"admin","email":"a@b.co","password":"secret1","constructor":{"prototype":{"x":1}}}',
      '[1,2,3]',
      'null',
      '"text"',
      '{not json',
    ];
    for (const body of bodies) {
      const response = await init(app, body);
      expect(response.status, typeof body === 'string' ? body : JSON.stringify(body)).toBe(400);
      const reply = (await response.json()) as Reply;
      expect(reply.success).toBe(false);
      expect(typeof reply.message).toBe('string');
    }
    expect(await deps.stores.admins.count()).toBe(0);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });
});

// A deployed site (Netlify gives functions SITE_ID and URL) also needs ADMIN_SETUP_CODE for the first admin.

describe('POST /init on a deployed site', () => {
  const CODE = 'violet-river-4419-quiet-stone';

  function deployed(extra: Record<string, string> = {}) {
    const env = parseEnv(deployedTestVars(extra));
    const deps = createTestDeps({ env });
    return { deps, app: createApp(deps) };
  }

  it('tells a deployed site from npm start by the variables Netlify gives functions', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: TEST_JWT_SECRET, DATA_DIR: tmpdir(), ...FUNCTION_VARS };
    expect(parseEnv(base).isDeployed).toBe(false);
    expect(parseEnv({ ...base, SITE_ID: 'a1b2c3' }).isDeployed).toBe(true);
    expect(parseEnv({ ...base, URL: 'https://soul.example' }).isDeployed).toBe(true);
    expect(() => parseEnv({ ...base, ADMIN_SETUP_CODE: 'short' })).toThrow(/ADMIN_SETUP_CODE/);
  });

  it('answers 403 naming ADMIN_SETUP_CODE when the variable is not set, and creates nobody', async () => {
    const { app, deps } = deployed();
    const response = await init(app, { ...valid, setupCode: 'anything-at-all-here' });
    expect(response.status).toBe(403);
    const body = (await response.json()) as Reply;
    expect(body.success).toBe(false);
    expect(body.message).toContain('ADMIN_SETUP_CODE');
    expect(await deps.stores.admins.count()).toBe(0);
  });

  it('refuses a missing or wrong code with 403 and accepts the right one', async () => {
    const { app, deps } = deployed({ ADMIN_SETUP_CODE: CODE });
    for (const setupCode of [undefined, '', 'violet-river-4419-quiet-stonf', CODE.slice(0, -1), `${CODE}x`]) {
      const response = await init(app, { ...valid, ...(setupCode === undefined ? {} : { setupCode }) });
      expect(response.status, String(setupCode)).toBe(403);
      const body = (await response.json()) as Reply;
      expect(body.message).toBe('The setup code is not correct');
      // The reply never echoes the real code.
      expect(JSON.stringify(body)).not.toContain(CODE);
    }
    expect(await deps.stores.admins.count()).toBe(0);
    const ok = await init(app, { ...valid, setupCode: ` ${CODE} ` });
    expect(ok.status).toBe(201);
    // Once the admin exists, the spec's own 403 comes first, code or not.
    const again = await init(app, { ...valid, username: 'other', email: 'o@example.com', setupCode: CODE });
    expect(again.status).toBe(403);
    expect(((await again.json()) as Reply).message).toBe('Admin already exists. Please use login instead.');
  });

  it('needs no code under npm start', async () => {
    const { app } = setup();
    expect((await init(app, valid)).status).toBe(201);
  });
});

describe('GET /status', () => {
  type Status = { success: boolean; data: { adminExists: boolean; setupCodeRequired: boolean } };
  it('says whether an admin exists and whether a setup code is needed, and nothing else', async () => {
    const { app } = setup();
    const before = await app.request('/api/admin/auth/status');
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('no-store');
    expect(await before.json()).toEqual({ success: true, data: { adminExists: false, setupCodeRequired: false } });
    expect((await init(app, valid)).status).toBe(201);
    const after = (await (await app.request('/api/admin/auth/status')).json()) as Status;
    expect(after).toEqual({ success: true, data: { adminExists: true, setupCodeRequired: false } });
  });

  it('reports the setup code as required on a deployed site', async () => {
    const env = parseEnv(deployedTestVars());
    const app = createApp(createTestDeps({ env }));
    const body = (await (await app.request('/api/admin/auth/status')).json()) as Status;
    expect(body.data).toEqual({ adminExists: false, setupCodeRequired: true });
  });
});
