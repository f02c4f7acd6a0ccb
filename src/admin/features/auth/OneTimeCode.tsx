import { useEffect, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '../../components/Field';

/**
 * The 6-digit code a sign-in approval or a password reset mails (docs/auth.md): a numeric field the phone's keyboard
 * and the browser's one-time-code autofill both recognise, focused as its step opens.
 */
export function OneTimeCodeField({
  id,
  registration,
  error,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <InputField
      id={id}
      label="6-digit code"
      registration={registration}
      error={error}
      className="input input-otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus
      maxLength={6}
      pattern="[0-9]*"
    />
  );
}

/**
 * "No mail after a minute?" with the button that asks for another code, counting down while the server's resend
 * wait lasts: "`action` in 42 s", then `action`.
 */
export function ResendCodeRow({
  action,
  secondsLeft,
  disabled,
  onResend,
}: {
  action: string;
  secondsLeft: number;
  disabled: boolean;
  onResend: () => void;
}) {
  return (
    <p className="resend-row">
      <span className="muted">No mail after a minute? Check the spam folder, or</span>{' '}
      <button type="button" className="link-button" disabled={secondsLeft > 0 || disabled} onClick={onResend}>
        {secondsLeft > 0 ? `${action} in ${secondsLeft} s` : action}
      </button>
    </p>
  );
}

/** Whole seconds until `at` (ms since epoch), ticking once a second; 0 once it has passed. */
export function useSecondsUntil(at: number): number {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    const tick = () => setSecondsLeft(Math.max(0, Math.ceil((at - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return secondsLeft;
}
