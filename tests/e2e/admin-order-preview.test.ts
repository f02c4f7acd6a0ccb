// The order the practitioner sets and the draft preview (docs/admin.md, "Order on the site" and "Draft preview"), in
// Chromium at 390 and 1280 px against the real local server: services moved by keyboard, published, and seen in that
// order on /service and the home page; the featured count; a draft's "View" opening the preview with its ribbon;
// and the form's unsaved changes previewed in a new tab.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../src/shared/schemas/service';
import { ADMIN, expectAccessible, initAdminViaApi, signInWithToken } from './support/admin';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import {
  createServices,
  expectAccessible as expectPageAccessible,
  fullService,
  banner,
  minimalService,
  withStores,
} from './support/public-content';
import { startServer, type RunningServer } from './support/server';
import { waitForLiveBuild } from './support/publish';

let server: RunningServer;
let browser: Browser;
let base: string;
let token: string;
let dataDir: string;
let draftId: string;
let editId: string;
const contexts: BrowserContext[] = [];

/** Pictures to look at, kept out of the repository. */
const SHOTS = process.env['ORDER_SHOTS_DIR'] ?? path.join(tmpdir(), 'order-preview-shots');

const WIDTHS = [
  ['390', VIEWPORTS.phone],
  ['1280', VIEWPORTS.desktop],
] as const;

const DRAFT = {
  name: 'Quiet Draft Session',
  whatIsThis: 'A session still being written, seen only by the practitioner.',
};

/** A page in its own context; the phone width is emulated as a phone (touch, mobile viewport). */
async function newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const phone = viewport.width < 600;
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
  contexts.push(context);
  const page = await context.newPage();
  return { context, page, errors: watchPageErrors(page) };
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // Full-page pictures start at the top, where the sticky top bar belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  await savePicture(page, { path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

const auth = () => ({ Authorization: `Bearer ${token}` });

async function adminList(): Promise<Service[]> {
  const response = await fetch(`${base}/api/admin/services`, { headers: auth() });
  return ((await response.json()) as { data: Service[] }).data;
}

/** Waits until the live build was made from the store's current content version. */
const waitForPublish = () => waitForLiveBuild(base, auth(), () => server.output(), 180_000);

/** The name of the focused element (a button's visually hidden text included). */
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sg-order-'));
  await withStores(dataDir, async (stores) => {
    // Created oldest first: new services start the order, so the site shows them newest first until moved.
    const created = await createServices(stores, [
      ...['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh'].map((word) =>
        minimalService({ name: `${word} Light Reading`, isFeatured: true }),
      ),
      fullService({ ...DRAFT, isActive: false, isFeatured: false }),
    ]);
    draftId = created[7]!._id;
    editId = created[2]!._id;
    for (const [order, title] of ['Morning slide', 'Evening slide', 'Night slide'].entries()) {
      await stores.banners.create(banner({ title, order, link: '/service' }));
    }
  });
  server = await startServer({ dataDir });
  base = server.url;
  token = await initAdminViaApi(base, ADMIN);
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The services table's rows, by name, as shown. */
const rowNames = (page: Page) => page.locator('tbody tr .cell-title').allTextContents();

/** Waits until the server holds `expected` (the saves go one after the other). */
async function expectStored(names: () => Promise<string[]>, expected: string[]) {
  await expect.poll(names, { timeout: 10_000 }).toEqual(expected);
}

const storedServices = async () => (await adminList()).map((s) => s.name);
const storedBanners = async () => {
  const response = await fetch(`${base}/api/banners`, { headers: auth() });
  return ((await response.json()) as { data: { title: string; order: number }[] }).data.map((b) => b.title);
};

/** Counts the order saves a page sends (one per move). */
function countOrderSaves(page: Page, kind: 'services' | 'banners'): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith(`/api/admin/${kind}/order`)) count += 1;
  });
  return () => count;
}

