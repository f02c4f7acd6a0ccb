// How the visitor's picker shows bookable times (docs/bookings.md, "The visitor's flow"): slots arrive as UTC
// instants and are shown on the visitor's own calendar and clock, with the practitioner's clock noted whenever the
// two differ. Pure functions over Intl, so the picker, the done screen and the manage page agree to the letter.
import { wallTime } from '../../shared/zoned-time';

export interface Slot {
  /** UTC ISO instant. */
  start: string;
  end: string;
}

/** The zone this browser runs in (Intl's resolved zone; UTC when Intl cannot tell). */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A few zones get the name people use for them; any other reads as its city (Europe/London → London). */
const PLACE_NAMES: Readonly<Record<string, string>> = {
  'Asia/Kolkata': 'India',
  'Asia/Calcutta': 'India',
  UTC: 'UTC',
  'Etc/UTC': 'UTC',
};

export function placeOfZone(timeZone: string): string {
  return PLACE_NAMES[timeZone] ?? (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/**
 * The zone's short name at `instant` (IST, GMT, BST, PST). Each English locale knows the names of its own region
 * only (en-IN says IST but GMT+1 for London's summer, en-GB says BST, en-US says PST), so each is asked in turn and
 * the first real name wins; a zone none of them names reads as its offset (GMT+4).
 */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  let offset = timeZone;
  for (const locale of ['en-IN', 'en-GB', 'en-US']) {
    const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!name) continue;
    if (!/^(GMT|UTC)[+-−]/.test(name)) return name;
    offset = name;
  }
  return offset;
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
/** '09:30', '14:00': a 24-hour clock cannot be misread across languages and zones. */
export function formatClock(instant: Date, timeZone: string): string {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, format);
  }
  return format.format(instant);
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 0 = Monday … 6 = Sunday, for a calendar date (YYYY-MM-DD). */
export function weekdayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** 'Monday 7 December 2026' for a calendar date (spelled out by hand so every browser says the same). */
export function formatLongDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[weekdayIndex(date)]} ${d} ${MONTH_NAMES[m - 1]} ${y}`;
}

/** 'December 2026' for a month (YYYY-MM). */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** The month (YYYY-MM) `offset` months after `month`. */
export function addMonths(month: string, offset: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(y, m - 1 + offset, 1));
  return date.toISOString().slice(0, 7);
}

/** The calendar date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Every date of a month, in order. */
export function datesOfMonth(month: string): string[] {
  const dates: string[] = [];
  for (let date = `${month}-01`; date.startsWith(month); date = addDays(date, 1)) dates.push(date);
  return dates;
}

/**
 * The API's `from`/`to` for a month the visitor sees. The server reads them as calendar dates; a day either side
 * covers every zone between the visitor's and the practitioner's (at most 26 hours apart).
 */
export function monthQuery(month: string): { from: string; to: string } {
  const dates = datesOfMonth(month);
  return { from: addDays(dates[0] as string, -1), to: addDays(dates[dates.length - 1] as string, 1) };
}

/** The slots grouped by the visitor's calendar date, each day's in time order. */
export function slotsByDate(slots: readonly Slot[], visitorZone: string): Map<string, Slot[]> {
  const byDate = new Map<string, Slot[]>();
  for (const slot of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    const date = wallTime(new Date(slot.start), visitorZone).date;
    const list = byDate.get(date);
    if (list) list.push(slot);
    else byDate.set(date, [slot]);
  }
  return byDate;
}

export interface TimeLabel {
  /** The visitor's clock: '05:30'. */
  time: string;
  /** The practitioner's clock when it differs from the visitor's: '10:00 in India (IST)'; else null. */
  practitioner: string | null;
  /** Everything a screen reader needs in one line. */
  spoken: string;
}

/** Whether two zones show the same clock at `instant` (Asia/Calcutta and Asia/Kolkata do). */
function sameClock(instant: Date, a: string, b: string): boolean {
  const wallA = wallTime(instant, a);
  const wallB = wallTime(instant, b);
  return wallA.date === wallB.date && wallA.minutes === wallB.minutes;
}

/** A slot's start as the visitor reads it, with the practitioner's time noted when their clocks differ. */
export function timeLabel(startIso: string, visitorZone: string, practitionerZone: string): TimeLabel {
  const instant = new Date(startIso);
  const time = formatClock(instant, visitorZone);
  const practitioner = sameClock(instant, visitorZone, practitionerZone)
    ? null
    : `${formatClock(instant, practitionerZone)} in ${placeOfZone(practitionerZone)} (${zoneAbbreviation(instant, practitionerZone)})`;
  return { time, practitioner, spoken: practitioner ? `${time}, which is ${practitioner}` : time };
}

/**
 * A whole session as one sentence, for the details step, the done screen and the manage page:
 * 'Monday 7 December 2026, 05:30 to 06:30 (London time) — 11:00 in India (IST)'.
 */
export function sessionSentence(slot: Slot, visitorZone: string, practitionerZone: string): string {
  const start = new Date(slot.start);
  const date = formatLongDate(wallTime(start, visitorZone).date);
  const span = `${formatClock(start, visitorZone)} to ${formatClock(new Date(slot.end), visitorZone)}`;
  const label = timeLabel(slot.start, visitorZone, practitionerZone);
  const own = `${date}, ${span} (${placeOfZone(visitorZone)} time)`;
  return label.practitioner ? `${own}, which is ${label.practitioner}` : own;
}
