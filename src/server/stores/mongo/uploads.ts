import { ObjectId } from 'mongodb';
import { assertChunkIndex } from '../record-rules';
import type { UploadRecord, UploadStore } from '../types';
import { COLLECTIONS } from './client';
import { byObjectId, objectId, withHexId, type Run } from './documents';

// Chunked media uploads in progress (contract: uploads.test.ts).

type UploadDoc = Omit<UploadRecord, '_id'> & {
  _id: ObjectId;
  /** When MongoDB's TTL monitor removes the record: a day after expiry, so cleanup can first delete its chunks. */
  purgeAt: Date;
};

const UPLOAD_PURGE_GRACE_MS = 24 * 60 * 60 * 1000;

function toUpload(doc: UploadDoc): UploadRecord {
  const { purgeAt: _p, ...upload } = doc;
  return withHexId(upload);
}

export function uploadStore(run: Run): UploadStore {
  const { collection: uploads, ...byId } = byObjectId(run, COLLECTIONS.uploads, toUpload);
  const setFields = (id: string, set: Record<string, unknown>) => byId.update(id, { $set: set });
  const openUploads = (expiresAt: { $lte: Date } | { $gt: Date }) =>
    run(async (db) => (await uploads(db).find({ status: 'open', expiresAt }).toArray()).map(toUpload));
  return {
    create: (data) =>
      run(async (db) => {
        const doc: UploadDoc = {
          ...data,
          _id: new ObjectId(),
          received: {},
          status: 'open',
          createdAt: new Date(),
          purgeAt: new Date(data.expiresAt.getTime() + UPLOAD_PURGE_GRACE_MS),
        };
        await uploads(db).insertOne(doc);
        return toUpload(doc);
      }),
    get: byId.get,
    markChunk: async (id, index, bytes) => {
      assertChunkIndex(index);
      return setFields(id, { [`received.${index}`]: bytes });
    },
    markCommitted: (id, key) => setFields(id, { status: 'committed', key }),
    delete: (id) =>
      run(async (db) => {
        const _id = objectId(id);
        if (_id) await uploads(db).deleteOne({ _id });
      }),
    listExpired: (now) => openUploads({ $lte: now }),
    listOpen: (now) => openUploads({ $gt: now }),
  };
}
