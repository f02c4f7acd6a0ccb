// The admin portal's service screens in Chromium against the real local server (fixture: support/admin-content.ts):
// create with an image and every list field, list, dashboard, search/filter/sort, edit, delete. Banners, the inbox
// and the shell: admin-banners.test.ts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccessible, shootBoth } from './support/admin';
import {
  setupAdminContent,
  page,
  base,
  files,
  adminGet,
  expectNoPageErrors,
  type StoredService,
} from './support/admin-content';

setupAdminContent();

const SERVICE = {
  name: 'Moonlit Akashic Session',
  short: 'A gentle reading of your soul records, by video, at your own pace.',
  description: 'We open your Akashic Records together and listen for what your soul wants you to know right now.',
};

describe('services', () => {
  it('validates, then creates a service with an image and every list field', async () => {
    await page.getByRole('link', { name: 'Add Service' }).click();
    await page.waitForURL(`${base}/admin/services/create`);
    await page.getByRole('heading', { name: 'Add New Service' }).waitFor();
    // Create defaults (docs/product-rules.md, "States").
    expect(await page.getByRole('combobox', { name: 'Category', exact: true }).inputValue()).toBe(
      'Akashic Records Reading',
    );
    expect(await page.getByRole('combobox', { name: 'Delivery Method' }).inputValue()).toBe('Video Call');
    expect(await page.getByRole('textbox', { name: 'Availability', exact: true }).inputValue()).toBe(
      'Check booking link for availability',
    );
    expect(await page.getByRole('switch', { name: 'Active' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Featured' }).isChecked()).toBe(false);
    await expectAccessible(page, 'service form (create)');
    await shootBoth(page, 'service-create');

    await page.getByRole('button', { name: 'Create Service' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' }).waitFor();
    await page.getByText('Please select an image for the service').waitFor();

    await page.getByRole('textbox', { name: 'Service Name' }).fill(SERVICE.name);
    await page.getByRole('combobox', { name: 'Category', exact: true }).selectOption('Karmic Healing');
    await page.getByRole('textbox', { name: 'Short Description' }).fill(SERVICE.short);
    // The live counter.
    await page.getByText(`${SERVICE.short.length}/200`).waitFor();
    await page.getByRole('textbox', { name: 'Full Description' }).fill(SERVICE.description);
    await page.getByLabel('What is this service?').fill('A conversation with the records of your soul.');
    await page.getByLabel('How It Works').fill('You send your questions, we meet by video, I read and share.');
    await page.getByLabel('Preparation').fill('Write down up to three questions.');
    await page.getByLabel('After Care').fill('Drink water and rest.');

    // What Can Be Asked: two category blocks with questions; a lone block or question has no remove button.
    expect(await page.getByRole('button', { name: /^Remove Category/ }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Category 1', exact: true }).fill('Career');
    await page.getByLabel('Category 1, question 1').fill('Which path suits me now?');
    await page.getByRole('button', { name: 'Add Question' }).click();
    await page.getByLabel('Category 1, question 2').fill('What holds me back at work?');
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByRole('textbox', { name: 'Category 2', exact: true }).fill('Relationships');
    await page.getByLabel('Category 2, question 1').fill('Why do I repeat the same patterns?');
    expect(await page.getByRole('button', { name: /^Remove Category/ }).count()).toBe(2);

    await page.getByRole('button', { name: 'Add FAQ' }).click();
    await page.getByLabel('Question 1', { exact: true }).fill('Do I need to believe in anything?');
    await page.getByLabel('Answer 1').fill('No. Come with an open mind.');
    await page.getByRole('button', { name: 'Add Prerequisite' }).click();
    await page.getByLabel('Prerequisite 1').fill('A quiet room for an hour');
    await page.getByRole('textbox', { name: 'Tags' }).fill('clarity');
    await page.getByRole('textbox', { name: 'Tags' }).press('Enter');
    await page.getByRole('textbox', { name: 'Tags' }).fill('soul, healing');
    await page.getByRole('button', { name: 'Add Tag' }).click();
    await page.getByRole('list', { name: 'Chosen tags' }).getByText('healing').waitFor();

    await page.getByRole('spinbutton', { name: 'Regular Price (₹)' }).fill('2500');
    await page.getByRole('spinbutton', { name: 'Offer Price (₹)' }).fill('1999');
    await page.getByRole('textbox', { name: 'Duration', exact: true }).fill('50 minutes');
    await page.getByRole('combobox', { name: 'Delivery Method' }).selectOption('Audio Call');
    await page.getByRole('textbox', { name: 'Booking Link' }).fill('https://example.test/book/moonlit');
    await page.locator('input[type=file]').setInputFiles(path.join(files, 'service.png'));
    // The image shows before upload.
    await page.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await page.getByLabel('Benefit 1').fill('Clarity about your next step');
    await page.getByRole('button', { name: 'Add Benefit' }).click();
    await page.getByLabel('Benefit 2').fill('A calmer mind');
    await page.getByRole('button', { name: 'Add Benefit' }).click();
    // An empty entry is dropped on submit (docs/product-rules.md, "Validation").
    await page.getByLabel('Important Note').fill('Not a substitute for medical or legal advice.');
    await page.getByRole('textbox', { name: 'Availability', exact: true }).fill('Evenings, Monday to Saturday');
    await page.getByText('Featured', { exact: true }).click();
    expect(await page.getByRole('switch', { name: 'Featured' }).isChecked()).toBe(true);
    await shootBoth(page, 'service-create-filled');

    const started = Date.now();
    await page.getByRole('button', { name: 'Create Service' }).click();
    await page.getByText('Service created successfully!').waitFor();
    await page.waitForURL(`${base}/admin/dashboard`);
    // The dashboard follows after the spec's 2 seconds.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);

    const { data: list } = await adminGet<StoredService[]>('/api/admin/services');
    const created = list.find((s) => s.name === SERVICE.name);
    expect(created).toMatchObject({
      category: 'Karmic Healing',
      price: 2500,
      offerPrice: 1999,
      deliveryMethod: 'Audio Call',
      isActive: true,
      isFeatured: true,
      benefits: ['Clarity about your next step', 'A calmer mind'],
      prerequisites: ['A quiet room for an hour'],
      tags: ['clarity', 'soul', 'healing'],
      faq: [{ question: 'Do I need to believe in anything?', answer: 'No. Come with an open mind.' }],
      whatCanBeAsked: [
        { category: 'Career', questions: ['Which path suits me now?', 'What holds me back at work?'] },
        { category: 'Relationships', questions: ['Why do I repeat the same patterns?'] },
      ],
    });
    expect(created?.image).toMatch(/^\/media\//);
    const image = await fetch(`${base}${created?.image}`);
    expect(image.headers.get('content-type')).toBe('image/png');

    // On the dashboard: the new row, the offer in green with the regular price struck through.
    const row = page.getByRole('row').filter({ hasText: SERVICE.name });
    await row.waitFor();
    await row.getByText('₹1,999').waitFor();
    expect(await row.locator('s').innerText()).toContain('₹2,500');
    expect(await row.getByText('Featured', { exact: true }).count()).toBe(1);
    await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
    await expectAccessible(page, 'dashboard');
    await shootBoth(page, 'dashboard');
    expectNoPageErrors();
  });

  it('lists, searches, filters and sorts services', async () => {
    await page.getByRole('link', { name: 'All Services', exact: true }).click();
    await page.waitForURL(`${base}/admin/services`);
    const { data: all } = await adminGet<StoredService[]>('/api/admin/services');
    await page.getByRole('heading', { name: `Services (${all.length})` }).waitFor();
    await expectAccessible(page, 'services list');
    await shootBoth(page, 'services');

    const names = async () =>
      page
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.querySelector('.cell-title')?.textContent ?? ''));
    // Default: newest first.
    expect((await names())[0]).toBe(SERVICE.name);
    // The first 60 characters of the short description.
    await page.getByText(`${SERVICE.short.slice(0, 60)}...`).waitFor();

    await page.getByRole('searchbox', { name: 'Search' }).fill('moonlit');
    await page.getByRole('heading', { name: 'Services (1)' }).waitFor();
    // The search covers the description and the category too.
    await page.getByRole('searchbox', { name: 'Search' }).fill('soul wants you to know');
    await page.getByRole('heading', { name: 'Services (1)' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('karmic healing');
    expect(await names()).toContain(SERVICE.name);
    await page.getByRole('searchbox', { name: 'Search' }).fill('no such words anywhere');
    await page.getByText('Try adjusting your search or filters').waitFor();
    await shootBoth(page, 'services-empty-filtered');
    await page.getByRole('searchbox', { name: 'Search' }).fill('');

    // Category filter: built from the categories present.
    const categoryOptions = await page.getByLabel('Category', { exact: true }).locator('option').allInnerTexts();
    expect(categoryOptions.slice(1).sort()).toEqual([...new Set(all.map((s) => s.category))].sort());
    await page.getByLabel('Category', { exact: true }).selectOption('Karmic Healing');
    const karmic = all.filter((s) => s.category === 'Karmic Healing').length;
    await page.getByRole('heading', { name: `Services (${karmic})` }).waitFor();
    await page.getByLabel('Category', { exact: true }).selectOption('');

    await page.getByLabel('Status').selectOption('Inactive');
    await page.getByRole('heading', { name: `Services (${all.filter((s) => !s.isActive).length})` }).waitFor();
    await page.getByLabel('Status').selectOption('All');

    await page.getByLabel('Sort By').selectOption({ label: 'Name' });
    await page.getByLabel('Order').selectOption({ label: 'Ascending' });
    const byName = [...all]
      .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }))
      .map((s) => s.name);
    expect(await names()).toEqual(byName);
    await page.getByLabel('Sort By').selectOption({ label: 'Price' });
    await page.getByLabel('Order').selectOption({ label: 'Descending' });
    const byPrice = [...all].sort((a, b) => b.price - a.price).map((s) => s.price);
    const shownPrices = all.length > 0 ? (await names()).map((name) => all.find((s) => s.name === name)?.price) : [];
    expect(shownPrices).toEqual(byPrice);
    await page.getByLabel('Sort By').selectOption({ label: 'Date Created' });
    expectNoPageErrors();
  });

  it('edits a service, keeping what it does not change', async () => {
    await page.getByRole('link', { name: `Edit ${SERVICE.name}` }).click();
    await page.getByRole('heading', { name: 'Edit Service' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Service Name' }).inputValue()).toBe(SERVICE.name);
    expect(await page.getByRole('textbox', { name: 'Category 2', exact: true }).inputValue()).toBe('Relationships');
    expect(await page.getByRole('img', { name: 'Current image' }).count()).toBe(1);
    await expectAccessible(page, 'service form (edit)');
    await shootBoth(page, 'service-edit');

    const before = (await adminGet<StoredService[]>('/api/admin/services')).data.find((s) => s.name === SERVICE.name);
    const uploads: string[] = [];
    const onRequest = (request: { method(): string; url(): string }) => {
      if (request.url().includes('/api/admin/uploads'))
        uploads.push(`${request.method()} ${new URL(request.url()).pathname}`);
    };
    page.on('request', onRequest);
    await page.locator('input[type=file]').setInputFiles(path.join(files, 'large.jpg'));
    await page.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await page.getByRole('textbox', { name: 'Service Name' }).fill(`${SERVICE.name} II`);
    await page.getByRole('button', { name: 'Remove question 2 of category 1' }).click();
    await page.getByText('Active', { exact: true }).click();
    await page.getByRole('button', { name: 'Update Service' }).click();
    await page.getByText('Service updated successfully!').waitFor();
    await page.waitForURL(`${base}/admin/dashboard`);
    const row = page.getByRole('row').filter({ hasText: `${SERVICE.name} II` });
    // An inactive service is a "Draft" in the portal (docs/admin.md, "Draft preview").
    await row.getByText('Draft', { exact: true }).waitFor();

    const { data: list } = await adminGet<StoredService[]>('/api/admin/services');
    const edited = list.find((s) => s.name === `${SERVICE.name} II`);
    expect(edited?.isActive).toBe(false);
    expect(edited?.whatCanBeAsked[0]?.questions).toEqual(['Which path suits me now?']);
    expect(edited?.image).toMatch(/^\/media\//);
    // The large image went up in chunks, then replaced the old one.
    page.off('request', onRequest);
    expect(uploads.filter((u) => u.startsWith('PUT')).length).toBe(2);
    expect(uploads.some((u) => u.endsWith('/commit'))).toBe(true);
    expect(edited?.image).not.toBe(before?.image);
    expect((await fetch(`${base}${edited?.image}`)).headers.get('content-type')).toBe('image/jpeg');
    expect(edited?.tags).toEqual(['clarity', 'soul', 'healing']);

    // A missing service: the spec's load failure text.
    await page.goto(`${base}/admin/services/aaaaaaaaaaaaaaaaaaaaaaaa/edit`);
    await page.getByText('Failed to load service data').waitFor();
    expectNoPageErrors();
  });

  it('deletes a service through the Confirm Delete modal', async () => {
    const name = `${SERVICE.name} II`;
    await page.goto(`${base}/admin/services`);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Confirm Delete' }).waitFor();
    await dialog.getByText(name).waitFor();
    await dialog.getByText(/moves to the Trash, where you can restore it/).waitFor();
    await expectAccessible(page, 'confirm delete modal');
    await shootBoth(page, 'service-delete-modal');
    // Escape cancels.
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Service deleted successfully').waitFor();
    expect(await page.getByRole('row').filter({ hasText: name }).count()).toBe(0);
    const { data: list } = await adminGet<StoredService[]>('/api/admin/services');
    expect(list.some((s) => s.name === name)).toBe(false);
    expectNoPageErrors();
  });
});
