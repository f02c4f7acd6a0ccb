import path from 'node:path';
import type { Stores } from '../types';
import { openDatabase } from './database';
import { adminStore, otpStore, rateLimitStore, tokenStore } from './accounts';
import { embeddedCategoryStore } from './categories';
import { bannerStore, serviceStore } from './content';
import { embeddedDeviceStore } from './devices';
import { contactStore } from './messages';
import { metaStore } from './meta';
import { embeddedPasskeyStore } from './passkeys';
import { embeddedScheduleStore } from './schedule';
import { settingsStore } from './settings';
import { embeddedTestimonialStore } from './testimonials';
import { embeddedTrashStore } from './trash';
import { uploadStore } from './uploads';
import { withBackupAccess } from '../backup-access';
import { embeddedBackupAccess } from './backup';
import { embeddedBookingStores } from './bookings';

// Assembles the embedded (SQLite) stores; each family lives in its own file, named like its contract suite.

export function embeddedDatabaseFile(dataDir: string): string {
  return path.join(dataDir, 'content.db');
}

/** Opens the embedded stores over one SQLite file (':memory:' for tests). */
export function createEmbeddedStores(file: string): Stores {
  const db = openDatabase(file);
  return withBackupAccess(embeddedBackupAccess(db), {
    kind: 'embedded',
    services: serviceStore(db),
    banners: bannerStore(db),
    admins: adminStore(db),
    tokens: tokenStore(db),
    rateLimits: rateLimitStore(db),
    otps: otpStore(db),
    contact: contactStore(db),
    uploads: uploadStore(db),
    meta: metaStore(db),
    trash: embeddedTrashStore(db),
    testimonials: embeddedTestimonialStore(db),
    settings: settingsStore(db),
    passkeys: embeddedPasskeyStore(db),
    schedule: embeddedScheduleStore(db),
    devices: embeddedDeviceStore(db),
    categories: embeddedCategoryStore(db),
    ...embeddedBookingStores(db),
    async close() {
      if (db.isOpen) db.close();
    },
  });
}
