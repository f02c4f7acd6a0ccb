// One booking opened from the list or the week: who, when, payment, the intake answers (sensitive), the
// practitioner's notes, and the two actions that change it.
import { useState } from 'react';
import { formatDateTime, formatINR } from '../../../shared/format';
import { formatPhone } from '../../../shared/phone';
import {
  BookingNotesInputSchema,
  type AdminBookingRow,
  type AdminCancelInput,
} from '../../../shared/schemas/admin-bookings';
import { ApiError, messageOr } from '../../api/client';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { Details } from '../../components/Details';
import { Field } from '../../components/Field';
import { RadioChoices } from '../../components/RadioChoices';
import { Modal } from '../../components/Modal';
import { reportSaveFailure } from '../../components/save-notice';
import { showToast } from '../../components/Toasts';
import { fieldProps } from '../../forms/field-wiring';
import { bookingsApi } from './bookings-api';
import { paymentLabel } from './booking-view';
import { SessionTimes, StatusBadge } from './BookingSummary';

const CANCELLABLE = new Set(['held', 'confirmed']);

export function BookingPanel({
  row,
  timeZone,
  onClose,
  onChanged,
}: {
  row: AdminBookingRow;
  timeZone: string;
  onClose: () => void;
  onChanged: (row: AdminBookingRow) => void;
}) {
  const { booking, refundFullPaise, refundPolicyPaise } = row;
  const [refund, setRefund] = useState<AdminCancelInput['refund']>('full');
  const [notes, setNotes] = useState(booking.practitionerNotes);
  const [notesError, setNotesError] = useState<string | undefined>();
  const [savingNotes, setSavingNotes] = useState(false);
  const [confirm, setConfirm] = useState<null | 'cancel' | 'no-show' | 'discard'>(null);
  const [busy, setBusy] = useState(false);
  const notesDirty = notes !== booking.practitionerNotes;
  const [openedAt] = useState(() => Date.now());
  const started = Date.parse(booking.start) <= openedAt;

  const saveNotes = async () => {
    const parsed = BookingNotesInputSchema.safeParse({ practitionerNotes: notes });
    if (!parsed.success) {
      setNotesError(parsed.error.issues[0]?.message);
      return;
    }
    setNotesError(undefined);
    setSavingNotes(true);
    try {
      const reply = await bookingsApi.saveNotes(booking._id, parsed.data);
      onChanged(reply.data);
      setNotes(reply.data.booking.practitionerNotes);
      showToast({
        tone: 'success',
        title: 'Notes saved',
        detail: `Your notes on ${booking.client.name}’s session are saved.`,
      });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) {
        reportSaveFailure(
          messageOr(error, 'Your notes could not be saved. Please try again.'),
          'Your notes are still here.',
        );
      }
    } finally {
      setSavingNotes(false);
    }
  };

  const act = async () => {
    if (confirm !== 'cancel' && confirm !== 'no-show') return;
    setBusy(true);
    try {
      const reply =
        confirm === 'cancel'
          ? await bookingsApi.cancel(booking._id, paid ? refund : 'none')
          : await bookingsApi.noShow(booking._id);
      onChanged(reply.data);
      showToast({
        tone: 'success',
        title: confirm === 'cancel' ? 'Booking cancelled' : 'Marked as no-show',
        detail: reply.message ?? `${booking.client.name}, ${booking.serviceName}.`,
      });
      setConfirm(null);
    } catch (error) {
      setConfirm(null);
      if (!(error instanceof ApiError && error.status === 401)) {
        showToast({
          tone: 'error',
          title: messageOr(
            error,
            confirm === 'cancel' ? 'The booking could not be cancelled.' : 'The booking could not be changed.',
          ),
          detail: 'Nothing was changed. Please try again.',
        });
      }
    } finally {
      setBusy(false);
    }
  };

  const onClosePanel = () => {
    // A slip of Escape must not lose typed notes: ask first.
    if (notesDirty) setConfirm('discard');
    else onClose();
  };

  // The two questions with a line of text alone (the cancel one also offers the refund): their words and their yes.
  const plainQuestions = {
    'no-show': {
      modal: {
        title: 'Mark as no-show?',
        busy,
        confirmLabel: 'Mark no-show',
        cancelLabel: 'Go back',
        onConfirm: () => void act(),
      },
      text: `${booking.client.name} did not come to their ${booking.serviceName}. Nothing is refunded and no e-mail is sent.`,
    },
    discard: {
      modal: {
        title: 'Close without saving your notes?',
        busy: false,
        confirmLabel: 'Close without saving',
        cancelLabel: 'Keep editing',
        onConfirm: onClose,
      },
      text: 'Your notes on this session are not saved yet. If you close now, they are lost.',
    },
  };
  const plainQuestion = confirm === 'no-show' || confirm === 'discard' ? plainQuestions[confirm] : null;

  const paid = booking.payment.state === 'paid' && refundFullPaise > 0;
  const refundChoices: { value: AdminCancelInput['refund']; label: string }[] = [
    { value: 'full', label: `Refund in full: ${formatINR(refundFullPaise / 100)}` },
    ...(refundPolicyPaise !== refundFullPaise
      ? [{ value: 'policy' as const, label: `Refund by your policy: ${formatINR(refundPolicyPaise / 100)}` }]
      : []),
    { value: 'none', label: 'No refund' },
  ];
  return (
    <Modal
      title={`${booking.client.name} · ${booking.serviceName}`}
      size="md"
      onClose={onClosePanel}
      footer={
        <>
          {booking.status === 'confirmed' && started ? (
            <button type="button" className="button button-ghost" onClick={() => setConfirm('no-show')}>
              Mark no-show
            </button>
          ) : null}
          {CANCELLABLE.has(booking.status) ? (
            <button
              type="button"
              className="button button-ghost button-danger-text"
              onClick={() => setConfirm('cancel')}
            >
              {paid ? 'Cancel and refund' : 'Cancel booking'}
            </button>
          ) : null}
          <button type="button" className="button button-primary" onClick={onClosePanel}>
            Close
          </button>
        </>
      }
    >
      <div className="booking-panel">
        <Details
          items={[
            ['Status', <StatusBadge key="s" status={booking.status} />],
            [
              'When',
              <span key="w" className="panel-times">
                <SessionTimes booking={booking} timeZone={timeZone} />
              </span>,
            ],
            ['Payment', paymentLabel(booking.payment)],
            [
              'E-mail',
              <a key="e" href={`mailto:${booking.client.email}`}>
                {booking.client.email}
              </a>,
            ],
            [
              'Phone',
              booking.client.phone ? (
                <a key="p" href={`tel:${booking.client.phone}`}>
                  {formatPhone(booking.client.phone)}
                </a>
              ) : null,
            ],
            ['Booked', formatDateTime(booking.createdAt, { timeZone })],
            [
              'Cancelled',
              booking.cancelledAt
                ? `${formatDateTime(booking.cancelledAt, { timeZone })}${booking.cancelledBy ? ` by ${booking.cancelledBy === 'practitioner' ? 'you' : `the ${booking.cancelledBy}`}` : ''}`
                : null,
            ],
            ['Their note', booking.note || null],
          ]}
        />
        {booking.answers.length > 0 ? (
          <section className="sensitive" aria-labelledby="answers-title">
            <h3 id="answers-title">
              Answers before the session <span className="badge badge-gold">Sensitive</span>
            </h3>
            <p className="muted">Only you see these. They are never sent in mail or shown on the site.</p>
            <dl className="answers">
              {booking.answers.map((answer) => (
                <div key={answer.questionId}>
                  <dt>{answer.question}</dt>
                  <dd>{answer.answer || <span className="muted">No answer</span>}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
        <div className="panel-notes">
          <Field id="booking-notes" label="Your notes" error={notesError} hint="Private: the client never sees them.">
            <textarea
              {...fieldProps('booking-notes', notesError, true)}
              className="input"
              rows={4}
              value={notes}
              onChange={(event) => setNotes(event.target.value)}
            />
          </Field>
          <button
            type="button"
            className="button button-secondary"
            disabled={savingNotes || !notesDirty}
            onClick={() => void saveNotes()}
          >
            {savingNotes ? <span className="spinner spinner-sm" aria-hidden="true" /> : null}
            Save notes
          </button>
        </div>
      </div>
      {confirm === 'cancel' ? (
        <ConfirmDeleteModal
          title={paid ? 'Cancel and refund?' : 'Cancel this booking?'}
          busy={busy}
          confirmLabel={paid ? 'Cancel and refund' : 'Cancel booking'}
          cancelLabel="Keep the booking"
          onCancel={() => setConfirm(null)}
          onConfirm={() => void act()}
        >
          <p>
            {booking.client.name}’s {booking.serviceName} is cancelled and the time is free again. They get an e-mail
            saying so.
          </p>
          {paid ? (
            <fieldset className="refund-choice">
              <legend>
                They paid {formatINR(booking.payment.amountPaise / 100)}. What goes back to their payment method?
              </legend>
              <RadioChoices name="refund" choices={refundChoices} value={refund} onChange={setRefund} disabled={busy} />
            </fieldset>
          ) : null}
        </ConfirmDeleteModal>
      ) : null}
      {plainQuestion ? (
        <ConfirmDeleteModal {...plainQuestion.modal} onCancel={() => setConfirm(null)}>
          <p>{plainQuestion.text}</p>
        </ConfirmDeleteModal>
      ) : null}
    </Modal>
  );
}
