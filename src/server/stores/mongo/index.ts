import { ObjectId, type Collection, type Db, type Filter } from 'mongodb';
import type { StoredBanner } from '../../../shared/schemas/banner';
import type { ContactMessage } from '../../../shared/schemas/contact';
import type { Service } from '../../../shared/schemas/service';
import { asJson, assertChunkIndex, nextSlugHistory, nowIso, stripUndefined, toMessageSummary } from '../common';
import { compareServiceOrder, nextBannerOrder, nextServicePosition } from '../../../shared/ordering';
import { highestOrder, lowestPosition, reorderIn } from './ordering';
import {
  DuplicateKeyError,
  type AdminRecord,
  type AdminStore,
  type BannerStore,
  type ContactStore,
  type MetaStore,
  type OtpRecord,
  type OtpStore,
  type RateLimitStore,
  type ServiceStore,
  type Stores,
  type TokenStore,
  type UploadRecord,
  type UploadStore,
} from '../types';
import {
  acquireClient,
  COLLECTIONS,
  duplicateField,
  isDuplicateKey,
  OPERATION_DEADLINE_MS,
  OperationDeadlineError,
  translateError,
} from './client';
import { mongoTestimonialStore } from './testimonials';
import { mongoTrashStore } from './trash';
import { settingsStore } from './settings';
import { mongoPasskeyStore } from './passkeys';
import { mongoScheduleStore } from './schedule';
import { mongoDeviceStore } from './devices';
import { mongoCategoryStore } from './categories';
import { withBackupAccess } from '../backup-access';
import { mongoBackupAccess } from './backup';
import { byObjectId, objectId, withHexId, type Run } from './documents';

// Documents as stored. Ids are ObjectIds in the database and 24-hex strings in the API (./documents.ts), so every
// read converts with `withHexId`.
type ServiceDoc = Omit<Service, '_id'> & { _id: ObjectId };
type BannerDoc = Omit<StoredBanner, '_id'> & { _id: ObjectId };
type AdminDoc = Omit<AdminRecord, '_id'> & {
  _id: ObjectId;
  usernameLower: string;
  emailLower: string;
  firstAdmin?: true;
};
type ContactDoc = Omit<ContactMessage, '_id'> & { _id: ObjectId };
type UploadDoc = Omit<UploadRecord, '_id'> & {
  _id: ObjectId;
  /** When MongoDB's TTL monitor removes the record: a day after expiry, so cleanup can first delete its chunks. */
  purgeAt: Date;
};
interface ExpiringDoc {
  _id: string;
  expiresAt: Date;
}
interface RateDoc {
  _id: string;
  count: number;
  resetAt: Date;
}
type OtpDoc = OtpRecord & { _id: string };
interface MetaDoc {
  _id: string;
  value: unknown;
}

const UPLOAD_PURGE_GRACE_MS = 24 * 60 * 60 * 1000;
const DUPLICATE_RETRIES = 3;

function toService(doc: ServiceDoc): Service {
  return withHexId(doc);
}

function toBanner(doc: BannerDoc): StoredBanner {
  return withHexId(doc);
}

function toMessage(doc: ContactDoc): ContactMessage {
  return withHexId(doc);
}

function toAdmin(doc: AdminDoc): AdminRecord {
  const { usernameLower: _u, emailLower: _e, firstAdmin: _f, ...admin } = doc;
  return withHexId(admin);
}

function toUpload(doc: UploadDoc): UploadRecord {
  const { purgeAt: _p, ...upload } = doc;
  return withHexId(upload);
}

function toOtp(doc: OtpDoc): OtpRecord {
  const { _id: _key, ...otp } = doc;
  return otp;
}

/**
 * An upsert racing another upsert of the same new key may lose with a duplicate-key error (the server retries most
 * such cases itself, not all): trying again finds the document the winner inserted.
 */
async function retryDuplicate<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isDuplicateKey(error) || attempt >= DUPLICATE_RETRIES) throw error;
    }
  }
}

/** MongoDB's refusal of a second service with one slug (the slug_unique index), as the stores' common error. */
async function slugClash<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDuplicateKey(error) && duplicateField(error) === 'slug') throw new DuplicateKeyError('slug');
    throw error;
  }
}

