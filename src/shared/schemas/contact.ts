import { z } from 'zod';
import { CONTACT_SUBJECTS } from '../constants';
import { EmailSchema, IdSchema, requiredText, singleLine } from './common';

export const ContactSubjectSchema = z.enum(CONTACT_SUBJECTS, { error: 'Please choose a subject' });

/** The public contact form (docs/product-rules.md, "Validation"). Strict: unknown keys are refused. */
export const ContactMessageInputSchema = z.strictObject({
  name: singleLine(requiredText('Please enter your full name', 100, 'Name must be at most 100 characters')),
  email: singleLine(EmailSchema),
  phone: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: 'Phone must be text' })
      .trim()
      .max(30, { error: 'Phone number is too long' })
      .regex(/^[0-9+()\-.\s]*$/, { error: 'Please enter a valid phone number' })
      .refine((value) => !/[\r\n]/.test(value), { error: 'Must not contain line breaks' }),
  ),
  subject: ContactSubjectSchema,
  message: requiredText('Please enter a message', 5_000, 'Message must be at most 5000 characters'),
});

export type ContactMessageInput = z.output<typeof ContactMessageInputSchema>;
export type ContactFormValues = z.input<typeof ContactMessageInputSchema>;

/**
 * A hidden form field people never see or fill. The form sends it (empty); a bot that fills every input gives
 * itself away, gets the usual success reply, and nothing is stored or mailed.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** What POST /api/contact/send accepts: the message plus the honeypot. Still strict: unknown keys are refused. */
export const ContactSendSchema = ContactMessageInputSchema.extend({
  [CONTACT_HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type ContactSendInput = z.output<typeof ContactSendSchema>;

export const CONTACT_MESSAGE_STATUSES = ['new', 'read', 'archived'] as const;
export const ContactMessageStatusSchema = z.enum(CONTACT_MESSAGE_STATUSES);

/** A stored message as the admin inbox reads it. */
export const ContactMessageSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: ContactSubjectSchema,
  message: z.string(),
  status: ContactMessageStatusSchema,
  /** Why mailing it to the inbox failed, if it did; the message itself is safe in the store. */
  mailError: z.string().optional(),
  createdAt: z.string(),
});
export type ContactMessage = z.output<typeof ContactMessageSchema>;

export const ContactMessageUpdateSchema = z.strictObject({ status: ContactMessageStatusSchema });
