// The public site in Debian's Chromium against the real local server: every page at 390 and 1280 px, the header,
// both carousels, the detail cards, the fallback page, the contact form, SEO tags, axe-core, and screenshots.
// One server for the whole file: content is written to its store before it starts, then two images go in through
// the admin API (so they are real /media/ uploads) and the suite waits for that rebuild to go live.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner } from '../../src/shared/schemas/banner';
import type { Service } from '../../src/shared/schemas/service';
import { launchBrowser, screenshot, VIEWPORTS, watchPageErrors } from './support/browser';
import {
  banner,
  createServices,
  expectAccessible,
  fullService,
  hydrateBanner,
  minimalService,
  settle,
  shoot,
  watchRequests,
  withStores,
} from './support/public-content';
import { startServer, type RunningServer } from './support/server';
import { makeMp4 } from '../support/media-files';

const XSS = '<img src=x onerror=alert(1)>';
const ADMIN = { username: 'ishita', email: 'ishita@example.test', password: 'lotus-light-2023' };
const RETREAT_URL = 'https://retreat.example.org/winter';

let server: RunningServer;
let dataDir: string;
let browser: Browser;
let services: Service[];
let banners: Banner[];
let ids: { full: string; minimal: string; xss: string; listOnly: string; inactive: string };

