import type { DatabaseSync } from 'node:sqlite';
import type { TestimonialRecord } from '../../../shared/schemas/testimonial';
import { nowIso } from '../common';
import { isId, newId } from '../ids';
import type { NewTestimonial, TestimonialStore } from '../testimonials';
import { Collection } from './collection';
import { transaction } from './database';

/** Only the given fields: an optional one left out of `data` is cleared, not kept. */
function fields(data: NewTestimonial): Omit<TestimonialRecord, '_id' | 'createdAt' | 'updatedAt'> {
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
      return testimonials.insert({ ...fields(data), _id: newId(), createdAt: now, updatedAt: now });
    },
    async replace(id, data) {
      if (!isId(id)) return null;
      return transaction(db, () => {
        const current = testimonials.get(id);
        if (!current) return null;
        const next: TestimonialRecord = { ...fields(data), _id: id, createdAt: current.createdAt, updatedAt: nowIso() };
        testimonials.replace(next);
        return next;
      });
    },
    async delete(id) {
      if (!isId(id)) return null;
      return transaction(db, () => {
        const current = testimonials.get(id);
        if (current) testimonials.delete(id);
        return current;
      });
    },
  };
}
