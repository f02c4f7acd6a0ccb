// The carousel rules of product rules (docs/product-rules.md, "Limits") at the edges, and the empty states: one server (one build) per content
// set, written to its store before it starts. 4 services: no loop, no arrows. 1 service and no banner: the welcome
// block. No service at all: 'No Services Available' on Home and on /service.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stores } from '../../src/server/stores/types';
import { launchBrowser, VIEWPORTS, watchPageErrors } from './support/browser';
import {
  banner,
  createServices,
  expectAccessible,
  fullService,
  hydrateBanner,
  minimalService,
  shoot,
  withStores,
} from './support/public-content';
import { startServer, type RunningServer } from './support/server';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Starts a server over a fresh data folder filled by `fill`, for the duration of one describe block. */
function serverWith(fill: (stores: Stores) => Promise<unknown>) {
  const state: { server?: RunningServer; dataDir?: string } = {};
  beforeAll(async () => {
    state.dataDir = mkdtempSync(path.join(tmpdir(), 'sg-carousel-'));
    await withStores(state.dataDir, fill);
    state.server = await startServer({ dataDir: state.dataDir });
  });
  afterAll(async () => {
    await state.server?.stop();
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
  });
  return () => state.server!;
}

async function openHome(server: RunningServer, viewport: keyof typeof VIEWPORTS, reducedMotion = false) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  await page.goto(`${server.url}/`);
  return { page, context, errors };
}

async function carouselState(page: Page) {
  const carousel = page.locator('.services-carousel');
  await carousel.scrollIntoViewIfNeeded();
  await page.waitForSelector('.services-carousel .swiper-initialized');
  const toggle = page.locator('.services-carousel [data-carousel-toggle]');
  return {
    loop: await carousel.getAttribute('data-loop'),
    slides: await page.locator('.services-carousel .swiper-slide').count(),
    arrows: await page
      .locator('.services-carousel [data-carousel-prev], .services-carousel [data-carousel-next]')
      .count(),
    toggle: (await toggle.count()) === 0 ? 'none' : (await toggle.isVisible()) ? 'visible' : 'hidden',
    /** Cards fully in view at once. */
    inView: await page.locator('.services-carousel .swiper-slide').evaluateAll((slides) => {
      const box = slides[0]!.closest('.swiper')!.getBoundingClientRect();
      return slides.filter((slide) => {
        const r = slide.getBoundingClientRect();
        return r.left >= box.left - 1 && r.right <= box.right + 1;
      }).length;
    }),
  };
}

describe('4 featured services and 1 banner without a link', () => {
  const server = serverWith(async (stores) => {
    await createServices(stores, [
      fullService(),
      minimalService(),
      fullService({ name: 'Past Life Regression', category: 'Past Life Regression' }),
      fullService({ name: 'Karmic Healing', category: 'Karmic Healing', offerPrice: undefined }),
    ]);
    await stores.banners.create(banner({ title: 'Welcome, gentle soul', link: '' }));
  });

  it('neither loops nor shows arrows; all four fit on a desktop, one per view on a phone', async () => {
    for (const [viewport, toggle, inView] of [
      // Everything fits: nothing moves, so there is nothing to pause.
      ['desktop', 'hidden', 4],
      ['phone', 'visible', 1],
    ] as const) {
      const { page, context, errors } = await openHome(server(), viewport);
      expect(await carouselState(page)).toEqual({ loop: 'false', slides: 4, arrows: 0, toggle, inView });
      await shoot(page, `public-carousel-4-${VIEWPORTS[viewport].width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows 2 and 3 per view at the 768 and 1024 px breakpoints', async () => {
    for (const [width, expected] of [
      [768, 2],
      [1024, 3],
      [1199, 3],
      [1200, 4],
    ] as const) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server().url}/`);
      expect((await carouselState(page)).inView, `${width} px`).toBe(expected);
      await context.close();
    }
  });

  it('keeps a single banner still (no loop, no autoplay, no controls) and sends its click to /service', async () => {
    const { page, context } = await openHome(server(), 'desktop');
    await hydrateBanner(page);
    expect(await page.locator('.banner-carousel').getAttribute('data-loop')).toBe('false');
    expect(await page.locator('.banner-carousel [data-carousel-toggle]').count()).toBe(0);
    expect(await page.locator('.banner-carousel__dot').count()).toBe(0);
    const slide = page.locator('a.banner');
    expect(await slide.getAttribute('href')).toBe('/service');
    expect(await slide.getAttribute('target')).toBeNull();
    await slide.click();
    await page.waitForURL(`${server().url}/service`);
    await context.close();
  });
});

describe('1 featured service and no banner', () => {
  const server = serverWith(async (stores) => {
    await createServices(stores, [fullService()]);
  });

  it('shows the welcome block and a single card with no loop, arrows or pause control', async () => {
    for (const viewport of ['phone', 'desktop'] as const) {
      const { page, context, errors } = await openHome(server(), viewport);
      expect(await page.locator('h1').textContent()).toBe('Welcome to Our Spiritual Services');
      expect(await page.locator('.banner-carousel').count()).toBe(0);
      expect(await carouselState(page)).toEqual({ loop: 'false', slides: 1, arrows: 0, toggle: 'none', inView: 1 });
      // A lone card is not stretched across a wide screen.
      const width = await page.locator('.svc-card').evaluate((card) => card.getBoundingClientRect().width);
      expect(width).toBeLessThanOrEqual(360);
      await shoot(page, `public-welcome-${VIEWPORTS[viewport].width}`);
      await expectAccessible(page, `welcome @${VIEWPORTS[viewport].width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('no active service and no banner', () => {
  const server = serverWith(async (stores) => {
    // An inactive service keeps the store from counting as empty (which would seed the demo content).
    await createServices(stores, [minimalService({ isActive: false })]);
  });

  it("says 'No Services Available' on Home and on /service", async () => {
    const { page, context, errors } = await openHome(server(), 'desktop');
    expect(await page.locator('.my-services').textContent()).toContain('No Services Available');
    expect(await page.locator('.services-carousel').count()).toBe(0);
    expect(await page.locator('.my-services a', { hasText: 'View All Services' }).getAttribute('href')).toBe(
      '/service',
    );
    await expectAccessible(page, 'home, empty');

    await page.goto(`${server().url}/service`);
    const main = (await page.locator('main').textContent()) ?? '';
    expect(main).toContain('No Services Available');
    expect(main).toContain('Please check back later for our spiritual services.');
    expect(await page.locator('.service-row').count()).toBe(0);
    await expectAccessible(page, 'services, empty');
    await shoot(page, 'public-services-empty-1280');
    expect(errors).toEqual([]);
    await context.close();

    const sitemap = await (await fetch(`${server().url}/sitemap.xml`)).text();
    expect([...sitemap.matchAll(/<loc>/g)]).toHaveLength(4);
  });
});
