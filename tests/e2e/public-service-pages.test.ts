// The service pages as a visitor meets them, at 390 and 1280 px, on one server with the demo content (ten services
// with pictures, seeded on first start): booking always at hand on a detail page (a sticky card on desktop, a bar on
// phones that appears once the hero is gone and never covers the page's end), long sections folded, the footer on
// every public page, the services list with the full description one tap away, the 'Service Not Found' state in the
// 404 page's scene with suggested sessions, and the fallback page drawing a service with the static page's markup.
// Behaviour and reasons: docs/public-site.md.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../src/shared/schemas/service';
import { servicePath } from '../../src/shared/schemas/slug';
import { launchBrowser, VIEWPORTS, watchPageErrors } from './support/browser';
import { expectAccessible, shoot } from './support/public-content';
import type { RunningServer } from './support/server';
import { useSharedDemoSite } from './support/shared-sites';

const UNKNOWN_ID = '0123456789abcdef01234567';
/** The document of an unknown or not-yet-built service answers 404 (as on Netlify); Chromium logs that line. */
const DOCUMENT_404 = 'console: Failed to load resource: the server responded with a status of 404 (Not Found)';

let server: RunningServer;
let browser: Browser;
/** Active services, newest first, as the API and the pages list them. */
let services: Service[];
let withOffer: Service;
let withoutOffer: Service;
/** A demo service with rated, dated testimonials (src/server/demo/demo-testimonials.ts). */
let withTestimonials: Service;

const widths = ['phone', 'desktop'] as const;
type Width = (typeof widths)[number];
const px = (vp: Width) => VIEWPORTS[vp].width;
const rupees = (n: number) => `₹${n.toLocaleString('en-IN')}`;

