import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { LoginSchema, type LoginInput } from '../../shared/schemas/auth';
import { ApiError, messageOr } from '../api/client';
import { approvalRequiredMessage, auth } from '../api/endpoints';
import { firstErrorMessage, schemaResolver } from '../forms/schema-resolver';
import { closeSignIn, registerSignInHost, useSignInRequested } from '../api/reauth';
import { getToken, setToken } from '../api/session';
import { Alert } from './Feedback';
import { CredentialFields, type CredentialField } from './Field';
import { Modal } from './Modal';
import { ModalFormFooter } from './ModalFormFooter';
import { showToast } from './Toasts';

const resolver = schemaResolver<LoginInput, LoginInput>(LoginSchema);

const SIGN_IN_FIELDS: readonly CredentialField<LoginInput>[] = [
  { id: 'reauth-username', label: 'Username or Email', name: 'username', kind: 'username' },
  { id: 'reauth-password', label: 'Password', name: 'password', kind: 'currentPassword', 'data-autofocus': '' },
];

export const SIGN_IN_AGAIN_TITLE = 'Sign in again';
const BACK_IN_TEXT = 'Your page is just as you left it. If a save was interrupted, press it again.';

/**
 * Opened over the current page when the session has ended (a 401, or the expiry passing): the page behind it stays
 * mounted, so a half-filled form keeps every entry. Signing in here stores the new token and closes the dialog.
 * "Go to login page" is the way out for someone who is not the practitioner.
 */
export function SignInDialog({ username, onLeave }: { username: string; onLeave: () => void }) {
  const open = useSignInRequested();
  useEffect(() => registerSignInHost(), []);

  // Signing in again in another tab ends this dialog too (the token is shared).
  useEffect(() => {
    if (!open) return;
    const onStorage = () => {
      if (getToken()) {
        closeSignIn();
        showToast({ tone: 'info', title: 'Signed in again', detail: BACK_IN_TEXT });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [open]);

  if (!open) return null;
  return <SignInForm username={username} onLeave={onLeave} />;
}

const APPROVE_ON_LOGIN_PAGE = 'To enter it, choose "Go to login page".';

function SignInForm({ username, onLeave }: { username: string; onLeave: () => void }) {
  const form = useForm<LoginInput, unknown, LoginInput>({ resolver, defaultValues: { username, password: '' } });
  const { errors, isSubmitting } = form.formState;
  const message = errors.root?.message ?? firstErrorMessage(errors);

  const submit = form.handleSubmit(async (values) => {
    try {
      const reply = await auth.login(values.username, values.password);
      if (!reply.token) throw new ApiError(0, 'Login failed - no token received', 'Login failed - no token received');
      setToken(reply.token);
      closeSignIn();
      showToast({ tone: 'info', title: 'Signed in again', detail: BACK_IN_TEXT });
    } catch (error) {
      const approval = approvalRequiredMessage(error);
      if (approval) {
        // This browser is no longer trusted (signed out everywhere, or a password change elsewhere): the e-mailed
        // code is entered on the login page (docs/auth.md, "New devices").
        form.setError('root', { message: `${approval} ${APPROVE_ON_LOGIN_PAGE}` });
        return;
      }
      const text =
        error instanceof ApiError && error.status === 401
          ? 'Invalid username or password'
          : messageOr(error, 'Login failed. Please try again.');
      form.setError('root', { message: text });
    }
  });

  return (
    <Modal
      title={SIGN_IN_AGAIN_TITLE}
      size="sm"
      dismissible={false}
      onClose={() => undefined}
      description="Your session has ended. Sign in to carry on: nothing on this page is lost."
      footer={
        <ModalFormFooter form="sign-in-again-form" busy={isSubmitting} leaveLabel="Go to login page" onLeave={onLeave}>
          Sign in
        </ModalFormFooter>
      }
    >
      <form id="sign-in-again-form" className="stack" noValidate onSubmit={(event) => void submit(event)}>
        {message ? <Alert tone="error">{message}</Alert> : null}
        <CredentialFields form={form} fields={SIGN_IN_FIELDS} />
      </form>
    </Modal>
  );
}
