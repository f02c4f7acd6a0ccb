// Where the login page sends the practitioner after signing in, carried in the router's location state.
import { z } from 'zod';

/** `from` is a path inside the portal (without the /admin base); `reason` says why they had to sign in again. */
const ReturnStateSchema = z.object({
  from: z
    .string()
    .max(2_000)
    // Only a path inside the app: never another origin, never a protocol-relative address.
    .regex(/^\/(?![/\\])/),
  reason: z.enum(['expired']).optional(),
});
export type ReturnState = z.output<typeof ReturnStateSchema>;

export function readReturnState(state: unknown): ReturnState | null {
  const parsed = ReturnStateSchema.safeParse(state);
  if (!parsed.success || parsed.data.from === '/login' || parsed.data.from.startsWith('/login/')) return null;
  return parsed.data;
}

export const SESSION_ENDED_TITLE = 'Your session has ended';
export const SESSION_ENDED_TEXT = 'Please sign in again. You will go straight back to the page you were on.';
