import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalCode, approvalCodesSoFar, expectAccessible, registerMailbox, STORAGE } from './support/admin';
import { startRotatingAttack } from './support/attacker';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// Issue 20 item 1 against the real local server (docs/auth.md, "New devices"): while a stranger polls the login from
// rotating loopback addresses every 300 ms, the owner, in a fresh browser with no device cookie, signs in with the
// password and the e-mailed approval within 60 seconds, on a phone (390 px, mobile emulation) and a desktop. The
// local server takes the client address from the socket, so each 127.x.y.z the attacker binds is a real address.

const OWNER = { username: 'owner', email: 'owner@example.com', password: 'the owner’s own passphrase' };
const SHOTS = '/tmp/dev-shots';

let server: RunningServer;
let browser: Browser;
let port: number;

async function freshContext(kind: 'phone' | 'desktop'): Promise<BrowserContext> {
  return kind === 'phone'
    ? browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
    : browser.newContext({ viewport: VIEWPORTS.desktop });
}

async function typePassword(page: Page) {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('Username or Email').fill(OWNER.username);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  const reply = page.waitForResponse((r) => r.url().endsWith('/api/admin/auth/login'));
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const response = await reply;
  expect(response.status(), await response.text()).toBe(202);
  await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
}

/** Types the password on a fresh login page; returns the approval code the server mailed for it. */
async function typePasswordForCode(page: Page): Promise<string> {
  const seen = approvalCodesSoFar(server.url);
  await typePassword(page);
  return approvalCode(server.url, seen);
}

