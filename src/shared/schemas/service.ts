import { z } from 'zod';
import { completeUrl } from '../complete-url';
import { DELIVERY_METHODS, LIMITS } from '../constants';
import { SlugFieldSchema } from './slug';
import {
  formBoolean,
  formNumber,
  HttpUrlSchema,
  IdSchema,
  optionalFormNumber,
  optionalText,
  parseJsonText,
  requiredText,
  textList,
} from './common';
import { endsAfterStart, scheduleInstant } from '../schedule';
import { defineFields, inputShape, storedShape } from './field-pairs';

const PRICE_MAX_MESSAGE = `Price must be at most ${LIMITS.priceMax.toLocaleString('en-IN')}`;

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
export const IMAGE_REQUIRED_MESSAGE = 'Please select an image for the service';

// Any category name here; the server checks it is one of the store's categories (src/server/domain/categories.ts).
export const ServiceCategorySchema = z
  .string({ error: 'Please choose a category from the list' })
  .trim()
  .min(1, 'Please choose a category from the list')
  .max(60, 'Please choose a category from the list');
export const DeliveryMethodSchema = z.enum(DELIVERY_METHODS, {
  error: 'Please choose a delivery method from the list',
});

export const WhatCanBeAskedSchema = z.object({
  category: z.string().trim().max(200).default(''),
  questions: z
    .array(z.string().trim().max(500))
    .max(50)
    .default([])
    .transform((questions) => questions.filter((q) => q !== '')),
});

export const FaqEntrySchema = z.object({
  question: z.string().trim().max(500).default(''),
  answer: z.string().trim().max(3_000).default(''),
});

/** Objects with no question, answer or category text are dropped on submit (docs/product-rules.md, "Validation"). */
const whatCanBeAskedList = z.preprocess(
  (value) => (value === undefined || value === null ? [] : parseJsonText(value)),
  z
    .array(WhatCanBeAskedSchema)
    .max(30)
    .transform((blocks) => blocks.filter((block) => block.category !== '' || block.questions.length > 0)),
);

const faqList = z.preprocess(
  (value) => (value === undefined || value === null ? [] : parseJsonText(value)),
  z
    .array(FaqEntrySchema)
    .max(50)
    .transform((entries) => entries.filter((entry) => entry.question !== '' || entry.answer !== '')),
);

/** 'link': the Book button follows the service's booking link; 'site': visitors pick a time here (docs/bookings.md). */
export const BOOKING_MODES = ['link', 'site'] as const;
export const BookingModeSchema = z.enum(BOOKING_MODES, { error: 'Please choose how visitors book this service' });
export type BookingMode = z.output<typeof BookingModeSchema>;

export const SESSION_MINUTES = { min: 10, max: 480 } as const;
export const SESSION_FORMAT_MAX = 200;
export const SESSION_MINUTES_MESSAGE = `Session length must be whole minutes from ${SESSION_MINUTES.min} to ${SESSION_MINUTES.max}`;

/** A question the practitioner asks before a session; its id names the answer in a booking. */
export const IntakeQuestionSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  question: z.string().trim().min(1, { error: 'Please write the question' }).max(300),
  required: z.boolean().default(false),
});
export type IntakeQuestion = z.output<typeof IntakeQuestionSchema>;

const intakeQuestionList = z.preprocess(
  (value) => (value === undefined || value === null ? [] : parseJsonText(value)),
  z.array(IntakeQuestionSchema).max(10),
);

/**
 * Every field the practitioner edits, once: its input rule (what the admin form submits and the API accepts, multipart
 * fields or JSON) and its stored shape (what the API returns). ServiceInputSchema and ServiceSchema are both drawn
 * from here, so a new field is one entry here (docs/content-api.md, "One fields object").
 */
