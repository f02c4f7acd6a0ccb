// The practitioner's first day (issue 19), at 390 px as a phone and at 1280 px, against the real local server: the
// inbox says plainly that mail forwarding is not set up and what to set (docs/admin.md, "Messages inbox"), and a
// picture already picked or uploaded never sits beside the browser's "No file chosen" (docs/admin.md, "Uploads").
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, openServerStores, setupAdminSuite, signInWithToken } from './support/admin';
import { savePicture, VIEWPORTS } from './support/browser';
import { solidPicture } from '../support/media-files';

// No SMTP and no CONTACT_INBOX, as on a fresh `npm start`: contact messages are kept, not mailed.
const suite = setupAdminSuite({ initAdmin: true });
const server = openServerStores(suite);

/** Pictures to look at, kept out of the repository. */
const SHOTS = process.env['ADM_SHOTS_DIR'] ?? '/tmp/adm-shots';

const WIDTHS = [
  ['390', VIEWPORTS.phone],
  ['1280', VIEWPORTS.desktop],
] as const;

/** A page in its own context; the phone width is emulated as a phone (touch, mobile viewport). */
async function newPage(viewport: { width: number; height: number }) {
  const phone = viewport.width < 600;
  const context = await suite.browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/** At 390 and then at 1280 px, a fresh page signed in and opened at `adminPath`. */
async function* signedInAtEachWidth(adminPath: string) {
  for (const [label, viewport] of WIDTHS) {
    const { page, errors } = await newPage(viewport);
    await signInWithToken(page, suite.base, suite.token, adminPath);
    yield { label, page, errors };
  }
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await savePicture(page, { path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

describe('the inbox when mail is not set up', () => {
  it('says calmly that forwarding is not set up and names what to set; a real failure reads differently', async () => {
    const sent = await fetch(`${suite.base}/api/contact/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Meera Iyer',
        email: 'meera@example.test',
        phone: '',
        subject: 'General Inquiry',
        message: 'I would like to know more about a reading.',
        consent: true,
        website: '',
      }),
    });
    expect(sent.status).toBe(200);
    // A message whose mail really failed (an SMTP server that refused), as the server records it.
    const failed = await server.stores.contact.create({
      name: 'Ravi Nair',
      email: 'ravi@example.test',
      phone: '',
      subject: 'General Inquiry',
      message: 'Is there a session on Sunday?',
    });
    await server.stores.contact.update(failed._id, {
      mailError: 'Mail delivery failed (ECONNREFUSED): connect refused',
    });

    for await (const { label, page, errors } of signedInAtEachWidth('/admin/messages')) {
      await page.getByRole('button', { name: /Meera Iyer/ }).click();
      const view = page.locator('.message-view');
      await view.getByRole('heading', { name: 'General Inquiry' }).waitFor();
      const note = view.getByRole('status').filter({ hasText: 'Email forwarding is not set up yet' });
      await note.waitFor();
      const text = (await note.textContent()) ?? '';
      expect(text).toContain('messages from the contact form are kept here only');
      expect(text).toContain('CONTACT_INBOX');
      expect(text).toContain('SMTP_URL');
      expect(text).toContain('environment variables on Netlify');
      // Not the old alarm, and not an error.
      expect(await page.getByText('could not be forwarded').count()).toBe(0);
      expect(await view.getByRole('alert').count()).toBe(0);
      await expectAccessible(page, `message with mail not set up, ${label}`);
      await shot(page, `inbox-mail-not-set-up-${label}`);

      if (label === '390') await view.getByRole('button', { name: '← Back to messages' }).click();
      await page.getByRole('button', { name: /Ravi Nair/ }).click();
      await view.getByText('the copy to your email could not be sent').waitFor();
      expect(await view.getByText('Email forwarding is not set up yet').count()).toBe(0);
      await expectAccessible(page, `message whose mail failed, ${label}`);
      expect(errors).toEqual([]);
    }
  });
});

describe('file pickers without "No file chosen"', () => {
  it('the Site screen’s portrait: uploaded, it offers "Choose another picture", by keyboard too', async () => {
    const portrait = await solidPicture('jpeg', 480, 600, '#8a6a9e');
    for await (const { label, page, errors } of signedInAtEachWidth('/admin/site')) {
      const input = page.getByLabel('Portrait photo');
      await input.waitFor({ state: 'attached' });
      const field = page.locator('.field').filter({ has: page.locator('#site-portrait') });
      const button = field.locator('.file-pick-button');
      if (label === '390') {
        expect((await button.textContent())?.trim()).toBe('Choose a picture');
        await input.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: portrait });
      }
      // Uploaded (at 390 just now, at 1280 from the form state kept in the page), the field shows the picture.
      await page.getByRole('img', { name: 'Current portrait photo' }).waitFor();
      await expect.poll(async () => (await button.textContent())?.trim()).toBe('Choose another picture');
      // The browser's own control is there (keyboard, screen readers) but not drawn: no "No file chosen" beside it.
      expect(await input.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
      const [inputBox, buttonBox] = [await input.boundingBox(), await button.boundingBox()];
      expect(inputBox).toEqual(buttonBox);
      // The keyboard reaches it, and the drawn button shows the focus.
      await page.getByRole('textbox', { name: 'Portrait alt text' }).focus();
      await page.keyboard.press('Shift+Tab');
      for (let i = 0; i < 5 && (await page.evaluate(() => document.activeElement?.id)) !== 'site-portrait'; i += 1) {
        await page.keyboard.press('Shift+Tab');
      }
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-portrait');
      expect(await button.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
      await expectAccessible(page, `site screen with an uploaded portrait, ${label}`);
      await savePicture(field, { path: path.join(SHOTS, `site-portrait-field-${label}.png`) });
      expect(errors).toEqual([]);
      if (label === '390') {
        // Save, so the 1280 page opens with the portrait already stored.
        await page.getByRole('button', { name: 'Save site settings' }).click();
        await page.getByRole('status').filter({ hasText: 'Site settings saved' }).waitFor();
      }
    }
  });

  it('the service form’s image: picked, it names the file and offers "Choose another picture"', async () => {
    const picture = await solidPicture('png', 640, 480, '#d8ae5a');
    for await (const { label, page, errors } of signedInAtEachWidth('/admin/services/create')) {
      const field = page.locator('.field').filter({ has: page.locator('#svc-image') });
      const button = field.locator('.file-pick-button');
      await button.waitFor();
      expect((await button.textContent())?.trim()).toBe('Choose a picture');
      await page.locator('#svc-image').setInputFiles({ name: 'moon.png', mimeType: 'image/png', buffer: picture });
      await page.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
      expect((await button.textContent())?.trim()).toBe('Choose another picture');
      expect(await field.getByText(/^moon\.png · \d+ KB$/).count()).toBe(1);
      await expectAccessible(page, `service form with a picked image, ${label}`);
      await savePicture(field, { path: path.join(SHOTS, `service-image-field-${label}.png`) });
      expect(errors).toEqual([]);
    }
  });
});
