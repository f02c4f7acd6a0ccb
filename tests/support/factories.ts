// One factory per entity for unit tests: a valid record with every kind of field filled, parsed by the shared
// schema (so a new required field fails here once, not in every test), with the fields a test cares about overridden.
import { ServiceSchema, type Service } from '../../src/shared/schemas/service';

/** A stored service as the API returns it. */
export function storedService(overrides: Partial<Service> = {}): Service {
  return ServiceSchema.parse({
    _id: 'a'.repeat(24),
    name: 'Akashic Reading',
    category: 'Astrology',
    shortDescription: 'Short',
    description: 'Long',
    price: 2500,
    offerPrice: 1999,
    duration: '60 minutes',
    deliveryMethod: 'Chat',
    availability: 'Evenings',
    bookingLink: 'https://example.test/book',
    image: '/media/abc.png',
    note: '',
    whatIsThis: '',
    processDescription: '',
    preparation: '',
    afterCare: '',
    benefits: ['Calm'],
    prerequisites: [],
    whatToExpected: ['A recording'],
    whatCanBeAsked: [{ category: 'Career', questions: ['Which path?'] }],
    faq: [{ question: 'Q', answer: 'A' }],
    tags: ['clarity'],
    isActive: true,
    isFeatured: false,
    testimonials: [],
    averageRating: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}
