// The times a visitor may book (docs/bookings.md, "Availability"): the practitioner's weekly hours in their own zone,
// less dates off, notice, the booking horizon, a day's cap, and everything already busy (bookings, payment holds,
// their own calendar), each kept apart by the buffer.
import { clockMinutes, type Availability } from '../../shared/schemas/availability';
import { nextDate, wallTime, zonedToUtc } from '../../shared/zoned-time';

export interface Busy {
  start: Date;
  end: Date;
  /** Bookings and holds count towards the day's cap; busy times from the practitioner's calendar do not. */
  isSession: boolean;
}

export interface Slot {
  start: Date;
  end: Date;
}

export interface SlotQuery {
  availability: Availability;
  durationMinutes: number;
  /** Slots that start in [from, to). */
  from: Date;
  to: Date;
  now: Date;
  busy: readonly Busy[];
}

const MINUTE = 60_000;

export function computeSlots({ availability, durationMinutes, from, to, now, busy }: SlotQuery): Slot[] {
  const zone = availability.timeZone;
  const buffer = availability.bufferMinutes * MINUTE;
  const earliest = Math.max(from.getTime(), now.getTime() + availability.minNoticeMinutes * MINUTE);
  const latest = Math.min(to.getTime(), now.getTime() + availability.horizonDays * 24 * 60 * MINUTE);
  if (earliest >= latest) return [];

  // Busy times widened by the buffer on both sides, sorted by start, for one forward sweep.
  const blocked = busy
    .map((item) => ({ start: item.start.getTime() - buffer, end: item.end.getTime() + buffer }))
    .sort((a, b) => a.start - b.start);
  const sessionsPerDay = new Map<string, number>();
  for (const item of busy) {
    if (!item.isSession) continue;
    const day = wallTime(item.start, zone).date;
    sessionsPerDay.set(day, (sessionsPerDay.get(day) ?? 0) + 1);
  }
  const daysOff = new Set(availability.datesOff);
  const step = durationMinutes + availability.bufferMinutes;

  const slots: Slot[] = [];
  let first = 0; // blocked[first…] may still overlap what comes next
  const lastDay = wallTime(new Date(latest), zone).date;
  for (let day = wallTime(new Date(earliest), zone).date; day <= lastDay; day = nextDate(day)) {
    if (daysOff.has(day)) continue;
    const weekday = wallTime(zonedToUtc(day, 12 * 60, zone) ?? new Date(`${day}T12:00:00Z`), zone).weekday;
    // The cap counts booked sessions (and holds), not offers: a full day shows nothing, any other day every free time.
    if (availability.maxPerDay > 0 && (sessionsPerDay.get(day) ?? 0) >= availability.maxPerDay) continue;
    const ranges = [...availability.weekly[weekday]].sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start));
    for (const range of ranges) {
      const rangeEnd = clockMinutes(range.end);
      for (let minute = clockMinutes(range.start); minute + durationMinutes <= rangeEnd; minute += step) {
        const start = zonedToUtc(day, minute, zone);
        // A time the clocks skipped is not offered. A session lasts its real minutes, and must end by the range's
        // end as the wall clock shows it (on the day the clocks change that is an hour more or less of real time).
        if (!start) continue;
        const end = new Date(start.getTime() + durationMinutes * MINUTE);
        const endWall = wallTime(end, zone);
        if (endWall.date !== day || endWall.minutes > rangeEnd) continue;
        const s = start.getTime();
        const e = end.getTime();
        if (s < earliest || s >= latest) continue;
        while (first < blocked.length && (blocked[first]?.end ?? 0) <= s) first += 1;
        let clash = false;
        for (let i = first; i < blocked.length; i += 1) {
          const item = blocked[i];
          if (!item || item.start >= e) break;
          if (item.end > s) {
            clash = true;
            break;
          }
        }
        if (!clash) slots.push({ start, end });
      }
    }
  }
  return slots;
}