beforeAll(async () => {
  // Only reads the demo site: the run's shared one (tests/e2e/README.md, "Shared sites").
  [server, browser] = await Promise.all([useSharedDemoSite(), launchBrowser()]);
  const reply = await fetch(`${server.url}/api/services?limit=20`);
  services = ((await reply.json()) as { data: Service[] }).data;
  // Services booked through their link: a service booked on this site has its own Book button and booking section,
  // which the fallback page leaves to the next build (docs/bookings.md, "The visitor's flow"); booking-paid.test.ts
  // covers those pages.
  const byLink = services.filter((s) => s.bookingMode !== 'site');
  withOffer = byLink.find((s) => s.offerPrice !== undefined && s.image !== '' && s.faq.length > 0)!;
  withoutOffer = byLink.find((s) => s.offerPrice === undefined && s.image !== '')!;
  withTestimonials = byLink.find((s) => s.testimonials.length > 0)!;
  expect(services.length).toBeGreaterThanOrEqual(10);
  expect(withOffer && withoutOffer && withTestimonials).toBeTruthy();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(pathname: string, vp: Width): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS[vp] });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${server.url}${pathname}`);
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
    }
  });
  return { page, context, errors };
}

/** The element's box in the viewport. */
const box = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, height: r.height, viewport: window.innerHeight };
  });

async function scrollTo(page: Page, y: number | 'end'): Promise<void> {
  await page.evaluate((target) => {
    // 'instant': the site scrolls smoothly, and the test must measure where the page ends up, not where it is passing.
    window.scrollTo({ top: target === 'end' ? document.documentElement.scrollHeight : target, behavior: 'instant' });
  }, y);
  // The bar's entrance is a short transition; give the observer and the transition time to finish.
  await page.waitForTimeout(500);
}

describe('the footer closes every public page', () => {
  it.each(widths)('service list, service detail, fallback and 404 end with the footer at %s width', async (vp) => {
    const pages = ['/service', `/service/${withOffer._id}`, `/service/${UNKNOWN_ID}`, '/no/such/path'];
    for (const pathname of pages) {
      const { page, context } = await open(pathname, vp);
      if (pathname.includes(UNKNOWN_ID)) await page.getByRole('heading', { name: 'Service Not Found' }).waitFor();
      const footer = page.locator('main ~ footer.site-footer');
      expect(await footer.count(), pathname).toBe(1);
      expect(await footer.getByRole('link', { name: 'Start Your Journey' }).getAttribute('href'), pathname).toBe(
        '/contact',
      );
      // The copyright year is the build's (docs/site-settings.md, "Departures").
      expect(await footer.innerText(), pathname).toContain(String(new Date().getFullYear()));
      await context.close();
    }
  });
});

describe('booking at hand on a service page', () => {
  it('on a phone, a slim bar appears once the hero has scrolled away and never covers the end of the page', async () => {
    const { page, context, errors } = await open(`/service/${withOffer._id}`, 'phone');
    const bar = page.locator('[data-book-bar]');
    // At the top the hero's own button is in view, and the bar is not there (not seen, not focusable).
    expect(await page.locator('.detail-hero__book').isVisible()).toBe(true);
    expect(await bar.isVisible()).toBe(false);

    const hero = await box(page, '.detail-hero__text');
    await scrollTo(page, hero.bottom + 200);
    expect(await bar.isVisible()).toBe(true);
    // Slid fully in: its bottom edge on the viewport's.
    await expect.poll(async () => (await box(page, '[data-book-bar]')).bottom).toBeCloseTo(VIEWPORTS.phone.height, 0);
    expect((await box(page, '[data-book-bar]')).height).toBeLessThan(100);
    const book = bar.getByRole('link', { name: /Book Session/ });
    expect(await book.getAttribute('href')).toBe(withOffer.bookingLink);
    expect(await book.getAttribute('target')).toBe('_blank');
    expect(await book.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await bar.locator('.detail-price__current').innerText()).toBe(rupees(withOffer.offerPrice!));
    expect(await bar.locator('s').innerText()).toBe(rupees(withOffer.price));
    await expectAccessible(page, 'detail with the booking bar (390)');

    // Scrolled to the end: the footer's last line sits above the bar, in the room kept for it.
    await scrollTo(page, 'end');
    expect(await bar.isVisible()).toBe(true);
    const footer = await box(page, 'footer.site-footer');
    const atEnd = await box(page, '[data-book-bar]');
    expect(footer.bottom).toBeLessThanOrEqual(atEnd.top + 1);

    // Back at the top, the bar goes away again.
    await scrollTo(page, 0);
    expect(await bar.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a desktop, a card with the price and Book Session stays in view beside every section', async () => {
    const { page, context, errors } = await open(`/service/${withOffer._id}`, 'desktop');
    expect(await page.locator('[data-book-bar]').isVisible()).toBe(false);
    const card = page.locator('[data-book-card]');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (const y of [900, Math.round(height / 2), height - 1600]) {
      await scrollTo(page, y);
      const cardBox = await box(page, '[data-book-card]');
      expect(cardBox.top, `card at scroll ${y}`).toBeGreaterThanOrEqual(0);
      expect(cardBox.bottom, `card at scroll ${y}`).toBeLessThanOrEqual(cardBox.viewport);
      const book = card.getByRole('link', { name: /Book Session/ });
      expect(await book.isVisible()).toBe(true);
      expect(await book.getAttribute('href')).toBe(withOffer.bookingLink);
      expect(await card.locator('.detail-price__current').innerText()).toBe(rupees(withOffer.offerPrice!));
    }
    expect(await card.innerText()).toContain(withOffer.duration);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(widths)('folds the long sections, the first one open, at %s width', async (vp) => {
    const { page, context, errors } = await open(`/service/${withOffer._id}`, vp);
    const folds = page.locator('details.detail-fold');
    const cards = await folds.evaluateAll((els) => els.map((el) => el.getAttribute('data-card')));
    expect(cards.length).toBeGreaterThanOrEqual(5);
    expect(cards[0]).toBe('whatIsThis');
    const openStates = await folds.evaluateAll((els) => els.map((el) => (el as HTMLDetailsElement).open));
    expect(openStates).toEqual(cards.map((_, index) => index === 0));
    // The titles stay headings, so the page outline is what it was.
    for (const name of ['What Can Be Asked?', 'How It Works', 'Frequently Asked Questions']) {
      expect(await page.getByRole('heading', { level: 2, name }).count(), name).toBe(1);
    }
    // Closed, the text is hidden; the keyboard opens it.
    const how = page.locator('details.detail-fold[data-card="processDescription"]');
    const text = how.locator('.detail-fold__body');
    expect(await text.isVisible()).toBe(false);
    await how.locator('summary').focus();
    await page.keyboard.press('Enter');
    expect(await text.isVisible()).toBe(true);
    expect(await text.innerText()).toBe(withOffer.processDescription);
    // The FAQ folds inside its folded card: open the card, then a question.
    const faq = page.locator('details.detail-fold[data-card="faq"]');
    await faq.locator('summary').first().click();
    const firstQuestion = faq.locator('.accordion details').first();
    await firstQuestion.locator('summary').click();
    expect(await firstQuestion.locator('.accordion__panel').innerText()).toBe(withOffer.faq[0]!.answer);
    await expectAccessible(page, `detail (${px(vp)})`);
    await shoot(page, `detail-service-${px(vp)}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('services list', () => {
  it.each(widths)('shows each short description with the rest one tap away at %s width', async (vp) => {
    const { page, context, errors } = await open('/service', vp);
    const rows = page.locator('.service-row');
    expect(await rows.count()).toBe(services.length);
    for (const service of services) {
      const row = page.locator(`.service-row[data-service-id="${service._id}"]`);
      expect(await row.locator('.service-row__short').innerText()).toBe(service.shortDescription);
      const description = row.locator('.service-row__description');
      expect(await description.isVisible(), service.name).toBe(false);
      const text = (await row.textContent()) ?? '';
      expect(text).toContain('Duration');
      expect(text).toContain('Price');
      expect(text).toContain(rupees(service.price));
      if (service.offerPrice !== undefined) expect(text).toContain(`(Special Offer: ${rupees(service.offerPrice)})`);
      expect(await row.getByRole('link', { name: /Learn More & Book/ }).getAttribute('href')).toBe(
        servicePath(service),
      );
    }
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    console.info(`services list, ${services.length} services, ${px(vp)} px wide: ${height} px tall`);

    // One tap shows the full description, and names its service to a screen reader.
    const first = page.locator(`.service-row[data-service-id="${services[0]!._id}"]`);
    const more = first.locator('summary');
    expect(await more.textContent()).toContain(`about ${services[0]!.name}`);
    expect(await more.locator('.service-row__more-closed').isVisible()).toBe(true);
    await more.click();
    const description = first.locator('.service-row__description');
    expect(await description.isVisible()).toBe(true);
    expect(await description.innerText()).toContain(services[0]!.description.split(/\n\s*\n/)[0]!.trim());
    expect(await more.locator('.service-row__more-open').innerText()).toBe('Show less');
    expect(await more.locator('.service-row__more-closed').isVisible()).toBe(false);
    await expectAccessible(page, `services list (${px(vp)})`);
    await shoot(page, `detail-services-list-${px(vp)}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("'Service Not Found'", () => {
  it.each(widths)('looks like the 404 page and suggests sessions at %s width', async (vp) => {
    const { page, context, errors } = await open(`/service/${UNKNOWN_ID}`, vp);
    await page.getByRole('heading', { level: 1, name: 'Service Not Found' }).waitFor();
    expect(await page.title()).toContain('Service Not Found');
    const scene = page.locator('section.lost.night');
    expect(await scene.isVisible()).toBe(true);
    await page.waitForFunction(() => {
      const art = document.querySelector<HTMLImageElement>('section.lost .lost__art');
      return art !== null && art.complete && art.naturalWidth > 0;
    });
    expect(await scene.innerText()).toContain('Service not found or failed to load');
    expect(await scene.getByRole('link', { name: 'Back to Services' }).getAttribute('href')).toBe('/service');
    expect(await scene.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/');

    // Three sessions, baked in at build time: featured first, newest first.
    const expected = [...services.filter((s) => s.isFeatured), ...services.filter((s) => !s.isFeatured)].slice(0, 3);
    const suggestions = page.getByRole('navigation', { name: /sessions speaks to you/ }).getByRole('link');
    expect(await suggestions.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      expected.map((s) => servicePath(s)),
    );
    expect(await suggestions.first().innerText()).toContain(expected[0]!.name);
    await expectAccessible(page, `service not found (${px(vp)})`);
    await shoot(page, `detail-not-found-${px(vp)}`);
    await suggestions.first().click();
    await page.waitForURL(`${server.url}${servicePath(expected[0]!)}`);
    expect(await page.locator('h1').innerText()).toBe(expected[0]!.name);
    // The document and the API's reply for the unknown id both answer 404; nothing else may fail.
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((e) => e !== DOCUMENT_404)).toEqual([]);
    await context.close();
  });
});

describe("a service picture's alt text", () => {
  it('is the one the practitioner typed on the detail image, the share image meta and the cards', async () => {
    const withAlt = services.find((s) => (s.imageAlt ?? '').trim() !== '')!;
    expect(withAlt).toBeTruthy();
    const alt = withAlt.imageAlt!.trim();
    const html = await (await fetch(`${server.url}${servicePath(withAlt)}`)).text();
    const escaped = alt.replace(/&/g, '&amp;');
    expect(html).toContain(`<meta property="og:image:alt" content="${escaped}"`);
    expect(html).toContain(`<meta name="twitter:image:alt" content="${escaped}"`);
    expect(html).toMatch(new RegExp(`<img[^>]*alt="${escaped}"`));
  });
});

describe('one detail markup', () => {
  /** The article as drawn, with the state the booking bar's script adds (same on both pages at the top). */
  const article = (page: Page) => page.locator('article.detail').evaluate((el) => el.outerHTML);

  it('the fallback page ships the detail markup as a template and draws no DOM of its own', async () => {
    const html = await (await fetch(`${server.url}/service/fallback/`)).text();
    expect(html).toMatch(/<template data-detail-template[^>]*>\s*<article class="detail"/);
    // Markup only: a script in the template would be copied into the page with every service drawn.
    const template = /<template data-detail-template[^>]*>([\s\S]*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(template).toContain('data-book-bar');
    expect(template).not.toContain('<script');
  });

  it.each([
    ['an offer and a picture', () => withOffer],
    ['no offer', () => withoutOffer],
    ['testimonials', () => withTestimonials],
  ])('the fallback draws a service with %s exactly as its static page does', async (_, which) => {
    const service = which();
    const fallbackHtml = await (await fetch(`${server.url}/service/fallback/`)).text();
    const { page: staticPage, context: staticContext } = await open(servicePath(service), 'phone');
    const fromBuild = await article(staticPage);
    await staticContext.close();

    // The same address answered with the fallback page, as for a service created after the last build.
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.route(`${server.url}${servicePath(service)}`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: fallbackHtml }),
    );
    await page.goto(`${server.url}${servicePath(service)}`);
    await page.locator('[data-service-fallback][data-current="content"]').waitFor();
    await page.locator('[data-book-bar][data-watched="true"]').waitFor({ state: 'attached' });
    const fromFallback = await article(page);
    expect(fromFallback).toBe(fromBuild);
    // The article's markup: the name as HTML writes it ('Love & Relationships' carries &amp;).
    expect(fromFallback).toContain(service.name.replaceAll('&', '&amp;'));
    await context.close();
  });
});
