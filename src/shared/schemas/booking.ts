// A visitor's booking request (docs/bookings.md): the same schema checks the booking form in the browser and
// POST /api/bookings on the server.
import { z } from 'zod';
import { EmailSchema, IdSchema, optionalText, requiredText, singleLine } from './common';
import { ContactMessageInputSchema } from './contact';

export const BOOKING_MESSAGES = {
  start: 'Please choose a time',
  consent: 'Please agree to the privacy notice and the cancellation policy to book',
  answer: 'Please answer this question',
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
