import type { ReactNode } from 'react';
import type { ConfirmedDelete } from '../hooks/use-confirmed-delete';
import { Modal } from './Modal';
import './ConfirmDeleteModal.css';

/**
 * The small "are you sure?" dialog every list uses before deleting: Cancel (focused first, so Enter never deletes by
 * accident) and a danger Delete. While `busy` both buttons are disabled and the dialog cannot be dismissed, so a
 * delete in flight is never left without its outcome on screen.
 */
export function ConfirmDeleteModal({
  title,
  busy,
  onCancel,
  onConfirm,
  children,
  spinner = true,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
}: {
  title: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
  /** Show a spinner in the Delete button while busy. */
  spinner?: boolean;
  /** The danger button's words, where the action is not called a delete (e.g. "Remove passkey"). */
  confirmLabel?: string;
  /** The safe button's words, where "Cancel" would be read as the action (cancelling a booking). */
  cancelLabel?: string;
}) {
  return (
    <Modal
      title={title}
      size="sm"
      dismissible={!busy}
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy} data-autofocus>
            {cancelLabel}
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {spinner && busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

/**
 * The dialog wired to a list's useConfirmedDelete flow: shown while an item awaits confirmation, with Cancel and
 * Delete doing what the flow says. `children` writes the question about that item.
 */
export function ConfirmDeletion<T>({
  deletion,
  title,
  spinner,
  children,
}: {
  deletion: ConfirmedDelete<T>;
  title: string;
  spinner?: boolean;
  children: (target: T) => ReactNode;
}) {
  if (!deletion.target) return null;
  return (
    <ConfirmDeleteModal
      title={title}
      busy={deletion.busy}
      onCancel={deletion.cancel}
      onConfirm={() => void deletion.confirm()}
      {...(spinner === undefined ? {} : { spinner })}
    >
      {children(deletion.target)}
    </ConfirmDeleteModal>
  );
}