beforeAll(async () => {
  server = await startServer();
  port = Number(new URL(server.url).port);
  registerMailbox(server.url, { dataDir: server.dataDir });
  const init = await fetch(`${server.url}/api/admin/auth/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(init.status).toBe(201);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a new browser while a stranger polls the login', () => {
  it.each(['phone', 'desktop'] as const)(
    'the owner signs in on a fresh %s with the password and the e-mailed code within 60 s',
    async (kind) => {
      const attack = startRotatingAttack(port, { username: OWNER.username });
      // Let the attack get going first: several addresses spent, every one of them answered.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const context = await freshContext(kind);
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const started = Date.now();
      try {
        const seen = approvalCodesSoFar(server.url);
        await typePassword(page);
        expect(await context.cookies()).not.toContainEqual(expect.objectContaining({ name: 'sg_device' }));
        await savePicture(page, { path: `${SHOTS}/login-check-email-${kind}.png`, fullPage: true });
        await expectAccessible(page, `approval step (${kind})`);
        // The keyboard alone: the code field has focus; type the code and press Enter.
        await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('approval-code');
        await page.keyboard.type(await approvalCode(server.url, seen));
        await page.keyboard.press('Enter');
        await page.waitForURL(/\/admin\/dashboard/);
        expect(Date.now() - started).toBeLessThan(60_000);
        expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE.token)).toBeTruthy();
        expect(await context.cookies()).toContainEqual(expect.objectContaining({ name: 'sg_device', httpOnly: true }));
      } finally {
        await attack.stop();
        await context.close();
      }
      // The stranger was answered throughout, and never signed in.
      expect(attack.statuses.length).toBeGreaterThan(10);
      expect(attack.statuses.every((s) => s === 401 || s === 429)).toBe(true);
      expect(errors.filter((e) => !/status of 40[0-9]/.test(e))).toEqual([]);
    },
    120_000,
  );

  it('the mail’s link signs in only the browser that typed the password', async () => {
    const owner = await freshContext('desktop');
    const other = await freshContext('phone');
    try {
      const page = await owner.newPage();
      const code = await typePasswordForCode(page);

      // Opened elsewhere: a calm explanation, the login form, and no session.
      const elsewhere = await other.newPage();
      await elsewhere.goto(`${server.url}/admin/login?approve=${code}`);
      await elsewhere.getByText('This link only works in the browser where you typed your password.').waitFor();
      expect(elsewhere.url()).not.toContain('approve=');
      await savePicture(elsewhere, { path: `${SHOTS}/login-link-elsewhere-phone.png`, fullPage: true });
      await expectAccessible(elsewhere, 'link in another browser');
      expect(await elsewhere.evaluate((key) => localStorage.getItem(key), STORAGE.token)).toBeNull();

      // Opened in the browser that asked: signed in, and the code is gone from the address bar.
      await page.goto(`${server.url}/admin/login?approve=${code}`);
      await page.waitForURL(/\/admin\/dashboard/);
      expect(page.url()).not.toContain(code);
    } finally {
      await owner.close();
      await other.close();
    }
  }, 120_000);

  it('a wrong code says so and keeps the step; a new code can be asked for', async () => {
    const context = await freshContext('phone');
    try {
      const page = await context.newPage();
      const code = await typePasswordForCode(page);
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      await page.getByLabel('6-digit code').fill(wrong);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('That code is not right. Please check the e-mail and try again.').waitFor();
      await page.getByLabel('6-digit code').fill('12');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Please enter the 6-digit code').first().waitFor();
      await savePicture(page, { path: `${SHOTS}/login-wrong-code-phone.png`, fullPage: true });
      // The resend waits a minute after a mail; the button says so.
      await expect.poll(() => page.getByRole('button', { name: /Send a new code in \d+ s/ }).isDisabled()).toBe(true);
      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.waitForURL(/\/admin\/dashboard/);
    } finally {
      await context.close();
    }
  }, 120_000);
});

describe('signed-in devices in Account settings', () => {
  /** A fresh browser of `kind`, signed in with the password and the e-mailed code. */
  async function signedInBrowser(kind: 'phone' | 'desktop') {
    const context = await freshContext(kind);
    const page = await context.newPage();
    await page.getByLabel('6-digit code').fill(await typePasswordForCode(page));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/admin\/dashboard/);
    return { context, page };
  }

  it('lists this browser, and "Sign out everywhere" (by keyboard) ends every session and device', async () => {
    const phone = await signedInBrowser('phone');
    const desktop = await signedInBrowser('desktop');
    try {
      for (const [kind, { page }] of [
        ['phone', phone],
        ['desktop', desktop],
      ] as const) {
        await page.goto(`${server.url}/admin/profile`);
        const list = page.getByRole('region', { name: 'Signed-in devices' });
        await list.getByText('This browser').waitFor();
        await expect.poll(() => list.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
        await savePicture(page, { path: `${SHOTS}/account-devices-${kind}.png`, fullPage: true });
        await expectAccessible(page, `devices (${kind})`);
      }

      const page = desktop.page;
      const phoneToken = await phone.page.evaluate((key) => localStorage.getItem(key), STORAGE.token);
      const button = page.getByRole('button', { name: 'Sign out everywhere' });
      await button.focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('button', { name: 'Yes, sign out everywhere' });
      await expect.poll(() => confirm.evaluate((el) => el === document.activeElement)).toBe(true);
      await savePicture(page, { path: `${SHOTS}/account-sign-out-everywhere-desktop.png`, fullPage: true });
      await expectAccessible(page, 'sign out everywhere, confirming');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/login/);
      await page.getByText('Signed out everywhere').first().waitFor();
      expect(await desktop.context.cookies()).not.toContainEqual(expect.objectContaining({ name: 'sg_device' }));

      // The phone's session is over too, and its device cookie no longer spares it the code.
      const verify = await fetch(`${server.url}/api/admin/auth/verify`, {
        headers: { authorization: `Bearer ${phoneToken ?? ''}` },
      });
      expect(verify.status).toBe(401);
      await phone.page.goto(`${server.url}/admin/login`);
      await typePassword(phone.page);
    } finally {
      await phone.context.close();
      await desktop.context.close();
    }
  }, 180_000);
});
