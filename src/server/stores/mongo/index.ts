import type { Stores } from '../types';
import { adminStore, otpStore, rateLimitStore, tokenStore } from './accounts';
import { mongoCategoryStore } from './categories';
import { acquireClient } from './client';
import { bannerStore, serviceStore } from './content';
import { mongoDeviceStore } from './devices';
import { operationRunner } from './documents';
import { contactStore } from './messages';
import { metaStore } from './meta';
import { mongoPasskeyStore } from './passkeys';
import { mongoScheduleStore } from './schedule';
import { settingsStore } from './settings';
import { mongoTestimonialStore } from './testimonials';
import { mongoTrashStore } from './trash';
import { uploadStore } from './uploads';
import { withBackupAccess } from '../backup-access';
import { mongoBackupAccess } from './backup';
import { mongoBookingStores } from './bookings';

// Assembles the MongoDB stores; each family lives in its own file, named like its contract suite.

/**
 * The MongoDB stores (when MONGODB_URI is set). Nothing connects here: the first operation connects, so a cold start
 * with the database down answers 503 and a later request still succeeds (a failed connect is not kept). Indexes are
 * not created here but by the migration (`npm run db:migrate`); see docs/decisions/002-mongodb-in-functions.md.
 */
export async function createMongoStores(uri: string, dbName: string): Promise<Stores> {
  const handle = acquireClient(uri);
  let closed = false;
  const run = operationRunner(handle, dbName);
  return withBackupAccess(mongoBackupAccess(run), {
    kind: 'mongo',
    services: serviceStore(run),
    banners: bannerStore(run),
    admins: adminStore(run),
    tokens: tokenStore(run),
    rateLimits: rateLimitStore(run),
    otps: otpStore(run),
    contact: contactStore(run),
    uploads: uploadStore(run),
    meta: metaStore(run),
    trash: mongoTrashStore(run),
    testimonials: mongoTestimonialStore(run),
    settings: settingsStore(run),
    passkeys: mongoPasskeyStore(run),
    schedule: mongoScheduleStore(run),
    devices: mongoDeviceStore(run),
    categories: mongoCategoryStore(run),
    ...mongoBookingStores(run),
    async close() {
      if (closed) return;
      closed = true;
      await handle.release();
    },
  });
}
