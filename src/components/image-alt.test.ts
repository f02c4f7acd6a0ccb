import { describe, expect, it } from 'vitest';
import { storedService } from '../../tests/support/factories';
import { toBannerSlide, toServiceCard } from './island-data';
import { serviceDetailView } from './service-detail/model';

const service = storedService({ name: 'Tarot Reading', isFeatured: true });

describe("a service image's alt text", () => {
  it('is the alt text the admin gave, on the detail page and on the home card', () => {
    const withAlt = { ...service, imageAlt: 'Three cards face up on a dark cloth' };
    expect(serviceDetailView(withAlt).imageAlt).toBe('Three cards face up on a dark cloth');
    expect(toServiceCard(withAlt).imageAlt).toBe('Three cards face up on a dark cloth');
  });

  it('falls back to the service name when none was given (older services have no field at all)', () => {
    expect(serviceDetailView(service).imageAlt).toBe('Tarot Reading');
    expect(toServiceCard({ ...service, imageAlt: '  ' }).imageAlt).toBe('Tarot Reading');
  });
});

describe("a banner picture's alt text", () => {
  const banner = {
    _id: 'a'.repeat(24),
    title: 'New Moon Circle',
    description: 'Set your intentions with me.',
    link: '/service',
    order: 0,
    mediaType: 'image' as const,
    mediaUrl: '/media/abc.webp',
    isActive: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
  const site = new URL('https://example.org');

  it('is the alt text the admin gave', () => {
    expect(toBannerSlide({ ...banner, mediaAlt: ' Candles on a window sill ' }, site).mediaAlt).toBe(
      'Candles on a window sill',
    );
  });

  it('is empty, a backdrop, when none was given: the slide title and text say what it is about', () => {
    expect(toBannerSlide(banner, site).mediaAlt).toBe('');
  });
});
