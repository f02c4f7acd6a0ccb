// The portal's Site screen against the real local server (docs/site-settings.md): the practitioner changes their name,
// phone, a social link and their About story, presses "Publish now", and the public pages show the change.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, initAdminViaApi, shootBoth, signInWithToken } from './support/admin';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { expectAccessible as expectPublicAccessible, settle } from './support/public-content';
import { startServer, type RunningServer } from './support/server';

// Pictures to look at, kept out of the repository.
const SHOTS = process.env['SITE_SETTINGS_SHOTS'] ?? path.join('/tmp', 'site-settings-shots');

let server: RunningServer;
let token: string;

beforeAll(async () => {
  // A quiet period longer than the test: the save waits, and "Publish now" is what publishes it.
  server = await startServer({ env: { PUBLISH_QUIET_SECONDS: '600' } });
  token = await initAdminViaApi(server.url);
});

afterAll(async () => {
  await server?.stop();
});

/** Both widths into SHOTS; public pages settled first (their entrance animations finished). */
async function shoot(page: Page, name: string, settlePublic = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await shootBoth(page, name, settlePublic ? () => settle(page) : undefined, (label) =>
    savePicture(page, { path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true, animations: 'disabled' }),
  );
}

const NEW = {
  siteName: 'Asha Rao Healing',
  practitionerName: 'Asha Rao',
  firstName: 'Asha',
  phone: '+91 90000 11111',
  instagram: 'instagram.com/asha.rao',
  story: 'I found the Records in a quiet winter.\n\nNow I hold the lantern for others, gently and without hurry.',
};

