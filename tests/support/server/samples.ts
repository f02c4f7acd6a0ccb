// Test data for the store tests (contract, durability, concurrency). Not used by the app.
import type { NewBanner, NewService } from '../../../src/server/stores/types';

/** A complete, valid service; `i` makes each one distinguishable. */
export function sampleService(i: number, overrides: Partial<NewService> = {}): NewService {
  return {
    name: `Sample service ${i}`,
    category: 'Tarot Reading',
    shortDescription: `Short description ${i}`,
    description: `A longer description of sample service ${i}.`,
    price: 1000 + i,
    offerPrice: 900 + i,
    duration: '45 minutes',
    deliveryMethod: 'Video Call',
    availability: 'Weekdays',
    bookingLink: 'https://example.org/book',
    image: `/media/sample-${i}.webp`,
    note: '',
    whatIsThis: 'What it is.',
    processDescription: '',
    preparation: '',
    afterCare: '',
    benefits: ['Clarity', 'Calm'],
    prerequisites: [],
    whatToExpected: [],
    whatCanBeAsked: [{ category: 'Career', questions: ['What next?'] }],
    faq: [{ question: 'How long?', answer: 'About 45 minutes.' }],
    tags: ['sample'],
    isActive: true,
    isFeatured: false,
    ...overrides,
  };
}

export function sampleBanner(i: number, overrides: Partial<NewBanner> = {}): NewBanner {
  return {
    title: `Banner ${i}`,
    description: `Banner description ${i}`,
    link: '/service',
    order: 0,
    mediaType: 'image',
    mediaUrl: `/media/banner-${i}.webp`,
    isActive: true,
    ...overrides,
  };
}
