// The practitioner's side of bookings in Chromium against the real local server (docs/bookings.md, "In the
// portal"): Availability saved from the form, a booking made and paid through the API (Razorpay stand-in) seen in the
// list and the week view, notes saved, "Cancel and refund" recorded by the stand-in, the clients' CSV downloaded, the
// dashboard's sessions and numbers. At 1280 px and at 390 px with mobile emulation, axe clean, keyboard included.
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAvailabilityReply } from '../../src/shared/schemas/admin-bookings';
import { startRazorpayStandin, type RazorpayStandin } from '../support/razorpay-standin';
import { expectAccessible, initAdminViaApi, signInWithToken } from './support/admin';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { fullService, withStores } from './support/public-content';
import { startServer, type RunningServer } from './support/server';

const SHOTS = '/tmp/book-portal-shots';
let server: RunningServer;
let browser: Browser;
let standin: RazorpayStandin;
let token: string;
let serviceId: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  standin = await startRazorpayStandin();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sg-e2e-'));
  // One paid service booked on the site, and hours every day from early to late, so a slot is always near.
  serviceId = await withStores(dataDir, async (stores) => {
    const service = await stores.services.create(
      fullService({
        name: 'Akashic Records Reading',
        offerPrice: undefined,
        bookingMode: 'site',
        sessionMinutes: 60,
        intakeQuestions: [{ id: 'focus', question: 'What would you like to explore?', required: true }],
      }),
    );
    const day = [{ start: '06:00', end: '22:00' }];
    await stores.availability.put({
      timeZone: 'Asia/Kolkata',
      weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
      datesOff: [],
      minNoticeMinutes: 60,
      bufferMinutes: 15,
      maxPerDay: 0,
      horizonDays: 30,
    });
    return service._id;
  });
  [server, browser] = await Promise.all([
    startServer({
      dataDir,
      env: {
        RAZORPAY_KEY_ID: standin.keyId,
        RAZORPAY_KEY_SECRET: standin.keySecret,
        RAZORPAY_WEBHOOK_SECRET: standin.webhookSecret,
        RAZORPAY_API_BASE: standin.url,
      },
    }),
    launchBrowser(),
  ]);
  token = await initAdminViaApi(server.url);
}, 240_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
  await standin?.stop();
});

async function newPage(kind: 'desktop' | 'phone'): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext(
    kind === 'phone'
      ? { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2, acceptDownloads: true }
      : { viewport: VIEWPORTS.desktop, acceptDownloads: true },
  );
  contexts.push(context);
  const page = await context.newPage();
  return { page, errors: watchPageErrors(page) };
}

async function api<T>(route: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}/api${route}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as T };
}

const shoot = (page: Page, name: string) =>
  savePicture(page, { path: path.join(SHOTS, `${name}.png`), fullPage: true });

