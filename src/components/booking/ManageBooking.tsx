// The manage page's island (/booking/manage?token=…, docs/bookings.md, "Managing a booking"): the booking the
// e-mailed link names, and cancel or move it within the practitioner's policy. The refund is shown in rupees before
// the visitor confirms a cancellation, and a move asks once more before it is made.
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import '../../styles/contact-form.css';
import './booking.css';
import { formatINR } from '../../shared/format';
import { cancelManaged, readManage, rescheduleManaged, MESSAGES, type ManageView, type PublicBooking } from './api';
import DatePicker from './DatePicker';
import { paymentSentence } from './DoneScreen';
import { useHydrated } from '../island-hooks';
import { useQueryParam, useVisitorZone } from './browser-state';
import { sessionSentence, type Slot } from './slot-view';

export const MANAGE_TEXTS = {
  noToken: 'This link is incomplete. Please open it again from your confirmation e-mail.',
  cancelled: 'Your session is cancelled.',
  moved: 'Your session is moved. A new confirmation with a new link is on its way to you.',
  locked: 'This session is too close to change here. Please write to me and I will help.',
} as const;

/** 'If you cancel now, ₹2,500 comes back to you.' */
export function refundPreview(view: Pick<ManageView, 'refundPaise' | 'booking'>): string {
  if (view.booking.payment.mode !== 'online' || view.booking.payment.state !== 'paid') {
    return 'Nothing was paid online, so there is nothing to refund.';
  }
  if (view.refundPaise <= 0) return 'If you cancel now, the payment is not refunded, as the session is close.';
  return `If you cancel now, ${formatINR(view.refundPaise / 100)} comes back to you.`;
}

const STATUS_WORDS: Record<PublicBooking['status'], string> = {
  held: 'Waiting for payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  expired: 'Not completed (the held time was released)',
  'no-show': 'Missed',
};

type Stage =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'view'; view: ManageView; mode: 'idle' | 'confirm-cancel' | 'move' | { confirmMove: Slot }; error?: string }
  | { kind: 'cancelled'; booking: PublicBooking; refundPaise: number }
  | { kind: 'moved'; booking: PublicBooking };

