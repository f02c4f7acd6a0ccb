// The admin portal's banners and inbox in Chromium against the real local server (fixture:
// support/admin-content.ts): an image banner and a 14 MB video (its size and bandwidth cost shown, a video over the cap refused) through the chunked upload with its progress bar, a
// cancelled upload, edit and delete; the messages inbox fed by the contact form; the phone sidebar and not-found.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccessible, shootBoth } from './support/admin';
import { VIEWPORTS } from './support/browser';
import { sendContactForm } from './support/contact-form';
import { setupAdminContent, adminGet, expectNoPageErrors, type StoredBanner } from './support/admin-content';

const admin = setupAdminContent();

describe('banners', () => {
  it('creates an image banner with a preview', async () => {
    await admin.page.getByRole('link', { name: 'Banners' }).click();
    await admin.page.waitForURL(`${admin.base}/admin/banners`);
    const { data: before } = await adminGet<StoredBanner[]>('/api/banners');
    await admin.page.getByRole('heading', { name: `Active Banners (${before.length})` }).waitFor();
    await expectAccessible(admin.page, 'banners');
    await shootBoth(admin.page, 'banners');

    await admin.page.getByRole('button', { name: 'Add Banner' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Create Banner' }).waitFor();
    await dialog.getByText('Media File (Image up to 20MB or Video up to 15MB)').waitFor();
    await expectAccessible(admin.page, 'banner modal');
    await shootBoth(admin.page, 'banner-modal');
    await dialog.getByRole('button', { name: 'Create Banner' }).click();
    await dialog.getByText('Title is required').first().waitFor();

    await dialog.getByLabel('Title').fill('New Moon Circle');
    await dialog
      .getByLabel('Description')
      .fill('Set your intentions with me on the next new moon, online and together.');
    await dialog.getByLabel('Link').fill('/service');
    // No order field: a new banner goes to the end of the order (docs/admin.md, "Order on the site").
    expect(await dialog.getByLabel('Order').count()).toBe(0);
    await dialog.getByLabel(/Media File/).setInputFiles(path.join(admin.files, 'banner.png'));
    await dialog.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await dialog.getByRole('button', { name: 'Create Banner' }).click();
    await admin.page.getByText('Banner created successfully').waitFor();
    expect(await dialog.count()).toBe(0);
    await admin.page.getByRole('heading', { name: `Active Banners (${before.length + 1})` }).waitFor();
    const row = admin.page.getByRole('row').filter({ hasText: 'New Moon Circle' });
    await row.getByText('image', { exact: true }).waitFor();
    await row.getByText('/service').waitFor();
    const { data: after } = await adminGet<StoredBanner[]>('/api/banners');
    expect(after.find((b) => b.title === 'New Moon Circle')).toMatchObject({
      mediaType: 'image',
      order: Math.max(-1, ...before.map((b) => b.order)) + 1,
      isActive: true,
    });
    expect(after.at(-1)?.title).toBe('New Moon Circle');
    expectNoPageErrors();
  });

  it('uploads a 14 MB video banner in chunks with a moving progress bar, retrying a failed chunk', async () => {
    // The second chunk fails once with a server fault; the upload must retry it and carry on.
    let failed = 0;
    await admin.page.route('**/api/admin/uploads/*/chunks/1', async (route) => {
      if (failed === 0) {
        failed += 1;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"success":false,"message":"Busy"}',
        });
      } else await route.continue();
    });
    const chunkPuts: string[] = [];
    admin.page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/admin/uploads/')) chunkPuts.push(request.url());
    });

    await admin.page.getByRole('button', { name: 'Add Banner' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Evening Meditation');
    await dialog.getByLabel('Link').fill('https://example.test/meditate');
    // A video over the cap is refused at once, with the reason under the field.
    await dialog.getByLabel(/Media File/).setInputFiles(path.join(admin.files, 'too-big.mp4'));
    await dialog
      .getByText(/^Videos must be at most 15 MB\./)
      .first()
      .waitFor();
    await dialog.getByLabel(/Media File/).setInputFiles(path.join(admin.files, 'banner.mp4'));
    await dialog.getByText('banner.mp4 · 14.0 MB').waitFor();
    // What it costs to show: the size and the bandwidth of a thousand plays.
    await dialog
      .getByText(
        "14.0 MB · about 15 GB of bandwidth per 1,000 plays, roughly 147 of the 300 credits a month on Netlify's Free plan",
      )
      .waitFor();
    await expectAccessible(admin.page, 'banner modal with a video');
    await shootBoth(admin.page, 'banner-video-cost');

    // Record every value the bar shows, as the page renders it.
    await admin.page.evaluate(() => {
      const values: number[] = [];
      (window as unknown as { progressValues: number[] }).progressValues = values;
      new MutationObserver((records) => {
        for (const record of records) {
          const target = record.target;
          if (target instanceof Element && target.getAttribute('role') === 'progressbar')
            values.push(Number(target.getAttribute('aria-valuenow')));
        }
      }).observe(document.body, { attributes: true, attributeFilter: ['aria-valuenow'], subtree: true });
    });
    await dialog.getByRole('button', { name: 'Create Banner' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Uploading media' });
    await bar.waitFor();
    await shootBoth(admin.page, 'banner-uploading');
    await admin.page.getByRole('row').filter({ hasText: 'Evening Meditation' }).waitFor({ timeout: 90_000 });
    await admin.page.getByText('Banner created successfully').waitFor();
    await admin.page.unroute('**/api/admin/uploads/*/chunks/1');

    const seen = await admin.page.evaluate(() => (window as unknown as { progressValues: number[] }).progressValues);
    const between = [...new Set(seen)].filter((v) => v > 0 && v < 100);
    // The bar only moves forward, apart from a retried chunk starting over.
    expect(seen.at(-1), `progress values seen: ${seen.join(', ')}`).toBe(100);
    expect(between.length).toBeGreaterThanOrEqual(3);
    expect(failed).toBe(1);
    // 4 chunks of 4 MB for 14 MB, one of them sent twice.
    expect(chunkPuts.length).toBe(5);

    const { data: banners } = await adminGet<StoredBanner[]>('/api/banners');
    const video = banners.find((b) => b.title === 'Evening Meditation');
    expect(video?.mediaType).toBe('video');
    const row = admin.page.getByRole('row').filter({ hasText: 'Evening Meditation' });
    await row.getByText('video', { exact: true }).waitFor();
    expect(await row.locator('video').count()).toBe(1);
    expectNoPageErrors(/status of 503/);
  });

  it('cancels an upload and discards it on the server', async () => {
    const isDiscard = (method: string, url: string) =>
      method === 'DELETE' && /\/api\/admin\/uploads\/[a-f0-9]+$/.test(url);
    const aborts: string[] = [];
    admin.page.on('request', (request) => {
      if (isDiscard(request.method(), request.url())) aborts.push(request.url());
    });
    const nextDiscard = () =>
      admin.page.waitForResponse((response) => isDiscard(response.request().method(), response.url()));

    // Slow the first chunk down so there is an upload to cancel.
    await admin.page.route('**/api/admin/uploads/*/chunks/0', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });
    await admin.page.getByRole('button', { name: 'Add Banner' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Never saved');
    await dialog.getByLabel('Link').fill('/about');
    await dialog.getByLabel(/Media File/).setInputFiles(path.join(admin.files, 'banner.mp4'));
    const firstChunk = admin.page.waitForRequest('**/api/admin/uploads/*/chunks/0');
    let discarded = nextDiscard();
    await dialog.getByRole('button', { name: 'Create Banner' }).click();
    await firstChunk;
    await dialog.getByRole('button', { name: 'Cancel upload' }).click();
    await dialog.getByText('Upload cancelled').waitFor();
    expect((await discarded).status()).toBe(200);
    await admin.page.unroute('**/api/admin/uploads/*/chunks/0');

    // Cancelled before the server has even opened the session: the session is still discarded once it exists.
    await admin.page.route('**/api/admin/uploads', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue().catch(() => undefined);
    });
    discarded = nextDiscard();
    await dialog.getByRole('button', { name: 'Create Banner' }).click();
    await dialog.getByRole('button', { name: 'Cancel upload' }).click();
    await dialog.getByText('Upload cancelled').waitFor();
    expect((await discarded).status()).toBe(200);
    expect(aborts).toHaveLength(2);
    await admin.page.unroute('**/api/admin/uploads');

    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    const { data: banners } = await adminGet<StoredBanner[]>('/api/banners');
    expect(banners.some((b) => b.title === 'Never saved')).toBe(false);
  });

  it('edits and deletes a banner', async () => {
    await admin.page.getByRole('button', { name: 'Edit banner New Moon Circle' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Edit Banner' }).waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('New Moon Circle');
    await dialog.getByLabel('Title').fill('Full Moon Circle');
    await dialog.getByLabel('Active').uncheck();
    await dialog.getByRole('button', { name: 'Update Banner' }).click();
    await admin.page.getByText('Banner updated successfully').waitFor();
    const row = admin.page.getByRole('row').filter({ hasText: 'Full Moon Circle' });
    await row.getByText('Inactive').waitFor();
    const { data: banners } = await adminGet<StoredBanner[]>('/api/banners');
    const edited = banners.find((b) => b.title === 'Full Moon Circle');
    expect(edited).toMatchObject({ isActive: false, mediaType: 'image' });

    await admin.page.getByRole('button', { name: 'Delete banner Full Moon Circle' }).click();
    await dialog.getByText('Delete this banner?').waitFor();
    await expectAccessible(admin.page, 'banner delete modal');
    await shootBoth(admin.page, 'banner-delete-modal');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await admin.page.getByText('Banner deleted successfully').waitFor();
    await expect.poll(() => admin.page.getByRole('row').filter({ hasText: 'Full Moon Circle' }).count()).toBe(0);
    expectNoPageErrors();
  });
});

describe('messages inbox', () => {
  it('shows a message sent through the contact form, marks it read, archives it and deletes it', async () => {
    const visitorContext = await admin.browser.newContext({ viewport: VIEWPORTS.phone });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${admin.base}/contact`);
    await sendContactForm(visitor, {
      name: 'Asha Verma',
      email: 'asha@example.test',
      subject: 'Career Guidance',
      message: 'Hello! I would like a reading about a change of job this spring.',
    });
    // The island's own notice (the page also holds a hidden one for the no-JS form post).
    await visitor
      .locator('[data-contact-sent]')
      .filter({ hasText: 'Thank you for your message! I will get back to you soon.' })
      .waitFor();
    await visitorContext.close();

    // A fresh load of the portal shows the unread count in the sidebar and on the dashboard.
    await admin.page.goto(`${admin.base}/admin/dashboard`);
    const nav = admin.page.getByRole('complementary', { name: 'Admin navigation' });
    await nav.getByLabel('1 unread').waitFor();
    await admin.page.getByRole('link', { name: /Unread Messages\s*1/ }).waitFor();

    await nav.getByRole('link', { name: /Messages/ }).click();
    await admin.page.waitForURL(`${admin.base}/admin/messages`);
    await admin.page.getByRole('button', { name: /Asha Verma/ }).waitFor();
    await expectAccessible(admin.page, 'messages');
    await shootBoth(admin.page, 'messages');

    await admin.page.getByRole('button', { name: /Asha Verma/ }).click();
    const view = admin.page.getByRole('article');
    await view.getByRole('heading', { name: 'Career Guidance' }).waitFor();
    await view.getByText('Hello! I would like a reading about a change of job this spring.').waitFor();
    // Opening it marks it read: the badge goes.
    await view.getByText('Read', { exact: true }).waitFor();
    await expect.poll(() => nav.getByLabel('1 unread').count()).toBe(0);
    expect(await view.getByRole('link', { name: 'Reply' }).getAttribute('href')).toBe(
      'mailto:asha@example.test?subject=Re%3A%20Career%20Guidance',
    );
    await expectAccessible(admin.page, 'message open');
    await shootBoth(admin.page, 'message-open');

    await view.getByRole('button', { name: 'Archive' }).click();
    await admin.page.getByText('Message archived').waitFor();
    await admin.page.getByRole('button', { name: /^Archived \(1\)$/ }).click();
    await admin.page.getByRole('button', { name: /Asha Verma/ }).waitFor();
    const { data } = await adminGet<{ name: string; status: string }[]>('/api/admin/messages?folder=archived');
    expect(data.find((m) => m.name === 'Asha Verma')?.status).toBe('archived');

    // Deleting asks first, then moves it to the Trash (docs/admin.md, "Trash and undo").
    await admin.page.getByRole('button', { name: /Asha Verma/ }).click();
    await admin.page.getByRole('article').getByRole('button', { name: 'Delete' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Delete Message' });
    await confirm.getByText(/Asha Verma/).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await admin.page.getByText('Message deleted').waitFor();
    const after = await adminGet<{ name: string }[]>('/api/admin/messages?folder=archived');
    expect(after.data.some((m) => m.name === 'Asha Verma')).toBe(false);
    expectNoPageErrors();
  });
});

describe('shell', () => {
  it('opens the slide-in sidebar on a phone, and shows the not-found screen', async () => {
    await admin.page.setViewportSize(VIEWPORTS.phone);
    await admin.page.goto(`${admin.base}/admin/dashboard`);
    await admin.page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    const nav = admin.page.getByRole('complementary', { name: 'Admin navigation' });
    expect(await nav.isVisible()).toBe(false);
    await admin.page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Banners' }).waitFor();
    await admin.page.waitForTimeout(300);
    await expectAccessible(admin.page, 'sidebar open');
    await shootBoth(admin.page, 'sidebar-open');
    await admin.page.setViewportSize(VIEWPORTS.phone);
    await admin.page.keyboard.press('Escape');
    await expect.poll(() => nav.isVisible()).toBe(false);
    await admin.page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'All Services', exact: true }).click();
    await admin.page.waitForURL(`${admin.base}/admin/services`);
    await expect.poll(() => nav.isVisible()).toBe(false);

    await admin.page.goto(`${admin.base}/admin/no-such-page`);
    await admin.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await shootBoth(admin.page, 'not-found');
    await admin.page.setViewportSize(VIEWPORTS.desktop);
    expectNoPageErrors();
  });
});
