import type { DatabaseSync } from 'node:sqlite';
import type { TrashKind } from '../../../shared/schemas/trash';
import { isId } from '../ids';
import { trashRecord } from '../trash-entries';
import type { TrashRecord, TrashStore } from '../types';
import { Collection } from './collection';
import { transaction } from './database';

type Item = Record<string, unknown> & { _id: string };

const SOURCE: Record<TrashKind, string> = { service: 'services', banner: 'banners', message: 'contact_messages' };

/** The trash over the same SQLite file: moving in and out is one transaction with the source collection. */
export function embeddedTrashStore(db: DatabaseSync): TrashStore {
  const trash = new Collection<TrashRecord>(db, 'trash');
  const sources = Object.fromEntries(
    Object.entries(SOURCE).map(([kind, name]) => [kind, new Collection<Item>(db, name)]),
  ) as Record<TrashKind, Collection<Item>>;
  const newestFirst = (a: TrashRecord, b: TrashRecord) =>
    b.deletedAt.localeCompare(a.deletedAt) || b._id.localeCompare(a._id);
  return {
    async moveIn(kind, id, now, expiresAt) {
      if (!isId(id)) return null;
      return transaction(db, () => {
        const item = sources[kind].get(id);
        if (!item) return null;
        const record: TrashRecord = trashRecord(kind, id, item, now, expiresAt);
        sources[kind].delete(id);
        trash.upsert(record);
        return record;
      });
    },
    async list() {
      return trash.all().sort(newestFirst);
    },
    async get(id) {
      return isId(id) ? trash.get(id) : null;
    },
    async restore(id) {
      if (!isId(id)) return null;
      return transaction(db, () => {
        const record = trash.get(id);
        if (!record) return null;
        sources[record.kind].upsert({ ...record.item, _id: id });
        trash.delete(id);
        return record;
      });
    },
    async remove(id) {
      return isId(id) ? trash.take(id) : null;
    },
    async purgeExpired(now) {
      return transaction(db, () => {
        const expired = trash.all().filter((r) => Date.parse(r.expiresAt) <= now.getTime());
        for (const record of expired) trash.delete(record._id);
        return expired;
      });
    },
  };
}
