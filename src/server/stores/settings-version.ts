// Rules both settings stores share (docs/site-settings.md, "Store").

/** The single settings document's key on both stores. */
export const SITE_SETTINGS_KEY = 'site';

/**
 * The next `updatedAt`: now, or one millisecond after the previous write when the clock has not moved on (two saves
 * in one millisecond, or a clock stepped back), so the value always grows and can serve as the document's version.
 */
export function nextUpdatedAt(previous: string | null | undefined, now = new Date()): string {
  const last = previous ? Date.parse(previous) : Number.NaN;
  const next = Number.isFinite(last) && last >= now.getTime() ? last + 1 : now.getTime();
  return new Date(next).toISOString();
}
