import { readdirSync, readFileSync, statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFrom, type Reply, type SendOptions } from './support/attacker';
import { startServer, type RunningServer } from './support/server';

// Issue 11 against the real local server (scripts/serve.ts): the lockout scenario with two source addresses
// (127.0.0.3 the attacker, 127.0.0.4 the owner) and the rotating-address variant, plus the server's own settings.
// The local server takes the client address from the socket, so binding the client socket to 127.0.0.x is a real
// second address.

let server: RunningServer;
let port: number;

const send = (method: string, route: string, options?: SendOptions): Promise<Reply> =>
  sendFrom(port, method, route, options);

const OWNER = { username: 'owner', email: 'owner@example.com', password: 'the owner’s own passphrase' };
const wrong = { username: OWNER.username, password: 'a wrong guess' };

let ownerCookie = '';

beforeAll(async () => {
  server = await startServer({ args: ['--no-build'] });
  port = Number(new URL(server.url).port);
  const init = await send('POST', '/api/admin/auth/init', { from: '127.0.0.4', body: OWNER });
  expect(init.status).toBe(201);
  const cookies = init.headers['set-cookie'] ?? [];
  ownerCookie =
    (Array.isArray(cookies) ? cookies : [cookies]).find((c) => c.startsWith('sg_device='))?.split(';')[0] ?? '';
  expect(ownerCookie).not.toBe('');
});

afterAll(async () => {
  await server?.stop();
});

async function ownerLogin() {
  return send('POST', '/api/admin/auth/login', {
    from: '127.0.0.4',
    body: { username: OWNER.username, password: OWNER.password },
    headers: { cookie: ownerCookie },
  });
}

describe('lockout, end to end', () => {
  it('one attacking address: the owner still signs in, changes the account and resets the password', async () => {
    const attack: number[] = [];
    for (let i = 0; i < 12; i += 1)
      attack.push((await send('POST', '/api/admin/auth/login', { from: '127.0.0.3', body: wrong })).status);
    expect(attack.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(attack.slice(5).every((s) => s === 429)).toBe(true);
    // Three forgot-password requests from the attacker for the owner's address.
    for (let i = 0; i < 3; i += 1) {
      await send('POST', '/api/admin/auth/forgot-password', { from: '127.0.0.3', body: { email: OWNER.email } });
    }

    const login = await ownerLogin();
    expect(login.status).toBe(200);
    const { token } = JSON.parse(login.body) as { token: string };
    const auth = { authorization: `Bearer ${token}`, cookie: ownerCookie };
    const email = await send('PUT', '/api/admin/auth/change-email', {
      from: '127.0.0.4',
      headers: auth,
      body: { newEmail: 'owner2@example.com', currentPassword: OWNER.password },
    });
    expect(email.status).toBe(200);
    const back = await send('PUT', '/api/admin/auth/change-email', {
      from: '127.0.0.4',
      headers: auth,
      body: { newEmail: OWNER.email, currentPassword: OWNER.password },
    });
    expect(back.status).toBe(200);

    const outbox = path.join(server.dataDir, 'outbox');
    const before = new Set(readdirSync(outbox));
    const forgot = await send('POST', '/api/admin/auth/forgot-password', {
      from: '127.0.0.4',
      headers: { cookie: ownerCookie },
      body: { email: OWNER.email },
    });
    expect(forgot.status).toBe(200);
    let code = '';
    for (let i = 0; i < 50 && code === ''; i += 1) {
      for (const file of readdirSync(outbox).filter((f) => !before.has(f) && f.endsWith('.eml'))) {
        code =
          /code to reset the admin password is: (\d{6})/.exec(readFileSync(path.join(outbox, file), 'utf8'))?.[1] ??
          code;
      }
      if (code === '') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(code).toMatch(/^\d{6}$/);
    const verify = await send('POST', '/api/admin/auth/verify-reset-otp', {
      from: '127.0.0.4',
      headers: { cookie: ownerCookie },
      body: { email: OWNER.email, otp: code },
    });
    expect(verify.status).toBe(200);
  });

  it('20 rotating addresses × 10 requests: the owner still signs in', async () => {
    const statuses: number[] = [];
    for (let a = 0; a < 20; a += 1) {
      for (let i = 0; i < 10; i += 1) {
        statuses.push((await send('POST', '/api/admin/auth/login', { from: `127.0.1.${a + 10}`, body: wrong })).status);
      }
    }
    // Each address gets its own five tries and no more; there is no account-wide counter for them to fill
    // (a correct password from a new browser only sends the owner an approval mail: tests/e2e/security-new-device).
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100);
    expect((await ownerLogin()).status).toBe(200);
  });
});

describe('the local server itself', () => {
  it('answers TRACE with 405 and Allow, not 500', async () => {
    for (const route of ['/api/services', '/']) {
      const reply = await send('TRACE', route, { from: '127.0.0.1' });
      expect(reply.status, route).toBe(405);
      expect(String(reply.headers.allow)).toContain('GET');
    }
  });

  it('listens on 127.0.0.1 only', async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((info) => info && info.family === 'IPv4' && !info.internal);
    expect((await send('GET', '/api/services', { from: '127.0.0.1' })).status).toBe(200);
    if (external) {
      await expect(send('GET', '/api/services', { from: external.address, host: external.address })).rejects.toThrow(
        /ECONNREFUSED/,
      );
    }
    expect(server.output()).not.toMatch(/0\.0\.0\.0/);
  });

  it('keeps content.db and its WAL and SHM files owner-only', () => {
    for (const suffix of ['', '-wal', '-shm']) {
      const mode = statSync(path.join(server.dataDir, `content.db${suffix}`)).mode & 0o777;
      expect(mode.toString(8), `content.db${suffix}`).toBe('600');
    }
  });
});
