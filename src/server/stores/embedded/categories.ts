import type { DatabaseSync } from 'node:sqlite';
import { DEFAULT_CATEGORIES, findCategory, type Category } from '../../../shared/schemas/category';
import type { CategoryStore } from '../types';
import { transaction } from './database';

const KEY = 'categories:list';

/** The list as one JSON row of the kv table; a rename rewrites it and the services in one SQLite transaction. */
export function embeddedCategoryStore(db: DatabaseSync): CategoryStore {
  const read = db.prepare('SELECT value FROM kv WHERE key = ?');
  const write = db.prepare(
    'INSERT INTO kv (key, value, expires_at) VALUES (?, ?, NULL) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const moveServices = db.prepare(
    "UPDATE docs SET doc = json_set(doc, '$.category', ?) WHERE coll = 'services' AND json_extract(doc, '$.category') = ?",
  );
  const count = db.prepare(
    "SELECT count(*) AS n FROM docs WHERE coll = 'services' AND json_extract(doc, '$.category') = ?",
  );
  const current = (): Category[] => {
    const row = read.get(KEY) as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as Category[]) : DEFAULT_CATEGORIES.map((c) => ({ ...c }));
  };
  const put = (list: readonly Category[]) => {
    const copy = list.map(({ name, hidden }) => ({ name, hidden }));
    write.run(KEY, JSON.stringify(copy));
    return copy;
  };
  return {
    async list() {
      return current();
    },
    async save(list) {
      return put(list);
    },
    async rename(from, to) {
      return transaction(db, () => {
        const list = current();
        const found = findCategory(list, from);
        if (!found) return null;
        const categories = put(list.map((c) => (c === found ? { ...c, name: to } : c)));
        const moved = Number(moveServices.run(to, found.name).changes);
        return { categories, moved };
      });
    },
    async countServices(name) {
      return Number((count.get(name) as { n: number }).n);
    },
  };
}
