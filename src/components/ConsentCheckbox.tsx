// "I agree to the privacy notice": the required box of the contact form (docs/policies.md), also usable by the
// booking form. The link opens the notice in a new tab, so reading it never loses what the visitor has typed.
import '../styles/consent.css';

interface Props {
  id: string;
  /** The form field's name; a plain form post sends `on` when ticked. */
  name?: string;
  error: string | undefined;
  onChange?: () => void;
  /** What the visitor agrees to, after "I agree to the"; the privacy notice by default. */
  children?: React.ReactNode;
}

export default function ConsentCheckbox({ id, name = 'consent', error, onChange, children }: Props) {
  return (
    <div className="consent field--wide">
      <div className="consent__row">
        <input
          id={id}
          name={name}
          type="checkbox"
          required
          onChange={onChange}
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
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
