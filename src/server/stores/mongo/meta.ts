import type { Db } from 'mongodb';
import { asJson } from '../record-rules';
import type { MetaStore } from '../types';
import { COLLECTIONS } from './client';
import { retryDuplicate, type Run } from './documents';

// Small named values such as the content version (src/server/stores/content-version.ts).

interface MetaDoc {
  _id: string;
  value: unknown;
}

export function metaStore(run: Run): MetaStore {
  const meta = (db: Db) => db.collection<MetaDoc>(COLLECTIONS.meta);
  return {
    get: <T>(key: string) =>
      run(async (db) => {
        const doc = await meta(db).findOne({ _id: key });
        return doc ? ((doc.value ?? null) as T | null) : null;
      }),
    set: (key, value) =>
      run(async (db) => {
        await meta(db).updateOne({ _id: key }, { $set: { value: asJson(value) } }, { upsert: true });
      }),
    increment: (key) =>
      run(async (db) => {
        const doc = await retryDuplicate(() =>
          // A numeric view of the same collection: a counter's value is a number.
          db
            .collection<{ _id: string; value: number }>(COLLECTIONS.meta)
            .findOneAndUpdate({ _id: key }, { $inc: { value: 1 } }, { upsert: true, returnDocument: 'after' }),
        );
        if (!doc || typeof doc.value !== 'number') throw new Error(`meta ${key} is not a number`);
        return doc.value;
      }),
  };
}
