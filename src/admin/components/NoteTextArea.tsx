import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldProps } from '../forms/schema-resolver';
import { Field } from './Field';

/** An optional three-line text area (the service's detailed-information notes). */
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
