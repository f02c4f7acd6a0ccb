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
import type { PasskeyStore } from './passkeys';
import type { CategoryStore } from './categories';
import type { TestimonialStore } from './testimonials';
import type { ScheduleStore } from './schedule';
import type { TrashStore } from './trash';
import type { DeviceStore } from './devices';
import type { SiteSettingsInput } from '../../shared/schemas/site-settings';

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

export type NewContactMessage = ContactMessageInput;

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
  /** Deleted services, banners and messages, kept 30 days (src/server/stores/trash.ts). */
  trash: TrashStore;
  testimonials: TestimonialStore;
  settings: SettingsStore;
  /** The admin's passkeys (src/server/stores/passkeys.ts). */
  passkeys: PasskeyStore;
  /** When offer and banner windows next open or close (docs/schedules.md). */
  schedule: ScheduleStore;
  /** The admin's trusted browsers, behind the device cookie (src/server/stores/devices.ts). */
  devices: DeviceStore;
  /** The practitioner's service categories (docs/categories.md). */
  categories: CategoryStore;
  /** Releases connections or file handles. */
  close(): Promise<void>;
}