export default function ManageBooking() {
  const hydrated = useHydrated();
  const token = useQueryParam('token');
  const zone = useVisitorZone();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const focusRef = useRef<HTMLElement | null>(null);
  // The heading of each new step takes the focus once it is shown (the effect below).
  const focusHere = (el: HTMLElement | null) => void (focusRef.current = el);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void readManage(token).then((result) => {
      if (!live) return;
      setStage(
        result.ok ? { kind: 'view', view: result.data, mode: 'idle' } : { kind: 'failed', message: result.message },
      );
    });
    return () => {
      live = false;
    };
  }, [token]);

  const stageKey =
    stage.kind === 'view' ? `view-${typeof stage.mode === 'string' ? stage.mode : 'confirm-move'}` : stage.kind;
  useEffect(() => {
    if (stageKey !== 'loading' && stageKey !== 'view-idle') focusRef.current?.focus();
  }, [stageKey]);

  // Hydrated without a token in the address: the link was cut short (the static HTML shows the loading line).
  if (!token && hydrated) {
    return <ManageProblem message={MANAGE_TEXTS.noToken} />;
  }
  if (stage.kind === 'loading') {
    return (
      <p className="picker__note" role="status">
        Loading your booking…
      </p>
    );
  }
  if (stage.kind === 'failed') {
    return <ManageProblem message={stage.message} />;
  }
  if (stage.kind === 'cancelled') {
    return (
      <ManageOutcome title={MANAGE_TEXTS.cancelled} ref={focusHere}>
        <p>{sessionSentence(stage.booking, zone, stage.booking.timeZone)}</p>
        <p data-refund>
          {stage.refundPaise > 0
            ? `${formatINR(stage.refundPaise / 100)} is on its way back to you. Banks usually take 5 to 7 working days to show it.`
            : 'There is no refund for this booking.'}
        </p>
        <a className="btn btn--outline" href="/service">
          See the services
        </a>
      </ManageOutcome>
    );
  }
  if (stage.kind === 'moved') {
    return (
      <ManageOutcome title={MANAGE_TEXTS.moved} ref={focusHere}>
        <p>
          <strong>{stage.booking.serviceName}</strong>
          <br />
          {sessionSentence(stage.booking, zone, stage.booking.timeZone)}
        </p>
      </ManageOutcome>
    );
  }

  const { view, mode } = stage;
  const { booking } = view;
  const live = booking.status === 'confirmed' || booking.status === 'held';
  const setMode = (next: typeof mode, error?: string) =>
    setStage({ kind: 'view', view, mode: next, ...(error ? { error } : {}) });

  const cancel = async () => {
    if (!token || busy) return;
    setBusy(true);
    const result = await cancelManaged(token);
    setBusy(false);
    if (!result.ok) return setMode('confirm-cancel', result.message);
    // The server refunds before it cancels (nothing changes if the processor refuses), so a cancellation that went
    // through gave back what the policy promised a moment ago; all of it when the payment now reads 'refunded'.
    const after = result.data.booking.payment;
    const refunded = after.state === 'refunded' ? after.amountPaise : view.refundPaise;
    setStage({ kind: 'cancelled', booking: result.data.booking, refundPaise: refunded });
  };

  const move = async (slot: Slot) => {
    if (!token || busy) return;
    setBusy(true);
    const result = await rescheduleManaged(token, slot.start);
    setBusy(false);
    if (!result.ok) return setMode('move', result.status === 409 ? MESSAGES.taken : result.message);
    setStage({ kind: 'moved', booking: result.data.booking });
  };

  return (
    <div className="manage">
      <dl className="manage__facts">
        <dt>Session</dt>
        <dd>{booking.serviceName}</dd>
        <dt>When</dt>
        <dd>{sessionSentence(booking, zone, booking.timeZone)}</dd>
        <dt>Booked by</dt>
        <dd>{booking.client.name}</dd>
        <dt>Status</dt>
        <dd>{STATUS_WORDS[booking.status]}</dd>
        <dt>Payment</dt>
        <dd>{paymentSentence(booking)}</dd>
      </dl>

      {stage.error && (
        <p className="notice notice--error" role="alert">
          {stage.error}
        </p>
      )}

      {mode === 'idle' &&
        (live && (view.canCancel || view.canReschedule) ? (
          <div className="manage__actions">
            {view.canReschedule && (
              <button type="button" className="btn" onClick={() => setMode('move')}>
                Move to another time
              </button>
            )}
            {view.canCancel && (
              <button type="button" className="btn btn--outline" onClick={() => setMode('confirm-cancel')}>
                Cancel this session
              </button>
            )}
          </div>
        ) : live ? (
          <p>
            {MANAGE_TEXTS.locked} <a href="/contact">Write to me</a>
          </p>
        ) : null)}

      {mode === 'confirm-cancel' && (
        <section className="manage" aria-labelledby="manage-cancel-title">
          <h2 id="manage-cancel-title" ref={focusHere} tabIndex={-1}>
            Cancel this session?
          </h2>
          <p data-refund-preview>{refundPreview(view)}</p>
          <div className="manage__actions">
            <button type="button" className="btn" onClick={() => void cancel()} disabled={busy}>
              {busy ? 'Cancelling…' : 'Yes, cancel the session'}
            </button>
            <button type="button" className="btn btn--outline" onClick={() => setMode('idle')} disabled={busy}>
              Keep my booking
            </button>
          </div>
        </section>
      )}

      {mode === 'move' && (
        <section className="manage" aria-labelledby="manage-move-title">
          <h2 id="manage-move-title" ref={focusHere} tabIndex={-1}>
            Choose a new time
          </h2>
          <DatePicker
            serviceId={booking.serviceId}
            practitionerZone={booking.timeZone}
            chosen={null}
            onChoose={(slot) => setMode({ confirmMove: slot })}
          />
          <button type="button" className="link-button" onClick={() => setMode('idle')}>
            Keep the current time
          </button>
        </section>
      )}

      {typeof mode === 'object' && (
        <section className="manage" aria-labelledby="manage-confirm-move-title">
          <h2 id="manage-confirm-move-title" ref={focusHere} tabIndex={-1}>
            Move your session?
          </h2>
          <p>
            From {sessionSentence(booking, zone, booking.timeZone)}
            <br />
            to <strong>{sessionSentence(mode.confirmMove, zone, booking.timeZone)}</strong>.
          </p>
          <div className="manage__actions">
            <button type="button" className="btn" onClick={() => void move(mode.confirmMove)} disabled={busy}>
              {busy ? 'Moving…' : 'Yes, move it'}
            </button>
            <button type="button" className="btn btn--outline" onClick={() => setMode('move')} disabled={busy}>
              Choose another time
            </button>
          </div>
        </section>
      )}
    </div>
  );
}

/** Something the visitor cannot put right here (a cut-short link, a booking not found): what, and a way to write. */
function ManageProblem({ message }: { message: string }) {
  return (
    <div className="manage">
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      <a className="btn btn--outline" href="/contact">
        Write to me
      </a>
    </div>
  );
}

/** The end of a change (cancelled, moved): its heading, which takes the focus, over what follows from it. */
function ManageOutcome({ title, ref, children }: { title: string; ref: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <div className="manage">
      <h2 ref={ref} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </div>
  );
}
