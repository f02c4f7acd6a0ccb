// The Bookings screen (docs/bookings.md, "In the portal"): upcoming and past sessions as a list, or one week in seven
// columns; a booking opens in a panel with its answers, notes, cancel-and-refund and no-show.
import { useCallback, useMemo, useState } from 'react';
import type { AdminBookingRow } from '../../../shared/schemas/admin-bookings';
import { Alert, EmptyState, Loading } from '../../components/Feedback';
import { PageHeader } from '../../components/PageHeader';
import { RefreshButton } from '../../components/RefreshButton';
import { useResource } from '../../hooks/use-resource';
import { useDocumentTitle } from '../../shell/admin-context';
import { BookingPanel } from './BookingPanel';
import { BookingSummary } from './BookingSummary';
import { bookingsApi } from './bookings-api';
import { mondayOf, shiftWeek, weekBounds } from './booking-view';
import { WeekView } from './WeekView';
import { SwitchTabs } from '../../components/SwitchTabs';
import './bookings.css';

type View = 'upcoming' | 'past' | 'week';
const VIEW_LABELS: Record<View, string> = { upcoming: 'Upcoming', past: 'Past', week: 'Week' };

const dateOnly = (date: Date) => date.toISOString().slice(0, 10);
const daysFrom = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

export default function BookingsPage() {
  useDocumentTitle('Bookings');
  const [view, setView] = useState<View>('upcoming');
  const [monday, setMonday] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);

  // Upcoming: today to a year ahead; past: the last year. A wide enough window for one practitioner's diary, narrow
  // enough that the reply stays far below a function's 6 MB.
  const load = useCallback(
    (signal: AbortSignal) => {
      const now = new Date();
      if (view === 'past') return bookingsApi.list({ from: dateOnly(daysFrom(now, -366)), to: dateOnly(now) }, signal);
      if (view === 'upcoming')
        return bookingsApi.list({ from: dateOnly(daysFrom(now, -1)), to: dateOnly(daysFrom(now, 400)) }, signal);
      const start = monday ?? dateOnly(daysFrom(now, -7));
      return bookingsApi.list(
        {
          from: dateOnly(daysFrom(new Date(`${start}T00:00:00Z`), -1)),
          to: dateOnly(daysFrom(new Date(`${start}T00:00:00Z`), 8)),
        },
        signal,
      );
    },
    [view, monday],
  );
  const { resource, reload, update } = useResource(load);

  const timeZone = resource.status === 'ready' ? resource.data.timeZone : null;
  const shownMonday = monday ?? (timeZone ? mondayOf(new Date(), timeZone) : null);

  const rows = useMemo(() => {
    if (resource.status !== 'ready') return [];
    // Upcoming and past as of the moment the list was loaded (Refresh moves it on).
    const now = resource.at.getTime();
    const all = resource.data.data;
    if (view === 'upcoming') return all.filter((row) => Date.parse(row.booking.end) >= now);
    if (view === 'past') return all.filter((row) => Date.parse(row.booking.end) < now).reverse();
    if (!shownMonday || !timeZone) return all;
    const { from, to } = weekBounds(shownMonday, timeZone);
    return all.filter((row) => {
      const start = Date.parse(row.booking.start);
      return start >= from.getTime() && start < to.getTime();
    });
  }, [resource, view, shownMonday, timeZone]);

  const open = resource.status === 'ready' ? resource.data.data.find((row) => row.booking._id === openId) : undefined;
  const replaceRow = (next: AdminBookingRow) =>
    update((data) => ({
      ...data,
      data: data.data.map((row) => (row.booking._id === next.booking._id ? next : row)),
    }));

  return (
    <div className="page bookings-page">
      <PageHeader title="Bookings" lead="Your sessions booked on this site, with their payments and your notes.">
        <RefreshButton onRefresh={reload} />
      </PageHeader>

      <SwitchTabs
        label="Show"
        className="view-switch"
        options={(Object.keys(VIEW_LABELS) as View[]).map((name) => ({ value: name, label: VIEW_LABELS[name] }))}
        current={view}
        onSelect={setView}
      />

      {view === 'week' && shownMonday ? (
        <div className="week-nav">
          <button
            type="button"
            className="button button-ghost button-sm"
            onClick={() => setMonday(shiftWeek(shownMonday, -1))}
          >
            ← Previous week
          </button>
          <button type="button" className="button button-ghost button-sm" onClick={() => setMonday(null)}>
            This week
          </button>
          <button
            type="button"
            className="button button-ghost button-sm"
            onClick={() => setMonday(shiftWeek(shownMonday, 1))}
          >
            Next week →
          </button>
        </div>
      ) : null}

      {resource.status === 'loading' ? <Loading label="Loading bookings…" /> : null}
      {resource.status === 'failed' ? (
        <Alert tone="error">Your bookings could not be loaded. Please try Refresh.</Alert>
      ) : null}
      {resource.status === 'ready' && timeZone ? (
        view === 'week' && shownMonday ? (
          <WeekView
            monday={shownMonday}
            timeZone={timeZone}
            bookings={rows.map((row) => row.booking)}
            onOpen={(id) => setOpenId(id)}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            title={view === 'upcoming' ? 'No upcoming sessions' : 'No past sessions'}
            text={
              view === 'upcoming'
                ? 'When a client books a session on your site, it appears here.'
                : 'Sessions move here once they are over.'
            }
          />
        ) : (
          <ul className="booking-list" aria-label={`${VIEW_LABELS[view]} bookings`}>
            {rows.map((row) => (
              <li key={row.booking._id}>
                <BookingSummary booking={row.booking} timeZone={timeZone} onOpen={() => setOpenId(row.booking._id)} />
              </li>
            ))}
          </ul>
        )
      ) : null}

      {open && timeZone ? (
        <BookingPanel row={open} timeZone={timeZone} onClose={() => setOpenId(null)} onChanged={replaceRow} />
      ) : null}
    </div>
  );
}
