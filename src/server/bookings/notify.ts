// Mail and calendar side effects of a booking's changes (docs/bookings.md, "Mails"). Owned by book-mail, which
// replaces this body with the final texts and the .ics invitations; this first version sends a plain confirmation
// to both sides so the booking flow is real end to end. Every call is best-effort: a mail that fails is logged
// (without personal data) and never undoes the booking.
import type { AppDeps } from '../deps';
import type { Booking } from '../../shared/schemas/booking';

export type BookingEvent = 'confirmed' | 'cancelled' | 'rescheduled' | 'refunded';

export type NotifyDeps = Pick<AppDeps, 'env' | 'stores' | 'mailer'>;

function when(booking: Booking): string {
  return new Intl.DateTimeFormat('en-IN', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: booking.timeZone,
  }).format(new Date(booking.start));
}

const SUBJECTS: Record<BookingEvent, string> = {
  confirmed: 'Your session is booked',
  cancelled: 'Your session is cancelled',
  rescheduled: 'Your session has a new time',
  refunded: 'Your refund is on its way',
};

export async function notifyBooking(deps: NotifyDeps, booking: Booking, event: BookingEvent): Promise<void> {
  const key = `${event}:v${booking.version}`;
  if (!(await deps.stores.bookings.markMailSent(booking._id, `${key}:client`))) return;
  const at = `${when(booking)} (${booking.timeZone})`;
  const clientText = [
    `Dear ${booking.client.name},`,
    '',
    `${SUBJECTS[event]}: ${booking.serviceName}, ${at}.`,
    '',
    'With warmth,',
  ].join('\n');
  const practitionerText = [
    `${booking.serviceName}, ${at}: ${event}.`,
    `Client: ${booking.client.name} <${booking.client.email}>`,
  ].join('\n');
  try {
    await deps.mailer.send({ to: booking.client.email, subject: SUBJECTS[event], text: clientText });
    const inbox = deps.env.CONTACT_INBOX;
    if (inbox && (await deps.stores.bookings.markMailSent(booking._id, `${key}:practitioner`))) {
      await deps.mailer.send({
        to: inbox,
        subject: `Booking ${event}: ${booking.serviceName}`,
        text: practitionerText,
      });
    }
  } catch (error) {
    console.error(`[bookings] the ${event} mail of booking ${booking._id} failed: ${(error as Error).name}`);
  }
}
