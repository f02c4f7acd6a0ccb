import { ConfigurationError, getEnv } from '../env';
import { createBlobsMediaStore } from '../media/blobs';
import { openStores } from '../stores';
import { BACKUPS_STORE, runWeeklyBackup, type WeeklyRunResult } from './weekly';

/** The scheduled function's work, with the deployed configuration: the stores, the media and the backup store. */
export async function runWeeklyBackupNow(): Promise<WeeklyRunResult | { action: 'not-configured'; missing: string }> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof ConfigurationError) return { action: 'not-configured', missing: error.variables.join(', ') };
    throw error;
  }
  const stores = await openStores(env);
  try {
    return await runWeeklyBackup(stores, createBlobsMediaStore(), createBlobsMediaStore(BACKUPS_STORE));
  } finally {
    await stores.close();
  }
}
