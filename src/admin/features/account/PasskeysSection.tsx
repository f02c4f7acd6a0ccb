import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatDateTime } from '../../../shared/format';
import { PasskeyRenameSchema, type Passkey, type PasskeyRenameInput } from '../../../shared/schemas/passkey';
import { messageOr } from '../../api/client';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { Alert, Loading } from '../../components/Feedback';
import { FieldInput } from '../../components/FieldInputs';
import { Modal } from '../../components/Modal';
import { ModalFormFooter } from '../../components/ModalFormFooter';
import { TitledCard } from '../../components/TitledCard';
import { SubmitButton } from '../../components/SubmitButton';
import { showToast } from '../../components/Toasts';
import { showSaveFailure } from '../../forms/save-failure';
import { bindField } from '../../forms/field-wiring';
import { schemaResolver } from '../../forms/schema-resolver';
import { useResource } from '../../hooks/use-resource';
import { passkeyPromptProblem, passkeysApi } from './passkeys-api';
import './passkeys.css';

// Account Settings, "Passkeys" (docs/auth.md, "Passkeys"): the admin's passkeys, adding one (named), renaming and
// removing them. Its own component so the sessions list beside it can grow separately.

const loadPasskeys = async (signal: AbortSignal) => (await passkeysApi.list(signal)).data;
const nameResolver = schemaResolver<PasskeyRenameInput, PasskeyRenameInput>(PasskeyRenameSchema);

function describe(passkey: Passkey): string {
  const added = `Added ${formatDateTime(passkey.createdAt)}`;
  return passkey.lastUsedAt ? `${added} · Last used ${formatDateTime(passkey.lastUsedAt)}` : `${added} · Not used yet`;
}

