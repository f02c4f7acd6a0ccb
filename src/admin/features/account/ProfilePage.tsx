import { AccountSettings } from './AccountSettings';
import { PasskeysSection } from './PasskeysSection';
import { PageHeader } from '../../components/PageHeader';
import { useAdmin, useDocumentTitle } from '../../shell/admin-context';

/** /admin/profile: the spec names the link but not the page; it is Account Settings with the modal's three views. */
export default function ProfilePage() {
  const { admin, setAdmin } = useAdmin();
  useDocumentTitle('Account Settings');

  return (
    <div className="page page-narrow">
      <PageHeader title="Account Settings" lead="Your sign-in details for the admin portal." />
      {/* A success returns to the view; its confirmation is shown in the notices region by AccountSettings. */}
      <AccountSettings
        admin={admin}
        onAdminChange={setAdmin}
        frame={(title, body) => (
          <section className="card" aria-labelledby="account-section-title">
            <h2 id="account-section-title" className="card-title">
              {title}
            </h2>
            {body}
          </section>
        )}
      />
      <PasskeysSection />
    </div>
  );
}
