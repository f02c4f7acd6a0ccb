import type { DatabaseSync } from 'node:sqlite';
import { nextUpdatedAt, SITE_SETTINGS_KEY } from '../settings-version';
import type { SettingsStore, StoredSiteSettings } from '../types';
import { transaction } from './database';

/** The settings document as one JSON row of the kv table, read and replaced inside one transaction. */
export function settingsStore(db: DatabaseSync): SettingsStore {
  const key = `settings:${SITE_SETTINGS_KEY}`;
  const read = db.prepare('SELECT value FROM kv WHERE key = ?');
  const write = db.prepare(
    'INSERT INTO kv (key, value, expires_at) VALUES (?, ?, NULL) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const current = (): StoredSiteSettings | null => {
    const row = read.get(key) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as StoredSiteSettings) : null;
  };
  return {
    async get() {
      return current();
    },
    async put(data, options = {}) {
      return transaction(db, () => {
        const stored = current();
        if (options.expectedUpdatedAt !== undefined && (stored?.updatedAt ?? null) !== options.expectedUpdatedAt) {
          return null;
        }
        const next: StoredSiteSettings = { ...data, updatedAt: nextUpdatedAt(stored?.updatedAt) };
        write.run(key, JSON.stringify(next));
        return next;
      });
    },
  };
}
