import { ObjectId, type Db } from 'mongodb';
import type { TrashKind } from '../../../shared/schemas/trash';
import { isId } from '../ids';
import { trashRecord } from '../trash-entries';
import type { TrashRecord, TrashStore } from '../types';
import { COLLECTIONS } from './client';
import { objectId, type Run } from './documents';

type SourceDoc = Record<string, unknown> & { _id: ObjectId };
/** Trash entries are keyed by the item's hex id (a string `_id`, as the meta and rate-limit collections do). */
type TrashDoc = Omit<TrashRecord, '_id'> & { _id: string };

const SOURCE: Record<TrashKind, string> = {
  service: COLLECTIONS.services,
  banner: COLLECTIONS.banners,
  message: COLLECTIONS.contact,
};

/**
 * The trash on MongoDB. There are no transactions (Atlas has them, the stand-in does not, and one small collection
 * does not need them): moving in writes the entry before removing the record, restoring writes the record before
 * removing the entry, so a failure half-way leaves a copy in both places, never in neither, and a retry completes it.
 * Expired entries are purged by the domain on every listing and delete (not by a TTL index: the purge must also
 * release the item's media, docs/admin.md "Trash and undo").
 */
export function mongoTrashStore(run: Run): TrashStore {
  const trash = (db: Db) => db.collection<TrashDoc>(COLLECTIONS.trash);
  const source = (db: Db, kind: TrashKind) => db.collection<SourceDoc>(SOURCE[kind]);
  return {
    moveIn: (kind, id, now, expiresAt) =>
      run(async (db) => {
        const _id = objectId(id);
        if (!_id) return null;
        const doc = await source(db, kind).findOne({ _id });
        if (!doc) return null;
        const item = { ...doc, _id: id };
        const record: TrashRecord = trashRecord(kind, id, item, now, expiresAt);
        await trash(db).replaceOne({ _id: id }, record, { upsert: true });
        await source(db, kind).deleteOne({ _id });
        return record;
      }),
    list: () => run(async (db) => trash(db).find({}).sort({ deletedAt: -1, _id: -1 }).toArray()),
    get: (id) => run(async (db) => (isId(id) ? trash(db).findOne({ _id: id }) : null)),
    restore: (id) =>
      run(async (db) => {
        if (!isId(id)) return null;
        const record = await trash(db).findOne({ _id: id });
        if (!record) return null;
        // `linkUrl` is a read-time alias of a banner's `link`, never stored on MongoDB.
        const { linkUrl: _alias, ...item } = record.item;
        const doc: SourceDoc = {
          ...(record.kind === 'banner' ? item : record.item),
          _id: ObjectId.createFromHexString(id),
        };
        await source(db, record.kind).replaceOne({ _id: doc._id }, doc, { upsert: true });
        await trash(db).deleteOne({ _id: id });
        return record;
      }),
    remove: (id) => run(async (db) => (isId(id) ? trash(db).findOneAndDelete({ _id: id }) : null)),
    purgeExpired: (now) =>
      run(async (db) => {
        const expired = await trash(db)
          .find({ expiresAt: { $lte: now.toISOString() } })
          .toArray();
        if (expired.length > 0) await trash(db).deleteMany({ _id: { $in: expired.map((r) => r._id) } });
        return expired;
      }),
  };
}
