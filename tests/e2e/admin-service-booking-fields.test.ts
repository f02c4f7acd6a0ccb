// The service form's booking fields and the session format note (docs/admin.md, "Booking fields"), against `npm
// start`'s real server: how visitors book, the session length, the intake questions (added, marked required,
// reordered and removed from the keyboard, their ids kept on edit), at 390 px with mobile emulation and at 1280 px,
// axe clean; and the detail page built from the store shows the session format beside duration and delivery.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_MINUTES_MESSAGE, type Service } from '../../src/shared/schemas/service';
import { expectAccessible, initAdminViaApi, signInWithToken } from './support/admin';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { expectAccessible as expectPageAccessible, fullService, settle, withStores } from './support/public-content';
import { startServer, type RunningServer } from './support/server';

const SHOTS = '/tmp/fields-shots';
const FORMAT = 'Recorded and sent by e-mail within 48 hours';

const CONTEXTS = {
  phone: { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: VIEWPORTS.desktop },
} as const;
type Width = keyof typeof CONTEXTS;
const WIDTHS: Width[] = ['phone', 'desktop'];

let server: RunningServer;
let browser: Browser;
let token: string;
/**
 * One service per width, saved before bookings existed (no booking mode); the first has a session format. A third,
 * never edited, has none.
 */
const ids: Record<Width, string> = { phone: '', desktop: '' };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sg-e2e-fields-'));
  await withStores(dataDir, async (stores) => {
    ids.phone = (
      await stores.services.create(fullService({ name: 'Akashic Records Reading', sessionFormat: FORMAT }))
    )._id;
    ids.desktop = (await stores.services.create(fullService({ name: 'Tarot Reading', slug: 'tarot-reading' })))._id;
    await stores.services.create(fullService({ name: 'Crystal Healing', slug: 'crystal-healing' }));
  });
  [server, browser] = await Promise.all([startServer({ dataDir }), launchBrowser()]);
  token = await initAdminViaApi(server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPage(width: Width): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext(CONTEXTS[width]);
  const page = await context.newPage();
  return { page, context, errors: watchPageErrors(page) };
}

