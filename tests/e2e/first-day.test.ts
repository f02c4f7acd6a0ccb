// The practitioner's first day (docs/site-settings.md "Sample texts", docs/admin.md "First-run checklist"), in
// Chromium against the real local server: the Site screen marks the sample texts and jumps between its sections by
// keyboard at 390 px (mobile emulation) and 1280 px; a rename reaches the portal's brand and every published page
// without a trace of the demo practitioner; the dashboard's checklist ticks from the data, and "Remove the sample
// content" moves the demo items to the Trash with an Undo that brings them back.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, initAdminViaApi, signInWithToken } from './support/admin';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { waitUntilPublished } from './support/publish';
import { startServer, type RunningServer } from './support/server';

const SHOTS = '/tmp/own-shots';
const NEW = { siteName: 'Anaya Rao Healing', practitionerName: 'Anaya Rao', firstName: 'Anaya' };
/** What must not survive the rename anywhere on the published site. */
const DEMO_TRACES = ['Ishita', 'Verma', 'CA Student', 'CA student', 'chartered accountan', 'hello@soulguidance.in'];

let server: RunningServer;
let token: string;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  token = await initAdminViaApi(server.url);
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; data: T }> {
  const response = await fetch(`${server.url}/api${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: response.status, data: ((await response.json()) as { data: T }).data };
}

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
  return context.newPage();
}

const shot = (page: Page, name: string) => savePicture(page, { path: `${SHOTS}/${name}.png`, fullPage: true });

/** The jump menu button of a section (its name also carries the count of sample texts). */
const jumpButton = (page: Page, label: string) =>
  page.getByRole('navigation', { name: 'Site sections' }).getByRole('button', { name: new RegExp(`^${label}`) });

/** Presses the jump button by keyboard and checks the section's heading has focus and is in view under the bars. */
async function jumpByKeyboard(page: Page, label: string, headingId: string) {
  await jumpButton(page, label).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(headingId);
  await expect
    .poll(async () => {
      const box = await page.locator(`#${headingId}`).boundingBox();
      const viewport = page.viewportSize();
      return box !== null && viewport !== null && box.y > 0 && box.y < viewport.height / 2;
    })
    .toBe(true);
  // Let the smooth scroll come to rest before measuring.
  let last = -1;
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => window.scrollY);
      const still = now === last;
      last = now;
      return still;
    })
    .toBe(true);
  // The menu is still on screen after the jump (sticky under the top bar).
  // The bar is taller on phones (it holds the publish status row), so measure from its bottom edge.
  const menu = await page.getByRole('navigation', { name: 'Site sections' }).boundingBox();
  const bar = await page.locator('header.topbar').boundingBox();
  const barBottom = (bar?.y ?? 0) + (bar?.height ?? 0);
  expect(menu?.y ?? -1).toBeGreaterThanOrEqual(barBottom - 1);
  expect(menu?.y ?? 999).toBeLessThan(barBottom + 24);
}

