// Issue 22, the visitor's side: a visitor books the paid reading on its service page with the keyboard alone, pays
// in the simulated Razorpay Checkout (the stand-in's script, tests/support/razorpay-standin.ts), sees "You're
// booked", both sides get their mail with a calendar file, and the client cancels through the mail's manage link
// and sees the refund, which the stand-in records. At 390 px with mobile emulation and at 1280 px, axe clean on
// every step, a screenshot of every step in /tmp/book-visitor-shots. Then the time zone test: a visitor in London
// reads an Indian practitioner's hours across the UK's change to summer time.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY } from '../../src/shared/schemas/availability';
import { startRazorpayStandin, type RazorpayStandin } from '../support/razorpay-standin';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { createServices, expectAccessible, fullService, withStores } from './support/public-content';
import { startServer, type RunningServer } from './support/server';

const SHOTS = '/tmp/book-visitor-shots';
const PRICE_RUPEES = 2500;
const CLIENT = { name: 'Meera Iyer', phone: '98765 43210' };

let standin: RazorpayStandin;
let smtp: TestSmtp;
let server: RunningServer;
let browser: Browser;
let dataDir: string;
let servicePath = '';
let linkServicePath = '';
let linkServiceId = '';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [standin, smtp] = await Promise.all([startRazorpayStandin(), startSmtp()]);
  dataDir = mkdtempSync(path.join(tmpdir(), 'sg-book-'));
  await withStores(dataDir, async (stores) => {
    await createServices(stores, [
      fullService({
        name: 'Akashic Records Reading',
        price: PRICE_RUPEES,
        offerPrice: undefined,
        bookingLink: '',
        bookingMode: 'site',
        sessionMinutes: 60,
        intakeQuestions: [{ id: 'focus', question: 'What would you like to look at?', required: true }],
      }),
      // A service still booked through its link, as every service was before issue 22.
      fullService({
        name: 'Tarot Guidance',
        category: 'Tarot Reading',
        bookingLink: 'https://booking.example.org/tarot',
      }),
    ]);
    // The default hours (Mon–Sat, 10:00–18:00 in India), bookable far enough ahead to reach the UK's change to
    // summer time on 28 March 2027 for the time zone test.
    await stores.availability.put({ ...DEFAULT_AVAILABILITY, horizonDays: 150 });
  });
  [server, browser] = await Promise.all([
    startServer({
      dataDir,
      env: {
        SMTP_URL: smtp.url,
        CONTACT_INBOX: 'practitioner@example.test',
        RAZORPAY_KEY_ID: standin.keyId,
        RAZORPAY_KEY_SECRET: standin.keySecret,
        RAZORPAY_WEBHOOK_SECRET: standin.webhookSecret,
        RAZORPAY_API_BASE: standin.url,
        RAZORPAY_CHECKOUT_URL: `${standin.url}/checkout.js`,
      },
    }),
    launchBrowser(),
  ]);
  standin.setWebhookUrl(`${server.url}/api/payments/razorpay/webhook`);
  const services = (await (await fetch(`${server.url}/api/services`)).json()) as {
    data: { _id: string; slug: string; name: string }[];
  };
  const site = services.data.find((s) => s.name === 'Akashic Records Reading');
  const link = services.data.find((s) => s.name === 'Tarot Guidance');
  servicePath = `/service/${site?.slug ?? ''}`;
  linkServicePath = `/service/${link?.slug ?? ''}`;
  linkServiceId = link?._id ?? '';
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([standin?.stop(), smtp?.stop()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type Viewport = 'phone' | 'desktop';

async function newPage(
  viewport: Viewport,
  timezoneId = 'Asia/Kolkata',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    ...(viewport === 'phone' ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    timezoneId,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  return { context, page, errors: watchPageErrors(page) };
}

/** Presses Tab until the focused element matches `selector`, as a keyboard user would. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 80; i += 1) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** Tab to the element whose accessible text (aria-label or text) matches. */
async function tabToNamed(page: Page, pattern: RegExp, back = false): Promise<void> {
  for (let i = 0; i < 80; i += 1) {
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      const labelled = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
      return (el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '').trim();
    });
    if (pattern.test(name)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${pattern}`);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(inner);
}

async function shot(page: Page, viewport: Viewport, step: string): Promise<void> {
  await savePicture(page, { path: path.join(SHOTS, `booking-${viewport}-${step}.png`), fullPage: false });
}

/** Quoted-printable soft breaks and escapes undone, so links and calendar text read as sent. */
const unQp = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The calendar files in a mail (base64 or plain parts), parsed as a calendar program would. */
function calendarsIn(mail: ReceivedMail): ICAL.Component[] {
  const found: ICAL.Component[] = [];
  for (const part of mail.raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    if (!/content-type:\s*(text\/calendar|application\/ics)/i.test(part)) continue;
    const split = part.search(/\r?\n\r?\n/);
    const head = part.slice(0, split);
    const body = part.slice(split).trim();
    const text = /content-transfer-encoding:\s*base64/i.test(head)
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : unQp(body);
    found.push(new ICAL.Component(ICAL.parse(text.slice(text.indexOf('BEGIN:VCALENDAR'))) as unknown[]));
  }
  return found;
}

function eventOf(calendar: ICAL.Component): ICAL.Event {
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('No VEVENT in the calendar file');
  return new ICAL.Event(vevent);
}

describe.each(['phone', 'desktop'] as const)('booking the paid reading at %s width', (viewport) => {
  it('books, pays after closing Checkout once, gets both mails, and cancels with a refund, by keyboard', async () => {
    const email = `meera.${viewport}@example.test`;
    const { context, page, errors } = await newPage(viewport);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${server.url}${servicePath}`, { waitUntil: 'load' });
    await expectAccessible(page, `${viewport} service page`);
    await shot(page, viewport, '0-service-page');

    // The island's code is not loaded until the visitor asks for it.
    expect(await page.locator('#book .picker').count()).toBe(0);
    expect(scripts.filter((url) => /BookingFlow/.test(url))).toEqual([]);

    // Book Session (the hero's) by keyboard: the section gets focus, the island wakes and shows the month.
    await tabToNamed(page, /^Book Session$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.picker__day[data-free]').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(scripts.filter((url) => /BookingFlow/.test(url)).length).toBeGreaterThan(0);
    await noSidewaysScroll(page);
    await expectAccessible(page, `${viewport} picker`);
    await shot(page, viewport, '1-picker');

    // Into the grid: the roving date is the first free one; arrows move, Enter chooses.
    await tabTo(page, '.picker__day');
    const first = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.date);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.date)).toBe(first);
    await page.keyboard.press('Enter');
    await page.locator('.picker__time').first().waitFor();
    await expectAccessible(page, `${viewport} times`);
    await shot(page, viewport, '2-times');

    await tabTo(page, '.picker__time');
    const chosenStart = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.start);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your details' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Your details');

    // The form by keyboard; Submit once empty first: clear messages, focus on the first.
    await tabToNamed(page, /^Continue to pay ₹2,500$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.field__error').count()).toBeGreaterThan(2);
    await expectAccessible(page, `${viewport} form errors`);
    await shot(page, viewport, '3-form-errors');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('name');
    await page.keyboard.type(CLIENT.name);
    await tabToNamed(page, /^Email Address/);
    await page.keyboard.type(email);
    await tabToNamed(page, /^Phone Number/);
    await page.keyboard.type(CLIENT.phone);
    await tabToNamed(page, /^What would you like to look at\?/);
    await page.keyboard.type('My work and where it is going.');
    await tabToNamed(page, /^I agree to the privacy notice/);
    await page.keyboard.press('Space');
    // The refund rule is in words before paying.
    await page
      .getByText('You can cancel or move your session up to 24 hours before it starts for a full refund.')
      .waitFor();
    await expectAccessible(page, `${viewport} form filled`);
    await shot(page, viewport, '4-form-filled');
    await tabToNamed(page, /^Continue to pay ₹2,500$/);
    await page.keyboard.press('Enter');

    // The simulated Checkout opens with focus on Pay; Escape closes it, and the hold waits with a countdown.
    const dialog = page.locator('dialog[data-standin-checkout]');
    await dialog.waitFor({ timeout: 20_000 });
    await expectAccessible(page, `${viewport} checkout`);
    await shot(page, viewport, '5-checkout');
    await page.keyboard.press('Escape');
    await page.getByText(/Your time is held for you for \d+:\d\d more\./).waitFor();
    await expectAccessible(page, `${viewport} hold`);
    await shot(page, viewport, '6-held');
    await tabToNamed(page, /^Pay ₹2,500$/);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pay');
    await page.keyboard.press('Enter');

    // Done: "You're booked" with the time, what happens next and the calendar file.
    const done = page.getByRole('heading', { name: "You're booked" });
    await done.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("You're booked");
    await expect.poll(() => page.locator('.book-done').textContent()).toContain('You have paid ₹2,500.');
    await noSidewaysScroll(page);
    await expectAccessible(page, `${viewport} done`);
    await shot(page, viewport, '7-done');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Add to my calendar/ }).press('Enter'),
    ]);
    const downloaded = await download.path();
    const { readFileSync } = await import('node:fs');
    const own = eventOf(new ICAL.Component(ICAL.parse(readFileSync(downloaded, 'utf8')) as unknown[]));
    expect(own.startDate.toJSDate().toISOString()).toBe(new Date(chosenStart ?? '').toISOString());

    // The stand-in took the payment; both mails arrived, each with a calendar file for the booked time.
    const payment = [...standin.payments.values()].find(
      (p) => p.status === 'captured' && p.amount === PRICE_RUPEES * 100 && p.refunded === 0,
    );
    expect(payment).toBeDefined();
    const clientMail = await smtp.waitFor((mail) => mail.to.includes(email) && /is booked/i.test(mail.raw), 20_000);
    const practitionerMail = await smtp.waitFor(
      (mail) => !mail.to.includes(email) && /New booking/i.test(mail.raw) && unQp(mail.raw).includes(email),
      20_000,
    );
    for (const mail of [clientMail, practitionerMail]) {
      const [calendar] = calendarsIn(mail);
      expect(calendar, 'a calendar file').toBeDefined();
      const event = eventOf(calendar as ICAL.Component);
      expect(event.startDate.toJSDate().toISOString()).toBe(new Date(chosenStart ?? '').toISOString());
      expect(event.uid).toBe(own.uid);
    }

    // The client's manage link: cancel, with the refund shown in rupees before confirming.
    const manageUrl = /https?:\/\/[^\s"<>]+\/booking\/manage\?token=[A-Za-z0-9._~%-]+/.exec(unQp(clientMail.raw))?.[0];
    expect(manageUrl).toBeDefined();
    await page.goto(new URL(new URL(manageUrl ?? '').pathname + new URL(manageUrl ?? '').search, server.url).href);
    await page.getByRole('button', { name: 'Cancel this session' }).waitFor({ timeout: 20_000 });
    await expectAccessible(page, `${viewport} manage`);
    await shot(page, viewport, '8-manage');
    await tabToNamed(page, /^Cancel this session$/);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('[data-refund-preview]').textContent())
      .toBe('If you cancel now, ₹2,500 comes back to you.');
    await expectAccessible(page, `${viewport} cancel confirm`);
    await shot(page, viewport, '9-cancel-confirm');
    await tabToNamed(page, /^Yes, cancel the session$/);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Your session is cancelled.' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-refund]').textContent()).toContain('₹2,500 is on its way back to you.');
    await noSidewaysScroll(page);
    await expectAccessible(page, `${viewport} cancelled`);
    await shot(page, viewport, '10-cancelled');
    await expect.poll(() => standin.payments.get(payment?.id ?? '')?.refunded).toBe(PRICE_RUPEES * 100);

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});

