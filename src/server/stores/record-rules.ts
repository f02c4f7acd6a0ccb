// Small rules both store implementations share, so they cannot drift apart.
import {
  MESSAGE_PAGE,
  type ContactMessage,
  type ContactMessageSummary,
  type MessageFolder,
} from '../../shared/schemas/contact';
import { preview } from '../../shared/format';

/** A chunk index becomes a key of `received`; anything but a whole number would make a nonsense key. */
export function assertChunkIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`Invalid chunk index: ${index}`);
}

/** Drops keys whose value is undefined: a patch's absent fields must keep the stored values. */
export function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Meta values are JSON on both stores (the embedded one stores JSON text). */
export function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value ?? null)) as unknown;
}

export const nowIso = (): string => new Date().toISOString();

/** The inbox list carries no bodies, only their first characters (docs/admin.md, "Messages"). */
export function toMessageSummary(message: ContactMessage): ContactMessageSummary {
  const { message: body, ...rest } = message;
  return { ...rest, preview: preview(body.replace(/\s+/g, ' ').trim(), MESSAGE_PAGE.previewChars) };
}

export const inFolder = (status: ContactMessage['status'], folder: MessageFolder): boolean =>
  folder === 'archived' ? status === 'archived' : status !== 'archived';

/**
 * The slug history after a service's slug changes from `current` to `next` (both stores): the old slug joins the
 * history, so its address keeps redirecting, and the new one leaves it (a service may go back to an earlier slug).
 */
export function nextSlugHistory(
  current: { slug?: string | undefined; previousSlugs?: string[] | undefined },
  next: string | undefined,
): string[] | undefined {
  if (next === undefined || next === current.slug) return current.previousSlugs;
  const earlier = [...(current.previousSlugs ?? []), ...(current.slug ? [current.slug] : [])];
  return earlier.filter((slug, i) => slug !== next && earlier.indexOf(slug) === i);
}
