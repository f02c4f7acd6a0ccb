import { useWatch } from 'react-hook-form';
import { FieldTextArea } from '../../../components/FieldInputs';
import { bindField } from '../../../forms/field-wiring';
import type { ServiceForm } from './types';

/**
 * A text area with a live character count against its limit: the short description (required, its count read out
 * as it changes) and the important note.
 */
export function CountedTextArea({
  form,
  id,
  name,
  label,
  max,
  rows,
  required = false,
}: {
  form: ServiceForm;
  id: string;
  name: 'shortDescription' | 'note';
  label: string;
  max: number;
  rows: number;
  required?: boolean;
}) {
  const value = useWatch({ control: form.control, name });
  const count = Array.from(value).length;
  return (
    <FieldTextArea
      id={id}
      label={label}
      required={required}
      {...bindField(form, name)}
      className="span-2"
      hint={
        <span className={count > max ? 'counter over' : 'counter'} {...(required ? { 'aria-live': 'polite' } : {})}>
          {count}/{max}
        </span>
      }
      rows={rows}
    />
  );
}
