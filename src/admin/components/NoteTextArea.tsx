import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldTextArea } from './FieldInputs';

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
    <FieldTextArea
      id={id}
      label={label}
      registration={registration}
      error={error}
      rows={3}
      {...(className ? { className } : {})}
    />
  );
}
