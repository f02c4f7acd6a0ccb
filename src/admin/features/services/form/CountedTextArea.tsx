import { useWatch } from 'react-hook-form';
import { Field } from '../../../components/Field';
import { fieldProps } from '../../../forms';
import type { EditorProps } from './types';

/**
 * A text area with a live character count against its limit: the short description (required, its count read out
 * as it changes) and the important note.
 */
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
