import { z } from 'zod';
import { IdSchema } from './common';

/** The most records one order may name; far above what one practitioner's site holds. */
export const ORDER_MAX_IDS = 500;

export const ORDER_MESSAGES = {
  saved: 'Order saved',
  /** The list named other records than the stored ones (one was added or deleted meanwhile). */
  stale: 'The list has changed since it was loaded. Reload the page and try again.',
  duplicate: 'Each id may appear only once',
} as const;

/**
 * `PUT /api/admin/services/order` and `PUT /api/admin/banners/order`: every id of the collection, once, in the new
 * order (docs/content-api.md, "Order"). The admin's order lists send exactly this.
 */
export const OrderInputSchema = z.strictObject({
  ids: z
    .array(IdSchema, { error: 'ids must be a list of ids' })
    .min(1, { error: 'ids must name at least one record' })
    .max(ORDER_MAX_IDS, { error: `ids may name at most ${ORDER_MAX_IDS} records` })
    .refine((ids) => new Set(ids).size === ids.length, { error: ORDER_MESSAGES.duplicate }),
});

export type OrderInput = z.output<typeof OrderInputSchema>;
