import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { Refusal, RefusalReason } from '../refusal';

/** Error replies are `{ success: false, message, errors? }`, errors mapping field to message. */
export function fail(c: Context, status: ContentfulStatusCode, message: string, errors?: Record<string, string>) {
  return c.json({ success: false as const, message, ...(errors ? { errors } : {}) }, status);
}

/** The first message per field, and a summary message (the first issue's). */
export function zodErrors(error: z.ZodError): { message: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    errors[field] ??= issue.message;
  }
  const message = error.issues[0]?.message ?? 'Invalid input';
  return { message, errors };
}

export function validationFailed(c: Context, error: z.ZodError) {
  const { message, errors } = zodErrors(error);
  return fail(c, 400, message, errors);
}

/** Thrown inside services to end a request with a given status and message. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The status each kind of refusal answers with: the one place the rules' words become HTTP. */
export const STATUS_OF_REFUSAL = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-media': 415,
  'too-many': 429,
  unavailable: 503,
} as const satisfies Record<RefusalReason, ContentfulStatusCode>;

/** A rule's refusal as the reply it becomes (status, message, field errors, Retry-After). */
export function refusalToHttp(refusal: Refusal): HttpError {
  const headers =
    refusal.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(refusal.retryAfterSeconds) };
  return new HttpError(STATUS_OF_REFUSAL[refusal.reason], refusal.message, refusal.errors, headers);
}
