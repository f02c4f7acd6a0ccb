// The Availability screen (docs/bookings.md, "In the portal"): when clients can book, how sessions are spaced, the
// cancellation policy, the practitioner's own calendar and the private feed of bookings. One form, checked by the
// shared schema the API runs; the feed address has its own actions, saved at once.
import { Fragment, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  AVAILABILITY_FORM_MESSAGES,
  paymentSetupLine,
  type AdminAvailabilityInput,
  type AdminAvailabilityReply,
} from '../../../shared/schemas/admin-bookings';
import { WEEKDAYS, type Weekday } from '../../../shared/schemas/availability';
import { formatDateTime } from '../../../shared/format';
import { ApiError, messageOr } from '../../api/client';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { Alert, Loading } from '../../components/Feedback';
import { Field, FieldError } from '../../components/Field';
import { FormSection } from '../../components/FormSection';
import { PageHeader } from '../../components/PageHeader';
import { RadioChoices } from '../../components/RadioChoices';
import { AddRowButton, RemoveRowButton } from '../../components/RowButtons';
import { reportSaveFailure } from '../../components/save-notice';
import { showToast } from '../../components/Toasts';
import { useUnsavedChanges } from '../../components/use-unsaved-changes';
import { fieldProps } from '../../forms/field-wiring';
import { useDocumentTitle } from '../../shell/admin-context';
import { availabilityApi } from './availability-api';
import {
  checkAvailability,
  hoursToMinutes,
  minutesToHours,
  numberFrom,
  type AvailabilityErrors,
} from './availability-form';
import './availability.css';

const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

function knownTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Asia/Kolkata', 'UTC'];
  }
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; reply: AdminAvailabilityReply };

