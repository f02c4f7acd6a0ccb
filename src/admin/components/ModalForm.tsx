import type { ReactNode, RefObject } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { focusFirstInvalidSoon } from '../focus-first-invalid';
import { firstErrorMessage } from '../forms';
import { Alert } from './Feedback';

/**
 * The form inside an admin modal (banner, testimonial), submitted by the footer's button through `id`: a refused
 * submit focuses the first invalid field, and the save failure and the first validation message head the form.
 */
export function ModalForm<T extends FieldValues, O>({
  id,
  form,
  formRef,
  onValid,
  error,
  children,
}: {
  id: string;
  form: UseFormReturn<T, unknown, O>;
  formRef: RefObject<HTMLFormElement | null>;
  onValid: (input: O) => Promise<void>;
  /** The last save failure, if any. */
  error: string | null;
  children: ReactNode;
}) {
  const validation = firstErrorMessage(form.formState.errors);
  return (
    <form
      ref={formRef}
      id={id}
      className="stack"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid, () => focusFirstInvalidSoon(() => formRef.current))(event)}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      {validation ? <Alert tone="error">{validation}</Alert> : null}
      {children}
    </form>
  );
}
