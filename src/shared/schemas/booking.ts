// A visitor's booking request (docs/bookings.md): the same schema checks the booking form in the browser and
// POST /api/bookings on the server.
import { z } from 'zod';
import { EmailSchema, IdSchema, optionalText, requiredText, singleLine } from './common';
import { ContactMessageInputSchema } from './contact';

export const BOOKING_MESSAGES = {
  start: 'Please choose a time',
  consent: 'Please agree to the privacy notice and the cancellation policy to book',
  answer: 'Please answer this question',
  taken: 'Sorry, that time was just taken. Please choose another time.',
  notOffered: 'That time cannot be booked. Please choose one of the times shown.',
  notBookable: 'This service cannot be booked on the site.',
} as const;

/** One answer to a question the practitioner asks before a session (kept with the booking, marked sensitive). */
export const IntakeAnswerSchema = z.strictObject({
  questionId: z.string().regex(/^[a-z0-9-]{1,40}$/),
  answer: optionalText(2_000, 'An answer must be at most 2000 characters'),
});

export const BookingRequestSchema = z.strictObject({
  serviceId: IdSchema,
  /** The slot's start as the slots API gave it (UTC ISO); the server checks it is still free. */
  start: z.iso.datetime({ error: BOOKING_MESSAGES.start }),
  name: singleLine(requiredText('Please enter your full name', 100, 'Name must be at most 100 characters')),
  email: singleLine(EmailSchema),
  /** The contact form's phone rule: optional, Indian when typed without a country code, stored in E.164. */
  phone: ContactMessageInputSchema.shape.phone,
  note: optionalText(2_000, 'A note must be at most 2000 characters'),
  answers: z.array(IntakeAnswerSchema).max(10).default([]),
  /** Consent to the privacy notice and the cancellation policy, recorded with the time and the policy's version. */
  consent: z.literal(true, { error: BOOKING_MESSAGES.consent }),
});
export type BookingRequest = z.output<typeof BookingRequestSchema>;
export type BookingFormValues = z.input<typeof BookingRequestSchema>;

/** GET /api/services/{slug or id}/slots?from=&to= (ISO dates; at most 93 days apart). */
export const SlotsQuerySchema = z
  .object({
    from: z.iso.date({ error: 'from must be a date like 2026-12-01' }),
    to: z.iso.date({ error: 'to must be a date like 2026-12-31' }),
  })
  .refine((query) => query.to >= query.from, { error: 'to must not be before from', path: ['to'] })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 93 * 86_400_000, {
    error: 'Ask for at most 93 days at a time',
    path: ['to'],
  });
export type SlotsQuery = z.output<typeof SlotsQuerySchema>;

// ---- The booking record and what the visitor's browser sees of it (docs/bookings.md, "The booking") ----

export const BOOKING_STATUSES = ['held', 'confirmed', 'cancelled', 'expired', 'no-show'] as const;
export const BookingStatusSchema = z.enum(BOOKING_STATUSES);
export type BookingStatus = z.output<typeof BookingStatusSchema>;

/** free: nothing to pay; online: paid through the processor; at-session: the client pays at the session. */
export const PAYMENT_MODES = ['free', 'online', 'at-session'] as const;
export const PaymentModeSchema = z.enum(PAYMENT_MODES);
export type PaymentMode = z.output<typeof PaymentModeSchema>;

export const PAYMENT_STATES = ['none', 'pending', 'paid', 'failed', 'refunded'] as const;
export const PaymentStateSchema = z.enum(PAYMENT_STATES);
export type PaymentState = z.output<typeof PaymentStateSchema>;

export const CancelledBySchema = z.enum(['client', 'practitioner', 'system']);
export type CancelledBy = z.output<typeof CancelledBySchema>;

/** A paid booking holds its slot this long while the visitor pays; then the hold lapses and the slot is free again. */
export const HOLD_MINUTES = 10;

const IsoInstant = z.iso.datetime();

export const BookingPaymentSchema = z.object({
  mode: PaymentModeSchema,
  state: PaymentStateSchema,
  /** What the session costs (whole paise); 0 for a free session. */
  amountPaise: z.number().int().min(0),
  orderId: z.string().optional(),
  paymentId: z.string().optional(),
  refundedPaise: z.number().int().min(0).optional(),
});
export type BookingPayment = z.output<typeof BookingPaymentSchema>;

/** An answer as kept with the booking: the question's text is copied, so a later edit of the question changes nothing. */
export const StoredAnswerSchema = z.object({ questionId: z.string(), question: z.string(), answer: z.string() });
export type StoredAnswer = z.output<typeof StoredAnswerSchema>;

