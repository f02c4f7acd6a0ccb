import { useState } from 'react';
import { AccountSettings, ACCOUNT_TITLES, type AccountView } from './AccountSettings';
import { Alert } from '../../components/Feedback';
import { PageHeader } from '../../components/PageHeader';
import { useAdmin, useDocumentTitle } from '../../shell/admin-context';

/** /admin/profile: the spec names the link but not the page; it is Account Settings with the modal's three views. */
export default function ProfilePage() {
  const { admin, setAdmin } = useAdmin();
  const [view, setView] = useState<AccountView>('view');
  const [success, setSuccess] = useState<string | null>(null);
  useDocumentTitle('Account Settings');

  return (
    <div className="page page-narrow">
      <PageHeader title="Account Settings" lead="Your sign-in details for the admin portal." />
      {success ? (
        <Alert tone="success" onDismiss={() => setSuccess(null)}>
          {success}
        </Alert>
      ) : null}
      <section className="card" aria-labelledby="account-section-title">
        <h2 id="account-section-title" className="card-title">
          {ACCOUNT_TITLES[view]}
        </h2>
        <AccountSettings
          key={view}
          admin={admin}
          view={view}
          onView={(next) => {
            setSuccess(null);
            setView(next);
          }}
          onAdminChange={setAdmin}
          onDone={(message) => {
            setSuccess(message);
            setView('view');
          }}
        />
      </section>
    </div>
  );
}
