// The practitioner's own categories in Chromium against the real local server (docs/categories.md): added and moved
// with the keyboard on the Categories screen, a duplicate refused with a message, hidden on a phone; a service in
// the new category shows it on /service and on its detail page after the publish. At 390 (mobile emulation) and
// 1280 px, axe clean.
import { describe, expect, it } from 'vitest';
import type { Category } from '../../src/shared/schemas/category';
import type { Service } from '../../src/shared/schemas/service';
import { file, fileBytes, formData, serviceFields } from '../support/server/content';
import { expectAccessible, setupAdminSuite, signInWithToken } from './support/admin';
import { savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { expectAccessible as expectPublicAccessible } from './support/public-content';
import { waitUntilPublished } from './support/publish';

const suite = setupAdminSuite({ initAdmin: true });
const SHOTS = '/tmp/cat-shots';

const categories = async () => {
  const response = await fetch(`${suite.base}/api/categories`);
  return ((await response.json()) as { data: Category[] }).data;
};

describe('categories', () => {
  it('adds Reiki and moves it by keyboard; a service in it shows Reiki on the site; hidden on a phone', async () => {
    const { page, errors } = await suite.newPage(VIEWPORTS.desktop);
    await signInWithToken(page, suite.base, suite.token, '/admin/dashboard');
    await page.getByRole('link', { name: 'Categories' }).click();
    await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    const rows = page.getByRole('list', { name: 'Categories in order' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(12);

    // A duplicate (whatever its case) is refused in words, and nothing is saved.
    const input = page.getByLabel('New category');
    await input.focus();
    await page.keyboard.type('tarot reading');
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'There is already a category with this name' }).waitFor();
    expect((await categories()).length).toBe(12);

    await input.fill('');
    await page.keyboard.type('Reiki');
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Categories saved').waitFor();
    await expect.poll(async () => (await categories()).at(-1)?.name).toBe('Reiki');

    // Up one place with the keyboard; focus stays on the moved row's button, so Enter again moves it further.
    await page.getByRole('button', { name: 'Move Reiki up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await categories()).map((c) => c.name).indexOf('Reiki')).toBe(11);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move Reiki up');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await categories()).map((c) => c.name).indexOf('Reiki')).toBe(10);
    await expectAccessible(page, 'categories 1280');
    await savePicture(page, { path: `${SHOTS}/admin-categories-1280.png`, fullPage: true });

    // The service form offers it; a service saved in it keeps the name.
    await page.goto(`${suite.base}/admin/services/create`);
    await expect
      .poll(() => page.locator('#svc-category option').allInnerTexts(), { timeout: 10_000 })
      .toContain('Reiki');
    const created = await fetch(`${suite.base}/api/admin/services`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${suite.token}` },
      body: formData(serviceFields({ name: 'Reiki Healing', category: 'Reiki' }), {
        image: file(fileBytes.jpeg(), 'reiki.jpg', 'image/jpeg'),
      }),
    });
    expect(created.status).toBe(201);
    const service = ((await created.json()) as { data: Service }).data;
    expect(service.category).toBe('Reiki');
    expect(errors).toEqual([]);

    // A phone (mobile emulation): hide it by touch; the confirmation shows, the list marks it.
    const phone = await suite.browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
    try {
      const mobile = await phone.newPage();
      const mobileErrors = watchPageErrors(mobile);
      await signInWithToken(mobile, suite.base, suite.token, '/admin/categories');
      await mobile.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
      await mobile.getByRole('checkbox', { name: 'Hide Reiki' }).tap();
      await mobile.getByRole('status').getByText('no longer offered for new services').waitFor();
      await expect.poll(async () => (await categories()).find((c) => c.name === 'Reiki')?.hidden).toBe(true);
      await expectAccessible(mobile, 'categories 390');
      await savePicture(mobile, { path: `${SHOTS}/admin-categories-390.png`, fullPage: true });
      expect(mobileErrors).toEqual([]);
    } finally {
      await phone.close();
    }

    // The site, rebuilt from the store: the badge says Reiki on /service and on the detail page.
    await waitUntilPublished(suite.base, suite.token);
    for (const [label, size, mobile] of [
      ['1280', VIEWPORTS.desktop, false],
      ['390', VIEWPORTS.phone, true],
    ] as const) {
      const context = await suite.browser.newContext({ viewport: size, isMobile: mobile, hasTouch: mobile });
      try {
        const site = await context.newPage();
        await site.goto(`${suite.base}/service/`);
        const card = site.locator('a, article, li').filter({ hasText: 'Reiki Healing' }).first();
        await card.getByText('Reiki', { exact: true }).waitFor();
        await expectPublicAccessible(site, `services ${label}`);
        await savePicture(site, { path: `${SHOTS}/services-${label}.png`, fullPage: true });
        await site.goto(`${suite.base}/service/${service._id}/`);
        await site.locator('[data-text="category"]').getByText('Reiki', { exact: true }).waitFor();
        await expectPublicAccessible(site, `detail ${label}`);
        await savePicture(site, { path: `${SHOTS}/detail-${label}.png` });
      } finally {
        await context.close();
      }
    }
  });
});
