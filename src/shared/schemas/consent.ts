import { z } from 'zod';

// Consent to the privacy notice (docs/policies.md): the visitor ticks a box, and what is stored with their message
// (or booking) is when they agreed and to which version of the policies (src/shared/policies.ts).

export const CONTACT_CONSENT_MESSAGE = 'Please tick the box to agree to the privacy notice before sending';

/**
 * The ticked box: `true` from the island's JSON, `on` (or `true`) from a plain form post. Anything else, or nothing,
 * is refused with `message`.
 */
export const consentTick = (message: string) =>
  z.preprocess((value) => (value === 'on' || value === 'true' ? true : value), z.literal(true, { error: message }));

export const ConsentRecordSchema = z.object({
  /** When the visitor agreed (ISO instant). */
  at: z.string(),
  /** The policy version they agreed to (currentPolicyVersion: "3"). */
  policyVersion: z.string().max(40),
});
export type ConsentRecord = z.output<typeof ConsentRecordSchema>;
