// What the MongoDB stores share about documents keyed by an ObjectId (services, banners, admins, messages, uploads,
// testimonials): ids are ObjectIds in the database and 24-hex strings in the API, the shape the embedded store uses.
import { ObjectId, type Collection, type Db, type Filter, type UpdateFilter, type WithId } from 'mongodb';
import { isId } from '../ids';
import {
  isDuplicateKey,
  OPERATION_DEADLINE_MS,
  OperationDeadlineError,
  translateError,
  type ClientHandle,
} from './client';

/** Runs one operation against the database, under the store's deadline and error translation (createMongoStores). */
export type Run = <T>(work: (db: Db) => Promise<T>) => Promise<T>;

/** The Run of one Stores object: each operation gets the database of `handle`, a deadline and translated errors. */
export function operationRunner(handle: ClientHandle, dbName: string): Run {
  return async (work) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new OperationDeadlineError(OPERATION_DEADLINE_MS)), OPERATION_DEADLINE_MS);
    });
    try {
      return await Promise.race([(async () => work(await handle.db(dbName)))(), deadline]);
    } catch (error) {
      handle.failed(error);
      throw translateError(error);
    } finally {
      clearTimeout(timer);
    }
  };
}

/** How often a write that lost a race on a unique key is tried again. */
export const DUPLICATE_RETRIES = 3;

/**
 * An upsert racing another upsert of the same new key may lose with a duplicate-key error (the server retries most
 * such cases itself, not all): trying again finds the document the winner inserted.
 */
export async function retryDuplicate<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDuplicateKey(error) || attempt >= DUPLICATE_RETRIES) throw error;
    }
  }
}

/** The ObjectId for an API id, or null when the id cannot name a document (then nothing is found). */
export function objectId(id: string): ObjectId | null {
  return isId(id) ? ObjectId.createFromHexString(id) : null;
}

export function withHexId<T extends { _id: ObjectId }>(doc: T): Omit<T, '_id'> & { _id: string } {
  return { ...doc, _id: doc._id.toHexString() };
}

/**
 * The collection `name` and reading, updating and removing one of its documents by API id; each answers the document
 * converted for the API by `convert` (the updated one after an update), or null when the id names none.
 */
export function byObjectId<D extends { _id: ObjectId }, R>(run: Run, name: string, convert: (doc: D) => R) {
  const collection = (db: Db): Collection<D> => db.collection<D>(name);
  // The driver types a generic document as WithId<D>; with `_id: ObjectId` in D that is D itself.
  const found = (doc: WithId<D> | null): R | null => (doc ? convert(doc as D) : null);
  const filter = (_id: ObjectId) => ({ _id }) as Filter<D>;
  return {
    collection,
    get: (id: string) =>
      run(async (db) => {
        const _id = objectId(id);
        return found(_id ? await collection(db).findOne(filter(_id)) : null);
      }),
    update: (id: string, update: UpdateFilter<D>) =>
      run(async (db) => {
        const _id = objectId(id);
        return found(
          _id ? await collection(db).findOneAndUpdate(filter(_id), update, { returnDocument: 'after' }) : null,
        );
      }),
    remove: (id: string) =>
      run(async (db) => {
        const _id = objectId(id);
        return found(_id ? await collection(db).findOneAndDelete(filter(_id)) : null);
      }),
  };
}