describe('site settings in the portal', () => {
  it('edits name, phone, WhatsApp, Instagram and the About story, publishes, and the public pages follow', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
      const tab = await context.newPage();
      const errors = watchPageErrors(tab);

      // The sidebar leads to the screen.
      await signInWithToken(tab, server.url, token, '/admin/dashboard');
      await tab.getByRole('link', { name: 'Site', exact: true }).click();
      await tab.waitForURL(/\/admin\/site$/);
      const siteName = tab.getByRole('textbox', { name: 'Site name' });
      await siteName.waitFor();
      // The demo seed filled every field.
      expect(await siteName.inputValue()).toBe('Ishita Verma');
      expect(await tab.getByRole('textbox', { name: 'Phone', exact: true }).inputValue()).toBe('+91 98765 43210');
      await tab.getByRole('status').filter({ hasText: 'Live site is up to date' }).waitFor({ timeout: 90_000 });
      await expectAccessible(tab, 'site settings at 1280');
      await tab.setViewportSize(VIEWPORTS.phone);
      await tab.waitForTimeout(350);
      await expectAccessible(tab, 'site settings at 390');
      // Nothing wider than the phone's screen.
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shoot(tab, 'admin-site');

      // A refused save: the first invalid field is focused and says why, and nothing is sent.
      await siteName.fill('');
      await tab.getByRole('button', { name: 'Save site settings' }).click();
      await expect.poll(() => tab.evaluate(() => document.activeElement?.id)).toBe('site-name');
      await tab.locator('#site-name-error').filter({ hasText: 'Site name is required' }).waitFor();
      await expectAccessible(tab, 'site settings, refused');

      // The practitioner's changes.
      await siteName.fill(NEW.siteName);
      await tab.getByRole('textbox', { name: 'Practitioner name' }).fill(NEW.practitionerName);
      await tab.getByRole('textbox', { name: 'First name' }).fill(NEW.firstName);
      await tab.getByRole('textbox', { name: 'Phone', exact: true }).fill(NEW.phone);
      await tab.getByRole('textbox', { name: 'WhatsApp number' }).fill(NEW.phone);
      await tab.getByText('Links to https://wa.me/919000011111').waitFor();
      const instagram = tab.getByRole('textbox', { name: 'Instagram' });
      await instagram.fill(NEW.instagram);
      await instagram.blur();
      // Completed to a web address when the field is left.
      expect(await instagram.inputValue()).toBe(`https://${NEW.instagram}`);
      await tab.getByRole('textbox', { name: 'Your story (About Me)' }).fill(NEW.story);
      await tab.getByRole('combobox', { name: 'Logo mark' }).selectOption('mandala');
      // A portrait through the chunked upload: the form then holds its /media/ address.
      const portrait = await sharp({ create: { width: 480, height: 600, channels: 3, background: '#8a6a9e' } })
        .jpeg()
        .toBuffer();
      await tab
        .getByLabel('Portrait photo')
        .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: portrait });
      await tab.getByRole('img', { name: 'Current portrait photo' }).waitFor();
      await tab.getByRole('textbox', { name: 'Portrait alt text' }).fill('Asha smiling by a window');

      // Leaving with unsaved changes asks first.
      await tab.getByRole('link', { name: 'Dashboard' }).click();
      await tab.getByRole('dialog', { name: 'Leave without saving?' }).waitFor();
      await tab.getByRole('button', { name: 'Stay on this page' }).click();
      expect(tab.url()).toMatch(/\/admin\/site$/);

      const saved = tab.waitForResponse(
        (response) => response.request().method() === 'PUT' && response.url().includes('/api/admin/site-settings'),
      );
      await tab.getByRole('button', { name: 'Save site settings' }).click();
      expect((await saved).status()).toBe(200);
      await tab.getByRole('status').filter({ hasText: 'Site settings saved' }).waitFor();
      await tab.getByText('It goes live on the site with the next publish').first().waitFor();

      // Publish at once rather than after the quiet period, and wait for the live site to carry it.
      await tab.getByRole('button', { name: 'Publish now' }).first().click();
      await tab.getByRole('status').filter({ hasText: 'Live site is up to date' }).waitFor({ timeout: 180_000 });

      // Header and footer on every page, the contact cards, the About story.
      await tab.goto(`${server.url}/`);
      await expect.poll(() => tab.locator('.brand__name').textContent()).toBe(NEW.siteName);
      const footer = tab.locator('footer.site-footer');
      expect(await footer.locator('.footer-brand__name').textContent()).toBe(NEW.siteName);
      expect(await footer.getByRole('link', { name: NEW.phone }).getAttribute('href')).toBe('tel:+919000011111');
      expect(await footer.getByRole('link', { name: 'Instagram (opens in a new tab)' }).getAttribute('href')).toBe(
        `https://${NEW.instagram}`,
      );
      expect(await footer.getByRole('link', { name: 'WhatsApp (opens in a new tab)' }).getAttribute('href')).toBe(
        'https://wa.me/919000011111',
      );
      // No icon for links that are not set.
      expect(await footer.locator('.social').count()).toBe(2);
      expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} ${NEW.siteName}`);
      expect(await tab.locator('#home-about-title').textContent()).toBe(`Hello, I’m ${NEW.firstName}`);

      await tab.goto(`${server.url}/contact`);
      const cards = tab.getByRole('region', { name: 'Contact details' });
      expect(await cards.getByRole('link', { name: NEW.phone }).getAttribute('href')).toBe('tel:+919000011111');
      expect(await cards.getByRole('link', { name: 'WhatsApp (opens in a new tab)' }).getAttribute('href')).toBe(
        'https://wa.me/919000011111',
      );
      // The hours say their time zone.
      expect(await cards.locator('abbr[title="India Standard Time"]').textContent()).toBe('IST');
      expect(await tab.locator('.brand__name').textContent()).toBe(NEW.siteName);
      await expectPublicAccessible(tab, 'contact after the change');
      await shoot(tab, 'public-contact', true);

      await tab.goto(`${server.url}/about`);
      expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe(`Hello, I’m ${NEW.firstName}`);
      // The uploaded portrait, through the image CDN, with its alt text.
      const photo = tab.getByRole('img', { name: 'Asha smiling by a window' });
      expect(decodeURIComponent((await photo.getAttribute('src')) ?? '')).toContain('/media/');
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const story = tab.locator('.story__text p');
      expect(await story.allTextContents()).toEqual([
        'I found the Records in a quiet winter.',
        'Now I hold the lantern for others, gently and without hurry.',
      ]);
      expect(await tab.title()).toBe(`About | ${NEW.siteName}`);
      const jsonLd = await tab.locator('script[type="application/ld+json"]').textContent();
      expect(jsonLd).toContain(NEW.practitionerName);
      expect(jsonLd).toContain(NEW.phone);
      await expectPublicAccessible(tab, 'about after the change');
      await shoot(tab, 'public-about', true);

      expect(errors.filter((error) => !error.includes('Failed to load resource'))).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
