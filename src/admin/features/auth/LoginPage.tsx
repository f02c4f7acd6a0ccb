import { useEffect, useState } from 'react';
import { AUTH_MESSAGES } from '../../../shared/messages';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { InitAdminFormSchema, LoginSchema } from '../../../shared/schemas/auth';
import { ApiError, messageOr } from '../../api';
import { Alert, NoticeAlert, type Notice } from '../../components/Feedback';
import { InputField } from '../../components/Field';
import { Icon } from '../../components/Icon';
import { auth } from '../../endpoints';
import { firstErrorMessage, schemaResolver, type FormOf } from '../../forms';
import { getToken, setToken } from '../../session';
import { useDocumentTitle } from '../../shell/admin-context';
import { ForgotPasswordModal } from './ForgotPasswordModal';
import { SubmitButton } from '../../components/SubmitButton';
import './auth.css';

type LoginValues = FormOf<typeof LoginSchema>;
type InitValues = FormOf<typeof InitAdminFormSchema>;

const loginResolver = schemaResolver<LoginValues, LoginValues>(LoginSchema);
const initResolver = schemaResolver<InitValues, InitValues>(InitAdminFormSchema);

export default function LoginPage() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<'login' | 'init'>('login');
  const [notice, setNotice] = useState<Notice>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  useDocumentTitle(mode === 'login' ? 'Login' : 'Initialize first admin account');

  // Someone already signed in (and still valid on the server) does not need this page.
  useEffect(() => {
    const controller = new AbortController();
    if (getToken()) {
      auth
        .verify(controller.signal)
        .then(() => void navigate('/dashboard', { replace: true }))
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [navigate]);

  function switchMode(next: 'login' | 'init') {
    setNotice(null);
    setMode(next);
  }

  return (
    <div className="login-page">
      <div className="login-card">
        <div className="login-brand">
          <Icon name="lotus" size={40} className="brand-mark" />
          <h1 className="login-title">
            <span className="brand-name">Admin Portal</span>
            <span className="brand-sep">, </span>
            <span className="brand-sub">Astrology Services</span>
          </h1>
          <p className="login-lead">
            {mode === 'login' ? 'Sign in to manage your services.' : 'Create the first admin account.'}
          </p>
        </div>
        <NoticeAlert notice={notice} />
        {mode === 'login' ? (
          <LoginForm
            onNotice={setNotice}
            onSuccess={() => void navigate('/dashboard', { replace: true })}
            onForgot={() => {
              setNotice(null);
              setForgotOpen(true);
            }}
            onInit={() => switchMode('init')}
          />
        ) : (
          <InitForm
            onNotice={setNotice}
            onSuccess={() => void navigate('/dashboard', { replace: true })}
            onAlreadyExists={() => {
              setMode('login');
              setNotice({ tone: 'error', text: 'Admin already exists. Please use login instead.' });
            }}
            onBack={() => switchMode('login')}
          />
        )}
      </div>
      <p className="login-footer">
        <a href="/">Back to the site</a>
      </p>
      {forgotOpen ? (
        <ForgotPasswordModal
          onClose={() => setForgotOpen(false)}
          onReset={() => {
            setForgotOpen(false);
            setNotice({ tone: 'success', text: AUTH_MESSAGES.passwordReset });
          }}
        />
      ) : null}
    </div>
  );
}

function LoginForm({
  onNotice,
  onSuccess,
  onForgot,
  onInit,
}: {
  onNotice: (notice: Notice) => void;
  onSuccess: () => void;
  onForgot: () => void;
  onInit: () => void;
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
        const text =
          error instanceof ApiError && error.status === 401
            ? 'Invalid username or password'
            : messageOr(error, 'Login failed. Please try again.');
        onNotice({ tone: 'error', text });
      }
    },
    () => onNotice(null),
  );

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} noValidate aria-label="Login">
      {validationMessage ? <Alert tone="error">{validationMessage}</Alert> : null}
      <InputField
        id="login-username"
        label="Username or Email"
        registration={form.register('username')}
        error={errors.username?.message}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <InputField
        id="login-password"
        label="Password"
        registration={form.register('password')}
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
      />
      <SubmitButton busy={isSubmitting} className="button button-primary button-block">
        Login
      </SubmitButton>
      <div className="login-links">
        <button type="button" className="link-button" onClick={onForgot}>
          Forgot Password?
        </button>
        <button type="button" className="link-button" onClick={onInit}>
          Initialize first admin account
        </button>
      </div>
    </form>
  );
}

function InitForm({
  onNotice,
  onSuccess,
  onAlreadyExists,
  onBack,
}: {
  onNotice: (notice: Notice) => void;
  onSuccess: () => void;
  onAlreadyExists: () => void;
  onBack: () => void;
}) {
  const form = useForm<InitValues, unknown, InitValues>({
    resolver: initResolver,
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const validationMessage = firstErrorMessage(errors);

  const submit = form.handleSubmit(
    async ({ username, email, password }) => {
      onNotice(null);
      try {
        const reply = await auth.init(username, email, password);
        if (reply.token) {
          setToken(reply.token);
          onSuccess();
        } else {
          onBack();
          onNotice({ tone: 'success', text: reply.message ?? 'Admin account created. You can now login' });
        }
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) onAlreadyExists();
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
      <InputField
        id="init-username"
        label="Username"
        registration={form.register('username')}
        error={errors.username?.message}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
      />
      <InputField
        id="init-email"
        label="Email"
        registration={form.register('email')}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
      />
      <InputField
        id="init-password"
        label="Password"
        registration={form.register('password')}
        error={errors.password?.message}
        type="password"
        autoComplete="new-password"
        minLength={6}
      />
      <InputField
        id="init-confirm"
        label="Confirm Password"
        registration={form.register('confirmPassword')}
        error={errors.confirmPassword?.message}
        type="password"
        autoComplete="new-password"
        minLength={6}
      />
      <SubmitButton busy={isSubmitting} className="button button-primary button-block">
        Create Admin Account
      </SubmitButton>
      <div className="login-links">
        <button type="button" className="link-button" onClick={onBack}>
          Back to Login
        </button>
      </div>
    </form>
  );
}
