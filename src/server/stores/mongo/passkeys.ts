import { ObjectId } from 'mongodb';
import { nowIso } from '../record-rules';
import { normalisePasskey } from '../passkey-record';
import { DuplicateKeyError, type PasskeyRecord, type PasskeyStore } from '../types';
import { COLLECTIONS, isDuplicateKey } from './client';
import { objectId, withHexId, type Run } from './documents';

type PasskeyDoc = Omit<PasskeyRecord, '_id'> & { _id: ObjectId };

const toRecord = (doc: PasskeyDoc): PasskeyRecord => normalisePasskey(withHexId(doc));

/** Unique on credentialId and listed by adminId: both indexes come from the migration (client.ts, INDEXES). */
export function mongoPasskeyStore(run: Run): PasskeyStore {
  const passkeys = (db: Parameters<Parameters<Run>[0]>[0]) => db.collection<PasskeyDoc>(COLLECTIONS.passkeys);
  /** Sets fields on the passkey with this id (that also matches `filter`): the updated record, or null if none. */
  const setFields = async (
    db: Parameters<Parameters<Run>[0]>[0],
    id: string,
    filter: Pick<PasskeyDoc, 'adminId'> | Record<string, never>,
    fields: Partial<Pick<PasskeyDoc, 'name' | 'counter' | 'lastUsedAt'>>,
  ) => {
    const _id = objectId(id);
    if (!_id) return null;
    const doc = await passkeys(db).findOneAndUpdate({ _id, ...filter }, { $set: fields }, { returnDocument: 'after' });
    return doc ? toRecord(doc) : null;
  };
  return {
    create: (data) =>
      run(async (db) => {
        const doc: PasskeyDoc = { ...data, _id: new ObjectId(), createdAt: nowIso(), lastUsedAt: null };
        try {
          await passkeys(db).insertOne(doc);
        } catch (error) {
          if (isDuplicateKey(error)) throw new DuplicateKeyError('credentialId');
          throw error;
        }
        return toRecord(doc);
      }),
    listByAdmin: (adminId) =>
      run(async (db) => (await passkeys(db).find({ adminId }).sort({ createdAt: 1, _id: 1 }).toArray()).map(toRecord)),
    findByCredentialId: (credentialId) =>
      run(async (db) => {
        const doc = await passkeys(db).findOne({ credentialId });
        return doc ? toRecord(doc) : null;
      }),
    rename: (adminId, id, name) => run((db) => setFields(db, id, { adminId }, { name })),
    markUsed: (id, counter, at) => run((db) => setFields(db, id, {}, { counter, lastUsedAt: at })),
    delete: (adminId, id) =>
      run(async (db) => {
        const _id = objectId(id);
        if (!_id) return false;
        return (await passkeys(db).deleteOne({ _id, adminId })).deletedCount > 0;
      }),
  };
}
