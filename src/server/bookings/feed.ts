// The practitioner's private calendar feed (docs/bookings.md, "Calendars"): their confirmed sessions as one iCal
// file their calendar subscribes to. The secret token in its address is the only key, so it is compared in
// constant time, and a rotated token stops working at once.
import { createHash, timingSafeEqual } from 'node:crypto';
import { readSiteSettings } from '../domain/site-settings';
import type { Stores } from '../stores/types';
import { calendarFile } from './calendar-file';
import type { MailBooking } from './booking-mails';

/** Sessions from this far back stay in the feed, so last month's still show in the calendar. */
const FEED_PAST_MS = 90 * 86_400_000;
/** And this far ahead: past any booking horizon. */
const FEED_AHEAD_MS = 400 * 86_400_000;

export interface FeedDeps {
  stores: Pick<Stores, 'settings'> & {
    availability: { get(): Promise<{ feedToken?: string | undefined }> };
    bookings: { listBetween(fromIso: string, toIso: string): Promise<MailBooking[]> };
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal tokens, compared without leaking where they differ (both hashed first, so lengths never matter). */
export function sameToken(given: string, expected: string | undefined): boolean {
  if (!expected) return false;
  return timingSafeEqual(digest(given), digest(expected));
}

/** The feed's text, or null when the token is not the current one. */
export async function privateFeed(deps: FeedDeps, token: string, now: Date = new Date()): Promise<string | null> {
  const availability = await deps.stores.availability.get();
  if (!sameToken(token, availability.feedToken)) return null;
  const [bookings, settings] = await Promise.all([
    deps.stores.bookings.listBetween(
      new Date(now.getTime() - FEED_PAST_MS).toISOString(),
      new Date(now.getTime() + FEED_AHEAD_MS).toISOString(),
    ),
    readSiteSettings(deps.stores),
  ]);
  return calendarFile({
    kind: 'publish',
    name: `${settings.identity.siteName}: sessions`,
    now,
    sessions: bookings
      .filter((booking) => booking.status === 'confirmed')
      .map((booking) => ({
        id: booking._id,
        start: new Date(booking.start),
        end: new Date(booking.end),
        summary: `${booking.serviceName}: ${booking.client.name}`,
        description: [
          `Client: ${booking.client.name} <${booking.client.email}>`,
          ...(booking.client.phone ? [`Phone: ${booking.client.phone}`] : []),
          ...(booking.note ? [`Note: ${booking.note}`] : []),
        ].join('\n'),
        cancelled: false,
        sequence: booking.version,
      })),
  });
}
