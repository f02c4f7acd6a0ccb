import { z } from 'zod';

/** Every API reply carries a success flag (docs/product-rules.md, "Calls"). */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.output<typeof ApiErrorSchema>;

export function apiSuccess<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}
