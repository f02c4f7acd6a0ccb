import type { Db, Document } from 'mongodb';
import { SCHEDULE_FIELDS } from '../schedule-fields';
import type { ScheduleStore } from '../types';
import { COLLECTIONS } from './client';
import type { Run } from './documents';

/**
 * Four small reads in parallel, one per bound field: the earliest value after `after` among active documents.
 * Bounds are stored as `toISOString()` text, which sorts as time does. One practitioner's services and banners are a
 * few dozen documents, so these need no index of their own (the scheduled check runs once a minute).
 */
export function mongoScheduleStore(run: Run): ScheduleStore {
  const earliest = async (db: Db, collection: string, field: string, extra: Document, after: string) => {
    const doc = await db
      .collection(collection)
      .find({ isActive: true, ...extra, [field]: { $type: 'string', $gt: after } }, { projection: { [field]: 1 } })
      .sort({ [field]: 1 })
      .limit(1)
      .next();
    const value: unknown = doc?.[field];
    return typeof value === 'string' ? value : null;
  };
  return {
    nextBoundary: (after) =>
      run(async (db) => {
        const since = after.toISOString();
        const withOffer = { offerPrice: { $type: 'number' } };
        const found = await Promise.all([
          ...SCHEDULE_FIELDS.services.map((field) => earliest(db, COLLECTIONS.services, field, withOffer, since)),
          ...SCHEDULE_FIELDS.banners.map((field) => earliest(db, COLLECTIONS.banners, field, {}, since)),
        ]);
        const next = found.filter((value) => value !== null).sort()[0];
        return next ? new Date(next) : null;
      }),
  };
}