describe('the service pages around the booking', () => {
  it('lets Checkout’s origin in on the bookable service’s page only', async () => {
    const policyOf = async (pathname: string) => {
      const html = await (await fetch(`${server.url}${pathname}`)).text();
      return /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    };
    const origin = new URL(standin.url).origin;
    const bookable = await policyOf(servicePath);
    expect(/script-src ([^;]+)/.exec(bookable)?.[1]).toContain(origin);
    expect(/connect-src ([^;]+)/.exec(bookable)?.[1]?.trim()).toBe(`'self' ${origin}`);
    for (const other of ['/', linkServicePath, '/contact']) {
      expect(await policyOf(other), other).not.toContain(origin);
    }
  });

  it('counts a click on a link service’s Book button with a beacon that carries nothing personal', async () => {
    const { context, page, errors } = await newPage('phone');
    await context.route(/^https:\/\/booking\.example\.org\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>outside</title>' }),
    );
    await page.goto(`${server.url}${linkServicePath}`, { waitUntil: 'load' });
    expect(await page.locator('#book').count()).toBe(0);
    const book = page.getByRole('link', { name: /Book Session/ }).first();
    expect(await book.getAttribute('href')).toBe('https://booking.example.org/tarot');
    const [beacon] = await Promise.all([
      page.waitForRequest((request) => request.url().endsWith('/api/funnel')),
      book.click(),
    ]);
    expect(beacon.method()).toBe('POST');
    expect(beacon.postDataJSON()).toEqual({ serviceId: linkServiceId, step: 'link-clicked' });
    expect((await beacon.allHeaders())['cookie']).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('times in the visitor’s zone', () => {
  /** Opens the picker in a browser set to `timezoneId` and shows the month of `date`. */
  async function pickerAt(timezoneId: string, month: string) {
    const opened = await newPage('desktop', timezoneId);
    await opened.page.goto(`${server.url}${servicePath}`, { waitUntil: 'load' });
    await opened.page.getByRole('link', { name: 'Book Session' }).first().click();
    const heading = opened.page.locator('.picker__month');
    await heading.waitFor({ timeout: 20_000 });
    while ((await heading.textContent()) !== month)
      await opened.page.getByRole('button', { name: 'Next month' }).click();
    await expect
      .poll(() => opened.page.locator('.picker__day[data-free]').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    return opened;
  }

  /** The first time offered on `date`, as shown and as the UTC instant it books. */
  async function firstTime(page: Page, date: string) {
    await page.locator(`.picker__day[data-date="${date}"]`).click();
    const first = page.locator('.picker__time').first();
    await first.waitFor();
    return {
      shown: (await first.locator('.picker__time-main').textContent()) ?? '',
      note: (await first.locator('.picker__time-note').textContent()) ?? '',
      start: (await first.getAttribute('data-start')) ?? '',
    };
  }

  it('shows London the Indian 10:00 as 04:30 before the clocks go forward and 05:30 after', async () => {
    const { context, page, errors } = await pickerAt('Europe/London', 'March 2027');
    expect(await page.getByText('Times are in your time zone', { exact: false }).count()).toBe(0);
    // Friday 26 March: GMT. Monday 29 March: BST. India keeps 10:00 (04:30 UTC) on both.
    expect(await firstTime(page, '2027-03-26')).toEqual({
      shown: '04:30',
      note: '10:00 in India (IST)',
      start: '2027-03-26T04:30:00.000Z',
    });
    await shot(page, 'desktop', 'tz-london-before');
    expect(await page.getByText('Times are in your time zone, London (GMT).').count()).toBe(1);
    expect(await firstTime(page, '2027-03-29')).toEqual({
      shown: '05:30',
      note: '10:00 in India (IST)',
      start: '2027-03-29T04:30:00.000Z',
    });
    expect(await page.getByText('Times are in your time zone, London (BST).').count()).toBe(1);
    // Sunday 28 March has no hours in India; the grid says so and does not offer it.
    expect(await page.locator('.picker__day[data-date="2027-03-28"]').getAttribute('aria-disabled')).toBe('true');
    await shot(page, 'desktop', 'tz-london-after');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('puts a morning in India on the evening before in Los Angeles, across the date line', async () => {
    const { context, page, errors } = await pickerAt('America/Los_Angeles', 'January 2027');
    /** Every time offered on a Los Angeles date, as [their clock, India's]. */
    const timesOn = async (date: string) => {
      await page.locator(`.picker__day[data-date="${date}"]`).click();
      await page.locator('.picker__time').first().waitFor();
      return page
        .locator('.picker__time')
        .evaluateAll((buttons) =>
          buttons.map((b) => [
            b.querySelector('.picker__time-main')?.textContent,
            b.querySelector('.picker__time-note')?.textContent,
          ]),
        );
    };
    // Monday 4 January there holds Monday's afternoon in India (after midnight) and Tuesday's morning (the evening).
    expect(await timesOn('2027-01-04')).toEqual([
      ['00:15', '13:45 in India (IST)'],
      ['01:30', '15:00 in India (IST)'],
      ['02:45', '16:15 in India (IST)'],
      ['20:30', '10:00 in India (IST)'],
      ['21:45', '11:15 in India (IST)'],
      ['23:00', '12:30 in India (IST)'],
    ]);
    expect(await page.locator('.picker__time').last().getAttribute('data-start')).toBe('2027-01-05T07:00:00.000Z');
    // Saturday 9 January there: Saturday's Indian afternoon only, since India has no hours on Sunday.
    expect(await timesOn('2027-01-09')).toEqual([
      ['00:15', '13:45 in India (IST)'],
      ['01:30', '15:00 in India (IST)'],
      ['02:45', '16:15 in India (IST)'],
    ]);
    await shot(page, 'desktop', 'tz-los-angeles');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
