import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { StoredBanner } from '../../../shared/schemas/banner';
import type { ContactMessage } from '../../../shared/schemas/contact';
import type { Service } from '../../../shared/schemas/service';
import { assertChunkIndex, inFolder, nextSlugHistory, nowIso, stripUndefined, toMessageSummary } from '../common';
import { newId } from '../ids';
import {
  DuplicateKeyError,
  type AdminRecord,
  type BannerPatch,
  type BannerStore,
  type ContactStore,
  type MetaStore,
  type OtpRecord,
  type RateLimitStore,
  type ServiceStore,
  type Stores,
  type TokenStore,
  type UploadRecord,
  type UploadStore,
  type AdminStore,
  type OtpStore,
} from '../types';
import {
  compareBannerOrder,
  compareServiceOrder,
  nextBannerOrder,
  nextServicePosition,
} from '../../../shared/ordering';
import { Collection } from './collection';
import { openDatabase, transaction } from './database';
import { embeddedCategoryStore } from './categories';
import { embeddedTestimonialStore } from './testimonials';
import { embeddedTrashStore } from './trash';
import { storedExtreme, writeOrder } from './ordering';
import { settingsStore } from './settings';
import { embeddedPasskeyStore } from './passkeys';
import { embeddedScheduleStore } from './schedule';
import { embeddedDeviceStore } from './devices';
import { withBackupAccess } from '../backup-access';
import { embeddedBackupAccess } from './backup';

function byNewest<T extends { createdAt: string; _id: string }>(a: T, b: T): number {
  return b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);
}

/** SQLite's refusal of a second service with one slug (the services_slug index), as the stores' common error. */
function slugClash<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof Error && /UNIQUE constraint failed: index 'services_slug'/.test(error.message)) {
      throw new DuplicateKeyError('slug');
    }
    throw error;
  }
}

function serviceStore(db: DatabaseSync): ServiceStore {
  const services = new Collection<Service>(db, 'services');
  const bySlug = db.prepare("SELECT doc FROM docs WHERE coll = 'services' AND json_extract(doc, '$.slug') = ?");
  const byPreviousSlug = db.prepare(
    "SELECT doc FROM docs, json_each(docs.doc, '$.previousSlugs') AS earlier WHERE coll = 'services' AND earlier.value = ? LIMIT 1",
  );
  // data_version moves when another connection (another process) commits; total_changes when this one writes.
  const dataVersion = db.prepare('PRAGMA data_version');
  const totalChanges = db.prepare('SELECT total_changes() AS n');
  return {
    changeToken() {
      const version = dataVersion.get() as { data_version: number };
      const changes = totalChanges.get() as { n: number };
      return `${version.data_version}:${changes.n}`;
    },
    async list({ activeOnly, featured, limit }) {
      let items = services.all();
      if (activeOnly) items = items.filter((s) => s.isActive);
      if (featured !== undefined) items = items.filter((s) => s.isFeatured === featured);
      items.sort(compareServiceOrder);
      return limit === undefined ? items : items.slice(0, limit);
    },
    async get(id) {
      return services.get(id);
    },
    async findBySlug(slug) {
      const row = (bySlug.get(slug) ?? byPreviousSlug.get(slug)) as { doc: string } | undefined;
      return row ? (JSON.parse(row.doc) as Service) : null;
    },
    async create(data) {
      return slugClash(() =>
        transaction(db, () => {
          const now = nowIso();
          const service: Service = {
            ...data,
            _id: newId(),
            position: nextServicePosition(storedExtreme(db, 'services', 'position', 'min')),
            testimonials: [],
            averageRating: 0,
            createdAt: now,
            updatedAt: now,
          };
          return services.insert(service);
        }),
      );
    },
    async reorder(ids) {
      writeOrder(db, 'services', 'position', ids);
    },
    async update(id, patch) {
      return slugClash(() =>
        services.modify(id, (current) => {
          const next: Service = { ...current, ...stripUndefined(patch), _id: id, updatedAt: nowIso() };
          const history = nextSlugHistory(current, patch.slug);
          if (history === undefined) delete next.previousSlugs;
          else next.previousSlugs = history;
          if (!('offerPrice' in patch) || patch.offerPrice === undefined) {
            // An update that leaves out offerPrice clears it: the form always sends the whole service.
            delete next.offerPrice;
          }
          return next;
        }),
      );
    },
    async setSlug(id, slug) {
      return slugClash(() =>
        transaction(db, () => {
          const current = services.get(id);
          if (!current || current.slug) return null;
          const next: Service = { ...current, slug };
          services.replace(next);
          return next;
        }),
      );
    },
    async delete(id) {
      return services.take(id);
    },
  };
}

