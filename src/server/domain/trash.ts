import { TRASH_DAYS, TRASH_MESSAGES, daysLeft, type TrashItem, type TrashKind } from '../../shared/schemas/trash';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import { isId } from '../stores/ids';
import { trashedMediaUrls } from '../stores/trash-entries';
import type { TrashRecord } from '../stores/types';
import { recordContentChange } from './content-changes';
import { releaseMediaIfUnused } from './media';

const DAY_MS = 86_400_000;
type TrashDeps = Pick<AppDeps, 'stores' | 'media' | 'publisher'>;

/**
 * Removes entries older than TRASH_DAYS and then their media (unless something else uses the same file). Lazy: it
 * runs on every trash listing and every delete, on both stores, rather than on a timer or a MongoDB TTL index,
 * because a TTL index could drop the entry but not its media (docs/admin.md, "Trash and undo").
 */
export async function purgeExpiredTrash(deps: TrashDeps, now = new Date()): Promise<TrashRecord[]> {
  const expired = await deps.stores.trash.purgeExpired(now);
  await releaseMediaOf(deps, expired);
  return expired;
}

async function releaseMediaOf(deps: TrashDeps, records: readonly TrashRecord[]): Promise<void> {
  for (const url of trashedMediaUrls(records)) await releaseMediaIfUnused(deps, url);
}

/**
 * Deleting a service, banner or message moves it to the trash (the spec's DELETE endpoints keep their replies).
 * A trashed service or banner leaves the public site, so the change is recorded and the site republishes.
 */
export async function moveToTrash(
  deps: TrashDeps,
  kind: TrashKind,
  id: string,
  now = new Date(),
): Promise<TrashRecord | null> {
  await purgeExpiredTrash(deps, now);
  const record = await deps.stores.trash.moveIn(kind, id, now, new Date(now.getTime() + TRASH_DAYS * DAY_MS));
  if (record && kind !== 'message') await recordContentChange(deps, { kind, action: 'deleted', title: record.name });
  return record;
}

/** moveToTrash for a delete request: an id that names nothing answers 404 with `notFoundMessage`. */
export async function moveToTrashOr404(
  deps: TrashDeps,
  kind: TrashKind,
  id: string,
  notFoundMessage: string,
): Promise<TrashRecord> {
  const record = isId(id) ? await moveToTrash(deps, kind, id) : null;
  if (!record) throw new Refusal('not-found', notFoundMessage);
  return record;
}

export function toTrashItem(record: TrashRecord, now = Date.now()): TrashItem {
  const { _id, kind, name, deletedAt, expiresAt } = record;
  return { _id, kind, name, deletedAt, expiresAt, daysLeft: daysLeft(expiresAt, now) };
}

export async function listTrash(deps: TrashDeps, now = new Date()): Promise<TrashItem[]> {
  await purgeExpiredTrash(deps, now);
  return (await deps.stores.trash.list()).map((record) => toTrashItem(record, now.getTime()));
}

/** Puts the item back under its own id; a service or banner goes back on the site with the next publish. */
export async function restoreFromTrash(deps: TrashDeps, id: string): Promise<TrashItem> {
  await assertAddressFree(deps, id);
  const record = await deps.stores.trash.restore(id);
  if (!record) throw new Refusal('not-found', TRASH_MESSAGES.notFound);
  if (record.kind !== 'message') {
    await recordContentChange(deps, { kind: record.kind, action: 'restored', title: record.name });
  }
  return toTrashItem(record);
}

/**
 * A trashed service's address may have been given to another service since (slugs are unique among live services,
 * docs/content-api.md "Addresses"): the restore is refused with the way out, and the item stays in the trash.
 */
async function assertAddressFree(deps: TrashDeps, id: string): Promise<void> {
  const record = isId(id) ? await deps.stores.trash.get(id) : null;
  const slug = record?.kind === 'service' ? record.item['slug'] : undefined;
  if (typeof slug !== 'string' || slug === '') return;
  const holder = await deps.stores.services.findBySlug(slug);
  if (holder && holder._id !== id && holder.slug === slug) {
    throw new Refusal(
      'conflict',
      `“${holder.name}” now uses the address /service/${slug}. Give it another address first.`,
    );
  }
}

/** Deletes the item for good, then its media (kept while it was in the trash) unless something else uses them. */
export async function deleteFromTrash(deps: TrashDeps, id: string, now = new Date()): Promise<TrashItem> {
  await purgeExpiredTrash(deps, now);
  const record = await deps.stores.trash.remove(id);
  if (!record) throw new Refusal('not-found', TRASH_MESSAGES.notFound);
  await releaseMediaOf(deps, [record]);
  return toTrashItem(record, now.getTime());
}
