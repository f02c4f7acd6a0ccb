// Raw read and replace of the content collections, for backups (docs/backup.md). Each backend supplies its own in
// a file beside its stores (embedded/backup.ts, mongo/backup.ts); the stores assembly registers it here, so the
// Stores interface every other part of the code uses stays as it is.
import type { Stores } from './types';

/** One stored document as JSON: ids are the API's 24-hex strings on both backends. */
export type RawDocument = { _id: string } & Record<string, unknown>;

/** The collections a backup carries: content only, never accounts, sessions, codes or counters. */
export const BACKUP_COLLECTIONS = ['services', 'banners', 'testimonials', 'messages', 'trash'] as const;
export type BackupCollection = (typeof BACKUP_COLLECTIONS)[number];

/** Every content record of one store, backend-neutral, each collection sorted by `_id`. */
export interface ContentSnapshot {
  collections: Record<BackupCollection, RawDocument[]>;
  /** The site settings document, or null when the practitioner never saved them. */
  settings: unknown;
  /** The practitioner's category list, or null when it was never changed from the defaults. */
  categories: unknown;
}

export interface BackupAccess {
  read(): Promise<ContentSnapshot>;
  /** True when no content collection holds a record and there are no settings or categories. */
  isEmpty(): Promise<boolean>;
  /** Removes every content record and writes the snapshot's instead (accounts and sessions are untouched). */
  replace(snapshot: ContentSnapshot): Promise<void>;
}

const registry = new WeakMap<Stores, BackupAccess>();

/** Called once by each stores assembly: remembers how to read and replace that store's content. */
export function withBackupAccess<S extends Stores>(access: BackupAccess, stores: S): S {
  registry.set(stores, access);
  return stores;
}

export function backupAccess(stores: Stores): BackupAccess {
  const access = registry.get(stores);
  if (!access) throw new Error('This store cannot be backed up (no backup access registered)');
  return access;
}

export const byId = (a: RawDocument, b: RawDocument): number => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

export function snapshotIsEmpty(snapshot: ContentSnapshot): boolean {
  return (
    BACKUP_COLLECTIONS.every((name) => snapshot.collections[name].length === 0) &&
    snapshot.settings === null &&
    snapshot.categories === null
  );
}
