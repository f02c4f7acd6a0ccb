import { MongoClient, MongoServerError } from 'mongodb';
import { INDEXES, MONGO_CLIENT_OPTIONS } from './client';

/** Index builds on a large collection take longer than a request may: the migration waits longer for a reply. */
const MIGRATION_TIMEOUT_MS = 120_000;

export interface MigrationReport {
  database: string;
  /** Collection name → the index names now ensured on it. */
  collections: Record<string, string[]>;
}

/** Thrown when an index cannot be created: the build stops, and the message says which index and why. */
export class MigrationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/** The server's reason, without the duplicate key's value (it is stored data, which a build log must not show). */
function reason(error: unknown): string {
  if (error instanceof MongoServerError) {
    const message = error.message.replace(/dup key:.*$/s, 'dup key: (value not shown)');
    return `${error.codeName ?? `code ${String(error.code)}`}: ${message}`;
  }
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Ensures every index in INDEXES, one collection after another. `createIndexes` with an identical specification is a
 * no-op, so this is safe on every build; a conflict (an index of the same name with another specification, or existing
 * documents that break a unique index) fails with the collection and index named. Requests never do this: see
 * docs/decisions/002-mongodb-in-functions.md.
 */
export async function migrateIndexes(uri: string, dbName: string): Promise<MigrationReport> {
  const client = new MongoClient(uri, { ...MONGO_CLIENT_OPTIONS, socketTimeoutMS: MIGRATION_TIMEOUT_MS });
  const report: MigrationReport = { database: dbName, collections: {} };
  try {
    await client.connect();
    const db = client.db(dbName);
    for (const [collection, indexes] of Object.entries(INDEXES)) {
      const names = indexes.map((index) => index.name ?? JSON.stringify(index.key));
      try {
        await db.collection(collection).createIndexes(indexes);
      } catch (error) {
        throw new MigrationError(
          `Could not ensure the indexes of ${dbName}.${collection} (${names.join(', ')}): ${reason(error)}`,
          { cause: error },
        );
      }
      report.collections[collection] = names;
    }
    return report;
  } finally {
    await client.close().catch(() => undefined);
  }
}
