// The index migration (`npm run db:migrate`) against the wire-protocol stand-in: it creates every index, is safe to
// run again, fails loudly on a conflict, and the stores themselves never create an index on a request.
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standinAvailable, startStandin, type Standin } from '../../../../tests/support/mongo-standin';
import { sampleService } from '../../../../tests/support/server/samples';
import { COLLECTIONS, INDEXES } from './client';
import { createMongoStores } from './index';
import { backfillServiceSlugs } from '../../domain/service-slugs';
import { migrateIndexes, MigrationError } from './migrate';

describe.skipIf(!standinAvailable())('MongoDB index migration (stand-in)', () => {
  let standin: Standin;
  let client: MongoClient;
  const databases: string[] = [];
  const freshDb = () => {
    const name = `sg_migrate_${databases.length}_${Date.now().toString(36)}`;
    databases.push(name);
    return name;
  };
  const indexNames = async (db: string, collection: string) =>
    (await client.db(db).collection(collection).indexes()).map((index) => String(index.name)).sort();

  beforeAll(async () => {
    standin = await startStandin();
    client = new MongoClient(standin.uri);
    await client.connect();
  }, 300_000);
  afterAll(async () => {
    await client?.close();
    await standin?.stop();
  });

  it('creates every declared index, and a second run changes nothing', async () => {
    const db = freshDb();
    const first = await migrateIndexes(standin.uri, db);
    const second = await migrateIndexes(standin.uri, db);
    expect(second).toEqual(first);
    for (const [collection, indexes] of Object.entries(INDEXES)) {
      const expected = ['_id_', ...indexes.map((index) => String(index.name))].sort();
      expect(await indexNames(db, collection)).toEqual(expected);
    }
  });

  it('fails loudly on a conflict, naming the collection and index but not the stored value', async () => {
    const db = freshDb();
    // Two admins whose names differ only in case: the case-insensitive unique index cannot be built.
    await client
      .db(db)
      .collection(COLLECTIONS.admins)
      .insertMany([
        { username: 'Asha', usernameLower: 'asha', emailLower: 'a@example.com' },
        { username: 'asha', usernameLower: 'asha', emailLower: 'b@example.com' },
      ]);
    const failure = await migrateIndexes(standin.uri, db).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    const message = (failure as MigrationError).message;
    expect(message).toContain(`${db}.admins`);
    expect(message).toContain('username_unique');
    expect(message).toContain('DuplicateKey');
    expect(message).not.toContain('asha');
  });

  it('requests never create indexes: the stores work on an unmigrated database and leave it unindexed', async () => {
    const db = freshDb();
    const stores = await createMongoStores(standin.uri, db);
    try {
      await stores.services.create(sampleService(1));
      expect(await stores.services.list({ activeOnly: true })).toHaveLength(1);
      expect(await stores.admins.count()).toBe(0);
    } finally {
      await stores.close();
    }
    expect(await indexNames(db, COLLECTIONS.services)).toEqual(['_id_']);
    expect(await client.db(db).listCollections({ name: COLLECTIONS.admins }).toArray()).toEqual([]);
  });

  it('gives services saved before slugs a slug, and the unique index then refuses a second service with it', async () => {
    const db = freshDb();
    // Two services as an older deploy stored them: no slug, the same name.
    const stores = await createMongoStores(standin.uri, db);
    try {
      await stores.services.create(sampleService(1, { name: 'Tarot Reading' }));
      await stores.services.create(sampleService(2, { name: 'Tarot Reading' }));
    } finally {
      await stores.close();
    }
    await migrateIndexes(standin.uri, db);
    const fill = async () => {
      const migrating = await createMongoStores(standin.uri, db);
      try {
        return await backfillServiceSlugs(migrating.services);
      } finally {
        await migrating.close();
      }
    };
    expect(await fill()).toBe(2);
    expect(await fill()).toBe(0);
    const services = client.db(db).collection(COLLECTIONS.services);
    const slugs = (await services.find({}).sort({ createdAt: 1, _id: 1 }).toArray()).map(
      (doc) => doc['slug'] as string,
    );
    expect(slugs).toEqual(['tarot-reading', 'tarot-reading-2']);
    await expect(services.insertOne({ name: 'Copy', slug: 'tarot-reading' })).rejects.toMatchObject({ code: 11000 });
    // Services without a slug never clash with each other (the index is sparse).
    await services.insertMany([{ name: 'Legacy A' }, { name: 'Legacy B' }]);
  });
});
