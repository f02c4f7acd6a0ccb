import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { InitAdminFormSchema, LoginSchema, type AdminAuthStatus } from '../../../shared/schemas/auth';
import { ApiError, messageOr } from '../../api/client';
import { Alert, NoticeAlert, type Notice } from '../../components/Feedback';
import { CredentialFields, Field, type CredentialField } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { approvalRequiredMessage, auth } from '../../api/endpoints';
import { firstErrorMessage, schemaResolver } from '../../forms/schema-resolver';
import { fieldProps } from '../../forms/field-wiring';
import { showToast } from '../../components/Toasts';
import { readReturnState, SESSION_ENDED_TEXT, SESSION_ENDED_TITLE } from '../../api/return-to';
import { getToken, setToken } from '../../api/session';
import { useDocumentTitle } from '../../shell/admin-context';
import { BrandName } from '../../shell/BrandName';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { PasskeySignIn } from './PasskeySignIn';
import { DeviceApprovalStep } from './DeviceApprovalStep';
import { BackToLogin } from './BackToLogin';
import { SubmitButton } from '../../components/SubmitButton';
import './auth.css';

interface LoginValues {
  username: string;
  password: string;
}
interface InitValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  setupCode?: string | undefined;
}

/** Said instead of "Invalid username or password" when there is nobody to log in as yet (docs/admin.md). */
export const NO_ADMIN_YET = 'No admin account exists yet. Create it first with "Initialize first admin account" below.';
const SETUP_CODE_REQUIRED = 'Please enter the setup code';

const LOGIN_FIELDS: readonly CredentialField<LoginValues>[] = [
  { id: 'login-username', label: 'Username or Email', name: 'username', kind: 'username' },
  { id: 'login-password', label: 'Password', name: 'password', kind: 'currentPassword' },
];
const INIT_FIELDS: readonly CredentialField<InitValues>[] = [
  { id: 'init-username', label: 'Username', name: 'username', kind: 'username' },
  { id: 'init-email', label: 'Email', name: 'email', kind: 'email' },
  { id: 'init-password', label: 'Password', name: 'password', kind: 'newPassword' },
  { id: 'init-confirm', label: 'Confirm Password', name: 'confirmPassword', kind: 'newPassword' },
];

const loginResolver = schemaResolver<LoginValues, LoginValues>(LoginSchema);
const initResolver = schemaResolver<InitValues, InitValues>(InitAdminFormSchema);

