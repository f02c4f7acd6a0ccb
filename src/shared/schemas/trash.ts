import { z } from 'zod';
import { IdSchema } from './common';

/** Deleted services, banners and messages wait this long in the trash before they are purged (docs/admin.md). */
export const TRASH_DAYS = 30;
export const TRASH_KINDS = ['service', 'banner', 'message'] as const;
export const TrashKindSchema = z.enum(TRASH_KINDS);
export type TrashKind = z.output<typeof TrashKindSchema>;

export const TRASH_MESSAGES = {
  restored: 'Restored from the trash',
  deleted: 'Deleted for good',
  notFound: 'This item is no longer in the trash',
  /** A restore whose original came back by another way (e.g. a second Undo). */
  alreadyThere: 'This item is already back in place',
} as const;

/** One trashed item as the Trash screen lists it (the snapshot itself stays on the server). */
export const TrashItemSchema = z.object({
  /** The item's own id: the trash keeps it, and a restore puts the item back under it. */
  _id: IdSchema,
  kind: TrashKindSchema,
  /** Service name, banner title, or the message's sender and subject. */
  name: z.string(),
  deletedAt: z.string(),
  expiresAt: z.string(),
  /** Whole days until the purge, at least 0. */
  daysLeft: z.number(),
});
export type TrashItem = z.output<typeof TrashItemSchema>;

/** Whole days left before `expiresAt` (rounded up, so "1 day left" lasts until the last moment). */
export function daysLeft(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 86_400_000));
}
