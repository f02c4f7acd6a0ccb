// The portal's side of bookings (docs/bookings.md, "In the portal"): what the admin screens send and what the admin
// routes answer. One schema per concept, shared by the forms and the routes.
import { z } from 'zod';
import { AvailabilitySettingsSchema, CancellationPolicySchema } from './availability';
import { BookingSchema, FUNNEL_STEPS, type FunnelStep } from './booking';
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

/**
 * POST /api/admin/bookings/{id}/cancel: the practitioner chooses the refund. 'full' (the default: they cancel, the
 * client gets back all that was paid), 'policy' (as if the client had cancelled now) or 'none'.
 */
export const AdminCancelInputSchema = z.strictObject({
  refund: z.enum(['full', 'policy', 'none'], { error: 'Choose full, policy or none' }).default('full'),
});
export type AdminCancelInput = z.output<typeof AdminCancelInputSchema>;

/** GET /api/admin/funnel?days=7|30. */
export const FunnelQuerySchema = z.object({
  days: z.enum(['7', '30'], { error: ADMIN_BOOKING_MESSAGES.days }).default('7').transform(Number),
});

/** One service's numbers for the chosen days. */
export const FunnelRowSchema = z.object({
  serviceId: z.string(),
  serviceName: z.string(),
  bookingMode: z.enum(['link', 'site']),
  counts: z.object(
    Object.fromEntries(FUNNEL_STEPS.map((step) => [step, z.number().int().min(0)])) as Record<FunnelStep, z.ZodNumber>,
  ),
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
} as const;

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

/**
 * PUT /api/admin/availability: the Availability screen's whole form, every field present (the stored record keeps
 * the newer ones optional for records saved before them).
 */
export const AdminAvailabilityInputSchema = AvailabilitySettingsSchema.extend({
  cancellation: CancellationPolicySchema,
  calendarUrl: CalendarUrlSchema,
  paymentChoice: z.enum(['online', 'at-session']),
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

/**
 * A booking as the portal reads it: the stored booking (with the answers, which only the practitioner and the
 * manage-link holder see), plus the visitor's own zone when their browser told it.
 */
export const PortalBookingSchema = BookingSchema.extend({ clientTimeZone: z.string().optional() });
export type PortalBooking = z.output<typeof PortalBookingSchema>;

/** One row of GET /api/admin/bookings: the booking and what "Cancel and refund" would give back now. */
export const AdminBookingRowSchema = z.object({
  booking: PortalBookingSchema,
  /** Paise a full refund gives back now: all paid online, less earlier refunds. */
  refundFullPaise: z.number().int().min(0),
  /** Paise the cancellation policy gives back if cancelled now. */
  refundPolicyPaise: z.number().int().min(0),
});
export type AdminBookingRow = z.output<typeof AdminBookingRowSchema>;
