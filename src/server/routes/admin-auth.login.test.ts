import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { AUTH_SETTINGS } from '../auth/settings';
import {
  createAdminSession,
  createTestDeps,
  DEFAULT_ADMIN,
  ownerDeviceCookie,
  type TestDeps,
} from '../../../tests/support/server/admin-session';
import type { App } from './admin-auth.fixtures';

// POST /api/admin/auth/login: same answer for every kind of wrong, limits that cannot be sidestepped.

type Reply = { success: boolean; token?: string; message?: string };

function setup(realCost = false) {
  const deps = createTestDeps(realCost ? { auth: { forgotPasswordMinMs: 0 } } : {});
  return { deps, app: createApp(deps) };
}

async function login(
  app: App,
  body: unknown,
  options: { ip?: string; path?: string; headers?: Record<string, string>; device?: string } = {},
) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
  if (options.ip) headers[CLIENT_IP_HEADER] = options.ip;
  // The owner's browser: its device cookie (tests/support/server/admin-session.ts). Without it, a new browser.
  if (options.device) headers['Cookie'] = options.device;
  return app.request(options.path ?? '/api/admin/auth/login', {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
}

const right = { username: DEFAULT_ADMIN.username, password: DEFAULT_ADMIN.password };
const wrong = { username: DEFAULT_ADMIN.username, password: 'not-the-password' };

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /login', () => {
  it('signs in by username or email, in any letter case, at the real bcrypt cost, and records lastLogin', async () => {
    const { app, deps } = setup(true);
    await createAdminSession(app);
    await deps.stores.admins.update((await deps.stores.admins.findByLogin('admin'))?._id ?? '', { lastLogin: null });
    for (const username of ['admin', 'ADMIN', ' admin ', 'Admin@Example.com']) {
      const response = await login(
        app,
        { username, password: DEFAULT_ADMIN.password },
        { device: ownerDeviceCookie(app) },
      );
      expect(response.status, username).toBe(200);
      const body = (await response.json()) as Reply;
      expect(Object.keys(body).sort()).toEqual(['message', 'success', 'token']);
      expect(body).toMatchObject({ success: true, message: 'Login successful' });
    }
    const admin = await deps.stores.admins.findByLogin('admin');
    expect(admin?.lastLogin).not.toBeNull();
    expect(admin?.passwordHash).toMatch(new RegExp(`^\\$2[aby]\\$${AUTH_SETTINGS.bcryptCost}\\$`));
  });

  it('gives a wrong username and a wrong password the same 401 and the same body', async () => {
    const { app } = setup();
    await createAdminSession(app);
    const unknown = await login(app, { username: 'nobody', password: DEFAULT_ADMIN.password }, { ip: '203.0.113.1' });
    const badPassword = await login(app, wrong, { ip: '203.0.113.2' });
    expect(unknown.status).toBe(401);
    expect(badPassword.status).toBe(401);
    const a = await unknown.text();
    expect(a).toBe(await badPassword.text());
    expect(JSON.parse(a)).toEqual({ success: false, message: 'Invalid username or password' });
  });

  it('takes about as long for an unknown username as for a wrong password (median within 50 ms over 20 tries)', async () => {
    // Real bcrypt cost: at a low cost the two paths would look alike even without the dummy hash.
    const { app } = setup(true);
    await createAdminSession(app);
    const timed = async (body: unknown, ip: string) => {
      const started = performance.now();
      const response = await login(app, body, { ip });
      const elapsed = performance.now() - started;
      expect(response.status).toBe(401);
      return elapsed;
    };
    const median = (values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
    };
    /** One round: 20 tries of each kind, interleaved (alternating which goes first) so load hits both alike. */
    const round = async (r: number) => {
      const unknownTimes: number[] = [];
      const wrongTimes: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const unknownAttempt = async () => {
          unknownTimes.push(await timed({ username: `ghost-${r}-${i}`, password: 'guess-123' }, `198.51.${r}.${i}`));
        };
        const wrongAttempt = async () => {
          wrongTimes.push(await timed(wrong, `198.51.${r}.${i + 100}`));
        };
        if (i % 2 === 0) {
          await unknownAttempt();
          await wrongAttempt();
        } else {
          await wrongAttempt();
          await unknownAttempt();
        }
      }
      return { unknown: median(unknownTimes), wrong: median(wrongTimes) };
    };

    await timed({ username: 'warm-up', password: 'whatever' }, '198.51.100.250');
    // A leak (no dummy hash) is a whole bcrypt check, ~300 ms, in every round. A busy shared machine can still push
    // one round's medians apart, so up to three rounds are measured and the test needs one within 50 ms.
    const rounds: { unknown: number; wrong: number }[] = [];
    for (let r = 0; r < 3; r += 1) {
      const result = await round(r);
      rounds.push(result);
      // Both paths really run bcrypt at cost 12 (tens of milliseconds at least), so the comparison means something.
      expect(result.unknown).toBeGreaterThan(50);
      if (Math.abs(result.unknown - result.wrong) < 50) break;
    }
    const best = Math.min(...rounds.map((x) => Math.abs(x.unknown - x.wrong)));
    expect(best, JSON.stringify(rounds)).toBeLessThan(50);
  }, 180_000);

  it('does not let a password that shares its first 72 bytes with the real one in (real cost)', async () => {
    const { app } = setup(true);
    const prefix = '🌕'.repeat(18); // 18 × 4 bytes = 72 bytes: everything after is what bcrypt alone would ignore.
    const password = `${prefix}-first`;
    await createAdminSession(app, { username: 'moon', password });
    expect((await login(app, { username: 'moon', password: `${prefix}-other` })).status).toBe(401);
    expect((await login(app, { username: 'moon', password: prefix })).status).toBe(401);
    expect((await login(app, { username: 'moon', password }, { device: ownerDeviceCookie(app) })).status).toBe(200);
  });

  it('refuses non-string and extra fields with 400', async () => {
    const { app } = setup();
    await createAdminSession(app);
    for (const body of [
      { username: { $gt: '' }, password: { $gt: '' } },
      { username: 'admin', password: { $ne: null } },
      { username: ['admin'], password: DEFAULT_ADMIN.password },
      { username: 'admin', password: DEFAULT_ADMIN.password, isAdmin: true },
      { username: '', password: '' },
    ]) {
      const response = await login(app, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as Reply).success).toBe(false);
    }
    const missing = await login(app, { username: 'admin' });
    expect(await missing.json()).toMatchObject({ message: 'Please enter both username and password' });
  });
});

