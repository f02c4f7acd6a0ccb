// The month of dates and the times of the chosen one (docs/bookings.md, "The visitor's flow"). The grid follows the
// WAI-ARIA date picker pattern: one date is in the Tab order, the arrow keys move a day or a week, Home and End go
// to the week's ends, Page Up and Page Down change the month. Dates without a free time stay reachable (so the
// keyboard never skips a week) but say so and cannot be chosen. Times are the visitor's clock, with the
// practitioner's noted when it differs.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { fetchSlots, MESSAGES } from './api';
import { useVisitorZone } from './browser-state';
import {
  addDays,
  addMonths,
  datesOfMonth,
  formatLongDate,
  formatMonth,
  monthQuery,
  placeOfZone,
  slotsByDate,
  timeLabel,
  weekdayIndex,
  zoneAbbreviation,
  type Slot,
} from './slot-view';
import { wallTime } from '../../shared/zoned-time';

export const EMPTY_MONTH = 'No times free in these dates — try the next month';
/** How far ahead the month buttons go; the server's horizon decides what is actually free. */
const MAX_MONTHS_AHEAD = 12;
const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

type MonthSlots = { state: 'failed'; message: string } | { state: 'ready'; slots: Slot[] };

interface Props {
  serviceId: string;
  practitionerZone: string;
  /** The time chosen before (kept when the visitor comes back to change it). */
  chosen: Slot | null;
  onChoose: (slot: Slot) => void;
  /** The clock, passed in so tests can fix "today". */
  now?: () => Date;
}