async function storedService(id: string): Promise<Service> {
  const response = await fetch(`${server.url}/api/admin/services/${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: Service }).data;
}

/** The values of the intake question inputs, in order. */
const questionTexts = (page: Page) =>
  page
    .locator('input[id^="svc-intake-"][id$="-text"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('the service form: how visitors book', () => {
  it.each(WIDTHS)('sets booking on this site, its session length and its questions by keyboard (%s)', async (width) => {
    const label = width === 'phone' ? '390' : '1280';
    const { page, context, errors } = await openPage(width);
    await signInWithToken(page, server.url, token, `/admin/services/${ids[width]}/edit`);
    await page.getByRole('heading', { name: 'Edit Service' }).waitFor();

    // A service saved before bookings is booked through its link, which is then required.
    const byLink = page.getByRole('radio', { name: 'Through my booking link' });
    const onSite = page.getByRole('radio', { name: 'On this site' });
    expect(await byLink.isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Booking Link' }).getAttribute('aria-required')).toBe('true');
    expect(await page.getByLabel('Session length (minutes)').count()).toBe(0);

    // The arrow key moves the choice within the group, as in any radio group.
    await byLink.focus();
    await page.keyboard.press('ArrowRight');
    expect(await onSite.isChecked()).toBe(true);
    const minutes = page.getByRole('spinbutton', { name: 'Session length (minutes)' });
    await minutes.waitFor();
    expect(await page.getByRole('textbox', { name: 'Booking Link' }).getAttribute('aria-required')).toBeNull();

    // Booking on this site needs a session length: refused with the schema's message beside the field.
    await page.getByRole('textbox', { name: 'Booking Link' }).fill('');
    await page.getByRole('button', { name: 'Update Service' }).click();
    await page.locator('#svc-session-minutes-error', { hasText: SESSION_MINUTES_MESSAGE }).waitFor();
    expect(await focusedId(page)).toBe('svc-session-minutes');
    await page.keyboard.type('60');

    // Two questions, added from the keyboard: Enter on the add button puts the focus in the new question.
    const add = page.getByRole('button', { name: 'Add Booking Question' });
    await add.focus();
    await page.keyboard.press('Enter');
    expect(await focusedId(page)).toBe('svc-intake-0-text');
    await page.keyboard.type('What would you like to ask?');
    await add.focus();
    await page.keyboard.press('Enter');
    expect(await focusedId(page)).toBe('svc-intake-1-text');
    await page.keyboard.type('Your date of birth');
    // Tab reaches the second question's "Required" box; Space ticks it.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox', { name: 'Required answer to booking question 2' }).isChecked()).toBe(true);
    // Moving the second question up keeps the focus on a move button of the same question, now the first.
    await page.getByRole('button', { name: 'Move booking question 2 up' }).focus();
    await page.keyboard.press('Enter');
    expect(await questionTexts(page)).toEqual(['Your date of birth', 'What would you like to ask?']);
    expect(await focusedId(page)).toBe('svc-intake-0-down');
    expect(await page.getByRole('checkbox', { name: 'Required answer to booking question 1' }).isChecked()).toBe(true);

    // A blank question is refused with the schema's message beside it; removing it loses nothing else.
    await add.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Update Service' }).click();
    await page.locator('#svc-intake-2-text-error', { hasText: 'Please write the question' }).waitFor();
    await page.getByRole('button', { name: 'Remove Booking Question 3' }).focus();
    await page.keyboard.press('Enter');
    expect(await questionTexts(page)).toEqual(['Your date of birth', 'What would you like to ask?']);

    await page.getByRole('textbox', { name: 'Session Format' }).fill(FORMAT);
    await expectAccessible(page, `service form, booking fields (${label})`);
    // The notice of the refused save above is dismissed, so the pictures show the fields themselves.
    for (const dismiss of await page.getByRole('button', { name: 'Dismiss message' }).all()) await dismiss.click();
    for (const section of ['Pricing & Duration', 'Booking']) {
      const card = page.locator('section.form-section', {
        has: page.getByRole('heading', { name: section, exact: true }),
      });
      await savePicture(card, { path: `${SHOTS}/form-${section === 'Booking' ? 'booking' : 'pricing'}-${label}.png` });
    }

    await page.getByRole('button', { name: 'Update Service' }).click();
    await page.getByText('Service updated successfully!').waitFor();
    const saved = await storedService(ids[width]);
    expect(saved).toMatchObject({
      bookingMode: 'site',
      sessionMinutes: 60,
      bookingLink: '',
      sessionFormat: FORMAT,
      intakeQuestions: [
        { id: 'your-date-of-birth', question: 'Your date of birth', required: true },
        { id: 'what-would-you-like-to-ask', question: 'What would you like to ask?', required: false },
      ],
    });

    // Edited later, a question keeps its id, so the answers of earlier bookings still name it.
    await page.goto(`${server.url}/admin/services/${ids[width]}/edit`);
    const first = page.getByRole('textbox', { name: 'Booking question 1' });
    expect(await first.inputValue()).toBe('Your date of birth');
    await first.fill('Your date of birth (day, month, year)');
    await page.getByRole('button', { name: 'Update Service' }).click();
    await page.getByText('Service updated successfully!').waitFor();
    expect((await storedService(ids[width])).intakeQuestions?.[0]).toEqual({
      id: 'your-date-of-birth',
      question: 'Your date of birth (day, month, year)',
      required: true,
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the service page shows the session format', () => {
  it.each(WIDTHS)('in Service Information, after the duration (%s)', async (width) => {
    const { page, context, errors } = await openPage(width);
    // Built from the store at start, before any save above could rebuild it.
    const service = await storedService(ids.phone);
    await page.goto(`${server.url}/service/${service.slug ?? service._id}`);
    const info = page.locator('dl.info-list');
    await info.getByText(FORMAT).waitFor();
    const rows = await info.locator('dt').allInnerTexts();
    expect(rows.map((r) => r.trim().toLowerCase())).toEqual(['delivery', 'duration', 'session format', 'availability']);
    await expectPageAccessible(page, `service page with a session format (${width})`);
    await settle(page);
    const label = width === 'phone' ? '390' : '1280';
    await savePicture(page, { path: `${SHOTS}/detail-${label}.png`, fullPage: true, animations: 'disabled' });
    await savePicture(page.locator('.detail-card', { has: info }), { path: `${SHOTS}/detail-info-${label}.png` });

    // A service without one shows no such row.
    await page.goto(`${server.url}/service/crystal-healing`);
    await page.getByRole('heading', { name: 'Service Information' }).waitFor();
    expect(await page.getByText('Session format', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