export default function AvailabilityPage() {
  useDocumentTitle('Availability');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [value, setValue] = useState<AdminAvailabilityInput | null>(null);
  const [errors, setErrors] = useState<AvailabilityErrors>({});
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    availabilityApi.get(controller.signal).then(
      (reply) => {
        setLoad({ state: 'ready', reply: reply.data });
        setValue(reply.data.availability);
      },
      () => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  const saved = load.state === 'ready' ? load.reply.availability : null;
  const dirty = value !== null && saved !== null && JSON.stringify(value) !== JSON.stringify(saved);
  const leavePrompt = useUnsavedChanges(dirty && !saving);

  if (load.state === 'loading' || value === null) {
    return load.state === 'failed' ? (
      <div className="page page-narrow">
        <Alert tone="error">{AVAILABILITY_FORM_MESSAGES.loadFailed}</Alert>
      </div>
    ) : (
      <Loading label="Loading your availability…" />
    );
  }
  if (load.state !== 'ready') return null;
  const { reply } = load;

  const change = (next: Partial<AdminAvailabilityInput>) => setValue({ ...value, ...next });
  const setDay = (day: Weekday, ranges: AdminAvailabilityInput['weekly'][Weekday]) =>
    change({ weekly: { ...value.weekly, [day]: ranges } });

  const focusFirstError = () =>
    window.requestAnimationFrame(() => {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAvailability(value);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = Object.values(checked.errors)[0];
      showToast({ tone: 'error', title: 'Please check the marked field', ...(first ? { detail: first } : {}) });
      focusFirstError();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const result = await availabilityApi.save(checked.input);
      setLoad({ state: 'ready', reply: result.data });
      setValue(result.data.availability);
      showToast({
        tone: 'success',
        title: result.message ?? AVAILABILITY_FORM_MESSAGES.saved,
        detail: 'Visitors see the new times the next time they open a booking calendar.',
      });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setErrors(error.errors);
        focusFirstError();
      }
      if (!(error instanceof ApiError && error.status === 401)) {
        reportSaveFailure(messageOr(error, AVAILABILITY_FORM_MESSAGES.saveFailed));
      }
    } finally {
      setSaving(false);
    }
  };

  const numberField = (
    id: string,
    label: string,
    path: string,
    shown: number,
    onValue: (n: number) => void,
    hint: string,
    options: { min?: number; max?: number; step?: number } = {},
  ) => (
    <Field id={id} label={label} required error={errors[path]} hint={hint}>
      <input
        {...fieldProps(id, errors[path], true)}
        className="input input-number"
        type="number"
        inputMode="numeric"
        min={options.min ?? 0}
        {...(options.max !== undefined ? { max: options.max } : {})}
        step={options.step ?? 1}
        value={Number.isNaN(shown) ? '' : shown}
        aria-required
        onChange={(event) => onValue(numberFrom(event.target.value))}
      />
    </Field>
  );

  const paymentChoices: { value: AdminAvailabilityInput['paymentChoice']; label: ReactNode }[] = [
    {
      value: 'online',
      label: (
        <>
          Online when they book (UPI, card, netbanking, wallet)
          {reply.payment.online ? null : <span className="muted"> — off until Razorpay is set up</span>}
        </>
      ),
    },
    { value: 'at-session', label: 'At the session' },
  ];

  return (
    <div className="page page-narrow availability-page">
      <PageHeader
        title="Availability"
        lead="When clients can book a session with you on this site, and what happens when someone cancels."
      />
      <PaymentLine reply={reply} />
      <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Availability">
        <FormSection
          title="Weekly hours"
          lead="The hours you see clients, in your time zone. A day without hours is closed. Add a second range for a break."
        >
          <div className="weekly span-2">
            {WEEKDAYS.map((day) => (
              <DayHours
                key={day}
                day={day}
                ranges={value.weekly[day]}
                errors={errors}
                onChange={(ranges) => setDay(day, ranges)}
              />
            ))}
          </div>
        </FormSection>

        <FormSection title="Dates off" lead="Whole days nobody can book: holidays, travel, rest.">
          <DatesOff dates={value.datesOff} errors={errors} onChange={(datesOff) => change({ datesOff })} />
        </FormSection>

        <FormSection title="Spacing and limits">
          {numberField(
            'availability-notice',
            'Minimum notice (hours)',
            'minNoticeMinutes',
            minutesToHours(value.minNoticeMinutes),
            (hours) => change({ minNoticeMinutes: Number.isNaN(hours) ? Number.NaN : hoursToMinutes(hours) }),
            'Nobody can book a session that starts sooner than this.',
            { step: 0.5 },
          )}
          {numberField(
            'availability-buffer',
            'Buffer between sessions (minutes)',
            'bufferMinutes',
            value.bufferMinutes,
            (bufferMinutes) => change({ bufferMinutes }),
            'Free time kept after every session.',
            { max: 240, step: 5 },
          )}
          {numberField(
            'availability-max',
            'Sessions a day at most',
            'maxPerDay',
            value.maxPerDay,
            (maxPerDay) => change({ maxPerDay }),
            '0 means no limit.',
            { max: 48 },
          )}
          {numberField(
            'availability-horizon',
            'How far ahead (days)',
            'horizonDays',
            value.horizonDays,
            (horizonDays) => change({ horizonDays }),
            'Clients can book up to this many days from today.',
            { min: 1, max: 365 },
          )}
          <TimeZoneInput value={value.timeZone} error={errors.timeZone} onChange={(timeZone) => change({ timeZone })} />
        </FormSection>

        <FormSection title="Payment" lead="How clients pay for a paid session booked on this site.">
          <fieldset className="payment-choice span-2">
            <legend className="field-label">Clients pay</legend>
            <RadioChoices
              name="payment-choice"
              choices={paymentChoices}
              value={value.paymentChoice}
              onChange={(paymentChoice) => change({ paymentChoice })}
            />
          </fieldset>
        </FormSection>

        <FormSection
          title="Cancellation policy"
          lead="Shown to clients before they pay, and used when a booking is cancelled."
        >
          {numberField(
            'availability-refund-hours',
            'Full refund up to (hours before the start)',
            'cancellation.fullRefundHours',
            value.cancellation.fullRefundHours,
            (fullRefundHours) => change({ cancellation: { ...value.cancellation, fullRefundHours } }),
            'A client who cancels earlier than this gets everything back (0 to 720).',
            { max: 720 },
          )}
          {numberField(
            'availability-refund-later',
            'Refund after that (per cent)',
            'cancellation.lateRefundPercent',
            value.cancellation.lateRefundPercent,
            (lateRefundPercent) => change({ cancellation: { ...value.cancellation, lateRefundPercent } }),
            'From 0 (no refund for a late cancellation) to 100.',
            { max: 100, step: 5 },
          )}
        </FormSection>

        <FormSection
          title="Your calendar"
          lead="Times that are busy in your own calendar are not offered to clients. Nobody else sees this address."
        >
          <Field
            id="availability-calendar-url"
            label="Secret iCal address of your calendar"
            error={errors.calendarUrl}
            className="span-2"
            hint={
              <>
                Google Calendar: Settings → your calendar → “Secret address in iCal format”. Apple iCloud: share the
                calendar as a public calendar and copy its link. Outlook: Settings → Calendar → Shared calendars →
                “Publish a calendar” → the ICS link. Leave it empty if you keep no other calendar.
              </>
            }
          >
            <input
              {...fieldProps('availability-calendar-url', errors.calendarUrl, true)}
              className="input"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
              value={value.calendarUrl}
              onChange={(event) => change({ calendarUrl: event.target.value })}
            />
          </Field>
          <CalendarStatus reply={reply} />
        </FormSection>

        <div className="form-actions">
          <span className="form-actions-state" aria-live="polite">
            {dirty ? 'Unsaved changes' : ''}
          </span>
          <button type="submit" className="button button-primary" disabled={saving}>
            {saving ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
            Save availability
          </button>
        </div>
      </form>
      <FeedSection
        reply={reply}
        onRotated={(next) => setLoad({ state: 'ready', reply: { ...next, availability: reply.availability } })}
      />
      {leavePrompt}
    </div>
  );
}

function PaymentLine({ reply }: { reply: AdminAvailabilityReply }) {
  return <Alert tone={reply.payment.online ? 'success' : 'info'}>{paymentSetupLine(reply.payment)}</Alert>;
}

/** A range's two times, in the order they stand in the row, with the word that names each for screen readers. */
const RANGE_EDGES = [
  { edge: 'start', word: 'from' },
  { edge: 'end', word: 'until' },
] as const;

function DayHours({
  day,
  ranges,
  errors,
  onChange,
}: {
  day: Weekday;
  ranges: AdminAvailabilityInput['weekly'][Weekday];
  errors: AvailabilityErrors;
  onChange: (ranges: AdminAvailabilityInput['weekly'][Weekday]) => void;
}) {
  const name = DAY_NAMES[day];
  const dayError = errors[`weekly.${day}`];
  return (
    <fieldset className="day-hours" aria-describedby={dayError ? `weekly-${day}-error` : undefined}>
      <legend className="field-label">{name}</legend>
      {ranges.length === 0 ? <p className="muted day-closed">Closed</p> : null}
      {ranges.map((range, index) => {
        const edges = RANGE_EDGES.map(({ edge, word }) => ({
          edge,
          word,
          id: `weekly-${day}-${index}-${edge}`,
          error: errors[`weekly.${day}.${index}.${edge}`],
        }));
        return (
          <div className="hours-row" key={index}>
            {edges.map(({ edge, word, id, error }) => (
              <Fragment key={edge}>
                {edge === 'end' ? <span aria-hidden="true">to</span> : null}
                <label className="visually-hidden" htmlFor={id}>
                  {name}, range {index + 1}, {word}
                </label>
                <input
                  {...fieldProps(id, error)}
                  className="input input-time"
                  type="time"
                  step={300}
                  value={range[edge]}
                  onChange={(event) =>
                    onChange(ranges.map((item, i) => (i === index ? { ...item, [edge]: event.target.value } : item)))
                  }
                />
              </Fragment>
            ))}
            <RemoveRowButton onClick={() => onChange(ranges.filter((_, i) => i !== index))}>
              Remove
              <span className="visually-hidden">
                {' '}
                {name} {range.start} to {range.end}
              </span>
            </RemoveRowButton>
            {edges.map(({ edge, id, error }) => (
              <FieldError key={edge} id={id} error={error} className="list-row-error" />
            ))}
          </div>
        );
      })}
      <FieldError id={`weekly-${day}`} error={dayError} />
      <AddRowButton
        onClick={() => {
          const last = ranges.at(-1);
          // A new range starts an hour after the last one ends, so two clicks never give an overlap to fix.
          const start = last ? laterClock(last.end, 60) : '10:00';
          onChange([...ranges, { start, end: laterClock(start, 120) }]);
        }}
      >
        Add hours<span className="visually-hidden"> on {name}</span>
      </AddRowButton>
    </fieldset>
  );
}

/** "HH:MM" moved later by `minutes`, stopping at 23:55. */
function laterClock(clock: string, minutes: number): string {
  const total = Math.min(23 * 60 + 55, Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5)) + minutes);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

