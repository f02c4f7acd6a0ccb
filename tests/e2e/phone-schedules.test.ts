// Phone numbers the Indian way, the WhatsApp chat button, "Reply on WhatsApp" in the inbox, and time-boxed offers and
// banners (docs/phone-numbers.md, docs/schedules.md), on the real local server: what visitors see at 390 px (phone
// emulation) and 1280 px, and what the practitioner sees and types in the portal.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instantToZonedLocal } from '../../src/shared/schedule';
import { SITE_SETTINGS_DEFAULTS } from '../../src/shared/schemas/site-settings';
import { expectAccessible as expectAdminAccessible, initAdminViaApi, signInWithToken } from './support/admin';
import { launchBrowser, savePicture, VIEWPORTS, watchPageErrors } from './support/browser';
import { sendContactForm } from './support/contact-form';
import { banner, expectAccessible, fullService, minimalService, settle, withStores } from './support/public-content';
import { startServer, type RunningServer } from './support/server';

const SHOTS = process.env['PHONE_SHOTS'] ?? path.join('/tmp', 'phone-shots');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

/** 390 px as a phone: touch and mobile emulation; 1280 px as a computer. */
const WIDTHS: [label: string, options: BrowserContextOptions][] = [
  ['390', { viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
  ['1280', { viewport: VIEWPORTS.desktop }],
];

const WINDOWS = {
  running: { start: iso(-HOUR), end: iso(2 * DAY) },
  planned: { start: iso(2 * DAY), end: iso(4 * DAY) },
  ended: { start: iso(-3 * DAY), end: iso(-HOUR) },
};
const CHAT_MESSAGE = 'Hello Ishita, I would like to ask about a reading.';

let server: RunningServer;
let browser: Browser;
let token: string;
let dataDir: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sg-phone-'));
  await withStores(dataDir, async (stores) => {
    const make = async (name: string, price: number, offerPrice: number, window: { start: string; end: string }) => {
      const created = await stores.services.create(
        fullService({ name, price, offerPrice, offerStart: window.start, offerEnd: window.end }),
      );
      ids[name] = created._id;
    };
    await make('Diwali Tarot', 2100, 1500, WINDOWS.running);
    await make('Winter Solstice Reading', 3000, 2000, WINDOWS.planned);
    await make('Navratri Healing', 2500, 1800, WINDOWS.ended);
    await stores.services.create(minimalService({ name: 'Quiet Listening', price: 900 }));
    await stores.banners.create(
      banner({ title: 'Diwali light', order: 0, link: '/service', endsAt: WINDOWS.running.end }),
    );
    await stores.banners.create(
      banner({ title: 'Solstice circle', order: 1, link: '/service', startsAt: WINDOWS.planned.start }),
    );
    await stores.banners.create(
      banner({ title: 'Navratri nights', order: 2, link: '/service', endsAt: WINDOWS.ended.end }),
    );
    // Numbers as the practitioner typed them before they were normalised: the site must still link them right.
    await stores.settings.put({
      ...SITE_SETTINGS_DEFAULTS,
      contact: {
        ...SITE_SETTINGS_DEFAULTS.contact,
        email: 'hello@soulguidance.in',
        phone: '044 2345 6789',
        whatsapp: '98400 12345',
        whatsappButton: true,
        whatsappMessage: CHAT_MESSAGE,
      },
    });
  });
  server = await startServer({ dataDir });
  token = await initAdminViaApi(server.url);
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A picture to look at, outside the repository: the whole page, or only what is in view (a field just scrolled to). */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await savePicture(page, { path: path.join(SHOTS, `${name}.png`), fullPage, animations: 'disabled' });
}

async function openPublic(pathname: string, options: BrowserContextOptions) {
  const context = await browser.newContext({ ...options, reducedMotion: options.reducedMotion ?? 'no-preference' });
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>outside</title>' }),
  );
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const response = await page.goto(`${server.url}${pathname}`, { waitUntil: 'load' });
  expect(response?.status(), pathname).toBe(200);
  return { page, context, errors };
}

