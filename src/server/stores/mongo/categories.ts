import type { Db } from 'mongodb';
import { DEFAULT_CATEGORIES, findCategory, type Category } from '../../../shared/schemas/category';
import type { CategoryStore } from '../types';
import { COLLECTIONS, isDuplicateKey } from './client';
import type { Run } from './documents';

/**
 * One document holds the ordered list. `rev` grows with every write (compare-and-set, so concurrent writers never
 * interleave); `pending` records a rename whose services may not all have moved yet.
 */
type CategoriesDoc = { _id: string; items: Category[]; rev: number; pending?: { from: string; to: string } };

/** Collection of the categories document; it needs no index (one document, read by _id). */
export const CATEGORIES_COLLECTION = 'service_categories';
const ID = 'list';
const WRITE_RETRIES = 5;

const plain = (list: readonly Category[]) => list.map(({ name, hidden }) => ({ name, hidden }));

/**
 * A rename writes the new list together with a `pending` marker first, then moves the services with one updateMany,
 * then clears the marker. A rename cut short (a timeout, a cold function stopped) is finished by the next read, which
 * sees the marker and moves the rest: no service is left with a name the list no longer has (decision 011).
 */
export function mongoCategoryStore(run: Run): CategoryStore {
  const collection = (db: Db) => db.collection<CategoriesDoc>(CATEGORIES_COLLECTION);
  const services = (db: Db) => db.collection<{ category: string }>(COLLECTIONS.services);

  const finishRename = async (db: Db, doc: CategoriesDoc) => {
    if (!doc.pending) return doc;
    const { from, to } = doc.pending;
    await services(db).updateMany({ category: from }, { $set: { category: to } });
    await collection(db).updateOne({ _id: ID, rev: doc.rev }, { $unset: { pending: '' } });
    const { pending: _done, ...rest } = doc;
    return rest;
  };
  const read = async (db: Db) => {
    const doc = await collection(db).findOne({ _id: ID });
    return doc ? finishRename(db, doc) : null;
  };
  /** Writes `next(list)` over the document as read; retries when another writer got in between. */
  const write = async (
    db: Db,
    next: (list: Category[]) => { items: Category[]; pending?: CategoriesDoc['pending'] } | null,
  ) => {
    for (let attempt = 0; attempt < WRITE_RETRIES; attempt += 1) {
      const stored = await read(db);
      const change = next(stored?.items ?? plain(DEFAULT_CATEGORIES));
      if (!change) return null;
      const doc: CategoriesDoc = { _id: ID, items: plain(change.items), rev: (stored?.rev ?? 0) + 1 };
      if (change.pending) doc.pending = change.pending;
      if (!stored) {
        try {
          await collection(db).insertOne(doc);
          return doc;
        } catch (error) {
          if (isDuplicateKey(error)) continue;
          throw error;
        }
      }
      const result = await collection(db).replaceOne({ _id: ID, rev: stored.rev }, doc);
      if (result.matchedCount === 1) return doc;
    }
    throw new Error('Categories: too many concurrent writes');
  };

  return {
    list: () => run(async (db) => (await read(db))?.items ?? plain(DEFAULT_CATEGORIES)),
    save: (list) => run(async (db) => (await write(db, () => ({ items: [...list] })))!.items),
    rename: (from, to) =>
      run(async (db) => {
        let oldName = from;
        const doc = await write(db, (list) => {
          const found = findCategory(list, from);
          if (!found) return null;
          oldName = found.name;
          return { items: list.map((c) => (c === found ? { ...c, name: to } : c)), pending: { from: found.name, to } };
        });
        if (!doc) return null;
        const moved = await services(db).countDocuments({ category: oldName });
        await finishRename(db, doc);
        return { categories: doc.items, moved };
      }),
    countServices: (name) => run((db) => services(db).countDocuments({ category: name })),
  };
}
