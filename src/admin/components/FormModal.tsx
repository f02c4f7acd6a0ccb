import type { ReactNode, RefObject } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { focusFirstInvalidSoon } from '../forms/focus-first-invalid';
import { firstErrorMessage } from '../forms/schema-resolver';
import { Alert } from './Feedback';
import { Modal } from './Modal';
import { SubmitButton } from './SubmitButton';

/**
 * An admin form in a modal (banner, testimonial): Cancel and the submit button in the footer, neither usable nor the
 * modal dismissible while the save runs. A refused submit focuses the first invalid field; the save failure and the
 * first validation message head the form.
 */
export function FormModal<T extends FieldValues, O>({
  title,
  submitLabel,
  id,
  form,
  formRef,
  onValid,
  onClose,
  error,
  footerStart,
  cancel,
  before,
  children,
}: {
  title: string;
  submitLabel: string;
  /** The form's id, which the footer's submit button names. */
  id: string;
  form: UseFormReturn<T, unknown, O>;
  formRef: RefObject<HTMLFormElement | null>;
  onValid: (input: O) => Promise<void>;
  onClose: () => void;
  /** The last save failure, if any. */
  error: string | null;
  /** Shown first in the footer (an upload's progress). */
  footerStart?: ReactNode;
  /** Replaces the Cancel button (e.g. by "Cancel upload" while one runs). */
  cancel?: ReactNode;
  /** Shown above the form (the unsaved-changes prompt). */
  before?: ReactNode;
  children: ReactNode;
}) {
  const busy = form.formState.isSubmitting;
  const validation = firstErrorMessage(form.formState.errors);
  return (
    <Modal
      title={title}
      onClose={onClose}
      size="md"
      dismissible={!busy}
      footer={
        <>
          {footerStart}
          {cancel ?? (
            <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
              Cancel
            </button>
          )}
          <SubmitButton busy={busy} form={id}>
            {submitLabel}
          </SubmitButton>
        </>
      }
    >
      {before}
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
    </Modal>
  );
}