function bannerStore(db: DatabaseSync): BannerStore {
  const banners = new Collection<StoredBanner>(db, 'banners');
  return {
    async list({ activeOnly }) {
      const items = banners.all().filter((b) => !activeOnly || b.isActive);
      items.sort(compareBannerOrder);
      return items;
    },
    async get(id) {
      return banners.get(id);
    },
    async create({ order, ...data }) {
      return transaction(db, () => {
        const now = nowIso();
        const placed = order ?? nextBannerOrder(storedExtreme(db, 'banners', 'order', 'max'));
        const banner: StoredBanner = { ...data, order: placed, _id: newId(), createdAt: now, updatedAt: now };
        return banners.insert(banner);
      });
    },
    async reorder(ids) {
      writeOrder(db, 'banners', 'order', ids);
    },
    async update(id, patch) {
      return banners.modify(id, (current) => ({
        ...current,
        ...(stripUndefined(patch) as BannerPatch),
        _id: id,
        updatedAt: nowIso(),
      }));
    },
    async delete(id) {
      return banners.take(id);
    },
  };
}

function isUniqueViolation(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  if (!/UNIQUE constraint failed|constraint failed/i.test(message)) return null;
  return message.includes('email') ? 'email' : message.includes('username') ? 'username' : 'unknown';
}

function adminStore(db: DatabaseSync): AdminStore {
  const admins = new Collection<AdminRecord>(db, 'admins');
  const findByField = (field: 'username' | 'email', value: string): AdminRecord | null => {
    const row = db
      .prepare(`SELECT doc FROM docs WHERE coll = 'admins' AND lower(json_extract(doc, '$.${field}')) = lower(?)`)
      .get(value) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as AdminRecord) : null;
  };
  return {
    async count() {
      return admins.count();
    },
    async createFirst(data) {
      return transaction(db, () => {
        if (admins.count() > 0) return null;
        const now = nowIso();
        return admins.insert({
          ...data,
          _id: newId(),
          tokenVersion: 0,
          lastLogin: null,
          createdAt: now,
          updatedAt: now,
        });
      });
    },
    async get(id) {
      return admins.get(id);
    },
    async findByLogin(value) {
      return findByField('username', value) ?? findByField('email', value);
    },
    async findByEmail(email) {
      return findByField('email', email);
    },
    async update(id, patch) {
      try {
        return admins.modify(id, (current) => ({ ...current, ...stripUndefined(patch), _id: id, updatedAt: nowIso() }));
      } catch (error) {
        const field = isUniqueViolation(error);
        if (field) throw new DuplicateKeyError(field === 'unknown' ? 'email' : field);
        throw error;
      }
    },
  };
}

type TimedRecord = { createdAt: Date; expiresAt: Date };

/** Stored JSON holds the times of one-time codes and uploads as epoch ms or ISO text; reads turn them into Dates. */
function withDates<S extends Record<keyof TimedRecord, number | string>>(
  stored: S,
): Omit<S, keyof TimedRecord> & TimedRecord {
  return { ...stored, createdAt: new Date(stored.createdAt), expiresAt: new Date(stored.expiresAt) };
}

/** kv rows hold small JSON values with an optional expiry (ms since epoch). */
function kv(db: DatabaseSync) {
  const getStmt = db.prepare('SELECT value, expires_at FROM kv WHERE key = ?');
  const setStmt = db.prepare(
    'INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at',
  );
  const insertIfAbsent = db.prepare(
    'INSERT INTO kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT(key) DO NOTHING',
  );
  const deleteStmt = db.prepare('DELETE FROM kv WHERE key = ?');
  return {
    get<T>(key: string, now = Date.now()): T | null {
      const row = getStmt.get(key) as { value: string; expires_at: number | null } | undefined;
      if (!row) return null;
      if (row.expires_at !== null && row.expires_at <= now) {
        deleteStmt.run(key);
        return null;
      }
      return JSON.parse(row.value) as T;
    },
    set(key: string, value: unknown, expiresAt: number | null = null) {
      // JSON.stringify(undefined) is undefined, which SQLite cannot bind: store it as null.
      setStmt.run(key, JSON.stringify(value ?? null), expiresAt);
    },
    /** True when the key was absent (or expired) and is now set. */
    setIfAbsent(key: string, value: unknown, expiresAt: number | null, now = Date.now()): boolean {
      db.prepare('DELETE FROM kv WHERE key = ? AND expires_at IS NOT NULL AND expires_at <= ?').run(key, now);
      return Number(insertIfAbsent.run(key, JSON.stringify(value), expiresAt).changes) > 0;
    },
    delete(key: string) {
      deleteStmt.run(key);
    },
    purgeExpired(prefix: string, now = Date.now()) {
      db.prepare('DELETE FROM kv WHERE key LIKE ? AND expires_at IS NOT NULL AND expires_at <= ?').run(
        `${prefix}%`,
        now,
      );
    },
  };
}

