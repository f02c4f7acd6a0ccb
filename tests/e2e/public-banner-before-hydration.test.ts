// The home banner before its island arrives (docs/public-site.md, "Hydration"), on one server with the demo content
// (three banners with pictures): no island script is fetched until the visitor turns to the carousel, yet the static
// slides autoplay every 4 s (their pictures fetched only as they come in), the dots and Pause work, reduced motion
// keeps them still, and the island goes on from the slide in view, paused if the visitor paused it.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, watchPageErrors } from './support/browser';
import { setupDemoSite } from './support/demo-site';
import { hydrateBanner } from './support/public-content';

const demo = setupDemoSite();

const widths = ['phone', 'desktop'] as const;

async function openHome(vp: (typeof widths)[number], reducedMotion: 'reduce' | 'no-preference' = 'no-preference') {
  const context: BrowserContext = await demo.browser.newContext({ viewport: VIEWPORTS[vp], reducedMotion });
  const page = await context.newPage();
  const errors = watchPageErrors(page);
  const scripts: string[] = [];
  const pictures: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
    if (request.url().includes('/.netlify/images')) pictures.push(request.url());
  });
  await page.goto(`${demo.server.url}/`, { waitUntil: 'load' });
  return { page, context, errors, scripts, pictures };
}

/** What the visitor sees of the banner: the slide in view, the current dot, the control, pictures present. */
const bannerState = (page: Page) =>
  page.evaluate(() => {
    const root = document.querySelector<HTMLElement>('.banner-carousel')!;
    // In the banners' order (Swiper's loop moves the slides in the DOM; each keeps its 'n of 3' label).
    const slides = [...root.querySelectorAll<HTMLElement>('.swiper-slide')].sort(
      (a, b) => parseInt(a.getAttribute('aria-label') ?? '', 10) - parseInt(b.getAttribute('aria-label') ?? '', 10),
    );
    const box = root.querySelector('.swiper')!.getBoundingClientRect();
    const inView = slides.filter((slide) => Math.abs(slide.getBoundingClientRect().left - box.left) < 2);
    return {
      hydrated: !!root.querySelector('.swiper-initialized'),
      inView: inView.map((slide) => slide.dataset.bannerId),
      focusable: slides.filter((slide) => !slide.inert).map((slide) => slide.dataset.bannerId),
      currentDot: [...root.querySelectorAll('.banner-carousel__dot')].findIndex(
        (dot) => dot.getAttribute('aria-current') === 'true',
      ),
      toggle: root.querySelector('[data-carousel-toggle]')?.getAttribute('aria-label'),
      ids: slides.map((slide) => slide.dataset.bannerId),
      withPicture: slides.map((slide) => !!slide.querySelector('img')?.currentSrc),
    };
  });

describe('home banner before hydration', () => {
  it.each(widths)('autoplays the static slides without the island, which then goes on from there (%s)', async (vp) => {
    const { page, context, errors, scripts, pictures } = await openHome(vp);
    const first = await bannerState(page);
    expect(first.hydrated).toBe(false);
    expect(first.inView).toEqual([first.ids[0]]);
    expect(first.focusable).toEqual([first.ids[0]]);
    expect(first.withPicture).toEqual([true, false, false]);
    // A picture is asked for by its source (`url=` of the image CDN), whatever the width.
    const sourceOf = async (slide: number) =>
      new URL(
        (await page.locator('.banner-carousel .swiper-slide img').nth(slide).getAttribute('data-src')) ?? '',
        demo.server.url,
      ).searchParams.get('url');
    const requested = (source: string | null) =>
      pictures.some((url) => new URL(url).searchParams.get('url') === source);
    const [second, third] = [await sourceOf(1), await sourceOf(2)];
    expect(second && third).toBeTruthy();
    expect(requested(second) || requested(third)).toBe(false);

    // The first move is due after 4 s and takes 1 s; the second slide's picture comes just before it.
    await expect.poll(async () => (await bannerState(page)).currentDot, { timeout: 8_000, interval: 250 }).toBe(1);
    await page.waitForTimeout(1_200);
    const moved = await bannerState(page);
    expect(moved.inView).toEqual([moved.ids[1]]);
    expect(moved.focusable).toEqual([moved.ids[1]]);
    expect(moved.withPicture).toEqual([true, true, false]);
    expect([requested(second), requested(third)]).toEqual([true, false]);
    expect(moved.hydrated).toBe(false);
    expect(scripts, 'no island script before the visitor turns to the carousel').toEqual([]);

    // The visitor points at it: the island arrives and shows the same slide, then moves on by itself.
    await hydrateBanner(page);
    const handed = await bannerState(page);
    expect(handed.inView).toEqual([handed.ids[1]]);
    expect(handed.currentDot).toBe(1);
    expect(handed.toggle).toBe('Pause the highlights');
    expect(scripts.length).toBeGreaterThan(0);
    await expect.poll(async () => (await bannerState(page)).currentDot, { timeout: 7_000, interval: 250 }).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pauses with the control before the island arrives, and the island stays paused', async () => {
    const { page, context, errors } = await openHome('desktop');
    // A click is also the interaction that wakes the island; the static script acts on it at once.
    await page.getByRole('button', { name: 'Pause the highlights' }).click();
    await expect.poll(async () => (await bannerState(page)).toggle).toBe('Play the highlights');
    await page.waitForSelector('.banner-carousel .swiper-initialized');
    const paused = await bannerState(page);
    await page.waitForTimeout(5_500);
    expect((await bannerState(page)).inView).toEqual(paused.inView);
    expect((await bannerState(page)).toggle).toBe('Play the highlights');
    // Play starts it again, now through the island.
    await page.getByRole('button', { name: 'Play the highlights' }).click();
    await expect
      .poll(async () => (await bannerState(page)).inView, { timeout: 7_000, interval: 250 })
      .not.toEqual(paused.inView);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes to a slide through its dot before the island arrives', async () => {
    const { page, context, errors } = await openHome('phone', 'reduce');
    await page.getByRole('button', { name: /^Show slide 3 of 3/ }).click();
    await expect.poll(async () => (await bannerState(page)).currentDot).toBe(2);
    await page.waitForSelector('.banner-carousel .swiper-initialized');
    const state = await bannerState(page);
    expect(state.inView).toEqual([state.ids[2]]);
    expect(state.focusable).toEqual([state.ids[2]]);
    // The island gives every slide its picture in the render after hydration, a moment after Swiper starts.
    await expect.poll(async () => (await bannerState(page)).withPicture[2]).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the static slides still under reduced motion, with Play offered', async () => {
    const { page, context, scripts } = await openHome('phone', 'reduce');
    expect((await bannerState(page)).toggle).toBe('Play the highlights');
    await page.waitForTimeout(5_500);
    const still = await bannerState(page);
    expect(still.inView).toEqual([still.ids[0]]);
    expect(still.withPicture).toEqual([true, false, false]);
    expect(scripts).toEqual([]);
    await hydrateBanner(page);
    await page.waitForTimeout(5_000);
    const after = await bannerState(page);
    expect(after.inView).toEqual([after.ids[0]]);
    expect(after.toggle).toBe('Play the highlights');
    await context.close();
  });
});
