// The dashboard's booking part (docs/bookings.md, "In the portal"): today's sessions and the next ones, and "How the
// site is doing" per service for 7 or 30 days. A failure here leaves the rest of the dashboard as it is.
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { FunnelReplySchema, type FunnelReply, type PortalBooking } from '../../../shared/schemas/admin-bookings';
import { wallTime } from '../../../shared/zoned-time';
import { apiRequest } from '../../api/client';
import { Alert, Loading } from '../../components/Feedback';
import { useResource } from '../../hooks/use-resource';
import { bookingsApi } from '../bookings/bookings-api';
import { sessionTime, STATUS_LABELS } from '../bookings/booking-view';
import './bookings-overview.css';

const NEXT_SHOWN = 5;
const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

async function loadSessions(signal: AbortSignal) {
  const now = new Date();
  const reply = await bookingsApi.list(
    { from: dateOnly(new Date(now.getTime() - 86_400_000)), to: dateOnly(new Date(now.getTime() + 60 * 86_400_000)) },
    signal,
  );
  const live = reply.data
    .map((row) => row.booking)
    .filter(
      (booking) =>
        (booking.status === 'confirmed' || booking.status === 'held') && Date.parse(booking.end) >= now.getTime(),
    );
  const today = wallTime(now, reply.timeZone).date;
  const isToday = (booking: PortalBooking) => wallTime(new Date(booking.start), reply.timeZone).date === today;
  return {
    timeZone: reply.timeZone,
    today: live.filter(isToday),
    next: live.filter((booking) => !isToday(booking)).slice(0, NEXT_SHOWN),
  };
}

const funnelReply = z.object({ success: z.literal(true), data: FunnelReplySchema });

export function BookingsOverview() {
  const { resource } = useResource(loadSessions);
  const [days, setDays] = useState<7 | 30>(7);
  const loadFunnel = useCallback(
    (signal: AbortSignal) => apiRequest(`/admin/funnel?days=${days}`, funnelReply, { signal }),
    [days],
  );
  const funnel = useResource(loadFunnel).resource;

  return (
    <div className="bookings-overview">
      <section className="card card-flush" aria-labelledby="sessions-title">
        <div className="card-head">
          <h2 id="sessions-title" className="card-title">
            Sessions
          </h2>
          <Link to="/bookings" className="button button-ghost button-sm">
            All bookings
          </Link>
        </div>
        <div className="card-pad">
          {resource.status === 'loading' ? <Loading label="Loading sessions…" /> : null}
          {resource.status === 'failed' ? <Alert tone="error">Your sessions could not be loaded.</Alert> : null}
          {resource.status === 'ready' ? (
            <>
              <h3 className="overview-sub">Today</h3>
              <SessionList
                bookings={resource.data.today}
                timeZone={resource.data.timeZone}
                empty="No sessions today."
              />
              <h3 className="overview-sub">Next</h3>
              <SessionList
                bookings={resource.data.next}
                timeZone={resource.data.timeZone}
                empty="Nothing booked yet."
              />
            </>
          ) : null}
        </div>
      </section>

      <section className="card card-flush" aria-labelledby="funnel-title">
        <div className="card-head">
          <h2 id="funnel-title" className="card-title">
            How the site is doing
          </h2>
          <div className="funnel-days" role="group" aria-label="Period">
            {([7, 30] as const).map((value) => (
              <button
                key={value}
                type="button"
                className={days === value ? 'button button-secondary button-sm' : 'button button-ghost button-sm'}
                aria-pressed={days === value}
                onClick={() => setDays(value)}
              >
                {value} days
              </button>
            ))}
          </div>
        </div>
        <div className="card-pad">
          {funnel.status === 'loading' ? <Loading label="Loading numbers…" /> : null}
          {funnel.status === 'failed' ? <Alert tone="error">The numbers could not be loaded.</Alert> : null}
          {funnel.status === 'ready' ? <FunnelTable reply={funnel.data.data} /> : null}
        </div>
      </section>
    </div>
  );
}

function SessionList({ bookings, timeZone, empty }: { bookings: PortalBooking[]; timeZone: string; empty: string }) {
  if (bookings.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="overview-sessions">
      {bookings.map((booking) => (
        <li key={booking._id}>
          <span className="overview-time">{sessionTime(booking, timeZone)}</span>
          <span>
            {booking.client.name} · {booking.serviceName}
            {booking.status === 'held' ? <span className="muted"> ({STATUS_LABELS.held.toLowerCase()})</span> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

type FunnelRow = FunnelReply['services'][number];

/** A counts table: its hidden caption, its first column's heading, then each count column's heading and count. */
interface CountsTableShape {
  caption: string;
  serviceHeading: string;
  columns: readonly { heading: string; count: keyof FunnelRow['counts'] }[];
}

const SITE_TABLE: CountsTableShape = {
  caption: 'Booked on this site',
  serviceHeading: 'Service',
  columns: [
    { heading: 'Times viewed', count: 'slots-viewed' },
    { heading: 'Bookings started', count: 'booking-started' },
    { heading: 'Paid or confirmed', count: 'paid' },
  ],
};
const LINK_TABLE: CountsTableShape = {
  caption: 'Booked through a link',
  serviceHeading: 'Service (booking link)',
  columns: [{ heading: '“Book” clicks', count: 'link-clicked' }],
};

/** One of the funnel's tables (booked on the site, or through a link): a row a service; nothing when it has none. */
function CountsTable({ table, rows }: { table: CountsTableShape; rows: FunnelRow[] }) {
  if (rows.length === 0) return null;
  const { caption, serviceHeading, columns } = table;
  return (
    <div className="table-scroll">
      <table className="funnel-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{serviceHeading}</th>
            {columns.map((column) => (
              <th key={column.count} scope="col">
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.serviceId}>
              <th scope="row">{row.serviceName}</th>
              {columns.map((column) => (
                <td key={column.count}>{row.counts[column.count]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FunnelTable({ reply }: { reply: FunnelReply }) {
  const site = reply.services.filter((row) => row.bookingMode === 'site');
  const links = reply.services.filter((row) => row.bookingMode === 'link');
  return (
    <div className="funnel">
      <p className="muted">
        Counted without cookies or personal data, {reply.days === 7 ? 'over the last 7 days' : 'over the last 30 days'}.
      </p>
      <CountsTable table={SITE_TABLE} rows={site} />
      <CountsTable table={LINK_TABLE} rows={links} />
      {site.length === 0 && links.length === 0 ? <p className="muted">No active services yet.</p> : null}
    </div>
  );
}
