// The rest of the public site in Debian's Chromium against the real local server (fixture: support/public-site.ts):
// About, Contact (also on phones), the not-found page, the header, SEO tags, axe-core and the assets. The home page
// is in public-home.test.ts, the service pages in public-services.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, VIEWPORTS } from './support/browser';
import { expectAccessible, settle, shoot } from './support/public-content';
import * as pub from './support/public-site';

const site = pub.setupPublicSite({ readOnly: true });

describe('about', () => {
  it.each(pub.allViewports)('tells the story at %s width', async (vp) => {
    const { page, context, errors } = await pub.open('/about', vp);
    const main = await pub.text(page);
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
    expect(await pub.navState(page)).toEqual({ current: 'About', active: ['About'] });
    expect(await pub.textOf(page.locator('footer'))).toContain('Start Your Journey');
    await shoot(page, `public-about-${pub.widthOf(vp)}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a placeholder when the photo fails to load', async () => {
    const context = await site.browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.route('**/images/about-portrait.svg', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(`${site.server.url}/about`);
    const photo = page.locator('.about-hero img[data-photo-fallback]');
    await expect.poll(() => photo.getAttribute('data-photo-state')).toBe('placeholder');
    expect(await photo.getAttribute('src')).toBe('/images/about-placeholder.svg');
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await context.close();
  });
});

describe('contact', () => {
  it.each(pub.allViewports)('shows the details, the form and the way onwards at %s width', async (vp) => {
    const { page, context, errors } = await pub.open('/contact', vp);
    const main = await pub.text(page);
    for (const expected of ['hello@soulguidance.in', '+91 98765 43210', 'Available Online', 'Mon-Sun: 9 AM - 9 PM']) {
      expect(main).toContain(expected);
    }
    expect(await page.locator('main a[href="/service"]').count()).toBeGreaterThan(0);
    expect(await page.locator('main a[href="/about"]').count()).toBeGreaterThan(0);
    expect(await pub.navState(page)).toEqual({ current: 'Contact', active: ['Contact'] });
    for (const label of ['Full Name', 'Email Address', 'Phone Number', 'Subject', 'Message']) {
      expect(await page.locator('form').getByLabel(label).count(), label).toBe(1);
    }
    await shoot(page, `public-contact-${pub.widthOf(vp)}`);
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
    await field(page, 'I agree to the privacy notice').check();
  }

  it('asks for the required fields, sends, thanks the visitor and clears the form', async () => {
    const { page, context } = await pub.open('/contact');
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
      'Please tick the box to agree to the privacy notice before sending',
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
    const { page, context } = await pub.open('/contact');
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
  it.each(pub.allViewports)('answers an unknown path with 404, the art and the links at %s width', async (vp) => {
    const { page, context } = await pub.open('/no/such/path', vp, { allowNotFound: true });
    const response = await fetch(`${site.server.url}/no/such/path`);
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
    await shoot(page, `public-404-${pub.widthOf(vp)}`);
    await page.locator('main').getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL(`${site.server.url}/`);
    await context.close();
  });
});

describe('header', () => {
  it('collapses into a menu on a phone that closes when an entry is chosen', async () => {
    const { page, context } = await pub.open('/', 'phone');
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
    await page.waitForURL(`${site.server.url}/about`);
    expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#site-nav').isVisible()).toBe(false);
    expect(await pub.navState(page)).toEqual({ current: 'About', active: ['About'] });
    await context.close();
  });

  it('shows the entries on a desktop, changes style past 50 px, and links the brand home', async () => {
    const { page, context } = await pub.open('/service');
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
    expect(await pub.textOf(brand)).toContain('Soul Guidance & Healing');
    await brand.click();
    await page.waitForURL(`${site.server.url}/`);
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
    const normal = await pub.open('/about');
    expect(await timing(normal.page)).toEqual({
      header: '0.6s',
      items: ['nav-enter 0.6s 0s', 'nav-enter 0.6s 0.1s', 'nav-enter 0.6s 0.2s', 'nav-enter 0.6s 0.3s'],
    });
    const reduced = await pub.open('/about', 'desktop', { reducedMotion: 'reduce' });
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
    { path: pub.pagePathOf(site.ids.full), types: ['Service', 'BreadcrumbList'] },
    { path: '/about', types: ['ProfessionalService', 'Person', 'BreadcrumbList'] },
    { path: '/contact', types: ['BreadcrumbList'] },
  ];

  it('gives every page a title, a description, a canonical URL, Open Graph, Twitter and JSON-LD', async () => {
    const titles = new Set<string>();
    for (const { path: pathname, types } of pages()) {
      const html = await (await fetch(`${site.server.url}${pathname}`)).text();
      const meta = (attr: string, name: string) =>
        new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? null;
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1] ?? '';
      expect(title, pathname).not.toBe('');
      titles.add(title);
      expect(meta('name', 'description')?.length ?? 0, pathname).toBeGreaterThan(50);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical, pathname).toBe(`${site.server.url}${pathname}`);
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
    const html = await (await fetch(`${site.server.url}/service/${site.ids.full}`)).text();
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

    const xssHtml = await (await fetch(`${site.server.url}/service/${site.ids.xss}`)).text();
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(xssHtml)![1]!;
    expect(block).not.toContain('<img');
    expect((JSON.parse(block) as { '@graph': { name: string }[] })['@graph'][0]!.name).toBe(
      `Energy Cleansing ${pub.XSS}`,
    );
  });

  it('lists the public pages in sitemap.xml and keeps /admin out in robots.txt', async () => {
    const sitemap = await (await fetch(`${site.server.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(site.server.url, ''));
    expect(locs).toEqual(['/', '/service', ...site.services.map((s) => pub.pagePathOf(s._id)), '/about', '/contact']);
    expect(sitemap).not.toContain(site.ids.inactive);
    expect(sitemap).not.toContain('fallback');
    const robots = await (await fetch(`${site.server.url}/robots.txt`)).text();
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain(`Sitemap: ${site.server.url}/sitemap.xml`);
    const og = await fetch(`${site.server.url}/og-default.png`);
    expect(og.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await og.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it('marks the not-found and fallback pages noindex', async () => {
    for (const pathname of ['/no/such/page', '/service/0123456789abcdef01234567']) {
      const html = await (await fetch(`${site.server.url}${pathname}`)).text();
      expect(html, pathname).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
    }
  });
});

describe('accessibility (axe-core)', () => {
  it.each(pub.allViewports)('finds no serious or critical violation on any page at %s width', async (vp) => {
    for (const pathname of [
      '/',
      '/service',
      pub.pagePathOf(site.ids.full),
      pub.pagePathOf(site.ids.minimal),
      '/about',
      '/contact',
    ]) {
      const { page, context } = await pub.open(pathname, vp, { reducedMotion: 'reduce' });
      await settle(page);
      await expectAccessible(page, `${pathname} @${pub.widthOf(vp)}`);
      await context.close();
    }
    const { page, context } = await pub.open('/missing-page', vp, { allowNotFound: true });
    await expectAccessible(page, `404 @${pub.widthOf(vp)}`);
    await context.close();
  });
});

describe('assets', () => {
  it('uses self-hosted fonts with swap and metric-matched fallbacks', async () => {
    const html = await (await fetch(`${site.server.url}/`)).text();
    // Stylesheets are inlined (astro.config.mjs), with any linked ones fetched too.
    const linked = await Promise.all(
      [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(async (m) =>
        (await fetch(`${site.server.url}${m[1]}`)).text(),
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

describe('contact on phones and desktops', () => {
  const field = (page: Page, label: string) => page.locator('form').getByLabel(label);
  const fill = async (page: Page) => {
    await field(page, 'Full Name').fill('Kavya Iyer');
    await field(page, 'Email Address').fill('kavya@example.org');
    await field(page, 'Subject').selectOption('General Inquiry');
    await field(page, 'Message').fill('Could we find a time for a first reading?');
    await field(page, 'I agree to the privacy notice').check();
  };

  it.each(pub.allViewports)(
    'puts the form near the top and the thank-you in view, focused, at %s width',
    async (vp) => {
      const { page, context } = await pub.open('/contact', vp);
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
      // The page scrolls smoothly (global.css), so focus brings the notice into view over a few frames; on a busy
      // machine the first frame after focus can still be mid-scroll. Wait for it to settle, then check.
      const inView = await page
        .waitForFunction(
          () => {
            const r = document.querySelector('[data-contact-sent]')!.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          },
          undefined,
          { timeout: 5_000 },
        )
        .then(() => true)
        .catch(() => false);
      expect(inView).toBe(true);
      expect(await notice.evaluate((el) => !!el.closest('[role="status"]'))).toBe(true);
      await shoot(page, `public-contact-sent-${pub.widthOf(vp)}`);
      await context.close();
    },
  );

  it('works as a plain form without JavaScript: the browser posts it and lands on the thank-you', async () => {
    const context = await site.browser.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site.server.url}/contact`);
    expect(await page.locator('#message-sent').isVisible()).toBe(false);
    await fill(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    // The browser posts to /api/contact/form, which answers 303 to the notice's fragment.
    await expect.poll(() => page.url(), { timeout: 30_000 }).toBe(`${site.server.url}/contact#message-sent`);
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
