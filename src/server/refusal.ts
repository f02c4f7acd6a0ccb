/**
 * Why a rule said no, in the rules' own words; the HTTP layer picks the status code (src/server/http/errors.ts,
 * `STATUS_OF_REFUSAL`). The rules in domain/ and auth/ throw this and never a status, so they read the same whether
 * an API route, a script or the build calls them.
 */
export type RefusalReason =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-media'
  | 'too-many'
  | 'unavailable';

export class Refusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    /** Field name → message, for forms that show each problem beside its field. */
    readonly errors?: Record<string, string>,
    /** For 'too-many': when to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}
