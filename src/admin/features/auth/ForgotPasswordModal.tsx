import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ForgotPasswordSchema, ResetPasswordFormSchema, VerifyResetOtpSchema } from '../../../shared/schemas/auth';
import { messageOr } from '../../api/client';
import { Alert } from '../../components/Feedback';
import { CredentialFields, type CredentialField } from '../../components/Field';
import { OneTimeCodeField, ResendCodeRow, useSecondsUntil } from './OneTimeCode';
import { Modal } from '../../components/Modal';
import { auth } from '../../api/endpoints';
import { firstErrorMessage, schemaResolver } from '../../forms/schema-resolver';
import { bindField } from '../../forms/field-wiring';
import { SubmitButton } from '../../components/SubmitButton';

type Step = 1 | 2 | 3;
/**
 * The owner is not technical: titles and buttons say "code", not "OTP". The spec's notice texts ("OTP sent to your
 * email", "OTP verified! …") stay as the spec gives them (docs/admin.md, "Password reset").
 */
const TITLES: Record<Step, string> = { 1: 'Forgot Password', 2: 'Enter code', 3: 'Reset Password' };
const BUTTONS: Record<Step, string> = { 1: 'Send code', 2: 'Verify code', 3: 'Reset Password' };
/** docs/product-rules.md, "Errors": a failed request shows the server's message, else this. */
const NETWORK_ERROR = 'Network error. Please try again.';
/**
 * How long "Resend code" waits after a code was sent: mail can take a minute, and the server allows only a few
 * codes per 15 minutes (docs/auth.md), so quick repeats would only use them up.
 */
export const RESEND_COOLDOWN_SECONDS = 60;
const RESENT = 'A new code is on its way to your email';
const cooldownEnd = () => Date.now() + RESEND_COOLDOWN_SECONDS * 1000;

/** One notice at a time: a new outcome replaces the last, so a success never sits beside an error. */
type ModalNotice = { tone: 'success' | 'error'; text: string } | null;

interface EmailValues {
  email: string;
}
interface OtpValues {
  otp: string;
}
interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

const EMAIL_FIELDS: readonly CredentialField<EmailValues>[] = [
  { id: 'forgot-email', label: 'Email', name: 'email', kind: 'email' },
];
const RESET_FIELDS: readonly CredentialField<ResetValues>[] = [
  { id: 'reset-new', label: 'New Password', name: 'newPassword', kind: 'newPassword', autoFocus: true },
  { id: 'reset-confirm', label: 'Confirm Password', name: 'confirmPassword', kind: 'newPassword' },
];

const emailResolver = schemaResolver<EmailValues, EmailValues>(ForgotPasswordSchema);
const otpResolver = schemaResolver<OtpValues, OtpValues>(VerifyResetOtpSchema.pick({ otp: true }));
const resetResolver = schemaResolver<ResetValues, ResetValues>(ResetPasswordFormSchema);

/**
 * The three-step reset (docs/product-rules.md: "Screens", "States", "Errors"): email → 6-digit code from the mail → new password. Closing or
 * cancelling throws every step away; success tells the login page, which shows the final notice.
 */
export function ForgotPasswordModal({ onClose, onReset }: { onClose: () => void; onReset: () => void }) {
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState('');
  const [resetToken, setResetToken] = useState('');
  const [notice, setNotice] = useState<ModalNotice>(null);
  /** When "Resend code" becomes available again (ms since epoch), and the seconds left, ticking once a second. */
  const [resendAt, setResendAt] = useState(0);
  const secondsLeft = useSecondsUntil(resendAt);
  const [resending, setResending] = useState(false);

  const emailForm = useForm<EmailValues, unknown, EmailValues>({
    resolver: emailResolver,
    defaultValues: { email: '' },
  });
  const otpForm = useForm<OtpValues, unknown, OtpValues>({ resolver: otpResolver, defaultValues: { otp: '' } });
  const resetForm = useForm<ResetValues, unknown, ResetValues>({
    resolver: resetResolver,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const failed = (failure: unknown) => setNotice({ tone: 'error', text: messageOr(failure, NETWORK_ERROR) });
  const clearNotice = () => setNotice(null);

  const sendOtp = emailForm.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await auth.forgotPassword(values.email);
      setEmail(values.email);
      setNotice({ tone: 'success', text: 'OTP sent to your email' });
      setResendAt(cooldownEnd());
      setStep(2);
    } catch (failure) {
      failed(failure);
    }
  }, clearNotice);

  async function resend() {
    setNotice(null);
    setResending(true);
    try {
      await auth.forgotPassword(email);
      otpForm.reset({ otp: '' });
      setNotice({ tone: 'success', text: RESENT });
      setResendAt(cooldownEnd());
    } catch (failure) {
      failed(failure);
    } finally {
      setResending(false);
    }
  }

  const verifyOtp = otpForm.handleSubmit(async (values) => {
    setNotice(null);
    try {
      const reply = await auth.verifyResetOtp(email, values.otp);
      setResetToken(reply.resetToken);
      setNotice({ tone: 'success', text: 'OTP verified! Set your new password' });
      setStep(3);
    } catch (failure) {
      failed(failure);
    }
  }, clearNotice);

  const reset = resetForm.handleSubmit(async (values) => {
    setNotice(null);
    try {
      await auth.resetPassword(resetToken, values.newPassword);
      onReset();
    } catch (failure) {
      failed(failure);
    }
  }, clearNotice);

  const busy = emailForm.formState.isSubmitting || otpForm.formState.isSubmitting || resetForm.formState.isSubmitting;
  const validation =
    step === 1
      ? firstErrorMessage(emailForm.formState.errors)
      : step === 2
        ? firstErrorMessage(otpForm.formState.errors)
        : firstErrorMessage(resetForm.formState.errors);
  const formId = `forgot-step-${step}`;

  return (
    <Modal
      title={TITLES[step]}
      onClose={onClose}
      size="sm"
      description={<span className="step-indicator">Step {step} of 3</span>}
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton busy={busy} form={formId}>
            {BUTTONS[step]}
          </SubmitButton>
        </>
      }
    >
      <div className="stack">
        {notice ? (
          <Alert tone={notice.tone}>{notice.text}</Alert>
        ) : validation ? (
          <Alert tone="error">{validation}</Alert>
        ) : null}
        {step === 1 ? (
          <form id={formId} className="stack" noValidate onSubmit={(event) => void sendOtp(event)}>
            <p className="muted">Enter the email address of your admin account. I will send a 6-digit code to it.</p>
            <CredentialFields form={emailForm} fields={EMAIL_FIELDS} />
          </form>
        ) : null}
        {step === 2 ? (
          <form id={formId} className="stack" noValidate onSubmit={(event) => void verifyOtp(event)}>
            <p className="muted">
              Enter the 6-digit code sent to <strong>{email}</strong>.
            </p>
            <OneTimeCodeField id="forgot-otp" {...bindField(otpForm, 'otp')} />
            <ResendCodeRow
              action="Resend code"
              secondsLeft={secondsLeft}
              disabled={resending || busy}
              onResend={() => void resend()}
            />
          </form>
        ) : null}
        {step === 3 ? (
          <form id={formId} className="stack" noValidate onSubmit={(event) => void reset(event)}>
            <CredentialFields form={resetForm} fields={RESET_FIELDS} />
          </form>
        ) : null}
      </div>
    </Modal>
  );
}
