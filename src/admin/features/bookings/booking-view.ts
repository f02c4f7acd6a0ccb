// How the portal shows a booking (docs/bookings.md, "In the portal"): times in a zone, the week grid's days, the
// words for each status and payment state. Pure functions, tested beside.
import { formatINR } from '../../../shared/format';
import type { PortalBooking } from '../../../shared/schemas/admin-bookings';
import { nextDate, wallTime, zonedToUtc } from '../../../shared/zoned-time';

export const STATUS_LABELS: Record<PortalBooking['status'], string> = {
  held: 'Awaiting payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Payment not finished',
  'no-show': 'No-show',
};

/** The payment in a few words: "Paid ₹2,500", "Free", "Pay at the session ₹2,500", "Refunded ₹1,250". */
export function paymentLabel(payment: PortalBooking['payment']): string {
  const amount = formatINR(payment.amountPaise / 100);
  if (payment.mode === 'free') return 'Free';
  if (payment.state === 'refunded')
    return `Refunded ${formatINR((payment.refundedPaise ?? payment.amountPaise) / 100)}`;
  if (payment.mode === 'at-session') return `Pay at the session ${amount}`;
  switch (payment.state) {
    case 'paid':
      return payment.refundedPaise
        ? `Paid ${amount}, ${formatINR(payment.refundedPaise / 100)} refunded`
        : `Paid ${amount}`;
    case 'pending':
      return `Payment pending ${amount}`;
    case 'failed':
      return `Payment failed ${amount}`;
    default:
      return amount;
  }
}

/** "Mon, 7 Dec, 10:00 am – 11:00 am" in `timeZone`. */
export function sessionTime(booking: Pick<PortalBooking, 'start' | 'end'>, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone });
  const clock = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone });
  return `${day.format(new Date(booking.start))}, ${clock.format(new Date(booking.start))} – ${clock.format(new Date(booking.end))}`;
}

/** The zone's short name at that time ("IST", "GMT+1"). */
export function zoneName(timeZone: string, at: string): string {
  const part = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(at))
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/** The Monday (YYYY-MM-DD) of the week holding `instant` on the wall clock of `timeZone`. */
export function mondayOf(instant: Date, timeZone: string): string {
  const wall = wallTime(instant, timeZone);
  const back = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].indexOf(wall.weekday);
  let date = wall.date;
  for (let i = 0; i < back; i += 1) date = previousDate(date);
  return date;
}

export function previousDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - 1)).toISOString().slice(0, 10);
}

/** The seven dates of the week starting `monday`. */
export function weekDates(monday: string): string[] {
  const dates = [monday];
  while (dates.length < 7) dates.push(nextDate(dates.at(-1) ?? monday));
  return dates;
}

/** Moves a week's Monday by whole weeks. */
export function shiftWeek(monday: string, weeks: number): string {
  const [year, month, day] = monday.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + weeks * 7)).toISOString().slice(0, 10);
}

/** The UTC instants that bound the week of `monday` in `timeZone` (its first midnight to the next Monday's). */
export function weekBounds(monday: string, timeZone: string): { from: Date; to: Date } {
  const from = zonedToUtc(monday, 0, timeZone) ?? new Date(`${monday}T00:00:00Z`);
  const next = shiftWeek(monday, 1);
  const to = zonedToUtc(next, 0, timeZone) ?? new Date(`${next}T00:00:00Z`);
  return { from, to };
}

export interface PlacedSession {
  booking: PortalBooking;
  /** Index of the day column, 0 = Monday. */
  day: number;
  /** Minutes after the zone's midnight where the session starts and ends (clipped to the day). */
  top: number;
  bottom: number;
  /** Side by side when sessions overlap (a cancelled one and the booking that took its time): which lane of how many. */
  lane: number;
  lanes: number;
}

/** Places each booking of the week in its day column by its wall-clock time in `timeZone`. */
export function placeSessions(bookings: readonly PortalBooking[], monday: string, timeZone: string): PlacedSession[] {
  const dates = weekDates(monday);
  const placed: PlacedSession[] = [];
  for (const booking of bookings) {
    const start = wallTime(new Date(booking.start), timeZone);
    const day = dates.indexOf(start.date);
    if (day < 0) continue;
    const end = wallTime(new Date(booking.end), timeZone);
    const bottom = end.date === start.date ? Math.max(end.minutes, start.minutes + 15) : 24 * 60;
    placed.push({ booking, day, top: start.minutes, bottom, lane: 0, lanes: 1 });
  }
  placed.sort((a, b) => a.day - b.day || a.top - b.top);
  // Overlapping sessions of a day form a group; each takes the first lane free at its start.
  let group: PlacedSession[] = [];
  let groupEnd = -1;
  const close = () => {
    const lanes = Math.max(1, ...group.map((session) => session.lane + 1));
    for (const session of group) session.lanes = lanes;
    group = [];
  };
  for (const session of placed) {
    if (group.length > 0 && (session.day !== group[0]?.day || session.top >= groupEnd)) close();
    const busy = new Set(group.filter((other) => other.bottom > session.top).map((other) => other.lane));
    while (busy.has(session.lane)) session.lane += 1;
    group.push(session);
    groupEnd = Math.max(group.length === 1 ? session.bottom : groupEnd, session.bottom);
  }
  close();
  return placed;
}
