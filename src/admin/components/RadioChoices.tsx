import type { ReactNode } from 'react';

interface RadioChoicesProps<V extends string> {
  /** The radio group's name, shared by its buttons. */
  name: string;
  choices: readonly { value: V; label: ReactNode }[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
}

/** One radio button a choice, each with its words beside it (how clients pay, what a refund gives back). */
export function RadioChoices<V extends string>({ name, choices, value, onChange, disabled }: RadioChoicesProps<V>) {
  return choices.map((choice) => (
    <label key={choice.value} className="choice">
      <input
        type="radio"
        name={name}
        value={choice.value}
        checked={value === choice.value}
        onChange={() => onChange(choice.value)}
        disabled={disabled}
      />
      <span>{choice.label}</span>
    </label>
  ));
}
