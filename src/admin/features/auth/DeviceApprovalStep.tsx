import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApproveDeviceSchema } from '../../../shared/schemas/device-approval';
import { ApiError, messageOr } from '../../api/client';
import { Alert } from '../../components/Feedback';
import { OneTimeCodeField, ResendCodeRow, useSecondsUntil } from './OneTimeCode';
import { SubmitButton } from '../../components/SubmitButton';
import { auth } from '../../api/endpoints';
import { firstErrorMessage, schemaResolver } from '../../forms/schema-resolver';
import { bindField } from '../../forms/field-wiring';
import { RESEND_COOLDOWN_SECONDS } from './ForgotPasswordModal';
import { BackToLogin } from './BackToLogin';

interface CodeValues {
  code: string;
}
const codeResolver = schemaResolver<CodeValues, CodeValues>(ApproveDeviceSchema);

/** What the page says when the link was opened in a browser that holds no pending sign-in (docs/admin.md). */
export const LINK_ELSEWHERE =
  'This link only works in the browser where you typed your password. Open it there, or sign in here with your password to get a code for this browser.';

/**
 * The calm second step of a sign-in from a new browser (docs/auth.md, "New devices"): the password was right, and a
 * code is on its way by e-mail. The code (or the link in the mail, which lands here with `?approve=`) completes the
 * sign-in in this browser only.
 */
export function DeviceApprovalStep({
  message,
  linkCode,
  onApproved,
  onStartOver,
}: {
  /** The server's words for this step. */
  message: string;
  /** The code from the mail's link, tried once on arrival. */
  linkCode: string | null;
  onApproved: (token: string) => void;
  onStartOver: (notice: string | null) => void;
}) {
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [resendAt, setResendAt] = useState(() => (linkCode ? 0 : Date.now() + RESEND_COOLDOWN_SECONDS * 1000));
  const secondsLeft = useSecondsUntil(resendAt);
  const [resending, setResending] = useState(false);
  const form = useForm<CodeValues, unknown, CodeValues>({
    resolver: codeResolver,
    defaultValues: { code: linkCode ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const validation = firstErrorMessage(errors);

  async function approve(code: string, fromLink: boolean) {
    setNotice(null);
    try {
      const reply = await auth.approveDevice(code);
      if (reply.token) onApproved(reply.token);
    } catch (error) {
      if (fromLink && error instanceof ApiError && error.status === 400 && !error.errors['code']) {
        onStartOver(LINK_ELSEWHERE);
        return;
      }
      if (error instanceof ApiError && error.status === 400 && !error.errors['code']) {
        // The pending sign-in is gone (expired, used, or too many wrong codes): back to the password.
        onStartOver(error.message);
        return;
      }
      setNotice({ tone: 'error', text: messageOr(error, 'Network error. Please try again.') });
      form.setFocus('code');
    }
  }

  // The mail's link: try its code once, as soon as the page is here.
  const triedLink = useRef(false);
  useEffect(() => {
    if (!linkCode || triedLink.current) return;
    triedLink.current = true;
    void approve(linkCode, true);
    // approve() is stable enough for a one-time call on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkCode]);

  const submit = form.handleSubmit(
    (values) => approve(values.code, false),
    () => setNotice(null),
  );

  async function resend() {
    setNotice(null);
    setResending(true);
    try {
      const reply = await auth.resendApproval();
      form.reset({ code: '' });
      setNotice({ tone: 'success', text: reply.message ?? 'A new code is on its way.' });
      setResendAt(Date.now() + RESEND_COOLDOWN_SECONDS * 1000);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        onStartOver(error.message);
        return;
      }
      setNotice({ tone: 'error', text: messageOr(error, 'Network error. Please try again.') });
    } finally {
      setResending(false);
    }
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="approval-title">
      <h2 id="approval-title" className="approval-title">
        Check your e-mail
      </h2>
      {notice ? (
        <Alert tone={notice.tone}>{notice.text}</Alert>
      ) : validation ? (
        <Alert tone="error">{validation}</Alert>
      ) : null}
      <p className="muted">{message}</p>
      <p className="muted">
        This keeps your portal safe: a password alone never opens it in a browser it has not seen before.
      </p>
      <OneTimeCodeField id="approval-code" {...bindField(form, 'code')} />
      <SubmitButton busy={isSubmitting} className="button button-primary button-block">
        Continue
      </SubmitButton>
      <ResendCodeRow
        action="Send a new code"
        secondsLeft={secondsLeft}
        disabled={resending || isSubmitting}
        onResend={() => void resend()}
      />
      <BackToLogin onBack={() => onStartOver(null)} />
    </form>
  );
}