export const SERVICE_FIELDS = defineFields({
  name: {
    input: requiredText(REQUIRED_FIELDS_MESSAGE, 150, 'Name must be at most 150 characters'),
    stored: z.string(),
  },
  /**
   * The address, /service/<slug>; empty: made from the name by the server (docs/content-api.md, "Addresses").
   * Stored: absent only on services saved before slugs, until the migration fills it.
   */
  slug: { input: SlugFieldSchema.optional(), stored: z.string().optional() },
  category: { input: ServiceCategorySchema, stored: ServiceCategorySchema },
  shortDescription: {
    input: requiredText(
      'Short description is required',
      LIMITS.shortDescription,
      `Short description must be at most ${LIMITS.shortDescription} characters`,
    ),
    stored: z.string(),
  },
  description: { input: requiredText(REQUIRED_FIELDS_MESSAGE, 10_000), stored: z.string() },
  price: {
    input: formNumber(REQUIRED_FIELDS_MESSAGE)
      .refine((n) => n >= LIMITS.priceMin, { error: 'Price must be 0 or more' })
      .refine((n) => n <= LIMITS.priceMax, { error: PRICE_MAX_MESSAGE }),
    stored: z.number(),
  },
  offerPrice: {
    input: optionalFormNumber()
      .refine((n) => n === undefined || n >= LIMITS.priceMin, { error: 'Offer price must be 0 or more' })
      .refine((n) => n === undefined || n <= LIMITS.priceMax, { error: PRICE_MAX_MESSAGE }),
    stored: z.number().optional(),
  },
  /**
   * The offer's window (docs/schedules.md): UTC instants, typed in the practitioner's zone; null = open-ended.
   * Stored: absent (services saved before schedules) or null: the offer has no start or end.
   */
  offerStart: { input: scheduleInstant('Offer start'), stored: z.string().nullable().optional() },
  offerEnd: { input: scheduleInstant('Offer end'), stored: z.string().nullable().optional() },
  duration: { input: requiredText('Duration is required', 100), stored: z.string() },
  deliveryMethod: { input: DeliveryMethodSchema, stored: DeliveryMethodSchema },
  /**
   * How the session reaches the client, e.g. "Recorded and sent by e-mail within 48 hours"; the detail page shows it
   * beside duration and delivery. Absent on services saved before the field existed.
   */
  sessionFormat: {
    input: optionalText(
      SESSION_FORMAT_MAX,
      `Session format must be at most ${SESSION_FORMAT_MAX} characters`,
    ).optional(),
    stored: z.string().optional(),
  },
  availability: { input: optionalText(300), stored: z.string() },
  bookingLink: {
    // A link typed without https:// is completed rather than refused (docs/admin.md, "Save confirmations"). Required
    // only while visitors book through it (the refine below); a service booked on this site may keep one or none,
    // so the stored link may be empty.
    input: z.preprocess(
      (value) => {
        const text = typeof value === 'string' ? completeUrl(value).trim() : value;
        return text === undefined || text === null || text === '' ? undefined : text;
      },
      HttpUrlSchema.optional().transform((link) => link ?? ''),
    ),
    stored: z.string(),
  },
  /** How visitors book (docs/bookings.md): absent is 'link', the behaviour of services saved before bookings. */
  bookingMode: { input: BookingModeSchema.optional(), stored: BookingModeSchema.optional() },
  /** The session's length on the calendar; needed to book on this site. */
  sessionMinutes: {
    input: optionalFormNumber().refine(
      (n) => n === undefined || (Number.isInteger(n) && n >= SESSION_MINUTES.min && n <= SESSION_MINUTES.max),
      { error: SESSION_MINUTES_MESSAGE },
    ),
    stored: z.number().optional(),
  },
  /** The practitioner's own questions before a session; answers are kept with the booking. */
  intakeQuestions: { input: intakeQuestionList.optional(), stored: z.array(IntakeQuestionSchema).optional() },
  note: { input: optionalText(LIMITS.note, `Note must be at most ${LIMITS.note} characters`), stored: z.string() },
  whatIsThis: { input: optionalText(5_000), stored: z.string() },
  processDescription: { input: optionalText(5_000), stored: z.string() },
  preparation: { input: optionalText(5_000), stored: z.string() },
  afterCare: { input: optionalText(5_000), stored: z.string() },
  /**
   * Describes the image for people who cannot see it; the pages fall back to the service name when empty.
   * Absent on services saved before the field existed.
   */
  imageAlt: {
    input: optionalText(LIMITS.imageAlt, `Image alt text must be at most ${LIMITS.imageAlt} characters`).optional(),
    stored: z.string().optional(),
  },
  benefits: { input: textList(), stored: z.array(z.string()) },
  prerequisites: { input: textList(), stored: z.array(z.string()) },
  whatToExpected: { input: textList(), stored: z.array(z.string()) },
  whatCanBeAsked: {
    input: whatCanBeAskedList,
    stored: z.array(z.object({ category: z.string(), questions: z.array(z.string()) })),
  },
  faq: { input: faqList, stored: z.array(z.object({ question: z.string(), answer: z.string() })) },
  tags: { input: textList(30, 60), stored: z.array(z.string()) },
  isActive: { input: formBoolean(true), stored: z.boolean() },
  isFeatured: { input: formBoolean(false), stored: z.boolean() },
});

