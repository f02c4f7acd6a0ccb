// Publishing against the real local server: every content change rebuilds the static site and swaps it in.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PublishStatusSchema, type PublishState, type PublishStatus } from '../../src/shared/schemas/publish';
import type { Page } from 'playwright-core';
import { expectAccessible, initAdminViaApi, loginViaForm, registerMailbox, signInWithToken } from './support/admin';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { projectRoot, startServer, type RunningServer } from './support/server';
import { bannerFormData, serviceFormData } from '../support/factories';
import { slugify } from '../../src/shared/schemas/slug';

const ADMIN = { username: 'publisher', email: 'publisher@example.com', password: 'publish-and-be-glad' };

let server: RunningServer;
let auth: { Authorization: string };
let image: Buffer;
let fallbackHtml: string;

/** Lines the local publisher prints when a build starts. */
const buildsStarted = () =>
  server
    .output()
    .split('\n')
    .filter((line) => line.includes('[publish] Building the site'));

async function status(): Promise<PublishStatus> {
  const response = await fetch(`${server.url}/api/admin/publish/status`, { headers: auth });
  expect(response.status).toBe(200);
  return PublishStatusSchema.parse(((await response.json()) as { data: unknown }).data);
}

async function waitForState(state: PublishState, timeoutMs = 90_000): Promise<PublishStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await status();
    if (current.state === state) return current;
    if (Date.now() > deadline) throw new Error(`Status stayed ${current.state}, wanted ${state}:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function createService(name: string): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/services`, {
    method: 'POST',
    headers: auth,
    body: serviceFormData(name, image),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

async function page(pathname: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${server.url}${pathname}`);
  return { status: response.status, html: await response.text() };
}

/** The admin's top bar (and an open panel below it) at both widths, into the gitignored screenshots/ folder. */
async function shootTopBar(tab: Page, name: string): Promise<void> {
  for (const [label, viewport] of [
    ['1280', VIEWPORTS.desktop],
    ['390', VIEWPORTS.phone],
  ] as const) {
    await tab.setViewportSize(viewport);
    const file = path.join(projectRoot, 'screenshots', `publish-${name}-${label}.png`);
    await savePicture(tab, { path: file, clip: { x: 0, y: 0, width: viewport.width, height: 240 } });
  }
  await tab.setViewportSize(VIEWPORTS.desktop);
}

/** The file the live build holds for a path: what a visitor must be served byte for byte. */
const builtFile = (relative: string) => readFileSync(path.join(server.dataDir, 'site', 'dist', relative), 'utf8');

beforeAll(async () => {
  image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#6b4e9b' } })
    .png()
    .toBuffer();
  server = await startServer();
  const init = await fetch(`${server.url}/api/admin/auth/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await init.json()) as { token: string };
  auth = { Authorization: `Bearer ${token}` };
  fallbackHtml = (await page('/service/fallback/')).html;
  expect(fallbackHtml).toContain('data-service-fallback');
});

afterAll(async () => {
  await server.stop();
});

