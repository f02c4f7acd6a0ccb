// Trusted browsers of the admin account (docs/auth.md, "New devices"): the server-side half of the device cookie.
// A cookie counts only while its record is here, so deleting records revokes stolen copies too.

export interface DeviceRecord {
  /** The random browser id the device cookie carries (22 base64url characters). */
  _id: string;
  adminId: string;
  /** The browser's User-Agent when it was approved, cut to a sane length: all the list shows about it. */
  userAgent: string;
  createdAt: Date;
  lastSeenAt: Date;
  /** The record (and the cookie) stop counting after this; renewed on each sign-in. */
  expiresAt: Date;
}

export interface DeviceStore {
  /** Stores (or replaces) the record of one browser. */
  put(record: DeviceRecord): Promise<void>;
  /** The live record, or null when there is none or it has expired. */
  get(id: string): Promise<DeviceRecord | null>;
  /** Moves lastSeenAt (and the expiry) of a live record; false when there is none. */
  touch(id: string, lastSeenAt: Date, expiresAt: Date): Promise<boolean>;
  /** The admin's live records, most recently seen first. */
  listByAdmin(adminId: string): Promise<DeviceRecord[]>;
  delete(id: string): Promise<void>;
  /** Deletes every record of the admin; answers how many there were. */
  deleteByAdmin(adminId: string): Promise<number>;
}

export const byLastSeen = (a: DeviceRecord, b: DeviceRecord) =>
  b.lastSeenAt.getTime() - a.lastSeenAt.getTime() || a._id.localeCompare(b._id);
