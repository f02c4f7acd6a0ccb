// What a visitor on a phone does must just work (issue "the practitioner's first day", docs/public-site.md):
// - every built page is exactly as wide as the screen, at first load and after scrolling;
// - the contact form keeps every character typed from the moment the page appears, however slowly its island
//   wakes up (a slow phone network and a throttled CPU here).
// The server is `npm start` on its demo content, so the pages are the ones a new practitioner first sees.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { setupDemoSite } from './support/demo-site';
import { expectAccessible } from './support/public-content';

const demo = setupDemoSite();

const PHONES = [
  { name: 'phone 360', viewport: { width: 360, height: 740 } },
  { name: 'phone 390', viewport: { width: 390, height: 844 } },
] as const;
const DESKTOP = { name: 'desktop 1280', viewport: { width: 1280, height: 800 } } as const;

async function newContext(kind: (typeof PHONES)[number] | typeof DESKTOP): Promise<BrowserContext> {
  const mobile = kind.viewport.width < 768;
  return demo.browser.newContext({
    viewport: kind.viewport,
    // Mobile emulation: the layout viewport grows to fit wide content, as a real phone's does, so an overflow
    // shows up as a wider page instead of a hidden scrollbar.
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: mobile ? 3 : 1,
  });
}

/** Every page the build publishes: the sitemap's, plus the not-found page. */
async function builtPages(): Promise<string[]> {
  const xml = await (await fetch(`${demo.server.url}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(paths.length).toBeGreaterThan(5);
  return [...paths, '/no-such-page-here'];
}

async function widths(page: Page) {
  return page.evaluate(() => ({
    inner: window.innerWidth,
    scroll: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
}

describe('every public page is exactly the screen wide', () => {
  for (const kind of [...PHONES, DESKTOP]) {
    it(`at ${kind.name}, at first load and after scrolling to the end`, async () => {
      const context = await newContext(kind);
      const page = await context.newPage();
      const wide: string[] = [];
      for (const pathname of await builtPages()) {
        await page.goto(`${demo.server.url}${pathname}`, { waitUntil: 'load' });
        const first = await widths(page);
        if (first.inner !== kind.viewport.width || first.scroll !== kind.viewport.width) {
          wide.push(`${pathname} at first load: ${JSON.stringify(first)}`);
        }
        // Scroll down in screen steps, so lists laid out only near the viewport (content-visibility) get laid out.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y < height; y += kind.viewport.height) {
          await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
          await page.waitForTimeout(30);
        }
        await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
        await page.waitForTimeout(100);
        const after = await widths(page);
        if (after.inner !== kind.viewport.width || after.scroll !== kind.viewport.width) {
          wide.push(`${pathname} after scrolling: ${JSON.stringify(after)}`);
        }
      }
      expect(wide).toEqual([]);
      await context.close();
    });
  }
});

/** A slow phone: high latency, little bandwidth, a CPU four times slower. */
async function slowDown(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (400 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

const TYPED = {
  name: 'Meera Krishnan',
  email: 'meera.k@example.org',
  phone: '98400 12345',
  message: 'I would like to ask about a first reading, when you have a quiet evening free.',
};

describe('the contact form keeps what a visitor types before it wakes up', () => {
  for (const kind of [PHONES[1], DESKTOP]) {
    it(`at ${kind.name}, on a slow network, typing the moment the form appears`, async () => {
      const context = await newContext(kind);
      const page = await context.newPage();
      await slowDown(page);
      const posted: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/api/contact/send')) posted.push(request.postData() ?? '');
      });
      // No waiting for `load`, nor for the island: a person starts typing as soon as they see the field.
      await page.goto(`${demo.server.url}/contact`, { waitUntil: 'commit' });
      const form = page.locator('form.contact-form');
      const name = form.getByLabel('Full Name');
      await name.waitFor({ state: 'visible', timeout: 60_000 });
      if (kind.viewport.width < 768) await name.tap();
      else await name.click();
      await page.keyboard.type(TYPED.name, { delay: 70 });
      // Tab on to the next fields, as a person does, still typing at their pace.
      await page.keyboard.press('Tab');
      await page.keyboard.type(TYPED.email, { delay: 70 });
      await page.keyboard.press('Tab');
      await page.keyboard.type(TYPED.phone, { delay: 70 });
      await form.getByLabel('Subject').selectOption('General Inquiry');
      await form.getByLabel('Message').click();
      await page.keyboard.type(TYPED.message, { delay: 20 });
      await form.getByLabel('I agree to the privacy notice').check();

      // Whenever the island woke up, what was typed is still in the fields...
      await page.waitForSelector('astro-island:not([ssr])', { timeout: 60_000 });
      expect(await form.getByLabel('Full Name').inputValue()).toBe(TYPED.name);
      expect(await form.getByLabel('Email Address').inputValue()).toBe(TYPED.email);
      expect(await form.getByLabel('Phone Number').inputValue()).toBe(TYPED.phone);
      expect(await form.getByLabel('Message').inputValue()).toBe(TYPED.message);

      // ...and is what Send sends.
      await form.getByRole('button', { name: 'Send Message' }).click();
      await page.locator('[data-contact-sent]').waitFor({ timeout: 60_000 });
      expect(posted).toHaveLength(1);
      const body = JSON.parse(posted[0]!) as Record<string, string>;
      expect(body.name).toBe(TYPED.name);
      expect(body.email).toBe(TYPED.email);
      expect(body.message).toBe(TYPED.message);
      expect(body.subject).toBe('General Inquiry');
      expect(await form.getByLabel('Full Name').inputValue()).toBe('');
      await expectAccessible(page, `contact after sending at ${kind.name}`);
      await context.close();
    });
  }

  it('keeps a field typed into before the island woke when the visitor then sends with the keyboard', async () => {
    const context = await newContext(PHONES[1]);
    const page = await context.newPage();
    await slowDown(page);
    await page.goto(`${demo.server.url}/contact`, { waitUntil: 'commit' });
    const form = page.locator('form.contact-form');
    await form.getByLabel('Full Name').waitFor({ state: 'visible', timeout: 60_000 });
    // Keyboard only: focus arrives by Tab-like focus(), the island starts loading on focusin.
    await form.getByLabel('Full Name').focus();
    await page.keyboard.type('Arjun', { delay: 60 });
    await page.waitForSelector('astro-island:not([ssr])', { timeout: 60_000 });
    // The caret stayed in the field and typing goes on where it was.
    await page.keyboard.type(' Rao', { delay: 60 });
    expect(await form.getByLabel('Full Name').inputValue()).toBe('Arjun Rao');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await context.close();
  });
});

describe('the home page before and without JavaScript', () => {
  for (const kind of [PHONES[1], DESKTOP]) {
    it(`shows the drawn portrait in the About arch at load, without scrolling, at ${kind.name}`, async () => {
      const context = await newContext(kind);
      const page = await context.newPage();
      await page.goto(`${demo.server.url}/`, { waitUntil: 'load' });
      // No portrait uploaded (demo content): the drawn figure, already there when the page has loaded.
      const photo = page.locator('.home-about__photo img');
      expect(await photo.getAttribute('src')).toMatch(/about-portrait\.svg$/);
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 5_000 })
        .toBe(true);
      await context.close();
    });

    it(`hides the carousels' dots, arrows and Pause without JavaScript, and keeps them with it, at ${kind.name}`, async () => {
      const controls = ['.banner-carousel__controls', '.carousel__controls'];
      const withJs = await newContext(kind);
      const on = await withJs.newPage();
      await on.goto(`${demo.server.url}/`, { waitUntil: 'load' });
      for (const selector of controls) expect(await on.locator(selector).first().isVisible()).toBe(true);
      await withJs.close();

      const context = await demo.browser.newContext({
        viewport: kind.viewport,
        isMobile: kind.viewport.width < 768,
        hasTouch: kind.viewport.width < 768,
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      await page.goto(`${demo.server.url}/`, { waitUntil: 'load' });
      for (const selector of controls) {
        const all = page.locator(selector);
        expect(await all.count()).toBeGreaterThan(0);
        for (const one of await all.all()) expect(await one.isVisible()).toBe(false);
      }
      // The first slide and its link remain.
      expect(await page.locator('.banner-carousel a').first().isVisible()).toBe(true);
      await context.close();
    });
  }
});
