// The order the practitioner sets and the draft preview (docs/admin.md, "Order on the site" and "Draft preview"), in
// Chromium at 390 and 1280 px against the real local server: services moved by keyboard, published, and seen in that
// order on /service and the home page; the featured count; a draft's "View" opening the preview with its ribbon;
// and the form's unsaved changes previewed in a new tab.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../src/shared/schemas/service';
import { ADMIN, expectAccessible, initAdminViaApi, signInWithToken } from './support/admin';
import { launchBrowser, VIEWPORTS, watchPageErrors } from './support/browser';
import {
  createServices,
  expectAccessible as expectPageAccessible,
  fullService,
  banner,
  minimalService,
  withStores,
} from './support/public-content';
import { startServer, type RunningServer } from './support/server';

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

async function newPage(viewport: { width: number; height: number } = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  return { context, page, errors: watchPageErrors(page) };
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

const auth = () => ({ Authorization: `Bearer ${token}` });

async function adminList(): Promise<Service[]> {
  const response = await fetch(`${base}/api/admin/services`, { headers: auth() });
  return ((await response.json()) as { data: Service[] }).data;
}

/** Waits until the live build was made from the store's current content version. */
async function waitForPublish(): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const response = await fetch(`${base}/api/admin/publish/status`, { headers: auth() });
    const { data } = (await response.json()) as {
      data: { state: string; contentVersion: number; builtVersion: number | null };
    };
    if (data.state === 'up-to-date' && data.builtVersion === data.contentVersion) return;
    if (data.state === 'failed') throw new Error(`Publishing failed:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`Publishing did not finish:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

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

describe('order on the site', () => {
  it('shows the featured count and the draft wording, at both widths, accessibly', async () => {
    for (const [label, viewport] of WIDTHS) {
      const { page, errors } = await newPage(viewport);
      await signInWithToken(page, base, token, '/admin/services');
      await page.getByRole('heading', { name: 'Order on the site' }).waitFor();
      const count = page.getByTestId('featured-count');
      expect(await count.textContent()).toBe('6 of 7 featured services show on the home page');
      expect(await page.getByText('the first ones in the site order').count()).toBeGreaterThan(0);
      // The seventh featured service is past the limit, and the list says so.
      const order = page.getByRole('list', { name: 'Services, as the site lists them' });
      const items = order.getByRole('listitem');
      expect(await items.count()).toBe(8);
      expect(await items.first().textContent()).toContain(DRAFT.name);
      expect(await items.first().textContent()).toContain('Draft');
      expect(await items.last().textContent()).toContain('Featured · not shown (limit 6)');
      // Lists call an inactive service "Draft" (the status filter keeps its value, Inactive).
      expect(await page.locator('#services-status option[value="Inactive"]').textContent()).toBe('Draft');
      expect(await page.getByRole('cell', { name: 'Draft' }).count()).toBeGreaterThan(0);
      await expectAccessible(page, `services list with order, ${label}`);
      await shot(page, `services-order-${label}`);
      // The panel alone, to look at its rows closely; and nothing wider than the screen.
      await page.locator('#site-order').screenshot({ path: path.join(SHOTS, `services-order-panel-${label}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(errors).toEqual([]);
    }
  });

  it('moves services by keyboard, keeps focus, confirms, and the published site follows the order', async () => {
    const { page, errors } = await newPage(VIEWPORTS.desktop);
    await signInWithToken(page, base, token, '/admin/services');
    const up = page.getByRole('button', { name: 'Move ‘First Light Reading’ up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Order saved').first().waitFor();
    expect(await page.getByText('It goes live on the site with the next publish').count()).toBeGreaterThan(0);
    expect(await focusedText(page)).toBe('Move ‘First Light Reading’ up');

    // A second move with Space, from the top of the featured ones.
    await page.getByRole('button', { name: 'Move ‘Seventh Light Reading’ down' }).focus();
    await page.keyboard.press('Space');
    expect(await focusedText(page)).toBe('Move ‘Seventh Light Reading’ down');
    const expected = [
      DRAFT.name,
      'Sixth Light Reading',
      'Seventh Light Reading',
      'Fifth Light Reading',
      'Fourth Light Reading',
      'Third Light Reading',
      'First Light Reading',
      'Second Light Reading',
    ];
    // Saved on the server in that order (the saves are sent one after the other).
    const deadline = Date.now() + 10_000;
    while ((await adminList()).map((s) => s.name).join() !== expected.join() && Date.now() < deadline) {
      await page.waitForTimeout(200);
    }
    expect((await adminList()).map((s) => s.name)).toEqual(expected);
    // The list on screen shows the same, and the first is now on the home page while the second is not.
    const items = page.getByRole('list', { name: 'Services, as the site lists them' }).getByRole('listitem');
    expect(await items.nth(6).textContent()).toContain('Featured · on the home page');
    expect(await items.nth(7).textContent()).toContain('not shown (limit 6)');
    await page.screenshot({ path: path.join(SHOTS, 'services-reordered-1280.png'), fullPage: true });
    expect(errors).toEqual([]);

    await waitForPublish();
    const visitor = (await newPage(VIEWPORTS.desktop)).page;
    await visitor.goto(`${base}/service`);
    const listed = await visitor.locator('.service-row__title').allTextContents();
    expect(listed.map((t) => t.trim())).toEqual(expected.slice(1));
    await visitor.goto(`${base}/`);
    const cards = await visitor.locator('.my-services .svc-card__title').allTextContents();
    expect(cards.map((t) => t.trim())).toEqual(expected.slice(1, 7));
  });
});

describe('banner order', () => {
  it('replaces the free order number: banners move by keyboard, at both widths, accessibly', async () => {
    const titles = async () => {
      const response = await fetch(`${base}/api/banners`, { headers: auth() });
      return ((await response.json()) as { data: { title: string; order: number }[] }).data;
    };
    for (const [label, viewport] of WIDTHS) {
      const { page, errors } = await newPage(viewport);
      await signInWithToken(page, base, token, '/admin/banners');
      const list = page.getByRole('list', { name: 'Banners, as the home page shows them' });
      await list.waitFor();
      const before = (await titles()).map((b) => b.title);
      const last = before.at(-1)!;
      await page.getByRole('button', { name: `Move ‘${last}’ up` }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Order saved').first().waitFor();
      expect(await focusedText(page)).toBe(`Move ‘${last}’ up`);
      const expected = [...before.slice(0, -2), last, before.at(-2)!];
      const deadline = Date.now() + 10_000;
      while ((await titles()).map((b) => b.title).join() !== expected.join() && Date.now() < deadline) {
        await page.waitForTimeout(200);
      }
      // Saved without ties: 0, 1, 2 in the new order.
      expect((await titles()).map((b) => [b.title, b.order])).toEqual(expected.map((t, i) => [t, i]));
      // A mouse may drag a row onto another as well (the buttons stay the way for keyboards and phones).
      if (label === '1280') {
        const rows = list.getByRole('listitem');
        const first = expected[0]!;
        await rows.first().dragTo(rows.last());
        const dragged = [...expected.slice(1), first];
        const until = Date.now() + 10_000;
        while ((await titles()).map((b) => b.title).join() !== dragged.join() && Date.now() < until) {
          await page.waitForTimeout(200);
        }
        expect((await titles()).map((b) => b.title)).toEqual(dragged);
        expect(await rows.last().textContent()).toContain(first);
      }
      // The banner form has no order number any more.
      await page.getByRole('button', { name: `Edit banner ${last}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('heading', { name: 'Edit Banner' }).waitFor();
      expect(await dialog.getByLabel('Order').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expectAccessible(page, `banners with order, ${label}`);
      await page.locator('#banner-order').screenshot({ path: path.join(SHOTS, `banners-order-${label}.png`) });
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
      await note.locator('xpath=ancestor::section[1]').screenshot({
        path: path.join(SHOTS, `form-featured-note-${label}.png`),
      });

      // The form's buttons, Preview among them, fit the phone's width.
      const previewButton = page.getByRole('button', { name: /^Preview/ });
      const box = await previewButton.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      await page.locator('.form-actions').screenshot({ path: path.join(SHOTS, `form-actions-${label}.png`) });
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
});
