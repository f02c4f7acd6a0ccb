// The portal's side of bookings (docs/bookings.md, "In the portal"): what the admin screens send and what the admin
// routes answer. One schema per concept, shared by the forms and the routes.
import { z } from 'zod';
import { AvailabilitySchema } from './availability';
import { optionalText } from './common';

export const ADMIN_BOOKING_MESSAGES = {
  days: 'Choose 7 or 30 days',
  range: 'from and to must be dates like 2026-12-01',
  notes: 'Notes must be at most 5000 characters',
} as const;

/** GET /api/admin/bookings?from=&to= (ISO dates, the practitioner's days; both optional: all bookings). */
export const AdminBookingsQuerySchema = z
  .object({
    from: z.iso.date({ error: ADMIN_BOOKING_MESSAGES.range }).optional(),
    to: z.iso.date({ error: ADMIN_BOOKING_MESSAGES.range }).optional(),
  })
  .refine((query) => !query.from || !query.to || query.to >= query.from, {
    error: 'to must not be before from',
    path: ['to'],
  });
export type AdminBookingsQuery = z.output<typeof AdminBookingsQuerySchema>;

/** PATCH /api/admin/bookings/{id}: the practitioner's own notes, never shown to the client. */
export const BookingNotesInputSchema = z.strictObject({
  practitionerNotes: optionalText(5_000, ADMIN_BOOKING_MESSAGES.notes),
});
export type BookingNotesInput = z.output<typeof BookingNotesInputSchema>;

/** POST /api/admin/bookings/{id}/cancel: refund what the policy allows (true) or nothing (false). */
export const AdminCancelInputSchema = z.strictObject({ refund: z.boolean().default(true) });
export type AdminCancelInput = z.output<typeof AdminCancelInputSchema>;

/** GET /api/admin/funnel?days=7|30. */
export const FunnelQuerySchema = z.object({
  days: z.enum(['7', '30'], { error: ADMIN_BOOKING_MESSAGES.days }).default('7').transform(Number),
});

export const FUNNEL_STEPS = ['slots-viewed', 'booking-started', 'paid', 'link-clicked'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** One service's numbers for the chosen days. */
export const FunnelRowSchema = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  bookingMode: z.enum(['link', 'site']),
  counts: z.object(Object.fromEntries(FUNNEL_STEPS.map((step) => [step, z.number().int().min(0)])) as Record<
    FunnelStep,
    z.ZodNumber
  >),
});
export type FunnelRow = z.output<typeof FunnelRowSchema>;
export const FunnelReplySchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  services: z.array(FunnelRowSchema),
});
export type FunnelReply = z.output<typeof FunnelReplySchema>;

/** One thing in a client's history: a booking or a contact message. */
export const ClientEventSchema = z.object({
  kind: z.enum(['booking', 'message']),
  id: z.string(),
  /** The session's start for a booking, the time it was sent for a message (UTC ISO). */
  at: z.string(),
  /** The service's name, or the message's subject. */
  title: z.string(),
  /** The booking's status, or the message's folder state. */
  status: z.string(),
});
export type ClientEvent = z.output<typeof ClientEventSchema>;

/** Everyone who booked or wrote, grouped by e-mail (lower case). */
export const ClientSummarySchema = z.object({
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  bookings: z.number().int(),
  messages: z.number().int(),
  /** The latest booking start or message, UTC ISO. */
  lastAt: z.string(),
  history: z.array(ClientEventSchema),
});
export type ClientSummary = z.output<typeof ClientSummarySchema>;

export const RAZORPAY_VARIABLES = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

/** Whether visitors can pay online, and if not, the first variable missing (the Availability screen says it). */
export const PaymentSetupSchema = z.object({
  online: z.boolean(),
  missing: z.enum(RAZORPAY_VARIABLES).nullable(),
});
export type PaymentSetup = z.output<typeof PaymentSetupSchema>;

/** The line the Availability screen shows about online payment. */
export function paymentSetupLine(setup: PaymentSetup): string {
  if (setup.online) return 'Online payment is on: visitors pay by UPI, card, netbanking or wallet when they book.';
  return `Online payment is off: ${setup.missing ?? 'RAZORPAY_KEY_ID'} is not set. Visitors can still book and pay at the session.`;
}

