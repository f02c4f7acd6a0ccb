// Passkeys in Chromium against the real local server (docs/auth.md, "Passkeys"), with Chromium's virtual
// authenticator (CDP WebAuthn domain) standing in for a fingerprint or a phone. Account Settings adds, renames and
// removes passkeys (keyboard included); the owner then signs in with the passkey in a fresh browser while a stranger
// polls the password login from rotating loopback addresses, which fills every password throttle. 390 px with mobile
// emulation and 1280 px, axe clean; screenshots go to /tmp/pass-shots to be looked at.
import { mkdirSync } from 'node:fs';
import type { BrowserContext, CDPSession, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN, expectAccessible, setupAdminSuite, signInWithToken, STORAGE } from './support/admin';
import { startRotatingAttack } from './support/attacker';
import { savePicture, VIEWPORTS, watchPageErrors } from './support/browser';

const suite = setupAdminSuite({ initAdmin: true });
const SHOTS = '/tmp/pass-shots';

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await savePicture(page, { path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A browser context of its own: a phone (390 px, touch, mobile) or a desktop. */
async function newContext(kind: 'phone' | 'desktop'): Promise<BrowserContext> {
  return suite.browser.newContext(
    kind === 'phone'
      ? { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
      : { viewport: VIEWPORTS.desktop },
  );
}

/** A platform authenticator with user verification on `page`, answering every prompt at once. */
async function addAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function credentialsOf(device: { cdp: CDPSession; authenticatorId: string }) {
  const { credentials } = await device.cdp.send('WebAuthn.getCredentials', { authenticatorId: device.authenticatorId });
  return credentials;
}

async function storedPasskeys(): Promise<{ id: string; name: string; lastUsedAt: string | null }[]> {
  const response = await fetch(`${suite.base}/api/admin/auth/passkeys`, {
    headers: { Authorization: `Bearer ${suite.token}` },
  });
  return ((await response.json()) as { data: { id: string; name: string; lastUsedAt: string | null }[] }).data;
}

async function removeAllPasskeys() {
  for (const passkey of await storedPasskeys()) {
    await fetch(`${suite.base}/api/admin/auth/passkeys/${passkey.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${suite.token}` },
    });
  }
}

const passkeys = (page: Page) => page.getByRole('region', { name: 'Passkeys' });

/** Account Settings signed in, in a context of its own with an authenticator: the page, its errors, its Passkeys. */
async function openAccountSettings(kind: 'phone' | 'desktop') {
  const context = await newContext(kind);
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await addAuthenticator(page);
  await signInWithToken(page, suite.base, suite.token, '/admin/profile');
  return { context, page, errors, section: passkeys(page) };
}

/** On a phone: taps `button`, waits for the dialog it opens and takes its picture. */
async function tapOpensDialog(page: Page, button: Locator, dialog: string, shotName: string) {
  await button.tap();
  await page.getByRole('dialog', { name: dialog }).waitFor();
  await shot(page, shotName);
}

/** Adds a passkey named `name` through Account Settings (the page is on /admin/profile). */
async function addPasskey(page: Page, name: string) {
  const section = passkeys(page);
  await section.getByLabel('Name for the new passkey').fill(name);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByText('Passkey added', { exact: true }).waitFor();
  await section.getByRole('list', { name: 'Your passkeys' }).getByText(name, { exact: true }).waitFor();
}

describe('passkeys in Account Settings', () => {
  it('adds one (named), renames and removes it, each confirmed, by keyboard; axe clean at 1280 and 390', async () => {
    await removeAllPasskeys();
    const { context, page, errors, section } = await openAccountSettings('desktop');
    await section.getByText('You have no passkeys yet.').waitFor();

    // A slip loses nothing: no name, a clear message, nothing stored.
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByText('Please give the passkey a name').waitFor();
    expect(await storedPasskeys()).toEqual([]);

    // By keyboard: type the name, Enter submits; the authenticator answers; the list and a notice confirm it.
    await section.getByLabel('Name for the new passkey').fill('Laptop');
    await section.getByLabel('Name for the new passkey').press('Enter');
    await page.getByText('Passkey added', { exact: true }).waitFor();
    await section.getByText('Laptop', { exact: true }).waitFor();
    await section.getByText(/Not used yet/).waitFor();
    expect(await section.getByLabel('Name for the new passkey').inputValue()).toBe('');
    expect((await storedPasskeys()).map((p) => p.name)).toEqual(['Laptop']);
    await expectAccessible(page, 'account passkeys 1280');
    await shot(page, 'account-passkeys-1280');

    // The same authenticator again: the browser refuses (excluded), and the page says why.
    await section.getByLabel('Name for the new passkey').fill('Laptop again');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByText('This device already holds one of your passkeys for this site.').waitFor();
    expect(await storedPasskeys()).toHaveLength(1);

    // Rename by keyboard: focus the row's button, Enter opens the dialog with the name in its field.
    await section.getByRole('button', { name: 'Rename Laptop' }).focus();
    await page.keyboard.press('Enter');
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.waitFor();
    const nameField = rename.getByLabel('Name');
    expect(await nameField.evaluate((element) => element === document.activeElement)).toBe(true);
    await nameField.fill('');
    await nameField.press('Enter');
    await rename.getByText('Please give the passkey a name').waitFor();
    await nameField.fill('Work laptop');
    await expectAccessible(page, 'rename passkey 1280');
    await shot(page, 'account-passkey-rename-1280');
    await nameField.press('Enter');
    await rename.waitFor({ state: 'detached' });
    await page.getByText('Passkey renamed', { exact: true }).waitFor();
    await section.getByText('Work laptop', { exact: true }).waitFor();
    expect((await storedPasskeys()).map((p) => p.name)).toEqual(['Work laptop']);

    // Remove asks first; Cancel has the focus, so Enter or Escape never removes by accident.
    await section.getByRole('button', { name: 'Remove Work laptop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove passkey?' });
    await confirm.waitFor();
    expect(
      await confirm.getByRole('button', { name: 'Cancel' }).evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await shot(page, 'account-passkey-remove-1280');
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await storedPasskeys()).toHaveLength(1);
    await section.getByRole('button', { name: 'Remove Work laptop' }).click();
    await confirm.getByRole('button', { name: 'Remove passkey' }).focus();
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('Passkey removed', { exact: true }).waitFor();
    await section.getByText('You have no passkeys yet.').waitFor();
    expect(await storedPasskeys()).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    // On a phone: tapped, not clicked.
    const {
      context: phone,
      page: phonePage,
      errors: phoneErrors,
      section: phoneSection,
    } = await openAccountSettings('phone');
    await phoneSection.getByLabel('Name for the new passkey').fill('My phone');
    await phoneSection.getByRole('button', { name: 'Add a passkey' }).tap();
    await phonePage.getByText('Passkey added', { exact: true }).waitFor();
    await phoneSection.getByText('My phone', { exact: true }).waitFor();
    await expectAccessible(phonePage, 'account passkeys 390');
    await shot(phonePage, 'account-passkeys-390');
    const renameButton = phoneSection.getByRole('button', { name: 'Rename My phone' });
    await tapOpensDialog(phonePage, renameButton, 'Rename passkey', 'account-passkey-rename-390');
    await phonePage.getByRole('button', { name: 'Cancel' }).tap();
    const removeButton = phoneSection.getByRole('button', { name: 'Remove My phone' });
    await tapOpensDialog(phonePage, removeButton, 'Remove passkey?', 'account-passkey-remove-390');
    await phonePage.getByRole('button', { name: 'Remove passkey' }).tap();
    await phonePage.getByText('Passkey removed', { exact: true }).waitFor();
    expect(phoneErrors).toEqual([]);
    await phone.close();
  }, 120_000);
});

describe('passkey sign-in', () => {
  it('signs the owner in within 60 s in a fresh browser while a stranger polls the password login', async () => {
    const port = Number(new URL(suite.base).port);
    // The stranger, for the whole test: every 300 ms from another 127.x.y.z, and every fourth time from 127.0.0.1,
    // the owner's own address.
    const stranger = startRotatingAttack(port, { username: ADMIN.username, ownAddressEvery: 4, onTheClock: true });
    const statuses = stranger.statuses;
    try {
      await removeAllPasskeys();
      // The owner's usual device registers a passkey in Account Settings.
      const home = await newContext('desktop');
      const homePage = await home.newPage();
      const homeDevice = await addAuthenticator(homePage);
      await signInWithToken(homePage, suite.base, suite.token, '/admin/profile');
      await addPasskey(homePage, 'Phone');
      const [credential] = await credentialsOf(homeDevice);
      expect(credential?.isResidentCredential).toBe(true);
      await home.close();

      // Let the stranger fill the throttles: the owner's password login from 127.0.0.1 is refused by now.
      await expect
        .poll(() => statuses.filter((status) => status === 429).length, { timeout: 20_000 })
        .toBeGreaterThan(3);

      // A fresh browser (no storage, no device cookie) on a phone that holds the same passkey (synced, or the phone
      // itself): the owner opens the login page and signs in with it, keyboard only.
      const fresh = await newContext('phone');
      const page = await fresh.newPage();
      const errors = watchPageErrors(page);
      const device = await addAuthenticator(page);
      if (!credential) throw new Error('the virtual authenticator holds no credential');
      await device.cdp.send('WebAuthn.addCredential', { authenticatorId: device.authenticatorId, credential });
      const started = Date.now();
      await page.goto(`${suite.base}/admin/login`);
      const button = page.getByRole('button', { name: 'Sign in with a passkey' });
      await button.waitFor();
      await expectAccessible(page, 'login with passkey 390');
      await shot(page, 'login-passkey-390');
      await button.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/dashboard$/, { timeout: 60_000 });
      await page.getByRole('heading', { name: `Welcome back, ${ADMIN.username}!`, level: 1 }).waitFor();
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE.token)).toBeTruthy();
      // A passkey is a verified sign-in: the browser now carries the device cookie.
      expect((await fresh.cookies()).map((cookie) => cookie.name)).toContain('sg_device');
      expect((await storedPasskeys())[0]?.lastUsedAt).not.toBeNull();
      expect(errors).toEqual([]);
      await fresh.close();

      // The password login is throttled for the same account at the same time (what the stranger achieved).
      const ownerPassword = await fetch(`${suite.base}/api/admin/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
      });
      expect(ownerPassword.status).toBe(429);

      // The login page at 1280 too.
      const desk = await newContext('desktop');
      const deskPage = await desk.newPage();
      await deskPage.goto(`${suite.base}/admin/login`);
      await deskPage.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
      await expectAccessible(deskPage, 'login with passkey 1280');
      await shot(deskPage, 'login-passkey-1280');
      // Without a passkey on this device the prompt fails; the page says so and keeps the password form.
      await addAuthenticator(deskPage);
      await deskPage.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await deskPage.getByText(/cancelled or timed out|could not sign you in/).waitFor({ timeout: 30_000 });
      await shot(deskPage, 'login-passkey-failed-1280');
      await desk.close();
    } finally {
      await stranger.stop();
    }
    expect(stranger.sent()).toBeGreaterThan(10);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(3);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  }, 180_000);
});
