import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldProps } from '../forms';
import './Field.css';

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
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
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
