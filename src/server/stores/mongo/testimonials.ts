import { ObjectId } from 'mongodb';
import type { TestimonialRecord } from '../../../shared/schemas/testimonial';
import { nowIso } from '../record-rules';
import { testimonialFields } from '../testimonial-fields';
import type { TestimonialStore } from '../types';
import { COLLECTIONS } from './client';
import { byObjectId, objectId, withHexId, type Run } from './documents';

type TestimonialDoc = Omit<TestimonialRecord, '_id'> & { _id: ObjectId };

const toRecord = (doc: TestimonialDoc): TestimonialRecord => withHexId(doc);

export function mongoTestimonialStore(run: Run): TestimonialStore {
  const { collection: testimonials, ...byId } = byObjectId(run, COLLECTIONS.testimonials, toRecord);
  return {
    list: () =>
      run(async (db) =>
        (await testimonials(db).find({}).sort({ order: 1, createdAt: 1, _id: 1 }).toArray()).map(toRecord),
      ),
    get: byId.get,
    create: (data) =>
      run(async (db) => {
        const now = nowIso();
        const doc: TestimonialDoc = { ...testimonialFields(data), _id: new ObjectId(), createdAt: now, updatedAt: now };
        await testimonials(db).insertOne(doc);
        return toRecord(doc);
      }),
    replace: (id, data) =>
      run(async (db) => {
        const _id = objectId(id);
        if (!_id) return null;
        const current = await testimonials(db).findOne({ _id });
        if (!current) return null;
        const next: TestimonialDoc = {
          ...testimonialFields(data),
          _id,
          createdAt: current.createdAt,
          updatedAt: nowIso(),
        };
        const result = await testimonials(db).replaceOne({ _id }, next);
        return result.matchedCount > 0 ? toRecord(next) : null;
      }),
    delete: byId.remove,
  };
}
