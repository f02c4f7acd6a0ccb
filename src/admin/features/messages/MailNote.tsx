// The line on an opened message that was not forwarded by email (docs/admin.md, "Messages inbox"). Mail that was
// never set up is a calm fact with the one thing to set; only a real delivery failure asks for a look.
import { MAIL_SKIPPED_NO_INBOX } from '../../../shared/contact-mail';
import { Alert } from '../../components/Feedback';

export function MailNote({ mailError }: { mailError: string | undefined }) {
  if (!mailError) return null;
  if (mailError === MAIL_SKIPPED_NO_INBOX) {
    return (
      <Alert tone="info">
        <div className="mail-note">
          <p>
            <strong>Email forwarding is not set up yet</strong>, so messages from the contact form are kept here only.
            Nothing is lost.
          </p>
          <p>
            To get a copy in your email as well, you or your developer set <code>CONTACT_INBOX</code> (the address that
            receives them) and <code>SMTP_URL</code> (the mail account that sends them) in the site&rsquo;s environment
            variables on Netlify, then deploy again.
          </p>
        </div>
      </Alert>
    );
  }
  return (
    <Alert tone="info">
      <div className="mail-note">
        <p>
          <strong>This message is safe here, but the copy to your email could not be sent.</strong> The mail server did
          not take it.
        </p>
        <p>
          If this happens again, ask your developer to check <code>SMTP_URL</code> and <code>CONTACT_INBOX</code> in the
          site&rsquo;s environment variables on Netlify.
        </p>
      </div>
    </Alert>
  );
}