export const BookingSchema = z.object({
  _id: IdSchema,
  serviceId: IdSchema,
  serviceName: z.string(),
  /** UTC ISO instants. */
  start: IsoInstant,
  end: IsoInstant,
  /** The practitioner's zone when the booking was made (mails and the calendar show times in it). */
  timeZone: z.string(),
  client: z.object({ name: z.string(), email: z.string(), phone: z.string().optional() }),
  note: z.string(),
  /** Sensitive: never logged, never in a public reply except to the holder of the manage link. */
  answers: z.array(StoredAnswerSchema),
  consent: z.object({ at: IsoInstant, policyVersion: z.string() }),
  status: BookingStatusSchema,
  payment: BookingPaymentSchema,
  /** A held (unpaid) booking lapses at this instant. */
  holdExpiresAt: IsoInstant.optional(),
  cancelledAt: IsoInstant.optional(),
  cancelledBy: CancelledBySchema.optional(),
  practitionerNotes: z.string(),
  /** Keys of mails already sent ('confirmed:client', 'reminder-24h'…), so nothing goes out twice. */
  mailsSent: z.array(z.string()),
  /** Raised on every change the client can see (times, status, payment); manage links carry it. */
  version: z.number().int().min(0),
  createdAt: IsoInstant,
  updatedAt: IsoInstant,
});
export type Booking = z.output<typeof BookingSchema>;

/** What the visitor's browser gets back: no e-mail, phone, note or answers. */
export const PublicBookingSchema = z.object({
  _id: IdSchema,
  serviceName: z.string(),
  start: IsoInstant,
  end: IsoInstant,
  timeZone: z.string(),
  status: BookingStatusSchema,
  payment: BookingPaymentSchema.pick({ mode: true, state: true, amountPaise: true }),
  client: z.object({ name: z.string() }),
});
export type PublicBooking = z.output<typeof PublicBookingSchema>;

export function toPublicBooking(booking: Booking): PublicBooking {
  return {
    _id: booking._id,
    serviceName: booking.serviceName,
    start: booking.start,
    end: booking.end,
    timeZone: booking.timeZone,
    status: booking.status,
    payment: {
      mode: booking.payment.mode,
      state: booking.payment.state,
      amountPaise: booking.payment.amountPaise,
    },
    client: { name: booking.client.name },
  };
}

/** What checkout hands the payment route (Razorpay's own field names, as its handler gives them). */
export const CheckoutConfirmationSchema = z.strictObject({
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});
export type CheckoutConfirmation = z.output<typeof CheckoutConfirmationSchema>;

export const MANAGE_MESSAGES = {
  token: 'This link is not valid any more. Please use the link in your latest e-mail.',
} as const;

/** The manage link's token, as the manage page sends it back. */
export const ManageTokenSchema = z.strictObject({
  token: z.string({ error: MANAGE_MESSAGES.token }).min(1, { error: MANAGE_MESSAGES.token }).max(2_000),
});
export const ManageRescheduleSchema = ManageTokenSchema.extend({
  start: z.iso.datetime({ error: BOOKING_MESSAGES.start }),
});
export type ManageReschedule = z.output<typeof ManageRescheduleSchema>;

/** The steps of the booking funnel the portal counts (per service, per day; nothing personal). */
export const FUNNEL_STEPS = ['slots-viewed', 'booking-started', 'paid', 'link-clicked'] as const;
export const FunnelStepSchema = z.enum(FUNNEL_STEPS);
export type FunnelStep = z.output<typeof FunnelStepSchema>;

/** POST /api/funnel: the beacon a "Book Session" link sends when a service still books through its link. */
export const FunnelBeaconSchema = z.strictObject({ serviceId: IdSchema, step: z.literal('link-clicked') });

/**
 * What the holder of the manage link sees: the public view plus their own details, note and answers, and the
 * service's id, whose free times the manage page offers for a move.
 */
export const ManagedBookingSchema = PublicBookingSchema.extend({
  serviceId: IdSchema,
  client: z.object({ name: z.string(), email: z.string(), phone: z.string().optional() }),
  note: z.string(),
  answers: z.array(StoredAnswerSchema),
});
export type ManagedBooking = z.output<typeof ManagedBookingSchema>;

export function toManagedBooking(booking: Booking): ManagedBooking {
  return {
    ...toPublicBooking(booking),
    serviceId: booking.serviceId,
    client: { ...booking.client },
    note: booking.note,
    answers: booking.answers,
  };
}
