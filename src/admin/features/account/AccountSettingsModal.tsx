import { AccountSettings, type AccountSettingsProps } from './AccountSettings';
import { Modal } from '../../components/Modal';

/** The dashboard's Account Settings modal: on success it closes (and so resets) and the page shows the message. */
export function AccountSettingsModal({
  onClose,
  onSuccess,
  ...account
}: Pick<AccountSettingsProps, 'admin' | 'onAdminChange'> & {
  onClose: () => void;
  onSuccess: (message: string) => void;
}) {
  return (
    <AccountSettings
      {...account}
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