function serviceStore(run: Run): ServiceStore {
  const { collection: services, ...byId } = byObjectId(run, COLLECTIONS.services, toService);
  return {
    list: ({ activeOnly, featured, limit }) =>
      run(async (db) => {
        const filter: Filter<ServiceDoc> = {
          ...(activeOnly ? { isActive: true } : {}),
          ...(featured !== undefined ? { isFeatured: featured } : {}),
        };
        // Sorted here, not by the server: services without a position sort last, which MongoDB's sort cannot say
        // (missing fields sort first). One practitioner's catalogue is small enough to read whole.
        const sorted = (await services(db).find(filter).toArray()).map(withHexId).sort(compareServiceOrder);
        return limit === undefined ? sorted : sorted.slice(0, limit);
      }),
    get: byId.get,
    findBySlug: (slug) =>
      run(async (db) => {
        const doc = (await services(db).findOne({ slug })) ?? (await services(db).findOne({ previousSlugs: slug }));
        return doc ? toService(doc) : null;
      }),
    create: (data) =>
      run(async (db) => {
        const now = nowIso();
        const lowest = await lowestPosition(services(db) as unknown as Collection);
        const doc: ServiceDoc = {
          ...data,
          _id: new ObjectId(),
          // New services start the order (src/shared/ordering.ts, positionForNewService).
          position: nextServicePosition(lowest),
          testimonials: [],
          averageRating: 0,
          createdAt: now,
          updatedAt: now,
        };
        await slugClash(() => services(db).insertOne(doc));
        return withHexId(doc);
      }),
    update: (id, patch) => {
      const { offerPrice, ...rest } = stripUndefined(patch);
      const stamp = () => ({ ...rest, updatedAt: nowIso() });
      // Same rule as the embedded store: a patch without offerPrice clears the offer (see ServiceStore.update).
      const update = (set: Record<string, unknown>) =>
        offerPrice === undefined
          ? { $set: set, $unset: { offerPrice: '' as const } }
          : { $set: { ...set, offerPrice } };
      if (patch.slug === undefined) return slugClash(() => byId.update(id, update(stamp())));
      // A new slug moves the old one into the history. No transactions here (the stand-in has none): the write is
      // conditional on the slug read, and a concurrent change of it makes this read and try again.
      return run(async (db) => {
        const _id = objectId(id);
        for (let attempt = 1; _id && attempt <= DUPLICATE_RETRIES; attempt += 1) {
          const current = await services(db).findOne({ _id });
          if (!current) return null;
          const history = nextSlugHistory(current, patch.slug);
          const updated = await slugClash(() =>
            services(db).findOneAndUpdate(
              { _id, slug: current.slug ?? { $exists: false } },
              update({ ...stamp(), ...(history ? { previousSlugs: history } : {}) }),
              { returnDocument: 'after' },
            ),
          );
          if (updated) return toService(updated);
        }
        return null;
      });
    },
    setSlug: (id, slug) =>
      run(async (db) => {
        const _id = objectId(id);
        if (!_id) return null;
        const updated = await slugClash(() =>
          services(db).findOneAndUpdate(
            { _id, slug: { $exists: false } },
            { $set: { slug } },
            { returnDocument: 'after' },
          ),
        );
        return updated ? toService(updated) : null;
      }),
    delete: byId.remove,
    reorder: reorderIn(run, services, 'position'),
  };
}

function bannerStore(run: Run): BannerStore {
  const { collection: banners, ...byId } = byObjectId(run, COLLECTIONS.banners, toBanner);
  return {
    list: ({ activeOnly }) =>
      run(async (db) => {
        const docs = await banners(db)
          .find(activeOnly ? { isActive: true } : {})
          .sort({ order: 1, createdAt: 1, _id: 1 })
          .toArray();
        return docs.map(toBanner);
      }),
    get: byId.get,
    create: (data) =>
      run(async (db) => {
        const now = nowIso();
        const { order, ...fields } = data;
        // Without an order a new banner goes to the end (src/shared/ordering.ts, orderForNewBanner).
        const highest = order === undefined ? await highestOrder(banners(db) as unknown as Collection) : null;
        const placed = order ?? nextBannerOrder(highest);
        const doc: BannerDoc = { ...fields, order: placed, _id: new ObjectId(), createdAt: now, updatedAt: now };
        await banners(db).insertOne(doc);
        return toBanner(doc);
      }),
    update: (id, patch) => byId.update(id, { $set: { ...stripUndefined(patch), updatedAt: nowIso() } }),
    delete: byId.remove,
    reorder: reorderIn(run, banners, 'order'),
  };
}