function DatesOff({
  dates,
  errors,
  onChange,
}: {
  dates: string[];
  errors: AvailabilityErrors;
  onChange: (dates: string[]) => void;
}) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const add = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(typed)) {
      setProblem('Choose a date first');
      return;
    }
    setProblem(undefined);
    if (!dates.includes(typed)) onChange([...dates, typed].sort());
    setTyped('');
  };
  const listError = Object.entries(errors).find(([key]) => key.startsWith('datesOff'))?.[1];
  return (
    <div className="dates-off span-2">
      <div className="dates-off-add">
        <Field id="availability-date-off" label="Add a date off" error={problem ?? listError}>
          <input
            {...fieldProps('availability-date-off', problem ?? listError)}
            className="input input-date"
            type="date"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
        </Field>
        <button type="button" className="button button-secondary" onClick={add}>
          Add date off
        </button>
      </div>
      {dates.length === 0 ? (
        <p className="muted">No dates off.</p>
      ) : (
        <ul className="dates-off-list" aria-label="Dates off">
          {dates.map((date) => (
            <li key={date}>
              <span>{formatDay(date)}</span>
              <RemoveRowButton onClick={() => onChange(dates.filter((d) => d !== date))}>
                Remove<span className="visually-hidden"> {formatDay(date)}</span>
              </RemoveRowButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** "Fri, 25 Dec 2026" for a calendar date, the same wherever the browser is. */
function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

function TimeZoneInput({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (zone: string) => void;
}) {
  const zones = useMemo(() => knownTimeZones(), []);
  const listId = useId();
  return (
    <Field
      id="availability-time-zone"
      label="Your time zone"
      required
      error={error}
      hint="Your weekly hours are read in this zone; clients see the times in their own."
    >
      <input
        {...fieldProps('availability-time-zone', error, true)}
        className="input"
        list={listId}
        autoComplete="off"
        aria-required
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
      />
      <datalist id={listId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </Field>
  );
}

function CalendarStatus({ reply }: { reply: AdminAvailabilityReply }) {
  const { calendar, availability } = reply;
  let text: string;
  if (!availability.calendarUrl) text = 'No calendar connected.';
  else if (calendar.error) text = `The last read of your calendar failed: ${calendar.error}`;
  else if (calendar.fetchedAt) text = `Busy times last read ${formatDateTime(calendar.fetchedAt)}.`;
  else text = 'Your calendar has not been read yet; it is read within the hour.';
  return (
    <p className={calendar.error ? 'calendar-status field-error span-2' : 'calendar-status muted span-2'} role="status">
      {text}
    </p>
  );
}

function FeedSection({
  reply,
  onRotated,
}: {
  reply: AdminAvailabilityReply;
  onRotated: (reply: AdminAvailabilityReply) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const rotate = async () => {
    setBusy(true);
    try {
      const result = await availabilityApi.rotateFeed();
      onRotated(result.data);
      setConfirming(false);
      showToast({
        tone: 'success',
        title: reply.feedUrl ? 'New feed address made' : 'Feed address made',
        detail: reply.feedUrl
          ? 'The old address no longer works. Subscribe to the new one in your calendar.'
          : 'Subscribe to it in your calendar.',
      });
    } catch (error) {
      setConfirming(false);
      if (!(error instanceof ApiError && error.status === 401)) {
        reportSaveFailure(
          messageOr(error, 'A new address could not be made. Please try again.'),
          'The old address still works.',
        );
      }
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!reply.feedUrl) return;
    try {
      await navigator.clipboard.writeText(reply.feedUrl);
      showToast({ tone: 'success', title: 'Address copied', detail: 'Paste it into your calendar as a subscription.' });
    } catch {
      showToast({ tone: 'error', title: 'Could not copy', detail: 'Select the address and copy it yourself.' });
    }
  };
  return (
    <section className="card form-section feed-section" aria-labelledby="section-feed">
      <h2 id="section-feed" className="card-title">
        Your bookings in your calendar
      </h2>
      <p className="form-section-lead">
        Subscribe to this private address in Google, Apple or Outlook calendar (“Add calendar → From URL”) and every
        booking appears there. Keep it to yourself: anyone with it can see your bookings.
      </p>
      {reply.feedUrl ? (
        <div className="feed-row">
          <label className="visually-hidden" htmlFor="availability-feed-url">
            Private feed address
          </label>
          <input
            id="availability-feed-url"
            className="input"
            readOnly
            value={reply.feedUrl}
            onFocus={(event) => event.target.select()}
          />
          <button type="button" className="button button-secondary" onClick={() => void copy()}>
            Copy
          </button>
        </div>
      ) : (
        <p className="muted">No address yet.</p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button button-ghost"
          disabled={busy}
          // The first address replaces nothing, so it needs no question.
          onClick={() => (reply.feedUrl ? setConfirming(true) : void rotate())}
        >
          {reply.feedUrl ? 'Make a new address' : 'Make an address'}
        </button>
      </div>
      {confirming && reply.feedUrl ? (
        <ConfirmDeleteModal
          title="Make a new address?"
          busy={busy}
          confirmLabel="Make a new address"
          onCancel={() => setConfirming(false)}
          onConfirm={() => void rotate()}
        >
          <p>
            The current address stops working at once. Every calendar subscribed to it stops showing your bookings until
            you subscribe to the new one.
          </p>
        </ConfirmDeleteModal>
      ) : null}
    </section>
  );
}