/** Presses Tab until the named control has the focus: the keyboard alone, as a practitioner would get there. */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 200; i += 1) {
    if ((await focusedText(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached “${name}”`);
}

/** The live region of the list, which says where a moved row went. */
const announced = (page: Page) => page.locator('p.visually-hidden[aria-live="polite"]').textContent();

/** The drag handle of a row, by the row's name. */
const handleOf = (page: Page, name: string) =>
  page
    .locator('tbody tr')
    .filter({ has: page.locator('.cell-title', { hasText: name }) })
    .locator('.drag-handle');
const rowOf = (page: Page, name: string) =>
  page.locator('tbody tr').filter({ has: page.locator('.cell-title', { hasText: name }) });

/** Scrolls so that the higher of two rows starts just below the top bar, to have both on screen for a drag. */
async function bringBoth(page: Page, a: string, b: string) {
  const tops = await Promise.all(
    [rowOf(page, a), rowOf(page, b)].map((row) => row.evaluate((el) => el.getBoundingClientRect().top)),
  );
  await page.evaluate((top) => window.scrollBy(0, top - 130), Math.min(...tops));
}

/** A mouse drag by the handle, in small steps, past the middle of the target row (above or below it). */
async function mouseDrag(page: Page, name: string, onto: string, where: 'above' | 'below') {
  await bringBoth(page, name, onto);
  const from = (await handleOf(page, name).boundingBox())!;
  const target = (await rowOf(page, onto).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  const y = where === 'above' ? target.y + target.height * 0.35 : target.y + target.height * 0.65;
  await page.mouse.move(from.x + from.width / 2, y, { steps: 12 });
  await page.mouse.up();
}

/** A finger drag by the handle (touch events through the DevTools protocol, as a phone sends them). */
async function touchDrag(page: Page, name: string, onto: string, where: 'above' | 'below') {
  await bringBoth(page, name, onto);
  const from = (await handleOf(page, name).boundingBox())!;
  const target = (await rowOf(page, onto).boundingBox())!;
  const x = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  const endY = where === 'above' ? target.y + target.height * 0.35 : target.y + target.height * 0.65;
  if (endY < 80 || endY > VIEWPORTS.phone.height - 80) throw new Error(`the target row is not on screen (${endY})`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: startY }] });
  for (let step = 1; step <= 12; step += 1) {
    const y = startY + ((endY - startY) * step) / 12;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('order on the site, in the list itself', () => {
  it('opens in site order with the featured count, at both widths, accessibly', async () => {
    for (const [label, viewport] of WIDTHS) {
      const { page, errors } = await newPage(viewport);
      await signInWithToken(page, base, token, '/admin/services');
      await page.getByRole('button', { name: 'Move ‘First Light Reading’ up' }).waitFor();
      expect(await page.getByTestId('featured-count').textContent()).toBe(
        '6 of 7 featured services show on the home page',
      );
      expect(await page.getByText('the first ones in the site order').count()).toBeGreaterThan(0);
      // The list is the site order: new services first, the draft among them.
      expect(await page.getByLabel('Sort By').inputValue()).toBe('site');
      expect((await rowNames(page)).map((t) => t.trim())).toEqual(await storedServices());
      expect(await rowOf(page, DRAFT.name).getByText('Draft', { exact: true }).count()).toBe(1);
      // The seventh featured service is past the limit, and its row says so.
      expect(await rowOf(page, 'First Light Reading').textContent()).toContain('Not shown (limit 6)');
      expect(await rowOf(page, 'Second Light Reading').textContent()).toContain('On the home page');
      // The site order has one direction: no "Order" select beside it.
      expect(await page.getByLabel('Order', { exact: true }).count()).toBe(0);
      // Lists call an inactive service "Draft" (the status filter keeps its value, Inactive).
      expect(await page.locator('#services-status option[value="Inactive"]').textContent()).toBe('Draft');
      await expectAccessible(page, `services list in site order, ${label}`);
      await shot(page, `services-order-${label}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Another sort keeps the spec's choices; rows cannot move there, and one button brings the order back.
      await page.getByLabel('Sort By').selectOption({ label: 'Name' });
      await page.getByLabel('Order', { exact: true }).selectOption({ label: 'Ascending' });
      expect((await rowNames(page))[0]?.trim()).toBe('Fifth Light Reading');
      expect(await page.getByRole('button', { name: /^Move ‘/ }).count()).toBe(0);
      await page.getByText('Sorted by Name, so the services cannot be moved here.').waitFor();
      await page.getByLabel('Search', { exact: true }).fill('Light');
      await page.getByLabel('Sort By').selectOption({ label: 'Site order' });
      await page.getByText('Only some services are listed, so they cannot be moved here.').waitFor();
      await expectAccessible(page, `services list filtered, ${label}`);
      await shot(page, `services-filtered-${label}`);
      await page.getByRole('button', { name: 'Show the whole site order to move them' }).click();
      await page.getByRole('button', { name: 'Move ‘First Light Reading’ up' }).waitFor();
      expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('');
      expect(errors).toEqual([]);
    }
  });

  it('moves services with the keyboard alone: one save per move, focus kept, announced, confirmed', async () => {
    const { page, errors } = await newPage(VIEWPORTS.desktop);
    const saves = countOrderSaves(page, 'services');
    await signInWithToken(page, base, token, '/admin/services');
    await page.getByRole('button', { name: 'Move ‘First Light Reading’ up' }).waitFor();
    const before = await storedServices();
    expect(before.at(-1)).toBe('First Light Reading');

    await page.getByLabel('Search', { exact: true }).focus();
    await tabTo(page, 'Move ‘First Light Reading’ up');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Order saved' }).waitFor();
    expect(await page.getByText('It goes live on the site with the next publish').count()).toBeGreaterThan(0);
    expect(await focusedText(page)).toBe('Move ‘First Light Reading’ up');
    expect(await announced(page)).toBe('‘First Light Reading’ moved to position 7 of 8.');
    const once = [...before.slice(0, 6), 'First Light Reading', before[6]!];
    expect((await rowNames(page)).map((t) => t.trim())).toEqual(once);
    await expectStored(storedServices, once);
    await expect.poll(saves).toBe(1);
    // Now inside the limit: its row says it is on the home page, and the one it passed is not.
    expect(await rowOf(page, 'First Light Reading').textContent()).toContain('On the home page');
    expect(await rowOf(page, before[6]!).textContent()).toContain('Not shown (limit 6)');

    // Space on "to the top", reached with Tab: the row goes first, focus moves to its "down" (the others are off).
    await tabTo(page, 'Move ‘Fourth Light Reading’ to the top');
    await page.keyboard.press('Space');
    expect(await focusedText(page)).toBe('Move ‘Fourth Light Reading’ down');
    expect(await announced(page)).toBe('‘Fourth Light Reading’ moved to position 1 of 8.');
    const twice = ['Fourth Light Reading', ...once.filter((n) => n !== 'Fourth Light Reading')];
    await expectStored(storedServices, twice);
    await expect.poll(saves).toBe(2);
    // And down again with Enter, once.
    await page.keyboard.press('Enter');
    expect(await focusedText(page)).toBe('Move ‘Fourth Light Reading’ down');
    const thrice = [twice[1]!, 'Fourth Light Reading', ...twice.slice(2)];
    await expectStored(storedServices, thrice);
    await expect.poll(saves).toBe(3);
    await expectAccessible(page, 'services list after keyboard moves, 1280');
    expect(errors).toEqual([]);
  });

  it('moves a service by mouse drag at 1280 and by finger at 390 (phone emulated)', async () => {
    const desktop = await newPage(VIEWPORTS.desktop);
    const saves = countOrderSaves(desktop.page, 'services');
    await signInWithToken(desktop.page, base, token, '/admin/services');
    await desktop.page.getByRole('button', { name: 'Move ‘First Light Reading’ up' }).waitFor();
    const before = await storedServices();
    const last = before.at(-1)!;
    // Escape during a drag puts the row back: nothing is saved.
    await bringBoth(desktop.page, last, before[1]!);
    const grip = (await handleOf(desktop.page, last).boundingBox())!;
    await desktop.page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await desktop.page.mouse.down();
    await desktop.page.mouse.move(grip.x + grip.width / 2, grip.y - 200, { steps: 6 });
    expect(await desktop.page.locator('tbody tr.is-dragging').count()).toBe(1);
    await desktop.page.keyboard.press('Escape');
    await desktop.page.mouse.up();
    expect(await desktop.page.locator('tbody tr.is-dragging').count()).toBe(0);
    expect(await announced(desktop.page)).toBe(`The move of ‘${last}’ was cancelled.`);
    expect(await storedServices()).toEqual(before);
    expect(saves()).toBe(0);
    // The last row dragged above the second.
    await mouseDrag(desktop.page, last, before[1]!, 'above');
    const dragged = [before[0]!, last, ...before.slice(1, -1)];
    await expectStored(storedServices, dragged);
    expect((await desktop.page.locator('tbody tr .cell-title').allTextContents()).map((t) => t.trim())).toEqual(
      dragged,
    );
    await desktop.page.getByRole('status').filter({ hasText: 'Order saved' }).waitFor();
    expect(await announced(desktop.page)).toBe(`‘${last}’ moved to position 2 of 8.`);
    await expect.poll(saves).toBe(1);
    expect(desktop.errors).toEqual([]);

    const phone = await newPage(VIEWPORTS.phone);
    await signInWithToken(phone.page, base, token, '/admin/services');
    await phone.page.getByRole('button', { name: 'Move ‘First Light Reading’ up' }).waitFor();
    // The fourth card dragged above the third, by its handle (a card is most of a phone's height, so upwards).
    await touchDrag(phone.page, dragged[3]!, dragged[2]!, 'above');
    const touched = [dragged[0]!, dragged[1]!, dragged[3]!, dragged[2]!, ...dragged.slice(4)];
    await expectStored(storedServices, touched);
    expect((await phone.page.locator('tbody tr .cell-title').allTextContents()).map((t) => t.trim())).toEqual(touched);
    await phone.page.getByRole('status').filter({ hasText: 'Order saved' }).waitFor();
    await expectAccessible(phone.page, 'services list after a touch drag, 390');
    await shot(phone.page, 'services-after-touch-390');
    expect(phone.errors).toEqual([]);
  });

  it('undoes a move whose save failed, visibly, and says so', async () => {
    for (const [label, viewport] of WIDTHS) {
      const { page, errors } = await newPage(viewport);
      await signInWithToken(page, base, token, '/admin/services');
      await page.getByRole('button', { name: 'Move ‘First Light Reading’ up' }).waitFor();
      const before = (await rowNames(page)).map((t) => t.trim());
      await page.route('**/api/admin/services/order', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, message: 'The database is not reachable right now.' }),
        }),
      );
      const name = before[3]!;
      await page.getByRole('button', { name: `Move ‘${name}’ up` }).click();
      await page.getByRole('alert').filter({ hasText: 'The database is not reachable right now.' }).waitFor();
      await page
        .getByText(`The move was undone, so the list shows the order as it is saved. ‘${name}’ is back at position 4.`)
        .waitFor();
      expect((await rowNames(page)).map((t) => t.trim())).toEqual(before);
      expect(await announced(page)).toBe(`The move was not saved. ‘${name}’ is back at position 4.`);
      expect(await storedServices()).toEqual(before);
      await shot(page, `services-save-failed-${label}`);
      // The refused request is on purpose; nothing else may go wrong.
      expect(errors.filter((e) => !/status of 503/.test(e))).toEqual([]);
    }
  });

  it('the published site follows the order', async () => {
    const expected = await storedServices();
    await waitForPublish();
    const visitor = (await newPage(VIEWPORTS.desktop)).page;
    await visitor.goto(`${base}/service`);
    const listed = await visitor.locator('.service-row__title').allTextContents();
    const active = expected.filter((n) => n !== DRAFT.name);
    expect(listed.map((t) => t.trim())).toEqual(active);
    await visitor.goto(`${base}/`);
    const cards = await visitor.locator('.my-services .svc-card__title').allTextContents();
    expect(cards.map((t) => t.trim())).toEqual(active.slice(0, 6));
  });
});

