import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { bindField, fieldProps } from '../forms/field-wiring';
import { CREDENTIAL_INPUTS } from './credential-inputs';
import './Field.css';

/** A field's label, with the required mark the forms explain ("Fields marked * are required"). */
export function FieldLabel({ id, label, required = false }: { id: string; label: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={id} className="field-label">
      {label}
      {required ? (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

/** A field's error under it, as `<id>-error`, the id fieldProps() names in aria-describedby. */
export function FieldError({
  id,
  error,
  className,
}: {
  id: string;
  error: string | null | undefined;
  className?: string;
}) {
  return error ? (
    <p id={`${id}-error`} className={className ? `field-error ${className}` : 'field-error'}>
      {error}
    </p>
  ) : null;
}

/** A labelled field with its hint and error underneath; the input itself uses fieldProps(id, error, hint). */
export function Field({
  id,
  label,
  required = false,
  error,
  hint,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  required?: boolean;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <FieldLabel id={id} label={label} required={required} />
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * A labelled react-hook-form text input whose error is not written under it: these forms show the first error in
 * one alert at the top instead, so the input only carries aria-invalid. Other input attributes pass straight through.
 */
export function InputField({
  id,
  label,
  error,
  registration,
  className = 'input',
  ...inputAttributes
}: {
  id: string;
  label: ReactNode;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'name' | 'onChange' | 'onBlur'>) {
  return (
    <Field id={id} label={label}>
      <input {...registration} {...fieldProps(id, error)} className={className} {...inputAttributes} />
    </Field>
  );
}

/** One input of a sign-in, reset or account form: its id, label, form value and which browser hints it takes. */
export interface CredentialField<T extends FieldValues> {
  id: string;
  label: string;
  name: Path<T>;
  kind: keyof typeof CREDENTIAL_INPUTS;
  required?: boolean;
  autoFocus?: boolean;
  /** Marks the input a Modal focuses first. */
  'data-autofocus'?: string;
}

/** The inputs of a credential form, in order, each with its CREDENTIAL_INPUTS hints (docs/auth.md). */
export function CredentialFields<T extends FieldValues, O>({
  form,
  fields,
}: {
  form: UseFormReturn<T, unknown, O>;
  fields: readonly CredentialField<T>[];
}) {
  return fields.map(({ id, label, name, kind, ...extra }) => (
    <InputField key={id} id={id} label={label} {...bindField(form, name)} {...CREDENTIAL_INPUTS[kind]} {...extra} />
  ));
}
