import { useRef, type ReactNode, type RefObject } from 'react';
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
/**
 * What the modal edits: the title and the submit button read "<create> <noun>" for a new one, "Edit <noun>" and
 * "Update <noun>" for an existing one; the form's id, which the footer's submit button names, is "<noun>-form".
 */
export interface ModalRecord {
  noun: string;
  create: 'Create' | 'Add';
  editing: boolean;
}

export function FormModal<T extends FieldValues, O>({
  record,
  form,
  formRef: givenRef,
  onValid,
  onClose,
  error,
  footerStart,
  cancel,
  before,
  children,
}: {
  record: ModalRecord;
  form: UseFormReturn<T, unknown, O>;
  /** For a caller that focuses a field itself (e.g. after a refused upload); the modal keeps its own otherwise. */
  formRef?: RefObject<HTMLFormElement | null>;
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
  const ownRef = useRef<HTMLFormElement>(null);
  const formRef = givenRef ?? ownRef;
  const { noun, create, editing } = record;
  const title = editing ? `Edit ${noun}` : `${create} ${noun}`;
  const submitLabel = editing ? `Update ${noun}` : `${create} ${noun}`;
  const id = `${noun.toLowerCase()}-form`;
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
