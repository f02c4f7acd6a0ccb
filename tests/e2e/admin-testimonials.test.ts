// Testimonials in Chromium against the real local server (docs/admin.md, "Testimonials"): added through the form,
// featured on the home page once there is room, moved with the keyboard, hidden and shown; after the publish the
// service's detail page and the home page show it, and the dashboard's Reviews column counts it. At 390 and 1280 px,
// axe clean.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Service } from '../../src/shared/schemas/service';
import type { TestimonialRecord } from '../../src/shared/schemas/testimonial';
import { expectAccessible, setupAdminSuite, signInWithToken } from './support/admin';
import { savePicture, VIEWPORTS } from './support/browser';
import { expectAccessible as expectPublicAccessible } from './support/public-content';
import { waitUntilPublished } from './support/publish';

const suite = setupAdminSuite({ initAdmin: true });

const TEXT = 'I felt heard from the first minute. The reading gave me a quieter place to think from.';

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${suite.base}/api${path}`, { headers: { Authorization: `Bearer ${suite.token}` } });
  return ((await response.json()) as { data: T }).data;
}

const names = async () => (await api<TestimonialRecord[]>('/admin/testimonials')).map((t) => t.name);

/** The Reviews cell of a service's row on the dashboard. */
const reviewsCell = (page: Page, serviceName: string) =>
  page.getByRole('row').filter({ hasText: serviceName }).locator('td[data-label="Reviews"]');

describe('testimonials', () => {
  it('adds one, features it on the home page, orders it by keyboard; the site and the dashboard follow', async () => {
    const { page, errors } = await suite.newPage(VIEWPORTS.desktop);
    const services = await api<Service[]>('/admin/services');
    const target = services.find((s) => s.isActive && s.testimonials.length === 0);
    if (!target) throw new Error('the demo seed has a service without testimonials');

    await signInWithToken(page, suite.base, suite.token, '/admin/dashboard');
    await expect.poll(() => reviewsCell(page, target.name).innerText(), { timeout: 20_000 }).toBe('0');

    await page.getByRole('link', { name: 'Testimonials' }).click();
    await page.getByRole('heading', { name: 'Testimonials', level: 1 }).waitFor();
    await page.getByText('On the home page: 3 of 3').waitFor();

    // The home page holds three already: the form says so, and nothing is saved.
    await page.getByRole('button', { name: 'Add Testimonial' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
    await dialog.getByLabel("Client's first name or initials").fill('Lata');
    await dialog.getByLabel('Testimonial').fill(TEXT);
    await dialog.getByLabel('Rating').selectOption({ label: '4 stars' });
    await dialog.getByLabel('Service').selectOption({ label: target.name });
    await dialog.getByRole('switch', { name: 'Feature on the home page' }).check();
    await expectAccessible(page, 'testimonial form 1280');
    await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
    await dialog.getByText(/At most 3 testimonials can be featured/).waitFor();
    expect(await names()).not.toContain('Lata');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Make room: take 'S.' off the home page through its form.
    await page.getByRole('button', { name: 'Edit ‘S.’' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Testimonial' });
    await edit.getByRole('switch', { name: 'Feature on the home page' }).uncheck();
    await edit.getByRole('button', { name: 'Update Testimonial' }).click();
    await page.getByRole('status').getByText('Testimonial updated').waitFor();
    await page.getByText('On the home page: 2 of 3').waitFor();

    await page.getByRole('button', { name: 'Add Testimonial' }).first().click();
    await dialog.getByLabel("Client's first name or initials").fill('Lata');
    await dialog.getByLabel('Testimonial').fill(TEXT);
    await dialog.getByLabel('Rating').selectOption({ label: '4 stars' });
    await dialog.getByLabel('Service').selectOption({ label: target.name });
    await dialog.getByRole('switch', { name: 'Feature on the home page' }).check();
    await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
    await page.getByRole('status').getByText('Testimonial added').waitFor();
    await page.getByText('On the home page: 3 of 3').waitFor();
    expect((await names()).at(-1)).toBe('Lata');

    // Up by keyboard: Enter on the focused button, which keeps the focus in its new place.
    const up = page.getByRole('button', { name: 'Move ‘Lata’ up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Order saved').first().waitFor();
    await expect.poll(async () => (await names()).at(-2), { timeout: 20_000 }).toBe('Lata');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), { timeout: 20_000 })
      .toContain('Move ‘Lata’ up');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await names()).at(-3), { timeout: 20_000 }).toBe('Lata');

    // Hide and show again.
    await page.getByRole('button', { name: 'Hide ‘R. K.’' }).click();
    await page.getByRole('status').getByText('Testimonial hidden').waitFor();
    await page.getByRole('button', { name: 'Show ‘R. K.’' }).click();
    await page.getByRole('status').getByText('Testimonial shown').waitFor();

    // The pictures show the screen itself, not the notices over it.
    // (A notice may leave by itself meanwhile, after its 12 s.)
    const dismiss = page.getByRole('button', { name: 'Dismiss message' });
    for (let i = 0; i < 10 && (await dismiss.count()) > 0; i += 1) {
      await dismiss
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    }
    for (const [label, size] of [
      ['1280', VIEWPORTS.desktop],
      ['390', VIEWPORTS.phone],
    ] as const) {
      await page.setViewportSize(size);
      await page.waitForTimeout(350);
      await expectAccessible(page, `testimonials ${label}`);
      await savePicture(page, { path: `/tmp/testimonials-screen-${label}.png`, fullPage: true });
    }
    await page.setViewportSize(VIEWPORTS.desktop);

    // The dashboard counts it at once (the API derives it); the site after the publish.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect
      .poll(() => reviewsCell(page, target.name).innerText(), { timeout: 20_000 })
      .toMatch(/^1\s*average rating\s*4\.0$/);
    await waitUntilPublished(suite.base, suite.token);

    const detail = await (await fetch(`${suite.base}/service/${target._id}/`)).text();
    expect(detail).toContain('Kind Words from Clients');
    expect(detail).toContain(TEXT);
    const home = await (await fetch(`${suite.base}/`)).text();
    expect(home).toContain(TEXT);
    // The refused save (home page full) is the one failed request, and on purpose.
    expect(errors.filter((e) => !/status of 400 \(Bad Request\)/.test(e))).toEqual([]);

    for (const [label, size] of [
      ['1280', VIEWPORTS.desktop],
      ['390', VIEWPORTS.phone],
    ] as const) {
      const { page: site, errors: siteErrors } = await suite.newPage(size);
      await site.goto(`${suite.base}/service/${target._id}/`);
      const block = site.locator('[data-card="testimonials"]');
      await block.getByText(TEXT).waitFor();
      await block.getByText('Rated 4 out of 5', { exact: true }).waitFor({ state: 'attached' });
      await block.getByText('Lata').waitFor();
      await expectPublicAccessible(site, `detail testimonials ${label}`);
      await savePicture(block, { path: `/tmp/detail-testimonials-${label}.png` });
      await site.goto(`${suite.base}/`);
      const homeBlock = site.locator('.home-voices');
      await homeBlock.getByText(TEXT).waitFor();
      await expectPublicAccessible(site, `home testimonials ${label}`);
      await savePicture(homeBlock, { path: `/tmp/home-testimonials-${label}.png` });
      expect(siteErrors).toEqual([]);
    }
  });
});
