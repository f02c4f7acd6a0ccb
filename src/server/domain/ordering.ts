// The manual order of services and banners (docs/admin.md, "Order on the site"; docs/content-api.md, "Order").
import { ORDER_MESSAGES, type OrderInput } from '../../shared/schemas/order';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import { recordContentChange } from './content-changes';

/**
 * The order must name every stored record exactly once. A list that misses one (added meanwhile) or names a deleted
 * one was drawn from an old page: saving it would drop a record from the order or guess its place, so it is
 * refused (409) and the admin reloads.
 */
function assertSameSet(stored: readonly { _id: string }[], ids: readonly string[]): void {
  const known = new Set(stored.map((r) => r._id));
  if (ids.length !== known.size || ids.some((id) => !known.has(id))) {
    throw new Refusal('conflict', ORDER_MESSAGES.stale);
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function reorderServices(deps: AppDeps, { ids }: OrderInput): Promise<void> {
  assertSameSet(await deps.stores.services.list({ activeOnly: false }), ids);
  await deps.stores.services.reorder(ids);
  await recordContentChange(deps, { kind: 'service', action: 'reordered', title: plural(ids.length, 'service') });
}

export async function reorderBanners(deps: AppDeps, { ids }: OrderInput): Promise<void> {
  assertSameSet(await deps.stores.banners.list({ activeOnly: false }), ids);
  await deps.stores.banners.reorder(ids);
  await recordContentChange(deps, { kind: 'banner', action: 'reordered', title: plural(ids.length, 'banner') });
}
