import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { signToken } from '../auth/tokens';
import {
  createAdminSession,
  createTestDeps,
  DEFAULT_ADMIN,
  TEST_JWT_SECRET,
} from '../../../tests/support/server/admin-session';

// GET /verify, GET /profile, POST /logout, and what makes a session token (not) work.

function setup() {
  const deps = createTestDeps();
  return { deps, app: createApp(deps) };
}

type Reply = { success: boolean; message?: string; data?: Record<string, unknown> };

async function verifyStatus(app: ReturnType<typeof createApp>, token: string): Promise<number> {
  const response = await app.request('/api/admin/auth/verify', { headers: { Authorization: `Bearer ${token}` } });
  return response.status;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('verify and profile', () => {
  it('open with a fresh session and show only the public admin fields', async () => {
    const { app } = setup();
    const { authHeader } = await createAdminSession(app);
    const verify = await app.request('/api/admin/auth/verify', { headers: authHeader });
    expect(verify.status).toBe(200);
    expect(await verify.json()).toEqual({ success: true });

    const profile = await app.request('/api/admin/auth/profile', { headers: authHeader });
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBe('no-store');
    const body = (await profile.json()) as Reply;
    expect(body.success).toBe(true);
    expect(Object.keys(body.data ?? {}).sort()).toEqual(['email', 'lastLogin', 'role', 'username']);
    expect(body.data).toMatchObject({ username: DEFAULT_ADMIN.username, email: DEFAULT_ADMIN.email, role: 'admin' });
    expect(typeof body.data?.lastLogin).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/\$2[aby]\$/);
  });

  it('answer 401 JSON without a token or with a malformed Authorization header', async () => {
    const { app } = setup();
    await createAdminSession(app);
    for (const headers of [{}, { Authorization: 'Basic YWRtaW46cGFzcw==' }, { Authorization: 'Bearer' }]) {
      const response = await app.request('/api/admin/auth/profile', { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      const body = (await response.json()) as Reply;
      expect(body.success).toBe(false);
      expect(body.message).toBeTruthy();
    }
  });

  it('accept the Bearer scheme in any letter case', async () => {
    const { app } = setup();
    const { token } = await createAdminSession(app);
    const response = await app.request('/api/admin/auth/verify', { headers: { Authorization: `bearer ${token}` } });
    expect(response.status).toBe(200);
  });
});

describe('tokens that must not work', () => {
  it('refuses alg:none, whatever the payload claims', async () => {
    const { app } = setup();
    const { token } = await createAdminSession(app);
    const payload = jwt.decode(token) as Record<string, unknown>;
    for (const alg of ['none', 'None', 'NONE']) {
      const unsigned = `${b64({ alg, typ: 'JWT' })}.${b64(payload)}.`;
      expect(await verifyStatus(app, unsigned)).toBe(401);
    }
    // The real session is still fine: nothing above touched it.
    expect(await verifyStatus(app, token)).toBe(200);
  });

  it('refuses a tampered payload (signature kept)', async () => {
    const { app } = setup();
    const { token } = await createAdminSession(app);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${b64({ ...claims, exp: Number(claims.exp) + 86_400 })}.${signature}`;
    expect(await verifyStatus(app, tampered)).toBe(401);
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyStatus(app, flipped)).toBe(401);
  });

  it('refuses an expired token, a wrong secret and another HMAC algorithm', async () => {
    const { app } = setup();
    const { token } = await createAdminSession(app);
    const claims = jwt.decode(token) as {
      kind: string;
      ver: number;
      sub: string;
      jti: string;
      iss: string;
      aud: string;
    };
    const body = { kind: claims.kind, ver: claims.ver };
    const options = { subject: claims.sub, issuer: claims.iss, audience: claims.aud };
    const sign = (secret: string, extra: jwt.SignOptions, exp?: number) =>
      jwt.sign(exp === undefined ? body : { ...body, exp }, secret, { ...options, ...extra });
    const hour = { expiresIn: 3600 } as const;
    const cases: [string, string, number][] = [
      [
        'expired',
        sign(
          TEST_JWT_SECRET,
          { algorithm: 'HS256', jwtid: 'expired-token-id-0001' },
          Math.floor(Date.now() / 1000) - 10,
        ),
        401,
      ],
      [
        'wrong secret',
        sign('another-secret-that-is-long-enough-000000', {
          algorithm: 'HS256',
          ...hour,
          jwtid: 'wrong-secret-token-01',
        }),
        401,
      ],
      ['HS512', sign(TEST_JWT_SECRET, { algorithm: 'HS512', ...hour, jwtid: 'hs512-token-id-000001' }), 401],
      // Control: the same recipe with the right secret and algorithm does work, so the refusals above are meaningful.
      ['control', sign(TEST_JWT_SECRET, { algorithm: 'HS256', ...hour, jwtid: 'good-token-id-0000001' }), 200],
    ];
    for (const [name, token, status] of cases) expect(await verifyStatus(app, token), name).toBe(status);
  });

  it('refuses a reset token in place of a session token', async () => {
    const { app, deps } = setup();
    await createAdminSession(app);
    const admin = await deps.stores.admins.findByLogin(DEFAULT_ADMIN.username);
    if (!admin) throw new Error('no admin');
    const reset = signToken(TEST_JWT_SECRET, 'reset', admin);
    expect(await verifyStatus(app, reset.token)).toBe(401);
    const session = signToken(TEST_JWT_SECRET, 'session', admin);
    expect(await verifyStatus(app, session.token)).toBe(200);
  });

  it('refuses an oversized token without parsing it', async () => {
    const { app } = setup();
    await createAdminSession(app);
    expect(await verifyStatus(app, 'a'.repeat(10_000))).toBe(401);
  });
});

describe('logout', () => {
  it('revokes exactly the token it was called with', async () => {
    const { app } = setup();
    const first = await createAdminSession(app);
    const second = await createAdminSession(app);
    const response = await app.request('/api/admin/auth/logout', { method: 'POST', headers: first.authHeader });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    expect(await verifyStatus(app, first.token)).toBe(401);
    const profile = await app.request('/api/admin/auth/profile', { headers: first.authHeader });
    expect(profile.status).toBe(401);
    // Reusing the revoked token for logout itself is refused too.
    const again = await app.request('/api/admin/auth/logout', { method: 'POST', headers: first.authHeader });
    expect(again.status).toBe(401);
    expect(await verifyStatus(app, second.token)).toBe(200);
  });

  it('needs a session', async () => {
    const { app } = setup();
    const response = await app.request('/api/admin/auth/logout', { method: 'POST' });
    expect(response.status).toBe(401);
  });
});