describe('banner order, in the list itself', () => {
  it('moves banners by keyboard at both widths, by mouse at 1280 and by finger at 390, accessibly', async () => {
    for (const [label, viewport] of WIDTHS) {
      const { page, errors } = await newPage(viewport);
      const saves = countOrderSaves(page, 'banners');
      await signInWithToken(page, base, token, '/admin/banners');
      const before = await storedBanners();
      const last = before.at(-1)!;
      await page.getByRole('button', { name: `Move ‘${last}’ up` }).waitFor();
      expect((await page.locator('tbody tr .cell-title').allTextContents()).map((t) => t.trim())).toEqual(before);
      await page.getByRole('button', { name: 'Add Banner' }).focus();
      await tabTo(page, `Move ‘${last}’ up`);
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Order saved' }).waitFor();
      expect(await focusedText(page)).toBe(`Move ‘${last}’ up`);
      expect(await announced(page)).toBe(`‘${last}’ moved to position ${before.length - 1} of ${before.length}.`);
      const expected = [...before.slice(0, -2), last, before.at(-2)!];
      await expectStored(storedBanners, expected);
      await expect.poll(saves).toBe(1);
      // Saved without ties: 0, 1, 2 in the new order.
      const response = await fetch(`${base}/api/banners`);
      const stored = ((await response.json()) as { data: { title: string; order: number }[] }).data;
      expect(stored.map((b) => [b.title, b.order])).toEqual(expected.map((t, i) => [t, i]));

      // A drag: the first row below the last, by mouse on a computer and by finger on a phone.
      const first = expected[0]!;
      if (label === '1280') await mouseDrag(page, first, expected.at(-1)!, 'below');
      else await touchDrag(page, expected[1]!, first, 'above');
      const dragged = label === '1280' ? [...expected.slice(1), first] : [expected[1]!, first, ...expected.slice(2)];
      await expectStored(storedBanners, dragged);
      await expect.poll(saves).toBe(2);
      expect((await page.locator('tbody tr .cell-title').allTextContents()).map((t) => t.trim())).toEqual(dragged);

      // The banner form has no order number any more.
      await page.getByRole('button', { name: `Edit banner ${last}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Edit Banner' }).waitFor();
      expect(await dialog.getByLabel('Order').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expectAccessible(page, `banners with order, ${label}`);
      await shot(page, `banners-order-${label}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
    }
  });
});

describe('draft preview', () => {
  it('opens a draft from View as the real detail page with the ribbon, never for visitors', async () => {
    for (const [label, viewport] of WIDTHS) {
      const { context, page, errors } = await newPage(viewport);
      await signInWithToken(page, base, token, '/admin/dashboard');
      const view = page.getByRole('link', { name: `View ${DRAFT.name}, a draft, as a preview (opens in a new tab)` });
      await view.waitFor();
      expect(await view.getAttribute('href')).toBe(`/admin/preview/service/${draftId}`);
      const [preview] = await Promise.all([context.waitForEvent('page'), view.click()]);
      const previewErrors = watchPageErrors(preview);
      await preview.getByText('Preview — not visible to visitors').waitFor();
      await preview.getByRole('heading', { level: 1, name: DRAFT.name }).waitFor();
      expect(await preview.getByText(DRAFT.whatIsThis).count()).toBe(1);
      expect(await preview.getByText('Draft: not on the site').count()).toBe(1);
      expect(await preview.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      // The public page's check, which lets the header's entrance finish first.
      await expectPageAccessible(preview, `draft preview, ${label}`);
      await shot(preview, `preview-draft-${label}`);
      expect([...errors, ...previewErrors]).toEqual([]);
    }

    // A visitor: no token, so no draft; and the public address of a draft is still not found.
    const { page } = await newPage(VIEWPORTS.phone);
    await page.goto(`${base}/admin/preview/service/${draftId}`);
    await page.getByRole('heading', { name: 'Sign in to preview' }).waitFor();
    expect(await page.getByText(DRAFT.whatIsThis).count()).toBe(0);
    await page.goto(`${base}/service/${draftId}`);
    await page.getByRole('heading', { name: 'Service Not Found' }).waitFor();
  });

  it('previews the form’s unsaved changes in a new tab without saving them', async () => {
    for (const [label, viewport] of WIDTHS) {
      const { context, page, errors } = await newPage(viewport);
      await signInWithToken(page, base, token, `/admin/services/${editId}/edit`);
      const name = page.getByLabel('Service Name');
      await name.waitFor();
      const renamed = `Third Light Reading, renamed ${label}`;
      await name.fill(renamed);
      await page.getByLabel('Short Description').fill('Changed in the form, not saved yet.');
      // The featured limit is stated where Featured is set.
      const note = page.locator('#svc-featured-note');
      await note.getByText('The home page shows at most 6 featured services').waitFor();
      expect(await note.textContent()).toContain('6 of 7 featured services show on the home page');
      await expectAccessible(page, `service form with featured note, ${label}`);
      await savePicture(note.locator('xpath=ancestor::section[1]'), {
        path: path.join(SHOTS, `form-featured-note-${label}.png`),
      });

      // The form's buttons, Preview among them, fit the phone's width.
      const previewButton = page.getByRole('button', { name: /^Preview/ });
      const box = await previewButton.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      await savePicture(page.locator('.form-actions'), { path: path.join(SHOTS, `form-actions-${label}.png`) });
      const [preview] = await Promise.all([context.waitForEvent('page'), previewButton.click()]);
      await preview.getByText('Preview — not visible to visitors').waitFor();
      await preview.getByRole('heading', { level: 1, name: renamed }).waitFor();
      expect(await preview.getByText('Changed in the form, not saved yet.').count()).toBeGreaterThan(0);
      expect(await preview.getByText('Unsaved changes from the form').count()).toBe(1);
      await expectPageAccessible(preview, `unsaved preview, ${label}`);
      await shot(preview, `preview-unsaved-${label}`);
      // Nothing was saved.
      expect((await adminList()).find((s) => s._id === editId)?.name).toBe('Third Light Reading');
      expect(errors).toEqual([]);
    }
  });

  it('shows a picture picked in the create form in the preview, and names the service a 7th featured one pushes off', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="100%" height="100%" fill="#2a2250"/><circle cx="320" cy="240" r="120" fill="#d8ae5a"/></svg>`;
    const picture = await sharp(Buffer.from(svg)).png().toBuffer();
    // New services start the order, so a new featured one pushes the sixth featured one off the home page.
    const featured = (await adminList()).filter((s) => s.isActive && s.isFeatured).map((s) => s.name);
    expect(featured.length).toBe(7);
    const leaving = featured[5]!;
    for (const [label, viewport] of WIDTHS) {
      const { context, page, errors } = await newPage(viewport);
      await signInWithToken(page, base, token, '/admin/services/create');
      await page.getByLabel('Service Name').fill(`Picture Preview ${label}`);
      await page.locator('#svc-image').setInputFiles({ name: 'picked.png', mimeType: 'image/png', buffer: picture });
      await page.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();

      // Featured, before saving: the note names the one that leaves the home page.
      const note = page.locator('#svc-featured-note');
      expect(await note.getByText('off the home page').count()).toBe(0);
      const featuredSwitch = page.getByRole('switch', { name: /Featured/ });
      await featuredSwitch.focus();
      await page.keyboard.press('Space');
      await note.getByText(`Saving this takes ‘${leaving}’ off the home page`).waitFor();
      expect(await note.textContent()).toContain('it stays featured, but only the first 6 show');
      await expectAccessible(page, `create form with the featured note, ${label}`);
      await savePicture(note, { path: path.join(SHOTS, `form-featured-leaving-${label}.png`) });

      const [preview] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: /^Preview/ }).click(),
      ]);
      const previewErrors = watchPageErrors(preview);
      await preview.getByRole('heading', { level: 1, name: `Picture Preview ${label}` }).waitFor();
      // The preview page's policy lets a picked file's blob: address show.
      const policy = await preview.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
      expect(policy).toMatch(/img-src[^;]*\bblob:/);
      const hero = preview.locator('.detail-media img');
      await expect
        .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
        .toBe(640);
      expect(await hero.getAttribute('src')).toMatch(/^blob:http:\/\/localhost:\d+\//);
      await expectPageAccessible(preview, `unsaved preview with a picture, ${label}`);
      await shot(preview, `preview-picked-picture-${label}`);
      expect([...errors, ...previewErrors]).toEqual([]);
      // Nothing saved.
      expect((await adminList()).some((s) => s.name === `Picture Preview ${label}`)).toBe(false);
    }
  });
});
