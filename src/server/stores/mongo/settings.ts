import type { Db } from 'mongodb';
import { asJson } from '../record-rules';
import { nextUpdatedAt, SITE_SETTINGS_KEY } from '../settings-version';
import type { SettingsStore, StoredSiteSettings } from '../types';
import { isDuplicateKey } from './client';
import type { Run } from './documents';

type SettingsDoc = { _id: string; value: StoredSiteSettings };

/** Collection of the settings document (one document, `_id: 'site'`); it needs no index. */
export const SETTINGS_COLLECTION = 'site_settings';

/** Conflicting writers retry this many times before giving up (a plain put only; a versioned put answers null). */
const WRITE_RETRIES = 5;

/**
 * The settings document, written with compare-and-set on its `updatedAt`: a write replaces the document only if it
 * is still the one read (or inserts it when there was none), so concurrent saves never interleave.
 */
export function settingsStore(run: Run): SettingsStore {
  const collection = (db: Db) => db.collection<SettingsDoc>(SETTINGS_COLLECTION);
  const read = async (db: Db) => (await collection(db).findOne({ _id: SITE_SETTINGS_KEY }))?.value ?? null;
  return {
    get: () => run(read),
    put: (data, options = {}) =>
      run(async (db) => {
        for (let attempt = 0; attempt < WRITE_RETRIES; attempt += 1) {
          const stored = await read(db);
          const seen = stored?.updatedAt ?? null;
          if (options.expectedUpdatedAt !== undefined && seen !== options.expectedUpdatedAt) return null;
          const value = asJson({ ...data, updatedAt: nextUpdatedAt(seen) }) as StoredSiteSettings;
          if (seen === null) {
            try {
              await collection(db).insertOne({ _id: SITE_SETTINGS_KEY, value });
              return value;
            } catch (error) {
              if (isDuplicateKey(error)) continue;
              throw error;
            }
          }
          const result = await collection(db).updateOne(
            { _id: SITE_SETTINGS_KEY, 'value.updatedAt': seen },
            { $set: { value } },
          );
          if (result.matchedCount === 1) return value;
        }
        if (options.expectedUpdatedAt !== undefined) return null;
        throw new Error('Site settings: too many concurrent writes');
      }),
  };
}
