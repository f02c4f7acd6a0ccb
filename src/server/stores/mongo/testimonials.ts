import { ObjectId, type Db } from 'mongodb';
import type { TestimonialRecord } from '../../../shared/schemas/testimonial';
import { nowIso } from '../common';
import { isId } from '../ids';
import { testimonialFields, type TestimonialStore } from '../testimonials';
import { COLLECTIONS } from './client';

type Run = <T>(work: (db: Db) => Promise<T>) => Promise<T>;
type TestimonialDoc = Omit<TestimonialRecord, '_id'> & { _id: ObjectId };

const toRecord = (doc: TestimonialDoc): TestimonialRecord => ({ ...doc, _id: doc._id.toHexString() });

export function mongoTestimonialStore(run: Run): TestimonialStore {
  const testimonials = (db: Db) => db.collection<TestimonialDoc>(COLLECTIONS.testimonials);
  const oid = (id: string) => (isId(id) ? ObjectId.createFromHexString(id) : null);
  return {
    list: () =>
      run(async (db) =>
        (await testimonials(db).find({}).sort({ order: 1, createdAt: 1, _id: 1 }).toArray()).map(toRecord),
      ),
    get: (id) =>
      run(async (db) => {
        const _id = oid(id);
        const doc = _id ? await testimonials(db).findOne({ _id }) : null;
        return doc ? toRecord(doc) : null;
      }),
    create: (data) =>
      run(async (db) => {
        const now = nowIso();
        const doc: TestimonialDoc = { ...testimonialFields(data), _id: new ObjectId(), createdAt: now, updatedAt: now };
        await testimonials(db).insertOne(doc);
        return toRecord(doc);
      }),
    replace: (id, data) =>
      run(async (db) => {
        const _id = oid(id);
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
    delete: (id) =>
      run(async (db) => {
        const _id = oid(id);
        const doc = _id ? await testimonials(db).findOneAndDelete({ _id }) : null;
        return doc ? toRecord(doc) : null;
      }),
  };
}
