import type { ReactNode } from 'react';
import { SubmitButton } from './SubmitButton';

interface ModalFormFooterProps {
  /** The id of the form the submit button sends. */
  form: string;
  busy: boolean;
  /** The way out's words ("Cancel", "Go to login page"). */
  leaveLabel: string;
  onLeave: () => void;
  /** The submit button's words. */
  children: ReactNode;
}

/**
 * The footer of a small modal holding one form (sign in again, rename a passkey): a way out, then the submit button,
 * which names the form by id; neither is usable while the form submits.
 */
export function ModalFormFooter({ form, busy, leaveLabel, onLeave, children }: ModalFormFooterProps) {
  return (
    <>
      <button type="button" className="button button-ghost" onClick={onLeave} disabled={busy}>
        {leaveLabel}
      </button>
      <SubmitButton busy={busy} form={form}>
        {children}
      </SubmitButton>
    </>
  );
}
