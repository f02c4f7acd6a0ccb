// The admin's passkeys (docs/auth.md, "Passkeys"): one record per WebAuthn credential, in both stores.

export interface PasskeyRecord {
  _id: string;
  adminId: string;
  /** The credential id the authenticator chose, base64url; unique across the store. */
  credentialId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  /** The signature counter last seen (0 for authenticators that do not count). */
  counter: number;
  /** How the browser may reach the authenticator (usb, internal, hybrid …), as it reported them. */
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export type NewPasskey = Omit<PasskeyRecord, '_id' | 'createdAt' | 'lastUsedAt'>;

export interface PasskeyStore {
  /** Throws DuplicateKeyError('credentialId') when the credential is already stored (for any admin). */
  create(data: NewPasskey): Promise<PasskeyRecord>;
  /** The admin's passkeys, oldest first. */
  listByAdmin(adminId: string): Promise<PasskeyRecord[]>;
  findByCredentialId(credentialId: string): Promise<PasskeyRecord | null>;
  /** null unless the passkey exists and belongs to `adminId`. */
  rename(adminId: string, id: string, name: string): Promise<PasskeyRecord | null>;
  /** After a sign-in: the new counter and the time. null when the passkey is gone (removed meanwhile). */
  markUsed(id: string, counter: number, at: string): Promise<PasskeyRecord | null>;
  /** false unless the passkey existed and belonged to `adminId`. */
  delete(adminId: string, id: string): Promise<boolean>;
}

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