describe('publishing on the local server', () => {
  it('starts up to date, with /build-info.json naming the content version', async () => {
    const current = await status();
    expect(current).toMatchObject({ mode: 'local', state: 'up-to-date' });
    const info = JSON.parse((await page('/build-info.json')).html) as { contentVersion: number; builtAt: string };
    expect(info.contentVersion).toBe(current.contentVersion);
    expect(current.builtVersion).toBe(info.contentVersion);
  });

  it('serves a new service from the fallback while publishing, then as static HTML', async () => {
    const name = 'Moonlit Tarot Reading';
    const id = await createService(name);
    const publishing = await status();
    expect(publishing.state).toBe('publishing');
    expect(publishing.lastTitle).toBe(`Service created: ${name}`);

    // Until its build is live, the address is answered by the fallback page (the rewrite), not a built page.
    // A build takes seconds, so the page is read well before it ends (the status check after it proves that).
    const early = await page(`/service/${id}`);
    expect((await status()).state).toBe('publishing');
    // The rewrite answers 404 (netlify.toml): the fallback page still renders the new service for visitors.
    expect(early.status).toBe(404);
    expect(early.html).toBe(fallbackHtml);

    const done = await waitForState('up-to-date');
    expect(done.builtVersion).toBe(done.contentVersion);
    expect(done.publishingSince).toBeNull();

    const list = await page('/service');
    expect(list.status).toBe(200);
    expect(list.html).toContain(name);
    expect(list.html).toBe(builtFile('service/index.html'));

    const detail = await page(`/service/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.html).not.toBe(fallbackHtml);
    // The id address redirects to the page at the service's slug (docs/content-api.md, "Addresses").
    expect(detail.html).toBe(builtFile(`service/${slugify(name)}/index.html`));
    expect(detail.html).toContain(name);
  });

  it('shows the not-found page for a deleted service once the rebuild is live', async () => {
    const id = await createService('Fleeting Pendulum Session');
    await waitForState('up-to-date');
    expect((await page(`/service/${id}`)).html).toBe(builtFile('service/fleeting-pendulum-session/index.html'));

    const deleted = await fetch(`${server.url}/api/admin/services/${id}`, { method: 'DELETE', headers: auth });
    expect(deleted.status).toBe(200);
    await waitForState('up-to-date');

    // No built page is left at that address: the /service/* rewrite hands it to the fallback page, which asks the
    // API (404 now) and shows the spec's not-found state.
    const gone = await page(`/service/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.html).toBe(fallbackHtml);
    expect((await fetch(`${server.url}/api/services/${id}`)).status).toBe(404);
    expect((await page('/service')).html).not.toContain('Fleeting Pendulum Session');
    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage();
      await tab.goto(`${server.url}/service/${id}`);
      await tab.getByRole('heading', { name: 'Service Not Found' }).waitFor();
    } finally {
      await browser.close();
    }
  });

  it('puts a new banner and a newly featured service on the home page after the rebuild', async () => {
    await waitForState('up-to-date');
    const home = (await page('/')).html;
    expect(home).not.toContain('Full Moon Circle');

    const form = bannerFormData(
      { title: 'Full Moon Circle', description: 'A monthly gathering.', link: '/service', order: 0 },
      new File([new Uint8Array(image)], 'moon.png', { type: 'image/png' }),
    );
    const banner = await fetch(`${server.url}/api/banners`, { method: 'POST', headers: auth, body: form });
    expect(banner.status).toBe(201);
    const featured = serviceFormData('Featured Starlight Reading', image);
    featured.set('isFeatured', 'true');
    const created = await fetch(`${server.url}/api/admin/services`, { method: 'POST', headers: auth, body: featured });
    expect(created.status).toBe(201);
    // Still the old home page until the build is live.
    expect((await page('/')).html).not.toContain('Full Moon Circle');

    await waitForState('up-to-date');
    const after = (await page('/')).html;
    expect(after).toBe(builtFile('index.html'));
    expect(after).toContain('Full Moon Circle');
    expect(after).toContain('Featured Starlight Reading');
  });

  it('copies the media the built pages reference into the build, served statically; newer uploads by the app', async () => {
    await waitForState('up-to-date');
    const home = builtFile('index.html');
    const keys = [...home.matchAll(/(?:\/|%2F)media(?:\/|%2F)([0-9a-f]{32}\.[a-z0-9]+)/gi)].map((m) => m[1] ?? '');
    expect(keys.length).toBeGreaterThan(0);
    for (const key of new Set(keys)) {
      const file = readFileSync(path.join(server.dataDir, 'site', 'dist', 'media', key));
      const response = await fetch(`${server.url}/media/${key}`);
      expect(response.status, key).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(file), key).toBe(true);
      // Served as a static file of the build (as Netlify's CDN does with preferStatic): not by the app, whose
      // replies carry the CDN cache header; the static rule of netlify.toml applies instead.
      expect(response.headers.get('netlify-cdn-cache-control'), key).toBeNull();
      expect(response.headers.get('cache-control'), key).toBe('public, max-age=31536000, immutable');
    }

    // An image uploaded after the last build is not in it: the app serves it until the next build copies it.
    // An image no earlier test used: keys are content hashes, so a reused picture would already be in the build.
    const unique = await sharp({ create: { width: 9, height: 7, channels: 3, background: '#2f7d5b' } })
      .png()
      .toBuffer();
    const form = serviceFormData('Freshly Pictured Reading');
    form.set('image', new File([new Uint8Array(unique)], 'fresh.png', { type: 'image/png' }));
    const created = await fetch(`${server.url}/api/admin/services`, { method: 'POST', headers: auth, body: form });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { data: { _id: string } }).data._id;
    const stored = (await (await fetch(`${server.url}/api/services/${id}`)).json()) as { data: { image: string } };
    const fresh = await fetch(`${server.url}${stored.data.image}`);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('netlify-cdn-cache-control')).toBe('public, durable, max-age=31536000, immutable');
    await waitForState('up-to-date');
    const key = stored.data.image.slice('/media/'.length);
    expect(readFileSync(path.join(server.dataDir, 'site', 'dist', 'media', key)).byteLength).toBeGreaterThan(0);
    const later = await fetch(`${server.url}${stored.data.image}`);
    expect(later.headers.get('netlify-cdn-cache-control')).toBeNull();
  });

  it('coalesces 10 rapid changes into at most 2 builds, and the final site has all 10', async () => {
    await waitForState('up-to-date');
    const before = buildsStarted().length;
    const names = Array.from({ length: 10 }, (_, i) => `Burst Reading ${i + 1}`);
    for (const name of names) await createService(name);
    await waitForState('up-to-date');

    expect(buildsStarted().length - before).toBeGreaterThanOrEqual(1);
    expect(buildsStarted().length - before).toBeLessThanOrEqual(2);
    const list = (await page('/service')).html;
    for (const name of names) expect(list).toContain(name);
  });

  it('keeps the old site live when a build fails, shows it in the portal, and Retry recovers', async () => {
    await waitForState('up-to-date');
    const id = await createService('Steady Healing');
    await waitForState('up-to-date');

    // Fault injection (docs/publishing.md): the next build runs with an unusable database address.
    writeFileSync(path.join(server.dataDir, 'site', 'fail-next-build'), '');
    const renamed = await fetch(`${server.url}/api/admin/services/${id}`, {
      method: 'PUT',
      headers: auth,
      body: serviceFormData('Renamed Healing'),
    });
    expect(renamed.status).toBe(200);
    const failed = await waitForState('failed');
    expect(failed.lastError).toMatch(/^The site build failed: /);
    expect(failed.builtVersion).toBeLessThan(failed.contentVersion);
    expect(server.output()).toContain('the previous site stays live');

    // The previous build still answers, with the old name.
    const still = await page(`/service/${id}`);
    expect(still.status).toBe(200);
    expect(still.html).toContain('Steady Healing');
    expect(still.html).not.toContain('Renamed Healing');

    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      const tab = await context.newPage();
      const errors = watchPageErrors(tab);
      const failedResponses: string[] = [];
      tab.on('response', (response) => {
        if (response.status() >= 400) failedResponses.push(`${response.status()} ${response.url()}`);
      });
      // A browser the admin never used: the password plus the e-mailed code (docs/auth.md, "New devices").
      registerMailbox(server.url, { dataDir: server.dataDir });
      await loginViaForm(tab, server.url, ADMIN.username, ADMIN.password, { newBrowser: true });
      await tab.waitForURL(/\/admin\/dashboard/);

      const indicator = tab.getByRole('status').filter({ hasText: 'Publishing failed' });
      await indicator.waitFor();
      await tab.getByRole('button', { name: 'Why did publishing fail?' }).click();
      await tab.getByText(/The site build failed/).waitFor();
      await shootTopBar(tab, 'failed');

      await tab.getByRole('button', { name: 'Retry' }).click();
      await tab.getByRole('status').filter({ hasText: 'Publishing your changes…' }).waitFor();
      await shootTopBar(tab, 'publishing');

      await tab.getByRole('status').filter({ hasText: 'Live site is up to date' }).waitFor({ timeout: 90_000 });
      // Nothing to publish, so nothing to press.
      expect(await tab.getByRole('button', { name: 'Publish now' }).count()).toBe(0);
      await shootTopBar(tab, 'up-to-date');
      // The admin page has no <link rel="icon">, so Chromium's own /favicon.ico request (which is not one of the
      // page's responses) logs a 404. Every response the page itself asked for must have succeeded.
      expect(failedResponses).toEqual([]);
      expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await browser.close();
    }

    const fixed = await page(`/service/${id}`);
    expect(fixed.html).toContain('Renamed Healing');
    expect((await status()).state).toBe('up-to-date');
  });
});

