// The manual order of services and banners in the embedded store (docs/admin.md, "Order on the site"). One SQLite
// transaction rewrites every position, so a reader never sees half an order.
import type { DatabaseSync } from 'node:sqlite';
import { transaction } from './database';

/**
 * Sets `field` of each listed document of `coll` to its index in `ids`. json_set edits the stored JSON in place,
 * so no other field (updatedAt included) moves.
 */
export function writeOrder(db: DatabaseSync, coll: string, field: 'position' | 'order', ids: readonly string[]): void {
  const update = db.prepare(`UPDATE docs SET doc = json_set(doc, '$.${field}', ?) WHERE coll = ? AND id = ?`);
  transaction(db, () => {
    ids.forEach((id, index) => update.run(index, coll, id));
  });
}

/**
 * The lowest or highest `field` stored in `coll` (null when none holds one), read by SQL: a create then does not
 * parse every document of the collection inside its write transaction.
 */
export function storedExtreme(
  db: DatabaseSync,
  coll: string,
  field: 'position' | 'order',
  which: 'min' | 'max',
): number | null {
  const row = db
    .prepare(`SELECT ${which}(json_extract(doc, '$.${field}')) AS value FROM docs WHERE coll = ?`)
    .get(coll) as { value: unknown } | undefined;
  return typeof row?.value === 'number' ? row.value : null;
}
