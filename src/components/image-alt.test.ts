import { describe, expect, it } from 'vitest';
import { ServiceSchema } from '../shared/schemas/service';
import { toServiceCard } from './island-data';
import { serviceDetailView } from './service-detail/model';

const service = ServiceSchema.parse({
  _id: '0123456789abcdef01234567',
  name: 'Tarot Reading',
  category: 'Tarot Reading',
  shortDescription: 'Short',
  description: 'Long',
  price: 1000,
  duration: '30 minutes',
  deliveryMethod: 'Chat',
  availability: '',
  bookingLink: 'https://example.org',
  image: '/media/tarot.png',
  note: '',
  whatIsThis: '',
  processDescription: '',
  preparation: '',
  afterCare: '',
  benefits: [],
  prerequisites: [],
  whatToExpected: [],
  whatCanBeAsked: [],
  faq: [],
  tags: [],
  isActive: true,
  isFeatured: true,
  testimonials: [],
  averageRating: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

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
