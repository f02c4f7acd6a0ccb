// One week of sessions in seven day columns, placed by their time in the practitioner's zone. Every session is a
// button in reading order (Tab reaches each); the arrow keys move to the session above, below or in the next day.
// On a phone the same week is a list by day (bookings.css switches between the two).
import { useRef, type KeyboardEvent } from 'react';
import type { PortalBooking } from '../../../shared/schemas/admin-bookings';
import { placeSessions, STATUS_LABELS, weekDates, type PlacedSession } from './booking-view';

// A calendar date (YYYY-MM-DD) read at UTC midnight names the same day everywhere.
const DAY_FORMAT = () =>
  new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

const clock = (minutes: number) => {
  const hour = Math.floor(minutes / 60);
  const minute = String(minutes % 60).padStart(2, '0');
  const suffix = hour >= 12 ? 'pm' : 'am';
  const shown = hour % 12 === 0 ? 12 : hour % 12;
  return minute === '00' ? `${shown} ${suffix}` : `${shown}:${minute} ${suffix}`;
};

/** The hours the grid shows: 8 am to 8 pm, widened to hold every session of the week. */
function gridHours(placed: readonly PlacedSession[]): { first: number; last: number } {
  let first = 8 * 60;
  let last = 20 * 60;
  for (const session of placed) {
    first = Math.min(first, Math.floor(session.top / 60) * 60);
    last = Math.max(last, Math.ceil(session.bottom / 60) * 60);
  }
  return { first, last };
}

const PX_PER_MINUTE = 0.9;

export function WeekView({
  monday,
  timeZone,
  bookings,
  onOpen,
}: {
  monday: string;
  timeZone: string;
  bookings: readonly PortalBooking[];
  onOpen: (id: string) => void;
}) {
  const dates = weekDates(monday);
  const placed = placeSessions(bookings, monday, timeZone);
  const { first, last } = gridHours(placed);
  const gridRef = useRef<HTMLDivElement>(null);
  const dayFormat = DAY_FORMAT();
  const dayLabel = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
  const rangeLabel = `${dayLabel(dates[0] ?? monday)} to ${dayLabel(dates[6] ?? monday)}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const here = placed[index];
    if (!here) return;
    let target: number | undefined;
    if (event.key === 'ArrowDown')
      target = index + 1 < placed.length && placed[index + 1]?.day === here.day ? index + 1 : undefined;
    else if (event.key === 'ArrowUp') target = index > 0 && placed[index - 1]?.day === here.day ? index - 1 : undefined;
    else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const step = event.key === 'ArrowRight' ? 1 : -1;
      // The nearest session in time on the closest day that has one in that direction.
      for (let day = here.day + step; day >= 0 && day < 7 && target === undefined; day += step) {
        let best: number | undefined;
        placed.forEach((session, i) => {
          if (session.day !== day) return;
          const current = best === undefined ? undefined : placed[best];
          if (!current || Math.abs(session.top - here.top) < Math.abs(current.top - here.top)) best = i;
        });
        target = best;
      }
    } else return;
    event.preventDefault();
    if (target !== undefined) gridRef.current?.querySelectorAll<HTMLButtonElement>('.week-session')[target]?.focus();
  };

  const hours: number[] = [];
  for (let minutes = first; minutes < last; minutes += 60) hours.push(minutes);
  const height = (last - first) * PX_PER_MINUTE;

  return (
    <section className="week" aria-label={`Week of ${rangeLabel}`}>
      <p className="visually-hidden">
        {placed.length === 0 ? 'No sessions this week.' : `${placed.length} sessions. Arrow keys move between them.`}
      </p>
      <div className="week-grid" ref={gridRef}>
        <div className="week-hours" aria-hidden="true" style={{ height }}>
          {hours.map((minutes) => (
            <span key={minutes} style={{ top: (minutes - first) * PX_PER_MINUTE }}>
              {clock(minutes)}
            </span>
          ))}
        </div>
        {dates.map((date, day) => (
          <div className="week-day" key={date}>
            <h3 className="week-day-name">{dayLabel(date)}</h3>
            <div className="week-day-body" style={{ height }}>
              {placed.map((session, index) =>
                session.day === day ? (
                  <button
                    key={session.booking._id}
                    type="button"
                    className={`week-session status-${session.booking.status}`}
                    style={{
                      top: (session.top - first) * PX_PER_MINUTE,
                      height: Math.max(28, (session.bottom - session.top) * PX_PER_MINUTE),
                      left: `calc(${(100 * session.lane) / session.lanes}% + 2px)`,
                      width: `calc(${100 / session.lanes}% - 4px)`,
                    }}
                    onClick={() => onOpen(session.booking._id)}
                    onKeyDown={(event) => onKeyDown(event, index)}
                    aria-haspopup="dialog"
                  >
                    <span className="week-session-time">{clock(session.top)}</span>{' '}
                    <span className="week-session-name">{session.booking.client.name}</span>
                    <span className="visually-hidden">
                      , {session.booking.serviceName}, {STATUS_LABELS[session.booking.status]}
                    </span>
                  </button>
                ) : null,
              )}
            </div>
          </div>
        ))}
      </div>
      <ol className="week-list" aria-label={`Sessions, ${rangeLabel}`}>
        {dates.map((date, day) => {
          const sessions = placed.filter((session) => session.day === day);
          return (
            <li key={date}>
              <h3 className="week-day-name">{dayLabel(date)}</h3>
              {sessions.length === 0 ? (
                <p className="muted">No sessions</p>
              ) : (
                <ul>
                  {sessions.map((session) => (
                    <li key={session.booking._id}>
                      <button
                        type="button"
                        className={`week-list-session status-${session.booking.status}`}
                        onClick={() => onOpen(session.booking._id)}
                        aria-haspopup="dialog"
                      >
                        <span className="week-session-time">
                          {clock(session.top)}–{clock(session.bottom)}
                        </span>
                        <span>
                          {session.booking.client.name} · {session.booking.serviceName}
                        </span>
                        <span className="muted">{STATUS_LABELS[session.booking.status]}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
