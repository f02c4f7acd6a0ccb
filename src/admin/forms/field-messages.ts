// The shared schemas use one summary text for several required fields ('Please fill in all required fields', the
// spec's words, also what the API answers). Under each field the portal names the field instead.
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * Wraps a resolver: where a top-level field's error is `generic`, it becomes "<label> is required". Other messages
 * (lengths, URLs, numbers) are already specific and pass through.
 */
export function withNamedRequired<TForm extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TForm, TContext, TOutput>,
  generic: string,
  labels: Partial<Record<keyof TForm & string, string>>,
): Resolver<TForm, TContext, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors = result.errors as Record<string, { message?: unknown } | undefined>;
    for (const [field, label] of Object.entries(labels)) {
      const error = errors[field];
      if (error && error.message === generic && typeof label === 'string') error.message = `${label} is required`;
    }
    return result;
  };
}