export const AVAILABILITY_FORM_MESSAGES = {
  saved: 'Availability saved',
  saveFailed: 'Your availability could not be saved. Please try again.',
  loadFailed: 'Your availability could not be loaded. Please reload the page.',
  calendarUrl: 'Paste the secret address of your calendar (it starts with https:// or webcal://)',
  hours: 'Use whole hours from 0 to 720',
  percent: 'Use a share from 0 to 100 per cent',
} as const;

/**
 * The cancellation policy: a full refund up to `fullRefundHours` before the start, `laterRefundPercent` of the price
 * after that. The default is the issue's: 24 hours, then nothing.
 */
export const CancellationPolicySchema = z.object({
  fullRefundHours: z.number({ error: AVAILABILITY_FORM_MESSAGES.hours }).int().min(0).max(720, {
    error: AVAILABILITY_FORM_MESSAGES.hours,
  }),
  laterRefundPercent: z.number({ error: AVAILABILITY_FORM_MESSAGES.percent }).int().min(0).max(100, {
    error: AVAILABILITY_FORM_MESSAGES.percent,
  }),
});
export type CancellationPolicy = z.output<typeof CancellationPolicySchema>;
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = { fullRefundHours: 24, laterRefundPercent: 0 };

/**
 * The practitioner's secret iCal address: https (webcal:// is the same address, as calendars hand it out), or blank
 * for none. It is a secret: the portal shows it only to the admin and it is never logged.
 */
export const CalendarUrlSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().replace(/^webcal:\/\//i, 'https://') : value),
  z.union([
    z.literal(''),
    z
      .url({ protocol: /^https?$/, error: AVAILABILITY_FORM_MESSAGES.calendarUrl })
      .max(2_000, { error: AVAILABILITY_FORM_MESSAGES.calendarUrl }),
  ]),
);

/** PUT /api/admin/availability: the Availability screen's whole form. */
export const AdminAvailabilityInputSchema = AvailabilitySchema.extend({
  cancellation: CancellationPolicySchema,
  calendarUrl: CalendarUrlSchema,
});
export type AdminAvailabilityInput = z.output<typeof AdminAvailabilityInputSchema>;

/** The last read of the practitioner's calendar (the busy-times cache). */
export const CalendarStatusSchema = z.object({
  fetchedAt: z.string().nullable(),
  error: z.string().nullable(),
});

/** GET/PUT /api/admin/availability reply. */
export const AdminAvailabilityReplySchema = z.object({
  availability: AdminAvailabilityInputSchema,
  /** The private feed of bookings to subscribe to; null until the first one is made. */
  feedUrl: z.string().nullable(),
  calendar: CalendarStatusSchema,
  payment: PaymentSetupSchema,
});
export type AdminAvailabilityReply = z.output<typeof AdminAvailabilityReplySchema>;

export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'expired', 'no-show'] as const;
export const PAYMENT_STATES = ['none', 'pending', 'paid', 'failed', 'refunded'] as const;

/**
 * A booking as the portal reads it: the stored booking's fields the screens show (docs/bookings.md, "Entities"),
 * with the answers, which only the practitioner and the manage-link holder ever see.
 */
export const PortalBookingSchema = z.object({
  _id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  /** The visitor's own zone when their browser told it (shown beside the practitioner's). */
  clientTimeZone: z.string().optional(),
  client: z.object({ name: z.string(), email: z.string(), phone: z.string().optional() }),
  note: z.string().default(''),
  answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.string() })).default([]),
  status: z.enum(BOOKING_STATUSES),
  payment: z.object({
    mode: z.enum(['free', 'online', 'at-session']),
    state: z.enum(PAYMENT_STATES),
    amountPaise: z.number().int(),
    refundedPaise: z.number().int().optional(),
  }),
  cancelledAt: z.string().optional(),
  cancelledBy: z.enum(['client', 'practitioner', 'system']).optional(),
  practitionerNotes: z.string().default(''),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PortalBooking = z.output<typeof PortalBookingSchema>;

/** One row of GET /api/admin/bookings: the booking and what "Cancel and refund" would give back now. */
export const AdminBookingRowSchema = z.object({
  booking: PortalBookingSchema,
  /** Paise the policy refunds if the practitioner cancels now (0 when nothing was paid online). */
  refundDuePaise: z.number().int().min(0),
});
export type AdminBookingRow = z.output<typeof AdminBookingRowSchema>;
