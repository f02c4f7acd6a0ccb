// A person's data rights in the portal (docs/policies.md, "Data rights"), reached from the message view: "Export
// this person's data" downloads a JSON file of exactly their messages and bookings; "Erase this person's data" asks
// first, by keyboard, and then removes them while others stay. At 390 px (mobile emulation) and 1280 px, axe clean.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDataExport } from '../../src/shared/schemas/client-data';
import { createEmbeddedStores, embeddedDatabaseFile } from '../../src/server/stores/embedded';
import { newId } from '../../src/server/stores/ids';
import type { Stores } from '../../src/server/stores/types';
import { expectAccessible, setupAdminSuite, signInWithToken } from './support/admin';
import { savePicture, VIEWPORTS, watchPageErrors } from './support/browser';

const suite = setupAdminSuite({ initAdmin: true });
const SHOTS = process.env.LEGAL_SHOTS ?? '';
let stores: Stores;
let paidBookingId = '';

const consent = { at: '2026-11-20T10:00:00.000Z', policyVersion: '1' };

beforeAll(async () => {
  stores = createEmbeddedStores(embeddedDatabaseFile(suite.server.dataDir));
  await stores.contact.create({
    name: 'Ben Ode',
    email: 'ben@example.test',
    phone: '',
    subject: 'General Inquiry',
    message: 'Is there a session on Sunday?',
    consent,
  });
  await stores.contact.create({
    name: 'Asha Rao',
    email: 'asha@example.test',
    phone: '+919812345678',
    subject: 'Akashic Records Reading',
    message: 'I would like a reading about my work.',
    consent,
  });
  const start = Date.parse('2026-10-05T05:30:00.000Z');
  const paid = await stores.bookings.create(
    {
      _id: newId(),
      serviceId: 'bbbbbbbbbbbbbbbbbbbbbbb1',
      serviceName: 'Akashic Records Reading',
      start: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
      timeZone: 'Asia/Kolkata',
      client: { name: 'Asha Rao', email: 'asha@example.test' },
      note: '',
      answers: [{ questionId: 'focus', question: 'What would you like to explore?', answer: 'A change of work' }],
      consent,
      status: 'confirmed',
      payment: { mode: 'online', state: 'paid', amountPaise: 250_000, orderId: 'order_T1', paymentId: 'pay_T1' },
      practitionerNotes: '',
      mailsSent: [],
    },
    0,
  );
  paidBookingId = paid._id;
});
afterAll(async () => {
  await stores?.close();
});

const sizes = [
  {
    name: '390',
    options: { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2, acceptDownloads: true },
  },
  { name: '1280', options: { viewport: VIEWPORTS.desktop, acceptDownloads: true } },
] as const;

async function openAshasMessage(page: Page) {
  await signInWithToken(page, suite.base, suite.token, '/admin/messages');
  await page.getByRole('button', { name: /Asha Rao/ }).click();
  await page.getByRole('heading', { name: 'Their data' }).waitFor();
}

describe('client data rights from the message view', () => {
  it.each(sizes)('exports exactly that person’s data as a .json file at $name px', async ({ name, options }) => {
    const context = await suite.browser.newContext(options);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await openAshasMessage(page);
    await expectAccessible(page, `message view with data rights @${name}`);
    if (SHOTS) await savePicture(page, { path: path.join(SHOTS, `admin-data-rights-${name}.png`), fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export this person’s data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^data-asha@example\.test-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as ClientDataExport;
    expect(data.messages.map((m) => m.name)).toEqual(['Asha Rao']);
    expect(data.bookings.map((b) => b.answers[0]?.answer)).toEqual(['A change of work']);
    expect(JSON.stringify(data)).not.toContain('ben@example.test');
    await page.getByText('Their data is downloaded').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('erases after a keyboard confirmation: her message goes, the paid booking stays without her, Ben stays', async () => {
    const context = await suite.browser.newContext(sizes[0].options);
    const page = await context.newPage();
    await openAshasMessage(page);
    const erase = page.getByRole('button', { name: 'Erase this person’s data' });
    await erase.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Erase this person’s data' });
    await dialog.waitFor();
    // Cancel is focused first, so a stray Enter never erases.
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await expectAccessible(page, 'erase dialog @390');
    if (SHOTS) await savePicture(page, { path: path.join(SHOTS, 'admin-erase-dialog-390.png') });
    await page.keyboard.press('Tab');
    expect(
      await dialog.getByRole('button', { name: 'Erase for good' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Their data is erased').waitFor();
    await page.getByText('1 paid booking kept for your accounts, without their details').waitFor();
    await expect.poll(() => page.getByRole('button', { name: /Asha Rao/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Ben Ode/ }).count()).toBe(1);
    if (SHOTS) await savePicture(page, { path: path.join(SHOTS, 'admin-erased-390.png') });
    expect(await stores.contact.listByEmail('asha@example.test')).toEqual([]);
    expect(await stores.contact.listByEmail('ben@example.test')).toHaveLength(1);
    expect((await stores.bookings.get(paidBookingId))?.client).toEqual({ name: 'Erased client', email: '' });
    await context.close();
  });
});
