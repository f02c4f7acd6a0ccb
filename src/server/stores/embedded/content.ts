import type { DatabaseSync } from 'node:sqlite';
import type { StoredBanner } from '../../../shared/schemas/banner';
import type { Service } from '../../../shared/schemas/service';
import {
  compareBannerOrder,
  compareServiceOrder,
  nextBannerOrder,
  nextServicePosition,
} from '../../../shared/ordering';
import { nextSlugHistory, nowIso, stripUndefined } from '../record-rules';
import { newId } from '../ids';
import { DuplicateKeyError, type BannerPatch, type BannerStore, type ServiceStore } from '../types';
import { Collection } from './collection';
import { transaction } from './database';
import { storedExtreme, writeOrder } from './ordering';

// The public content: services and banners (contract: content.test.ts, slugs.test.ts).

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

export function serviceStore(db: DatabaseSync): ServiceStore {
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

export function bannerStore(db: DatabaseSync): BannerStore {
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