export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Sent here from a portal page: go back there after signing in, and say why when the session had ended.
  const [returnTo] = useState(() => readReturnState(location.state));
  const [mode, setMode] = useState<'login' | 'init'>('login');
  const [notice, setNotice] = useState<Notice>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  /** null while asking; after a failed ask the page offers the first-admin form as before and the server decides. */
  const [status, setStatus] = useState<AdminAuthStatus | 'unknown' | null>(null);
  /**
   * The second step of a sign-in from a new browser (docs/auth.md, "New devices"): after a correct password, or when
   * the mail's link lands here with `?approve=<code>`.
   */
  const [approval, setApproval] = useState<{ message: string; linkCode: string | null } | null>(() => {
    const code = new URLSearchParams(location.search).get('approve');
    return code && /^\d{6}$/.test(code)
      ? { message: 'Confirming this browser with the code from your e-mail…', linkCode: code }
      : null;
  });
  useDocumentTitle(approval ? 'Check your e-mail' : mode === 'login' ? 'Login' : 'Initialize first admin account');

  // The code of the link must not stay in the address bar or the history.
  useEffect(() => {
    if (new URLSearchParams(location.search).has('approve')) {
      const state: unknown = location.state;
      void navigate({ pathname: location.pathname, search: '' }, { replace: true, state });
    }
  }, [location.search, location.pathname, location.state, navigate]);

  const destination = returnTo?.from ?? '/dashboard';
  function signedIn() {
    if (returnTo?.reason === 'expired') {
      showToast({
        tone: 'info',
        title: 'Welcome back',
        detail: 'You are back on the page you were on when your session ended.',
      });
    }
    void navigate(destination, { replace: true });
  }

  // Someone already signed in (and still valid on the server) does not need this page.
  useEffect(() => {
    const controller = new AbortController();
    if (getToken()) {
      auth
        .verify(controller.signal)
        .then(() => void navigate(destination, { replace: true }))
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [navigate, destination]);

  // The first-admin form is offered only while no admin exists.
  useEffect(() => {
    const controller = new AbortController();
    auth.status(controller.signal).then(
      (reply) => setStatus(reply.data),
      () => {
        if (!controller.signal.aborted) setStatus('unknown');
      },
    );
    return () => controller.abort();
  }, []);

  const known = status !== null && status !== 'unknown' ? status : null;
  const offerInit = status === 'unknown' || (known !== null && !known.adminExists);
  const noAdminYet = known !== null && !known.adminExists;

  /** Asks the server again (an admin may have been created meanwhile) and returns whether one exists. */
  async function refreshStatus(): Promise<boolean | null> {
    try {
      const reply = await auth.status();
      setStatus(reply.data);
      return reply.data.adminExists;
    } catch {
      return null;
    }
  }

  function switchMode(next: 'login' | 'init') {
    setNotice(null);
    setMode(next);
  }

  return (
    <main className="login-page">
      <div className="login-card">
        <div className="login-brand">
          <Icon name="lotus" size={40} className="brand-mark" />
          <h1 className="login-title">
            <BrandName />
          </h1>
          <p className="login-lead">
            {mode === 'login' ? 'Sign in to manage your services.' : 'Create the first admin account.'}
          </p>
        </div>
        <NoticeAlert notice={notice} />
        {mode === 'login' && !approval && noAdminYet && notice === null ? (
          <Alert tone="info">
            No admin account exists yet. Start with &ldquo;Initialize first admin account&rdquo; below.
          </Alert>
        ) : null}
        {!notice && !approval && !noAdminYet && mode === 'login' && returnTo?.reason === 'expired' ? (
          <Alert tone="info">
            <strong>{SESSION_ENDED_TITLE}.</strong> {SESSION_ENDED_TEXT}
          </Alert>
        ) : null}
        {approval ? (
          <DeviceApprovalStep
            message={approval.message}
            linkCode={approval.linkCode}
            onApproved={(token) => {
              setToken(token);
              signedIn();
            }}
            onStartOver={(text) => {
              setApproval(null);
              setNotice(text ? { tone: 'error', text } : null);
            }}
          />
        ) : mode === 'login' ? (
          <LoginForm
            onApproval={(message) => {
              setNotice(null);
              setApproval({ message, linkCode: null });
            }}
            onNotice={setNotice}
            onSuccess={signedIn}
            onForgot={() => {
              setNotice(null);
              setForgotOpen(true);
            }}
            onInit={offerInit ? () => switchMode('init') : null}
            initProminent={noAdminYet}
            adminExists={refreshStatus}
          />
        ) : (
          <InitForm
            setupCodeRequired={known?.setupCodeRequired ?? false}
            onNotice={setNotice}
            onSuccess={() => void navigate('/dashboard', { replace: true })}
            onAlreadyExists={() => {
              setMode('login');
              setStatus((current) =>
                current !== null && current !== 'unknown' ? { ...current, adminExists: true } : current,
              );
              setNotice({ tone: 'error', text: 'Admin already exists. Please use login instead.' });
            }}
            onBack={() => switchMode('login')}
          />
        )}
        {mode === 'login' && !noAdminYet ? <PasskeySignIn onNotice={setNotice} onSuccess={signedIn} /> : null}
      </div>
      <p className="login-footer">
        <a href="/">Back to the site</a>
      </p>
      {forgotOpen ? (
        <ForgotPasswordModal
          onClose={() => setForgotOpen(false)}
          onReset={() => {
            setForgotOpen(false);
            setNotice({ tone: 'success', text: 'Password reset successfully! You can now login' });
          }}
        />
      ) : null}
    </main>
  );
}

function LoginForm({
  onApproval,
  onNotice,
  onSuccess,
  onForgot,
  onInit,
  initProminent,
  adminExists,
}: {
  /** A correct password from a new browser: the page moves on to "Check your e-mail". */
  onApproval: (message: string) => void;
  onNotice: (notice: Notice) => void;
  onSuccess: () => void;
  onForgot: () => void;
  /** null once an admin exists: the first-admin form is no longer offered. */
  onInit: (() => void) | null;
  /** No admin yet: the way to create one is a button, not a small link. */
  initProminent: boolean;
  adminExists: () => Promise<boolean | null>;
}) {
  const form = useForm<LoginValues, unknown, LoginValues>({
    resolver: loginResolver,
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const validationMessage = firstErrorMessage(errors);

  const submit = form.handleSubmit(
    async ({ username, password }) => {
      onNotice(null);
      try {
        const reply = await auth.login(username, password);
        if (!reply.token) {
          onNotice({ tone: 'error', text: 'Login failed - no token received' });
          return;
        }
        setToken(reply.token);
        onSuccess();
      } catch (error) {
        const approval = approvalRequiredMessage(error);
        if (approval) {
          onApproval(approval);
          return;
        }
        if (error instanceof ApiError && error.status === 401) {
          // Before the first admin exists no login can work: say so, rather than "invalid password".
          const exists = await adminExists();
          onNotice({ tone: 'error', text: exists === false ? NO_ADMIN_YET : 'Invalid username or password' });
          return;
        }
        onNotice({ tone: 'error', text: messageOr(error, 'Login failed. Please try again.') });
      }
    },
    () => onNotice(null),
  );

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate aria-label="Login">
      {validationMessage ? <Alert tone="error">{validationMessage}</Alert> : null}
      <CredentialFields form={form} fields={LOGIN_FIELDS} />
      <SubmitButton busy={isSubmitting} className="button button-primary button-block">
        Login
      </SubmitButton>
      <div className="login-links">
        <button type="button" className="link-button" onClick={onForgot}>
          Forgot Password?
        </button>
        {onInit && !initProminent ? (
          <button type="button" className="link-button" onClick={onInit}>
            Initialize first admin account
          </button>
        ) : null}
      </div>
      {onInit && initProminent ? (
        <button type="button" className="button button-secondary button-block" onClick={onInit}>
          Initialize first admin account
        </button>
      ) : null}
    </form>
  );
}

function InitForm({
  setupCodeRequired,
  onNotice,
  onSuccess,
  onAlreadyExists,
  onBack,
}: {
  /** A deployed site asks for ADMIN_SETUP_CODE too (docs/auth.md). */
  setupCodeRequired: boolean;
  onNotice: (notice: Notice) => void;
  onSuccess: () => void;
  onAlreadyExists: () => void;
  onBack: () => void;
}) {
  const form = useForm<InitValues, unknown, InitValues>({
    resolver: initResolver,
    defaultValues: { username: '', email: '', password: '', confirmPassword: '', setupCode: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const validationMessage = firstErrorMessage(errors);

  const submit = form.handleSubmit(
    async ({ username, email, password, setupCode }) => {
      onNotice(null);
      if (setupCodeRequired && !setupCode) {
        form.setError('setupCode', { message: SETUP_CODE_REQUIRED }, { shouldFocus: true });
        return;
      }
      try {
        const reply = await auth.init(username, email, password, setupCodeRequired ? setupCode : undefined);
        if (reply.token) {
          setToken(reply.token);
          onSuccess();
        } else {
          onBack();
          onNotice({ tone: 'success', text: reply.message ?? 'Admin account created. You can now login' });
        }
      } catch (error) {
        // A refused setup code is a 403 too, but it names the field: the form stays, with the reason.
        const codeProblem = error instanceof ApiError ? error.errors['setupCode'] : undefined;
        if (codeProblem) form.setError('setupCode', { message: codeProblem }, { shouldFocus: true });
        else if (error instanceof ApiError && error.status === 403) onAlreadyExists();
        else onNotice({ tone: 'error', text: messageOr(error, 'Failed to create admin. Please try again.') });
      }
    },
    () => onNotice(null),
  );

  return (
    <form
      className="stack"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Initialize first admin account"
    >
      {validationMessage ? <Alert tone="error">{validationMessage}</Alert> : null}
      <CredentialFields form={form} fields={INIT_FIELDS} />
      {setupCodeRequired ? (
        <Field
          id="init-setup-code"
          label="Setup code"
          hint="The value of ADMIN_SETUP_CODE in this site's environment variables on Netlify."
        >
          <input
            {...form.register('setupCode')}
            {...fieldProps('init-setup-code', undefined, true)}
            aria-invalid={errors.setupCode ? true : undefined}
            className="input"
            type="password"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
        </Field>
      ) : null}
      <SubmitButton busy={isSubmitting} className="button button-primary button-block">
        Create Admin Account
      </SubmitButton>
      <BackToLogin onBack={onBack} />
    </form>
  );
}