const chatName = 'Chat with Ishita on WhatsApp (opens in a new tab)';
const chatHref = `https://wa.me/919840012345?text=${encodeURIComponent(CHAT_MESSAGE)}`;

describe.each(WIDTHS)('the public site at %s px', (label, options) => {
  it('links the Indian numbers right, and the chat button is plain, reachable and clear of the content', async () => {
    const { page, context, errors } = await openPublic('/contact', options);
    try {
      const footer = page.locator('footer');
      const phone = footer.getByRole('link', { name: '+91 44 2345 6789' });
      expect(await phone.getAttribute('href')).toBe('tel:+914423456789');
      expect(await footer.getByRole('link', { name: 'WhatsApp (opens in a new tab)' }).getAttribute('href')).toBe(
        'https://wa.me/919840012345',
      );
      const cards = page.getByRole('region', { name: 'Contact details' });
      expect(await cards.getByRole('link', { name: '+91 44 2345 6789' }).getAttribute('href')).toBe(
        'tel:+914423456789',
      );

      const chat = page.getByRole('link', { name: chatName });
      expect(await chat.getAttribute('href')).toBe(chatHref);
      // The keyboard reaches it: it is the last stop of the page, one Shift+Tab from the top.
      await page.locator('body').focus();
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-whatsapp-chat'))).toBe('');
      await settle(page);
      await expectAccessible(page, `contact with chat button at ${label}`);
      await shot(page, `public-contact-${label}`);

      // At the very end of the page the button sits below the footer's last line, not over it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const [button, note] = await Promise.all([
        chat.boundingBox(),
        page.locator('.footer-bottom__note').boundingBox(),
      ]);
      expect(button && note).toBeTruthy();
      expect(button!.y).toBeGreaterThanOrEqual(note!.y + note!.height);
      await savePicture(page, { path: path.join(SHOTS, `public-contact-end-${label}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        options.viewport!.width,
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows offers and banners only inside their windows', async () => {
    const { page, context } = await openPublic('/', options);
    try {
      const home = (await page.locator('main').textContent()) ?? '';
      expect(home).toContain('Diwali light');
      expect(home).not.toContain('Solstice circle');
      expect(home).not.toContain('Navratri nights');

      await page.goto(`${server.url}/service`);
      const card = (name: string) => page.locator('.service-rows > li').filter({ hasText: name });
      expect(await card('Diwali Tarot').textContent()).toContain('(Special Offer: ₹1,500)');
      for (const name of ['Winter Solstice Reading', 'Navratri Healing']) {
        const text = (await card(name).textContent()) ?? '';
        expect(text, name).not.toMatch(/Special Offer|₹2,000|₹1,800/);
      }
      await settle(page);
      await shot(page, `public-services-${label}`);

      // The service page's own price, too.
      await page.goto(`${server.url}/service/${ids['Winter Solstice Reading']}`);
      expect(await page.locator('main').textContent()).not.toContain('₹2,000');
    } finally {
      await context.close();
    }
  });
});

describe('the chat button without script and with reduced motion', () => {
  it('is a plain link with no script, rides above the booking bar on a phone, and does not animate', async () => {
    const context = await browser.newContext({
      ...WIDTHS[0]![1],
      javaScriptEnabled: false,
      reducedMotion: 'reduce',
    });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/service/${ids['Diwali Tarot']}`);
      const chat = page.getByRole('link', { name: chatName });
      expect(await chat.evaluate((a) => a.tagName)).toBe('A');
      expect(
        await chat.evaluate((a) =>
          getComputedStyle(a)
            .transitionDuration.split(',')
            .every((d) => parseFloat(d) <= 0.00001),
        ),
      ).toBe(true);
      // With the booking bar shown (as the script would show it), the button stays above it.
      await page.evaluate(() =>
        document.querySelector<HTMLElement>('[data-book-bar]')?.setAttribute('data-visible', 'true'),
      );
      const [button, bar] = await Promise.all([chat.boundingBox(), page.locator('[data-book-bar]').boundingBox()]);
      expect(button!.y + button!.height).toBeLessThanOrEqual(bar!.y);
      await shot(page, 'public-service-bookbar-390');
    } finally {
      await context.close();
    }
  });
});

