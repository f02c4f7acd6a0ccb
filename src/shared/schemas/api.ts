import { z } from 'zod';

/** Every API reply carries a success flag (docs/product-rules.md, "Calls"). */
export const ApiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.output<typeof ApiErrorSchema>;

/**
 * A success with nothing to hand back but, at times, the spec's message ('Service deleted successfully'). The routes
 * answer it and the admin checks it; src/server/routes/admin-replies.test.ts holds the routes to it.
 */
export const OkReplySchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type OkReply = z.output<typeof OkReplySchema>;

/** A success that carries `data`, the shape of every read and most saves. */
export function apiSuccess<T extends z.ZodType>(data: T) {
  return OkReplySchema.extend({ data });
}

/** A sign-in, first admin, device approval or password change: the session token, when one is issued. */
export const TokenReplySchema = OkReplySchema.extend({ token: z.string().optional() });

/** A verified reset code: the short-lived token that lets the new password be set (docs/auth.md). */
export const ResetTokenReplySchema = OkReplySchema.extend({ resetToken: z.string().min(1) });