function tokenStore(db: DatabaseSync): TokenStore {
  const store = kv(db);
  return {
    async revoke(jti, expiresAt) {
      store.purgeExpired('revoked:');
      store.set(`revoked:${jti}`, true, expiresAt.getTime());
    },
    async isRevoked(jti) {
      return store.get<boolean>(`revoked:${jti}`) === true;
    },
    async claimOnce(jti, expiresAt) {
      return transaction(db, () => store.setIfAbsent(`claimed:${jti}`, true, expiresAt.getTime()));
    },
    async revokeOnce(jti, expiresAt) {
      return transaction(db, () => store.setIfAbsent(`revoked:${jti}`, true, expiresAt.getTime()));
    },
  };
}

function rateLimitStore(db: DatabaseSync): RateLimitStore {
  const store = kv(db);
  type Window = { count: number; resetAt: number };
  return {
    async hit(key, windowMs) {
      return transaction(db, () => {
        const now = Date.now();
        const current = store.get<Window>(`rate:${key}`, now);
        const next: Window =
          current && current.resetAt > now
            ? { count: current.count + 1, resetAt: current.resetAt }
            : { count: 1, resetAt: now + windowMs };
        store.set(`rate:${key}`, next, next.resetAt);
        return { count: next.count, resetAt: new Date(next.resetAt) };
      });
    },
    async peek(key) {
      const current = store.get<Window>(`rate:${key}`);
      return current ? { count: current.count, resetAt: new Date(current.resetAt) } : null;
    },
    async reset(key) {
      store.delete(`rate:${key}`);
    },
  };
}

function otpStore(db: DatabaseSync): OtpStore {
  const store = kv(db);
  type Stored = { email: string; codeHash: string; attempts: number; expiresAt: number; createdAt: number };
  const key = (email: string) => `otp:${email.toLowerCase()}`;
  const revive = (s: Stored): OtpRecord => withDates(s);
  return {
    async put(record) {
      const stored: Stored = {
        ...record,
        email: record.email.toLowerCase(),
        expiresAt: record.expiresAt.getTime(),
        createdAt: record.createdAt.getTime(),
      };
      store.set(key(record.email), stored, stored.expiresAt);
    },
    async get(email) {
      const stored = store.get<Stored>(key(email));
      return stored ? revive(stored) : null;
    },
    async incrementAttempts(email) {
      return transaction(db, () => {
        const stored = store.get<Stored>(key(email));
        if (!stored) return 0;
        stored.attempts += 1;
        store.set(key(email), stored, stored.expiresAt);
        return stored.attempts;
      });
    },
    async delete(email) {
      store.delete(key(email));
    },
  };
}

function contactStore(db: DatabaseSync): ContactStore {
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
  };
}

function uploadStore(db: DatabaseSync): UploadStore {
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

function metaStore(db: DatabaseSync): MetaStore {
  const store = kv(db);
  return {
    async get<T>(key: string) {
      return store.get<T>(`meta:${key}`);
    },
    async set(key, value) {
      store.set(`meta:${key}`, value);
    },
    async increment(key) {
      return transaction(db, () => {
        const next = (store.get<number>(`meta:${key}`) ?? 0) + 1;
        store.set(`meta:${key}`, next);
        return next;
      });
    },
  };
}

export function embeddedDatabaseFile(dataDir: string): string {
  return path.join(dataDir, 'content.db');
}

/** Opens the embedded stores over one SQLite file (':memory:' for tests). */
export function createEmbeddedStores(file: string): Stores {
  const db = openDatabase(file);
  return withBackupAccess(embeddedBackupAccess(db), {
    kind: 'embedded',
    services: serviceStore(db),
    banners: bannerStore(db),
    admins: adminStore(db),
    tokens: tokenStore(db),
    rateLimits: rateLimitStore(db),
    otps: otpStore(db),
    contact: contactStore(db),
    uploads: uploadStore(db),
    meta: metaStore(db),
    trash: embeddedTrashStore(db),
    testimonials: embeddedTestimonialStore(db),
    settings: settingsStore(db),
    passkeys: embeddedPasskeyStore(db),
    schedule: embeddedScheduleStore(db),
    devices: embeddedDeviceStore(db),
    categories: embeddedCategoryStore(db),
    async close() {
      if (db.isOpen) db.close();
    },
  });
}