function adminStore(run: Run): AdminStore {
  const { collection: admins, ...byId } = byObjectId(run, COLLECTIONS.admins, toAdmin);
  return {
    count: () => run((db) => admins(db).countDocuments()),
    createFirst: (data) =>
      run(async (db) => {
        if ((await admins(db).countDocuments({}, { limit: 1 })) > 0) return null;
        const now = nowIso();
        const doc: AdminDoc = {
          ...data,
          _id: new ObjectId(),
          usernameLower: data.username.toLowerCase(),
          emailLower: data.email.toLowerCase(),
          firstAdmin: true,
          tokenVersion: 0,
          lastLogin: null,
          createdAt: now,
          updatedAt: now,
        };
        try {
          await admins(db).insertOne(doc);
        } catch (error) {
          // Another init won the race (first_admin_unique), or took the name: either way an admin now exists.
          if (isDuplicateKey(error)) return null;
          throw error;
        }
        return toAdmin(doc);
      }),
    get: byId.get,
    findByLogin: (value) =>
      run(async (db) => {
        const key = value.toLowerCase();
        // A username match wins over an email match, as in the embedded store.
        const doc =
          (await admins(db).findOne({ usernameLower: key })) ?? (await admins(db).findOne({ emailLower: key }));
        return doc ? toAdmin(doc) : null;
      }),
    findByEmail: (email) =>
      run(async (db) => {
        const doc = await admins(db).findOne({ emailLower: email.toLowerCase() });
        return doc ? toAdmin(doc) : null;
      }),
    update: async (id, patch) => {
      const set = {
        ...stripUndefined(patch),
        ...(patch.email !== undefined ? { emailLower: patch.email.toLowerCase() } : {}),
        updatedAt: nowIso(),
      };
      try {
        return await byId.update(id, { $set: set });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        const field = duplicateField(error);
        throw new DuplicateKeyError(field === 'unknown' ? 'email' : field);
      }
    },
  };
}

function tokenStore(run: Run): TokenStore {
  const revoked = (db: Db) => db.collection<ExpiringDoc>(COLLECTIONS.revokedTokens);
  const claimed = (db: Db) => db.collection<ExpiringDoc>(COLLECTIONS.claimedTokens);
  return {
    revoke: (jti, expiresAt) =>
      run(async (db) => {
        await revoked(db).updateOne({ _id: jti }, { $set: { expiresAt } }, { upsert: true });
      }),
    // The TTL monitor runs about once a minute, so expiry is also checked here, as the embedded store does.
    isRevoked: (jti) =>
      run(async (db) => (await revoked(db).countDocuments({ _id: jti, expiresAt: { $gt: new Date() } })) > 0),
    claimOnce: (jti, expiresAt) =>
      run(async (db) => {
        // A claim that has expired but not yet been swept no longer counts.
        await claimed(db).deleteOne({ _id: jti, expiresAt: { $lte: new Date() } });
        try {
          await claimed(db).insertOne({ _id: jti, expiresAt });
          return true;
        } catch (error) {
          if (isDuplicateKey(error)) return false;
          throw error;
        }
      }),
    revokeOnce: (jti, expiresAt) =>
      run(async (db) => {
        await revoked(db).deleteOne({ _id: jti, expiresAt: { $lte: new Date() } });
        try {
          await revoked(db).insertOne({ _id: jti, expiresAt });
          return true;
        } catch (error) {
          if (isDuplicateKey(error)) return false;
          throw error;
        }
      }),
  };
}

