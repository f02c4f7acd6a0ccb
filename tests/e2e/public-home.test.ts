// The home page in Debian's Chromium against the real local server (fixture: support/public-site.ts): the page at
// 390 and 1280 px, the banner carousel (images and a video), the services carousel, the keyboard path through the
// page, the banners' focus and their links.
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrateBanner, shoot } from './support/public-content';
import * as pub from './support/public-site';

const site = pub.setupPublicSite({ readOnly: true });

describe('home', () => {
  it.each(pub.allViewports)('shows banners, My Services, the about block and the footer at %s width', async (vp) => {
    const { page, context, errors, foreign } = await pub.open('/', vp);
    const body = await pub.textOf(page.locator('body'));
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
      // The footer's services are the site's own (docs/site-settings.md), and the year is the build's.
      `© ${new Date().getFullYear()}`,
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
    expect(await pub.navState(page)).toEqual({ current: 'Home', active: ['Home'] });

    // Featured services only, newest first, each card with 'Book Now' to its page.
    const featured = site.services.filter((s) => s.isFeatured).slice(0, 6);
    const cards = page.locator('.services-carousel .swiper-slide[data-service-id]');
    const shownIds = await cards.evaluateAll((els) => els.map((el) => el.getAttribute('data-service-id')));
    expect([...shownIds].sort()).toEqual(featured.map((s) => s._id).sort());
    const book = page.locator(`.swiper-slide[data-service-id="${site.ids.full}"] a`, { hasText: 'Book Now' });
    expect(await book.getAttribute('href')).toBe(pub.pagePathOf(site.ids.full));

    await shoot(page, `public-home-${pub.widthOf(vp)}`);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });

  it('loads the first banner image eagerly at high priority, through the image CDN with a srcset', async () => {
    const { page, context } = await pub.open('/');
    const first = page.locator('.banner-carousel .swiper-slide[data-banner-id] img').first();
    expect(await first.getAttribute('loading')).toBe('eager');
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('width')).toBeTruthy();
    expect(await first.getAttribute('height')).toBeTruthy();
    const srcset = (await first.getAttribute('srcset')) ?? '';
    expect(srcset).toMatch(/\/\.netlify\/images\?url=%2Fmedia%2F/);
    // The emulated CDN really resizes /media/ uploads (it fetches them from the site itself).
    const candidate = srcset.split(',')[0]!.trim().split(' ')[0]!;
    const resized = await fetch(`${site.server.url}${candidate}`);
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
    const moving = await pub.open('/');
    const still = await pub.open('/', 'desktop', { reducedMotion: 'reduce' });
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
    const { page, context } = await pub.open('/', 'desktop', { reducedMotion: 'reduce' });
    await hydrateBanner(page);
    const withLink = site.banners.find((b) => b.linkUrl === pub.RETREAT_URL)!;
    const without = site.banners.find((b) => b.linkUrl === '')!;
    const linked = page.locator(`.swiper-slide[data-banner-id="${withLink._id}"] a.banner`);
    expect(await linked.getAttribute('href')).toBe(pub.RETREAT_URL);
    expect(await linked.getAttribute('target')).toBe('_blank');
    expect(await linked.getAttribute('rel')).toBe('noopener noreferrer');
    const [popup] = await Promise.all([context.waitForEvent('page'), linked.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(pub.RETREAT_URL);
    await popup.close();
    expect(page.url()).toBe(`${site.server.url}/`);

    // The other slide: show it through its dot, then click it.
    await page.getByRole('button', { name: /^Show slide 2 of 3/ }).click();
    const plain = page.locator(`.swiper-slide[data-banner-id="${without._id}"] a.banner`);
    expect(await plain.getAttribute('target')).toBeNull();
    await plain.click();
    await page.waitForURL(`${site.server.url}/service`);
    await context.close();
  });
});

describe('video banners', () => {
  it('play muted, looping and inline; pause with the control; stay still under reduced motion', async () => {
    const moving = await pub.open('/');
    const still = await pub.open('/', 'desktop', { reducedMotion: 'reduce' });
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
    // No autoplay attribute: the banner script plays the video once its slide is in view, and never under reduced
    // motion or Save-Data (docs/public-site.md, banner video; tests/e2e/banner-video.test.ts).
    await expect
      .poll(() => state(moving.page))
      .toEqual({
        autoplay: false,
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
    const { page, context } = await pub.open('/', 'phone');
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
    const featured = site.services.filter((s) => s.isFeatured);
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
    const { page, context } = await pub.open('/', 'phone', { reducedMotion: 'reduce' });
    await page.locator('.services-carousel').scrollIntoViewIfNeeded();
    await page.waitForSelector('.services-carousel .swiper-initialized');
    await expect(page.getByRole('button', { name: 'Play the services carousel' }).isVisible()).resolves.toBe(true);
    await context.close();
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
  it.each(pub.allViewports)('Tab goes through the visible cards and on to the footer at %s width', async (vp) => {
    const { page, context } = await pub.open('/', vp);
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
  it.each(pub.allViewports)('shows a ring on the focused slide and keeps the dots in step at %s width', async (vp) => {
    const { page, context } = await pub.open('/', vp, { reducedMotion: 'reduce' });
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
  it.each(pub.allViewports)(
    'open this site’s pages in the same tab, other sites in a new one at %s width',
    async (vp) => {
      const { page, context } = await pub.open('/', vp, { reducedMotion: 'reduce' });
      await hydrateBanner(page);
      const internal = site.banners.find((b) => b.linkUrl === '/about')!;
      const external = site.banners.find((b) => b.linkUrl === pub.RETREAT_URL)!;
      const ext = page.locator(`.swiper-slide[data-banner-id="${external._id}"] a.banner`);
      expect(await ext.getAttribute('target')).toBe('_blank');
      expect(await pub.textOf(ext)).toContain('(opens in a new tab)');

      const link = page.locator(`.swiper-slide[data-banner-id="${internal._id}"] a.banner`);
      expect(await link.getAttribute('href')).toBe('/about');
      expect(await link.getAttribute('target')).toBeNull();
      expect(await pub.textOf(link)).not.toContain('new tab');
      await page.getByRole('button', { name: /^Show slide 3 of 3/ }).click();
      let popups = 0;
      context.on('page', () => (popups += 1));
      await link.click();
      await page.waitForURL(`${site.server.url}/about`);
      expect(popups).toBe(0);
      await context.close();
    },
  );
});
