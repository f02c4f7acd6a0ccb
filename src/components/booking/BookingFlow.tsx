// The on-site booking island of a service page (docs/bookings.md, "The visitor's flow"): choose a time, give your
// details, pay when the service has a price, and see it booked. It hydrates only when the visitor turns to it
// (client:interaction, or the Book button focusing it), and loads nothing before. The form keeps what was typed
// through every step, so a time taken by someone else, a closed Checkout or a failed call never loses it.
import { useEffect, useRef, useState } from 'react';
import '../../styles/contact-form.css';
import './booking.css';
import { formatINR } from '../../shared/format';
import type { BookingRequest } from '../../shared/schemas/booking';
import {
  confirmPayment,
  createBooking,
  MESSAGES,
  type BookingCreated,
  type PaymentOrder,
  type PublicBooking,
} from './api';
import DatePicker from './DatePicker';
import DetailsForm, { EMPTY_DETAILS, type Details, type IntakeQuestionView } from './DetailsForm';
import DoneScreen from './DoneScreen';
import { loadCheckout, openCheckout } from './checkout';
import { useVisitorZone } from './browser-state';
import { sessionSentence, type Slot } from './slot-view';
import { useHydrated } from '../island-hooks';

export interface BookingFlowProps {
  serviceId: string;
  serviceName: string;
  siteName: string;
  /** The practitioner's zone when the page was built (their availability's zone). */
  practitionerZone: string;
  intakeQuestions: readonly IntakeQuestionView[];
  /** Checkout's script address from the build (RAZORPAY_CHECKOUT_URL), or null when online payment is off. */
  checkoutUrl: string | null;
  /** The cancellation policy in words, shown before anyone pays. */
  refundRule: string;
  /** '₹2,500' or 'Free', from the page's price. */
  priceLabel: string;
  /** Whether the service has a price (paid online when Checkout is configured, else at the session). */
  paid: boolean;
}

type Step =
  | { kind: 'pick'; notice: string | null }
  | { kind: 'details' }
  | { kind: 'pay'; created: BookingCreated & { payment: PaymentOrder }; expiresAt: number; state: PayState }
  | { kind: 'done'; booking: PublicBooking; note: string | null };

type PayState =
  { kind: 'opening' } | { kind: 'waiting' } | { kind: 'confirming' } | { kind: 'failed'; message: string };

/** A hold lasts 10 minutes from its creation (docs/bookings.md); the reply's own expiry wins when it has one. */
const HOLD_MS = 10 * 60_000;

export const PAY_TEXTS = {
  heldFor: (clock: string) => `Your time is held for you for ${clock} more.`,
  expired: 'The time I held for you has been released. Please choose a time again.',
  checkoutFailed: 'The payment window could not be opened. Please check your connection and try again.',
  declined: (reason: string | null) =>
    `The payment did not go through${reason ? `: ${reason.replace(/\.$/, '')}` : ''}. Nothing was taken. You can try again.`,
  confirmFailed:
    'Your payment went through, and I am confirming your booking. You will get an e-mail within a few minutes.',
} as const;