/**
 * What the admin form submits and the API accepts (multipart fields or JSON). One schema for both sides.
 * Unknown fields (e.g. `_id`, `createdAt`) are stripped: the server owns them.
 */
export const ServiceInputSchema = z
  .object(inputShape(SERVICE_FIELDS))
  .refine((s) => s.bookingMode === 'site' || (typeof s.bookingLink === 'string' && s.bookingLink !== ''), {
    error: REQUIRED_FIELDS_MESSAGE,
    path: ['bookingLink'],
    // Runs even while other fields are wrong, so a missing link is named together with them, as before.
    when: () => true,
  })
  .refine((s) => s.bookingMode !== 'site' || typeof s.sessionMinutes === 'number', {
    error: SESSION_MINUTES_MESSAGE,
    path: ['sessionMinutes'],
    when: () => true,
  })
  .refine((s) => s.offerPrice === undefined || s.offerPrice < s.price, {
    error: 'Offer price must be below the regular price',
    path: ['offerPrice'],
  })
  .refine((s) => endsAfterStart(s.offerStart, s.offerEnd), {
    error: 'The offer must end after it starts',
    path: ['offerEnd'],
  })
  .refine((s) => s.offerPrice !== undefined || (!s.offerStart && !s.offerEnd), {
    error: 'Add the offer price these dates are for, or clear the dates',
    path: ['offerPrice'],
  });

export type ServiceInput = z.output<typeof ServiceInputSchema>;
/** What a form holds before validation. */
export type ServiceFormValues = z.input<typeof ServiceInputSchema>;

/**
 * A testimonial as a service carries it: derived from the visible testimonials of that service (the testimonials
 * collection is the source, src/shared/schemas/testimonial.ts), in the practitioner's order.
 */
export const TestimonialSchema = z.object({
  name: z.string().default(''),
  text: z.string().default(''),
  rating: z.number().min(0).max(5).optional(),
  /** YYYY-MM-DD; absent on records saved before testimonials had their own screen. */
  date: z.string().optional(),
});

/**
 * A stored service as the API returns it: the fields the practitioner edits (SERVICE_FIELDS) and those the server
 * owns.
 */
export const ServiceSchema = z.object({
  _id: IdSchema,
  ...storedShape(SERVICE_FIELDS),
  /** Earlier slugs, oldest first: their addresses redirect to the current one. */
  previousSlugs: z.array(z.string()).optional(),
  /** Path on this site (/media/<key>) or an absolute http(s) URL; sent beside the fields, as an upload's URL. */
  image: z.string(),
  /**
   * The place in the site order, owned by the server (set by `PUT /api/admin/services/order`, never by the form).
   * Absent on services saved before the order existed; they sort after the others (src/shared/ordering.ts).
   */
  position: z.number().optional(),
  testimonials: z.array(TestimonialSchema),
  averageRating: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Service = z.output<typeof ServiceSchema>;

/**
 * A stored service as the admin's edit form loads it: every field but the id may be missing (records saved by older
 * versions still open), and the category and delivery method are any text, so the form can show what was saved.
 * Here, beside the reply schema it loosens, so the admin app imports it instead of restating it.
 */
export const StoredServiceSchema = ServiceSchema.partial().extend({
  _id: z.string(),
  category: z.string().optional(),
  deliveryMethod: z.string().optional(),
  isActive: z.boolean().optional(),
});
export type StoredService = z.output<typeof StoredServiceSchema>;

/** Query of the public list: `GET /api/services?limit=&isFeatured=`. */
export const ServiceListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  isFeatured: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ServiceListQuery = z.output<typeof ServiceListQuerySchema>;

/** Create-form defaults (docs/product-rules.md, "States"). */
export const SERVICE_FORM_DEFAULTS = {
  category: 'Akashic Records Reading',
  deliveryMethod: 'Video Call',
  availability: 'Check booking link for availability',
  isActive: true,
  isFeatured: false,
} as const;

/** Edit-form fallbacks (docs/product-rules.md, "States"): an empty category becomes Tarot Reading. */
export const SERVICE_EDIT_FALLBACK_CATEGORY = 'Tarot Reading';
