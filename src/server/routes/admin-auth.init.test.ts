import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { AUTH_SETTINGS } from '../services/auth-settings';
import { createTestDeps } from '../testing/admin-session';

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
    expect((await init(app, { ...valid, password })).status).toBe(201);
    const login = await app.request('/api/admin/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
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
