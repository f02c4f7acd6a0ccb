// Service addresses (docs/content-api.md, "Addresses"): which slug a save gets. The stores enforce that no two
// services share one (a unique index in each); this decides what to try and what to tell the admin.
import { SLUG_MESSAGES, slugify, withSuffix } from '../../shared/schemas/slug';
import { Refusal } from '../refusal';
import type { StoreConfig } from '../env';
import { openStores } from '../stores';
import { DuplicateKeyError, type ServiceStore } from '../stores/types';

/** Generated slugs try `base`, `base-2`, … this many times before a random tail (only a crowded catalogue gets there). */
const NUMBERED_TRIES = 50;

export interface SlugRequest {
  /** What the admin typed, already validated by the shared schema; empty or absent: make one from the name. */
  typed: string | undefined;
  name: string;
  /** The service being saved (null when creating): its own slugs, current and earlier, are free for it. */
  selfId: string | null;
}

const refusal = (message: string) => new Refusal('conflict', message, { slug: message });

/** The refusal for a typed slug another service has now or had before, or null when it is free for `selfId`. */
async function clashOf(store: ServiceStore, slug: string, selfId: string | null): Promise<Refusal | null> {
  const holder = await store.findBySlug(slug);
  if (!holder || holder._id === selfId) return null;
  return refusal(holder.slug === slug ? SLUG_MESSAGES.taken : SLUG_MESSAGES.takenBefore);
}

/** Checked before any media is stored, so a refused address costs the admin no upload. */
export async function assertTypedSlugFree(store: ServiceStore, request: SlugRequest): Promise<void> {
  if (!request.typed) return;
  const clash = await clashOf(store, request.typed, request.selfId);
  if (clash) throw clash;
}

function* candidates(name: string): Generator<string> {
  const base = slugify(name);
  yield base;
  for (let n = 2; n <= NUMBERED_TRIES; n += 1) yield withSuffix(base, n);
  for (;;) yield withSuffix(base, Math.random().toString(36).slice(2, 8));
}

/**
 * Runs `save` with the slug this request gets. A typed slug is used as typed or refused (409 with a field message);
 * an empty one is made from the name, with the first free numbered suffix. A save that loses a race for a slug
 * (DuplicateKeyError from the store's unique index) is refused when typed and retried with the next one when made.
 */
export async function saveWithSlug<T>(
  store: ServiceStore,
  request: SlugRequest,
  save: (slug: string) => Promise<T>,
): Promise<T> {
  if (request.typed) {
    await assertTypedSlugFree(store, request);
    try {
      return await save(request.typed);
    } catch (error) {
      if (error instanceof DuplicateKeyError && error.field === 'slug') throw refusal(SLUG_MESSAGES.taken);
      throw error;
    }
  }
  for (const slug of candidates(request.name)) {
    if (await clashOf(store, slug, request.selfId)) continue;
    try {
      return await save(slug);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError && error.field === 'slug')) throw error;
    }
  }
  throw new Error('unreachable: the slug candidates never end');
}

/**
 * Gives every service saved before slugs existed the slug its name makes (suffixed when taken). Run by the MongoDB
 * migration (npm run db:migrate, before every Netlify build) and at `npm start`; a no-op once all have one.
 */
export async function backfillServiceSlugs(store: ServiceStore): Promise<number> {
  const missing = (await store.list({ activeOnly: false })).filter((service) => !service.slug);
  // Oldest first, so when two names make one slug, the older service keeps the plain one.
  missing.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
  for (const service of missing) {
    await saveWithSlug(store, { typed: undefined, name: service.name, selfId: service._id }, (slug) =>
      store.setSlug(service._id, slug),
    );
  }
  return missing.length;
}

/**
 * The backfill over the configured store (MongoDB for `npm run db:migrate`, which runs it after the indexes exist so
 * the unique slug index guards it, before every Netlify build reads the database). Answers how many it filled.
 */
export async function fillServiceSlugs(config: StoreConfig): Promise<number> {
  const stores = await openStores(config);
  try {
    return await backfillServiceSlugs(stores.services);
  } finally {
    await stores.close();
  }
}
