// Readable service addresses (docs/content-api.md, "Addresses") against `npm start`'s real server with the demo
// content: every service page lives at /service/<slug>; the id address and earlier slugs answer 301 to it (from the
// build's _redirects file, the same one Netlify reads); the portal's service form edits the address with a live
// preview, by keyboard, at 390 px (mobile emulation) and 1280 px, and refuses a taken or invalid one with a message.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../src/shared/schemas/service';
import { SLUG_MESSAGES } from '../../src/shared/schemas/slug';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { expectAccessible, initAdminViaApi, signInWithToken } from './support/admin';
import { waitUntilPublished } from './support/publish';
import { fullService, withStores } from './support/public-content';
import { projectRoot, startServer, type RunningServer } from './support/server';

const SHOTS = '/tmp/slug-shots';

let server: RunningServer;
let browser: Browser;
let token: string;

const CONTEXTS = {
  phone: { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: VIEWPORTS.desktop },
} as const;
type Width = keyof typeof CONTEXTS;

beforeAll(async () => {
  server = await startServer();
  token = await initAdminViaApi(server.url);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function publicServices(): Promise<Service[]> {
  return ((await (await fetch(`${server.url}/api/services?limit=100`)).json()) as { data: Service[] }).data;
}

/** The answer to `pathname` without following a redirect. */
async function head(pathname: string): Promise<{ status: number; location: string | null }> {
  const response = await fetch(`${server.url}${pathname}`, { redirect: 'manual' });
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get('location') };
}

const builtFile = (name: string) => readFileSync(path.join(server.dataDir, 'site', 'dist', name), 'utf8');

async function openPage(width: Width): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext(CONTEXTS[width]);
  const page = await context.newPage();
  return { page, context, errors: watchPageErrors(page) };
}

describe('the built site under npm start', () => {
  it('builds every service page at its slug and links there from cards, list, sitemap, canonical and JSON-LD', async () => {
    const services = await publicServices();
    expect(services.length).toBeGreaterThanOrEqual(10);
    for (const service of services) {
      expect(service.slug, service.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      const page = await fetch(`${server.url}/service/${service.slug}`);
      expect(page.status, service.slug).toBe(200);
      const html = await page.text();
      expect(html).toContain(`<link rel="canonical" href="${server.url}/service/${service.slug}"`);
      expect(html).toContain(`"url":"${server.url}/service/${service.slug}"`);
      expect(html).not.toContain(`/service/${service._id}`);
    }
    const home = await (await fetch(`${server.url}/`)).text();
    const list = await (await fetch(`${server.url}/service`)).text();
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const service of services) {
      expect(list).toContain(`href="/service/${service.slug}"`);
      expect(sitemap).toContain(`<loc>${server.url}/service/${service.slug}</loc>`);
      for (const text of [home, list, sitemap]) expect(text).not.toContain(`/service/${service._id}`);
    }
    // The demo banner that leads to a service links by slug too.
    expect(home).toMatch(/href="\/service\/[a-z-]+"/);
  });

  it('answers an id address with a permanent redirect to the slug, with or without a trailing slash', async () => {
    const [service] = await publicServices();
    for (const suffix of ['', '/']) {
      expect(await head(`/service/${service!._id}${suffix}`)).toEqual({
        status: 301,
        location: `/service/${service!.slug}`,
      });
    }
    expect(await head(`/service/${service!._id}?ref=mail`)).toMatchObject({
      location: `/service/${service!.slug}?ref=mail`,
    });
    // Unknown addresses still get the fallback page's 404, and real pages are never redirected.
    expect((await head('/service/no-such-service')).status).toBe(404);
    expect((await head(`/service/${service!.slug}`)).status).toBe(200);
  });

  it('writes the redirects into the publish folder for Netlify, ahead of the /service/* fallback rewrite', async () => {
    const services = await publicServices();
    const rules = builtFile('_redirects')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    expect(rules).toEqual(expect.arrayContaining(services.map((s) => `/service/${s._id} /service/${s.slug} 301`)));
    // Netlify applies _redirects before netlify.toml's rules, and an unforced rule never hides a built page: the
    // toml's /service/* rewrite must stay unforced so built pages and these redirects win over it.
    const toml = parse(readFileSync(path.join(projectRoot, 'netlify.toml'), 'utf8')) as {
      redirects: { from: string; force?: boolean; status: number }[];
    };
    const fallback = toml.redirects.find((rule) => rule.from === '/service/*');
    expect(fallback).toMatchObject({ status: 404 });
    expect(fallback?.force).not.toBe(true);
  });
});

