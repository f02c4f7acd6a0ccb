import { useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../components/Field';
import { fieldProps } from '../../../forms';
import type { EditorProps } from './types';

/** A required drop-down whose options are its own values (the category and delivery lists). */
export function RequiredSelect({
  id,
  label,
  registration,
  error,
  options,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  options: readonly string[];
}) {
  return (
    <Field id={id} label={label} required error={error}>
      <select {...registration} {...fieldProps(id, error)} className="input" aria-required="true">
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** An optional three-line text area (the detailed-information notes). */
export function NoteTextArea({
  id,
  label,
  registration,
  error,
  className,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  className?: string;
}) {
  return (
    <Field id={id} label={label} error={error} {...(className ? { className } : {})}>
      <textarea {...registration} {...fieldProps(id, error)} className="input" rows={3} />
    </Field>
  );
}

/** A text area with a live character count against its limit (the short description and the note). */
export function CountedTextArea({
  control,
  register,
  error,
  id,
  name,
  label,
  max,
  rows,
  required = false,
}: Omit<EditorProps, 'errors'> & {
  error: string | undefined;
  id: string;
  name: 'shortDescription' | 'note';
  label: string;
  max: number;
  rows: number;
  required?: boolean;
}) {
  const value = useWatch({ control, name });
  const count = Array.from(value).length;
  return (
    <Field
      id={id}
      label={label}
      required={required}
      error={error}
      className="span-2"
      hint={
        <span className={count > max ? 'counter over' : 'counter'} {...(required ? { 'aria-live': 'polite' } : {})}>
          {count}/{max}
        </span>
      }
    >
      <textarea
        {...register(name)}
        {...fieldProps(id, error, true)}
        className="input"
        rows={rows}
        {...(required ? { 'aria-required': 'true' } : {})}
      />
    </Field>
  );
}
