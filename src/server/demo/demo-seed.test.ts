// The demo content a newcomer sees on a first start: complete, valid, in the spec's categories, with generated art.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../shared/constants';
import { StoredBannerSchema, type StoredBanner } from '../../shared/schemas/banner';
import { ServiceSchema, type Service } from '../../shared/schemas/service';
import { createApp } from '../app';
import { createMemoryMediaStore } from '../media/memory';
import { sha256Hex } from '../media/objects';
import { createEmbeddedStores } from '../stores/embedded';
import type { Stores } from '../stores/types';
import { createTestDeps } from '../../../tests/support/server/admin-session';
import { artSvg, renderArt } from './art';
import { DEMO_SERVICE_NAMES, isContentEmpty, seedDemoContent } from './demo-seed';
import { CONTENT_VERSION_KEY } from '../stores/content-version';
import { DEFAULT_AVAILABILITY } from '../../shared/schemas/availability';

let stores: Stores;
let media: ReturnType<typeof createMemoryMediaStore>;
let services: Service[];
let banners: StoredBanner[];
let seeded: { services: number; banners: number };

beforeAll(async () => {
  stores = createEmbeddedStores(':memory:');
  media = createMemoryMediaStore();
  expect(await isContentEmpty(stores)).toBe(true);
  seeded = await seedDemoContent(stores, media);
  services = await stores.services.list({ activeOnly: false });
  banners = await stores.banners.list({ activeOnly: false });
}, 60_000);

const mediaKey = (url: string) => /^\/media\/([a-f0-9]{32}\.webp)$/.exec(url)?.[1];