// One deploy per editing session (docs/publishing.md): with the default quiet period of 2 minutes, a save marks the
// site as having unpublished changes, and the portal says so at once and when they go live.
describe('debounced publishing in the portal', () => {
  let quiet: RunningServer;

  beforeAll(async () => {
    quiet = await startServer({ env: { PUBLISH_QUIET_SECONDS: '120' } });
  }, 240_000);

  afterAll(async () => {
    await quiet?.stop();
  });

  it('changes the status the moment a save succeeds, says when it goes live, and offers Publish now only then', async () => {
    const token = await initAdminViaApi(quiet.url);
    const headers = { Authorization: `Bearer ${token}` };
    const services = (await (await fetch(`${quiet.url}/api/admin/services`, { headers })).json()) as {
      data: { _id: string; name: string }[];
    };
    const target = services.data[0];
    if (!target) throw new Error('the demo content has no service');

    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      const tab = await context.newPage();
      const errors = watchPageErrors(tab);
      await signInWithToken(tab, quiet.url, token, `/admin/services/${target._id}/edit`);
      const bar = tab.getByRole('status').filter({ hasText: 'Live site is up to date' });
      await bar.waitFor();
      // Up to date: nothing to publish, so no 'Publish now'.
      expect(await tab.getByRole('button', { name: 'Publish now' }).count()).toBe(0);

      await tab.getByRole('textbox', { name: 'Service Name' }).fill(`${target.name} (renewed)`);
      const saved = tab.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().includes('/api/admin/services/'),
      );
      await tab.getByRole('button', { name: 'Update Service' }).click();
      expect((await saved).status()).toBe(200);
      // At once (well within the form's 2 s before it moves on), never "up to date" in between.
      const scheduled = tab.getByRole('status').filter({ hasText: 'Your changes go live in about 2 minutes' });
      await scheduled.waitFor({ timeout: 1_000 });
      await tab.getByRole('button', { name: 'Publish now' }).waitFor({ timeout: 1_000 });
      expect((await statusOf(quiet, headers)).state).toBe('scheduled');
      await tab.waitForURL(/\/admin\/dashboard/);
      await scheduled.waitFor();
      await expectAccessible(tab, 'top bar, changes scheduled');
      await shootTopBar(tab, 'scheduled');
      // On a phone (mobile emulation) the top bar has a row of its own for the status: one short sentence and the
      // action, both in view without a tap.
      const phone = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
      const phoneTab = await phone.newPage();
      await signInWithToken(phoneTab, quiet.url, token, '/admin/dashboard');
      const row = phoneTab.getByRole('status').filter({ hasText: /Live in about [12] min/ });
      await row.waitFor();
      const publishNow = phoneTab.getByRole('button', { name: 'Publish now' });
      for (const part of [row, publishNow]) {
        const box = (await part.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(VIEWPORTS.phone.height);
        expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      }
      expect(await phoneTab.evaluate(() => document.documentElement.scrollWidth)).toBe(VIEWPORTS.phone.width);
      await expectAccessible(phoneTab, 'phone top bar, changes scheduled');
      await savePicture(phoneTab, {
        path: path.join(projectRoot, 'screenshots', 'publish-scheduled-390-mobile.png'),
        clip: { x: 0, y: 0, width: VIEWPORTS.phone.width, height: 240 },
      });
      await publishNow.tap();
      await phoneTab
        .getByRole('status')
        .filter({ hasText: /Publishing…|Live site is up to date/ })
        .waitFor();
      await phone.close();

      // 'Publish now' publishes at once, without waiting for the quiet period.
      await tab.getByRole('status').filter({ hasText: 'Live site is up to date' }).waitFor({ timeout: 120_000 });
      expect(await tab.getByRole('button', { name: 'Publish now' }).count()).toBe(0);
      expect(await (await fetch(`${quiet.url}/service/${target._id}`)).text()).toContain(`${target.name} (renewed)`);
      expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

async function statusOf(target: RunningServer, headers: Record<string, string>): Promise<PublishStatus> {
  const response = await fetch(`${target.url}/api/admin/publish/status`, { headers });
  return PublishStatusSchema.parse(((await response.json()) as { data: unknown }).data);
}
