// A date-and-time field typed in the practitioner's own zone (docs/schedules.md). The form holds the UTC instant the
// API takes; the input shows and takes the wall clock of the zone, whatever zone the browser is in.
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { instantToZonedLocal, zoneLabel, zonedLocalToInstant } from '../../../shared/schedule';
import { fieldProps } from '../../forms/field-wiring';
import { Field } from '../Field';

export function ZonedDateTimeField<T extends FieldValues, O>({
  id,
  label,
  name,
  control,
  zone,
  hint,
}: {
  id: string;
  label: string;
  name: FieldPath<T>;
  control: Control<T, unknown, O>;
  zone: string;
  hint: string;
}) {
  const {
    field: { ref, onBlur, onChange, value: held },
    fieldState,
  } = useController({ name, control });
  const error = fieldState.error?.message;
  const value = typeof held === 'string' ? held : '';
  return (
    <Field id={id} label={label} error={error} hint={`${hint} In ${zoneLabel(zone)}.`}>
      <input
        {...fieldProps(id, error, true)}
        className="input"
        type="datetime-local"
        name={name}
        ref={ref}
        onBlur={onBlur}
        value={instantToZonedLocal(value, zone)}
        onChange={(event) => {
          const local = event.target.value;
          // Cleared: no bound. A complete entry: the instant it means in the zone.
          onChange(local === '' ? '' : (zonedLocalToInstant(local, zone) ?? local));
        }}
      />
    </Field>
  );
}
