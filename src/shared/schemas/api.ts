import { z } from 'zod';

/** Every API reply carries a success flag (docs/product-rules.md, "Calls"). */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.output<typeof ApiErrorSchema>;

// The success replies are described in replies.ts, beside the admin's calls that check them.
export { apiSuccess } from './replies';
