import { useState } from 'react';
import type { AdminPublic } from '../../../shared/schemas/auth';
import { AccountSettings, ACCOUNT_TITLES, type AccountView } from './AccountSettings';
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
  const [view, setView] = useState<AccountView>('view');
  return (
    <Modal title={ACCOUNT_TITLES[view]} onClose={onClose} size="sm">
      <AccountSettings
        key={view}
        admin={admin}
        view={view}
        onView={setView}
        onAdminChange={onAdminChange}
        onDone={onSuccess}
        onCancel={onClose}
      />
    </Modal>
  );
}
