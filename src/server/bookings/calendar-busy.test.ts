import { describe, expect, it } from 'vitest';
import { busyTimesFromIcal, CalendarFeedError } from './calendar-busy';

// A calendar as Google or Apple publish it at the secret address: its own zone definition, a weekly event with one
// week skipped and one moved, a one-off meeting, events marked free or cancelled, and a holiday all day.
const FEED = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//Practitioner calendar//EN',
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'UID:weekly-class@test',
  'DTSTAMP:20270101T000000Z',
  'DTSTART;TZID=Europe/London:20270315T090000',
  'DTEND;TZID=Europe/London:20270315T100000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO',
  'EXDATE;TZID=Europe/London:20270322T090000',
  'SUMMARY:Yoga class',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:weekly-class@test',
  'DTSTAMP:20270101T000000Z',
  'RECURRENCE-ID;TZID=Europe/London:20270405T090000',
  'DTSTART;TZID=Europe/London:20270405T150000',
  'DTEND;TZID=Europe/London:20270405T160000',
  'SUMMARY:Yoga class (moved)',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:dentist@test',
  'DTSTAMP:20270101T000000Z',
  'DTSTART:20270317T103000Z',
  'DTEND:20270317T113000Z',
  'SUMMARY:Dentist',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:reminder@test',
  'DTSTAMP:20270101T000000Z',
  'DTSTART:20270318T100000Z',
  'DTEND:20270318T110000Z',
  'TRANSP:TRANSPARENT',
  'SUMMARY:Reminder only',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:cancelled@test',
  'DTSTAMP:20270101T000000Z',
  'DTSTART:20270319T100000Z',
  'DTEND:20270319T110000Z',
  'STATUS:CANCELLED',
  'SUMMARY:Called off',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:holiday@test',
  'DTSTAMP:20270101T000000Z',
  'DTSTART;VALUE=DATE:20270325',
  'DTEND;VALUE=DATE:20270326',
  'SUMMARY:Holiday',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

const window = {
  from: new Date('2027-03-15T00:00:00Z'),
  to: new Date('2027-04-12T00:00:00Z'),
  timeZone: 'Asia/Kolkata',
};
const iso = (busy: { start: Date; end: Date }[]) =>
  busy.map((b) => `${b.start.toISOString()} → ${b.end.toISOString()}`);

describe('busy times from an iCal feed', () => {
  it('expands the weekly event across the change to summer time, without the skipped week, with the moved one', () => {
    expect(iso(busyTimesFromIcal(FEED, window))).toEqual([
      '2027-03-15T09:00:00.000Z → 2027-03-15T10:00:00.000Z', // Monday class, GMT
      '2027-03-17T10:30:00.000Z → 2027-03-17T11:30:00.000Z', // dentist
      '2027-03-24T18:30:00.000Z → 2027-03-25T18:30:00.000Z', // holiday: the whole day in India
      '2027-03-29T08:00:00.000Z → 2027-03-29T09:00:00.000Z', // Monday class, now BST
      '2027-04-05T14:00:00.000Z → 2027-04-05T15:00:00.000Z', // moved to 15:00 BST
    ]);
  });

  it('keeps only what overlaps the window, and marks nothing as a session', () => {
    const narrow = { ...window, from: new Date('2027-03-17T11:00:00Z'), to: new Date('2027-03-29T08:30:00Z') };
    const busy = busyTimesFromIcal(FEED, narrow);
    expect(iso(busy)).toEqual([
      '2027-03-17T10:30:00.000Z → 2027-03-17T11:30:00.000Z',
      '2027-03-24T18:30:00.000Z → 2027-03-25T18:30:00.000Z',
      '2027-03-29T08:00:00.000Z → 2027-03-29T09:00:00.000Z',
    ]);
    expect(busy.every((item) => !item.isSession)).toBe(true);
  });

  it('follows an endless daily event only as far as the window', () => {
    const endless = FEED.replace('RRULE:FREQ=WEEKLY;BYDAY=MO', 'RRULE:FREQ=DAILY');
    const busy = busyTimesFromIcal(endless, { ...window, to: new Date('2027-03-20T00:00:00Z') });
    expect(busy.filter((item) => item.start.getUTCHours() === 9).length).toBe(5);
  });

  it('refuses what is not a calendar with a message the practitioner can act on', () => {
    expect(() => busyTimesFromIcal('<html>Sign in</html>', window)).toThrow(CalendarFeedError);
    expect(() => busyTimesFromIcal('<html>Sign in</html>', window)).toThrow(/did not return a calendar/);
    expect(() => busyTimesFromIcal('x'.repeat(6 * 1024 * 1024), window)).toThrow(/too large/);
  });
});
