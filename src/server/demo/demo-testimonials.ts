// Demo testimonials for a first start (docs/admin.md, "Testimonials"). Written gently, in the clients' plain words,
// with no promise of an outcome: a reading offers perspective, it does not fix a life.
import type { TestimonialFormValues } from '../../shared/schemas/testimonial';

export interface DemoTestimonial {
  /** The demo service it belongs to (its slug in demo-seed.ts), or none. */
  service?: string;
  fields: TestimonialFormValues;
}

export const DEMO_TESTIMONIALS: readonly DemoTestimonial[] = [
  {
    service: 'akashic-records-reading',
    fields: {
      name: 'Meera',
      text: 'I came in with a knot of questions about my work and left with a calmer way of looking at them. Nothing felt rushed, and I was never told what to do, only helped to listen to myself.',
      rating: 5,
      date: '2026-09-14',
      isVisible: true,
      featuredOnHome: true,
    },
  },
  {
    service: 'tarot-reading-love-and-relationships',
    fields: {
      name: 'R. K.',
      text: 'A gentle, honest reading. It did not give me a neat answer, but it gave me words for what I was feeling, and that was what I needed that week.',
      rating: 5,
      date: '2026-10-02',
      isVisible: true,
      featuredOnHome: true,
    },
  },
  {
    service: 'akashic-records-reading',
    fields: {
      name: 'Anjali',
      text: 'Warm and unhurried. I appreciated how clearly the session was explained beforehand.',
      rating: 4,
      date: '2026-10-21',
      isVisible: true,
      featuredOnHome: false,
    },
  },
  {
    service: 'energy-cleansing',
    fields: {
      name: 'S.',
      text: 'I felt lighter and more settled afterwards. A quiet hour I keep coming back to in my mind.',
      date: '2026-11-03',
      isVisible: true,
      featuredOnHome: true,
    },
  },
];
