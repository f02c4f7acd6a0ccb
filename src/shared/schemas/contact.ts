import { z } from 'zod';
import { normalisePhone, parsePhone, PHONE_INVALID_MESSAGE } from '../phone';
import { EmailSchema, IdSchema, requiredText, singleLine } from './common';
import { CONTACT_CONSENT_MESSAGE, ConsentRecordSchema, consentTick } from './consent';

/**
 * A subject of the contact form. The practitioner sets the list in the site settings (CONTACT_SUBJECTS are the
 * defaults), so the shape is checked here and the API checks it is one the site offers (docs/site-settings.md).
 */
export const ContactSubjectSchema = singleLine(requiredText('Please choose a subject', 60, 'Please choose a subject'));

/** The public contact form (docs/product-rules.md, "Validation"). Strict: unknown keys are refused. */
export const ContactMessageInputSchema = z.strictObject({
  name: singleLine(requiredText('Please enter your full name', 100, 'Name must be at most 100 characters')),
  email: singleLine(EmailSchema),
  /** Optional; a number typed without a country code is Indian, and it is stored in E.164 (src/shared/phone.ts). */
  phone: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string({ error: 'Phone must be text' })
      .trim()
      .max(30, { error: 'Phone number is too long' })
      .refine((value) => !/[\r\n]/.test(value), { error: 'Must not contain line breaks' })
      .refine((value) => value === '' || parsePhone(value) !== null, { error: PHONE_INVALID_MESSAGE })
      .transform(normalisePhone),
  ),
  subject: ContactSubjectSchema,
  message: requiredText('Please enter a message', 5_000, 'Message must be at most 5000 characters'),
  /** "I agree to the privacy notice" (docs/policies.md): required; stored as a ConsentRecord, not as sent. */
  consent: consentTick(CONTACT_CONSENT_MESSAGE),
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
  /** When the visitor agreed to the privacy notice, and to which version; absent on messages sent before it. */
  consent: ConsentRecordSchema.optional(),
  createdAt: z.string(),
});
export type ContactMessage = z.output<typeof ContactMessageSchema>;

export const ContactMessageUpdateSchema = z.strictObject({ status: ContactMessageStatusSchema });

// ---- The admin inbox, a page at a time (docs/admin.md, "Messages") -------------------------------------------------

export const MESSAGE_FOLDERS = ['inbox', 'archived'] as const;
export type MessageFolder = (typeof MESSAGE_FOLDERS)[number];
export const MESSAGE_PAGE = { defaultLimit: 20, maxLimit: 100, previewChars: 120 } as const;

/**
 * Where the next page starts: the last message of the previous page, as `<createdAt>_<id>`. Paging by position in
 * the newest-first order (not by page number) keeps a page steady while new messages arrive.
 */
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)_([0-9a-f]{24})$/;
export interface MessageCursor {
  createdAt: string;
  id: string;
}
export const encodeMessageCursor = (message: { createdAt: string; _id: string }): string =>
  `${message.createdAt}_${message._id}`;

export const MessageListQuerySchema = z.strictObject({
  folder: z.enum(MESSAGE_FOLDERS, { error: 'Folder must be inbox or archived' }).default('inbox'),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int({ error: 'Limit must be a whole number' })
    .min(1, { error: 'Limit must be at least 1' })
    .max(MESSAGE_PAGE.maxLimit, { error: `Limit must be at most ${MESSAGE_PAGE.maxLimit}` })
    .default(MESSAGE_PAGE.defaultLimit),
  cursor: z
    .string()
    .regex(CURSOR_PATTERN, { error: 'Invalid cursor' })
    .transform((value): MessageCursor => {
      const [, createdAt = '', id = ''] = CURSOR_PATTERN.exec(value) ?? [];
      return { createdAt, id };
    })
    .optional(),
});
export type MessageListQuery = z.output<typeof MessageListQuerySchema>;

/** A message as the inbox list shows it: everything but the body, which comes as a short preview. */
export const ContactMessageSummarySchema = ContactMessageSchema.omit({ message: true }).extend({
  preview: z.string(),
});
export type ContactMessageSummary = z.output<typeof ContactMessageSummarySchema>;

/** GET /api/admin/messages. `nextCursor` is null on the last page. */
export const MessageListReplySchema = z.object({
  success: z.literal(true),
  data: z.array(ContactMessageSummarySchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int().nonnegative(),
  counts: z.object({ inbox: z.number().int().nonnegative(), archived: z.number().int().nonnegative() }),
});
export type MessageListReply = z.output<typeof MessageListReplySchema>;
