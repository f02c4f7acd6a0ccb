import type { DatabaseSync } from 'node:sqlite';
import { nowIso } from '../record-rules';
import { newId } from '../ids';
import { normalisePasskey } from '../passkey-record';
import { DuplicateKeyError, type PasskeyRecord, type PasskeyStore } from '../types';
import { Collection } from './collection';
import { transaction } from './database';

export function embeddedPasskeyStore(db: DatabaseSync): PasskeyStore {
  const passkeys = new Collection<PasskeyRecord>(db, 'passkeys');
  const byCredential = db.prepare(
    "SELECT doc FROM docs WHERE coll = 'passkeys' AND json_extract(doc, '$.credentialId') = ?",
  );
  const findByCredential = (credentialId: string): PasskeyRecord | null => {
    const row = byCredential.get(credentialId) as { doc: string } | undefined;
    return row ? normalisePasskey(JSON.parse(row.doc) as PasskeyRecord) : null;
  };
  const owned = (adminId: string, id: string) => {
    const record = passkeys.get(id);
    return record?.adminId === adminId ? record : null;
  };
  return {
    async create(data) {
      return transaction(db, () => {
        if (findByCredential(data.credentialId)) throw new DuplicateKeyError('credentialId');
        const record: PasskeyRecord = { ...data, _id: newId(), createdAt: nowIso(), lastUsedAt: null };
        return passkeys.insert(record);
      });
    },
    async listByAdmin(adminId) {
      return passkeys
        .all()
        .filter((record) => record.adminId === adminId)
        .map(normalisePasskey)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
    },
    async findByCredentialId(credentialId) {
      return findByCredential(credentialId);
    },
    async rename(adminId, id, name) {
      return transaction(db, () => {
        const current = owned(adminId, id);
        if (!current) return null;
        const next = { ...current, name };
        passkeys.replace(next);
        return normalisePasskey(next);
      });
    },
    async markUsed(id, counter, at) {
      const next = passkeys.modify(id, (current) => ({ ...current, counter, lastUsedAt: at }));
      return next ? normalisePasskey(next) : null;
    },
    async delete(adminId, id) {
      return transaction(db, () => (owned(adminId, id) ? passkeys.delete(id) : false));
    },
  };
}
