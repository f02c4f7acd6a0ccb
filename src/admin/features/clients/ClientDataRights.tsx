// A person's data rights, for one e-mail address (docs/policies.md, "Data rights"): download everything kept about
// them, or erase it after a confirmation that says exactly what goes and what stays. Self-contained, so any screen
// that shows a person (the message view today, the Clients screen) can host it.
import { useState } from 'react';
import { CLIENT_DATA_MESSAGES, type ClientEraseResult } from '../../../shared/schemas/client-data';
import { ApiError, messageOr } from '../../api/client';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { showToast } from '../../components/Toasts';
import { downloadClientData, eraseClientData } from './client-data-api';
import './client-data-rights.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function erasedDetail(result: ClientEraseResult): string {
  const parts = [
    plural(result.messagesDeleted, 'message', 'messages') + ' deleted',
    plural(result.bookingsDeleted, 'booking', 'bookings') + ' deleted',
  ];
  if (result.bookingsAnonymised > 0) {
    parts.push(
      `${plural(result.bookingsAnonymised, 'paid booking', 'paid bookings')} kept for your accounts, without their details`,
    );
  }
  return `${parts.join(', ')}.`;
}

interface Props {
  email: string;
  /** Called once their data is erased (the hosting screen drops what it showed of them). */
  onErased?: (result: ClientEraseResult) => void;
}

export function ClientDataRights({ email, onErased }: Props) {
  const [busy, setBusy] = useState<'export' | 'erase' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const headingId = `client-data-${email.replace(/[^a-z0-9]/gi, '-')}`;

  const download = async () => {
    setBusy('export');
    try {
      const filename = await downloadClientData(email);
      showToast({ tone: 'success', title: 'Their data is downloaded', detail: `Saved as ${filename}.` });
    } catch (error) {
      showToast({
        tone: 'error',
        title: messageOr(error, CLIENT_DATA_MESSAGES.exportFailed),
        detail: 'Please try again.',
      });
    } finally {
      setBusy(null);
    }
  };

  const erase = async () => {
    setBusy('erase');
    try {
      const reply = await eraseClientData(email);
      setConfirming(false);
      showToast({ tone: 'success', title: reply.message, detail: erasedDetail(reply.data) });
      onErased?.(reply.data);
    } catch (error) {
      // A 401 opens the sign-in dialog; anything else says why, and nothing was erased.
      if (!(error instanceof ApiError && error.status === 401)) {
        setConfirming(false);
        showToast({
          tone: 'error',
          title: messageOr(error, CLIENT_DATA_MESSAGES.eraseFailed),
          detail: 'Nothing was erased.',
        });
      }
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="client-data-rights" aria-labelledby={headingId}>
      <h3 id={headingId} className="client-data-rights__title">
        Their data
      </h3>
      <p className="client-data-rights__lead">
        Anyone can ask for a copy of what you keep about them, or for it to be erased (India’s DPDP Act).
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          disabled={busy !== null}
          onClick={() => void download()}
        >
          {busy === 'export' ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
          Export this person’s data
        </button>
        <button
          type="button"
          className="button button-ghost button-danger-text"
          disabled={busy !== null}
          onClick={() => setConfirming(true)}
        >
          Erase this person’s data
        </button>
      </div>
      {confirming ? (
        <ConfirmDeleteModal
          title="Erase this person’s data"
          busy={busy === 'erase'}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void erase()}
          confirmLabel="Erase for good"
        >
          <p>
            Erase everything kept about <strong>{email}</strong>?
          </p>
          <ul className="client-data-rights__list">
            <li>Every message from them is deleted, also from the Trash.</li>
            <li>Their bookings without a payment are deleted.</li>
            <li>
              Paid or refunded sessions stay in your records for the accounts (date, service, amount, payment
              reference), without their name, contact details, note or answers.
            </li>
          </ul>
          <p>This cannot be undone. Download their data first if they asked for a copy.</p>
        </ConfirmDeleteModal>
      ) : null}
    </section>
  );
}
