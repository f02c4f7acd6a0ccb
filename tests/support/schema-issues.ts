// What a schema says first about an input it refuses: the tests of the shared schemas compare it with the texts the
// product rules give (docs/product-rules.md, "Validation").
import type { z } from 'zod';

/** The first issue's path (dotted) and message, or null when `schema` accepts `input`. */
export function firstIssue(schema: z.ZodType, input: unknown): { path: string; message: string } | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { path: issue?.path.join('.') ?? '', message: issue?.message ?? '' };
}
