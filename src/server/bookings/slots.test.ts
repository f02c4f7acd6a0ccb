import { describe, expect, it } from 'vitest';
import { AvailabilitySchema, DEFAULT_AVAILABILITY, type Availability } from '../../shared/schemas/availability';
import { computeSlots, type Busy } from './slots';

// Practitioner in India (no DST); Monday 2026-11-30 is a working day, Sunday 2026-11-29 is not.
const IST_MONDAY = '2026-11-30';
const at = (iso: string) => new Date(iso);
const ist = (date: string, clock: string) => new Date(`${date}T${clock}:00+05:30`);
const clocks = (slots: { start: Date }[], zone = 'Asia/Kolkata') =>
  slots.map((slot) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
      slot.start,
    ),
  );

const base: Availability = { ...DEFAULT_AVAILABILITY, minNoticeMinutes: 0, maxPerDay: 0 };

function mondaySlots(options: { availability?: Availability; busy?: Busy[]; now?: Date; duration?: number } = {}) {
  return computeSlots({
    availability: options.availability ?? base,
    durationMinutes: options.duration ?? 60,
    from: ist(IST_MONDAY, '00:00'),
    to: ist('2026-12-01', '00:00'),
    now: options.now ?? ist('2026-11-29', '09:00'),
    busy: options.busy ?? [],
  });
}

describe('slots from the weekly hours', () => {
  it('offers an hour’s session every 75 minutes (60 + 15 buffer) from 10:00 while it ends by 18:00', () => {
    const slots = mondaySlots();
    expect(clocks(slots)).toEqual(['10:00', '11:15', '12:30', '13:45', '15:00', '16:15']);
    expect(slots[0]?.start.toISOString()).toBe('2026-11-30T04:30:00.000Z');
    expect(slots[0]?.end.toISOString()).toBe('2026-11-30T05:30:00.000Z');
    expect(AvailabilitySchema.parse(base)).toEqual(base);
  });

  it('offers nothing on a day without hours or on a date off', () => {
    const sunday = computeSlots({
      availability: base,
      durationMinutes: 60,
      from: ist('2026-11-29', '00:00'),
      to: ist(IST_MONDAY, '00:00'),
      now: ist('2026-11-28', '09:00'),
      busy: [],
    });
    expect(sunday).toEqual([]);
    expect(mondaySlots({ availability: { ...base, datesOff: [IST_MONDAY] } })).toEqual([]);
  });

  it('keeps the buffer around a booking and skips what a calendar event covers', () => {
    const booking: Busy = { start: ist(IST_MONDAY, '11:15'), end: ist(IST_MONDAY, '12:15'), isSession: true };
    const dentist: Busy = { start: ist(IST_MONDAY, '14:00'), end: ist(IST_MONDAY, '14:30'), isSession: false };
    expect(clocks(mondaySlots({ busy: [booking, dentist] }))).toEqual(['10:00', '12:30', '15:00', '16:15']);
    // A booking at 10:50 leaves too little room on either side of 10:00 and 11:15 with the 15-minute buffer.
    const odd: Busy = { start: ist(IST_MONDAY, '10:50'), end: ist(IST_MONDAY, '11:20'), isSession: true };
    expect(clocks(mondaySlots({ busy: [odd] }))).toEqual(['12:30', '13:45', '15:00', '16:15']);
  });

  it('respects notice and the horizon', () => {
    expect(
      clocks(mondaySlots({ now: ist(IST_MONDAY, '11:00'), availability: { ...base, minNoticeMinutes: 60 } })),
    ).toEqual(['12:30', '13:45', '15:00', '16:15']);
    expect(mondaySlots({ now: ist('2026-11-20', '09:00'), availability: { ...base, horizonDays: 7 } })).toEqual([]);
  });

  it('shows nothing on a day whose cap of sessions is reached, and every free time on a day under it', () => {
    const one: Busy = { start: ist(IST_MONDAY, '10:00'), end: ist(IST_MONDAY, '11:00'), isSession: true };
    const two: Busy = { start: ist(IST_MONDAY, '16:15'), end: ist(IST_MONDAY, '17:15'), isSession: true };
    const capped = { ...base, maxPerDay: 2 };
    expect(mondaySlots({ availability: capped, busy: [one, two] })).toEqual([]);
    expect(clocks(mondaySlots({ availability: capped, busy: [one] }))).toEqual([
      '11:15',
      '12:30',
      '13:45',
      '15:00',
      '16:15',
    ]);
    // Calendar events are not sessions: they block their time, not the day.
    const busyCalendar = [one, { ...two, isSession: false }];
    expect(mondaySlots({ availability: capped, busy: busyCalendar }).length).toBe(4);
  });

  it('serves several ranges a day, in order', () => {
    const split = {
      ...base,
      weekly: {
        ...base.weekly,
        mon: [
          { start: '17:00', end: '19:00' },
          { start: '09:00', end: '10:30' },
        ],
      },
    };
    expect(clocks(mondaySlots({ availability: split }))).toEqual(['09:00', '17:00']);
  });
});

describe('time zones', () => {
  /** Weekly hours for the summer-time tests: Friday 10:00 to 11:00, no Saturday, and the `other` days given. */
  const fridayHourAnd = (other: Partial<Availability['weekly']>): Availability['weekly'] => ({
    ...base.weekly,
    ...other,
    fri: [{ start: '10:00', end: '11:00' }],
    sat: [],
  });

  /** Hour-long sessions from Friday 26 March 2027, across the UK's change to summer time (Sunday 28 March). */
  const summerTimeSlots = (availability: Availability, to: string) =>
    computeSlots({
      availability,
      durationMinutes: 60,
      from: at('2027-03-26T00:00:00Z'),
      to: at(to),
      now: at('2027-03-20T00:00:00Z'),
      busy: [],
    });

  it('shows a London visitor the right clock either side of the UK’s change to summer time', () => {
    const days = summerTimeSlots(
      { ...base, weekly: fridayHourAnd({ mon: [{ start: '10:00', end: '11:00' }] }) },
      '2027-03-30T00:00:00Z',
    );
    // 10:00 in India is 04:30 in London in winter (Friday) and 05:30 in summer time (Monday after 28 March).
    expect(clocks(days, 'Europe/London')).toEqual(['04:30', '05:30']);
  });

  it('puts an evening in India on the day before for a visitor in Los Angeles (across the date line)', () => {
    const slots = mondaySlots({
      availability: { ...base, weekly: { ...base.weekly, mon: [{ start: '10:00', end: '11:00' }] } },
    });
    const inLosAngeles = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Los_Angeles',
      weekday: 'long',
      hour: 'numeric',
      minute: '2-digit',
    }).format(slots[0]?.start);
    expect(inLosAngeles).toBe('Sunday 8:30 PM');
  });

  it('follows a practitioner whose own zone changes its clocks, and never offers a skipped time', () => {
    const london: Availability = {
      ...base,
      timeZone: 'Europe/London',
      weekly: fridayHourAnd({ sun: [{ start: '00:30', end: '03:30' }] }),
      bufferMinutes: 0,
    };
    const slots = summerTimeSlots(london, '2027-03-29T00:00:00Z');
    // Friday 10:00 GMT. Sunday 28 March: 00:30 GMT lasts a real hour, to 02:30 BST; 01:30 does not exist; 02:30 BST
    // (01:30 UTC) ends at 03:30, the end of the range.
    expect(slots.map((slot) => slot.start.toISOString())).toEqual([
      '2027-03-26T10:00:00.000Z',
      '2027-03-28T00:30:00.000Z',
      '2027-03-28T01:30:00.000Z',
    ]);
  });
});
