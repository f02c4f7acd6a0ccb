import type { DatabaseSync } from 'node:sqlite';

type TimedRecord = { createdAt: Date; expiresAt: Date };

/** Stored JSON holds the times of one-time codes and uploads as epoch ms or ISO text; reads turn them into Dates. */
export function withDates<S extends Record<keyof TimedRecord, number | string>>(
  stored: S,
): Omit<S, keyof TimedRecord> & TimedRecord {
  return { ...stored, createdAt: new Date(stored.createdAt), expiresAt: new Date(stored.expiresAt) };
}

/** kv rows hold small JSON values with an optional expiry (ms since epoch). */
export function kv(db: DatabaseSync) {
  const getStmt = db.prepare('SELECT value, expires_at FROM kv WHERE key = ?');
  const setStmt = db.prepare(
    'INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at',
  );
  const insertIfAbsent = db.prepare(
    'INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO NOTHING',
  );
  const deleteStmt = db.prepare('DELETE FROM kv WHERE key = ?');
  return {
    get<T>(key: string, now = Date.now()): T | null {
      const row = getStmt.get(key) as { value: string; expires_at: number | null } | undefined;
      if (!row) return null;
      if (row.expires_at !== null && row.expires_at <= now) {
        deleteStmt.run(key);
        return null;
      }
      return JSON.parse(row.value) as T;
    },
    set(key: string, value: unknown, expiresAt: number | null = null) {
      // JSON.stringify(undefined) is undefined, which SQLite cannot bind: store it as null.
      setStmt.run(key, JSON.stringify(value ?? null), expiresAt);
    },
    /** True when the key was absent (or expired) and is now set. */
    setIfAbsent(key: string, value: unknown, expiresAt: number | null, now = Date.now()): boolean {
      db.prepare('DELETE FROM kv WHERE key = ? AND expires_at IS NOT NULL AND expires_at <= ?').run(key, now);
      return Number(insertIfAbsent.run(key, JSON.stringify(value), expiresAt).changes) > 0;
    },
    delete(key: string) {
      deleteStmt.run(key);
    },
    purgeExpired(prefix: string, now = Date.now()) {
      db.prepare('DELETE FROM kv WHERE key LIKE ? AND expires_at IS NOT NULL AND expires_at <= ?').run(
        `${prefix}%`,
        now,
      );
    },
  };
}
