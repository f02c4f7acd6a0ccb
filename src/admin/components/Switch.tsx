import type { UseFormRegisterReturn } from 'react-hook-form';
import './Switch.css';

/** An on/off checkbox drawn as a switch, with its hint below the label. */
export function Switch({
  id,
  label,
  hint,
  ...input
}: {
  id: string;
  label: string;
  hint: string;
} & UseFormRegisterReturn) {
  return (
    <div className="switch-field">
      <input {...input} id={id} type="checkbox" role="switch" className="switch" aria-describedby={`${id}-hint`} />
      <label htmlFor={id} className="switch-label">
        {label}
      </label>
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
    </div>
  );
}
