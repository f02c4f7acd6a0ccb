import type { ButtonHTMLAttributes, ReactNode } from 'react';

/**
 * A button whose action runs a while (load more, sign in with a passkey, remove the samples): disabled with a spinner
 * beside its words until the action ends, so it cannot go twice. Outside a form it never submits.
 */
export function BusyButton({
  busy,
  className = 'button button-secondary button-sm',
  children,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> & { busy: boolean; children: ReactNode }) {
  return (
    <button type="button" className={className} disabled={busy} {...rest}>
      {busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