describe('the page address in the service form', () => {
  it.each(['phone', 'desktop'] as const)(
    'edits the address by keyboard with a live preview, refuses a taken or invalid one, and keeps the old address working (%s)',
    async (width) => {
      const services = await publicServices();
      const target = services[width === 'phone' ? 1 : 2]!;
      const other = services[3]!;
      const oldSlug = target.slug!;
      const newSlug = `${oldSlug}-${width}`;
      const { page, context, errors } = await openPage(width);
      await signInWithToken(page, server.url, token, `/admin/services/${target._id}/edit`);

      const field = page.getByLabel('Page address');
      await field.waitFor();
      expect(await field.inputValue()).toBe(oldSlug);
      const hint = page.locator('#svc-slug-hint');
      expect(await hint.innerText()).toContain(`${server.url}/service/${oldSlug}`);
      // Reached by keyboard from the field before it.
      await page.locator('#svc-category').focus();
      await page.keyboard.press('Tab');
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);

      // An invalid address: a clear message under the field, nothing saved.
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Tarot Reading!');
      expect(await hint.innerText()).toContain('Suggested: tarot-reading');
      await page.keyboard.press('Enter');
      await page.locator('#svc-slug-error', { hasText: SLUG_MESSAGES.format }).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await expectAccessible(page, `service form, invalid address (${width})`);
      await savePicture(page, { path: `${SHOTS}/form-address-invalid-${width}.png`, fullPage: false });

      // Another service's address: refused by the server, shown beside the field.
      await field.fill(other.slug!);
      await field.press('Enter');
      await page.locator('#svc-slug-error', { hasText: SLUG_MESSAGES.taken }).waitFor();
      expect((await (await fetch(`${server.url}/api/services/${target._id}`)).json()) as unknown).toMatchObject({
        data: { slug: oldSlug },
      });

      // A free address: the preview follows each keystroke; Enter saves and the save is confirmed.
      await field.fill('');
      await field.pressSequentially(newSlug);
      expect(await hint.innerText()).toContain(`${server.url}/service/${newSlug}`);
      expect(await hint.innerText()).toContain('The old address will lead here too.');
      await field.scrollIntoViewIfNeeded();
      await expectAccessible(page, `service form, new address (${width})`);
      await savePicture(page, { path: `${SHOTS}/form-address-preview-${width}.png`, fullPage: false });
      await field.press('Enter');
      await page.getByRole('status').getByText('Service updated successfully!').waitFor();
      await savePicture(page, { path: `${SHOTS}/form-address-saved-${width}.png`, fullPage: false });

      await waitUntilPublished(server.url, token);
      expect((await head(`/service/${newSlug}`)).status).toBe(200);
      expect(await head(`/service/${oldSlug}`)).toEqual({ status: 301, location: `/service/${newSlug}` });
      expect(await head(`/service/${target._id}/`)).toEqual({ status: 301, location: `/service/${newSlug}` });

      // A visitor with the old link lands on the page, at its new address.
      const visitor = await openPage(width);
      await visitor.page.goto(`${server.url}/service/${oldSlug}`);
      expect(visitor.page.url()).toBe(`${server.url}/service/${newSlug}`);
      expect(await visitor.page.locator('h1').innerText()).toBe(target.name);
      await savePicture(visitor.page, { path: `${SHOTS}/detail-after-rename-${width}.png`, fullPage: false });
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();

      // The form now lists the earlier address.
      await page.goto(`${server.url}/admin/services/${target._id}/edit`);
      await page.getByLabel('Page address').waitFor();
      expect(await page.locator('#svc-slug-hint').innerText()).toContain(`/service/${oldSlug}`);
      await savePicture(page, { path: `${SHOTS}/form-address-earlier-${width}.png`, fullPage: false });
      // The refused saves answered 400/409; nothing else may fail.
      expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
      await context.close();
    },
  );

  it('makes a new service address from its name, shown before saving', async () => {
    const { page, context } = await openPage('phone');
    await signInWithToken(page, server.url, token, '/admin/services/create');
    await page.getByLabel('Service Name').fill('Crystal Grid Séance');
    expect(await page.locator('#svc-slug-hint').innerText()).toContain(`${server.url}/service/crystal-grid-seance`);
    await page.getByLabel('Page address').scrollIntoViewIfNeeded();
    await savePicture(page, { path: `${SHOTS}/form-address-new-390.png`, fullPage: false });
    await expectAccessible(page, 'new service form');
    await context.close();
  });

  it('serves a service created after the last build at its slug from the fallback page', async () => {
    // Written straight into the store, as a save whose rebuild has not landed yet: no page, no redirect.
    const created = await withStores(server.dataDir, (stores) =>
      stores.services.create(
        fullService({ name: 'Moonlit Oracle Session', slug: 'moonlit-oracle-session', offerPrice: undefined }),
      ),
    );
    const { page, context, errors } = await openPage('phone');
    for (const address of ['/service/moonlit-oracle-session', `/service/${created._id}`]) {
      await page.goto(`${server.url}${address}`);
      await page.locator('h1', { hasText: 'Moonlit Oracle Session' }).waitFor();
      // Opened by its id, the page shows the address the service will keep.
      expect(page.url()).toBe(`${server.url}/service/moonlit-oracle-session`);
    }
    // The documents answer 404 (the fallback rewrite, as on Netlify); nothing else fails.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
    await context.close();
  });
});