describe('login rate limits', () => {
  async function failUntilLimited(attempts: (i: number) => Promise<Response>) {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempts(i)).status);
    return statuses;
  }

  async function ready(): Promise<{ app: App; deps: TestDeps }> {
    const { app, deps } = setup();
    await createAdminSession(app);
    return { app, deps };
  }

  it('answers 429 with Retry-After after 5 failures from one address, even for the right password', async () => {
    const { app } = await ready();
    const statuses = await failUntilLimited(() => login(app, wrong, { ip: '192.0.2.1' }));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await login(app, right, { ip: '192.0.2.1' });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const body = (await blocked.json()) as Reply;
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/Too many attempts/);
    expect(body).not.toHaveProperty('token');
  });

  it('keeps one key per address across letter case, spacing, username versus email and trailing slashes', async () => {
    const { app } = await ready();
    const ip = { ip: '192.0.2.1' };
    const variants = [
      () => login(app, { username: 'admin', password: 'wrong-1' }, ip),
      () => login(app, { username: 'ADMIN', password: 'wrong-2' }, ip),
      () => login(app, { username: '  Admin ', password: 'wrong-3' }, ip),
      () => login(app, { username: 'ADMIN@example.COM', password: 'wrong-4' }, ip),
      () => login(app, { username: 'admin', password: 'wrong-5' }, { ...ip, path: '/api/admin/auth/login/' }),
      () => login(app, right, { ...ip, path: '/api/admin/auth/login//' }),
    ];
    const statuses: number[] = [];
    for (const attempt of variants) statuses.push((await attempt()).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    // Whether the doubled slash routes or 404s, it must not have signed in.
    expect([429, 404]).toContain(statuses[5]);
    expect((await login(app, right, ip)).status).toBe(429);
  });

  it('limits one address across many names, and ignores a client-chosen X-Forwarded-For', async () => {
    const { app } = await ready();
    const statuses = await failUntilLimited((i) =>
      login(
        app,
        { username: `user-${i}`, password: 'guess' },
        { ip: '198.51.100.7', headers: { 'X-Forwarded-For': `10.0.0.${i}`, 'X-Real-IP': `10.1.0.${i}` } },
      ),
    );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another address is not affected.
    expect((await login(app, right, { ip: '198.51.100.8', device: ownerDeviceCookie(app) })).status).toBe(200);
  });

  it('treats addresses of one IPv6 /64 as one client, and IPv4-mapped IPv6 as its IPv4 address', async () => {
    const { app } = await ready();
    const ips = [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:DB8:1:2:ffff::9',
      '2001:0db8:0001:0002::abcd',
      '2001:db8:1:2::5',
    ];
    for (const [i, ip] of ips.entries()) {
      expect((await login(app, { username: `v6-${i}`, password: 'guess' }, { ip })).status).toBe(401);
    }
    expect((await login(app, { username: 'v6-x', password: 'guess' }, { ip: '2001:db8:1:2::77' })).status).toBe(429);
    expect((await login(app, right, { ip: '2001:db8:1:3::1', device: ownerDeviceCookie(app) })).status).toBe(200);

    for (let i = 0; i < 5; i += 1) {
      const ip = i % 2 === 0 ? '203.0.113.50' : '::ffff:203.0.113.50';
      expect((await login(app, { username: `v4-${i}`, password: 'guess' }, { ip })).status).toBe(401);
    }
    expect((await login(app, { username: 'v4-x', password: 'guess' }, { ip: '::ffff:cb00:7132' })).status).toBe(429);
  });

  it('counts concurrent guesses one by one: a burst cannot slip past the limit', async () => {
    const { app } = await ready();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(app, { username: 'admin', password: `burst-${i}` }, { ip: '192.0.2.1' }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('has no per-account counter a stranger could hold shut: rotating addresses never keep the owner out', async () => {
    const { app } = await ready();
    // 30 addresses × 5 wrong passwords: every one of them is spent, and the account is still open.
    for (let a = 0; a < 30; a += 1) {
      const statuses = await failUntilLimited(() => login(app, wrong, { ip: `198.51.100.${a}` }));
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    }
    expect((await login(app, right, { ip: '192.0.2.200', device: ownerDeviceCookie(app) })).status).toBe(200);
    // A new browser with the right password gets the approval step, not a refusal.
    expect((await login(app, right, { ip: '192.0.2.201' })).status).toBe(202);
  });

  it('a successful login clears the failures of that account', async () => {
    const { app } = await ready();
    const owner = { ip: '192.0.2.1', device: ownerDeviceCookie(app) };
    for (let i = 0; i < 4; i += 1) expect((await login(app, wrong, owner)).status).toBe(401);
    expect((await login(app, right, owner)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(app, wrong, owner)).status).toBe(401);
    expect((await login(app, right, owner)).status).toBe(200);
  });
});
