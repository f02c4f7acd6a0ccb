// Store interfaces in domain terms. Two implementations: embedded (node:sqlite, the local default) and MongoDB.
// Services and routes receive a `Stores` object, so tests can open a fresh store per case.
import type { BannerInput, StoredBanner } from '../../shared/schemas/banner';
import type {
  ContactMessage,
  ContactMessageInput,
  ContactMessageSummary,
  MessageCursor,
  MessageFolder,
} from '../../shared/schemas/contact';
import type { Service, ServiceInput } from '../../shared/schemas/service';
import type { Category } from '../../shared/schemas/category';
import type { ConsentRecord } from '../../shared/schemas/consent';
import type { SiteSettingsInput } from '../../shared/schemas/site-settings';
import type { TestimonialInput, TestimonialRecord } from '../../shared/schemas/testimonial';
import type { TrashKind } from '../../shared/schemas/trash';
import type { BookingStores } from './booking-types';

/** Thrown when a unique field (admin username or email) is already taken. */
export class DuplicateKeyError extends Error {
  constructor(readonly field: string) {
    super(`Duplicate value for ${field}`);
    this.name = 'DuplicateKeyError';
  }
}

/** Thrown when the database cannot be reached in time; routes answer 503. */
export class StoreUnavailableError extends Error {
  constructor(message = 'The database is not reachable right now', options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

export interface ServiceListOptions {
  /** Public reads see active services only. */
  activeOnly: boolean;
  featured?: boolean;
  limit?: number;
}

/**
 * Everything a service record holds that the server (not the form) decides. `slug` is resolved by the domain
 * (src/server/domain/service-slugs.ts); a record created without one keeps its id address until the backfill.
 */
export type NewService = Omit<ServiceInput, 'slug'> & { image: string; slug?: string };
export type ServicePatch = Partial<NewService>;

export interface ServiceStore {
  /** In the site order (`compareServiceOrder` in src/shared/ordering.ts): by position, then newest first. */
  list(options: ServiceListOptions): Promise<Service[]>;
  get(id: string): Promise<Service | null>;
  /**
   * The service whose current slug is `slug`, else the one that had it before (its `previousSlugs`), else null.
   * Inactive services included; the caller decides what the public may see.
   */
  findBySlug(slug: string): Promise<Service | null>;
  /**
   * A new service takes a position before every other one, so it starts at the top of the order. Throws
   * DuplicateKeyError('slug') when another service has this slug (a unique index in both stores).
   */
  create(data: NewService): Promise<Service>;
  /**
   * Gives each listed service its index as `position` (updatedAt is left alone: the content did not change).
   * The domain checks first that `ids` is exactly the stored set (src/server/domain/ordering.ts).
   */
  reorder(ids: readonly string[]): Promise<void>;
  /**
   * null when no service has this id. The admin form always sends the whole service, so a patch without
   * `offerPrice` clears the offer (that is how an admin removes one); every other absent field is kept.
   * A new `slug` moves the old one into `previousSlugs` (and takes itself out of them); a slug another service has
   * throws DuplicateKeyError('slug').
   */
  update(id: string, patch: ServicePatch): Promise<Service | null>;
  /**
   * Gives a service saved before slugs existed its first slug, changing nothing else (not even updatedAt): the
   * backfill of src/server/domain/service-slugs.ts. null when the service is gone or has a slug already.
   */
  setSlug(id: string, slug: string): Promise<Service | null>;
  /** The deleted record, or null when none had this id. */
  delete(id: string): Promise<Service | null>;
  /**
   * A value that changes whenever any process has written the store since it was last read, so a caller may reuse
   * an answer while it stays the same. Stores with no cheap way to tell (MongoDB) omit it, and nothing is cached.
   */
  changeToken?(): string;
}

export type NewBanner = Omit<BannerInput, 'mediaType' | 'mediaUrl' | 'order'> & {
  /** Absent: the store places the banner at the end. */
  order?: number | undefined;
  mediaType: 'image' | 'video';
  mediaUrl: string;
};
export type BannerPatch = Partial<Omit<NewBanner, 'order'>> & { order?: number };

export interface BannerStore {
  /** By `order` ascending, then oldest first. */
  list(options: { activeOnly: boolean }): Promise<StoredBanner[]>;
  get(id: string): Promise<StoredBanner | null>;
  /** Without an `order`, the banner goes to the end (one after the highest order held). */
  create(data: NewBanner): Promise<StoredBanner>;
  /** Sets each listed banner's `order` to its index, so the order has no ties (see ServiceStore.reorder). */
  reorder(ids: readonly string[]): Promise<void>;
  update(id: string, patch: BannerPatch): Promise<StoredBanner | null>;
  delete(id: string): Promise<StoredBanner | null>;
}

export interface AdminRecord {
  _id: string;
  username: string;
  email: string;
  role: string;
  passwordHash: string;
  /** Raised on password change or reset; tokens carrying an older version stop working. */
  tokenVersion: number;
  lastLogin: string | null;
  createdAt: string;
  updatedAt: string;
}

export type AdminPatch = Partial<Pick<AdminRecord, 'email' | 'passwordHash' | 'tokenVersion' | 'lastLogin'>>;

export interface AdminStore {
  count(): Promise<number>;
  /**
   * Creates the first admin atomically: of any number of concurrent calls, exactly one succeeds.
   * Returns null when an admin already exists.
   */
  createFirst(data: Pick<AdminRecord, 'username' | 'email' | 'role' | 'passwordHash'>): Promise<AdminRecord | null>;
  get(id: string): Promise<AdminRecord | null>;
  /** Case-insensitive match on username or email. */
  findByLogin(usernameOrEmail: string): Promise<AdminRecord | null>;
  findByEmail(email: string): Promise<AdminRecord | null>;
  /** Throws DuplicateKeyError('email') when the new email belongs to another admin. */
  update(id: string, patch: AdminPatch): Promise<AdminRecord | null>;
}

/** Revoked and single-use token ids (jti), each kept until the token would have expired anyway. */
export interface TokenStore {
  revoke(jti: string, expiresAt: Date): Promise<void>;
  isRevoked(jti: string): Promise<boolean>;
  /** Marks a single-use token as spent. True only for the first caller. */
  claimOnce(jti: string, expiresAt: Date): Promise<boolean>;
  /**
   * Revokes the token id atomically: true only for the caller that revoked it, false when it was revoked already
   * (the sliding-session renewal claims the old token this way, so of parallel renewals exactly one succeeds).
   */
  revokeOnce(jti: string, expiresAt: Date): Promise<boolean>;
}

export interface RateLimitState {
  count: number;
  resetAt: Date;
}

/** Fixed-window counters shared by every serverless instance. */
export interface RateLimitStore {
  /** Adds one to the key's window (starting a new window when the old one has ended). */
  hit(key: string, windowMs: number): Promise<RateLimitState>;
  peek(key: string): Promise<RateLimitState | null>;
  reset(key: string): Promise<void>;
}

export interface OtpRecord {
  email: string;
  codeHash: string;
  attempts: number;
  expiresAt: Date;
  createdAt: Date;
}

export interface OtpStore {
  /** Replaces any earlier code for this email: a new request invalidates the older code. */
  put(record: OtpRecord): Promise<void>;
  get(email: string): Promise<OtpRecord | null>;
  /** Returns the new attempt count. */
  incrementAttempts(email: string): Promise<number>;
  delete(email: string): Promise<void>;
}

/** What is stored: the form's fields, with the consent as a record of when and to which policy version. */
export type NewContactMessage = Omit<ContactMessageInput, 'consent'> & { consent?: ConsentRecord };

export interface ContactPageOptions {
  /** The inbox holds new and read messages; archived ones are kept apart. */
  folder: MessageFolder;
  limit: number;
  /** Start after this message (the last one of the previous page) in the newest-first order. */
  after?: MessageCursor | undefined;
}

export interface ContactStore {
  create(data: NewContactMessage): Promise<ContactMessage>;
  /** Newest first, every message whole. For tests and tools; the inbox reads `page`. */
  list(): Promise<ContactMessage[]>;
  /** One page of one folder, newest first (createdAt, then id, descending), without bodies. */
  page(options: ContactPageOptions): Promise<{ items: ContactMessageSummary[]; hasMore: boolean }>;
  /** How many messages each folder holds. */
  countByFolder(): Promise<Record<MessageFolder, number>>;
  get(id: string): Promise<ContactMessage | null>;
  update(id: string, patch: Partial<Pick<ContactMessage, 'status' | 'mailError'>>): Promise<ContactMessage | null>;
  delete(id: string): Promise<boolean>;
  countUnread(): Promise<number>;
  /** Every message from this e-mail address (compared in lower case), newest first: a data export (docs/policies.md). */
  listByEmail(email: string): Promise<ContactMessage[]>;
  /** Deletes every message from this e-mail address for good (a data erase); how many there were. */
  deleteByEmail(email: string): Promise<number>;
}

export interface UploadRecord {
  _id: string;
  /** Declared total size in bytes. */
  size: number;
  contentType: string;
  /** What the media is for: a service accepts images only, a banner images or videos. */
  purpose?: 'banner' | 'service';
  chunkSize: number;
  /** Byte length of each received chunk, by index. */
  received: Record<string, number>;
  status: 'open' | 'committed';
  /** Blob key of the committed media. */
  key?: string;
  createdAt: Date;
  expiresAt: Date;
}

export interface UploadStore {
  create(data: Omit<UploadRecord, '_id' | 'received' | 'status' | 'createdAt'>): Promise<UploadRecord>;
  get(id: string): Promise<UploadRecord | null>;
  /** `index` must be a non-negative integer (RangeError otherwise). */
  markChunk(id: string, index: number, bytes: number): Promise<UploadRecord | null>;
  markCommitted(id: string, key: string): Promise<UploadRecord | null>;
  delete(id: string): Promise<void>;
  /** Unfinished uploads whose expiry has passed, for cleanup. */
  listExpired(now: Date): Promise<UploadRecord[]>;
  /** Unfinished uploads still within their lifetime (the caps on open sessions and reserved bytes count them). */
  listOpen(now: Date): Promise<UploadRecord[]>;
}

/**
 * Small key/value state: the content version and publishing status. Values are JSON: what `get` returns is
 * what `JSON.parse(JSON.stringify(value))` gives (a Date comes back as its ISO string), on both stores.
 */
export interface MetaStore {
  get<T>(key: string): Promise<T | null>;
  set(key: string, value: unknown): Promise<void>;
  /** Atomically adds one and returns the new value (starting from 0). */
  increment(key: string): Promise<number>;
}

/** The site settings document as stored: the whole input plus when it was last written. */
export type StoredSiteSettings = SiteSettingsInput & { updatedAt: string };

/** One document: the practitioner's site settings (docs/site-settings.md). */
export interface SettingsStore {
  /** null until the first save. */
  get(): Promise<StoredSiteSettings | null>;
  /**
   * Replaces the whole document. Each write's `updatedAt` is later than the one before, so it works as a version:
   * with `expectedUpdatedAt` given (null: no document yet), the write happens only if the stored document still has
   * that value, and null is returned otherwise (someone else saved in between).
   */
  put(data: SiteSettingsInput, options?: { expectedUpdatedAt?: string | null }): Promise<StoredSiteSettings | null>;
}

/**
 * The ordered list of service categories (docs/categories.md). Services carry their category's name
 * (docs/decisions/014-categories-by-name.md), so a rename moves the services along in the same store operation.
 */
export interface CategoryStore {
  /** The saved list; the spec's defaults (DEFAULT_CATEGORIES) while none was ever saved, so old stores keep working. */
  list(): Promise<Category[]>;
  /** Replaces the whole list (order, hidden flags, additions, removals). The domain validates it first. */
  save(list: readonly Category[]): Promise<Category[]>;
  /**
   * Renames `from` to `to` in the list and in every service that carries `from`, as one operation: no service is
   * left behind with the old name. null when `from` is not in the list. Answers the new list and how many services
   * moved.
   */
  rename(from: string, to: string): Promise<{ categories: Category[]; moved: number } | null>;
  /** How many services (active or not) carry this category name. */
  countServices(name: string): Promise<number>;
}

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

// When the public site next changes by itself (docs/schedules.md): the first start or end of an active service's
// offer window or an active banner's window after a given moment. The scheduled publisher compares it with the last
// build, so a window that opened or closed since then gets its build without anyone pressing anything.
export interface ScheduleStore {
  /**
   * The earliest `offerStart`/`offerEnd` of an active service with an offer price, or `startsAt`/`endsAt` of an
   * active banner, strictly after `after`; null when none is ahead. Documents without these fields have none.
   */
  nextBoundary(after: Date): Promise<Date | null>;
}

// Testimonials are their own collection (docs/admin.md, "Testimonials"); a service's `testimonials` and
// `averageRating` are derived from it (src/server/domain/testimonials.ts).
export type NewTestimonial = TestimonialInput & { order: number };

export interface TestimonialStore {
  /** By `order` ascending, then oldest first. */
  list(): Promise<TestimonialRecord[]>;
  get(id: string): Promise<TestimonialRecord | null>;
  create(data: NewTestimonial): Promise<TestimonialRecord>;
  /**
   * Replaces the editable fields (an absent `rating` or `serviceId` clears it, as the form always sends the whole
   * testimonial) and sets `updatedAt`. null when no testimonial has this id.
   */
  replace(id: string, data: NewTestimonial): Promise<TestimonialRecord | null>;
  delete(id: string): Promise<TestimonialRecord | null>;
}

// The trash (docs/admin.md, "Trash and undo"): a deleted service, banner or message is moved here whole and kept
// for TRASH_DAYS, so the admin can undo or restore it.
export interface TrashRecord {
  /** The item's own id (ids are unique across collections), so a restore puts it back unchanged. */
  _id: string;
  kind: TrashKind;
  name: string;
  /** The whole record as it was stored, with `_id` as a 24-hex string. */
  item: Record<string, unknown>;
  deletedAt: string;
  expiresAt: string;
}

export interface TrashStore {
  /**
   * Moves the live record of this kind into the trash, expiring at `expiresAt`. null when no such record exists.
   * Embedded: one transaction. MongoDB (no transactions on the stand-in): the trash entry is written before the
   * record is removed, so a failure in between leaves the item in both places, never in neither.
   */
  moveIn(kind: TrashKind, id: string, now: Date, expiresAt: Date): Promise<TrashRecord | null>;
  /** Most recently deleted first. */
  list(): Promise<TrashRecord[]>;
  get(id: string): Promise<TrashRecord | null>;
  /** Puts the record back under its own id and removes the entry. null when the entry is gone. */
  restore(id: string): Promise<TrashRecord | null>;
  /** Removes the entry for good; the removed entry, or null. */
  remove(id: string): Promise<TrashRecord | null>;
  /** Removes every entry whose expiry has passed, and returns them (their media may then be released). */
  purgeExpired(now: Date): Promise<TrashRecord[]>;
}

export interface Stores {
  kind: 'embedded' | 'mongo';
  services: ServiceStore;
  banners: BannerStore;
  admins: AdminStore;
  tokens: TokenStore;
  rateLimits: RateLimitStore;
  otps: OtpStore;
  contact: ContactStore;
  uploads: UploadStore;
  meta: MetaStore;
  /** Deleted services, banners and messages, kept 30 days (docs/admin.md, "Trash and undo"). */
  trash: TrashStore;
  testimonials: TestimonialStore;
  settings: SettingsStore;
  /** The admin's passkeys (docs/auth.md, "Passkeys"). */
  passkeys: PasskeyStore;
  /** When offer and banner windows next open or close (docs/schedules.md). */
  schedule: ScheduleStore;
  /** The admin's trusted browsers, behind the device cookie (docs/auth.md, "New devices"). */
  devices: DeviceStore;
  /** The practitioner's service categories (docs/categories.md). */
  categories: CategoryStore;
  /** Bookings, their slot claims, webhook idempotency, the funnel, availability and the calendar cache (./booking-types.ts). */
  bookings: BookingStores['bookings'];
  processedEvents: BookingStores['processedEvents'];
  funnel: BookingStores['funnel'];
  availability: BookingStores['availability'];
  busyCache: BookingStores['busyCache'];
  /** Releases connections or file handles. */
  close(): Promise<void>;
}

export type * from './booking-types';
export { CLAIM_TICK_MINUTES, STALE_BOOKING_MESSAGE } from './booking-types';