function rateLimitStore(run: Run): RateLimitStore {
  const windows = (db: Db) => db.collection<RateDoc>(COLLECTIONS.rateLimits);
  return {
    hit: (key, windowMs) =>
      run(async (db) => {
        const now = new Date();
        // One atomic update: count up inside a live window, or start a new one. Every expression in a $set stage
        // reads the document as it was before the stage, so both fields test the old resetAt.
        const live = { $gt: ['$resetAt', now] };
        const doc = await retryDuplicate(() =>
          windows(db).findOneAndUpdate(
            { _id: key },
            [
              {
                $set: {
                  count: { $cond: [live, { $add: ['$count', 1] }, 1] },
                  resetAt: { $cond: [live, '$resetAt', new Date(now.getTime() + windowMs)] },
                },
              },
            ],
            { upsert: true, returnDocument: 'after' },
          ),
        );
        if (!doc) throw new Error('Rate-limit upsert returned no document');
        return { count: doc.count, resetAt: doc.resetAt };
      }),
    peek: (key) =>
      run(async (db) => {
        const doc = await windows(db).findOne({ _id: key });
        if (!doc || doc.resetAt.getTime() <= Date.now()) return null;
        return { count: doc.count, resetAt: doc.resetAt };
      }),
    reset: (key) =>
      run(async (db) => {
        await windows(db).deleteOne({ _id: key });
      }),
  };
}

function otpStore(run: Run): OtpStore {
  const otps = (db: Db) => db.collection<OtpDoc>(COLLECTIONS.otps);
  return {
    put: (record) =>
      run(async (db) => {
        const email = record.email.toLowerCase();
        await otps(db).replaceOne({ _id: email }, { ...record, email }, { upsert: true });
      }),
    get: (email) =>
      run(async (db) => {
        const doc = await otps(db).findOne({ _id: email.toLowerCase(), expiresAt: { $gt: new Date() } });
        return doc ? toOtp(doc) : null;
      }),
    incrementAttempts: (email) =>
      run(async (db) => {
        const doc = await otps(db).findOneAndUpdate(
          { _id: email.toLowerCase(), expiresAt: { $gt: new Date() } },
          { $inc: { attempts: 1 } },
          { returnDocument: 'after' },
        );
        return doc ? doc.attempts : 0;
      }),
    delete: (email) =>
      run(async (db) => {
        await otps(db).deleteOne({ _id: email.toLowerCase() });
      }),
  };
}

function contactStore(run: Run): ContactStore {
  const { collection: messages, ...byId } = byObjectId(run, COLLECTIONS.contact, toMessage);
  return {
    create: (data) =>
      run(async (db) => {
        const doc: ContactDoc = { ...data, _id: new ObjectId(), status: 'new', createdAt: nowIso() };
        await messages(db).insertOne(doc);
        return withHexId(doc);
      }),
    list: () =>
      run(async (db) => (await messages(db).find().sort({ createdAt: -1, _id: -1 }).toArray()).map(withHexId)),
    page: ({ folder, limit, after }) =>
      run(async (db) => {
        const status: Filter<ContactDoc> =
          folder === 'archived' ? { status: 'archived' } : { status: { $ne: 'archived' } };
        const afterId = after ? objectId(after.id) : null;
        // Strictly after the cursor in (createdAt desc, _id desc): older, or as old with a smaller id.
        const filter: Filter<ContactDoc> =
          after && afterId
            ? {
                $and: [
                  status,
                  {
                    $or: [
                      { createdAt: { $lt: after.createdAt } },
                      { createdAt: after.createdAt, _id: { $lt: afterId } },
                    ],
                  },
                ],
              }
            : status;
        // One extra document tells whether another page follows, without a count.
        const docs = await messages(db)
          .find(filter)
          .sort({ createdAt: -1, _id: -1 })
          .limit(limit + 1)
          .toArray();
        return {
          items: docs.slice(0, limit).map((doc) => toMessageSummary(withHexId(doc))),
          hasMore: docs.length > limit,
        };
      }),
    countByFolder: () =>
      run(async (db) => {
        const [total, archived] = await Promise.all([
          messages(db).countDocuments({}),
          messages(db).countDocuments({ status: 'archived' }),
        ]);
        return { inbox: total - archived, archived };
      }),
    get: byId.get,
    update: (id, patch) => {
      const set = stripUndefined(patch);
      // MongoDB refuses an empty $set; an empty patch changes nothing.
      return Object.keys(set).length === 0 ? byId.get(id) : byId.update(id, { $set: set });
    },
    delete: (id) =>
      run(async (db) => {
        const _id = objectId(id);
        return _id ? (await messages(db).deleteOne({ _id })).deletedCount > 0 : false;
      }),
    countUnread: () => run((db) => messages(db).countDocuments({ status: 'new' })),
  };
}

