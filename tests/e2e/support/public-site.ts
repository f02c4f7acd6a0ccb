// The public site's browser-test fixture, shared by the public-*.test.ts files: the test services, banners and
// pictures (support/public-fixture.ts) on a server, and one Chromium per test file. Each test file calls
// `const site = setupPublicSite()` once at its top level (a file that changes the site's content), or
// `setupPublicSite({ readOnly: true })` (a file that only reads it: the run's one shared fixture server, see
// tests/e2e/README.md, "Shared sites"); the site's fields (server, browser, services, banners, ids, dataDir) are live
// once its beforeAll has run.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Banner } from '../../../src/shared/schemas/banner';
import type { Service } from '../../../src/shared/schemas/service';
import { launchBrowser, VIEWPORTS, watchPageErrors } from './browser';
import { watchRequests } from './public-content';
import { preparePublicFixture, type PublicFixtureIds } from './public-fixture';
import type { RunningServer } from './server';
import { requestSharedSite, sharedServer } from './shared-sites';
import { servicePath } from '../../../src/shared/schemas/slug';

export { RETREAT_URL, XSS } from './public-fixture';

/** What setupPublicSite() hands its test file, filled in by its beforeAll. */
export interface PublicSite {
  server: RunningServer;
  dataDir: string;
  browser: Browser;
  services: Service[];
  banners: Banner[];
  ids: PublicFixtureIds;
}

const site = {} as PublicSite;

export async function json<T>(pathname: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${site.server.url}${pathname}`, init);
  return (await response.json()) as T;
}

/** The shared fixture server of the run, as this file sees it. */
async function sharedFixture(): Promise<Omit<PublicSite, 'browser'>> {
  const shared = await requestSharedSite('public');
  if (!shared.services || !shared.banners || !shared.ids)
    throw new Error('The shared public site came without content');
  return {
    server: sharedServer(shared),
    dataDir: shared.dataDir,
    services: shared.services,
    banners: shared.banners,
    ids: shared.ids,
  };
}

/**
 * Registers the fixture's beforeAll and afterAll in the calling test file, and hands it the site they fill.
 * `readOnly`: the file changes nothing on the server (content, settings, accounts), so it may use the shared one.
 */
export function setupPublicSite(options: { readOnly?: boolean } = {}): PublicSite {
  beforeAll(async () => {
    // Both at once: Chromium starts while the fixture is made (or fetched from the shared one).
    const [fixture, browser] = await Promise.all([
      options.readOnly ? sharedFixture() : preparePublicFixture(),
      launchBrowser(),
    ]);
    Object.assign(site, fixture, { browser });
  });

  afterAll(async () => {
    await site.browser?.close();
    // A shared server's stop() does nothing; an own one's also removes its data folder.
    await site.server?.stop();
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
