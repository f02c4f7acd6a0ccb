import type { StoreConfig } from '../env';
import { createEmbeddedStores, embeddedDatabaseFile } from './embedded';
import type { Stores } from './types';

export type { Stores } from './types';

/** MongoDB when MONGODB_URI is set; otherwise the embedded SQLite file in the data folder. */
export async function openStores(env: StoreConfig): Promise<Stores> {
  if (env.MONGODB_URI) {
    const { createMongoStores } = await import('./mongo');
    return createMongoStores(env.MONGODB_URI, env.MONGODB_DB);
  }
  return createEmbeddedStores(embeddedDatabaseFile(env.DATA_DIR));
}
