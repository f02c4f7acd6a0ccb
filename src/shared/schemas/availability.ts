// When the practitioner can be booked (docs/bookings.md, "Availability"): weekly hours in their own time zone, dates
// off, and the rules that space sessions out. One schema for the portal's form and the API.
import { z } from 'zod';
import './common';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
/** Minutes after midnight of an "HH:MM" clock time. */
export const clockMinutes = (clock: string): number => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

export const AVAILABILITY_MESSAGES = {
  clock: 'Use a time like 09:30',
  rangeOrder: 'The end must be after the start',
  overlap: 'These hours overlap another range on the same day',
  timeZone: 'Choose a time zone from the list',
  date: 'Use a date like 2026-12-25',
} as const;

export const HoursRangeSchema = z
  .object({
    start: z.string().regex(CLOCK, { error: AVAILABILITY_MESSAGES.clock }),
    end: z.string().regex(CLOCK, { error: AVAILABILITY_MESSAGES.clock }),
  })
  .refine((range) => clockMinutes(range.end) > clockMinutes(range.start), {
    error: AVAILABILITY_MESSAGES.rangeOrder,
    path: ['end'],
  });
export type HoursRange = z.output<typeof HoursRangeSchema>;

/** Several ranges a day (a morning and an evening), none overlapping. */
const DayHoursSchema = z
  .array(HoursRangeSchema)
  .max(6)
  .refine(
    (ranges) => {
      const sorted = [...ranges].sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start));
      return sorted.every(
        (range, i) => i === 0 || clockMinutes(range.start) >= clockMinutes(sorted[i - 1]?.end ?? '00:00'),
      );
    },
    { error: AVAILABILITY_MESSAGES.overlap },
  );

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

export const AvailabilitySchema = z.object({
  /** An IANA zone, e.g. Asia/Kolkata: the weekly hours are read in it. */
  timeZone: z.string().refine(isTimeZone, { error: AVAILABILITY_MESSAGES.timeZone }),
  weekly: z.object(
    Object.fromEntries(WEEKDAYS.map((day) => [day, DayHoursSchema])) as Record<Weekday, typeof DayHoursSchema>,
  ),
  /** Whole days off in the practitioner's zone (holidays, travel). */
  datesOff: z.array(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: AVAILABILITY_MESSAGES.date })).max(366),
  /** No session starts sooner than this after the moment someone books. */
  minNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30),
  /** Free minutes kept after every session (and before the next one). */
  bufferMinutes: z.number().int().min(0).max(240),
  /** At most this many sessions start on one day in the practitioner's zone; 0 means no limit. */
  maxPerDay: z.number().int().min(0).max(48),
  /** How far ahead a visitor may book. */
  horizonDays: z.number().int().min(1).max(365),
});
export type Availability = z.output<typeof AvailabilitySchema>;

/** Monday to Saturday, 10:00 to 18:00 in India, a day's notice, 15 minutes between sessions. */
export const DEFAULT_AVAILABILITY: Availability = {
  timeZone: 'Asia/Kolkata',
  weekly: {
    mon: [{ start: '10:00', end: '18:00' }],
    tue: [{ start: '10:00', end: '18:00' }],
    wed: [{ start: '10:00', end: '18:00' }],
    thu: [{ start: '10:00', end: '18:00' }],
    fri: [{ start: '10:00', end: '18:00' }],
    sat: [{ start: '10:00', end: '18:00' }],
    sun: [],
  },
  datesOff: [],
  minNoticeMinutes: 24 * 60,
  bufferMinutes: 15,
  maxPerDay: 6,
  horizonDays: 60,
};

/**
 * The cancellation policy (docs/bookings.md, "Cancelling"): a cancellation up to `fullRefundHours` before the start
 * gets everything back; a later one gets `lateRefundPercent` of it. Kept with the availability, where the practitioner
 * edits it; absent means DEFAULT_CANCELLATION_POLICY.
 */
export const CancellationPolicySchema = z.object({
  fullRefundHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30),
  lateRefundPercent: z.number().int().min(0).max(100),
});
export type CancellationPolicy = z.output<typeof CancellationPolicySchema>;

export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = { fullRefundHours: 24, lateRefundPercent: 0 };

/**
 * Everything the portal's Availability screen saves (PUT /api/admin/availability): the hours, the cancellation
 * policy, whether paid sessions are paid online (when the processor is configured) or at the session, and the secret
 * iCal address of the practitioner's own calendar. Old records without the newer fields read with their defaults.
 */
export const AvailabilitySettingsSchema = AvailabilitySchema.extend({
  cancellation: CancellationPolicySchema.optional(),
  /** 'at-session': never take money online, even with the processor configured. Absent: online when configured. */
  paymentChoice: z.enum(['online', 'at-session']).optional(),
  /** The practitioner's secret iCal address (Google, Apple, Outlook): its events block times. */
  calendarUrl: z.url({ error: 'Paste the full address of the calendar, starting with https://' }).max(2_000).optional(),
});
export type AvailabilitySettings = z.output<typeof AvailabilitySettingsSchema>;
