// The practitioner's busy times, refreshed on the schedule (docs/bookings.md, "Calendars"): the pasted iCal address
// is read at most every few minutes and its busy times cached in the store, so computing slots never waits on
// someone else's server. A failed read keeps the last good times and records a reason the portal can show.
import { busyTimesFromIcal, CalendarFeedError } from './calendar-busy';
import { fetchCalendarText, type CalendarFetchOptions } from './calendar-fetch';

/** How old the cache may grow before the schedule reads the calendar again. */
export const BUSY_REFRESH_EVERY_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

export interface BusyInterval {
  start: string;
  end: string;
}

export interface BusyCacheValue {
  /** When the busy times were last read successfully (or, before any success, when the first attempt failed). */
  fetchedAt: string;
  busy: BusyInterval[];
  /** Why the last attempt failed; absent after a good read. */
  error?: string;
}

export interface BusyRefreshDeps {
  stores: {
    availability: {
      get(): Promise<{ timeZone: string; horizonDays: number; calendarUrl?: string | undefined }>;
    };
    busyCache: {
      get(): Promise<BusyCacheValue | null>;
      put(value: BusyCacheValue): Promise<void>;
    };
  };
}

export type BusyRefreshOutcome =
  | { action: 'fresh' }
  | { action: 'cleared' }
  | { action: 'refreshed'; busy: number }
  | { action: 'failed'; error: string };

/**
 * Reads the calendar when the cache is older than BUSY_REFRESH_EVERY_MS, failed last time, or `force` asks (the
 * portal saving a new address). The window runs from a day ago to the end of the booking horizon.
 */
export async function refreshBusyTimes(
  deps: BusyRefreshDeps,
  now: Date,
  options: CalendarFetchOptions & { force?: boolean } = {},
): Promise<BusyRefreshOutcome> {
  const [availability, cached] = await Promise.all([deps.stores.availability.get(), deps.stores.busyCache.get()]);
  const url = availability.calendarUrl?.trim();
  if (!url) {
    // No calendar (or it was removed): nothing of it may block times any more.
    if (cached && (cached.busy.length > 0 || cached.error)) {
      await deps.stores.busyCache.put({ fetchedAt: now.toISOString(), busy: [] });
      return { action: 'cleared' };
    }
    return { action: 'fresh' };
  }
  const age = cached ? now.getTime() - Date.parse(cached.fetchedAt) : Infinity;
  if (!options.force && cached && !cached.error && age >= 0 && age < BUSY_REFRESH_EVERY_MS) return { action: 'fresh' };

  try {
    const text = await fetchCalendarText(url, options);
    const busy = busyTimesFromIcal(text, {
      from: new Date(now.getTime() - DAY_MS),
      to: new Date(now.getTime() + (availability.horizonDays + 2) * DAY_MS),
      timeZone: availability.timeZone,
    }).map((item) => ({ start: item.start.toISOString(), end: item.end.toISOString() }));
    await deps.stores.busyCache.put({ fetchedAt: now.toISOString(), busy });
    return { action: 'refreshed', busy: busy.length };
  } catch (error) {
    // Only our own messages reach the store: they never contain the secret address or a stack.
    const reason =
      error instanceof CalendarFeedError ? error.message : 'The calendar could not be read; the site will try again';
    await deps.stores.busyCache.put({
      fetchedAt: cached?.fetchedAt ?? now.toISOString(),
      busy: cached?.busy ?? [],
      error: reason,
    });
    return { action: 'failed', error: reason };
  }
}
