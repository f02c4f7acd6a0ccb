import { z } from 'zod';

/**
 * The reply of `POST /api/admin/auth/refresh` (docs/auth.md, "Sliding sessions"): a fresh token when the current one
 * was past half its life, else the current token's expiry. `expiresAt` is always the expiry of the token to use now.
 */
export const SessionRefreshReplySchema = z.discriminatedUnion('renewed', [
  z.object({
    success: z.literal(true),
    renewed: z.literal(true),
    token: z.string().min(1),
    expiresAt: z.iso.datetime(),
  }),
  z.object({ success: z.literal(true), renewed: z.literal(false), expiresAt: z.iso.datetime() }),
]);
export type SessionRefreshReply = z.output<typeof SessionRefreshReplySchema>;
