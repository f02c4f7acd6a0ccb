// The service pages in Debian's Chromium against the real local server (fixture: support/public-site.ts): the
// services list, a service's detail page with its optional cards, and the fallback page for services built after
// the last build.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, watchPageErrors } from './support/browser';
import { expectAccessible, shoot, fullService, withStores } from './support/public-content';
import * as pub from './support/public-site';

const site = pub.setupPublicSite();

describe('services list', () => {
  it.each(pub.allViewports)('lists every active service with its facts at %s width', async (vp) => {
    const { page, context, errors } = await pub.open('/service', vp);
    expect(await page.locator('h1').innerText()).toBe('Our Services');
    expect(await pub.navState(page)).toEqual({ current: 'Services', active: ['Services'] });
    const rows = page.locator('.service-row');
    const rowIds = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-service-id')));
    expect(rowIds).toEqual(site.services.map((s) => s._id));
    expect(rowIds).not.toContain(site.ids.inactive);
    expect(rowIds).toContain(site.ids.listOnly);
    // Image alternating left and right.
    const reversed = await rows.evaluateAll((els) => els.map((el) => el.classList.contains('service-row--reverse')));
    expect(reversed).toEqual(rowIds.map((_, index) => index % 2 === 1));

    const full = page.locator(`.service-row[data-service-id="${site.ids.full}"]`);
    const fullText = await pub.textOf(full);
    expect(fullText).toContain('Duration');
    expect(fullText).toContain('60 minutes');
    expect(fullText).toContain('₹2,100');
    expect(fullText).toContain('(Special Offer: ₹1,500)');
    expect(await page.locator(`.service-row[data-service-id="${site.ids.minimal}"]`).innerText()).not.toContain(
      'Special Offer',
    );
    const cta = full.getByRole('link', { name: /Learn More & Book/ });
    expect(await cta.getAttribute('href')).toBe(pub.pagePathOf(site.ids.full));
    expect(await full.locator('img').getAttribute('srcset')).toContain('/.netlify/images?url=%2Fmedia%2F');

    // Escaped, never HTML: the markup in a description is visible text and no element.
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    // The description sits behind 'Read more' (textContent reads it closed).
    expect(await pub.textOf(page.locator(`.service-row[data-service-id="${site.ids.xss}"]`))).toContain(
      `Before ${pub.XSS} after.`,
    );
    await shoot(page, `public-services-${pub.widthOf(vp)}`);
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
  it.each(pub.allViewports)(
    'shows every card that has content, with accordions and booking, at %s width',
    async (vp) => {
      const { page, context, errors } = await pub.open(`/service/${site.ids.full}`, vp);
      expect(await page.locator('h1').innerText()).toBe('Akashic Records Reading');
      expect(await pub.navState(page)).toEqual({ current: null, active: ['Services'] });
      const cards = await page
        .locator('[data-card]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-card')));
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
      await shoot(page, `public-detail-${pub.widthOf(vp)}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('shows no optional card without content, and no FAQ for a question without an answer', async () => {
    const { page, context } = await pub.open(`/service/${site.ids.minimal}`);
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
    const { page, context } = await pub.open(`/service/${site.ids.xss}`);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    expect(await page.locator('h1').innerText()).toBe(`Energy Cleansing ${pub.XSS}`);
    expect(await pub.text(page)).toContain(`Before ${pub.XSS} after.`);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await page.title()).toContain(pub.XSS);
    await page.waitForTimeout(300);
    expect(dialogs).toBe(0);
    await context.close();
  });

  it('has no static page for an inactive service (the fallback says it was not found)', async () => {
    const { page, context } = await pub.open(`/service/${site.ids.inactive}`, 'desktop', { allowNotFound: true });
    expect((await fetch(`${site.server.url}/service/${site.ids.inactive}`)).status).toBe(404);
    await page.getByRole('heading', { name: 'Service Not Found' }).waitFor();
    await context.close();
  });
});

describe('fallback page for services built after the last build', () => {
  it('shows loading, then a service created after the build', async () => {
    const created = await withStores(site.server.dataDir, (stores) =>
      stores.services.create(
        fullService({ name: 'Moonlit Tarot Circle', category: 'Tarot Reading', offerPrice: undefined, price: 1800 }),
      ),
    );
    // No page was built for it: the server answers with the fallback (the /service/* rewrite, status 404 as on
    // Netlify), which still renders the service in the browser.
    const raw = await fetch(`${site.server.url}/service/${created._id}`);
    expect(raw.status).toBe(404);
    expect(await raw.text()).toContain('data-service-fallback');

    const context = await site.browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/services/${created._id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${site.server.url}/service/${created._id}`);
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
    expect(await pub.navState(page)).toEqual({ current: null, active: ['Services'] });
    await expectAccessible(page, 'fallback (service)');
    await shoot(page, 'public-fallback-1280');
    // The document itself answers 404 until the service's page is built; Chromium logs that, nothing else may fail.
    expect(errors).toEqual(['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
    await context.close();
  });

  it("says 'Service Not Found' for an id that does not exist", async () => {
    const { page, context } = await pub.open('/service/0123456789abcdef01234567', 'phone', { allowNotFound: true });
    expect((await fetch(`${site.server.url}/service/0123456789abcdef01234567`)).status).toBe(404);
    await page.getByRole('heading', { name: 'Service Not Found' }).waitFor();
    expect(await pub.text(page)).toContain('Service not found or failed to load');
    const back = page.getByRole('link', { name: 'Back to Services' });
    expect(await back.getAttribute('href')).toBe('/service');
    await expectAccessible(page, 'fallback (not found)');
    await shoot(page, 'public-fallback-not-found-390');
    await back.click();
    await page.waitForURL(`${site.server.url}/service`);
    await context.close();
  });
});