describe('the contact form and the inbox', () => {
  it('refuses a number that cannot be a phone, keeps what was typed, and the inbox offers Reply on WhatsApp', async () => {
    const { page, context } = await openPublic('/contact', WIDTHS[0]![1]);
    try {
      await sendContactForm(page, {
        name: 'Asha Verma',
        email: 'asha@example.test',
        phone: '12345',
        subject: 'Career Guidance',
        message: 'Hello! Could we talk about a reading next week?',
      });
      await page.getByText('Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210').first().waitFor();
      expect(await page.getByLabel(/Phone Number/).inputValue()).toBe('12345');
      await expectAccessible(page, 'contact form, phone refused');
      await shot(page, 'public-contact-phone-refused-390');

      await page.getByLabel(/Phone Number/).fill('98400 12345');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.locator('[data-contact-sent]').filter({ hasText: 'Thank you for your message!' }).waitFor();
    } finally {
      await context.close();
    }

    for (const [label, options] of WIDTHS) {
      const admin = await (await browser.newContext(options)).newPage();
      const errors = watchPageErrors(admin);
      await signInWithToken(admin, server.url, token, '/admin/messages');
      await admin.getByRole('button', { name: /Asha Verma/ }).click();
      const view = admin.getByRole('article');
      await view.getByRole('link', { name: '+91 98400 12345' }).waitFor();
      expect(await view.getByRole('link', { name: '+91 98400 12345' }).getAttribute('href')).toBe('tel:+919840012345');
      const reply = view.getByRole('link', { name: 'Reply on WhatsApp (opens in a new tab)' });
      expect(await reply.getAttribute('href')).toBe(
        `https://wa.me/919840012345?text=${encodeURIComponent('Hello Asha, thank you for your message about “Career Guidance”.')}`,
      );
      // The keyboard reaches it from the mail Reply before it.
      await view.getByRole('link', { name: 'Reply', exact: true }).focus();
      await admin.keyboard.press('Tab');
      expect(await admin.evaluate(() => document.activeElement?.textContent)).toContain('Reply on WhatsApp');
      await expectAdminAccessible(admin, `message with WhatsApp at ${label}`);
      await shot(admin, `admin-message-${label}`);
      expect(errors).toEqual([]);
      await admin.context().close();
    }
  });
});