export default function DatePicker({ serviceId, practitionerZone, chosen, onChoose, now }: Props) {
  // The visitor's own clock, read here rather than passed in: every picker shows the times in it.
  const visitorZone = useVisitorZone();
  const today = useMemo(() => wallTime(now ? now() : new Date(), visitorZone).date, [now, visitorZone]);
  const firstMonth = today.slice(0, 7);
  const chosenDate = chosen ? wallTime(new Date(chosen.start), visitorZone).date : null;
  const [month, setMonth] = useState((chosenDate ?? today).slice(0, 7));
  const [byMonth, setByMonth] = useState<Record<string, MonthSlots>>({});
  const [selected, setSelected] = useState<string | null>(chosenDate);
  const [focusDate, setFocusDate] = useState<string | null>(null);
  const gridRef = useRef<HTMLTableElement | null>(null);
  const moveFocus = useRef(false);
  const uid = useId();

  const current: MonthSlots | undefined = byMonth[month];
  // A month not asked for yet (or asked again after a failure) is fetched once; until it answers it reads as loading.
  useEffect(() => {
    if (current) return;
    let live = true;
    const { from, to } = monthQuery(month);
    void fetchSlots(serviceId, from, to).then((result) => {
      if (!live) return;
      setByMonth((all) => ({
        ...all,
        [month]: result.ok
          ? { state: 'ready', slots: Array.isArray(result.data) ? result.data : [] }
          : { state: 'failed', message: result.status === 0 ? result.message : MESSAGES.slotsFailed },
      }));
    });
    return () => {
      live = false;
    };
  }, [month, serviceId, current]);

  const dates = datesOfMonth(month);
  const free = useMemo(() => {
    const all = current?.state === 'ready' ? slotsByDate(current.slots, visitorZone) : new Map<string, Slot[]>();
    return new Map([...all].filter(([date]) => date.startsWith(month) && date >= today));
  }, [current, visitorZone, month, today]);
  const firstFree = [...free.keys()][0] ?? null;
  const rovingDate =
    focusDate && focusDate.startsWith(month)
      ? focusDate
      : selected && selected.startsWith(month)
        ? selected
        : (firstFree ?? (today.startsWith(month) ? today : (dates[0] as string)));

  // Keyboard moves focus to the new date after it renders (it may be in a month just drawn).
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${rovingDate}"]`)?.focus();
  });

  const canGoBack = month > firstMonth;
  const canGoOn = month < addMonths(firstMonth, MAX_MONTHS_AHEAD);
  const goTo = (date: string) => {
    const target = date < today ? today : date > `${addMonths(firstMonth, MAX_MONTHS_AHEAD)}-31` ? rovingDate : date;
    moveFocus.current = true;
    setFocusDate(target);
    setMonth(target.slice(0, 7));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = rovingDate;
    const weekday = weekdayIndex(from);
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(from, -1),
      ArrowRight: () => addDays(from, 1),
      ArrowUp: () => addDays(from, -7),
      ArrowDown: () => addDays(from, 7),
      Home: () => addDays(from, -weekday),
      End: () => addDays(from, 6 - weekday),
      PageUp: () => sameDayIn(from, -1),
      PageDown: () => sameDayIn(from, 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    goTo(move());
  };

  const times = selected ? (free.get(selected) ?? []) : [];
  const sampleInstant = new Date(times[0]?.start ?? `${month}-15T12:00:00Z`);
  const visitorPlace = placeOfZone(visitorZone);
  const leading = weekdayIndex(dates[0] as string);
  const cells: (string | null)[] = [...Array<null>(leading).fill(null), ...dates];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));

  return (
    <div className="picker">
      <div className="picker__calendar">
        <div className="picker__month-bar">
          <button
            type="button"
            className="picker__nav"
            onClick={() => setMonth(addMonths(month, -1))}
            disabled={!canGoBack}
            aria-label="Previous month"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <h3 className="picker__month" id={`${uid}-month`} aria-live="polite">
            {formatMonth(month)}
          </h3>
          <button
            type="button"
            className="picker__nav"
            onClick={() => setMonth(addMonths(month, 1))}
            disabled={!canGoOn}
            aria-label="Next month"
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>

        <table
          ref={gridRef}
          className="picker__grid"
          role="grid"
          aria-labelledby={`${uid}-month`}
          aria-busy={current?.state !== 'ready'}
          onKeyDown={onKeyDown}
        >
          <thead>
            <tr>
              {WEEKDAYS.map(([short, long]) => (
                <th key={short} scope="col" abbr={long}>
                  {short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, row) => (
              <tr key={row}>
                {week.map((date, col) => {
                  if (!date) return <td key={`blank-${col}`} />;
                  const count = free.get(date)?.length ?? 0;
                  const isSelected = date === selected;
                  const label = `${formatLongDate(date)}, ${
                    count === 0 ? 'no free times' : count === 1 ? '1 free time' : `${count} free times`
                  }`;
                  return (
                    <td key={date}>
                      <button
                        type="button"
                        className="picker__day"
                        data-date={date}
                        data-free={count > 0 ? 'true' : undefined}
                        tabIndex={date === rovingDate ? 0 : -1}
                        aria-disabled={count === 0 ? true : undefined}
                        aria-pressed={isSelected}
                        aria-label={label}
                        onClick={() => {
                          setFocusDate(date);
                          if (count > 0) setSelected(date);
                        }}
                      >
                        {Number(date.slice(8))}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>

        <div className="picker__status" role="status">
          {!current ? (
            <p className="picker__note">Loading the free times…</p>
          ) : current.state === 'failed' ? (
            <p className="notice notice--error">
              {current.message}{' '}
              <button
                type="button"
                className="link-button"
                onClick={() => setByMonth(({ [month]: _failed, ...rest }) => rest)}
              >
                Try again
              </button>
            </p>
          ) : free.size === 0 ? (
            <p className="picker__empty">
              {EMPTY_MONTH}
              {canGoOn && (
                <>
                  {' '}
                  <button type="button" className="link-button" onClick={() => setMonth(addMonths(month, 1))}>
                    Show {formatMonth(addMonths(month, 1))}
                  </button>
                </>
              )}
            </p>
          ) : !selected || !selected.startsWith(month) ? (
            <p className="picker__note">Choose a date with a dot to see its free times.</p>
          ) : null}
        </div>
      </div>

      {selected && selected.startsWith(month) && times.length > 0 && (
        <section className="picker__times" aria-labelledby={`${uid}-times`}>
          <h3 id={`${uid}-times`} className="picker__times-title">
            Free times on {formatLongDate(selected)}
          </h3>
          <p className="picker__note">
            Times are in your time zone, {visitorPlace} ({zoneAbbreviation(sampleInstant, visitorZone)}).
          </p>
          <ul className="picker__time-list" role="list">
            {times.map((slot) => {
              const label = timeLabel(slot.start, visitorZone, practitionerZone);
              return (
                <li key={slot.start}>
                  <button
                    type="button"
                    className="picker__time"
                    aria-label={`Book ${label.spoken}`}
                    aria-pressed={chosen?.start === slot.start}
                    data-start={slot.start}
                    onClick={() => onChoose(slot)}
                  >
                    <span className="picker__time-main">{label.time}</span>
                    {label.practitioner && <span className="picker__time-note">{label.practitioner}</span>}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The same day of the month `offset` months on, or the month's last day when it is shorter. */
function sameDayIn(date: string, offset: number): string {
  const month = addMonths(date.slice(0, 7), offset);
  const days = datesOfMonth(month);
  const day = Math.min(Number(date.slice(8)), days.length);
  return days[day - 1] as string;
}
