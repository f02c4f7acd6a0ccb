// The Clients screen (docs/bookings.md, "In the portal"): everyone who booked or wrote, grouped by e-mail, each with
// their history; and the CSV exports of clients and of bookings.
import { useMemo, useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { formatPhone } from '../../../shared/phone';
import type { ClientSummary } from '../../../shared/schemas/admin-bookings';
import { Alert, EmptyState, Loading } from '../../components/Feedback';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { showToast } from '../../components/Toasts';
import { useResource } from '../../hooks/use-resource';
import { useDocumentTitle } from '../../shell/admin-context';
import { clientsApi, downloadCsv, type ExportKind } from './clients-api';
import './clients.css';

const load = (signal: AbortSignal) => clientsApi.list(signal);

const STATUS_WORDS: Record<string, string> = {
  held: 'awaiting payment',
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  expired: 'payment not finished',
  'no-show': 'no-show',
  new: 'unread',
  read: 'read',
  archived: 'archived',
};

export default function ClientsPage() {
  useDocumentTitle('Clients');
  const { resource, reload } = useResource(load);
  const [query, setQuery] = useState('');
  const [exporting, setExporting] = useState<ExportKind | null>(null);

  const clients = useMemo(() => {
    if (resource.status !== 'ready') return [];
    const needle = query.trim().toLowerCase();
    return needle
      ? resource.data.data.filter(
          (client) => client.name.toLowerCase().includes(needle) || client.email.includes(needle),
        )
      : resource.data.data;
  }, [resource, query]);

  const exportCsv = async (kind: ExportKind) => {
    setExporting(kind);
    try {
      await downloadCsv(kind);
      showToast({
        tone: 'success',
        title: kind === 'clients' ? 'Clients exported' : 'Bookings exported',
        detail: 'The CSV file is in your downloads. It holds personal details: keep it safe.',
      });
    } catch {
      showToast({
        tone: 'error',
        title: 'The export could not be made',
        detail: 'Please try again. If your session ended, sign in again first.',
      });
    } finally {
      setExporting(null);
    }
  };

  return (
    <div className="page clients-page">
      <PageHeader title="Clients" lead="Everyone who booked a session or wrote to you, with what they did.">
        <div className="button-row">
          {(['clients', 'bookings'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              className="button button-secondary button-sm"
              disabled={exporting !== null}
              onClick={() => void exportCsv(kind)}
            >
              {exporting === kind ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
              {kind === 'clients' ? 'Export clients (CSV)' : 'Export bookings (CSV)'}
            </button>
          ))}
        </div>
      </PageHeader>

      {resource.status === 'loading' ? <Loading label="Loading clients…" /> : null}
      {resource.status === 'failed' ? (
        <Alert tone="error">
          Your clients could not be loaded.{' '}
          <button type="button" className="button-link" onClick={() => reload()}>
            Try again
          </button>
        </Alert>
      ) : null}
      {resource.status === 'ready' ? (
        resource.data.data.length === 0 ? (
          <EmptyState
            title="No clients yet"
            text="When someone books a session or sends a message, they appear here."
          />
        ) : (
          <>
            <SearchField
              className="clients-search field"
              id="clients-search"
              label="Find a client"
              placeholder="Name or e-mail"
              value={query}
              onChange={setQuery}
            />
            <p className="muted" role="status">
              {clients.length === resource.data.data.length
                ? `${clients.length} ${clients.length === 1 ? 'client' : 'clients'}`
                : `${clients.length} of ${resource.data.data.length} clients`}
            </p>
            <ul className="client-list" aria-label="Clients">
              {clients.map((client) => (
                <li key={client.email}>
                  <ClientCard client={client} />
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </div>
  );
}

function ClientCard({ client }: { client: ClientSummary }) {
  const [open, setOpen] = useState(false);
  const historyId = `history-${client.email.replace(/[^a-z0-9]/g, '-')}`;
  const counts = [
    client.bookings ? `${client.bookings} ${client.bookings === 1 ? 'booking' : 'bookings'}` : '',
    client.messages ? `${client.messages} ${client.messages === 1 ? 'message' : 'messages'}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <article className="client-card" aria-label={client.name}>
      <div className="client-head">
        <div className="client-who">
          <h2 className="client-name">{client.name}</h2>
          <a href={`mailto:${client.email}`}>{client.email}</a>
          {client.phone ? <a href={`tel:${client.phone}`}>{formatPhone(client.phone)}</a> : null}
        </div>
        <div className="client-meta">
          <span>{counts}</span>
          <span className="muted">Last: {formatDateTime(client.lastAt)}</span>
        </div>
      </div>
      <button
        type="button"
        className="button button-ghost button-sm"
        aria-expanded={open}
        aria-controls={historyId}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Hide history' : 'Show history'}
        <span className="visually-hidden"> of {client.name}</span>
      </button>
      {open ? (
        <ol id={historyId} className="client-history">
          {client.history.map((event) => (
            <li key={`${event.kind}-${event.id}`}>
              <span className={`badge ${event.kind === 'booking' ? 'badge-gold' : 'badge-grey'}`}>
                {event.kind === 'booking' ? 'Session' : 'Message'}
              </span>{' '}
              <span>{event.title}</span>{' '}
              <span className="muted">
                {formatDateTime(event.at)} · {STATUS_WORDS[event.status] ?? event.status}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </article>
  );
}
