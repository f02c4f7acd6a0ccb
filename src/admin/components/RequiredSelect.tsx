import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldProps } from '../forms';
import { Field } from './Field';

/** A required drop-down whose options are its own values (the service's category and delivery lists). */
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
