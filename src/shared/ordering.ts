// The order the practitioner sets for services and banners (docs/admin.md, "Order on the site"), as pure rules that
// the stores, the static pages and the admin all use, so every list of the same records agrees.
import { HOME_FEATURED_LIMIT } from './constants';

/** What the service order reads. `position` is absent on services saved before the manual order existed. */
export interface ServiceOrderKey {
  _id: string;
  createdAt: string;
  position?: number | undefined;
}

/**
 * By `position` ascending; services without one come after every positioned service, newest first, which is the
 * order they had before the manual order existed. A new service gets a position before the first (see
 * `positionForNewService`), so it appears at the start until the practitioner moves it.
 */
export function compareServiceOrder(a: ServiceOrderKey, b: ServiceOrderKey): number {
  const pa = a.position ?? Number.POSITIVE_INFINITY;
  const pb = b.position ?? Number.POSITIVE_INFINITY;
  if (pa !== pb) return pa < pb ? -1 : 1;
  return b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);
}

export function sortServices<T extends ServiceOrderKey>(list: readonly T[]): T[] {
  return [...list].sort(compareServiceOrder);
}

/** New services go to the start of the order: one before the lowest position held (0 when none is held). */
export function positionForNewService(existing: readonly ServiceOrderKey[]): number {
  const held = existing.map((s) => s.position).filter((p): p is number => typeof p === 'number');
  return nextServicePosition(held.length === 0 ? null : Math.min(...held));
}

/** The same from the lowest position already held (null when none is), as a store reads it without loading all. */
export function nextServicePosition(lowest: number | null): number {
  return lowest === null ? 0 : lowest - 1;
}

/** What the banner order reads: the banner's `order` number, then oldest first. */
export interface BannerOrderKey {
  _id: string;
  createdAt: string;
  order: number;
}

export function compareBannerOrder(a: BannerOrderKey, b: BannerOrderKey): number {
  return a.order - b.order || a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id);
}

/** New banners go to the end of the order: one after the highest `order` held. */
export function orderForNewBanner(existing: readonly BannerOrderKey[]): number {
  return nextBannerOrder(existing.length === 0 ? null : Math.max(...existing.map((b) => b.order)));
}

/** The same from the highest order already held (null when there are no banners). */
export function nextBannerOrder(highest: number | null): number {
  return highest === null ? 0 : highest + 1;
}

interface FeaturedCandidate extends ServiceOrderKey {
  isActive: boolean;
  isFeatured: boolean;
}

/**
 * The services of the home page's 'My Services' carousel: active and featured, in the site order, the first
 * HOME_FEATURED_LIMIT of them (docs/public-site.md, "Order").
 */
export function homeFeatured<T extends FeaturedCandidate>(services: readonly T[]): T[] {
  return sortServices(services.filter((s) => s.isActive && s.isFeatured)).slice(0, HOME_FEATURED_LIMIT);
}

/** How many featured services the home page shows, of how many are featured and active. */
export function featuredSummary(services: readonly FeaturedCandidate[]): { shown: number; featured: number } {
  const featured = services.filter((s) => s.isActive && s.isFeatured).length;
  return { shown: Math.min(featured, HOME_FEATURED_LIMIT), featured };
}

/** The list with the item at `index` moved by `delta` places (clamped to the ends); the same list when it cannot move. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = Math.max(0, Math.min(list.length - 1, index + delta));
  if (index < 0 || index >= list.length || target === index) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item as T);
  return next;
}
