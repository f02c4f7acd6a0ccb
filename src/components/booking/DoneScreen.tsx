// "You're booked" (docs/bookings.md, "The visitor's flow"): the time on the visitor's clock, what happens next, and
// the session as a calendar file to download at once.
import { useEffect, useMemo, type RefObject } from 'react';
import { formatINR } from '../../shared/format';
import type { PublicBooking } from './api';
import { bookingIcs } from './ics';
import { sessionSentence } from './slot-view';

export const DONE_TITLE = "You're booked";

interface Props {
  booking: PublicBooking;
  /** A word about a payment still being confirmed, when there is one. */
  note: string | null;
  email: string;
  visitorZone: string;
  practitionerZone: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** What the visitor pays, in one sentence. */
export function paymentSentence(booking: PublicBooking): string {
  const amount = formatINR(booking.payment.amountPaise / 100);
  if (booking.payment.mode === 'free' || booking.payment.amountPaise === 0) return 'This session is free.';
  if (booking.payment.mode === 'at-session') return `You pay ${amount} at the session.`;
  return booking.payment.state === 'paid'
    ? `You have paid ${amount}. Thank you.`
    : `Your payment of ${amount} is being confirmed.`;
}

export default function DoneScreen({ booking, note, email, visitorZone, practitionerZone, headingRef }: Props) {
  const href = useMemo(() => {
    const ics = bookingIcs({
      uid: `${booking._id}@bookings.soul-guidance`,
      start: booking.start,
      end: booking.end,
      summary: booking.serviceName,
      description: `Your ${booking.serviceName} session. The confirmation e-mail has the link to change or cancel it.`,
    });
    return URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
  }, [booking]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);

  return (
    <div className="book-done">
      <h3 className="book-flow__step book-done__title" ref={headingRef} tabIndex={-1}>
        {DONE_TITLE}
      </h3>
      <p className="book-done__when">
        <strong>{booking.serviceName}</strong>
        <br />
        {sessionSentence(booking, visitorZone, practitionerZone)}
      </p>
      <p>{paymentSentence(booking)}</p>
      {note && <p className="notice notice--success">{note}</p>}
      <h4 className="book-form__policy-title">What happens next</h4>
      <ul className="book-done__next">
        <li>
          A confirmation is on its way to <strong>{email}</strong>, with the session as a calendar invitation.
        </li>
        <li>The e-mail has a link to move or cancel the session, within the cancellation policy.</li>
        <li>I will send a reminder the day before and an hour before we meet.</li>
      </ul>
      <a className="btn btn--outline" href={href} download="session.ics">
        Add to my calendar (.ics)
      </a>
    </div>
  );
}
