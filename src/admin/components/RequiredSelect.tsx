import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldSelect } from './FieldInputs';

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
    <FieldSelect id={id} label={label} required registration={registration} error={error}>
      <Options values={options} />
    </FieldSelect>
  );
}

/** The options of a drop-down: each value, shown by its label, or as itself where there are no labels. */
export function Options<T extends string>({ values, labels }: { values: readonly T[]; labels?: Record<T, string> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels ? labels[value] : value}
    </option>
  ));
}
