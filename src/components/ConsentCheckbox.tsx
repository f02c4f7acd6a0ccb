// "I agree to the privacy notice": the required box of the contact form (docs/policies.md), also usable by the
// booking form. The link opens the notice in a new tab, so reading it never loses what the visitor has typed.
import { FieldErrorText } from './FieldErrorText';
import '../styles/consent.css';

interface Props {
  id: string;
  /** The form field's name; a plain form post sends `on` when ticked. */
  name?: string;
  error: string | undefined;
  /** Called with the box's new state. */
  onChange?: (checked: boolean) => void;
  /** For a form that keeps the box in its own state (the booking form); the contact form leaves it to the box. */
  checked?: boolean;
  /** What the visitor agrees to, after "I agree to the"; the privacy notice by default. */
  children?: React.ReactNode;
}

export default function ConsentCheckbox({ id, name = 'consent', error, onChange, checked, children }: Props) {
  return (
    <div className="consent field--wide">
      <div className="consent__row">
        <input
          id={id}
          name={name}
          type="checkbox"
          required
          {...(checked === undefined ? {} : { checked })}
          onChange={(event) => onChange?.(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>
          I agree to the{' '}
          {children ?? (
            <a href="/privacy" target="_blank" rel="noopener">
              privacy notice
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}{' '}
          <span className="field__required">(required)</span>
        </label>
      </div>
      <FieldErrorText id={id} error={error} />
    </div>
  );
}
