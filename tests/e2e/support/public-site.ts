// The public site's browser-test fixture, shared by the public-*.test.ts files: one server per test file, its
// store filled before it starts, then two images and a video banner put in through the admin API (real /media/
// uploads), and the rebuild awaited. Each test file calls `const site = setupPublicSite()` once at its top level;
// the site's fields (server, browser, services, banners, ids, dataDir) are live once its beforeAll has run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Banner } from '../../../src/shared/schemas/banner';
import type { Service } from '../../../src/shared/schemas/service';
import { SITE_SETTINGS_DEFAULTS } from '../../../src/shared/schemas/site-settings';
import { bannerFormData } from '../../support/factories';
import { makeMp4 } from '../../support/media-files';
import { launchBrowser, VIEWPORTS, watchPageErrors } from './browser';
import { banner, createServices, fullService, minimalService, watchRequests, withStores } from './public-content';
import { startServer, type RunningServer } from './server';
import { servicePath } from '../../../src/shared/schemas/slug';

export const XSS = '<img src=x onerror=alert(1)>';
const ADMIN = { username: 'ishita', email: 'ishita@example.test', password: 'lotus-light-2023' };
export const RETREAT_URL = 'https://retreat.example.org/winter';

/** What setupPublicSite() hands its test file, filled in by its beforeAll. */
export interface PublicSite {
  server: RunningServer;
  dataDir: string;
  browser: Browser;
  services: Service[];
  banners: Banner[];
  ids: { full: string; minimal: string; xss: string; listOnly: string; inactive: string };
}

const site = {} as PublicSite;

