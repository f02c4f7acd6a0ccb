import { useState } from 'react';
import { AccountSettings, ACCOUNT_TITLES, type AccountView } from './AccountSettings';
import { PageHeader } from '../../components/PageHeader';
import { useAdmin, useDocumentTitle } from '../../shell/admin-context';

/** /admin/profile: the spec names the link but not the page; it is Account Settings with the modal's three views. */
export default function ProfilePage() {
  const { admin, setAdmin } = useAdmin();
  const [view, setView] = useState<AccountView>('view');
  useDocumentTitle('Account Settings');

  return (
    <div className="page page-narrow">
      <PageHeader title="Account Settings" lead="Your sign-in details for the admin portal." />
      <section className="card" aria-labelledby="account-section-title">
        <h2 id="account-section-title" className="card-title">
          {ACCOUNT_TITLES[view]}
        </h2>
        <AccountSettings
          key={view}
          admin={admin}
          view={view}
          onView={setView}
          onAdminChange={setAdmin}
          // The confirmation itself is shown in the notices region by AccountSettings.
          onDone={() => setView('view')}
        />
      </section>
    </div>
  );
}
