import { ObjectId, type Db, type Document } from 'mongodb';
import { BACKUP_COLLECTIONS, byId, snapshotIsEmpty } from '../backup-access';
import type { BackupAccess, BackupCollection, ContentSnapshot, RawDocument } from '../backup-access';
import { SITE_SETTINGS_KEY } from '../settings-version';
import { CATEGORIES_COLLECTION } from './categories';
import { COLLECTIONS } from './client';
import type { Run } from './documents';
import { SETTINGS_COLLECTION } from './settings';

/** Collection names, and whether `_id` is an ObjectId there (the trash keys entries by the item's hex string). */
const COLL: Record<BackupCollection, { name: string; objectIds: boolean }> = {
  services: { name: COLLECTIONS.services, objectIds: true },
  banners: { name: COLLECTIONS.banners, objectIds: true },
  testimonials: { name: COLLECTIONS.testimonials, objectIds: true },
  messages: { name: COLLECTIONS.contact, objectIds: true },
  trash: { name: COLLECTIONS.trash, objectIds: false },
};
const CATEGORIES_ID = 'list';

const toRaw = (doc: Document): RawDocument => {
  const id: unknown = doc['_id'];
  return { ...doc, _id: id instanceof ObjectId ? id.toHexString() : String(id) };
};

/**
 * Raw read and replace of the MongoDB content. There are no transactions (the stand-in has none), so `replace`
 * clears and writes collection by collection; the restore script verifies the whole backup before it starts, so
 * only an outage half-way can leave it partial, and running it again with --force completes it.
 */
export function mongoBackupAccess(run: Run): BackupAccess {
  const read = (db: Db): Promise<ContentSnapshot> =>
    (async () => {
      const collections = {} as Record<BackupCollection, RawDocument[]>;
      for (const name of BACKUP_COLLECTIONS) {
        const docs = await db.collection(COLL[name].name).find({}).toArray();
        collections[name] = docs.map(toRaw).sort(byId);
      }
      const settings = await db.collection<{ _id: string; value: unknown }>(SETTINGS_COLLECTION).findOne({
        _id: SITE_SETTINGS_KEY,
      });
      const categories = await db
        .collection<{ _id: string; items: unknown }>(CATEGORIES_COLLECTION)
        .findOne({ _id: CATEGORIES_ID });
      return { collections, settings: settings?.value ?? null, categories: categories?.items ?? null };
    })();
  return {
    read: () => run(read),
    isEmpty: () => run(async (db) => snapshotIsEmpty(await read(db))),
    replace: (snapshot) =>
      run(async (db) => {
        for (const name of BACKUP_COLLECTIONS) {
          const { name: collection, objectIds } = COLL[name];
          await db.collection(collection).deleteMany({});
          const docs = snapshot.collections[name].map((doc) => ({
            ...doc,
            _id: objectIds ? ObjectId.createFromHexString(doc._id) : doc._id,
          }));
          if (docs.length > 0) await db.collection<{ _id: ObjectId | string }>(collection).insertMany(docs);
        }
        const settings = db.collection<{ _id: string; value: unknown }>(SETTINGS_COLLECTION);
        await settings.deleteOne({ _id: SITE_SETTINGS_KEY });
        if (snapshot.settings !== null) await settings.insertOne({ _id: SITE_SETTINGS_KEY, value: snapshot.settings });
        const categories = db.collection<{ _id: string; items: unknown; rev: number }>(CATEGORIES_COLLECTION);
        await categories.deleteOne({ _id: CATEGORIES_ID });
        if (snapshot.categories !== null) {
          await categories.insertOne({ _id: CATEGORIES_ID, items: snapshot.categories, rev: 1 });
        }
      }),
  };
}
