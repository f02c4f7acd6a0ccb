import { z } from 'zod';
import { formBoolean, IdSchema, requiredText, singleLine } from './common';

/** At most this many testimonials are featured on the home page (docs/admin.md, "Testimonials"). */
export const TESTIMONIAL_HOME_MAX = 3;

export const TESTIMONIAL_MESSAGES = {
  created: 'Testimonial added',
  updated: 'Testimonial updated',
  deleted: 'Testimonial deleted',
  moved: 'Order saved',
  notFound: 'Testimonial not found',
  homeFull: `At most ${TESTIMONIAL_HOME_MAX} testimonials can be featured on the home page. Unfeature one first.`,
  serviceMissing: 'That service no longer exists. Please choose another or none.',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A real calendar date: Date.parse rolls 2026-02-31 over to 3 March instead of refusing it, so the parts are checked
 * against the day they produce.
 */
function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** '' and null (an empty select or input) mean "not given" for the optional fields. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * What the testimonial form submits and the API accepts (JSON). One schema for both sides; the server adds the id,
 * the order and the timestamps.
 */
export const TestimonialInputSchema = z.object({
  name: singleLine(requiredText('Name or initials are required', 60, 'Name or initials must be at most 60 characters')),
  text: requiredText('Testimonial text is required', 1_500, 'Testimonial text must be at most 1500 characters'),
  rating: z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      return typeof blank === 'string' ? Number(blank) : blank;
    },
    z
      .number({ error: 'Rating must be a whole number from 1 to 5' })
      .int({ error: 'Rating must be a whole number from 1 to 5' })
      .min(1, { error: 'Rating must be a whole number from 1 to 5' })
      .max(5, { error: 'Rating must be a whole number from 1 to 5' })
      .optional(),
  ),
  serviceId: z.preprocess(blankToUndefined, IdSchema.optional()),
  date: z.string({ error: 'Date is required' }).trim().min(1, { error: 'Date is required' }).refine(isCalendarDate, {
    error: 'Date must be a valid date',
  }),
  isVisible: formBoolean(true),
  featuredOnHome: formBoolean(false),
});

export type TestimonialInput = z.output<typeof TestimonialInputSchema>;
export type TestimonialFormValues = z.input<typeof TestimonialInputSchema>;

/** A stored testimonial as the API returns it. */
export const TestimonialRecordSchema = z.object({
  _id: IdSchema,
  name: z.string(),
  text: z.string(),
  rating: z.number().optional(),
  serviceId: z.string().optional(),
  date: z.string(),
  isVisible: z.boolean(),
  featuredOnHome: z.boolean(),
  /** Position in the practitioner's order, ascending. */
  order: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestimonialRecord = z.output<typeof TestimonialRecordSchema>;

export const TestimonialMoveSchema = z.object({
  direction: z.enum(['up', 'down'], { error: 'Direction must be up or down' }),
});

/** A testimonial featured on the home page, with the name of its service when it has a live one (built by the server). */
export interface HomeTestimonial {
  _id: string;
  name: string;
  text: string;
  rating?: number;
  date: string;
  serviceName?: string;
}
