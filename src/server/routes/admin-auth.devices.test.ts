import { describe, expect, it } from 'vitest';
import { decodeMail, useSmtpServer } from '../../../tests/support/smtp';
import { CLIENT_IP_HEADER } from '../auth/client-ip';
import {
  cookieFrom,
  DEFAULT_ADMIN,
  ownerDeviceCookie,
  type TestDeps,
} from '../../../tests/support/server/admin-session';
import { ready, readyWithMail, type App } from './admin-auth.fixtures';

// New-device approval, the device list, "Sign out everywhere" and device-cookie revocation (docs/auth.md,
// "New devices", "Devices and sessions"). Each "browser" here is a little cookie jar of its own.

const right = { username: DEFAULT_ADMIN.username, password: DEFAULT_ADMIN.password };
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** A browser: its cookies (by name), its address and its User-Agent. */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: App,
    readonly ip: string,
    readonly userAgent = FIREFOX_WINDOWS,
  ) {}

  async call(method: string, route: string, body?: unknown, token?: string): Promise<Response> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      [CLIENT_IP_HEADER]: this.ip,
      'User-Agent': this.userAgent,
    };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies.values()].join('; ');
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await this.app.request(`/api/admin/auth/${route}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const name = pair.slice(0, pair.indexOf('='));
      if (pair.length <= name.length + 1 || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
    return response;
  }

  post(route: string, body?: unknown, token?: string) {
    return this.call('POST', route, body ?? {}, token);
  }
}

/** The owner's browser: the one that created the first admin. */
function ownerBrowser(app: App): Browser {
  const browser = new Browser(app, '127.0.0.4');
  browser.cookies.set('sg_device', ownerDeviceCookie(app));
  return browser;
}

function approvalMails(deps: TestDeps) {
  return deps.sentMail.filter((m) => /approve a new sign-in/.test(m.subject));
}

async function codeFromLastMail(deps: TestDeps): Promise<string> {
  await deps.settled();
  const text = approvalMails(deps).at(-1)?.text ?? '';
  return /Code: (\d{6})/.exec(text)?.[1] ?? '';
}

async function tokenOf(response: Response): Promise<string> {
  return ((await response.json()) as { token: string }).token;
}

async function verifyStatus(app: App, token: string) {
  return (await app.request('/api/admin/auth/verify', { headers: { Authorization: `Bearer ${token}` } })).status;
}

/** A new browser that signs in with the password and the e-mailed code; answers its session token. */
async function approvedBrowser(app: App, deps: TestDeps, ip: string, userAgent = CHROME_ANDROID) {
  const browser = new Browser(app, ip, userAgent);
  expect((await browser.post('login', right)).status).toBe(202);
  const approved = await browser.post('approve-device', { code: await codeFromLastMail(deps) });
  expect(approved.status).toBe(200);
  return { browser, token: await tokenOf(approved) };
}

describe('a new browser', () => {
  it('gets no session for the password alone: 202, a pending sign-in cookie, and a mail with a code and a link', async () => {
    const { app, deps } = await ready();
    const phone = new Browser(app, '127.0.0.5', CHROME_ANDROID);
    const response = await phone.post('login', right);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      success: false,
      verificationRequired: true,
      message:
        'Please check your e-mail: a sign-in code is on its way to the admin address. Enter it here, in this browser, within 15 minutes.',
    });
    expect(phone.cookies.has('sg_device')).toBe(false);
    const pending = response.headers.getSetCookie().find((c) => c.startsWith('sg_signin=')) ?? '';
    expect(pending).toMatch(/; HttpOnly/i);
    expect(pending).toMatch(/; SameSite=Strict/i);
    expect(pending).toMatch(/; Path=\/api\/admin\/auth(;|$)/);
    expect(pending).toMatch(/; Max-Age=900/);
    await deps.settled();
    const mail = approvalMails(deps).at(-1);
    expect(mail?.to).toBe(DEFAULT_ADMIN.email);
    expect(mail?.text).toContain('Chrome on Android');
    const code = /Code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(mail?.text).toContain(`/admin/login?approve=${code}`);
    expect(mail?.html).toContain(code);
  });

  it('signs in with the code from the same browser, once, and is trusted from then on', async () => {
    const { app, deps } = await ready();
    const phone = new Browser(app, '127.0.0.5', CHROME_ANDROID);
    await phone.post('login', right);
    const code = await codeFromLastMail(deps);
    const approved = await phone.post('approve-device', { code });
    expect(approved.status).toBe(200);
    const body = (await approved.json()) as { success: boolean; token: string; message: string };
    expect(body).toMatchObject({ success: true, message: 'Login successful' });
    expect(await verifyStatus(app, body.token)).toBe(200);
    expect(phone.cookies.has('sg_signin')).toBe(false);
    expect(phone.cookies.has('sg_device')).toBe(true);
    // Single use.
    expect((await phone.post('approve-device', { code })).status).toBe(400);
    // Trusted now: the password alone opens a session in this browser, and no further mail goes out.
    const before = approvalMails(deps).length;
    expect((await phone.post('login', right)).status).toBe(200);
    await deps.settled();
    expect(approvalMails(deps)).toHaveLength(before);
  });

  it('a code (or the link) used in another browser signs nobody in, and guesses cannot burn the owner’s code', async () => {
    const { app, deps } = await ready();
    const owner = new Browser(app, '127.0.0.5');
    await owner.post('login', right);
    const code = await codeFromLastMail(deps);

    // A browser without the pending sign-in: nothing to approve.
    const elsewhere = new Browser(app, '203.0.113.9');
    expect((await elsewhere.post('approve-device', { code })).status).toBe(400);
    // An attacker who knows the password has a pending sign-in of their own; the owner's code does not fit it, and
    // their five wrong tries end only their own.
    const attacker = new Browser(app, '203.0.113.10');
    expect((await attacker.post('login', right)).status).toBe(202);
    const attackerCode = await codeFromLastMail(deps);
    const guess = attackerCode === code ? String((Number(code) + 1) % 1_000_000).padStart(6, '0') : code;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attacker.post('approve-device', { code: guess })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400]);
    expect((await attacker.post('approve-device', { code: attackerCode })).status).toBe(400);
    expect(attacker.cookies.has('sg_device')).toBe(false);

    const approved = await owner.post('approve-device', { code });
    expect(approved.status).toBe(200);
  });

  it('an approval gives back the login try and the mail it used; unfinished ones keep them', async () => {
    const { app, deps } = await ready();
    for (let i = 0; i < 4; i += 1) {
      const phone = new Browser(app, '127.0.0.5');
      expect((await phone.post('login', right)).status).toBe(202);
      expect((await phone.post('approve-device', { code: await codeFromLastMail(deps) })).status).toBe(200);
    }
    for (let i = 0; i < 5; i += 1) expect((await new Browser(app, '127.0.0.6').post('login', right)).status).toBe(202);
    expect((await new Browser(app, '127.0.0.6').post('login', right)).status).toBe(429);
    expect((await new Browser(app, '127.0.0.5').post('login', right)).status).toBe(202);
    // The approvals also reset the account's count of approval mails; unfinished sign-ins fill it: 10 per 15 minutes.
    for (let i = 7; i < 11; i += 1)
      expect((await new Browser(app, `127.0.0.${i}`).post('login', right)).status).toBe(202);
    expect((await new Browser(app, '127.0.0.11').post('login', right)).status).toBe(429);
  });

  it('tells a wrong code apart from an expired sign-in, and validates the code', async () => {
    const { app, deps } = await ready();
    const phone = new Browser(app, '127.0.0.5');
    await phone.post('login', right);
    const code = await codeFromLastMail(deps);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const response = await phone.post('approve-device', { code: wrong });
    expect(await response.json()).toMatchObject({
      success: false,
      message: 'That code is not right. Please check the e-mail and try again.',
    });
    expect((await phone.post('approve-device', { code: '12ab' })).status).toBe(400);
    expect((await phone.post('approve-device', { code, extra: true })).status).toBe(400);
    expect((await phone.post('approve-device', { code })).status).toBe(200);
  });

  it('can ask for a new code a few times; only the newest works', async () => {
    const { app, deps } = await ready();
    const phone = new Browser(app, '127.0.0.5');
    await phone.post('login', right);
    const first = await codeFromLastMail(deps);
    const resend = await phone.post('resend-approval');
    expect(resend.status).toBe(200);
    expect(await resend.json()).toEqual({
      success: true,
      message: 'A new code is on its way. Only the newest code works.',
    });
    const second = await codeFromLastMail(deps);
    expect((await phone.post('resend-approval')).status).toBe(200);
    expect((await phone.post('resend-approval')).status).toBe(200);
    const limited = await phone.post('resend-approval');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const newest = await codeFromLastMail(deps);
    if (first !== newest) expect((await phone.post('approve-device', { code: first })).status).toBe(400);
    if (second !== newest) expect((await phone.post('approve-device', { code: second })).status).toBe(400);
    expect((await phone.post('approve-device', { code: newest })).status).toBe(200);
    // A browser with no pending sign-in cannot make the owner receive mails.
    expect((await new Browser(app, '127.0.0.6').post('resend-approval')).status).toBe(400);
  });
});

describe('the approval mail, read from a real mailbox', () => {
  const smtp = useSmtpServer();

  it('arrives with the code, the link and the browser, in text and HTML', async () => {
    const { app, deps } = await readyWithMail(smtp.url);
    const phone = new Browser(app, '127.0.0.5', CHROME_ANDROID);
    expect((await phone.post('login', right)).status).toBe(202);
    await deps.settled();
    const raw = await smtp.waitFor((m) => /approve a new sign-in/.test(m.raw));
    const mail = decodeMail(raw);
    expect(raw.to).toEqual([DEFAULT_ADMIN.email]);
    const code = /Code: (\d{6})/.exec(mail.text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(`http://localhost:8888/admin/login?approve=${code}`);
    expect(mail.text).toContain('Chrome on Android');
    expect(mail.html).toContain(`href="http://localhost:8888/admin/login?approve=${code}"`);
    expect(mail.text).toMatch(/cannot get in without this mailbox/);
    expect((await phone.post('approve-device', { code })).status).toBe(200);
  });
});

