// One labelled field of a public form (contact, booking): the label says whether it is required, and the error, when
// there is one, follows the control.
import type { ReactNode } from 'react';
import { FieldErrorText } from './FieldErrorText';

/** The one-line fields that say who is writing or booking: the contact form's and the booking form's. */
export const PERSON_INPUTS = [
  { field: 'name', label: 'Full Name', type: 'text', autoComplete: 'name', required: true, maxLength: 100 },
  { field: 'email', label: 'Email Address', type: 'email', autoComplete: 'email', required: true, maxLength: 254 },
  { field: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', required: false, maxLength: 30 },
] as const;

export interface FormFieldProps {
  id: string;
  label: string;
  required?: boolean;
  /** Full width of the grid (the message). */
  wide?: boolean;
  error: string | undefined;
  children: ReactNode;
}

/** One labelled field: the label says whether it is required, and the error, when there is one, follows the control. */
export function FormField({ id, label, required = false, wide = false, error, children }: FormFieldProps) {
  return (
    <div className={wide ? 'field field--wide' : 'field'}>
      <label htmlFor={id}>
        {`${label} `}
        {required ? (
          <span className="field__required">(required)</span>
        ) : (
          <span className="field__optional">(optional)</span>
        )}
      </label>
      {children}
      <FieldErrorText id={id} error={error} />
    </div>
  );
}