export function PasskeysSection() {
  const [supported] = useState(() => browserSupportsWebAuthn());
  const { resource, update } = useResource(loadPasskeys);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);

  const added = useCallback((passkey: Passkey) => update((list) => [...list, passkey]), [update]);
  // Each passkey's two buttons differ only in their look and the modal they open.
  const actions = [
    { verb: 'Rename', className: 'button button-secondary button-sm', open: setRenaming },
    { verb: 'Remove', className: 'button button-ghost button-sm button-danger-text', open: setRemoving },
  ];

  return (
    <TitledCard id="passkeys-title" title="Passkeys">
      <div className="stack">
        <p className="muted">
          A passkey lets you sign in with your fingerprint, face or screen lock instead of your password, on this device
          or on your phone. No one can guess it, and it only works on this site.
        </p>
        {resource.status === 'loading' ? <Loading label="Loading passkeys…" /> : null}
        {resource.status === 'failed' ? (
          <Alert tone="error">
            {messageOr(resource.error, 'Your passkeys could not be loaded. Please reload the page.')}
          </Alert>
        ) : null}
        {resource.status === 'ready' ? (
          resource.data.length === 0 ? (
            <p>You have no passkeys yet.</p>
          ) : (
            <ul className="passkey-list" aria-label="Your passkeys">
              {resource.data.map((passkey) => (
                <li key={passkey.id} className="passkey-item">
                  <div>
                    <p className="passkey-name">{passkey.name}</p>
                    <p className="passkey-meta">{describe(passkey)}</p>
                  </div>
                  <div className="button-row">
                    {actions.map(({ verb, className, open }) => (
                      <button
                        key={verb}
                        type="button"
                        className={className}
                        aria-label={`${verb} ${passkey.name}`}
                        onClick={() => open(passkey)}
                      >
                        {verb}
                      </button>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          )
        ) : null}
        {supported ? (
          <AddPasskeyForm onAdded={added} />
        ) : (
          <Alert tone="info">This browser cannot create passkeys. You can add one from a recent browser.</Alert>
        )}
        {renaming ? (
          <RenamePasskeyModal
            passkey={renaming}
            onClose={() => setRenaming(null)}
            onRenamed={(passkey) => {
              update((list) => list.map((item) => (item.id === passkey.id ? passkey : item)));
              setRenaming(null);
            }}
          />
        ) : null}
        {removing ? (
          <RemovePasskeyModal
            passkey={removing}
            onClose={() => setRemoving(null)}
            onRemoved={(id) => {
              update((list) => list.filter((item) => item.id !== id));
              setRemoving(null);
            }}
          />
        ) : null}
      </div>
    </TitledCard>
  );
}

function AddPasskeyForm({ onAdded }: { onAdded: (passkey: Passkey) => void }) {
  const form = useForm<PasskeyRenameInput, unknown, PasskeyRenameInput>({
    resolver: nameResolver,
    defaultValues: { name: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const options = await passkeysApi.registrationOptions();
      const response = await startRegistration({ optionsJSON: options.data });
      const reply = await passkeysApi.register(name, response);
      onAdded(reply.data);
      form.reset({ name: '' });
      showToast({
        tone: 'success',
        title: 'Passkey added',
        detail: `“${reply.data.name}” can now sign you in on the login page.`,
      });
    } catch (error) {
      form.setError('root', {
        message:
          passkeyPromptProblem(error, 'add') ?? messageOr(error, 'The passkey could not be added. Please try again.'),
      });
    }
  });
  return (
    <form className="passkey-add" noValidate onSubmit={(event) => void submit(event)} aria-label="Add a passkey">
      {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <FieldInput
        id="passkey-name"
        label="Name for the new passkey"
        hint="So you can tell your passkeys apart, for example “My phone” or “Work laptop”."
        {...bindField(form, 'name', { onChange: () => form.clearErrors('root') })}
        autoComplete="off"
        maxLength={60}
      />
      <div className="button-row">
        <SubmitButton busy={isSubmitting}>Add a passkey</SubmitButton>
      </div>
    </form>
  );
}

/** What both of a passkey's modals get: the passkey, and how to close without a change. */
interface PasskeyModalProps {
  passkey: Passkey;
  onClose: () => void;
}

function RenamePasskeyModal({
  passkey,
  onClose,
  onRenamed,
}: PasskeyModalProps & { onRenamed: (passkey: Passkey) => void }) {
  const form = useForm<PasskeyRenameInput, unknown, PasskeyRenameInput>({
    resolver: nameResolver,
    defaultValues: { name: passkey.name },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const reply = await passkeysApi.rename(passkey.id, name);
      onRenamed(reply.data);
      showToast({ tone: 'success', title: 'Passkey renamed', detail: `It is now called “${reply.data.name}”.` });
    } catch (error) {
      showSaveFailure(error, {
        fallback: 'The passkey could not be renamed. Please try again.',
        notice: (message) => form.setError('root', { message }),
      });
    }
  });
  return (
    <Modal
      title="Rename passkey"
      size="sm"
      dismissible={!isSubmitting}
      onClose={onClose}
      footer={
        <ModalFormFooter form="passkey-rename-form" busy={isSubmitting} leaveLabel="Cancel" onLeave={onClose}>
          Save name
        </ModalFormFooter>
      }
    >
      <form id="passkey-rename-form" className="stack" noValidate onSubmit={(event) => void submit(event)}>
        {errors.root?.message ? <Alert tone="error">{errors.root.message}</Alert> : null}
        <FieldInput id="passkey-rename" label="Name" {...bindField(form, 'name')} autoComplete="off" maxLength={60} />
      </form>
    </Modal>
  );
}

function RemovePasskeyModal({ passkey, onClose, onRemoved }: PasskeyModalProps & { onRemoved: (id: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await passkeysApi.remove(passkey.id);
      onRemoved(passkey.id);
      showToast({
        tone: 'success',
        title: 'Passkey removed',
        detail: `“${passkey.name}” can no longer sign you in. Also delete it from the device’s own passkey list.`,
      });
    } catch (caught) {
      setError(messageOr(caught, 'The passkey could not be removed. Please try again.'));
      setBusy(false);
    }
  }
  return (
    <ConfirmDeleteModal
      title="Remove passkey?"
      busy={busy}
      onCancel={onClose}
      onConfirm={() => void remove()}
      confirmLabel="Remove passkey"
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <p>
        “{passkey.name}” will no longer sign you in. You can still sign in with your password and any other passkey.
      </p>
    </ConfirmDeleteModal>
  );
}
