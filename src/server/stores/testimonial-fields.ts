// The fields both testimonial stores write (TestimonialStore in ./types.ts).
import type { TestimonialRecord } from '../../shared/schemas/testimonial';
import type { NewTestimonial } from './types';

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
