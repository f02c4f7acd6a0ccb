import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeMail, useSmtpServer } from '../../../tests/support/smtp';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import { signToken } from '../auth/tokens';
import {
  createAdminSession,
  DEFAULT_ADMIN,
  ownerDeviceCookie,
  rememberDeviceCookie,
  TEST_JWT_SECRET,
  type TestDeps,
} from '../../../tests/support/server/admin-session';
import { ready, readyWithMail, type App } from './admin-auth.fixtures';

// forgot-password → verify-reset-otp → reset-password.

type Reply = { success: boolean; message?: string; resetToken?: string; errors?: Record<string, string> };

/**
 * One browser, the owner's: a device cookie in a reply (the reset trusts the browser that proved the mailbox) is
 * kept, and it goes along to the login only, so the reset routes see a browser without one as before.
 */
async function post(app: App, route: string, body: unknown, ip = '192.0.2.10') {
  const cookie = route === 'login' ? { Cookie: ownerDeviceCookie(app) } : {};
  const response = await app.request(`/api/admin/auth/${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [CLIENT_IP_HEADER]: ip, ...cookie },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return rememberDeviceCookie(app, response);
}

/** The code from the newest recorded mail to the admin (the fast path; the SMTP tests read real mail). */
function lastCode(deps: TestDeps): string {
  const mail = deps.sentMail.filter((m) => m.to === DEFAULT_ADMIN.email).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('no code mailed');
  return code;
}

async function requestCode(app: App, deps: TestDeps, email: string = DEFAULT_ADMIN.email): Promise<string> {
  const response = await post(app, 'forgot-password', { email });
  expect(response.status).toBe(200);
  await deps.settled();
  return lastCode(deps);
}

async function verifyCode(app: App, code: string, email: string = DEFAULT_ADMIN.email, ip?: string) {
  return post(app, 'verify-reset-otp', { email, otp: code }, ip);
}

function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

afterEach(() => {
  vi.useRealTimers();
});

/** `ready`, with Date faked from 2026-03-01 10:00 UTC, for the tests that move the clock past an expiry. */
async function readyOnTheClock() {
  const started = await ready();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  return started;
}

describe('the whole reset, read from a real mailbox', () => {
  const smtp = useSmtpServer();

  it('mails a code that a person can read and use; old sessions end; a notice follows', async () => {
    const { app, session } = await readyWithMail(smtp.url);
    const since = smtp.messages.length;

    const forgot = await post(app, 'forgot-password', { email: 'Admin@Example.com' });
    expect(forgot.status).toBe(200);
    expect(await forgot.json()).toEqual({ success: true, message: 'OTP sent to your email' });

    const mail = decodeMail(
      await smtp.waitFor((m) => smtp.messages.indexOf(m) >= since && m.to.includes(DEFAULT_ADMIN.email)),
    );
    expect(mail.headers.subject).toMatch(/password reset code/i);
    expect(mail.text).toMatch(/expires in 10 minutes/);
    expect(mail.text).toMatch(/You did not ask for this\?/);
    expect(mail.html).toMatch(/expires in 10 minutes/);
    expect(mail.html).toMatch(/You did not ask for this\?/);
    const code = /code to reset the admin password is: (\d{6})/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code);

    const verify = await verifyCode(app, code ?? '');
    expect(verify.status).toBe(200);
    const verified = (await verify.json()) as Reply;
    expect(Object.keys(verified).sort()).toEqual(['message', 'resetToken', 'success']);
    expect(verified).toMatchObject({ success: true, message: 'OTP verified! Set your new password' });

    const reset = await post(app, 'reset-password', { resetToken: verified.resetToken, newPassword: 'a new dawn 🌅' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ success: true, message: 'Password reset successfully! You can now login' });

    // The session from before the reset is over.
    const profile = await app.request('/api/admin/auth/profile', { headers: session.authHeader });
    expect(profile.status).toBe(401);
    // Old password out, new one in.
    expect((await post(app, 'login', { username: 'admin', password: DEFAULT_ADMIN.password })).status).toBe(401);
    expect((await post(app, 'login', { username: 'admin', password: 'a new dawn 🌅' })).status).toBe(200);

    const notice = decodeMail(
      await smtp.waitFor(
        (m) => smtp.messages.indexOf(m) >= since && /was reset/i.test(decodeMail(m).headers.subject ?? ''),
      ),
    );
    expect(notice.text).toMatch(/was reset with a code/);
    expect(notice.text).not.toContain(code);
  });

  it('on a local install without SMTP, the code is in an .eml file in the outbox', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const { app, deps, env } = await readyWithMail(undefined);
    expect((await post(app, 'forgot-password', { email: DEFAULT_ADMIN.email })).status).toBe(200);
    await deps.settled();
    log.mockRestore();
    const files = readdirSync(env.OUTBOX_DIR).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(env.OUTBOX_DIR, files[0] ?? ''), 'utf8');
    const mail = decodeMail({ from: '', to: [DEFAULT_ADMIN.email], raw });
    const code = /code to reset the admin password is: (\d{6})/.exec(mail.text)?.[1] ?? '';
    expect((await verifyCode(app, code)).status).toBe(200);
  });
});

describe('POST /forgot-password', () => {
  it('answers the same whether or not the email is registered, and mails only a registered one', async () => {
    const { app, deps } = await ready();
    const registered = await post(app, 'forgot-password', { email: DEFAULT_ADMIN.email }, '192.0.2.1');
    const unknown = await post(app, 'forgot-password', { email: 'stranger@example.com' }, '192.0.2.2');
    expect(registered.status).toBe(unknown.status);
    expect(await registered.text()).toBe(await unknown.text());
    expect(deps.sentMail.map((m) => m.to)).toEqual([DEFAULT_ADMIN.email]);
    expect(await deps.stores.otps.get('stranger@example.com')).toBeNull();
  });

  it('waits out the same minimum time when the address is unknown', async () => {
    const { app } = await ready({ auth: { bcryptCost: 4, forgotPasswordMinMs: 300 } });
    const started = performance.now();
    expect((await post(app, 'forgot-password', { email: 'stranger@example.com' })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('stores only a hash of the code', async () => {
    const { app, deps } = await ready();
    const code = await requestCode(app, deps);
    const record = await deps.stores.otps.get(DEFAULT_ADMIN.email);
    expect(record?.codeHash).toBeTruthy();
    expect(record?.codeHash).not.toContain(code);
    expect(JSON.stringify(record)).not.toContain(code);
  });

  it('limits sends per address (any letter case or URL spelling) and per client address, with 429 and Retry-After', async () => {
    const { app, deps } = await ready();
    const statuses: number[] = [];
    const spellings = ['admin@example.com', 'ADMIN@example.com', ' Admin@Example.COM '];
    for (const [i, email] of spellings.entries()) {
      const route = i === 1 ? 'forgot-password/' : 'forgot-password';
      statuses.push((await post(app, route, { email }, `192.0.2.${i}`)).status);
    }
    const blocked = await post(app, 'forgot-password', { email: 'admin@example.com' }, '192.0.2.99');
    expect(statuses).toEqual([200, 200, 200]);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(deps.sentMail).toHaveLength(3);
    // An unknown address is limited the same way, so the 429 does not tell them apart.
    for (let i = 0; i < 3; i += 1) {
      expect((await post(app, 'forgot-password', { email: 'nobody@example.com' }, `192.0.2.${20 + i}`)).status).toBe(
        200,
      );
    }
    expect((await post(app, 'forgot-password', { email: 'nobody@example.com' }, '192.0.2.30')).status).toBe(429);

    // Per client address: 10 an hour, whatever the email.
    const ipStatuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      ipStatuses.push((await post(app, 'forgot-password', { email: `probe${i}@example.com` }, '198.51.100.9')).status);
    }
    expect(ipStatuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(ipStatuses[10]).toBe(429);
  });

  it('refuses injection-shaped bodies', async () => {
    const { app } = await ready();
    for (const body of [
      { email: { $gt: '' } },
      { email: [] },
      { email: {} },
      {},
      '{"email":"a@b.co","__proto__":{}}',
    ]) {
      const response = await post(app, 'forgot-password', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as Reply).success).toBe(false);
    }
  });
});

describe('POST /verify-reset-otp', () => {
  it('a code works once', async () => {
    const { app, deps } = await ready();
    const code = await requestCode(app, deps);
    expect((await verifyCode(app, code)).status).toBe(200);
    const again = await verifyCode(app, code);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ success: false, message: 'Invalid or expired code' });
  });

  it('a newer request invalidates the older code', async () => {
    const { app, deps } = await ready();
    const first = await requestCode(app, deps);
    let second = await requestCode(app, deps);
    if (second === first) second = await requestCode(app, deps); // one in a million: draw once more
    expect(second).not.toBe(first);
    expect((await verifyCode(app, first)).status).toBe(400);
    expect((await verifyCode(app, second)).status).toBe(200);
  });

  it('a code expires after 10 minutes', async () => {
    const { app, deps } = await readyOnTheClock();
    const early = await requestCode(app, deps);
    vi.setSystemTime(new Date('2026-03-01T10:09:58Z'));
    expect((await verifyCode(app, early)).status).toBe(200);

    vi.setSystemTime(new Date('2026-03-01T11:00:00Z'));
    const late = await requestCode(app, deps);
    vi.setSystemTime(new Date('2026-03-01T11:10:01Z'));
    expect((await verifyCode(app, late)).status).toBe(400);
  });

  it('five wrong codes kill the code, even the right one after them', async () => {
    const { app, deps } = await ready();
    const code = await requestCode(app, deps);
    for (let i = 1; i <= 5; i += 1) {
      const response = await verifyCode(app, otherCode(String(Number(code) + i - 1)));
      expect(response.status).toBe(400);
    }
    expect((await verifyCode(app, code)).status).toBe(400);
    expect(await deps.stores.otps.get(DEFAULT_ADMIN.email)).toBeNull();
  });

  it('four wrong codes still leave the right one usable', async () => {
    const { app, deps } = await ready();
    const code = await requestCode(app, deps);
    for (let i = 1; i <= 4; i += 1)
      expect((await verifyCode(app, otherCode(String(Number(code) + i - 1)))).status).toBe(400);
    expect((await verifyCode(app, code)).status).toBe(200);
  });

  it('concurrent guesses are counted one by one, and concurrent right answers win once', async () => {
    const { app, deps } = await ready();
    const code = await requestCode(app, deps);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        verifyCode(app, otherCode(String(Number(code) + i)), DEFAULT_ADMIN.email, `192.0.2.${i}`),
      ),
    );
    expect(guesses.every((r) => r.status === 400)).toBe(true);
    expect((await verifyCode(app, code)).status).toBe(400);

    const fresh = await requestCode(app, deps);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => verifyCode(app, fresh, DEFAULT_ADMIN.email, `192.0.2.${50 + i}`)),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('limits checks per client address, across many emails', async () => {
    const { app } = await ready();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await verifyCode(app, '123456', `someone${i}@example.com`, '203.0.113.77')).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('refuses non-string and malformed codes with 400', async () => {
    const { app, deps } = await ready();
    await requestCode(app, deps);
    for (const otp of [123456, { $gt: '' }, ['123456'], '12345', '1234567', 'abcdef', null]) {
      const response = await post(app, 'verify-reset-otp', { email: DEFAULT_ADMIN.email, otp });
      expect(response.status, JSON.stringify(otp)).toBe(400);
    }
  });
});

describe('POST /reset-password', () => {
  async function resetTokenFor(app: App, deps: TestDeps): Promise<string> {
    const response = await verifyCode(app, await requestCode(app, deps));
    return ((await response.json()) as Reply).resetToken ?? '';
  }

  it('a reset token works once', async () => {
    const { app, deps } = await ready();
    const resetToken = await resetTokenFor(app, deps);
    expect((await post(app, 'reset-password', { resetToken, newPassword: 'first-new-pass' })).status).toBe(200);
    const again = await post(app, 'reset-password', { resetToken, newPassword: 'second-new-pass' });
    expect(again.status).toBe(401);
    expect((await post(app, 'login', { username: 'admin', password: 'first-new-pass' })).status).toBe(200);
  });

  it('a reset token expires after 15 minutes', async () => {
    const { app, deps } = await readyOnTheClock();
    const resetToken = await resetTokenFor(app, deps);
    vi.setSystemTime(new Date('2026-03-01T10:15:01Z'));
    expect((await post(app, 'reset-password', { resetToken, newPassword: 'late-new-pass' })).status).toBe(401);
  });

  it('a session token is not a reset token, and a forged one is refused', async () => {
    const { app, session, deps } = await ready();
    expect((await post(app, 'reset-password', { resetToken: session.token, newPassword: 'hijacked!' })).status).toBe(
      401,
    );
    const admin = await deps.stores.admins.findByLogin('admin');
    if (!admin) throw new Error('no admin');
    const forged = signToken('some-other-secret-of-enough-length-000', 'reset', admin);
    expect((await post(app, 'reset-password', { resetToken: forged.token, newPassword: 'hijacked!' })).status).toBe(
      401,
    );
    const genuine = signToken(TEST_JWT_SECRET, 'reset', admin);
    expect((await post(app, 'reset-password', { resetToken: genuine.token, newPassword: 'genuine-pass' })).status).toBe(
      200,
    );
  });

  it('a reset token dies when the password changes before it is used', async () => {
    const { app, deps, session } = await ready();
    const resetToken = await resetTokenFor(app, deps);
    const change = await app.request('/api/admin/auth/change-password', {
      method: 'PUT',
      headers: { ...session.authHeader, 'Content-Type': 'application/json' },
      body: JSON.stringify({ currentPassword: DEFAULT_ADMIN.password, newPassword: 'changed-meanwhile' }),
    });
    expect(change.status).toBe(200);
    expect((await post(app, 'reset-password', { resetToken, newPassword: 'too-late-now' })).status).toBe(401);
  });

  it('ends every session, including one carried over a password change, and sends a notice', async () => {
    const { app, deps, session } = await ready();
    const other = await createAdminSession(app);
    await app.request('/api/admin/auth/change-password', {
      method: 'PUT',
      headers: { ...session.authHeader, 'Content-Type': 'application/json' },
      body: JSON.stringify({ currentPassword: DEFAULT_ADMIN.password, newPassword: 'changed-once' }),
    });
    const resetToken = await resetTokenFor(app, deps);
    expect((await post(app, 'reset-password', { resetToken, newPassword: 'after-the-reset' })).status).toBe(200);
    for (const s of [session, other]) {
      expect((await app.request('/api/admin/auth/verify', { headers: s.authHeader })).status).toBe(401);
    }
    expect(deps.sentMail.at(-1)?.subject).toMatch(/was reset/);
  });

  it('validates the new password', async () => {
    const { app, deps } = await ready();
    const resetToken = await resetTokenFor(app, deps);
    const short = await post(app, 'reset-password', { resetToken, newPassword: '12345' });
    expect(short.status).toBe(400);
    expect(((await short.json()) as Reply).errors?.newPassword).toBe('Password must be at least 6 characters long');
    // The token was not spent by the refused attempt.
    expect((await post(app, 'reset-password', { resetToken, newPassword: '123456' })).status).toBe(200);
  });
});
