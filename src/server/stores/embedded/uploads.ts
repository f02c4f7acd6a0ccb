import type { DatabaseSync } from 'node:sqlite';
import { assertChunkIndex, nowIso } from '../record-rules';
import { newId } from '../ids';
import type { UploadRecord, UploadStore } from '../types';
import { Collection } from './collection';
import { withDates } from './kv';

// Chunked media uploads in progress (contract: uploads.test.ts).

export function uploadStore(db: DatabaseSync): UploadStore {
  type Stored = Omit<UploadRecord, 'createdAt' | 'expiresAt'> & { createdAt: string; expiresAt: string };
  const uploads = new Collection<Stored>(db, 'uploads');
  const revive = (s: Stored): UploadRecord => withDates(s);
  const openUploads = (expiry: (expiresAt: Date) => boolean) =>
    uploads
      .all()
      .filter((u) => u.status === 'open' && expiry(new Date(u.expiresAt)))
      .map(revive);
  return {
    async create(data) {
      const stored: Stored = {
        ...data,
        _id: newId(),
        received: {},
        status: 'open',
        createdAt: nowIso(),
        expiresAt: data.expiresAt.toISOString(),
      };
      return revive(uploads.insert(stored));
    },
    async get(id) {
      const stored = uploads.get(id);
      return stored ? revive(stored) : null;
    },
    async markChunk(id, index, bytes) {
      assertChunkIndex(index);
      const stored = uploads.modify(id, (current) => ({
        ...current,
        received: { ...current.received, [String(index)]: bytes },
      }));
      return stored ? revive(stored) : null;
    },
    async markCommitted(id, key) {
      const stored = uploads.modify(id, (current) => ({ ...current, status: 'committed', key }));
      return stored ? revive(stored) : null;
    },
    async delete(id) {
      uploads.delete(id);
    },
    async listExpired(now) {
      return openUploads((expiresAt) => expiresAt <= now);
    },
    async listOpen(now) {
      return openUploads((expiresAt) => expiresAt > now);
    },
  };
}
