import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ForgotPasswordSchema, ResetPasswordFormSchema, VerifyResetOtpSchema } from '../../../shared/schemas/auth';
import { messageOr } from '../../api';
import { Alert } from '../../components/Feedback';
import { InputField } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { auth } from '../../endpoints';
import { firstErrorMessage, schemaResolver, type FormOf } from '../../forms';
import { SubmitButton } from '../../components/SubmitButton';

type Step = 1 | 2 | 3;
const TITLES: Record<Step, string> = { 1: 'Forgot Password', 2: 'Enter OTP', 3: 'Reset Password' };
/** Product rules (docs/product-rules.md, "Errors"): a failed request shows the server's message, else this. */
const NETWORK_ERROR = 'Network error. Please try again.';

type EmailValues = FormOf<typeof ForgotPasswordSchema>;
type OtpValues = FormOf<typeof OtpFormSchema>;
type ResetValues = FormOf<typeof ResetPasswordFormSchema>;

const OtpFormSchema = VerifyResetOtpSchema.pick({ otp: true });
const emailResolver = schemaResolver<EmailValues, EmailValues>(ForgotPasswordSchema);
const otpResolver = schemaResolver<OtpValues, OtpValues>(OtpFormSchema);
const resetResolver = schemaResolver<ResetValues, ResetValues>(ResetPasswordFormSchema);

/**
 * The three-step reset (docs/product-rules.md: "Screens", "States", "Errors"): email → 6-digit code from the mail → new password. Closing or
 * cancelling throws every step away; success tells the login page, which shows the final notice.
 */
export function ForgotPasswordModal({ onClose, onReset }: { onClose: () => void; onReset: () => void }) {
  const [step, setStep] = useState<Step>(1);
  const [email, setEmail] = useState('');
  const [resetToken, setResetToken] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const emailForm = useForm<EmailValues, unknown, EmailValues>({
    resolver: emailResolver,
    defaultValues: { email: '' },
  });
  const otpForm = useForm<OtpValues, unknown, OtpValues>({ resolver: otpResolver, defaultValues: { otp: '' } });
  const resetForm = useForm<ResetValues, unknown, ResetValues>({
    resolver: resetResolver,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const sendOtp = emailForm.handleSubmit(async (values) => {
    setError(null);
    try {
      await auth.forgotPassword(values.email);
      setEmail(values.email);
      setNotice('OTP sent to your email');
      setStep(2);
    } catch (failure) {
      setError(messageOr(failure, NETWORK_ERROR));
    }
  });

  const verifyOtp = otpForm.handleSubmit(async (values) => {
    setError(null);
    try {
      const reply = await auth.verifyResetOtp(email, values.otp);
      setResetToken(reply.resetToken);
      setNotice('OTP verified! Set your new password');
      setStep(3);
    } catch (failure) {
      setError(messageOr(failure, NETWORK_ERROR));
    }
  });

  const reset = resetForm.handleSubmit(async (values) => {
    setError(null);
    try {
      await auth.resetPassword(resetToken, values.newPassword);
      onReset();
    } catch (failure) {
      setError(messageOr(failure, NETWORK_ERROR));
    }
  });

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
            {step === 1 ? 'Send OTP' : step === 2 ? 'Verify OTP' : 'Reset Password'}
          </SubmitButton>
        </>
      }
    >
      <div className="stack">
        {notice && step > 1 ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {validation ? <Alert tone="error">{validation}</Alert> : null}
        {step === 1 ? (
          <form id={formId} className="stack" noValidate onSubmit={(event) => void sendOtp(event)}>
            <p className="muted">Enter the email address of your admin account. I will send a 6-digit code to it.</p>
            <InputField
              id="forgot-email"
              label="Email"
              registration={emailForm.register('email')}
              error={emailForm.formState.errors.email?.message}
              type="email"
              autoComplete="email"
            />
          </form>
        ) : null}
        {step === 2 ? (
          <form id={formId} className="stack" noValidate onSubmit={(event) => void verifyOtp(event)}>
            <p className="muted">
              Enter the 6-digit code sent to <strong>{email}</strong>.
            </p>
            <InputField
              id="forgot-otp"
              label="6-digit code"
              registration={otpForm.register('otp')}
              error={otpForm.formState.errors.otp?.message}
              className="input input-otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              maxLength={6}
              pattern="[0-9]*"
            />
          </form>
        ) : null}
        {step === 3 ? (
          <form id={formId} className="stack" noValidate onSubmit={(event) => void reset(event)}>
            <InputField
              id="reset-new"
              label="New Password"
              registration={resetForm.register('newPassword')}
              error={resetForm.formState.errors.newPassword?.message}
              autoFocus
              type="password"
              autoComplete="new-password"
              minLength={6}
            />
            <InputField
              id="reset-confirm"
              label="Confirm Password"
              registration={resetForm.register('confirmPassword')}
              error={resetForm.formState.errors.confirmPassword?.message}
              type="password"
              autoComplete="new-password"
              minLength={6}
            />
          </form>
        ) : null}
      </div>
    </Modal>
  );
}
