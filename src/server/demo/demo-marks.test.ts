// The marks that recognise demo items must match what the seed writes, or "Remove the sample content" would miss some.
import { beforeAll, describe, expect, it } from 'vitest';
import { createMemoryMediaStore } from '../media/memory';
import { createEmbeddedStores } from '../stores/embedded';
import type { Stores } from '../stores/types';
import { isDemoBanner, isDemoService, isDemoTestimonial } from './demo-marks';
import { seedDemoContent } from './demo-seed';

let stores: Stores;
beforeAll(async () => {
  stores = createEmbeddedStores(':memory:');
  await seedDemoContent(stores, createMemoryMediaStore());
}, 60_000);

describe('demo marks', () => {
  it('recognise every service, banner and testimonial the seed writes', async () => {
    const services = await stores.services.list({ activeOnly: false });
    const banners = await stores.banners.list({ activeOnly: false });
    const testimonials = await stores.testimonials.list();
    expect(services.length).toBeGreaterThan(0);
    expect(services.filter((s) => !isDemoService(s)).map((s) => s.name)).toEqual([]);
    expect(banners.filter((b) => !isDemoBanner(b)).map((b) => b.title)).toEqual([]);
    expect(testimonials.filter((t) => !isDemoTestimonial(t)).map((t) => t.name)).toEqual([]);
  });

  it('do not take a practitioner’s own item with a demo name for a sample', () => {
    expect(isDemoService({ name: 'Akashic Records Reading', shortDescription: 'My way of reading.' })).toBe(false);
    expect(isDemoBanner({ title: 'Karmic Healing Programme', description: '' })).toBe(false);
    expect(isDemoTestimonial({ name: 'Meera', text: 'Lovely.' })).toBe(false);
  });
});
