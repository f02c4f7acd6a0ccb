// Time-boxed offers and banners (docs/schedules.md): a service's offer price and a banner may carry an optional start
// and end. They are stored as UTC instants, typed and shown in the practitioner's time zone (site settings), and the
// public site shows the offer or the banner only inside its window. Browser-safe, no Node APIs.
import { z } from 'zod';
import { offsetMinutes } from './zoned-time';

/** Where a window stands at a moment: no dates at all, not started, running, or over. */
export type WindowState = 'always' | 'scheduled' | 'live' | 'ended';

export interface TimeWindow {
  /** ISO instant, or null/absent for "from now on". */
  start?: string | null | undefined;
  /** ISO instant, or null/absent for "until removed". */
  end?: string | null | undefined;
}

const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/** The start is included and the end is not: at 18:00 an offer that ends at 18:00 is over. */
export function windowState({ start, end }: TimeWindow, now: Date): WindowState {
  const from = time(start);
  const until = time(end);
  if (Number.isNaN(from) && Number.isNaN(until)) return 'always';
  if (!Number.isNaN(from) && now.getTime() < from) return 'scheduled';
  if (!Number.isNaN(until) && now.getTime() >= until) return 'ended';
  return 'live';
}

export const isInWindow = (window: TimeWindow, now: Date): boolean => {
  const state = windowState(window, now);
  return state === 'always' || state === 'live';
};

/** The first start or end strictly after `after` among the windows, or null when none is ahead. */
export function nextBoundary(windows: readonly TimeWindow[], after: Date): Date | null {
  let next = Number.POSITIVE_INFINITY;
  for (const { start, end } of windows) {
    for (const at of [time(start), time(end)]) {
      if (!Number.isNaN(at) && at > after.getTime() && at < next) next = at;
    }
  }
  return Number.isFinite(next) ? new Date(next) : null;
}

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

/**
 * One bound of a window, as the API takes it: an ISO instant with its offset (the portal converts what the
 * practitioner typed in their own zone), stored normalised to UTC. Blank (the form's empty field) is null, "no
 * bound", and clears a stored one; absent leaves the stored value as it is, like the stores' other absent fields.
 */
export function scheduleInstant(label: string) {
  return z
    .preprocess(
      blankToNull,
      z
        .string({ error: `${label} must be a date and time` })
        .trim()
        .refine((value) => z.iso.datetime({ offset: true }).safeParse(value).success, {
          error: `${label} must be a date and time`,
        })
        .transform((value) => new Date(value).toISOString())
        .nullable(),
    )
    .optional();
}

/** The end-after-start rule, for a refine on the schema holding both bounds. */
export function endsAfterStart(start: string | null | undefined, end: string | null | undefined): boolean {
  return !start || !end || Date.parse(end) > Date.parse(start);
}

// ---- The practitioner's zone: what they type and read ---------------------------------------------------------

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The zone's offset from UTC at `instant`, in ms (IST: +5.5 h). */
const zoneOffset = (instant: number, zone: string): number => offsetMinutes(new Date(instant), zone) * 60_000;

/**
 * A wall-clock time typed in `zone` ("2026-11-01T09:00", as a datetime-local input gives it) as an ISO instant;
 * null for text that is not such a time. In a daylight-saving gap the clock's new offset is used.
 */
export function zonedLocalToInstant(local: string, zone: string): string | null {
  const match = LOCAL.exec(local.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, Number.isNaN(s) ? 0 : s);
  if (Number.isNaN(wall)) return null;
  try {
    // Guess with the offset at the wall time, then correct with the offset at the guess (one step settles DST).
    const first = wall - zoneOffset(wall, zone);
    return new Date(wall - zoneOffset(first, zone)).toISOString();
  } catch {
    return null;
  }
}

/** An ISO instant as `zone`'s wall clock for a datetime-local input ("2026-11-01T09:00"); '' when not an instant. */
export function instantToZonedLocal(iso: string | null | undefined, zone: string): string {
  const at = time(iso);
  if (Number.isNaN(at)) return '';
  try {
    return new Date(at + zoneOffset(at, zone)).toISOString().slice(0, 16);
  } catch {
    return '';
  }
}

/** The practitioner's zone when the site settings name none (their default, Asia/Kolkata). */
export const DEFAULT_SCHEDULE_ZONE = 'Asia/Kolkata';

/** "India Standard Time (IST)": how the forms name the zone times are typed in; the zone itself if unknown. */
export function zoneLabel(zone: string, at = new Date()): string {
  const name = (style: 'short' | 'long') => {
    try {
      const parts = new Intl.DateTimeFormat('en-IN', { timeZone: zone, timeZoneName: style }).formatToParts(at);
      return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
    } catch {
      return zone;
    }
  };
  const long = name('long');
  const short = name('short');
  return long === short ? long : `${long} (${short})`;
}

/** "1 Nov 2026, 9:00 am IST": an instant as the practitioner reads it; '' when not an instant. */
export function formatInZone(iso: string | null | undefined, zone: string): string {
  const at = time(iso);
  if (Number.isNaN(at)) return '';
  try {
    return new Intl.DateTimeFormat('en-IN', {
      timeZone: zone,
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date(at));
  } catch {
    return new Date(at).toISOString();
  }
}

// ---- What the public sees -----------------------------------------------------------------------------------

interface Offer {
  offerPrice?: number | undefined;
  offerStart?: string | null | undefined;
  offerEnd?: string | null | undefined;
}

/**
 * A service as visitors may see it at `now`: outside the offer's window the offer price and its dates are left out,
 * so the page shows the regular price (and an offer planned for later is not given away early).
 */
export function publicOffer<T extends Offer>(service: T, now: Date): T {
  if (isInWindow({ start: service.offerStart, end: service.offerEnd }, now)) return service;
  const { offerPrice: _price, offerStart: _start, offerEnd: _end, ...rest } = service;
  return rest as T;
}

/** The banners visible at `now`: those without a window and those inside theirs. */
export function bannersShownAt<T extends { startsAt?: string | null | undefined; endsAt?: string | null | undefined }>(
  banners: readonly T[],
  now: Date,
): T[] {
  return banners.filter((banner) => isInWindow({ start: banner.startsAt, end: banner.endsAt }, now));
}
