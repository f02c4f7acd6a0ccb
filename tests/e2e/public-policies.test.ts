// The policy pages and the contact form's consent, on the site `npm start` builds (docs/policies.md): each page
// shows the practitioner's own text or the default written from their settings, with its date and version; the
// footer links to all of them; axe is clean at 390 px (mobile emulation) and 1280 px; the consent box is required
// and reachable by keyboard.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_KINDS, POLICY_PAGES } from '../../src/shared/policies';
import { SITE_SETTINGS_DEFAULTS } from '../../src/shared/schemas/site-settings';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { expectAccessible, withStores } from './support/public-content';
import { startServer, type RunningServer } from './support/server';

const SHOTS = process.env.LEGAL_SHOTS ?? '';
const OWN_TERMS = 'Meera’s own terms, first paragraph.\n\nHow we work together\n\nA second paragraph of her own terms.';

let server: RunningServer;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sg-policies-'));
  // A practitioner who renamed the site and wrote their own terms (policy version 3); the other pages use the
  // defaults, which must name her and her e-mail, never the demo persona.
  await withStores(dataDir, async (stores) => {
    await stores.settings.put({
      ...SITE_SETTINGS_DEFAULTS,
      identity: {
        ...SITE_SETTINGS_DEFAULTS.identity,
        siteName: 'Meera Nair Healing',
        practitionerName: 'Meera Nair',
        firstName: 'Meera',
      },
      contact: { ...SITE_SETTINGS_DEFAULTS.contact, email: 'meera@example.org' },
      policies: {
        ...SITE_SETTINGS_DEFAULTS.policies,
        terms: OWN_TERMS,
        version: 3,
        updated: { ...SITE_SETTINGS_DEFAULTS.policies.updated, terms: '2026-12-02' },
      },
    });
  });
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sizes = [
  { name: '390', options: { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  { name: '1280', options: { viewport: VIEWPORTS.desktop } },
] as const;

async function openPage(context: BrowserContext, pathname: string) {
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const response = await page.goto(`${server.url}${pathname}`, { waitUntil: 'load' });
  expect(response?.status(), pathname).toBe(200);
  return { page, errors };
}

describe('the policy pages', () => {
  it.each(sizes)(
    'render the settings’ text with date and version, link each other, axe clean at $name px',
    async ({ name, options }) => {
      const context = await browser.newContext({ ...options, reducedMotion: 'reduce' });
      for (const kind of POLICY_KINDS) {
        const { path: pathname, title } = POLICY_PAGES[kind];
        const { page, errors } = await openPage(context, pathname);
        expect(await page.locator('h1').innerText()).toBe(title);
        expect(await page.title()).toBe(`${title} | Meera Nair Healing`);
        const text = (await page.locator('[data-policy-text]').innerText()).replace(/\s+/g, ' ');
        const stamp = (await page.locator('[data-policy-stamp]').innerText()).replace(/\s+/g, ' ');
        if (kind === 'terms') {
          expect(text).toContain('Meera’s own terms, first paragraph.');
          // A short line of its own is a heading.
          expect(await page.locator('[data-policy-text] h2').allInnerTexts()).toEqual(['How we work together']);
          expect(stamp).toContain('Last updated 2 Dec 2026');
        } else {
          expect(stamp).toContain('Last updated 27 Nov 2026');
        }
        expect(stamp).toContain('Policy version 3');
        expect(text).not.toContain('Ishita');
        if (kind === 'privacy') {
          expect(text).toContain('I, Meera Nair,');
          expect(text).toContain('Meera Nair Healing');
          expect(text).toContain('meera@example.org');
          expect(text).toContain('Data Protection Board of India');
        }
        if (kind === 'grievance') expect(text).toContain('meera@example.org');
        if (kind === 'disclaimer') expect(text).toContain('not medical, psychological, legal or financial advice');
        // The footer lists every policy page.
        const footerLinks = page.locator('footer nav[aria-label="Policies"] a');
        expect(await footerLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
          POLICY_KINDS.map((k) => POLICY_PAGES[k].path),
        );
        await expectAccessible(page, `${pathname} @${name}`);
        if (SHOTS) await savePicture(page, { path: path.join(SHOTS, `policy-${kind}-${name}.png`), fullPage: true });
        expect(errors).toEqual([]);
        await page.close();
      }
      await context.close();
    },
  );

  it('are linked from every page’s footer, with the advice note linking the disclaimer', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    for (const pathname of ['/', '/about', '/contact', '/service']) {
      const { page } = await openPage(context, pathname);
      const hrefs = await page
        .locator('footer nav[aria-label="Policies"] a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs, pathname).toEqual(['/privacy', '/terms', '/refund-policy', '/grievance', '/disclaimer']);
      expect(await page.locator('footer').getByRole('link', { name: 'Read the disclaimer' }).getAttribute('href')).toBe(
        '/disclaimer',
      );
      await page.close();
    }
    await context.close();
  });
});

describe('consent on the contact form', () => {
  it.each(sizes)(
    'is required, reachable by keyboard, and sent with the message at $name px',
    async ({ name, options }) => {
      const context = await browser.newContext(options);
      const { page, errors } = await openPage(context, '/contact');
      const form = page.locator('form');
      await form.getByLabel('Full Name').focus();
      await page.waitForSelector('astro-island:not([ssr])');
      await form.getByLabel('Full Name').fill('Kavya Iyer');
      await form.getByLabel('Email Address').fill('kavya@example.org');
      await form.getByLabel('Subject').selectOption('General Inquiry');
      await form.getByLabel('Message').fill('Could we find a time for a first reading?');
      await form.getByRole('button', { name: 'Send Message' }).click();
      // Refused without the box: its message under it, and focus on it.
      const box = form.getByRole('checkbox', { name: /I agree to the privacy notice/ });
      await form.getByText('Please tick the box to agree to the privacy notice before sending').waitFor();
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      // The link to the notice opens in a new tab, so nothing typed is lost.
      const link = form.getByRole('link', { name: /privacy notice/ });
      expect(await link.getAttribute('href')).toBe('/privacy');
      expect(await link.getAttribute('target')).toBe('_blank');
      await expectAccessible(page, `contact consent error @${name}`);
      if (SHOTS)
        await savePicture(page, { path: path.join(SHOTS, `contact-consent-error-${name}.png`), fullPage: true });
      // Keyboard only: Space ticks the focused box, the error goes; Tab past the link reaches Send.
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(true);
      expect(await form.getByText('Please tick the box').count()).toBe(0);
      const [request] = await Promise.all([
        page.waitForRequest('**/api/contact/send'),
        form.getByRole('button', { name: 'Send Message' }).press('Enter'),
      ]);
      expect((JSON.parse(request.postData() ?? '{}') as { consent?: unknown }).consent).toBe(true);
      await page.locator('[data-contact-sent]').waitFor();
      expect(await box.isChecked()).toBe(false);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
