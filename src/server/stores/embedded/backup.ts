import type { DatabaseSync } from 'node:sqlite';
import { BACKUP_COLLECTIONS, byId, snapshotIsEmpty } from '../backup-access';
import type { BackupAccess, BackupCollection, ContentSnapshot, RawDocument } from '../backup-access';
import { SITE_SETTINGS_KEY } from '../settings-version';
import { transaction } from './database';

/** Table names of the backup collections in the `docs` table. */
const COLL: Record<BackupCollection, string> = {
  services: 'services',
  banners: 'banners',
  testimonials: 'testimonials',
  messages: 'contact_messages',
  trash: 'trash',
};
/** The kv rows that are content (embedded/settings.ts and embedded/categories.ts). */
const SETTINGS_KEY = `settings:${SITE_SETTINGS_KEY}`;
const CATEGORIES_KEY = 'categories:list';

/** Raw read and replace of the embedded store's content, in one SQLite transaction each. */
export function embeddedBackupAccess(db: DatabaseSync): BackupAccess {
  const all = db.prepare('SELECT doc FROM docs WHERE coll = ?');
  const kvGet = db.prepare('SELECT value FROM kv WHERE key = ?');
  const read = (): ContentSnapshot => {
    const collections = {} as Record<BackupCollection, RawDocument[]>;
    for (const name of BACKUP_COLLECTIONS) {
      const rows = all.all(COLL[name]) as { doc: string }[];
      collections[name] = rows.map((row) => JSON.parse(row.doc) as RawDocument).sort(byId);
    }
    const value = (key: string): unknown => {
      const row = kvGet.get(key) as { value: string } | undefined;
      return row ? (JSON.parse(row.value) as unknown) : null;
    };
    return { collections, settings: value(SETTINGS_KEY), categories: value(CATEGORIES_KEY) };
  };
  return {
    read: () => Promise.resolve(transaction(db, read)),
    isEmpty: () => Promise.resolve(snapshotIsEmpty(read())),
    replace(snapshot) {
      const clear = db.prepare('DELETE FROM docs WHERE coll = ?');
      const insert = db.prepare('INSERT INTO docs (coll, id, doc, expires_at) VALUES (?, ?, ?, NULL)');
      const kvDelete = db.prepare('DELETE FROM kv WHERE key = ?');
      const kvSet = db.prepare(
        'INSERT INTO kv (key, value, expires_at) VALUES (?, ?, NULL) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      );
      transaction(db, () => {
        for (const name of BACKUP_COLLECTIONS) {
          clear.run(COLL[name]);
          for (const doc of snapshot.collections[name]) insert.run(COLL[name], doc._id, JSON.stringify(doc));
        }
        for (const [key, value] of [
          [SETTINGS_KEY, snapshot.settings],
          [CATEGORIES_KEY, snapshot.categories],
        ] as const) {
          if (value === null || value === undefined) kvDelete.run(key);
          else kvSet.run(key, JSON.stringify(value));
        }
      });
      return Promise.resolve();
    },
  };
}
