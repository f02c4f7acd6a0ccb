import type { DatabaseSync } from 'node:sqlite';
import type { TestimonialRecord } from '../../../shared/schemas/testimonial';
import { nowIso } from '../record-rules';
import { isId, newId } from '../ids';
import { testimonialFields } from '../testimonial-fields';
import type { TestimonialStore } from '../types';
import { Collection } from './collection';

export function embeddedTestimonialStore(db: DatabaseSync): TestimonialStore {
  const testimonials = new Collection<TestimonialRecord>(db, 'testimonials');
  return {
    async list() {
      return testimonials
        .all()
        .sort((a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
    },
    async get(id) {
      return isId(id) ? testimonials.get(id) : null;
    },
    async create(data) {
      const now = nowIso();
      return testimonials.insert({ ...testimonialFields(data), _id: newId(), createdAt: now, updatedAt: now });
    },
    async replace(id, data) {
      if (!isId(id)) return null;
      return testimonials.modify(id, (current) => ({
        ...testimonialFields(data),
        _id: id,
        createdAt: current.createdAt,
        updatedAt: nowIso(),
      }));
    },
    async delete(id) {
      return isId(id) ? testimonials.take(id) : null;
    },
  };
}
