import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { AUTH_SETTINGS } from '../auth/settings';
import { createAdminSession, createTestDeps, DEFAULT_ADMIN } from '../../../tests/support/server/admin-session';

// POST /api/admin/auth/refresh: sliding sessions capped at an absolute maximum (docs/auth.md, "Sliding sessions").

const HOUR = 60 * 60 * 1000;
const START = new Date('2026-11-23T08:00:00Z').getTime();

type RefreshReply = { success: boolean; renewed?: boolean; token?: string; expiresAt?: string; message?: string };

/** The app with the clock at START and the admin signed in with their password (`token`). */
async function signedIn() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(START);
  const deps = createTestDeps();
  const app = createApp(deps);
  const { token } = await createAdminSession(app);
  return { deps, app, token };
}

afterEach(() => {
  vi.useRealTimers();
});

type App = ReturnType<typeof createApp>;

async function refresh(app: App, token: string): Promise<{ status: number; body: RefreshReply }> {
  const response = await app.request('/api/admin/auth/refresh', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { status: response.status, body: (await response.json()) as RefreshReply };
}

async function verifyStatus(app: App, token: string): Promise<number> {
  return (await app.request('/api/admin/auth/verify', { headers: { Authorization: `Bearer ${token}` } })).status;
}

const claimsOf = (token: string) => jwt.decode(token) as { exp: number; iat: number; auth_time: number; jti: string };

describe('POST /api/admin/auth/refresh', () => {
  it('keeps the same token before half-life', async () => {
    const { app, token } = await signedIn();
    vi.setSystemTime(START + 1 * HOUR);
    const { status, body } = await refresh(app, token);
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      renewed: false,
      expiresAt: new Date(claimsOf(token).exp * 1000).toISOString(),
    });
    expect(await verifyStatus(app, token)).toBe(200);
  });

  it('past half-life issues a fresh 3-hour token, keeps the sign-in time and retires the old token', async () => {
    const { app, token } = await signedIn();
    const now = START + 1.6 * HOUR;
    vi.setSystemTime(now);
    const { status, body } = await refresh(app, token);
    expect(status).toBe(200);
    expect(body.renewed).toBe(true);
    const fresh = body.token ?? '';
    expect(fresh).not.toBe(token);
    const claims = claimsOf(fresh);
    expect(claims.exp * 1000).toBe(Math.floor((now + AUTH_SETTINGS.sessionLifetimeMs) / 1000) * 1000);
    expect(body.expiresAt).toBe(new Date(claims.exp * 1000).toISOString());
    expect(claims.auth_time).toBe(claimsOf(token).auth_time);
    expect(claims.auth_time).toBe(Math.floor(START / 1000));
    expect(await verifyStatus(app, fresh)).toBe(200);
    expect(await verifyStatus(app, token)).toBe(401);
    // The old token cannot be renewed a second time either.
    expect((await refresh(app, token)).status).toBe(401);
  });

  it('of 8 parallel renewals of one token exactly one succeeds, and its logout ends the session', async () => {
    const { app, token } = await signedIn();
    vi.setSystemTime(START + 1.6 * HOUR);
    const results = await Promise.all(Array.from({ length: 8 }, () => refresh(app, token)));
    const winners = results.filter((r) => r.status === 200 && r.body.renewed === true);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(7);
    const fresh = winners[0]?.body.token ?? '';
    expect(await verifyStatus(app, fresh)).toBe(200);
    expect(await verifyStatus(app, token)).toBe(401);
    await app.request('/api/admin/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${fresh}` } });
    expect(await verifyStatus(app, fresh)).toBe(401);
  });

  it('never renews beyond 12 hours after the password sign-in', async () => {
    const session = await signedIn();
    const { app } = session;
    let { token } = session;
    const cap = START + AUTH_SETTINGS.sessionMaxAgeMs;
    let renewals = 0;
    for (let step = 0; step < 20; step += 1) {
      const { exp, iat } = claimsOf(token);
      // Just past half of this token's life.
      vi.setSystemTime(((iat + exp) / 2) * 1000 + 60_000);
      const { status, body } = await refresh(app, token);
      expect(status).toBe(200);
      if (!body.renewed) break;
      renewals += 1;
      token = body.token ?? '';
      expect(claimsOf(token).exp * 1000).toBeLessThanOrEqual(cap);
    }
    expect(renewals).toBeGreaterThan(3);
    expect(claimsOf(token).exp * 1000).toBe(cap);
    vi.setSystemTime(cap - 60_000);
    expect(await verifyStatus(app, token)).toBe(200);
    vi.setSystemTime(cap + 1_000);
    expect(await verifyStatus(app, token)).toBe(401);
    expect((await refresh(app, token)).status).toBe(401);
  });

  it('a renewed session ends at logout; the token it replaced stays dead', async () => {
    const { app, token } = await signedIn();
    vi.setSystemTime(START + 2 * HOUR);
    const fresh = (await refresh(app, token)).body.token ?? '';
    const logout = await app.request('/api/admin/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${fresh}` },
    });
    expect(logout.status).toBe(200);
    expect(await verifyStatus(app, fresh)).toBe(401);
    expect(await verifyStatus(app, token)).toBe(401);
    expect((await refresh(app, fresh)).status).toBe(401);
  });

  it('refuses a session ended by a password change elsewhere, a reset token, and no token', async () => {
    const { app, token } = await signedIn();
    const other = await createAdminSession(app);
    const change = await app.request('/api/admin/auth/change-password', {
      method: 'PUT',
      headers: { ...other.authHeader, 'Content-Type': 'application/json' },
      body: JSON.stringify({ currentPassword: DEFAULT_ADMIN.password, newPassword: 'a brand new secret 42' }),
    });
    expect(change.status).toBe(200);
    vi.setSystemTime(START + 2 * HOUR);
    expect((await refresh(app, token)).status).toBe(401);
    // The session that made the change is carried over, and renews into the new token version.
    const carried = await refresh(app, other.token);
    expect(carried.body.renewed).toBe(true);
    expect(await verifyStatus(app, carried.body.token ?? '')).toBe(200);

    const none = await app.request('/api/admin/auth/refresh', { method: 'POST' });
    expect(none.status).toBe(401);
  });
});
