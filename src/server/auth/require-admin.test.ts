import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { AppEnv } from '../deps';
import { createAdminSession, createTestDeps } from '../../../tests/support/server/admin-session';
import { optionalAdmin, requireAdmin } from './require-admin';

// The two exports other route groups build on, used the way they use them.

function setup() {
  const deps = createTestDeps();
  const probe = new Hono<AppEnv>();
  probe.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  probe.get('/open', async (c) => c.json({ admin: (await optionalAdmin(c))?.username ?? null }));
  probe.get('/closed', requireAdmin, (c) =>
    c.json({ admin: c.var.admin.username, tokenId: c.var.tokenId, expiresAt: c.var.tokenExpiresAt.toISOString() }),
  );
  return { deps, app: createApp(deps), probe };
}

describe('requireAdmin and optionalAdmin', () => {
  it('set admin, tokenId and tokenExpiresAt for a valid session (about 3 hours ahead)', async () => {
    const { app, probe } = setup();
    const { authHeader } = await createAdminSession(app);
    const response = await probe.request('/closed', { headers: authHeader });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { admin: string; tokenId: string; expiresAt: string };
    expect(body.admin).toBe('admin');
    expect(body.tokenId.length).toBeGreaterThanOrEqual(16);
    const hours = (new Date(body.expiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(2.9);
    expect(hours).toBeLessThanOrEqual(3);
  });

  it('answer 401 JSON / null without a valid session', async () => {
    const { app, probe } = setup();
    const { authHeader } = await createAdminSession(app);
    const closed = await probe.request('/closed', { headers: { Authorization: 'Bearer not.a.token' } });
    expect(closed.status).toBe(401);
    expect(await closed.json()).toMatchObject({ success: false });
    expect(await (await probe.request('/open')).json()).toEqual({ admin: null });
    expect(await (await probe.request('/open', { headers: { Authorization: 'Bearer x.y.z' } })).json()).toEqual({
      admin: null,
    });
    expect(await (await probe.request('/open', { headers: authHeader })).json()).toEqual({ admin: 'admin' });
    await app.request('/api/admin/auth/logout', { method: 'POST', headers: authHeader });
    expect(await (await probe.request('/open', { headers: authHeader })).json()).toEqual({ admin: null });
  });
});
