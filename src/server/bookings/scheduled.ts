// The bookings' scheduled chores (docs/bookings.md, "Mails and reminders"), run by netlify/functions/
// bookings-scheduled.mts every five minutes and by a timer under `npm start`: expire unpaid holds, send the
// reminders that are due, and refresh the practitioner's busy times. Each chore stands alone, so one failing (the
// calendar's server is down) never stops the others.
import { withDeadline } from '../publish/deadline';
import { REMINDERS, clientMail, type MailBooking } from './booking-mails';
import { refreshBusyTimes, type BusyRefreshDeps, type BusyRefreshOutcome } from './busy-refresh';
import type { CalendarFetchOptions } from './calendar-fetch';
import type { BookingStore } from '../stores/types';
import { mailContext, sendOnce, type NotifyDeps } from './notify';

/** How often the chores run (the function's schedule and the local timer). */
export const BOOKING_CHORES_EVERY_MS = 5 * 60_000;

export interface ChoresBooking extends MailBooking {
  createdAt: string;
}

export interface BookingChoresDeps extends NotifyDeps {
  stores: NotifyDeps['stores'] &
    BusyRefreshDeps['stores'] & {
      bookings: Pick<BookingStore, 'markMailSent' | 'unmarkMailSent' | 'expireHolds' | 'listBetween'>;
    };
  /** Tests only: lets the calendar be served from a local server. */
  calendarFetch?: CalendarFetchOptions;
}

export interface ChoresOutcome {
  holdsExpired: boolean;
  reminders: number;
  busy: BusyRefreshOutcome | { action: 'error' };
  errors: string[];
}

/** The reminder a booking is due for at `now`, if any: the latest mark passed, never one for a past session. */
export function dueReminder(booking: ChoresBooking, now: Date): (typeof REMINDERS)[number] | null {
  const start = Date.parse(booking.start);
  const created = Date.parse(booking.createdAt);
  if (booking.status !== 'confirmed' || start <= now.getTime()) return null;
  // REMINDERS runs from the earliest mark to the latest; the last one passed is the one due. A booking made after a
  // mark gets no reminder for it: its confirmation has just told the time.
  let due: (typeof REMINDERS)[number] | null = null;
  for (const reminder of REMINDERS) {
    const mark = start - reminder.beforeMs;
    if (now.getTime() >= mark) due = created < mark ? reminder : null;
  }
  return due;
}

async function sendReminders(deps: BookingChoresDeps, now: Date, signal?: AbortSignal): Promise<number> {
  const latest = Math.max(...REMINDERS.map((r) => r.beforeMs));
  const upcoming = await withDeadline(
    deps.stores.bookings.listBetween(now.toISOString(), new Date(now.getTime() + latest).toISOString()),
    signal,
  );
  let sent = 0;
  for (const booking of upcoming) {
    if (signal?.aborted) break;
    const reminder = dueReminder(booking, now);
    if (!reminder) continue;
    // Keyed by the start, so a session moved to a new time is reminded again.
    const key = `${reminder.key}@${booking.start}`;
    const context = await mailContext(deps, booking, true);
    if (await sendOnce(deps, booking._id, key, () => clientMail(reminder.key, booking, context))) sent += 1;
  }
  return sent;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function runBookingChores(
  deps: BookingChoresDeps,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<ChoresOutcome> {
  const outcome: ChoresOutcome = { holdsExpired: false, reminders: 0, busy: { action: 'error' }, errors: [] };
  try {
    await withDeadline(deps.stores.bookings.expireHolds(now), signal);
    outcome.holdsExpired = true;
  } catch (error) {
    outcome.errors.push(`holds: ${message(error)}`);
  }
  try {
    outcome.reminders = await sendReminders({ ...deps, now }, now, signal);
  } catch (error) {
    outcome.errors.push(`reminders: ${message(error)}`);
  }
  try {
    outcome.busy = await withDeadline(refreshBusyTimes(deps, now, deps.calendarFetch ?? {}), signal);
  } catch (error) {
    outcome.errors.push(`calendar: ${message(error)}`);
  }
  return outcome;
}
