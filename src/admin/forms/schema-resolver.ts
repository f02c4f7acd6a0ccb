// react-hook-form glue: validate a form's values with a shared zod schema, after shaping them like the API input.
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** How a form holds one value of a schema's output: numbers as text ('' means "not given"), the rest as is. */
export type FormValue<T> = T extends number | undefined ? string : T extends string ? string : T;

/** A form's state derived from the schema output it produces: the same fields, numbers held as text. */
export type FormState<T> = { [K in keyof T]-?: FormValue<T[K]> };

/** The form state of a form that submits what `S` outputs. */
export type FormOf<S extends z.ZodType> = FormState<z.output<S>>;

/**
 * A resolver that runs `schema` (the same one the API runs) on `toInput(values)`. Forms whose state differs from the
 * API input (field arrays need objects, numbers are typed as text) map it here, and map error paths back.
 */
export function schemaResolver<TForm extends FieldValues, TOutput>(
  schema: z.ZodType<TOutput>,
  toInput: (values: TForm) => unknown = (values) => values,
  mapPath: (path: string) => string = (path) => path,
): Resolver<TForm, unknown, TOutput> {
  return (values, _context, options) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values: result.data, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.length === 0 ? 'root' : mapPath(issue.path.map(String).join('.'));
      flat[path] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors<TForm>(flat, options) };
  };
}

/** The first error message anywhere in a react-hook-form errors tree, in field order. */
export function firstErrorMessage(errors: unknown): string | null {
  const visit = (node: unknown): string | null => {
    if (typeof node !== 'object' || node === null) return null;
    const record = node as Record<string, unknown>;
    if (typeof record['message'] === 'string' && record['message'] !== '') return record['message'];
    for (const [key, value] of Object.entries(record)) {
      if (key === 'ref' || key === 'type' || key === 'types') continue;
      const found = visit(value);
      if (found) return found;
    }
    return null;
  };
  return visit(errors);
}