async function json<T>(pathname: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${server.url}${pathname}`, init);
  return (await response.json()) as T;
}

async function artwork(hue: string): Promise<File> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><defs><radialGradient id="g">
    <stop offset="0" stop-color="#f0dcaa"/><stop offset="1" stop-color="${hue}"/></radialGradient></defs>
    <rect width="1200" height="800" fill="url(#g)"/><circle cx="600" cy="400" r="220" fill="none" stroke="#fff"/></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return new File([new Uint8Array(jpeg)], 'art.jpg', { type: 'image/jpeg' });
}

/** Waits until the live build was made from the store's current content version. */
async function waitForPublish(auth: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { data } = await json<{ data: { state: string; contentVersion: number; builtVersion: number | null } }>(
      '/api/admin/publish/status',
      { headers: auth },
    );
    if (data.state === 'up-to-date' && data.builtVersion === data.contentVersion) return;
    if (data.state === 'failed') throw new Error(`Publishing failed:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`Publishing did not finish:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sg-public-'));
  await withStores(dataDir, async (stores) => {
    const [full, minimal, xss, , , listOnly, inactive] = await createServices(stores, [
      fullService(),
      minimalService(),
      fullService({
        name: `Energy Cleansing ${XSS}`,
        category: 'Energy Cleansing',
        description: `Before ${XSS} after.`,
        offerPrice: undefined,
        price: 2500,
      }),
      fullService({ name: 'Past Life Regression', category: 'Past Life Regression', price: 4500, offerPrice: 3999 }),
      fullService({ name: 'Maha Kali Healing', category: 'Maha Kali Healing', price: 3300, offerPrice: undefined }),
      minimalService({ name: 'Numerology Insight', category: 'Numerology', isFeatured: false }),
      minimalService({ name: 'Hidden Draft Service', isActive: false }),
    ]);
    ids = {
      full: full!._id,
      minimal: minimal!._id,
      xss: xss!._id,
      listOnly: listOnly!._id,
      inactive: inactive!._id,
    };
    await stores.banners.create(banner({ title: 'A quiet retreat for the heart', link: RETREAT_URL, order: 0 }));
    await stores.banners.create(banner({ title: 'Healing sessions, now online', link: '', order: 1 }));
  });
  server = await startServer({ dataDir });

  // Two real uploads through the admin API: the full service's image and the first banner's picture.
  const init = await json<{ token: string }>('/api/admin/auth/init', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const auth = { Authorization: `Bearer ${init.token}` };
  const current = (await json<{ data: Service }>(`/api/admin/services/${ids.full}`, { headers: auth })).data;
  const form = new FormData();
  for (const [key, value] of Object.entries(current)) {
    if (['_id', 'createdAt', 'updatedAt', 'image', 'testimonials', 'averageRating'].includes(key)) continue;
    form.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  form.set('image', await artwork('#4b2c58'));
  const put = await fetch(`${server.url}/api/admin/services/${ids.full}`, { method: 'PUT', headers: auth, body: form });
  expect(put.status).toBe(200);

  const firstBanner = (await json<{ data: Banner[] }>('/api/banners')).data[0]!;
  const bannerForm = new FormData();
  bannerForm.set('title', firstBanner.title);
  bannerForm.set('description', firstBanner.description);
  bannerForm.set('link', RETREAT_URL);
  bannerForm.set('order', '0');
  bannerForm.set('isActive', 'true');
  bannerForm.set('media', await artwork('#1e1840'));
  const bannerPut = await fetch(`${server.url}/api/banners/${firstBanner._id}`, {
    method: 'PUT',
    headers: auth,
    body: bannerForm,
  });
  expect(bannerPut.status).toBe(200);

  // A third banner: a video (a real, small H.264 MP4), last in order.
  const videoForm = new FormData();
  videoForm.set('title', 'Moonlight meditation');
  videoForm.set('description', 'A short moving image.');
  videoForm.set('link', '/about');
  videoForm.set('order', '2');
  videoForm.set('isActive', 'true');
  const video = makeMp4({ width: 64, height: 48, fps: 10, totalBytes: 40_000 }).bytes;
  videoForm.set('media', new File([video], 'moon.mp4', { type: 'video/mp4' }));
  const videoPost = await fetch(`${server.url}/api/banners`, { method: 'POST', headers: auth, body: videoForm });
  expect(videoPost.status).toBe(201);
  await waitForPublish(auth);

  services = (await json<{ data: Service[] }>('/api/services')).data;
  banners = (await json<{ data: Banner[] }>('/api/banners')).data;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

type Viewport = keyof typeof VIEWPORTS;

async function open(
  pathname: string,
  viewport: Viewport = 'desktop',
  options: { reducedMotion?: 'reduce' | 'no-preference'; allowNotFound?: boolean } = {},
): Promise<{ page: Page; context: BrowserContext; errors: string[]; foreign: string[] }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  // Links to the outside world (booking pages, banner links) must not leave this offline machine.
  await context.route(/^https?:\/\/(?!localhost)/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>outside</title>' }),
  );
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const foreign = watchRequests(page, server.url);
  const response = await page.goto(`${server.url}${pathname}`, { waitUntil: 'load' });
  if (!options.allowNotFound) expect(response?.status(), pathname).toBe(200);
  return { page, context, errors, foreign };
}

const allViewports: Viewport[] = ['phone', 'desktop'];
const widthOf = (viewport: Viewport) => VIEWPORTS[viewport].width;

/** The entry marked as the current page, and the one highlighted (they differ only on /service/{id}). */
async function navState(page: Page) {
  return page.evaluate(() => ({
    current: document.querySelector('.site-nav [aria-current="page"]')?.textContent?.trim() ?? null,
    active: [...document.querySelectorAll('.site-nav .is-active')].map((el) => el.textContent?.trim()),
  }));
}

/** Text as written (textContent), not as CSS transforms it (innerText follows text-transform: uppercase). */
const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();
const text = (page: Page) => textOf(page.locator('main'));

describe('home', () => {
  it.each(allViewports)('shows banners, My Services, the about block and the footer at %s width', async (vp) => {
    const { page, context, errors, foreign } = await open('/', vp);
    const body = await textOf(page.locator('body'));
    for (const expected of [
      'Soul Guidance & Healing',
      'My Services',
      'View All Services',
      'Since 2023',
      'Quick Links',
      'Our Services',
      'Get In Touch',
      'Available Online Worldwide',
      'Start Your Journey',
      'Akashic Records Reading',
      'Healing Sessions',
      'Life Purpose Guidance',
      'Relationship Readings',
      '© 2025',
    ]) {
      expect(body, expected).toContain(expected);
    }
    expect(body).not.toContain('Welcome to Our Spiritual Services');
    expect(await page.locator('a', { hasText: 'Start Your Journey' }).getAttribute('href')).toBe('/contact');
    expect(await page.locator('.my-services a', { hasText: 'View All Services' }).getAttribute('href')).toBe(
      '/service',
    );
    for (const name of ['Instagram', 'WhatsApp', 'YouTube']) {
      await expect(page.locator('.socials').getByText(name, { exact: false }).count()).resolves.toBe(1);
    }
    expect(await navState(page)).toEqual({ current: 'Home', active: ['Home'] });

    // Featured services only, newest first, each card with 'Book Now' to its page.
    const featured = services.filter((s) => s.isFeatured).slice(0, 6);
    const cards = page.locator('.services-carousel .swiper-slide[data-service-id]');
    const shownIds = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-service-id')));
    expect([...shownIds].sort()).toEqual(featured.map((s) => s._id).sort());
    const book = page.locator(`.swiper-slide[data-service-id="${ids.full}"] a`, { hasText: 'Book Now' });
    expect(await book.getAttribute('href')).toBe(`/service/${ids.full}`);

    await shoot(page, `public-home-${widthOf(vp)}`);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('loads the first banner image eagerly at high priority, through the image CDN with a srcset', async () => {
    const { page, context } = await open('/');
    const first = page.locator('.banner-carousel .swiper-slide[data-banner-id] img').first();
    expect(await first.getAttribute('loading')).toBe('eager');
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('width')).toBeTruthy();
    expect(await first.getAttribute('height')).toBeTruthy();
    const srcset = (await first.getAttribute('srcset')) ?? '';
    expect(srcset).toMatch(/\/\.netlify\/images\?url=%2Fmedia%2F/);
    // The emulated CDN really resizes /media/ uploads (it fetches them from the site itself).
    const candidate = srcset.split(',')[0]!.trim().split(' ')[0]!;
    const resized = await fetch(`${server.url}${candidate}`);
    expect(resized.status).toBe(200);
    expect(resized.headers.get('content-type')).toBe('image/webp');
    expect(
      await page.evaluate(() => (document.querySelector('.banner-carousel img') as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);
    // Card images below the fold wait until they are needed (those beyond the first row come with the island).
    await page.locator('.services-carousel').scrollIntoViewIfNeeded();
    await page.waitForSelector('.services-carousel .swiper-initialized');
    const cardImage = page.locator(`.svc-card img`).first();
    expect(await cardImage.getAttribute('loading')).toBe('lazy');
    await context.close();
  });
});

describe('banner carousel', () => {
  it('loops and autoplays with two banners; pause stops it; reduced motion never starts it', async () => {
    const moving = await open('/');
    const still = await open('/', 'desktop', { reducedMotion: 'reduce' });
    const root = (p: Page) => p.locator('.banner-carousel');
    expect(await root(moving.page).getAttribute('data-loop')).toBe('true');
    const activeIndex = (p: Page) =>
      p.evaluate(() =>
        document.querySelector('.banner-carousel .swiper-slide-active')?.getAttribute('data-swiper-slide-index'),
      );

    await hydrateBanner(moving.page);
    await hydrateBanner(still.page);
    await expect(moving.page.getByRole('button', { name: 'Pause the highlights' }).isVisible()).resolves.toBe(true);
    await expect(still.page.getByRole('button', { name: 'Play the highlights' }).isVisible()).resolves.toBe(true);
    // The island goes on from the slide the static autoplay showed (the first, unless 4 s have passed).
    const start = Number(await activeIndex(moving.page));

    // Autoplay every 4 s (plus a 1 s transition).
    await moving.page.waitForFunction(
      (next) =>
        document.querySelector('.banner-carousel .swiper-slide-active')?.getAttribute('data-swiper-slide-index') ===
        String(next),
      (start + 1) % 3,
      { timeout: 7_000 },
    );
    expect(await activeIndex(still.page)).toBe('0');

    await moving.page.getByRole('button', { name: 'Pause the highlights' }).click();
    await moving.page.waitForTimeout(1_200);
    const paused = await activeIndex(moving.page);
    await moving.page.waitForTimeout(5_000);
    expect(await activeIndex(moving.page)).toBe(paused);
    expect(await activeIndex(still.page)).toBe('0');
    await moving.context.close();
    await still.context.close();
  });

  it('opens a banner link in a new tab, and goes to /service from a banner without one', async () => {
    const { page, context } = await open('/', 'desktop', { reducedMotion: 'reduce' });
    await hydrateBanner(page);
    const withLink = banners.find((b) => b.linkUrl === RETREAT_URL)!;
    const without = banners.find((b) => b.linkUrl === '')!;
    const linked = page.locator(`.swiper-slide[data-banner-id="${withLink._id}"] a.banner`);
    expect(await linked.getAttribute('href')).toBe(RETREAT_URL);
    expect(await linked.getAttribute('target')).toBe('_blank');
    expect(await linked.getAttribute('rel')).toBe('noopener noreferrer');
    const [popup] = await Promise.all([context.waitForEvent('page'), linked.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(RETREAT_URL);
    await popup.close();
    expect(page.url()).toBe(`${server.url}/`);

    // The other slide: show it through its dot, then click it.
    await page.getByRole('button', { name: /^Show slide 2 of 3/ }).click();
    const plain = page.locator(`.swiper-slide[data-banner-id="${without._id}"] a.banner`);
    expect(await plain.getAttribute('target')).toBeNull();
    await plain.click();
    await page.waitForURL(`${server.url}/service`);
    await context.close();
  });
});

describe('video banners', () => {
  it('play muted, looping and inline; pause with the control; stay still under reduced motion', async () => {
    const moving = await open('/');
    const still = await open('/', 'desktop', { reducedMotion: 'reduce' });
    const video = (p: Page) => p.locator('.banner-carousel video').first();
    const state = (p: Page) =>
      video(p).evaluate((v: HTMLVideoElement) => ({
        autoplay: v.autoplay,
        muted: v.muted,
        loop: v.loop,
        playsInline: v.playsInline,
        paused: v.paused,
      }));
    await hydrateBanner(moving.page);
    await hydrateBanner(still.page);
    expect(await video(moving.page).getAttribute('src')).toMatch(/^\/media\/.+\.mp4$/);
    // Chromium holds muted autoplay videos that are out of view, so show the video's slide first (it stays 4 s).
    for (const p of [moving.page, still.page]) await p.getByRole('button', { name: /^Show slide 3 of 3/ }).click();
    await expect
      .poll(() => state(moving.page))
      .toEqual({
        autoplay: true,
        muted: true,
        loop: true,
        playsInline: true,
        paused: false,
      });
    await expect.poll(async () => (await state(still.page)).paused).toBe(true);
    await moving.page.getByRole('button', { name: 'Pause the highlights' }).click();
    await expect.poll(async () => (await state(moving.page)).paused).toBe(true);
    await moving.page.getByRole('button', { name: 'Play the highlights' }).click();
    await expect.poll(async () => (await state(moving.page)).paused).toBe(false);
    await moving.context.close();
    await still.context.close();
  });
});

describe('services carousel with 5 services', () => {
  it('loops, shows arrows and a pause control, and pauses on hover', async () => {
    const { page, context } = await open('/', 'phone');
    const carousel = page.locator('.services-carousel');
    await carousel.scrollIntoViewIfNeeded();
    await page.waitForSelector('.services-carousel .swiper-initialized');
    expect(await carousel.getAttribute('data-loop')).toBe('true');
    expect(await carousel.getAttribute('data-count')).toBe('5');
    await expect(page.getByRole('button', { name: 'Previous services' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Next services' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Pause the services carousel' }).isVisible()).resolves.toBe(true);

    // Stop autoplay, start from the first service and go back: with a loop that lands on the last one.
    await page.getByRole('button', { name: 'Pause the services carousel' }).click();
    type SwiperElement = HTMLElement & {
      swiper: { realIndex: number; animating: boolean; slideToLoop(index: number, speed: number): void };
    };
    // In loop mode Swiper ignores a click made while a slide is still moving, as it would a visitor's.
    const settled = () =>
      page.waitForFunction(
        () => !(document.querySelector('.services-carousel .swiper') as SwiperElement).swiper.animating,
      );
    const realIndex = () =>
      page.evaluate(() => (document.querySelector('.services-carousel .swiper') as SwiperElement).swiper.realIndex);
    await page.evaluate(() =>
      (document.querySelector('.services-carousel .swiper') as SwiperElement).swiper.slideToLoop(0, 0),
    );
    expect(await realIndex()).toBe(0);
    await page.getByRole('button', { name: 'Previous services' }).click();
    await expect.poll(realIndex).toBe(4);
    await settled();
    const featured = services.filter((s) => s.isFeatured);
    expect(await page.locator('.services-carousel .swiper-slide-active').getAttribute('data-service-id')).toBe(
      featured[4]!._id,
    );
    await page.getByRole('button', { name: 'Next services' }).click();
    await expect.poll(realIndex).toBe(0);
    await settled();

    // Autoplay pauses while the pointer is over the carousel.
    await page.getByRole('button', { name: 'Play the services carousel' }).click();
    await page.locator('.services-carousel .swiper').hover();
    const hovered = await realIndex();
    await page.waitForTimeout(3_600);
    expect(await realIndex()).toBe(hovered);
    await context.close();
  });

  it('does not autoplay under prefers-reduced-motion', async () => {
    const { page, context } = await open('/', 'phone', { reducedMotion: 'reduce' });
    await page.locator('.services-carousel').scrollIntoViewIfNeeded();
    await page.waitForSelector('.services-carousel .swiper-initialized');
    await expect(page.getByRole('button', { name: 'Play the services carousel' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});

describe('services list', () => {
  it.each(allViewports)('lists every active service with its facts at %s width', async (vp) => {
    const { page, context, errors } = await open('/service', vp);
    expect(await page.locator('h1').innerText()).toBe('Our Services');
    expect(await navState(page)).toEqual({ current: 'Services', active: ['Services'] });
    const rows = page.locator('.service-row');
    const rowIds = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-service-id')));
    expect(rowIds).toEqual(services.map((s) => s._id));
    expect(rowIds).not.toContain(ids.inactive);
    expect(rowIds).toContain(ids.listOnly);
    // Image alternating left and right.
    const reversed = await rows.evaluateAll((els) => els.map((el) => el.classList.contains('service-row--reverse')));
    expect(reversed).toEqual(rowIds.map((_, index) => index % 2 === 1));

    const full = page.locator(`.service-row[data-service-id="${ids.full}"]`);
    const fullText = await textOf(full);
    expect(fullText).toContain('Duration');
    expect(fullText).toContain('60 minutes');
    expect(fullText).toContain('₹2,100');
    expect(fullText).toContain('(Special Offer: ₹1,500)');
    expect(await page.locator(`.service-row[data-service-id="${ids.minimal}"]`).innerText()).not.toContain(
      'Special Offer',
    );
    const cta = full.getByRole('link', { name: /Learn More & Book/ });
    expect(await cta.getAttribute('href')).toBe(`/service/${ids.full}`);
    expect(await full.locator('img').getAttribute('srcset')).toContain('/.netlify/images?url=%2Fmedia%2F');

    // Escaped, never HTML: the markup in a description is visible text and no element.
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    // The description sits behind 'Read more' (textContent reads it closed).
    expect(await textOf(page.locator(`.service-row[data-service-id="${ids.xss}"]`))).toContain(`Before ${XSS} after.`);
    await shoot(page, `public-services-${widthOf(vp)}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

const OPTIONAL_CARDS = [
  'whatIsThis',
  'whatCanBeAsked',
  'processDescription',
  'faq',
  'preparation',
  'afterCare',
  'benefits',
  'prerequisites',
  'serviceInformation',
  'note',
] as const;

describe('service detail', () => {
  it.each(allViewports)('shows every card that has content, with accordions and booking, at %s width', async (vp) => {
    const { page, context, errors } = await open(`/service/${ids.full}`, vp);
    expect(await page.locator('h1').innerText()).toBe('Akashic Records Reading');
    expect(await navState(page)).toEqual({ current: null, active: ['Services'] });
    const cards = await page.locator('[data-card]').evaluateAll((els) => els.map((el) => el.getAttribute('data-card')));
    expect(cards).toEqual(['overview', ...OPTIONAL_CARDS]);
    const headings = await page.locator('[data-card] h2').allInnerTexts();
    expect(headings).toEqual([
      'About this session',
      'What is Akashic Records Reading?',
      'What Can Be Asked?',
      'How It Works',
      'Frequently Asked Questions',
      'Preparation',
      'After Care',
      'Benefits',
      'Prerequisites',
      'Service Information',
      'Important Note',
    ]);
    // FAQ: only the entry with both a question and an answer.
    // The long sections fold (tests/e2e/public-service-pages.test.ts): open the FAQ and the questions cards first.
    await page.locator('[data-card="faq"] > summary').click();
    await page.locator('[data-card="whatCanBeAsked"] > summary').click();
    const faq = page.locator('[data-card="faq"] .accordion details');
    expect(await faq.count()).toBe(1);
    expect(await faq.locator('summary').innerText()).toBe('Do I need to believe in anything?');
    const answer = faq.getByText('No. Come with an open mind and your questions.');
    expect(await answer.isVisible()).toBe(false);
    await faq.locator('summary').click();
    expect(await answer.isVisible()).toBe(true);
    expect(await faq.getAttribute('open')).not.toBeNull();
    // 'What Can Be Asked?': one accordion per category, with its questions.
    const ask = page.locator('[data-card="whatCanBeAsked"] .accordion details');
    expect(await ask.locator('summary').allInnerTexts()).toEqual(['Relationships', 'Career']);
    await ask.first().locator('summary').click();
    expect(await ask.first().locator('li').allInnerTexts()).toEqual([
      'What is this connection teaching me?',
      'How can I heal this bond?',
    ]);

    // Price: the offer, with the regular price struck through.
    expect(await page.locator('.detail-hero .detail-price__current').innerText()).toBe('₹1,500');
    expect(await page.locator('.detail-hero .detail-price s').innerText()).toBe('₹2,100');
    const book = page.locator('.detail-hero__book');
    expect(await book.getAttribute('href')).toBe('https://booking.example.org/akashic');
    expect(await book.getAttribute('target')).toBe('_blank');
    expect(await book.getAttribute('rel')).toBe('noopener noreferrer');
    // With an image: the image, the Featured badge and the delivery method badge.
    const media = page.locator('.detail-media');
    expect(await media.locator('img').getAttribute('srcset')).toContain('/.netlify/images?url=%2Fmedia%2F');
    expect(await media.locator('.badge').allTextContents()).toEqual(['Featured', 'Video Call']);
    expect(await page.locator('.back-link').getAttribute('href')).toBe('/service');
    await shoot(page, `public-detail-${widthOf(vp)}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows no optional card without content, and no FAQ for a question without an answer', async () => {
    const { page, context } = await open(`/service/${ids.minimal}`);
    const cards = await page.locator('[data-card]').evaluateAll((els) => els.map((el) => el.getAttribute('data-card')));
    // Duration and delivery method are required, so Service Information always has something to say.
    expect(cards).toEqual(['overview', 'serviceInformation']);
    expect(await page.locator('.detail-media').count()).toBe(0);
    expect(await page.locator('.detail-price s').count()).toBe(0);
    expect(await page.locator('.detail-hero .detail-price__current').innerText()).toBe('₹2,100');
    expect(await page.locator('[data-card="serviceInformation"] dt').allTextContents()).toEqual([
      'Delivery',
      'Duration',
    ]);
    await shoot(page, 'public-detail-minimal-1280');
    await context.close();
  });

  it('shows text with markup as text', async () => {
    const { page, context } = await open(`/service/${ids.xss}`);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    expect(await page.locator('h1').innerText()).toBe(`Energy Cleansing ${XSS}`);
    expect(await text(page)).toContain(`Before ${XSS} after.`);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.title()).toContain(XSS);
    await page.waitForTimeout(300);
    expect(dialogs).toBe(0);
    await context.close();
  });

  it('has no static page for an inactive service (the fallback says it was not found)', async () => {
    const { page, context } = await open(`/service/${ids.inactive}`, 'desktop', { allowNotFound: true });
    expect((await fetch(`${server.url}/service/${ids.inactive}`)).status).toBe(404);
    await page.getByRole('heading', { name: 'Service Not Found' }).waitFor();
    await context.close();
  });
});

describe('fallback page for services built after the last build', () => {
  it('shows loading, then a service created after the build', async () => {
    const created = await withStores(server.dataDir, (stores) =>
      stores.services.create(
        fullService({ name: 'Moonlit Tarot Circle', category: 'Tarot Reading', offerPrice: undefined, price: 1800 }),
      ),
    );
    // No page was built for it: the server answers with the fallback (the /service/* rewrite, status 404 as on
    // Netlify), which still renders the service in the browser.
    const raw = await fetch(`${server.url}/service/${created._id}`);
    expect(raw.status).toBe(404);
    expect(await raw.text()).toContain('data-service-fallback');

    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/services/${created._id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/service/${created._id}`);
    const loading = page.getByRole('status').filter({ hasText: 'Loading…' });
    await loading.waitFor();
    expect(await page.locator('.spinner').isVisible()).toBe(true);
    release();
    await page.locator('h1', { hasText: 'Moonlit Tarot Circle' }).waitFor();
    expect(await loading.isVisible()).toBe(false);
    expect(await page.title()).toContain('Moonlit Tarot Circle');
    const cards = await page.locator('[data-card]').evaluateAll((els) => els.map((el) => el.getAttribute('data-card')));
    expect(cards).toEqual(['overview', ...OPTIONAL_CARDS]);
    expect(await page.locator('[data-card="faq"] .accordion details').count()).toBe(1);
    expect(await page.locator('.detail-hero .detail-price__current').innerText()).toBe('₹1,800');
    const book = page.locator('.detail-hero__book');
    expect(await book.getAttribute('target')).toBe('_blank');
    expect(await book.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await navState(page)).toEqual({ current: null, active: ['Services'] });
    await expectAccessible(page, 'fallback (service)');
    await shoot(page, 'public-fallback-1280');
    // The document itself answers 404 until the service's page is built; Chromium logs that, nothing else may fail.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await context.close();
  });

  it("says 'Service Not Found' for an id that does not exist", async () => {
    const { page, context } = await open('/service/0123456789abcdef01234567', 'phone', { allowNotFound: true });
    expect((await fetch(`${server.url}/service/0123456789abcdef01234567`)).status).toBe(404);
    await page.getByRole('heading', { name: 'Service Not Found' }).waitFor();
    expect(await text(page)).toContain('Service not found or failed to load');
    const back = page.getByRole('link', { name: 'Back to Services' });
    expect(await back.getAttribute('href')).toBe('/service');
    await expectAccessible(page, 'fallback (not found)');
    await shoot(page, 'public-fallback-not-found-390');
    await back.click();
    await page.waitForURL(`${server.url}/service`);
    await context.close();
  });
});

describe('about', () => {
  it.each(allViewports)('tells the story at %s width', async (vp) => {
    const { page, context, errors } = await open('/about', vp);
    const main = await text(page);
    for (const expected of [
      'Akashic Reader Since 2023',
      'CA Student',
      'Soul Guide',
      'About Me',
      'My Mission',
      'What I Offer',
      'Safe Space',
      'Deep Insights',
      'Personalized Guidance',
      'Book Your Reading',
    ]) {
      expect(main, expected).toContain(expected);
    }
    expect(await page.getByRole('link', { name: 'Book Your Reading' }).getAttribute('href')).toBe('/service');
    expect(await navState(page)).toEqual({ current: 'About', active: ['About'] });
    expect(await textOf(page.locator('footer'))).toContain('Start Your Journey');
    await shoot(page, `public-about-${widthOf(vp)}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a placeholder when the photo fails to load', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.route('**/images/about-portrait.svg', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    const photo = page.locator('.about-hero img[data-photo-fallback]');
    await expect.poll(() => photo.getAttribute('data-photo-state')).toBe('placeholder');
    expect(await photo.getAttribute('src')).toBe('/images/about-placeholder.svg');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await context.close();
  });
});

describe('contact', () => {
  it.each(allViewports)('shows the details, the form and the way onwards at %s width', async (vp) => {
    const { page, context, errors } = await open('/contact', vp);
    const main = await text(page);
    for (const expected of ['hello@soulguidance.in', '+91 98765 43210', 'Available Online', 'Mon-Sun: 9 AM - 9 PM']) {
      expect(main).toContain(expected);
    }
    expect(await page.locator('main a[href="/service"]').count()).toBeGreaterThan(0);
    expect(await page.locator('main a[href="/about"]').count()).toBeGreaterThan(0);
    expect(await navState(page)).toEqual({ current: 'Contact', active: ['Contact'] });
    for (const label of ['Full Name', 'Email Address', 'Phone Number', 'Subject', 'Message']) {
      expect(await page.locator('form').getByLabel(label).count(), label).toBe(1);
    }
    await shoot(page, `public-contact-${widthOf(vp)}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  const field = (page: Page, label: string) => page.locator('form').getByLabel(label);

  async function fill(page: Page) {
    await field(page, 'Full Name').fill('Meera Nair');
    await field(page, 'Email Address').fill('meera@example.org');
    await field(page, 'Phone Number').fill('+91 90000 00000');
    await field(page, 'Subject').selectOption('Relationship Reading');
    await field(page, 'Message').fill('I would like to understand a difficult relationship.');
  }

  it('asks for the required fields, sends, thanks the visitor and clears the form', async () => {
    const { page, context } = await open('/contact');
    // The island hydrates when the visitor turns to the form.
    await page.locator('form').hover();
    await page.waitForSelector('astro-island:not([ssr])');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const errors = page.locator('.field__error');
    await errors.first().waitFor();
    expect(await errors.allInnerTexts()).toEqual([
      'Please enter your full name',
      'Email is required',
      'Please choose a subject',
      'Please enter a message',
    ]);
    expect(await field(page, 'Full Name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect(await field(page, 'Phone Number').getAttribute('aria-invalid')).toBeNull();

    await fill(page);
    const [reply] = await Promise.all([
      page.waitForResponse('**/api/contact/send'),
      page.getByRole('button', { name: 'Send Message' }).click(),
    ]);
    expect(reply.status()).toBe(200);
    await page.locator('form').getByText('Thank you for your message! I will get back to you soon.').waitFor();
    for (const label of ['Full Name', 'Email Address', 'Phone Number', 'Subject', 'Message']) {
      expect(await field(page, label).inputValue(), label).toBe('');
    }
    expect(await page.locator('.field__error').count()).toBe(0);
    await context.close();
  });

  it("shows the server's message when sending fails, and the fallback text when there is none", async () => {
    const { page, context } = await open('/contact');
    // The island hydrates when the visitor turns to the form.
    await page.locator('form').hover();
    await page.waitForSelector('astro-island:not([ssr])');
    await page.route('**/api/contact/send', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Too many messages from you. Please try again in an hour.' }),
      }),
    );
    await fill(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('alert').getByText('Too many messages from you. Please try again in an hour.').waitFor();
    // Nothing is lost on failure.
    expect(await field(page, 'Full Name').inputValue()).toBe('Meera Nair');

    await page.unroute('**/api/contact/send');
    await page.route('**/api/contact/send', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('alert').getByText('Failed to send message. Please try again.').waitFor();
    await context.close();
  });
});

describe('not-found page', () => {
  it.each(allViewports)('answers an unknown path with 404, the art and the links at %s width', async (vp) => {
    const { page, context } = await open('/no/such/path', vp, { allowNotFound: true });
    const response = await fetch(`${server.url}/no/such/path`);
    expect(response.status).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Cosmic Path Not Found');
    expect(await page.locator('.lost__art').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const links: [string, string][] = [
      ['Return Home', '/'],
      ['Explore Services', '/service'],
      ['Our Services', '/service'],
      ['About Us', '/about'],
      ['Contact', '/contact'],
    ];
    for (const [name, href] of links) {
      expect(await page.locator('main').getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    await shoot(page, `public-404-${widthOf(vp)}`);
    await page.locator('main').getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });
});

describe('header', () => {
  it('collapses into a menu on a phone that closes when an entry is chosen', async () => {
    const { page, context } = await open('/', 'phone');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const nav = page.locator('#site-nav');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await nav.isVisible()).toBe(true);
    await shoot(page, 'public-menu-open-390');

    // Escape closes it too.
    await page.keyboard.press('Escape');
    expect(await nav.isVisible()).toBe(false);
    await toggle.click();
    // Choosing an entry closes the menu at once, before the browser has even left the page.
    await page.evaluate(() =>
      document.querySelector('#site-nav a[href="/"]')?.addEventListener('click', (event) => event.preventDefault()),
    );
    await nav.getByRole('link', { name: 'Home' }).click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);

    await toggle.click();
    await nav.getByRole('link', { name: 'About' }).click();
    await page.waitForURL(`${server.url}/about`);
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#site-nav').isVisible()).toBe(false);
    expect(await navState(page)).toEqual({ current: 'About', active: ['About'] });
    await context.close();
  });

  it('shows the entries on a desktop, changes style past 50 px, and links the brand home', async () => {
    const { page, context } = await open('/service');
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(await page.locator('#site-nav').isVisible()).toBe(true);
    const header = page.locator('[data-site-header]');
    expect(await header.getAttribute('class')).not.toContain('is-scrolled');
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(100);
    expect(await header.getAttribute('class')).not.toContain('is-scrolled');
    await page.evaluate(() => window.scrollTo(0, 51));
    await expect.poll(() => header.getAttribute('class')).toContain('is-scrolled');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header.getAttribute('class')).not.toContain('is-scrolled');
    const brand = page.locator('a.brand');
    expect(await textOf(brand)).toContain('Soul Guidance & Healing');
    await brand.click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it('enters over 0.6 s with items 0.1 s apart, and not at all under reduced motion', async () => {
    const timing = (page: Page) =>
      page.evaluate(() => ({
        header: getComputedStyle(document.querySelector('[data-site-header]')!).animationDuration,
        items: [...document.querySelectorAll('.site-nav__item')].map((el) => {
          const style = getComputedStyle(el);
          return `${style.animationName} ${style.animationDuration} ${style.animationDelay}`;
        }),
      }));
    const normal = await open('/about');
    expect(await timing(normal.page)).toEqual({
      header: '0.6s',
      items: ['nav-enter 0.6s 0s', 'nav-enter 0.6s 0.1s', 'nav-enter 0.6s 0.2s', 'nav-enter 0.6s 0.3s'],
    });
    const reduced = await open('/about', 'desktop', { reducedMotion: 'reduce' });
    const names = await reduced.page.evaluate(() =>
      [document.querySelector('[data-site-header]')!, ...document.querySelectorAll('.site-nav__item')].map(
        (el) => getComputedStyle(el).animationName,
      ),
    );
    expect(names.every((name) => name === 'none')).toBe(true);
    await normal.context.close();
    await reduced.context.close();
  });
});

describe('SEO', () => {
  const pages = () => [
    { path: '/', types: ['ProfessionalService', 'Person'] },
    { path: '/service', types: ['BreadcrumbList'] },
    { path: `/service/${ids.full}`, types: ['Service', 'BreadcrumbList'] },
    { path: '/about', types: ['ProfessionalService', 'Person', 'BreadcrumbList'] },
    { path: '/contact', types: ['BreadcrumbList'] },
  ];

  it('gives every page a title, a description, a canonical URL, Open Graph, Twitter and JSON-LD', async () => {
    const titles = new Set<string>();
    for (const { path: pathname, types } of pages()) {
      const html = await (await fetch(`${server.url}${pathname}`)).text();
      const meta = (attr: string, name: string) =>
        new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? null;
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
      expect(title, pathname).not.toBe('');
      titles.add(title);
      expect(meta('name', 'description')?.length ?? 0, pathname).toBeGreaterThan(50);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical, pathname).toBe(`${server.url}${pathname}`);
      expect(meta('property', 'og:url')).toBe(canonical);
      expect(meta('property', 'og:title')).toBe(title);
      expect(meta('property', 'og:image')).toMatch(/^http:\/\/localhost:\d+\//);
      expect(meta('name', 'twitter:card')).toBe('summary_large_image');
      const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
      const graph = (JSON.parse(ld) as { '@graph': { '@type': string }[] })['@graph'];
      expect(
        graph.map((node) => node['@type']),
        pathname,
      ).toEqual(types);
    }
    expect(titles.size).toBe(pages().length);
  });

  it('describes a service with an Offer in INR, and escapes markup inside JSON-LD', async () => {
    const html = await (await fetch(`${server.url}/service/${ids.full}`)).text();
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as {
      '@graph': Record<string, unknown>[];
    };
    const service = ld['@graph'][0]!;
    expect(service).toMatchObject({
      '@type': 'Service',
      name: 'Akashic Records Reading',
      offers: { '@type': 'Offer', price: '1500.00', priceCurrency: 'INR' },
    });
    const crumbs = ld['@graph'][1] as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(['Home', 'Services', 'Akashic Records Reading']);

    const xssHtml = await (await fetch(`${server.url}/service/${ids.xss}`)).text();
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(xssHtml)![1]!;
    expect(block).not.toContain('<img');
    expect((JSON.parse(block) as { '@graph': { name: string }[] })['@graph'][0]!.name).toBe(`Energy Cleansing ${XSS}`);
  });

  it('lists the public pages in sitemap.xml and keeps /admin out in robots.txt', async () => {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(server.url, ''));
    expect(locs).toEqual(['/', '/service', ...services.map((s) => `/service/${s._id}`), '/about', '/contact']);
    expect(sitemap).not.toContain(ids.inactive);
    expect(sitemap).not.toContain('fallback');
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    const og = await fetch(`${server.url}/og-default.png`);
    expect(og.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await og.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it('marks the not-found and fallback pages noindex', async () => {
    for (const pathname of ['/no/such/page', '/service/0123456789abcdef01234567']) {
      const html = await (await fetch(`${server.url}${pathname}`)).text();
      expect(html, pathname).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
    }
  });
});

describe('accessibility (axe-core)', () => {
  it.each(allViewports)('finds no serious or critical violation on any page at %s width', async (vp) => {
    for (const pathname of ['/', '/service', `/service/${ids.full}`, `/service/${ids.minimal}`, '/about', '/contact']) {
      const { page, context } = await open(pathname, vp, { reducedMotion: 'reduce' });
      await settle(page);
      await expectAccessible(page, `${pathname} @${widthOf(vp)}`);
      await context.close();
    }
    const { page, context } = await open('/missing-page', vp, { allowNotFound: true });
    await expectAccessible(page, `404 @${widthOf(vp)}`);
    await context.close();
  });
});

describe('assets', () => {
  it('uses self-hosted fonts with swap and metric-matched fallbacks', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    // Stylesheets are inlined (astro.config.mjs), with any linked ones fetched too.
    const linked = await Promise.all(
      [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(async (m) =>
        (await fetch(`${server.url}${m[1]}`)).text(),
      ),
    );
    const css = [...[...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? ''), ...linked].join(
      '\n',
    );
    expect(css).toMatch(/font-family:"?Cormorant Garamond"?;/);
    expect(css).toMatch(/font-family:"?Source Sans 3"?;/);
    expect(css).not.toMatch(/url\(["']?https?:/);
    expect(css).toMatch(/font-display:swap/);
    expect(css).toMatch(/Source Sans 3 Fallback[^}]*size-adjust:93\.21%/);
    expect(css).toMatch(/Cormorant Garamond Fallback[^}]*ascent-override:95\.2%/);
    // The tokens file the admin shares is plain custom properties.
    const tokens = readFileSync(path.join(process.cwd(), 'src/styles/tokens.css'), 'utf8');
    expect(tokens).toContain('--color-gold-400');
  });
});

// ---------- Issue 14 items 6, 7, 8 and 11: keyboard, focus, banner links, contact on phones ----------

/** WCAG contrast ratio of two sRGB colours given as [r, g, b] 0–255. */
function contrast(a: number[], b: number[]): number {
  const lum = (rgb: number[]) => {
    const [r, g, bl] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
const rgbOf = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
const NIGHT_800 = [0x1e, 0x18, 0x40];

/** Both islands running, as a keyboard user meets them after a moment on the page. */
async function startCarousels(page: Page) {
  await page.locator('.services-carousel').scrollIntoViewIfNeeded();
  await page.waitForSelector('.services-carousel .swiper-initialized');
  await hydrateBanner(page);
  await page.evaluate(() => window.scrollTo(0, 0));
}

describe('keyboard through the home page (no trap)', () => {
  it.each(allViewports)('Tab goes through the visible cards and on to the footer at %s width', async (vp) => {
    const { page, context } = await open('/', vp);
    await startCarousels(page);
    const order = () =>
      page.locator('.services-carousel .swiper-slide').evaluateAll((els) => els.map((el) => el.dataset.serviceId));
    const before = await order();
    const seenCards: { id: string; visible: boolean }[] = [];
    let reachedFooter = false;
    for (let press = 0; press < 120 && !reachedFooter; press += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        const slide = el?.closest<HTMLElement>('.services-carousel .swiper-slide');
        let visible = true;
        if (el && slide) {
          const box = slide.closest('.swiper')!.getBoundingClientRect();
          const r = el.getBoundingClientRect();
          visible = r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
        }
        return { footer: !!el?.closest('footer'), card: slide?.dataset.serviceId ?? null, visible };
      });
      if (where.card) {
        // A card may take focus while it slides in (autoplay stops at the focus): judge it once it has arrived.
        await page.waitForTimeout(800);
        const settled = await page.evaluate(() => {
          const el = document.activeElement!;
          const box = el.closest('.swiper')!.getBoundingClientRect();
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1;
        });
        seenCards.push({ id: where.card, visible: settled });
      }
      reachedFooter = where.footer;
    }
    expect(reachedFooter).toBe(true);
    // Only cards in view take focus, each once, and focus never re-orders the looping carousel.
    expect(seenCards.length).toBeGreaterThan(0);
    expect(seenCards.every((card) => card.visible)).toBe(true);
    expect(new Set(seenCards.map((card) => card.id)).size).toBe(seenCards.length);
    expect(seenCards.length).toBe(vp === 'phone' ? 1 : 4);
    expect(await order()).toEqual(before);
    await context.close();
  });
});

describe('banner focus (visible, in step with the dots, 3:1)', () => {
  it.each(allViewports)('shows a ring on the focused slide and keeps the dots in step at %s width', async (vp) => {
    const { page, context } = await open('/', vp, { reducedMotion: 'reduce' });
    await startCarousels(page);
    const slideLink = page.locator('.banner-carousel .swiper-slide-active a.banner');
    const box = (await slideLink.boundingBox())!;
    const sample = async () => {
      const png = await page.screenshot({ clip: box });
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => {
        const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
        return [data[i]!, data[i + 1]!, data[i + 2]!];
      };
      // Two pixels in from the right edge and from the bottom edge, away from the text.
      return [at(info.width - 2, info.height / 2), at(info.width * 0.75, info.height - 2)];
    };
    const unfocused = await sample();

    // Keyboard focus onto the slide in view.
    for (let press = 0; press < 30; press += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => !!document.activeElement?.matches('.banner-carousel a.banner'))) break;
    }
    expect(await page.evaluate(() => !!document.activeElement?.closest('.swiper-slide-active'))).toBe(true);
    const focused = await sample();
    for (const [i, colour] of focused.entries()) {
      expect(contrast(colour, unfocused[i]!), `ring pixel ${i}`).toBeGreaterThanOrEqual(3);
    }

    // The dot that is current always names the slide that can take focus; Tab leaves the slide for the dots.
    const currentDot = () =>
      page
        .locator('.banner-carousel__dot')
        .evaluateAll((dots) => dots.findIndex((dot) => dot.getAttribute('aria-current') === 'true'));
    const focusedSlide = () =>
      page.evaluate(() =>
        Number(document.activeElement?.closest('.swiper-slide')?.getAttribute('data-swiper-slide-index') ?? -1),
      );
    expect(await focusedSlide()).toBe(await currentDot());
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.matches('.banner-carousel__dot'))).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      document.querySelectorAll('.banner-carousel__dot')[1]?.matches('[aria-current="true"]'),
    );
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedSlide()).toBe(1);
    expect(await currentDot()).toBe(1);

    // The pause control's ring and the dots' rings on the night band: 3:1 or more.
    const ringOn = async (selector: string) => {
      await page.locator(selector).first().focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      return page.evaluate((sel) => {
        const el = document.querySelector(sel)!;
        const style = getComputedStyle(el);
        return { visible: el.matches(':focus-visible'), colour: style.outlineColor, width: style.outlineWidth };
      }, selector);
    };
    for (const selector of ['.banner-carousel [data-carousel-toggle]', '.banner-carousel__dot']) {
      const ring = await ringOn(selector);
      expect(ring.visible, selector).toBe(true);
      expect(parseFloat(ring.width), selector).toBeGreaterThanOrEqual(2);
      // Read again until the focus styles have settled (a slide change can restyle the dots just after Tab).
      await expect
        .poll(async () => contrast(rgbOf((await ringOn(selector)).colour), NIGHT_800), {
          timeout: 5_000,
          message: selector,
        })
        .toBeGreaterThanOrEqual(3);
    }
    await context.close();
  });
});

describe('banner links', () => {
  it.each(allViewports)('open this site’s pages in the same tab, other sites in a new one at %s width', async (vp) => {
    const { page, context } = await open('/', vp, { reducedMotion: 'reduce' });
    await hydrateBanner(page);
    const internal = banners.find((b) => b.linkUrl === '/about')!;
    const external = banners.find((b) => b.linkUrl === RETREAT_URL)!;
    const ext = page.locator(`.swiper-slide[data-banner-id="${external._id}"] a.banner`);
    expect(await ext.getAttribute('target')).toBe('_blank');
    expect(await textOf(ext)).toContain('(opens in a new tab)');

    const link = page.locator(`.swiper-slide[data-banner-id="${internal._id}"] a.banner`);
    expect(await link.getAttribute('href')).toBe('/about');
    expect(await link.getAttribute('target')).toBeNull();
    expect(await textOf(link)).not.toContain('new tab');
    await page.getByRole('button', { name: /^Show slide 3 of 3/ }).click();
    let popups = 0;
    context.on('page', () => (popups += 1));
    await link.click();
    await page.waitForURL(`${server.url}/about`);
    expect(popups).toBe(0);
    await context.close();
  });
});

describe('contact on phones and desktops', () => {
  const field = (page: Page, label: string) => page.locator('form').getByLabel(label);
  const fill = async (page: Page) => {
    await field(page, 'Full Name').fill('Kavya Iyer');
    await field(page, 'Email Address').fill('kavya@example.org');
    await field(page, 'Subject').selectOption('General Inquiry');
    await field(page, 'Message').fill('Could we find a time for a first reading?');
  };

  it.each(allViewports)('puts the form near the top and the thank-you in view, focused, at %s width', async (vp) => {
    const { page, context } = await open('/contact', vp);
    // The information cards are compact: on a phone the form starts within about one and a half screens.
    const formTop = await page.locator('form').evaluate((form) => form.getBoundingClientRect().top + window.scrollY);
    expect(formTop).toBeLessThan(vp === 'phone' ? 1_250 : 1_000);

    await field(page, 'Full Name').focus();
    await page.waitForSelector('astro-island:not([ssr])');
    await fill(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const notice = page.locator('[data-contact-sent]');
    await notice.waitFor();
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-contact-sent'));
    const inView = await notice.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    expect(inView).toBe(true);
    expect(await notice.evaluate((el) => !!el.closest('[role="status"]'))).toBe(true);
    await shoot(page, `public-contact-sent-${widthOf(vp)}`);
    await context.close();
  });

  it('works as a plain form without JavaScript: the browser posts it and lands on the thank-you', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/contact`);
    expect(await page.locator('#message-sent').isVisible()).toBe(false);
    await fill(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    // The browser posts to /api/contact/form, which answers 303 to the notice's fragment.
    await expect.poll(() => page.url(), { timeout: 30_000 }).toBe(`${server.url}/contact#message-sent`);
    const notice = page.locator('#message-sent');
    expect(await notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toBe('Thank you for your message! I will get back to you soon.');
    // No evaluate() here: with JavaScript off it would never run. The box is relative to the viewport.
    // The fragment scroll may be smooth: wait for it to settle.
    const bottomInView = async () => {
      const box = (await notice.boundingBox())!;
      return box.y >= 0 && box.y + box.height <= VIEWPORTS.phone.height;
    };
    await expect.poll(bottomInView, { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'public-contact-nojs-sent-390');
    await context.close();
  });
});
