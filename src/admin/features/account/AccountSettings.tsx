import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { formatDateTime } from '../../../shared/format';
import { ChangeEmailSchema, ChangePasswordFormSchema, type AdminPublic } from '../../../shared/schemas/auth';
import { auth } from '../../api/endpoints';
import { showSaveFailure } from '../../forms/save-failure';
import { firstErrorMessage, schemaResolver } from '../../forms/schema-resolver';
import { setToken } from '../../api/session';
import { Details } from '../../components/Details';
import { Alert } from '../../components/Feedback';
import { CredentialFields, type CredentialField } from '../../components/Field';
import { SubmitButton } from '../../components/SubmitButton';
import { showToast } from '../../components/Toasts';
import { DevicesSection } from './DevicesSection';
import { BackupsSection } from '../backups/BackupsSection';

type AccountView = 'view' | 'changeEmail' | 'changePassword';
const ACCOUNT_TITLES: Record<AccountView, string> = {
  view: 'Account Settings',
  changeEmail: 'Change Email',
  changePassword: 'Change Password',
};

interface EmailValues {
  newEmail: string;
  currentPassword: string;
}
interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}
const emailResolver = schemaResolver<EmailValues, EmailValues>(ChangeEmailSchema);
const passwordResolver = schemaResolver<PasswordValues, PasswordValues>(ChangePasswordFormSchema);

export interface AccountSettingsProps {
  admin: AdminPublic;
  onAdminChange: (admin: AdminPublic) => void;
  onDone?: (message: string) => void;
  /** Shown as 'Close' in the view, when the container offers one. */
  onCancel?: () => void;
  frame: (title: string, body: ReactNode) => ReactNode;
}

/**
 * The three views of Account Settings (docs/product-rules.md, "Screens"), shared by the dashboard's modal and /admin/profile.
 * `frame` puts the view's title and body in the container (a modal, a card). A success returns to the view and hands
 * `onDone` its text; the container decides whether that closes a modal.
 */
export function AccountSettings({ admin, onAdminChange, onDone, onCancel, frame }: AccountSettingsProps) {
  const [view, setView] = useState<AccountView>('view');
  const back = () => setView('view');
  const done = (message: string) => {
    back();
    onDone?.(message);
  };
  const body =
    view === 'changeEmail' ? (
      <ChangeEmailForm onBack={back} onAdminChange={onAdminChange} onDone={done} />
    ) : view === 'changePassword' ? (
      <ChangePasswordForm onBack={back} onDone={done} />
    ) : (
      <AccountOverview admin={admin} onView={setView} onCancel={onCancel} />
    );
  return frame(ACCOUNT_TITLES[view], body);
}

function AccountOverview({
  admin,
  onView,
  onCancel,
}: {
  admin: AdminPublic;
  onView: (view: AccountView) => void;
  onCancel: (() => void) | undefined;
}) {
  return (
    <div className="stack">
      <Details
        items={[
          ['Username', admin.username],
          ['Email', admin.email],
          ['Role', <span className="badge badge-role">{admin.role}</span>],
          ['Last Login', admin.lastLogin ? formatDateTime(admin.lastLogin) : 'Never'],
        ]}
      />
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={() => onView('changeEmail')}>
          Change Email
        </button>
        <button type="button" className="button button-secondary" onClick={() => onView('changePassword')}>
          Change Password
        </button>
        {onCancel ? (
          <button type="button" className="button button-ghost" onClick={onCancel}>
            Close
          </button>
        ) : null}
      </div>
      <DevicesSection />
      <BackupsSection />
    </div>
  );
}

const EMAIL_FIELDS: readonly CredentialField<EmailValues>[] = [
  { id: 'account-new-email', label: 'New Email', name: 'newEmail', kind: 'email', required: true },
  {
    id: 'account-email-password',
    label: 'Current Password',
    name: 'currentPassword',
    kind: 'currentPassword',
    required: true,
  },
];
const PASSWORD_FIELDS: readonly CredentialField<PasswordValues>[] = [
  { id: 'account-current-password', label: 'Current Password', name: 'currentPassword', kind: 'currentPassword' },
  { id: 'account-new-password', label: 'New Password', name: 'newPassword', kind: 'newPassword' },
  { id: 'account-confirm-password', label: 'Confirm New Password', name: 'confirmPassword', kind: 'newPassword' },
];

function ChangeEmailForm({
  onBack,
  onAdminChange,
  onDone,
}: {
  onBack: () => void;
  onAdminChange: (admin: AdminPublic) => void;
  onDone: (message: string) => void;
}) {
  return (
    <AccountForm
      title="Change Email"
      submitLabel="Update Email"
      resolver={emailResolver}
      defaultValues={{ newEmail: '', currentPassword: '' }}
      fields={EMAIL_FIELDS}
      failure="Failed to update email"
      onBack={onBack}
      action={async (values) => {
        const reply = await auth.changeEmail(values.newEmail, values.currentPassword);
        onAdminChange(reply.data);
        // Shown below the top bar whatever the container does next (docs/admin.md, "Save confirmations").
        showToast({
          tone: 'success',
          title: 'Email updated successfully',
          detail: `Password-reset codes and account notices now go to ${reply.data.email}.`,
        });
        onDone('Email updated successfully');
      }}
    />
  );
}

function ChangePasswordForm({ onBack, onDone }: { onBack: () => void; onDone: (message: string) => void }) {
  return (
    <AccountForm
      title="Change Password"
      submitLabel="Update Password"
      resolver={passwordResolver}
      defaultValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
      fields={PASSWORD_FIELDS}
      failure="Failed to update password"
      onBack={onBack}
      action={async (values) => {
        const reply = await auth.changePassword(values.currentPassword, values.newPassword);
        // The server ends every older session on a password change; a fresh token keeps this one going.
        if (reply.token) setToken(reply.token);
        showToast({
          tone: 'success',
          title: 'Password updated successfully',
          detail:
            'Use it the next time you sign in. Every other browser has been signed out and will need an e-mailed code.',
        });
        onDone('Password updated successfully');
      }}
    />
  );
}

/** Either change form: its fields, the first problem in one alert on top, Back and the submit button. */
function AccountForm<T extends FieldValues>({
  title,
  submitLabel,
  resolver,
  defaultValues,
  fields,
  failure,
  onBack,
  action,
}: {
  title: string;
  submitLabel: string;
  resolver: Resolver<T, unknown, T>;
  defaultValues: DefaultValues<T>;
  fields: readonly CredentialField<T>[];
  /** Said when the request fails without a message of its own. */
  failure: string;
  onBack: () => void;
  action: (values: T) => Promise<void>;
}) {
  const form = useForm<T, unknown, T>({ resolver, defaultValues });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await action(values);
    } catch (error) {
      showSaveFailure(error, { fallback: failure, notice: (message) => form.setError('root', { message }) });
    }
  });
  const message = errors.root?.message ?? firstErrorMessage(errors);
  return (
    <form className="stack" noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
      {message ? <Alert tone="error">{message}</Alert> : null}
      <CredentialFields form={form} fields={fields} />
      <div className="button-row">
        <button type="button" className="button button-ghost" onClick={onBack}>
          Back
        </button>
        <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