function uploadStore(run: Run): UploadStore {
  const { collection: uploads, ...byId } = byObjectId(run, COLLECTIONS.uploads, toUpload);
  const setFields = (id: string, set: Record<string, unknown>) => byId.update(id, { $set: set });
  const openUploads = (expiresAt: { $lte: Date } | { $gt: Date }) =>
    run(async (db) => (await uploads(db).find({ status: 'open', expiresAt }).toArray()).map(toUpload));
  return {
    create: (data) =>
      run(async (db) => {
        const doc: UploadDoc = {
          ...data,
          _id: new ObjectId(),
          received: {},
          status: 'open',
          createdAt: new Date(),
          purgeAt: new Date(data.expiresAt.getTime() + UPLOAD_PURGE_GRACE_MS),
        };
        await uploads(db).insertOne(doc);
        return toUpload(doc);
      }),
    get: byId.get,
    markChunk: async (id, index, bytes) => {
      assertChunkIndex(index);
      return setFields(id, { [`received.${index}`]: bytes });
    },
    markCommitted: (id, key) => setFields(id, { status: 'committed', key }),
    delete: (id) =>
      run(async (db) => {
        const _id = objectId(id);
        if (_id) await uploads(db).deleteOne({ _id });
      }),
    listExpired: (now) => openUploads({ $lte: now }),
    listOpen: (now) => openUploads({ $gt: now }),
  };
}

function metaStore(run: Run): MetaStore {
  const meta = (db: Db) => db.collection<MetaDoc>(COLLECTIONS.meta);
  return {
    get: <T>(key: string) =>
      run(async (db) => {
        const doc = await meta(db).findOne({ _id: key });
        return doc ? ((doc.value ?? null) as T | null) : null;
      }),
    set: (key, value) =>
      run(async (db) => {
        await meta(db).updateOne({ _id: key }, { $set: { value: asJson(value) } }, { upsert: true });
      }),
    increment: (key) =>
      run(async (db) => {
        const doc = await retryDuplicate(() =>
          // A numeric view of the same collection: a counter's value is a number.
          db
            .collection<{ _id: string; value: number }>(COLLECTIONS.meta)
            .findOneAndUpdate({ _id: key }, { $inc: { value: 1 } }, { upsert: true, returnDocument: 'after' }),
        );
        if (!doc || typeof doc.value !== 'number') throw new Error(`meta ${key} is not a number`);
        return doc.value;
      }),
  };
}

/**
 * The MongoDB stores (when MONGODB_URI is set). Nothing connects here: the first operation connects, so a cold start
 * with the database down answers 503 and a later request still succeeds (a failed connect is not kept). Indexes are
 * not created here but by the migration (`npm run db:migrate`); see docs/decisions/002-mongodb-in-functions.md.
 */
export async function createMongoStores(uri: string, dbName: string): Promise<Stores> {
  const handle = acquireClient(uri);
  let closed = false;
  const run: Run = async (work) => {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new OperationDeadlineError(OPERATION_DEADLINE_MS)), OPERATION_DEADLINE_MS);
    });
    try {
      return await Promise.race([(async () => work(await handle.db(dbName)))(), deadline]);
    } catch (error) {
      handle.failed(error);
      throw translateError(error);
    } finally {
      clearTimeout(timer);
    }
  };
  return withBackupAccess(mongoBackupAccess(run), {
    kind: 'mongo',
    services: serviceStore(run),
    banners: bannerStore(run),
    admins: adminStore(run),
    tokens: tokenStore(run),
    rateLimits: rateLimitStore(run),
    otps: otpStore(run),
    contact: contactStore(run),
    uploads: uploadStore(run),
    meta: metaStore(run),
    trash: mongoTrashStore(run),
    testimonials: mongoTestimonialStore(run),
    settings: settingsStore(run),
    passkeys: mongoPasskeyStore(run),
    schedule: mongoScheduleStore(run),
    devices: mongoDeviceStore(run),
    categories: mongoCategoryStore(run),
    async close() {
      if (closed) return;
      closed = true;
      await handle.release();
    },
  });
}