export async function json<T>(pathname: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${site.server.url}${pathname}`, init);
  return (await response.json()) as T;
}

async function artwork(hue: string): Promise<File> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><radialGradient id="g">
    <stop offset="0" stop-color="#f0dcaa"/><stop offset="1" stop-color="${hue}"/></radialGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/><circle cx="600" cy="400" r="220" fill="none" stroke="#fff"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return new File([new Uint8Array(jpeg)], 'art.jpg', { type: 'image/jpeg' });
}

/** Waits until the live build was made from the store's current content version. */
async function waitForPublish(auth: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { data } = await json<{ data: { state: string; contentVersion: number; builtVersion: number | null } }>(
      '/api/admin/publish/status',
      { headers: auth },
    );
    if (data.state === 'up-to-date' && data.builtVersion === data.contentVersion) return;
    if (data.state === 'failed') throw new Error(`Publishing failed:\n${site.server.output()}`);
    if (Date.now() > deadline) throw new Error(`Publishing did not finish:\n${site.server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Registers the fixture's beforeAll and afterAll in the calling test file, and hands it the site they fill. */
export function setupPublicSite(): PublicSite {
  beforeAll(async () => {
    site.dataDir = mkdtempSync(path.join(tmpdir(), 'sg-public-'));
    await withStores(site.dataDir, async (stores) => {
      const [full, minimal, xss, , , listOnly, inactive] = await createServices(stores, [
        fullService(),
        minimalService(),
        fullService({
          name: `Energy Cleansing ${XSS}`,
          category: 'Energy Cleansing',
          description: `Before ${XSS} after.`,
          offerPrice: undefined,
          price: 2500,
        }),
        fullService({ name: 'Past Life Regression', category: 'Past Life Regression', price: 4500, offerPrice: 3999 }),
        fullService({ name: 'Maha Kali Healing', category: 'Maha Kali Healing', price: 3300, offerPrice: undefined }),
        minimalService({ name: 'Numerology Insight', category: 'Numerology', isFeatured: false }),
        minimalService({ name: 'Hidden Draft Service', isActive: false }),
      ]);
      site.ids = {
        full: full!._id,
        minimal: minimal!._id,
        xss: xss!._id,
        listOnly: listOnly!._id,
        inactive: inactive!._id,
      };
      await stores.banners.create(banner({ title: 'A quiet retreat for the heart', link: RETREAT_URL, order: 0 }));
      await stores.banners.create(banner({ title: 'Healing sessions, now online', link: '', order: 1 }));
      // The practitioner's site settings (docs/site-settings.md): contact details and three social links set
      // (WhatsApp from its number).
      await stores.settings.put({
        ...SITE_SETTINGS_DEFAULTS,
        contact: {
          ...SITE_SETTINGS_DEFAULTS.contact,
          email: 'hello@soulguidance.in',
          phone: '+91 98765 43210',
          whatsapp: '+91 98765 43210',
        },
        social: {
          ...SITE_SETTINGS_DEFAULTS.social,
          instagram: 'https://instagram.com/example',
          youtube: 'https://youtube.com/@example',
        },
      });
    });
    site.server = await startServer({ dataDir: site.dataDir });

    // Two real uploads through the admin API: the full service's image and the first banner's picture.
    const init = await json<{ token: string }>('/api/admin/auth/init', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const auth = { Authorization: `Bearer ${init.token}` };
    const current = (await json<{ data: Service }>(`/api/admin/services/${site.ids.full}`, { headers: auth })).data;
    const form = new FormData();
    for (const [key, value] of Object.entries(current)) {
      if (['_id', 'createdAt', 'updatedAt', 'image', 'testimonials', 'averageRating'].includes(key)) continue;
      form.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
    form.set('image', await artwork('#4b2c58'));
    const put = await fetch(`${site.server.url}/api/admin/services/${site.ids.full}`, {
      method: 'PUT',
      headers: auth,
      body: form,
    });
    expect(put.status).toBe(200);

    const firstBanner = (await json<{ data: Banner[] }>('/api/banners')).data[0]!;
    const bannerForm = bannerFormData(
      { title: firstBanner.title, description: firstBanner.description, link: RETREAT_URL, order: 0 },
      await artwork('#1e1840'),
    );
    const bannerPut = await fetch(`${site.server.url}/api/banners/${firstBanner._id}`, {
      method: 'PUT',
      headers: auth,
      body: bannerForm,
    });
    expect(bannerPut.status).toBe(200);

    // A third banner: a video (a real, small H.264 MP4), last in order.
    const video = makeMp4({ width: 64, height: 48, fps: 10, totalBytes: 40_000 }).bytes;
    const videoForm = bannerFormData(
      { title: 'Moonlight meditation', description: 'A short moving image.', link: '/about', order: 2 },
      new File([video], 'moon.mp4', { type: 'video/mp4' }),
    );
    const videoPost = await fetch(`${site.server.url}/api/banners`, { method: 'POST', headers: auth, body: videoForm });
    expect(videoPost.status).toBe(201);
    await waitForPublish(auth);

    site.services = (await json<{ data: Service[] }>('/api/services')).data;
    site.banners = (await json<{ data: Banner[] }>('/api/banners')).data;
    site.browser = await launchBrowser();
  });

  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
    rmSync(site.dataDir, { recursive: true, force: true });
  });
  return site;
}

export type Viewport = keyof typeof VIEWPORTS;

export async function open(
  pathname: string,
  viewport: Viewport = 'desktop',
  options: { reducedMotion?: 'reduce' | 'no-preference'; allowNotFound?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[]; foreign: string[] }> {
  const context = await site.browser.newContext({
    viewport: VIEWPORTS[viewport],
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  // Links to the outside world (booking pages, banner links) must not leave this offline machine.
  await context.route(/^https?:\/\/(?!localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>outside</title>' }),
  );
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const foreign = watchRequests(page, site.server.url);
  const response = await page.goto(`${site.server.url}${pathname}`, { waitUntil: 'load' });
  if (!options.allowNotFound) expect(response?.status(), pathname).toBe(200);
  return { page, context, errors, foreign };
}

export const allViewports: Viewport[] = ['phone', 'desktop'];

/**
 * The page address of a fixture service. The fixture writes services without slugs (as saved before slugs existed);
 * `npm start` gives them theirs before the first build (docs/content-api.md, "Addresses").
 */
export function pagePathOf(id: string): string {
  const service = site.services.find((s) => s._id === id);
  if (!service?.slug) throw new Error(`No slug for service ${id}`);
  return servicePath(service);
}
export const widthOf = (viewport: Viewport) => VIEWPORTS[viewport].width;

/** The entry marked as the current page, and the one highlighted (they differ only on /service/{id}). */
export async function navState(page: Page) {
  return page.evaluate(() => ({
    current: document.querySelector('.site-nav [aria-current="page"]')?.textContent?.trim() ?? null,
    active: [...document.querySelectorAll('.site-nav .is-active')].map((el) => el.textContent?.trim()),
  }));
}

/** Text as written (textContent), not as CSS transforms it (innerText follows text-transform: uppercase). */
export const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
export const text = (page: Page) => textOf(page.locator('main'));
