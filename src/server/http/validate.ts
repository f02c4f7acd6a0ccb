import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError, zodErrors } from './errors';

/**
 * Reads a JSON body and validates it with a shared schema. Bodies that are not JSON objects get 400.
 * Never hand a raw `request.json()` to a store.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body must be valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object');
  }
  return parseOrThrow(schema, body);
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const { message, errors } = zodErrors(result.error);
    throw new HttpError(400, message, errors);
  }
  return result.data;
}
