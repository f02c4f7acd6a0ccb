import type { ReactNode } from 'react';

/** A form's submit button: disabled with a spinner beside its words while the submission runs, so it cannot go twice. */
export function SubmitButton({
  busy,
  className = 'button button-primary',
  form,
  children,
}: {
  busy: boolean;
  className?: string;
  /** The id of a form the button sits outside of (a modal footer). */
  form?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" {...(form ? { form } : {})} className={className} disabled={busy}>
      {busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
