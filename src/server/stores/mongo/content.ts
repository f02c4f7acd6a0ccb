import { ObjectId, type Collection, type Filter } from 'mongodb';
import type { StoredBanner } from '../../../shared/schemas/banner';
import type { Service } from '../../../shared/schemas/service';
import { compareServiceOrder, nextBannerOrder, nextServicePosition } from '../../../shared/ordering';
import { nextSlugHistory, nowIso, stripUndefined } from '../record-rules';
import { DuplicateKeyError, type BannerStore, type ServiceStore } from '../types';
import { COLLECTIONS, duplicateField, isDuplicateKey } from './client';
import { byObjectId, DUPLICATE_RETRIES, objectId, withHexId, type Run } from './documents';
import { highestOrder, lowestPosition, reorderIn } from './ordering';

// The public content: services and banners (contract: content.test.ts, slugs.test.ts). Ids are ObjectIds in the
// database and 24-hex strings in the API (./documents.ts), so every read converts with `withHexId`.

type ServiceDoc = Omit<Service, '_id'> & { _id: ObjectId };
type BannerDoc = Omit<StoredBanner, '_id'> & { _id: ObjectId };

function toService(doc: ServiceDoc): Service {
  return withHexId(doc);
}

function toBanner(doc: BannerDoc): StoredBanner {
  return withHexId(doc);
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

export function serviceStore(run: Run): ServiceStore {
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

export function bannerStore(run: Run): BannerStore {
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
