// Trash and undo in Chromium against the real local server (docs/admin.md, "Trash and undo"): a service deleted from
// the list, undone from the notice, deleted again, seen in the Trash with its days left, restored from there, and a
// banner deleted for good; the public site follows each step. At 390 and 1280 px, axe clean.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, setupAdminSuite, signInWithToken } from './support/admin';
import { savePicture, VIEWPORTS } from './support/browser';
import { waitUntilPublished } from './support/publish';
import { servicePath } from '../../src/shared/schemas/slug';

const suite = setupAdminSuite({ initAdmin: true });

interface Item {
  _id: string;
  slug?: string;
  name?: string;
  title?: string;
}

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; data: T }> {
  const response = await fetch(`${suite.base}/api${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${suite.token}`, ...(init.headers ?? {}) },
  });
  const body = (await response.json()) as { data: T };
  return { status: response.status, data: body.data };
}

async function confirmDelete(page: Page, text: RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text).waitFor();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('trash and undo', () => {
  it('deletes a service, undoes it, deletes it again and restores it from the Trash; the site follows', async () => {
    const { page, errors } = await suite.newPage(VIEWPORTS.desktop);
    const services = (await api<Item[]>('/admin/services')).data;
    const service = services[0];
    if (!service?.name) throw new Error('the demo seed has services');
    const name = service.name;

    await signInWithToken(page, suite.base, suite.token, '/admin/services');
    const deleteButton = page.getByRole('button', { name: `Delete ${name}`, exact: true });
    await deleteButton.click();
    await confirmDelete(page, /moves to the Trash, where you can restore it for 30 days/);

    const notices = page.getByRole('status').filter({ hasText: 'Service deleted successfully' });
    await notices.getByText(`‘${name}’ is in the Trash for 30 days.`).waitFor();
    await expectAccessible(page, 'undo notice 1280');
    await savePicture(page, { path: '/tmp/undo-notice-1280.png' });
    await deleteButton.waitFor({ state: 'detached' });
    expect((await fetch(`${suite.base}/api/services/${service._id}`)).status).toBe(404);

    // Undo, right in the notice that confirmed the delete.
    await notices.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(`‘${name}’ is back.`, { exact: false }).waitFor();
    await deleteButton.waitFor();
    expect((await fetch(`${suite.base}/api/services/${service._id}`)).status).toBe(200);

    // Delete again; this time it stays deleted, and the published site drops it.
    await deleteButton.click();
    await confirmDelete(page, /moves to the Trash/);
    await deleteButton.waitFor({ state: 'detached' });
    await waitUntilPublished(suite.base, suite.token);
    const listed = async () => (await (await fetch(`${suite.base}/service/`)).text()).includes(servicePath(service));
    expect(await listed()).toBe(false);

    // The Trash, from the sidebar.
    await page.getByRole('link', { name: 'Trash' }).click();
    await page.getByRole('heading', { name: 'Trash', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toMatch(/Service.*30 days/);
    await expectAccessible(page, 'trash 1280');
    await savePicture(page, { path: '/tmp/trash-screen-1280.png', fullPage: true });
    await page.setViewportSize(VIEWPORTS.phone);
    await page.waitForTimeout(350);
    await expectAccessible(page, 'trash 390');
    await savePicture(page, { path: '/tmp/trash-screen-390.png', fullPage: true });
    await page.setViewportSize(VIEWPORTS.desktop);

    await row.getByRole('button', { name: `Restore ${name}` }).click();
    await page.getByRole('status').getByText('Restored').waitFor();
    await page.getByText('The Trash is empty').waitFor();
    expect((await fetch(`${suite.base}/api/services/${service._id}`)).status).toBe(200);
    await waitUntilPublished(suite.base, suite.token);
    expect(await listed()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('deletes a banner for good from the Trash, after asking, at phone width', async () => {
    const { page, errors } = await suite.newPage(VIEWPORTS.phone);
    const banner = (await api<Item[]>('/banners')).data[0];
    if (!banner?.title) throw new Error('the demo seed has banners');
    expect((await api(`/banners/${banner._id}`, { method: 'DELETE' })).status).toBe(200);

    await signInWithToken(page, suite.base, suite.token, '/admin/trash');
    const row = page.getByRole('row').filter({ hasText: banner.title });
    await row.getByText('Banner', { exact: true }).waitFor();
    // The Undo notice at phone width, checked by axe with the row behind it.
    await expectAccessible(page, 'trash 390 with a banner');
    await row.getByRole('button', { name: `Delete for good ${banner.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete for good?' });
    await dialog.getByText('It cannot be restored afterwards.').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('status').getByText('Deleted for good').waitFor();
    await row.waitFor({ state: 'detached' });
    expect((await api<Item[]>('/admin/trash')).data.map((i) => i._id)).not.toContain(banner._id);
    expect((await api(`/admin/trash/${banner._id}/restore`, { method: 'POST' })).status).toBe(404);
    expect(errors).toEqual([]);
  });
});
