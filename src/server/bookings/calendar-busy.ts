// Busy times from the practitioner's own calendar, read from its secret iCal address (docs/bookings.md, "Your own
// calendar"): Google, Apple and Outlook all publish one, so no OAuth is needed. Parsed with ical.js, which expands
// repeating events (RRULE, EXDATE, moved occurrences) and the time zones the feed itself defines.
import ICAL from 'ical.js';
import type { Busy } from './slots';
import { nextDate, zonedToUtc } from '../../shared/zoned-time';

/** A feed is text of a few hundred KB at most; anything far larger is refused before parsing. */
export const MAX_CALENDAR_BYTES = 5 * 1024 * 1024;
/** A repeating event with no end is followed only as far as the window asks, and never past this many repeats. */
const MAX_OCCURRENCES_PER_EVENT = 5_000;

export class CalendarFeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CalendarFeedError';
  }
}

interface Window {
  from: Date;
  to: Date;
  /** The practitioner's zone: an all-day event blocks their whole day, midnight to midnight there. */
  timeZone: string;
}

/** True when the event says it does not make its owner busy (free, or cancelled). */
function isFree(event: ICAL.Component): boolean {
  const transparency = String(event.getFirstPropertyValue('transp') ?? '').toUpperCase();
  const status = String(event.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transparency === 'TRANSPARENT' || status === 'CANCELLED';
}

function toBusy(start: ICAL.Time, end: ICAL.Time, window: Window): Busy | null {
  if (start.isDate) {
    // All-day: from the first day's midnight to the midnight after the last day, in the practitioner's zone.
    const firstDay = start.toString().slice(0, 10);
    const lastDayExclusive = end.isDate && end.compare(start) > 0 ? end.toString().slice(0, 10) : nextDate(firstDay);
    const from = zonedToUtc(firstDay, 0, window.timeZone);
    const to = zonedToUtc(lastDayExclusive, 0, window.timeZone);
    return from && to ? { start: from, end: to, isSession: false } : null;
  }
  const from = start.toJSDate();
  const to = end.compare(start) > 0 ? end.toJSDate() : from;
  return { start: from, end: to, isSession: false };
}

/**
 * The busy times of an iCal feed that overlap [from, to). Free and cancelled events are left out; repeating events
 * are expanded inside the window only.
 */
export function busyTimesFromIcal(text: string, window: Window): Busy[] {
  if (text.length > MAX_CALENDAR_BYTES) throw new CalendarFeedError('The calendar is too large to read');
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw new CalendarFeedError('This address did not return a calendar (iCal) file');
  }
  if (calendar.name !== 'vcalendar') throw new CalendarFeedError('This address did not return a calendar (iCal) file');

  // The feed's own zone definitions, so "10:00 Europe/London" means what the calendar meant.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const timezone = new ICAL.Timezone(zone);
    if (!ICAL.TimezoneService.has(timezone.tzid)) ICAL.TimezoneService.register(timezone);
  }

  const vevents = calendar.getAllSubcomponents('vevent');
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Event[] = [];
  for (const vevent of vevents) {
    const event = new ICAL.Event(vevent);
    if (vevent.hasProperty('recurrence-id')) exceptions.push(event);
    else masters.set(event.uid, event);
  }
  for (const exception of exceptions) {
    const master = masters.get(exception.uid);
    if (master) master.relateException(exception);
    else masters.set(`${exception.uid}#${exception.recurrenceId?.toString() ?? ''}`, exception);
  }

  const fromMs = window.from.getTime();
  const toMs = window.to.getTime();
  const busy: Busy[] = [];
  const keep = (item: Busy | null) => {
    if (item && item.end.getTime() > fromMs && item.start.getTime() < toMs) busy.push(item);
  };

  for (const event of masters.values()) {
    if (!event.isRecurring()) {
      if (!isFree(event.component)) keep(toBusy(event.startDate, event.endDate, window));
      continue;
    }
    const iterator = event.iterator();
    for (let i = 0; i < MAX_OCCURRENCES_PER_EVENT; i += 1) {
      const next = iterator.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      if (details.startDate.toJSDate().getTime() >= toMs) break;
      if (isFree(details.item.component)) continue;
      keep(toBusy(details.startDate, details.endDate, window));
    }
  }
  return busy.sort((a, b) => a.start.getTime() - b.start.getTime());
}
