// The portal as the practitioner lives it (docs/admin.md, "Save confirmations" and "Session end"), at 390 and 1280
// px against the real local server: every save is confirmed in view and the notice survives the move to the
// dashboard; a refused submit focuses the first invalid field with its own message; wrong files are refused when
// picked; a booking link without https:// is completed; a dirty form asks before it is left; a 401 inside a form
// opens a sign-in dialog that keeps the form; a session that ended returns the practitioner where they were; the
// session renews while they work.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, expectAccessible, initAdminViaApi, loginViaApi, signInWithToken, STORAGE } from './support/admin';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { projectRoot, startServer, type RunningServer } from './support/server';

let server: RunningServer;
let browser: Browser;
let base: string;
let files: string;

beforeAll(async () => {
  server = await startServer();
  base = server.url;
  await initAdminViaApi(base);
  files = mkdtempSync(path.join(tmpdir(), 'sg-admin-ux-'));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="100%" height="100%" fill="#1e1840"/><circle cx="400" cy="300" r="150" fill="#d8ae5a"/></svg>`;
  writeFileSync(path.join(files, 'service.png'), await sharp(Buffer.from(svg)).png().toBuffer());
  // An image type the server does not take: refused the moment it is picked.
  writeFileSync(path.join(files, 'drawing.svg'), svg);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

/** Console errors the browser prints for requests refused on purpose (the 401s this file provokes). */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 40[0-9]/.test(e));

/** The element is inside the viewport, below the sticky top bar, and what is drawn at its centre is itself. */
async function expectInView(locator: Locator, label: string) {
  await locator.waitFor();
  const seen = await locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + Math.min(box.height / 2, 16));
    const bar = document.querySelector('.topbar')?.getBoundingClientRect().bottom ?? 0;
    return {
      covered: hit === null || !element.contains(hit),
      hitClass: hit instanceof HTMLElement ? hit.className : hit === null ? 'nothing' : hit.nodeName,
      top: Math.round(box.top),
      bottom: Math.round(box.bottom),
      bar: Math.round(bar),
      height: window.innerHeight,
    };
  });
  expect({ label, covered: seen.covered, hit: seen.hitClass }).toEqual({ label, covered: false, hit: seen.hitClass });
  expect(seen.top, `${label}: top ${seen.top} vs top bar ${seen.bar}`).toBeGreaterThanOrEqual(seen.bar);
  expect(seen.bottom, `${label}: bottom`).toBeLessThanOrEqual(seen.height);
}

/** A picture of what is on screen now (not the full page): the notices must be seen where the practitioner is. */
async function shot(page: Page, name: string) {
  const dir = path.join(projectRoot, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await savePicture(page, { path: path.join(dir, `admin-ux-${name}.png`) });
}

/** The sidebar link, opening the drawer first on a phone. */
async function sidebarLink(page: Page, name: string, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
}

async function fillService(page: Page, name: string, bookingLink: string) {
  await page.getByRole('textbox', { name: 'Service Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Short Description' }).fill('A calm hour with the cards.');
  await page.getByRole('textbox', { name: 'Full Description' }).fill('We lay out the cards and read them together.');
  await page.getByRole('spinbutton', { name: 'Regular Price (₹)' }).fill('1800');
  await page.getByRole('textbox', { name: 'Duration', exact: true }).fill('45 minutes');
  await page.getByRole('textbox', { name: 'Booking Link' }).fill(bookingLink);
  await page.getByRole('textbox', { name: 'Booking Link' }).blur();
  await page.locator('#svc-image').setInputFiles(path.join(files, 'service.png'));
}

interface Stored {
  _id: string;
  name: string;
  bookingLink: string;
}
async function storedServices(token: string): Promise<Stored[]> {
  const response = await fetch(`${base}/api/admin/services`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: Stored[] }).data;
}

describe.each([
  ['390', VIEWPORTS.phone],
  ['1280', VIEWPORTS.desktop],
] as const)('portal at %s px', (width, viewport) => {
  const phone = width === '390';
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let token: string;

  beforeAll(async () => {
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    errors = watchPageErrors(page);
    token = await loginViaApi(base, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('refuses an invalid submit on the first invalid field, named, in view and focused', async () => {
    await signInWithToken(page, base, token, '/admin/services/create');
    await page.getByRole('heading', { name: 'Add New Service' }).waitFor();
    // Scrolled to the bottom, as after filling the form in.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Create Service' }).click();

    const name = page.getByRole('textbox', { name: 'Service Name' });
    await expect.poll(() => name.evaluate((input) => input === document.activeElement), { timeout: 10_000 }).toBe(true);
    // The field's own message, not the summary under every field.
    await page.locator('#svc-name-error').filter({ hasText: 'Service name is required' }).waitFor();
    expect(await page.locator('.field-error', { hasText: 'Please fill in all required fields' }).count()).toBe(0);
    await page.locator('#svc-description-error').filter({ hasText: 'Full description is required' }).waitFor();
    // Smooth scrolling settles (the field's place stays put between two reads, as it would not while the page still
    // moves), then the field is on screen, clear of the top bar.
    let lastTop = Number.NaN;
    await expect
      .poll(
        async () => {
          const top = await name.evaluate((input) => Math.round(input.getBoundingClientRect().top));
          const settled = top === lastTop && top > 56;
          lastTop = top;
          return settled;
        },
        { timeout: 10_000, interval: 150 },
      )
      .toBe(true);
    await expectInView(name, 'first invalid field');
    // The spec's summary stays, in a notice below the top bar, naming the field.
    const summary = page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' });
    await expectInView(summary, 'summary notice');
    await summary.getByText('Service name is required').waitFor();
    await shot(page, `invalid-${width}`);
    await expectAccessible(page, `invalid submit ${width}`);
  });

  it('refuses a wrong image type when it is picked', async () => {
    await page.locator('#svc-image').setInputFiles(path.join(files, 'drawing.svg'));
    await page.locator('#svc-image-error').filter({ hasText: 'Please choose an image file' }).waitFor();
    expect(await page.locator('#svc-image').evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    await expectInView(page.getByRole('alert').filter({ hasText: 'Please choose an image file' }), 'file notice');
  });

  it('completes a booking link typed without https://, confirms the save in view, also after the redirect', async () => {
    const serviceName = `Tarot Reading ${width}`;
    await fillService(page, serviceName, `calendly.com/priya/tarot-${width}`);
    expect(await page.getByRole('textbox', { name: 'Booking Link' }).inputValue()).toBe(
      `https://calendly.com/priya/tarot-${width}`,
    );
    await page.getByRole('button', { name: 'Create Service' }).click();

    const notice = page.getByRole('status').filter({ hasText: 'Service created successfully!' });
    await expectInView(notice, 'save notice on the form');
    await notice.getByText(`‘${serviceName}’ is saved. It goes live on the site with the next publish`).waitFor();
    await shot(page, `saved-form-${width}`);

    await page.waitForURL(`${base}/admin/dashboard`);
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await expectInView(notice, 'save notice on the dashboard');
    await notice.getByText(serviceName, { exact: false }).waitFor();
    await shot(page, `saved-dashboard-${width}`);
    await expectAccessible(page, `dashboard with notice ${width}`);

    const created = (await storedServices(token)).find((service) => service.name === serviceName);
    expect(created?.bookingLink).toBe(`https://calendly.com/priya/tarot-${width}`);
  });

  it('confirms a banner save in view, naming the banner; refuses a wrong file type when picked', async () => {
    await sidebarLink(page, 'Banners', phone);
    await page.waitForURL(`${base}/admin/banners`);
    await page.getByRole('button', { name: 'Add Banner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Banner' });
    await dialog.getByLabel('Title').fill(`Full Moon Circle ${width}`);
    await dialog.getByRole('textbox', { name: 'Link' }).fill('/service');
    await dialog.locator('#banner-media').setInputFiles(path.join(files, 'drawing.svg'));
    await dialog.locator('#banner-media-error').waitFor();
    expect(await dialog.locator('#banner-media').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
    await dialog.locator('#banner-media').setInputFiles(path.join(files, 'service.png'));
    await dialog.getByRole('button', { name: 'Create Banner' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Banner created successfully' });
    await expectInView(notice, 'banner notice');
    await notice.getByText(`‘Full Moon Circle ${width}’ is saved.`, { exact: false }).waitFor();
    await shot(page, `banner-saved-${width}`);
  });

  it('confirms an email change in view, naming the new address', async () => {
    await page.goto(`${base}/admin/profile`);
    await page.getByRole('button', { name: 'Change Email' }).click();
    const next = `priya+${width}@example.test`;
    await page.getByLabel('New Email').fill(next);
    await page.getByLabel('Current Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Update Email' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Email updated successfully' });
    await expectInView(notice, 'email notice');
    await notice.getByText(next, { exact: false }).waitFor();
    await shot(page, `email-saved-${width}`);
  });

  it('asks before a dirty form is left through the sidebar', async () => {
    await page.goto(`${base}/admin/services/create`);
    await page.getByRole('textbox', { name: 'Service Name' }).fill('Half-written draft');
    await sidebarLink(page, 'All Services', phone);
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await ask.waitFor();
    await shot(page, `leave-prompt-${width}`);
    await ask.getByRole('button', { name: 'Stay on this page' }).click();
    expect(page.url()).toBe(`${base}/admin/services/create`);
    expect(await page.getByRole('textbox', { name: 'Service Name' }).inputValue()).toBe('Half-written draft');

    await sidebarLink(page, 'All Services', phone);
    await ask.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(`${base}/admin/services`);
  });

  it('a 401 inside a form opens a sign-in dialog that keeps the form; the save then goes through', async () => {
    const serviceName = `Reiki Session ${width}`;
    await page.goto(`${base}/admin/services/create`);
    await fillService(page, serviceName, 'https://example.test/book/reiki');
    // The session ends on the server (as when it expires or is revoked) while the form is open.
    const current = await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE.token);
    const out = await fetch(`${base}/api/admin/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${current}` },
    });
    expect(out.status).toBe(200);

    // The save meets the 401, unless a background call (publish status, unread count) met it first: either way the
    // dialog opens over the form.
    const dialog = page.getByRole('dialog', { name: 'Sign in again' });
    if (!(await dialog.isVisible())) {
      await page
        .getByRole('button', { name: 'Create Service' })
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    }
    await dialog.waitFor();
    expect(page.url()).toBe(`${base}/admin/services/create`);
    await shot(page, `sign-in-dialog-${width}`);
    await expectAccessible(page, `sign-in dialog ${width}`);
    await dialog.getByLabel('Password').fill(ADMIN.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Signed in again' }).waitFor();
    // Everything typed is still there.
    expect(await page.getByRole('textbox', { name: 'Service Name' }).inputValue()).toBe(serviceName);
    expect(await page.locator('#svc-image').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);

    await page.getByRole('button', { name: 'Create Service' }).click();
    await page.getByRole('status').filter({ hasText: 'Service created successfully!' }).waitFor();
    await page.waitForURL(`${base}/admin/dashboard`);
    token = await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE.token);
    expect((await storedServices(token)).some((service) => service.name === serviceName)).toBe(true);
  });

  it('after a session that ended, signing in returns to the page it was on, and says why', async () => {
    const [service] = await storedServices(token);
    const editPath = `/admin/services/${service?._id ?? ''}/edit`;
    await signInWithToken(page, base, token, editPath);
    await page.getByRole('heading', { name: 'Edit Service' }).waitFor();
    // The session's time is up while the practitioner was away; they come back and reload.
    await page.evaluate((key) => localStorage.setItem(key, String(Date.now() - 1_000)), STORAGE.expiry);
    await page.reload();
    await page.waitForURL(`${base}/admin/login`);
    await page.getByText('Your session has ended').waitFor();
    await shot(page, `session-ended-login-${width}`);
    await expectAccessible(page, `login after session end ${width}`);
    await page.getByLabel('Username or Email').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // A generous wait: bcrypt at its real cost on a busy machine, then the shell and the form load.
    await page.waitForURL(`${base}${editPath}`, { timeout: 60_000 }).catch(async (error: unknown) => {
      await shot(page, `session-ended-failed-${width}`);
      throw error;
    });
    await page.getByRole('heading', { name: 'Edit Service' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Welcome back' }).waitFor();
    token = await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE.token);
  });

  it('renews a session past half its life while the practitioner works', async () => {
    // A session signed in two hours ago, one hour left: as the server would have issued it.
    const secret = readFileSync(path.join(server.dataDir, 'jwt-secret'), 'utf8').trim();
    const { sub: adminId, ver } = jwt.decode(token) as { sub: string; ver: number };
    const now = Math.floor(Date.now() / 1000);
    const old = jwt.sign(
      { kind: 'session', ver, iat: now - 2 * 3600, exp: now + 3600, auth_time: now - 2 * 3600 },
      secret,
      {
        algorithm: 'HS256',
        subject: adminId,
        jwtid: randomBytes(18).toString('base64url'),
        issuer: 'soul-guidance',
        audience: 'soul-guidance-admin',
      },
    );
    await page.evaluate(
      ([keys, value]) => {
        localStorage.setItem(keys.token, value);
        localStorage.setItem(keys.expiry, String(Date.now() + 60 * 60 * 1000));
      },
      [STORAGE, old] as const,
    );
    await page.goto(`${base}/admin/services/create`);
    await page.getByRole('textbox', { name: 'Service Name' }).fill('Typing keeps the session going');
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE.token)).not.toBe(old);
    const [fresh, expiry] = await page.evaluate(
      (keys) => [localStorage.getItem(keys.token) ?? '', Number(localStorage.getItem(keys.expiry))] as const,
      STORAGE,
    );
    // Three hours from now again, and the sign-in time carried over.
    expect(expiry - Date.now()).toBeGreaterThan(2.9 * 3600 * 1000);
    expect((jwt.decode(fresh) as { auth_time: number }).auth_time).toBe(now - 2 * 3600);
    const verify = await fetch(`${base}/api/admin/auth/verify`, { headers: { Authorization: `Bearer ${old}` } });
    expect(verify.status).toBe(401);
    expect(unexpected(errors)).toEqual([]);
  });
});