/** A visitor books the first free slot and pays through the stand-in's checkout, as the site's checkout would. */
async function bookAndPay(name: string, email: string): Promise<{ id: string; paymentId: string }> {
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
  const slots = await fetch(`${server.url}/api/services/${serviceId}/slots?from=${from}&to=${to}`);
  const slotList = ((await slots.json()) as { data: { start: string }[] }).data;
  const slot = slotList[0];
  if (!slot) throw new Error('no slot offered');
  const created = await fetch(`${server.url}/api/bookings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      serviceId,
      start: slot.start,
      name,
      email,
      phone: '98765 43210',
      note: '',
      answers: [{ questionId: 'focus', answer: 'Whether to change my work' }],
      consent: true,
    }),
  });
  expect(created.status).toBe(201);
  const reply = (await created.json()) as { data: { booking: { _id: string }; payment: { orderId: string } } };
  const paid = await standin.checkout(reply.data.payment.orderId);
  const confirmed = await fetch(`${server.url}/api/bookings/${reply.data.booking._id}/payment`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(paid),
  });
  expect(confirmed.status).toBe(200);
  return { id: reply.data.booking._id, paymentId: paid.razorpay_payment_id };
}

describe('the portal’s bookings', () => {
  it('saves availability from the form, by keyboard too, and makes the private feed', async () => {
    const { page, errors } = await newPage('desktop');
    await signInWithToken(page, server.url, token, '/admin/availability');
    await page.getByRole('heading', { name: 'Availability', level: 1 }).waitFor();
    await page.getByText('Online payment is on').waitFor();

    // A second range on Sunday, reached and added with the keyboard.
    const addSunday = page.getByRole('button', { name: 'Add hours on Sunday' });
    await addSunday.focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Sunday, range 2, from').fill('23:00');
    await page.getByLabel('Sunday, range 2, until').fill('23:30');
    await page.getByLabel('Add a date off').fill('2026-12-25');
    await page.getByRole('button', { name: 'Add date off' }).click();
    await page.getByLabel('Buffer between sessions (minutes)').fill('20');
    await page.getByLabel('Refund after that (per cent)').fill('50');
    await page.getByText('Unsaved changes').waitFor();

    // A slip: an end before the start is refused under the field, nothing saved.
    await page.getByLabel('Sunday, range 2, until').fill('22:30');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.getByRole('form', { name: 'Availability' }).getByText('The end must be after the start').waitFor();
    expect(
      (await api<{ data: AdminAvailabilityReply }>('/admin/availability')).body.data.availability.bufferMinutes,
    ).toBe(15);

    await page.getByLabel('Sunday, range 2, until').fill('23:30');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.getByRole('status').getByText('Availability saved').waitFor();
    const saved = (await api<{ data: AdminAvailabilityReply }>('/admin/availability')).body.data.availability;
    expect(saved.weekly.sun).toEqual([
      { start: '06:00', end: '22:00' },
      { start: '23:00', end: '23:30' },
    ]);
    expect(saved.datesOff).toEqual(['2026-12-25']);
    expect(saved.bufferMinutes).toBe(20);
    expect(saved.cancellation).toEqual({ fullRefundHours: 24, lateRefundPercent: 50 });
    await expect.poll(() => page.getByText('Unsaved changes').count()).toBe(0);

    await page.getByRole('button', { name: 'Make an address' }).click();
    await page.getByRole('status').getByText('Feed address made').waitFor();
    const feed = await page.getByLabel('Private feed address').inputValue();
    expect(feed).toMatch(/\/api\/calendar\/[\w-]+\.ics$/);
    const ics = await fetch(feed);
    expect(ics.status).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');

    // Rotation asks first; the old address then stops working.
    await page.getByRole('button', { name: 'Make a new address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make a new address?' });
    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await page.getByRole('status').getByText('New feed address made').waitFor();
    expect((await fetch(feed)).status).toBe(404);

    await expectAccessible(page, 'availability 1280');
    await shoot(page, 'availability-1280');
    expect(errors).toEqual([]);
  });

  it('shows a paid booking in the list and the week, saves notes, and cancels it with a refund', async () => {
    const { id, paymentId } = await bookAndPay('Meera Iyer', 'meera@example.test');
    const { page, errors } = await newPage('desktop');
    await signInWithToken(page, server.url, token, '/admin/bookings');
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    const row = page.getByRole('button', { name: /Meera Iyer/ });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('Paid ₹2,100');
    await expectAccessible(page, 'bookings list 1280');
    await shoot(page, 'bookings-list-1280');

    // The week view: the session sits in its day column; find its week.
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    const session = page.locator('.week-grid').getByRole('button', { name: /Meera Iyer/ });
    for (let week = 0; week < 2 && (await session.count()) === 0; week += 1) {
      await page.getByRole('button', { name: 'Next week →' }).click();
      await page.waitForTimeout(300);
    }
    await session.waitFor();
    await expectAccessible(page, 'bookings week 1280');
    await shoot(page, 'bookings-week-1280');

    // Keyboard: focus the session, Enter opens its panel.
    await session.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Meera Iyer · Akashic Records Reading' });
    await panel.getByText('Whether to change my work').waitFor();
    await panel.getByText('Sensitive').waitFor();
    await panel.getByLabel('Your notes').fill('Bring the blue notebook');
    await panel.getByRole('button', { name: 'Save notes' }).click();
    await page.getByRole('status').getByText('Notes saved').waitFor();
    await expectAccessible(page, 'booking panel 1280');
    await shoot(page, 'booking-panel-1280');

    await panel.getByRole('button', { name: 'Cancel and refund' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel and refund?' });
    await confirm.getByRole('radio', { name: 'Refund in full: ₹2,100' }).waitFor();
    // Within 24 hours by the default policy nothing is due, so that choice is offered too.
    expect(await confirm.getByRole('radio', { name: /Refund in full/ }).isChecked()).toBe(true);
    await expectAccessible(page, 'cancel dialog 1280');
    await shoot(page, 'cancel-dialog-1280');
    await confirm.getByRole('button', { name: 'Cancel and refund' }).click();
    await page.getByRole('status').getByText('Booking cancelled', { exact: true }).waitFor();
    expect(standin.payments.get(paymentId)?.refunded).toBe(210000);
    await panel.getByText('Refunded ₹2,100').waitFor();

    const stored = await api<{ data: { booking: { _id: string; status: string; practitionerNotes: string } }[] }>(
      '/admin/bookings',
    );
    expect(stored.body.data.find((r) => r.booking._id === id)?.booking).toMatchObject({
      status: 'cancelled',
      practitionerNotes: 'Bring the blue notebook',
    });
    expect(errors).toEqual([]);
  });

  it('lists clients with their history and downloads the CSV; the dashboard shows sessions and numbers', async () => {
    await bookAndPay('=Ravi Kumar', 'ravi@example.test');
    const { page, errors } = await newPage('desktop');

    // The week holds the cancelled session and the new one side by side; the arrow keys move between them.
    await signInWithToken(page, server.url, token, '/admin/bookings');
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    const grid = page.locator('.week-grid');
    for (let week = 0; week < 2 && (await grid.getByRole('button', { name: /=Ravi Kumar/ }).count()) === 0; week += 1) {
      await page.getByRole('button', { name: 'Next week →' }).click();
      await page.waitForTimeout(300);
    }
    const weekSessions = grid.getByRole('button', { name: /Meera Iyer|=Ravi Kumar/ });
    await expect.poll(() => weekSessions.count()).toBe(2);
    const boxes = await Promise.all([weekSessions.nth(0).boundingBox(), weekSessions.nth(1).boundingBox()]);
    expect(boxes[0]?.y).toBe(boxes[1]?.y);
    expect((boxes[0]?.x ?? 0) + (boxes[0]?.width ?? 0)).toBeLessThanOrEqual(boxes[1]?.x ?? 0);
    await weekSessions.nth(0).focus();
    const focusedName = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    const firstName = await focusedName();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedName).not.toBe(firstName);
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedName).toBe(firstName);
    await shoot(page, 'bookings-week-overlap-1280');

    await page.goto(`${server.url}/admin/clients`);
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    const card = page.getByRole('article', { name: '=Ravi Kumar' });
    await card.getByRole('button', { name: /Show history/ }).click();
    await card.getByText('Akashic Records Reading').waitFor();
    await expectAccessible(page, 'clients 1280');
    await shoot(page, 'clients-1280');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export clients (CSV)' }).click(),
    ]);
    const file = await download.path();
    const csv = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe('Name,Email,Phone,Bookings,Messages,Last activity');
    expect(csv).toContain("'=Ravi Kumar,ravi@example.test,'+919876543210,1,0,");
    await page.getByRole('status').getByText('Clients exported').waitFor();

    await page.getByRole('link', { name: 'Dashboard' }).click();
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await sessions.getByText(/=Ravi Kumar · Akashic Records Reading/).waitFor();
    const numbers = page.getByRole('region', { name: 'How the site is doing' });
    const cells = numbers.getByRole('row', { name: /Akashic Records Reading/ }).getByRole('cell');
    // Two bookings started and paid (the first one was cancelled afterwards).
    await expect.poll(async () => (await cells.allInnerTexts()).slice(1)).toEqual(['2', '2']);
    await numbers.getByRole('button', { name: '30 days' }).click();
    await expect.poll(() => numbers.getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page, 'dashboard 1280');
    await shoot(page, 'dashboard-1280');
    expect(errors).toEqual([]);
  });

  it('works on a phone: the week is a list by day, the forms and panel fit, axe clean', async () => {
    const { page, errors } = await newPage('phone');
    await signInWithToken(page, server.url, token, '/admin/availability');
    await page.getByRole('heading', { name: 'Availability', level: 1 }).waitFor();
    await page.getByLabel('Sessions a day at most').fill('5');
    await page.getByRole('button', { name: 'Save availability' }).tap();
    await page.getByRole('status').getByText('Availability saved').waitFor();
    expect((await api<{ data: AdminAvailabilityReply }>('/admin/availability')).body.data.availability.maxPerDay).toBe(
      5,
    );
    await expectAccessible(page, 'availability 390');
    await shoot(page, 'availability-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`${server.url}/admin/bookings`);
    await page.getByRole('button', { name: /=Ravi Kumar/ }).waitFor();
    await expectAccessible(page, 'bookings list 390');
    await shoot(page, 'bookings-list-390');
    await page.getByRole('button', { name: 'Week', exact: true }).tap();
    const listed = page.locator('.week-list').getByRole('button', { name: /=Ravi Kumar/ });
    for (let week = 0; week < 2 && (await listed.count()) === 0; week += 1) {
      await page.getByRole('button', { name: 'Next week →' }).tap();
      await page.waitForTimeout(300);
    }
    await listed.waitFor();
    expect(await page.locator('.week-grid').isVisible()).toBe(false);
    await expectAccessible(page, 'bookings week 390');
    await shoot(page, 'bookings-week-390');
    await listed.tap();
    await page
      .getByRole('dialog', { name: /=Ravi Kumar/ })
      .getByText('Whether to change my work')
      .waitFor();
    await expectAccessible(page, 'booking panel 390');
    await shoot(page, 'booking-panel-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`${server.url}/admin/clients`);
    await page.getByRole('article', { name: '=Ravi Kumar' }).waitFor();
    await expectAccessible(page, 'clients 390');
    await shoot(page, 'clients-390');
    await page.goto(`${server.url}/admin/dashboard`);
    await page.getByRole('region', { name: 'How the site is doing' }).getByRole('table').first().waitFor();
    await expectAccessible(page, 'dashboard 390');
    await shoot(page, 'dashboard-390');
    expect(errors).toEqual([]);
  });
});
