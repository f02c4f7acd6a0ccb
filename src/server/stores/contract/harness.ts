// The harness of the store contract (docs/decisions/001-embedded-store.md): one suite, run against every store
// implementation. The embedded store runs on a temporary file; MongoDB runs against MONGODB_URI when it is set, else
// against the wire-protocol stand-in when ../shared/tools/mongo-standin is there (as in CI), else not at all
// (tests/setup/mongo-standin.ts says so). Each MongoDB test gets its own throwaway database, migrated first (the
// indexes come from `npm run db:migrate`, not from the stores), dropped afterwards. The contract is split by store
// family into the files beside this one; src/server/stores/contract.test.ts keeps the general part.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import {
  externalMongoUri,
  standinAvailable,
  startStandin,
  type Standin,
} from '../../../../tests/support/mongo-standin';
import { createEmbeddedStores } from '../embedded';
import { createMongoStores } from '../mongo';
import { migrateIndexes } from '../mongo/migrate';
import type { Stores } from '../types';

export interface Implementation {
  name: string;
  available: boolean;
  /** Opens an empty store; `dispose` closes it and removes its data. */
  open(): Promise<{ stores: Stores; dispose: () => Promise<void> }>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const MISSING_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';

/** The implementations to run the contract against; call once per test file, at its top level. */
export function storeImplementations(): Implementation[] {
  const EXTERNAL_URI = externalMongoUri();
  const mongoAvailable = EXTERNAL_URI !== undefined || standinAvailable();
  let mongoUri = EXTERNAL_URI ?? '';
  let standin: Standin | undefined;

  beforeAll(async () => {
    if (!mongoAvailable || EXTERNAL_URI) return;
    standin = await startStandin();
    mongoUri = standin.uri;
  }, 300_000);
  afterAll(async () => {
    await standin?.stop();
  });

  const tempRoot = mkdtempSync(path.join(tmpdir(), 'sg-contract-'));
  afterAll(() => rmSync(tempRoot, { recursive: true, force: true }));

  return [
    {
      name: 'embedded',
      available: true,
      async open() {
        const dir = mkdtempSync(path.join(tempRoot, 'db-'));
        const stores = createEmbeddedStores(path.join(dir, 'content.db'));
        return {
          stores,
          async dispose() {
            await stores.close();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
    {
      name: 'mongo',
      available: mongoAvailable,
      async open() {
        const uri = mongoUri;
        const dbName = `sg_contract_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
        await migrateIndexes(uri, dbName);
        const stores = await createMongoStores(uri, dbName);
        return {
          stores,
          async dispose() {
            await stores.close();
            const admin = new MongoClient(uri);
            try {
              await admin.db(dbName).dropDatabase();
            } finally {
              await admin.close();
            }
          },
        };
      },
    },
  ];
}

/** A fresh empty store of `impl` for every test of the calling describe; the returned function gives it. */
export function freshStoresEachTest(impl: Implementation): () => Stores {
  let stores: Stores;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ stores, dispose } = await impl.open());
  });
  afterEach(async () => {
    await dispose();
  });
  return () => stores;
}

/** `body` once per available implementation, inside a describe named after it (see freshStoresEachTest). */
export function describeEachStore(body: (current: () => Stores, impl: Implementation) => void): void {
  for (const impl of storeImplementations()) {
    describe.skipIf(!impl.available)(`${impl.name} stores`, () => body(freshStoresEachTest(impl), impl));
  }
}

/**
 * `describeEachStore` with `stores` standing for the running test's fresh store: every property read goes to it, so
 * a suite needs no beforeEach of its own to pick the store up.
 */
export function describeEachStoreFresh(body: (stores: Stores, impl: Implementation) => void): void {
  describeEachStore((current, impl) => {
    const stores = new Proxy({} as Stores, { get: (_target, key) => Reflect.get(current(), key) as unknown });
    body(stores, impl);
  });
}
