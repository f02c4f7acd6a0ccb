// The trash (docs/admin.md, "Trash and undo"): a deleted service, banner or message is moved here whole and kept
// for TRASH_DAYS, so the admin can undo or restore it. Both store implementations follow this interface.
import type { TrashKind } from '../../shared/schemas/trash';

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

/** The name the Trash screen shows for a record of this kind. */
export function trashName(kind: TrashKind, item: Record<string, unknown>): string {
  const text = (key: string) => (typeof item[key] === 'string' ? item[key] : '');
  if (kind === 'service') return text('name');
  if (kind === 'banner') return text('title');
  const subject = text('subject');
  return subject ? `${text('name')}: ${subject}` : text('name');
}

/** The entry for a live record moved into the trash at `now` (both stores write the same shape). */
export function trashRecord(kind: TrashKind, id: string, item: Record<string, unknown>, now: Date, expiresAt: Date) {
  return {
    _id: id,
    kind,
    name: trashName(kind, item),
    item,
    deletedAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  } satisfies TrashRecord;
}

/** The media URLs a trashed record still points at: they stay stored until the record is deleted for good. */
export function trashedMediaUrls(records: readonly TrashRecord[]): string[] {
  const urls: string[] = [];
  for (const { kind, item } of records) {
    const url = kind === 'service' ? item['image'] : kind === 'banner' ? item['mediaUrl'] : undefined;
    if (typeof url === 'string' && url !== '') urls.push(url);
  }
  return urls;
}
