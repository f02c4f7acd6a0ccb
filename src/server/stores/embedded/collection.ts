import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { transaction } from './database';

/** A typed view of one collection in the `docs` table. Documents are stored as JSON text. */
export class Collection<T extends { _id: string }> {
  private readonly getStmt: StatementSync;
  private readonly allStmt: StatementSync;
  private readonly insertStmt: StatementSync;
  private readonly replaceStmt: StatementSync;
  private readonly deleteStmt: StatementSync;

  constructor(
    private readonly db: DatabaseSync,
    readonly name: string,
  ) {
    this.getStmt = db.prepare('SELECT doc FROM docs WHERE coll = ? AND id = ?');
    this.allStmt = db.prepare('SELECT doc FROM docs WHERE coll = ?');
    this.insertStmt = db.prepare('INSERT INTO docs (coll, id, doc, expires_at) VALUES (?, ?, ?, ?)');
    this.replaceStmt = db.prepare('UPDATE docs SET doc = ?, expires_at = ? WHERE coll = ? AND id = ?');
    this.deleteStmt = db.prepare('DELETE FROM docs WHERE coll = ? AND id = ?');
  }

  get(id: string): T | null {
    const row = this.getStmt.get(this.name, id) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as T) : null;
  }

  all(): T[] {
    return (this.allStmt.all(this.name) as { doc: string }[]).map((row) => JSON.parse(row.doc) as T);
  }

  insert(doc: T, expiresAt: number | null = null): T {
    this.insertStmt.run(this.name, doc._id, JSON.stringify(doc), expiresAt);
    return doc;
  }

  /** Replaces the whole document; false when it does not exist. */
  replace(doc: T, expiresAt: number | null = null): boolean {
    const result = this.replaceStmt.run(JSON.stringify(doc), expiresAt, this.name, doc._id);
    return Number(result.changes) > 0;
  }

  upsert(doc: T, expiresAt: number | null = null): void {
    if (!this.replace(doc, expiresAt)) this.insert(doc, expiresAt);
  }

  delete(id: string): boolean {
    return Number(this.deleteStmt.run(this.name, id).changes) > 0;
  }

  /** Replaces the document with what `change` makes of it, in one transaction; null when there is none. */
  modify(id: string, change: (current: T) => T): T | null {
    return transaction(this.db, () => {
      const current = this.get(id);
      if (!current) return null;
      const next = change(current);
      this.replace(next);
      return next;
    });
  }

  /** Removes the document in one transaction, answering what it held (null when there was none). */
  take(id: string): T | null {
    return transaction(this.db, () => {
      const current = this.get(id);
      if (current) this.delete(id);
      return current;
    });
  }

  /** Drops documents whose expiry has passed (the embedded stand-in for MongoDB's TTL indexes). */
  purgeExpired(now = Date.now()): void {
    this.db
      .prepare('DELETE FROM docs WHERE coll = ? AND expires_at IS NOT NULL AND expires_at <= ?')
      .run(this.name, now);
  }

  count(): number {
    const row = this.db.prepare('SELECT count(*) AS n FROM docs WHERE coll = ?').get(this.name) as { n: number };
    return Number(row.n);
  }
}
