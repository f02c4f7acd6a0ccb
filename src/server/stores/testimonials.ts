// Testimonials are their own collection (docs/admin.md, "Testimonials"); a service's `testimonials` and
// `averageRating` are derived from it (src/server/domain/testimonials.ts).
import type { TestimonialInput, TestimonialRecord } from '../../shared/schemas/testimonial';

export type NewTestimonial = TestimonialInput & { order: number };

export interface TestimonialStore {
  /** By `order` ascending, then oldest first. */
  list(): Promise<TestimonialRecord[]>;
  get(id: string): Promise<TestimonialRecord | null>;
  create(data: NewTestimonial): Promise<TestimonialRecord>;
  /**
   * Replaces the editable fields (an absent `rating` or `serviceId` clears it, as the form always sends the whole
   * testimonial) and sets `updatedAt`. null when no testimonial has this id.
   */
  replace(id: string, data: NewTestimonial): Promise<TestimonialRecord | null>;
  delete(id: string): Promise<TestimonialRecord | null>;
}

/**
 * The stored fields of a create or replace, for both stores: only the given ones, so an optional field left out of
 * `data` is cleared, not kept.
 */
export function testimonialFields(data: NewTestimonial): Omit<TestimonialRecord, '_id' | 'createdAt' | 'updatedAt'> {
  return {
    name: data.name,
    text: data.text,
    ...(data.rating !== undefined ? { rating: data.rating } : {}),
    ...(data.serviceId !== undefined ? { serviceId: data.serviceId } : {}),
    date: data.date,
    isVisible: data.isVisible,
    featuredOnHome: data.featuredOnHome,
    order: data.order,
  };
}