describe('devices and sessions', () => {
  it('lists the trusted browsers with their names and times, and marks this one', async () => {
    const { app, deps, session } = await ready();
    await approvedBrowser(app, deps, '127.0.0.5', CHROME_ANDROID);
    const owner = ownerBrowser(app);
    const response = await owner.call('GET', 'devices', undefined, session.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { data } = (await response.json()) as {
      data: { id: string; browser: string; firstSeen: string; lastSeen: string; current: boolean }[];
    };
    expect(data).toHaveLength(2);
    expect(data.map((d) => d.browser).sort()).toEqual(['Chrome on Android', 'Unknown browser']);
    expect(data.filter((d) => d.current)).toHaveLength(1);
    expect(data.find((d) => d.current)?.browser).toBe('Unknown browser');
    for (const d of data) expect(Date.parse(d.lastSeen)).toBeGreaterThanOrEqual(Date.parse(d.firstSeen));
    expect((await app.request('/api/admin/auth/devices')).status).toBe(401);
  });

  it('"Sign out everywhere" ends every session and revokes every device cookie, this browser’s too', async () => {
    const { app, deps, session } = await ready();
    const phone = await approvedBrowser(app, deps, '127.0.0.5');
    const owner = ownerBrowser(app);
    const stolenCopy = ownerDeviceCookie(app);
    const response = await owner.post('sign-out-everywhere', {}, session.token);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: 'Signed out everywhere. Every browser now needs your password and an e-mailed code.',
    });
    expect(owner.cookies.has('sg_device')).toBe(false);
    expect(await verifyStatus(app, session.token)).toBe(401);
    expect(await verifyStatus(app, phone.token)).toBe(401);
    expect(await deps.stores.devices.listByAdmin((await deps.stores.admins.findByLogin('admin'))?._id ?? '')).toEqual(
      [],
    );
    // Neither the phone's cookie nor a stolen copy of the owner's opens a session with the password any more.
    expect((await phone.browser.post('login', right)).status).toBe(202);
    const thief = new Browser(app, '198.51.100.1');
    thief.cookies.set('sg_device', stolenCopy);
    expect((await thief.post('login', right)).status).toBe(202);
  });

  it('a password change revokes every other browser and keeps the one that made it', async () => {
    const { app, deps, session } = await ready();
    const phone = await approvedBrowser(app, deps, '127.0.0.5');
    const owner = ownerBrowser(app);
    const changed = await owner.call(
      'PUT',
      'change-password',
      { currentPassword: DEFAULT_ADMIN.password, newPassword: 'a brand new secret' },
      session.token,
    );
    expect(changed.status).toBe(200);
    expect(cookieFrom(changed, 'sg_device')).not.toBe('');
    const next = { username: 'admin', password: 'a brand new secret' };
    expect((await phone.browser.post('login', next)).status).toBe(202);
    expect((await owner.post('login', next)).status).toBe(200);
  });

  it('a reset revokes every browser but the one that proved the mailbox', async () => {
    const { app, deps } = await ready();
    const phone = await approvedBrowser(app, deps, '127.0.0.5');
    const laptop = new Browser(app, '127.0.0.6');
    expect((await laptop.post('forgot-password', { email: DEFAULT_ADMIN.email })).status).toBe(200);
    await deps.settled();
    const otp = /\b(\d{6})\b/.exec(deps.sentMail.at(-1)?.text ?? '')?.[1] ?? '';
    const verified = await laptop.post('verify-reset-otp', { email: DEFAULT_ADMIN.email, otp });
    const { resetToken } = (await verified.json()) as { resetToken: string };
    expect((await laptop.post('reset-password', { resetToken, newPassword: 'after the reset' })).status).toBe(200);
    const next = { username: 'admin', password: 'after the reset' };
    expect((await phone.browser.post('login', next)).status).toBe(202);
    expect((await ownerBrowser(app).post('login', next)).status).toBe(202);
    expect((await laptop.post('login', next)).status).toBe(200);
  });

  it('old device cookies without a server record (from before this change) count as a new browser', async () => {
    const { app, deps } = await ready();
    const adminId = (await deps.stores.admins.findByLogin('admin'))?._id ?? '';
    await deps.stores.devices.deleteByAdmin(adminId);
    const owner = ownerBrowser(app);
    expect((await owner.post('login', right)).status).toBe(202);
  });
});