describe('demo services', () => {
  it('seeds eight or more valid services across several categories, listed in the intended order', () => {
    expect(seeded.services).toBe(services.length);
    expect(services.length).toBeGreaterThanOrEqual(8);
    for (const service of services) ServiceSchema.parse(service);
    const categories = new Set(services.map((s) => s.category));
    expect(categories.size).toBeGreaterThanOrEqual(6);
    for (const category of categories) expect(SERVICE_CATEGORIES).toContain(category);
    expect(services.map((s) => s.name)).toEqual(DEMO_SERVICE_NAMES);
  });

  it('fills every detail field the service page shows', () => {
    for (const s of services) {
      const label = s.name;
      expect(s.whatIsThis, label).not.toBe('');
      expect(s.processDescription, label).not.toBe('');
      expect(s.preparation, label).not.toBe('');
      expect(s.afterCare, label).not.toBe('');
      expect(s.availability, label).not.toBe('');
      expect(s.benefits.length, label).toBeGreaterThanOrEqual(2);
      expect(s.tags.length, label).toBeGreaterThanOrEqual(2);
      expect(s.faq.length, label).toBeGreaterThanOrEqual(1);
      for (const entry of s.faq) expect(entry.question && entry.answer, label).toBeTruthy();
      // Booked on this site (a length to put on the calendar) or through a link on a reserved example domain.
      if (s.bookingMode === 'site') expect(s.sessionMinutes, label).toBeGreaterThan(0);
      else expect(s.bookingLink, label).toMatch(/^https:\/\/booking\.example\.com\//);
      expect(s.note, label).toMatch(/not a substitute for medical/);
    }
    const withQuestions = services.filter((s) => s.whatCanBeAsked.some((block) => block.questions.length > 0));
    expect(withQuestions.length).toBeGreaterThanOrEqual(services.length - 1);
    expect(services.filter((s) => s.prerequisites.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('has prices with and without offers, and some featured services', () => {
    const offers = services.filter((s) => s.offerPrice !== undefined);
    expect(offers.length).toBeGreaterThanOrEqual(2);
    expect(services.length - offers.length).toBeGreaterThanOrEqual(2);
    for (const s of offers) expect(s.offerPrice).toBeLessThan(s.price);
    expect(services.map((s) => s.price)).toEqual(expect.arrayContaining([1111, 2500, 11000]));
    const featured = services.filter((s) => s.isFeatured && s.isActive);
    // More than four makes the home carousel loop (docs/product-rules.md, "Limits"); at most six fit it.
    expect(featured.length).toBeGreaterThan(4);
    expect(featured.length).toBeLessThanOrEqual(6);
  });

  it('keeps to the brand voice: no guaranteed outcomes or cures', () => {
    const text = JSON.stringify(services).toLowerCase();
    for (const phrase of ['guarantee', '100%', 'cure ', 'cures', 'diagnos', 'miracle']) {
      expect(text, phrase).not.toContain(phrase);
    }
  });

  it('makes two services bookable on this site, a free Discovery Call and a paid reading, with weekly hours', async () => {
    const services = await stores.services.list({ activeOnly: false });
    const onSite = services.filter((s) => s.bookingMode === 'site');
    expect(onSite.map((s) => s.name).sort()).toEqual(['Akashic Records Reading', 'Discovery Call']);
    const call = onSite.find((s) => s.name === 'Discovery Call');
    expect(call).toMatchObject({ price: 0, sessionMinutes: 20, isActive: true });
    const reading = onSite.find((s) => s.name === 'Akashic Records Reading');
    expect(reading?.price).toBeGreaterThan(0);
    expect(reading?.sessionMinutes).toBe(60);
    expect(reading?.intakeQuestions).toHaveLength(2);
    // Saved, not only the store's fallback: a saved record carries when it was saved.
    const hours = await stores.availability.get();
    expect(hours).toMatchObject(DEFAULT_AVAILABILITY);
    expect(hours).toHaveProperty('updatedAt');
  });

  it('gives each service its own generated 1200×800 WebP, stored under its content key', async () => {
    const keys = services.map((s) => mediaKey(s.image));
    expect(keys.every(Boolean)).toBe(true);
    expect(new Set(keys).size).toBe(services.length);
    for (const key of keys) {
      const stored = media.items.get(key ?? '');
      expect(stored?.contentType).toBe('image/webp');
      const data = stored?.data ?? new Uint8Array();
      expect(key?.slice(0, 32)).toBe(sha256Hex(data).slice(0, 32));
      const meta = await sharp(data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);
    }
  });
});

describe('demo banners', () => {
  it('seeds two or three active banners, by order, linking to /service and to a service page by its slug', async () => {
    expect(banners.length).toBeGreaterThanOrEqual(2);
    expect(banners.length).toBeLessThanOrEqual(3);
    expect(seeded.banners).toBe(banners.length);
    for (const banner of banners) StoredBannerSchema.parse(banner);
    expect(banners.map((b) => b.order)).toEqual([...banners.map((b) => b.order)].sort((a, b) => a - b));
    const links = banners.map((b) => b.link);
    expect(links).toContain('/service');
    // A service's readable address (docs/content-api.md, "Addresses"), as the portal would offer it.
    const serviceLink = links.find((link) => /^\/service\/[a-z0-9-]+$/.test(link)) ?? '';
    const linked = await stores.services.findBySlug(serviceLink.slice('/service/'.length));
    expect(linked).toMatchObject({ isActive: true, slug: serviceLink.slice('/service/'.length) });
    for (const banner of banners) {
      expect(banner.mediaType).toBe('image');
      const stored = media.items.get(mediaKey(banner.mediaUrl) ?? '');
      const meta = await sharp(stored?.data ?? new Uint8Array()).metadata();
      expect([meta.width, meta.height]).toEqual([1920, 800]);
    }
  });
});

describe('seeding', () => {
  it('does nothing the second time, nor when any content exists', async () => {
    expect(await seedDemoContent(stores, media)).toEqual({ services: 0, banners: 0 });
    expect(await stores.services.list({ activeOnly: false })).toHaveLength(services.length);

    const other = createEmbeddedStores(':memory:');
    await other.banners.create({
      title: 'Mine',
      description: '',
      link: '/service',
      order: 0,
      mediaType: 'image',
      mediaUrl: '/media/x.webp',
      isActive: true,
    });
    expect(await isContentEmpty(other)).toBe(false);
    expect(await seedDemoContent(other, createMemoryMediaStore())).toEqual({ services: 0, banners: 0 });
    expect(await other.services.list({ activeOnly: false })).toEqual([]);
  });

  it('raises the content version once', async () => {
    expect(await stores.meta.get<number>(CONTENT_VERSION_KEY)).toBe(1);
  });

  it('draws the same picture from the same seed, and another from another', async () => {
    const spec = { seed: 'same', motif: 'lotus', palette: 'night', width: 300, height: 200 } as const;
    expect(artSvg(spec)).toBe(artSvg(spec));
    const [a, b] = await Promise.all([renderArt(spec, null), renderArt(spec, null)]);
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
    expect(artSvg({ ...spec, seed: 'other' })).not.toBe(artSvg(spec));
  });

  it('is served by the API: the services, and their images at /media/<key>', async () => {
    const app = createApp(createTestDeps({ stores, media }));
    const list = (await (await app.request('/api/services?limit=6&isFeatured=true')).json()) as { data: Service[] };
    expect(list.data.length).toBeGreaterThan(4);
    const image = await app.request(list.data[0]?.image ?? '/media/none');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
  });
});

describe('demo testimonials', () => {
  it('seeds a few, tied to demo services, at most three on the home page, in plain gentle words', async () => {
    const testimonials = await stores.testimonials.list();
    expect(testimonials.length).toBeGreaterThanOrEqual(3);
    const ids = new Set(services.map((s) => s._id));
    for (const t of testimonials) {
      if (t.serviceId !== undefined) expect(ids.has(t.serviceId), t.name).toBe(true);
      expect(t.text, t.name).not.toMatch(/guarantee|cure|heal(ed|s) (your|my)|100%|always works/i);
    }
    expect(testimonials.filter((t) => t.featuredOnHome).length).toBeLessThanOrEqual(3);
    expect(testimonials.map((t) => t.order)).toEqual(testimonials.map((_, i) => i));
  });
});

describe('demo site settings', () => {
  it('fill every field: the spec texts, demo contact details and four footer services that exist', async () => {
    const settings = await stores.settings.get();
    expect(settings?.identity.tagline).toBe('Soul Guidance & Healing');
    expect(settings?.contact.email).toBe('hello@soulguidance.in');
    // Saved in E.164, shown grouped (docs/phone-numbers.md).
    expect(settings?.contact.phone).toBe('+919876543210');
    expect(settings?.footer.serviceIds).toHaveLength(4);
    const ids = new Set(services.map((s) => s._id));
    for (const id of settings?.footer.serviceIds ?? []) expect(ids.has(id)).toBe(true);
  });
});
