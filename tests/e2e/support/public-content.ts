// Content for the public-site browser tests, written straight into a data folder's store before its server starts
// (the server then builds from it and does not seed demo content, since the store is not empty).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createEmbeddedStores, embeddedDatabaseFile } from '../../../src/server/stores/embedded';
import type { NewBanner, NewService, Stores } from '../../../src/server/stores/types';
import { blankServiceContent } from '../../support/factories';
import { expectNoSeriousViolations } from './axe';
import { projectRoot } from './server';
import { savePicture } from './browser';

/** A service with every optional detail filled in; `overrides` blank out or change what a test needs. */
export function fullService(overrides: Partial<NewService> = {}): NewService {
  return {
    name: 'Akashic Records Reading',
    category: 'Akashic Records Reading',
    shortDescription: 'A gentle, guided reading of your soul’s records for clarity on what matters now.',
    description:
      'Together we open your Akashic Records and listen for what your soul wants you to know.\n\nYou will leave with notes and a calmer sense of direction.',
    price: 2100,
    offerPrice: 1500,
    duration: '60 minutes',
    deliveryMethod: 'Video Call',
    availability: 'Weekdays, 10 AM - 6 PM IST',
    bookingLink: 'https://booking.example.org/akashic',
    image: '',
    note: 'Readings are for reflection and are not a substitute for medical or legal advice.',
    whatIsThis: 'The Akashic Records are often described as the memory of the soul.',
    processDescription: 'We begin with a short grounding, then I open your records and share what comes through.',
    preparation: 'Write down up to three questions that feel alive for you.',
    afterCare: 'Drink water, rest, and journal anything that stays with you.',
    benefits: ['Clarity about a decision', 'A sense of being heard'],
    prerequisites: ['A quiet room and a stable internet connection'],
    whatToExpected: [],
    whatCanBeAsked: [
      { category: 'Relationships', questions: ['What is this connection teaching me?', 'How can I heal this bond?'] },
      { category: 'Career', questions: ['What work fits my soul?'] },
    ],
    faq: [
      { question: 'Do I need to believe in anything?', answer: 'No. Come with an open mind and your questions.' },
      { question: 'An unanswered question', answer: '' },
      { question: '', answer: 'An answer without a question' },
    ],
    tags: ['clarity', 'soul path'],
    isActive: true,
    isFeatured: true,
    ...overrides,
  };
}

/** A service with only the required fields: no optional card has content. */
export function minimalService(overrides: Partial<NewService> = {}): NewService {
  return fullService({
    name: 'Simple Tarot Reading',
    category: 'Tarot Reading',
    shortDescription: 'A short tarot reading.',
    description: 'Three cards, one question.',
    offerPrice: undefined,
    ...blankServiceContent(),
    faq: [{ question: 'Only a question', answer: '' }],
    ...overrides,
  });
}

export function banner(overrides: Partial<NewBanner> = {}): NewBanner {
  return {
    title: 'Find your way back to yourself',
    description: 'Readings and healing, held gently.',
    link: '',
    order: 0,
    mediaType: 'image',
    mediaUrl: '',
    isActive: true,
    ...overrides,
  };
}

/** Opens the data folder's store, lets `fill` write to it, and closes it again. */
export async function withStores<T>(dataDir: string, fill: (stores: Stores) => Promise<T>): Promise<T> {
  mkdirSync(dataDir, { recursive: true });
  const stores = createEmbeddedStores(embeddedDatabaseFile(dataDir));
  try {
    return await fill(stores);
  } finally {
    await stores.close();
  }
}

/** Creates services one by one, oldest first, so the newest-first order of the site is the reverse of `list`. */
export async function createServices(stores: Stores, list: NewService[]) {
  const created = [];
  for (const service of list) created.push(await stores.services.create(service));
  return created;
}

// ---------- Browser helpers shared by tests/e2e/public-*.test.ts ----------

/** Finishes entrance animations and scrolls through the page so lazy images load, then back to the top. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (const animation of document.getAnimations()) {
      // Finite animations only: the loading spinner runs forever.
      if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
    }
    const step = Math.max(200, window.innerHeight * 0.8);
    for (let y = 0; y < document.body.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    window.scrollTo(0, 0);
    await Promise.all(
      [...document.images]
        .filter((img) => !img.complete)
        .map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
              setTimeout(resolve, 3_000);
            }),
        ),
    );
  });
}

/** axe-core: no serious or critical violation. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // Judge the page at rest: mid-entrance, the header's text is still fading in and would fail contrast.
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
    }
  });
  await expectNoSeriousViolations(page, label);
}

/** Every request the page made stayed on the site (no fonts, scripts or images from elsewhere). */
export function watchRequests(page: Page, origin: string): string[] {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

/**
 * A full-page screenshot into the gitignored screenshots/ folder, after settle(). Animations are frozen at their end:
 * Chromium replays CSS entrance animations while it captures a full page, which would show a half-faded header.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  await settle(page);
  const dir = path.join(projectRoot, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await savePicture(page, { path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/**
 * The home banner's island hydrates only when the visitor turns to it (docs/public-site.md, "Hydration"); until then
 * a small script moves the static slides. Point at the carousel, as a visitor would, and wait for Swiper.
 */
export async function hydrateBanner(page: Page, timeout = 20_000): Promise<void> {
  await page.locator('.banner-carousel').hover();
  await page.waitForSelector('.banner-carousel .swiper-initialized', { timeout });
}
