// The manual order of services and banners in MongoDB (docs/admin.md, "Order on the site").
import { ObjectId, type Collection, type Db, type Document } from 'mongodb';
import type { Run } from './documents';

/**
 * Sets `field` of each listed document to its index in `ids`, in one ordered bulk write (one round trip). Without a
 * transaction a reader could catch the writes half done; the next read shows the whole order, and the static site
 * is only rebuilt after the change is recorded, once the write has finished.
 */
export async function writeOrder(
  collection: Collection<Document>,
  field: 'position' | 'order',
  ids: readonly string[],
): Promise<void> {
  if (ids.length === 0) return;
  await collection.bulkWrite(
    ids.map((id, index) => ({
      updateOne: { filter: { _id: ObjectId.createFromHexString(id) }, update: { $set: { [field]: index } } },
    })),
    { ordered: true },
  );
}

/** A store's `reorder`: writes the order of `ids` into `field` of the collection's documents (see writeOrder). */
export function reorderIn<D extends Document>(
  run: Run,
  collection: (db: Db) => Collection<D>,
  field: 'position' | 'order',
): (ids: readonly string[]) => Promise<void> {
  return (ids) => run((db) => writeOrder(collection(db) as unknown as Collection, field, ids));
}

/** The lowest `position` a service holds, or null when none holds one (see positionForNewService). */
export async function lowestPosition(collection: Collection<Document>): Promise<number | null> {
  const doc = await collection.findOne(
    { position: { $type: 'number' } },
    { sort: { position: 1 }, projection: { position: 1 } },
  );
  return typeof doc?.['position'] === 'number' ? doc['position'] : null;
}

/** The highest banner `order`, or null when there are no banners (see orderForNewBanner). */
export async function highestOrder(collection: Collection<Document>): Promise<number | null> {
  const doc = await collection.findOne({}, { sort: { order: -1 }, projection: { order: 1 } });
  return typeof doc?.['order'] === 'number' ? doc['order'] : null;
}
