import type { DatabaseSync } from 'node:sqlite';
import type { ContactMessage } from '../../../shared/schemas/contact';
import { inFolder, nowIso, stripUndefined, toMessageSummary } from '../record-rules';
import { newId } from '../ids';
import type { ContactStore } from '../types';
import { Collection } from './collection';
import { transaction } from './database';

// The contact form's messages (contract: messages.test.ts).

function byNewest<T extends { createdAt: string; _id: string }>(a: T, b: T): number {
  return b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);
}

export function contactStore(db: DatabaseSync): ContactStore {
  const messages = new Collection<ContactMessage>(db, 'contact_messages');
  return {
    async create(data) {
      return messages.insert({ ...data, _id: newId(), status: 'new', createdAt: nowIso() });
    },
    async list() {
      return messages.all().sort(byNewest);
    },
    async page({ folder, limit, after }) {
      // The local inbox is small: sorting it in memory is simpler than a JSON index and fast enough.
      const sorted = messages
        .all()
        .filter((m) => inFolder(m.status, folder))
        .sort(byNewest)
        .filter(
          (m) =>
            !after ||
            byNewest<{ createdAt: string; _id: string }>({ createdAt: after.createdAt, _id: after.id }, m) < 0,
        );
      return { items: sorted.slice(0, limit).map(toMessageSummary), hasMore: sorted.length > limit };
    },
    async countByFolder() {
      const all = messages.all();
      const archived = all.filter((m) => m.status === 'archived').length;
      return { inbox: all.length - archived, archived };
    },
    async get(id) {
      return messages.get(id);
    },
    async update(id, patch) {
      return messages.modify(id, (current) => ({ ...current, ...stripUndefined(patch) }));
    },
    async delete(id) {
      return messages.delete(id);
    },
    async countUnread() {
      return messages.all().filter((m) => m.status === 'new').length;
    },
    async listByEmail(email) {
      const wanted = email.toLowerCase();
      return messages
        .all()
        .filter((m) => m.email.toLowerCase() === wanted)
        .sort(byNewest);
    },
    async deleteByEmail(email) {
      const wanted = email.toLowerCase();
      return transaction(db, () => {
        const doomed = messages.all().filter((m) => m.email.toLowerCase() === wanted);
        for (const m of doomed) messages.delete(m._id);
        return doomed.length;
      });
    },
  };
}