export default function BookingFlow(props: BookingFlowProps) {
  const hydrated = useHydrated();
  const visitorZone = useVisitorZone();
  const [slot, setSlot] = useState<Slot | null>(null);
  const [details, setDetails] = useState<Details>(() => EMPTY_DETAILS(props.intakeQuestions));
  const [step, setStep] = useState<Step>({ kind: 'pick', notice: null });
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const noticeRef = useRef<HTMLParagraphElement | null>(null);

  // Each new step puts focus on its heading (or the notice that sent the visitor back), so a keyboard or screen
  // reader user is told where they are; the first render leaves focus alone.
  const stepKey = step.kind;
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    if (step.kind === 'pick' && step.notice) noticeRef.current?.focus();
    else headingRef.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stepKey]);

  const chooseSlot = (chosen: Slot) => {
    setSlot(chosen);
    setStep({ kind: 'details' });
  };

  const pay = async (current: Extract<Step, { kind: 'pay' }>) => {
    const order = current.created.payment;
    const at = (state: PayState) => setStep({ ...current, state });
    at({ kind: 'opening' });
    try {
      if (!props.checkoutUrl) throw new Error('Checkout is not configured');
      await loadCheckout(props.checkoutUrl);
      openCheckout(
        order,
        {
          siteName: props.siteName,
          serviceName: props.serviceName,
          payer: { name: details.name, email: details.email, phone: details.phone },
        },
        {
          onDismissed: () => at({ kind: 'waiting' }),
          onFailed: (reason) => at({ kind: 'failed', message: PAY_TEXTS.declined(reason) }),
          onPaid: (response) => {
            at({ kind: 'confirming' });
            void confirmPayment(current.created.booking._id, response).then((confirmed) =>
              setStep(
                confirmed.ok
                  ? { kind: 'done', booking: confirmed.data.booking, note: null }
                  : { kind: 'done', booking: current.created.booking, note: PAY_TEXTS.confirmFailed },
              ),
            );
          },
        },
      );
    } catch {
      at({ kind: 'failed', message: PAY_TEXTS.checkoutFailed });
    }
  };

  const submit = async (request: BookingRequest): Promise<Record<string, string> | null> => {
    const result = await createBooking(request);
    if (!result.ok) {
      if (result.status === 409) {
        setSlot(null);
        setStep({ kind: 'pick', notice: MESSAGES.taken });
        return null;
      }
      return { _: result.message, ...(result.errors ?? {}) };
    }
    const created = result.data;
    if (created.payment && created.booking.status === 'held') {
      const expiresAt = created.booking.holdExpiresAt
        ? Date.parse(created.booking.holdExpiresAt)
        : Date.now() + HOLD_MS;
      const paying = { kind: 'pay' as const, created: { ...created, payment: created.payment }, expiresAt };
      void pay({ ...paying, state: { kind: 'opening' } });
      return null;
    }
    setStep({ kind: 'done', booking: created.booking, note: null });
    return null;
  };

  const sentence = slot ? sessionSentence(slot, visitorZone, props.practitionerZone) : '';

  return (
    <section id="book" className="detail-card book-flow" aria-labelledby="book-flow-title" tabIndex={-1}>
      <h2 id="book-flow-title" className="book-flow__title">
        {step.kind === 'done' ? 'Your booking' : 'Book a time'}
      </h2>
      {!hydrated ? (
        <p className="picker__note">Loading the free times…</p>
      ) : step.kind === 'pick' ? (
        <>
          <p className="book-flow__lead" ref={step.notice ? undefined : headingRef} tabIndex={-1}>
            Choose a date, then a time that suits you.{' '}
            {props.priceLabel !== '' && <>The session is {props.priceLabel}.</>}
          </p>
          {step.notice && (
            <p className="notice notice--error" role="alert" tabIndex={-1} ref={noticeRef}>
              {step.notice}
            </p>
          )}
          <DatePicker
            serviceId={props.serviceId}
            practitionerZone={props.practitionerZone}
            chosen={slot}
            onChoose={chooseSlot}
          />
        </>
      ) : step.kind === 'details' && slot ? (
        <>
          <h3 className="book-flow__step" ref={headingRef} tabIndex={-1}>
            Your details
          </h3>
          <p className="book-flow__chosen">
            <span>{sentence}</span>{' '}
            <button type="button" className="link-button" onClick={() => setStep({ kind: 'pick', notice: null })}>
              Change the time
            </button>
          </p>
          <DetailsForm
            serviceId={props.serviceId}
            start={slot.start}
            questions={props.intakeQuestions}
            values={details}
            onChange={setDetails}
            refundRule={props.refundRule}
            submitLabel={props.paid && props.checkoutUrl ? `Continue to pay ${props.priceLabel}` : 'Book this time'}
            onSubmit={submit}
          />
        </>
      ) : step.kind === 'pay' ? (
        <PayPanel
          step={step}
          headingRef={headingRef}
          sentence={sentence}
          onPay={() => void pay(step)}
          onExpired={() => {
            setSlot(null);
            setStep({ kind: 'pick', notice: PAY_TEXTS.expired });
          }}
        />
      ) : step.kind === 'done' ? (
        <DoneScreen
          booking={step.booking}
          note={step.note}
          email={details.email}
          visitorZone={visitorZone}
          practitionerZone={props.practitionerZone}
          headingRef={headingRef}
        />
      ) : null}
    </section>
  );
}

interface PayPanelProps {
  step: Extract<Step, { kind: 'pay' }>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  sentence: string;
  onPay: () => void;
  onExpired: () => void;
}

/** The hold while Checkout is open or was closed: how long it lasts, and Pay again. */
function PayPanel({ step, headingRef, sentence, onPay, onExpired }: PayPanelProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, step.expiresAt - now);
  useEffect(() => {
    if (left === 0) onExpired();
  }, [left, onExpired]);
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  const clock = `${minutes}:${String(seconds).padStart(2, '0')}`;
  const amount = formatINR(step.created.payment.amountPaise / 100);
  const busy = step.state.kind === 'opening' || step.state.kind === 'confirming';
  return (
    <div className="book-flow__pay">
      <h3 className="book-flow__step" ref={headingRef} tabIndex={-1}>
        Payment
      </h3>
      <p className="book-flow__chosen">{sentence}</p>
      {/* The countdown is shown, not announced every second; the sentence below is read when it appears. */}
      <p className="book-flow__hold">
        <span aria-hidden="true">{PAY_TEXTS.heldFor(clock)}</span>
        <span className="visually-hidden">{`Your time is held for you for about ${minutes + 1} minutes.`}</span>
      </p>
      <div role="status">
        {step.state.kind === 'opening' && <p className="picker__note">Opening the secure payment window…</p>}
        {step.state.kind === 'confirming' && <p className="picker__note">Confirming your payment…</p>}
        {step.state.kind === 'waiting' && (
          <p className="picker__note">
            The payment window was closed before paying. You can pay whenever you are ready.
          </p>
        )}
      </div>
      {step.state.kind === 'failed' && (
        <p className="notice notice--error" role="alert">
          {step.state.message}
        </p>
      )}
      {(step.state.kind === 'waiting' || step.state.kind === 'failed') && (
        <button type="button" className="btn btn--lg" onClick={onPay} disabled={busy}>
          Pay {amount}
        </button>
      )}
    </div>
  );
}
