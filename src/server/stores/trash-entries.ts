// The shape of a trash entry, shared by both trash stores and the domain (TrashStore in ./types.ts,
// docs/admin.md, "Trash and undo").
import type { TrashKind } from '../../shared/schemas/trash';
import type { TrashRecord } from './types';

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
