import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import type * as SqliteModule from 'node:sqlite';
import type { DatabaseSync } from 'node:sqlite';

let sqlite: typeof SqliteModule | undefined;

/**
 * node:sqlite prints one ExperimentalWarning on first load. Drop exactly that warning (not all warnings) and load
 * the module lazily, after the filter is in place.
 */
function loadSqlite(): typeof SqliteModule {
  if (sqlite) return sqlite;
  const emitWarning = process.emitWarning.bind(process);
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (type === 'ExperimentalWarning' && /SQLite/i.test(text)) return;
    (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
  };
  try {
    sqlite = process.getBuiltinModule('node:sqlite');
  } finally {
    process.emitWarning = emitWarning;
  }
  return sqlite;
}

/**
 * Opens the embedded database: one SQLite file with one table of JSON documents per collection name.
 * WAL mode lets the build process read while the server writes; busy_timeout makes a writer wait, not fail,
 * when another process holds the write lock.
 */
export function openDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // The file holds the admin's password hash and the contact messages: owner-only. SQLite gives the WAL and SHM
    // files the database file's mode, so creating the file 0600 before SQLite does covers all three; the chmod
    // below fixes files an older version created 0644.
    closeSync(openSync(file, 'a', 0o600));
  }
  const db = new (loadSqlite().DatabaseSync)(file);
  if (file !== ':memory:') {
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  }
  // busy_timeout first: switching to WAL and creating the schema may need a lock another process holds right now.
  db.exec(`
    PRAGMA busy_timeout = 5000;
    PRAGMA journal_mode = WAL;
    -- In WAL mode NORMAL keeps every commit if the process dies (crash, SIGKILL: the durability test); only an OS
    -- crash or power cut may lose the last few. FULL would add an fsync to every rate-limit hit for little gain here.
    PRAGMA synchronous = NORMAL;
    PRAGMA foreign_keys = ON;
    CREATE TABLE IF NOT EXISTS docs (
      coll TEXT NOT NULL,
      id TEXT NOT NULL,
      doc TEXT NOT NULL,
      expires_at INTEGER,
      PRIMARY KEY (coll, id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS docs_expiry ON docs (coll, expires_at) WHERE expires_at IS NOT NULL;
    CREATE UNIQUE INDEX IF NOT EXISTS admins_username ON docs (lower(json_extract(doc, '$.username'))) WHERE coll = 'admins';
    CREATE UNIQUE INDEX IF NOT EXISTS admins_email ON docs (lower(json_extract(doc, '$.email'))) WHERE coll = 'admins';
    -- A service's slug is its address (docs/content-api.md, "Addresses"): no two services may share one, even when
    -- two processes save at the same moment. Services without a slug (saved before slugs) give NULL, never a clash.
    CREATE UNIQUE INDEX IF NOT EXISTS services_slug ON docs (json_extract(doc, '$.slug')) WHERE coll = 'services';
    CREATE TABLE IF NOT EXISTS kv (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      expires_at INTEGER
    ) WITHOUT ROWID;
  `);
  return db;
}

/**
 * Runs `work` in an IMMEDIATE transaction: the write lock is taken up front, so check-then-write sequences
 * (first admin, counters) are atomic across processes too.
 */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