describe('the portal', () => {
  it('takes a WhatsApp number the Indian way on the Site screen, refusing one that cannot be a phone', async () => {
    const page = await (await browser.newContext(WIDTHS[0]![1])).newPage();
    await signInWithToken(page, server.url, token, '/admin/site');
    const whatsapp = page.getByRole('textbox', { name: 'WhatsApp number' });
    await whatsapp.waitFor();
    // The stored old-style number shows grouped, with the link it makes.
    expect(await whatsapp.inputValue()).toBe('+91 98400 12345');
    await page.getByText('Links to https://wa.me/919840012345').waitFor();
    expect(await page.getByRole('switch', { name: 'Show a WhatsApp chat button on every page' }).isChecked()).toBe(
      true,
    );

    await whatsapp.fill('12');
    await page
      .getByText(/Not a phone number yet/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Save site settings' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('site-whatsapp');
    await page
      .locator('#site-whatsapp-error')
      .filter({ hasText: 'Please enter a valid WhatsApp number, e.g. 98765 43210 or +91 98765 43210' })
      .waitFor();
    expect(await whatsapp.inputValue()).toBe('12');
    await expectAdminAccessible(page, 'site screen, WhatsApp refused');
    await whatsapp.scrollIntoViewIfNeeded();
    await shot(page, 'admin-site-whatsapp-refused-390', false);

    await whatsapp.fill('98400 12346');
    await page.getByText('Links to https://wa.me/919840012346').waitFor();
    await page.getByRole('button', { name: 'Save site settings' }).click();
    await page.getByText('Site settings saved').first().waitFor();
    expect(await whatsapp.inputValue()).toBe('+91 98400 12346');
    const stored = (await (await fetch(`${server.url}/api/site-settings`)).json()) as {
      data: { contact: { whatsapp: string; phone: string } };
    };
    expect(stored.data.contact).toMatchObject({ whatsapp: '+919840012346', phone: '+914423456789' });
    await page.context().close();
  });

  it.each(WIDTHS)(
    'says Scheduled and Ended in the lists, and takes an offer window in India time (%s px)',
    async (label, options) => {
      const page = await (await browser.newContext(options)).newPage();
      const errors = watchPageErrors(page);
      await signInWithToken(page, server.url, token, '/admin/services');
      const row = (name: string) => page.getByRole('row').filter({ hasText: name });
      await row('Winter Solstice Reading').getByText('Scheduled', { exact: true }).waitFor();
      await row('Navratri Healing').getByText('Ended', { exact: true }).waitFor();
      expect(await row('Diwali Tarot').textContent()).toMatch(/Offer until .* IST/);
      expect(await row('Quiet Listening').textContent()).not.toMatch(/Scheduled|Ended/);
      await expectAdminAccessible(page, `services list at ${label}`);
      await shot(page, `admin-services-${label}`);

      await page.goto(`${server.url}/admin/banners`);
      await row('Solstice circle').getByText('Scheduled', { exact: true }).waitFor();
      await row('Navratri nights').getByText('Ended', { exact: true }).waitFor();
      await expectAdminAccessible(page, `banners list at ${label}`);
      await shot(page, `admin-banners-${label}`);

      await page.goto(`${server.url}/admin/services/${ids['Winter Solstice Reading']}/edit`);
      const start = page.getByLabel('Offer starts');
      await start.waitFor();
      // Shown as the practitioner's wall clock (India), whatever zone the browser is in.
      expect(await start.inputValue()).toBe(instantToZonedLocal(WINDOWS.planned.start, 'Asia/Kolkata'));
      await page
        .getByText(/In India Standard Time \(IST\)/)
        .first()
        .waitFor();
      const end = page.getByLabel('Offer ends');
      await end.focus();
      await end.fill('2026-01-01T09:00');
      await page.getByRole('button', { name: 'Update Service' }).click();
      await page.locator('#svc-offer-end-error').filter({ hasText: 'The offer must end after it starts' }).waitFor();
      await expectAdminAccessible(page, `offer window refused at ${label}`);
      await end.scrollIntoViewIfNeeded();
      await shot(page, `admin-service-offer-window-${label}`, false);
      expect(errors.filter((e) => !/status of 40/.test(e))).toEqual([]);
      await page.context().close();
    },
  );

  it('saves a banner window typed in India time as UTC, and the banner appears in the list as Scheduled', async () => {
    const page = await (await browser.newContext(WIDTHS[1]![1])).newPage();
    await signInWithToken(page, server.url, token, '/admin/banners');
    await page
      .getByRole('row')
      .filter({ hasText: 'Diwali light' })
      .getByRole('button', { name: /Edit banner/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Show from').fill('2099-11-01T09:00');
    await dialog.getByLabel('Show until').fill('');
    await dialog.getByRole('button', { name: 'Update Banner' }).click();
    await page
      .getByText(/Banner updated/)
      .first()
      .waitFor();
    await page.getByRole('row').filter({ hasText: 'Diwali light' }).getByText('Scheduled', { exact: true }).waitFor();
    const banners = (await (
      await fetch(`${server.url}/api/banners`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { data: { title: string; startsAt?: string | null; endsAt?: string | null }[] };
    expect(banners.data.find((b) => b.title === 'Diwali light')).toMatchObject({
      startsAt: '2099-11-01T03:30:00.000Z',
      endsAt: null,
    });
    await page.context().close();
  });
});
