// How both passkey stores read a stored record (PasskeyStore in ./types.ts).
import type { PasskeyRecord } from './types';

/** Older records, or fields written by a newer version, read the same on both stores. */
export function normalisePasskey(record: PasskeyRecord): PasskeyRecord {
  return {
    _id: record._id,
    adminId: record.adminId,
    credentialId: record.credentialId,
    publicKey: record.publicKey,
    counter: typeof record.counter === 'number' ? record.counter : 0,
    transports: Array.isArray(record.transports) ? record.transports : [],
    name: record.name,
    createdAt: record.createdAt,
    lastUsedAt: record.lastUsedAt ?? null,
  };
}
