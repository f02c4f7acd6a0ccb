import type { ReactNode } from 'react';
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
}: {
  title: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
  /** Show a spinner in the Delete button while busy. */
  spinner?: boolean;
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
            Cancel
          </button>
          <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
            {spinner && busy ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
            Delete
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
