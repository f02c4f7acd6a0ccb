import type { AdminPublic } from '../../../shared/schemas/auth';
import { AccountSettings } from './AccountSettings';
import { Modal } from '../../components/Modal';

/** The dashboard's Account Settings modal: on success it closes (and so resets) and the page shows the message. */
export function AccountSettingsModal({
  admin,
  onAdminChange,
  onClose,
  onSuccess,
}: {
  admin: AdminPublic;
  onAdminChange: (admin: AdminPublic) => void;
  onClose: () => void;
  onSuccess: (message: string) => void;
}) {
  return (
    <AccountSettings
      admin={admin}
      onAdminChange={onAdminChange}
      onDone={onSuccess}
      onCancel={onClose}
      frame={(title, body) => (
        <Modal title={title} onClose={onClose} size="sm">
          {body}
        </Modal>
      )}
    />
  );
}