describe('the Site screen', () => {
  it.each([
    ['390', 'phone'],
    ['1280', 'desktop'],
  ] as const)('marks sample texts, unmarks an edited one, and jumps by keyboard at %s px', async (label, kind) => {
    const page =
      kind === 'phone'
        ? await phonePage()
        : await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    const errors = watchPageErrors(page);
    await signInWithToken(page, server.url, token, '/admin/site');
    const story = page.getByRole('textbox', { name: 'Your story (About Me)' });
    await story.waitFor();

    // Every demo text carries the calm note, and the menu counts them per section.
    const storyNote = page.locator('#site-story-hint .sample-note');
    expect(await storyNote.textContent()).toBe('Still the sample text — replace it.');
    expect(await story.getAttribute('aria-describedby')).toContain('site-story-hint');
    await expect.poll(() => jumpButton(page, 'About page').textContent()).toBe('About page4, 4 sample texts');
    await expectAccessible(page, `site screen at ${label}`);
    await shot(page, `site-top-${label}`);
    expect(
      await page.evaluate(
        (innerWidth) =>
          [...document.querySelectorAll('body *')]
            .filter((el) => !el.closest('.site-jump-list') && el.getBoundingClientRect().right > innerWidth + 1)
            .slice(0, 8)
            .map((el) => `${el.tagName}.${el.className}`),
        VIEWPORTS[kind].width,
      ),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS[kind].width);

    // Typing one's own story removes its note at once, and the About count drops by one.
    await story.fill('I came to this work through my grandmother’s cards.');
    await storyNote.waitFor({ state: 'detached' });
    await expect.poll(() => jumpButton(page, 'About page').textContent()).toBe('About page3, 3 sample texts');

    // Jumping (keyboard) to Contact and on to Footer, then back to About: what was typed is still there.
    await jumpByKeyboard(page, 'Contact', 'section-contact');
    // What the eye sees after the jump (the viewport, not the full page).
    await savePicture(page, { path: `${SHOTS}/site-jumped-contact-${label}.png` });
    await jumpByKeyboard(page, 'Footer', 'section-footer');
    await jumpByKeyboard(page, 'About page', 'section-about-page');
    expect(await story.inputValue()).toBe('I came to this work through my grandmother’s cards.');
    await expectAccessible(page, `site screen after jumps at ${label}`);

    // Unsaved-changes protection still guards the edit.
    // (the top bar's brand link: on a phone the sidebar is closed)
    await page.locator('.topbar a.brand').click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    expect(await story.inputValue()).toBe('I came to this work through my grandmother’s cards.');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('sits second in the navigation', async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await signInWithToken(page, server.url, token, '/admin/dashboard');
    const links = page.getByRole('complementary', { name: 'Admin navigation' }).getByRole('link');
    await links.first().waitFor();
    expect((await links.allTextContents()).slice(0, 2)).toEqual(['Dashboard', 'Site']);
    await page.context().close();
  });
});

describe('the first day', () => {
  it('checklist, rename, sample removal with Undo, and no trace of the demo practitioner once published', async () => {
    const page = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    const errors = watchPageErrors(page);
    await signInWithToken(page, server.url, token, '/admin/dashboard');

    // The checklist starts with nothing done, on the demo content.
    const checklist = page.getByRole('region', { name: 'Make the site your own' });
    await checklist.getByText('0 of 5 done').waitFor();
    await checklist.getByText('Still on the site: 11 services, 3 banners and 4 testimonials.').waitFor();
    await expect.poll(() => page.locator('.topbar .brand-sub').textContent()).toBe('Ishita Verma');
    await expectAccessible(page, 'dashboard checklist at 1280');
    await shot(page, 'dashboard-checklist-1280');
    const phone = await phonePage();
    await signInWithToken(phone, server.url, token, '/admin/dashboard');
    await phone.getByRole('region', { name: 'Make the site your own' }).getByText('0 of 5 done').waitFor();
    await expectAccessible(phone, 'dashboard checklist at 390');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(phone, 'dashboard-checklist-390');
    await phone.context().close();

    // A step links to where it is done: the Site screen, at the About section.
    await checklist.getByRole('link', { name: 'Open About page' }).click();
    await page.waitForURL(/\/admin\/site#section-about-page$/);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('section-about-page');

    // Rename and tell the story; the demo e-mail and phone stay as they are.
    await page.getByRole('textbox', { name: 'Site name' }).fill(NEW.siteName);
    await page.getByRole('textbox', { name: 'Practitioner name' }).fill(NEW.practitionerName);
    await page.getByRole('textbox', { name: 'First name' }).fill(NEW.firstName);
    await page.getByRole('textbox', { name: 'Your story (About Me)' }).fill('I came to this work slowly.');
    await page.getByRole('button', { name: 'Save site settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Site settings saved' }).waitFor();
    // The portal's own brand follows at once: top bar and tab title.
    await expect.poll(() => page.locator('.topbar .brand-sub').textContent()).toBe(NEW.siteName);
    expect(await page.title()).toBe(`Site · Admin Portal, ${NEW.siteName}`);
    // The saved name is no longer marked; the untouched e-mail still is.
    expect(await page.locator('#site-name-hint .sample-note').count()).toBe(0);
    expect(await page.locator('#site-email-hint .sample-note').count()).toBe(1);

    // Back on the dashboard, the About step has ticked itself; the contact step has not.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await checklist.getByText('1 of 5 done').waitFor();
    expect(await checklist.getByText('Your About story: done').count()).toBe(1);
    expect(await checklist.getByText('Your contact details: to do').count()).toBe(1);

    // Remove the sample content: everything demo goes, the step ticks, and Undo brings it back.
    await checklist.getByRole('button', { name: 'Remove the sample content' }).click();
    const removed = page.getByRole('status').filter({ hasText: 'Sample content moved to the Trash' });
    await removed
      .getByText(/11 services and 3 banners moved to the Trash for 30 days\. 4 sample testimonials hidden\./)
      .waitFor();
    await checklist.getByText('2 of 5 done').waitFor();
    expect(await checklist.getByText('Remove the sample services: done').count()).toBe(1);
    const trash = (await api<{ kind: string }[]>('/admin/trash')).data;
    expect(trash.filter((item) => item.kind === 'service')).toHaveLength(11);
    expect(trash.filter((item) => item.kind === 'banner')).toHaveLength(3);
    expect((await api<unknown[]>('/admin/services')).data).toHaveLength(0);
    // The notice has finished fading in before axe measures its contrast.
    await page.waitForTimeout(600);
    await expectAccessible(page, 'dashboard after removing the samples');
    await shot(page, 'dashboard-samples-removed-1280');

    await removed.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('status').filter({ hasText: 'Sample content restored' }).waitFor();
    await checklist.getByText('1 of 5 done').waitFor();
    expect((await api<unknown[]>('/admin/services')).data).toHaveLength(11);
    expect((await api<unknown[]>('/admin/trash')).data).toEqual([]);

    // The login page's brand, signed out.
    const signedOut = await (await browser.newContext({ viewport: VIEWPORTS.desktop })).newPage();
    await signedOut.goto(`${server.url}/admin/login`);
    await signedOut.locator('.login-title .brand-sub').waitFor();
    expect(await signedOut.locator('.login-title').textContent()).toBe(`Admin Portal, ${NEW.siteName}`);
    await shot(signedOut, 'login-1280');
    await signedOut.context().close();

    // Published: no page carries the demo practitioner in its texts, meta, share tags or JSON-LD.
    await waitUntilPublished(server.url, token);
    for (const pathname of ['/', '/about', '/contact', '/service']) {
      const html = await (await fetch(`${server.url}${pathname}`)).text();
      for (const trace of DEMO_TRACES) expect(html, `${pathname} still has “${trace}”`).not.toContain(trace);
      expect(html).toContain(NEW.siteName);
    }
    await page.goto(`${server.url}/about`);
    // The About chips: the job title instead of the demo's roles.
    expect(await page.locator('.about-hero .highlights li').allTextContents()).toEqual([
      'Akashic Records Reader and Soul Guide',
    ]);
    const meta = (name: string) => page.locator(`meta[${name}]`).first().getAttribute('content');
    expect(await meta('name="description"')).toContain(NEW.firstName);
    expect(await meta('property="og:description"')).toContain(NEW.firstName);
    const jsonLd = (await page.locator('script[type="application/ld+json"]').textContent()) ?? '';
    expect(jsonLd).toContain(NEW.practitionerName);
    await page.goto(`${server.url}/`);
    expect(await meta('name="description"')).toContain(NEW.practitionerName);
    await page.goto(`${server.url}/contact`);
    expect(await page.getByRole('region', { name: 'Contact details' }).textContent()).not.toContain('@');

    // The contact step ticks once phone, WhatsApp and an own e-mail are saved (anywhere: here through the API).
    const settings = (await api<Record<string, Record<string, unknown>>>('/admin/site-settings')).data;
    const put = await api('/admin/site-settings', {
      method: 'PUT',
      body: JSON.stringify({
        ...settings,
        contact: {
          ...settings['contact'],
          email: 'anaya@example.org',
          phone: '+44 20 7946 0000',
          whatsapp: '+44 7911 123456',
        },
      }),
    });
    expect(put.status).toBe(200);
    await page.goto(`${server.url}/admin/dashboard`);
    await checklist.getByText('2 of 5 done').waitFor();
    expect(await checklist.getByText('Your contact details: done').count()).toBe(1);

    // The practitioner may hide the list on this browser; it stays hidden after a reload.
    await checklist.getByRole('button', { name: 'Hide this checklist' }).click();
    await checklist.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Quick Actions' }).waitFor();
    expect(await checklist.count()).toBe(0);

    expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
    await page.context().close();
  });
});
