// How an input of an admin form is wired (docs/admin.md, "Fields"): its react-hook-form registration and error,
// the ids its hint and error go by, and the one edit a form makes on leaving a field. The labelled controls that take
// this wiring (FieldInput, FieldTextArea, FieldSelect) are widgets, so they live in components/FieldInputs.tsx.
import type { FieldValues, Path, PathValue, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { completeUrl } from '../../shared/complete-url';

/** Accessible wiring for an input: its id, invalid state and the ids of its hint and error. */
export function fieldProps(id: string, error: string | undefined, hint?: boolean) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
}

/**
 * An input's react-hook-form registration and its current error message, as FieldInput and its kin take them. `name`
 * may be a dotted path into nested values ('identity.siteName'); `options` go to register (an onBlur, say).
 */
export function bindField<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  name: Path<T>,
  options?: RegisterOptions<T, Path<T>>,
) {
  return {
    registration: form.register(name, options),
    error: form.getFieldState(name, form.formState).error?.message,
  };
}

/**
 * Register options for a web-address field: a link typed without https:// ('calendly.com/priya') is completed as soon
 * as the field is left; site paths and anything with a scheme stay as typed (src/shared/complete-url.ts).
 */
export function completeUrlOnBlur<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  name: Path<T>,
): RegisterOptions<T, Path<T>> {
  return {
    onBlur: (event: { target: { value: string } }) => {
      const completed = completeUrl(event.target.value);
      if (completed !== event.target.value) {
        form.setValue(name, completed as PathValue<T, Path<T>>, { shouldDirty: true });
      }
    },
  };
}
