// What a booking sends when it changes (docs/bookings.md, "Mails and reminders"): the client and the practitioner
// each get one mail per event, with a calendar file. Every mail has a key in the booking's `mailsSent`, claimed in
// the store before sending, so a redelivered webhook, a retried function or two racing requests send it once; a
// failed send gives its key back for the next attempt, and never fails the booking itself.
import { readSiteSettings } from '../domain/site-settings';
import { DEFAULT_CANCELLATION_POLICY } from '../../shared/schemas/availability';
import type { Env } from '../env';
import type { Mailer, MailMessage } from '../mail/types';
import { withTimeout } from '../mail/timeout';
import type { BookingStore, Stores } from '../stores/types';
import { clientMail, practitionerMail, type MailBooking, type MailContext } from './booking-mails';
import { signManageToken } from './manage-link';

export type BookingEvent = 'confirmed' | 'cancelled' | 'rescheduled' | 'refunded';

export interface NotifyDeps {
  env: Pick<Env, 'CONTACT_INBOX' | 'SITE_URL' | 'JWT_SECRET' | 'MAIL_FROM'>;
  stores: Pick<Stores, 'settings' | 'availability'> & {
    bookings: Pick<BookingStore, 'markMailSent' | 'unmarkMailSent'>;
  };
  mailer: Mailer;
  /** Tests only: the moment the mails are written at (manage links' issue time, the calendar stamp). */
  now?: Date;
}

/** How long one mail may take before it counts as failed (the function's reply must not wait on SMTP for long). */
const SEND_TIMEOUT_MS = 15_000;

/** A reason for the log without secrets (SMTP URLs may carry credentials) and without the client's details. */
function failureReason(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const text = error instanceof Error ? error.message : String(error);
  return `${code ? `${code}: ` : ''}${text
    .replace(/\s+/g, ' ')
    .replace(/\S+@\S+/g, '[address]')
    .slice(0, 200)}`;
}

/**
 * Where the practitioner's copies go: CONTACT_INBOX (as the contact form), else the contact e-mail of Site settings,
 * else MAIL_FROM's own address so the calendar file still has an organiser.
 */
export function practitionerAddress(env: NotifyDeps['env'], contactEmail: string): string {
  if (env.CONTACT_INBOX) return env.CONTACT_INBOX;
  if (contactEmail) return contactEmail;
  return /<([^<>]+)>\s*$/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
}

export function manageUrlFor(env: NotifyDeps['env'], booking: MailBooking, now: Date): string {
  const token = signManageToken(
    env.JWT_SECRET,
    { bookingId: booking._id, version: booking.version, sessionEnd: new Date(booking.end) },
    now,
  );
  return `${env.SITE_URL.replace(/\/$/, '')}/booking/manage?token=${encodeURIComponent(token)}`;
}

/** The context every mail of one booking shares. */
export async function mailContext(
  deps: NotifyDeps,
  booking: MailBooking,
  withManageLink: boolean,
): Promise<MailContext> {
  const [settings, availability] = await Promise.all([readSiteSettings(deps.stores), deps.stores.availability.get()]);
  const policy = availability.cancellation ?? DEFAULT_CANCELLATION_POLICY;
  const now = deps.now ?? new Date();
  return {
    siteName: settings.identity.siteName,
    practitionerName: settings.identity.practitionerName,
    practitionerEmail: practitionerAddress(deps.env, settings.contact.email),
    siteUrl: deps.env.SITE_URL.replace(/\/$/, ''),
    ...(withManageLink ? { manageUrl: manageUrlFor(deps.env, booking, now) } : {}),
    policy: { fullRefundHours: policy.fullRefundHours, latePercent: policy.lateRefundPercent },
    now,
  };
}

/**
 * Sends `message` once under `key`: claims the key, sends, and gives the key back when sending fails. Answers
 * whether this call sent it. A crash between claim and send loses that one mail rather than risk sending it twice.
 */
export async function sendOnce(
  deps: Pick<NotifyDeps, 'mailer' | 'stores'>,
  bookingId: string,
  key: string,
  message: () => MailMessage,
): Promise<boolean> {
  if (!(await deps.stores.bookings.markMailSent(bookingId, key))) return false;
  try {
    await withTimeout(deps.mailer.send(message()), SEND_TIMEOUT_MS);
    return true;
  } catch (error) {
    // A warning, not an error: the booking is saved; the key is free again, so the next run or retry sends it.
    console.warn(`[bookings] mail ${key} for booking ${bookingId} not sent: ${failureReason(error)}`);
    await deps.stores.bookings.unmarkMailSent(bookingId, key).catch(() => undefined);
    return false;
  }
}

/**
 * The keys of one event's mails. A move is keyed by the new start, so a second move mails again; a refund by its
 * amount, so a further partial refund is told too.
 */
export function mailKeys(
  booking: MailBooking & { payment: { refundedPaise?: number | undefined } },
  event: BookingEvent,
) {
  const suffix =
    event === 'rescheduled'
      ? `@${booking.start}`
      : event === 'refunded'
        ? `@${booking.payment.refundedPaise ?? 0}`
        : '';
  return { client: `${event}${suffix}:client`, practitioner: `${event}${suffix}:practitioner` };
}

/**
 * The mails of one booking event, to the client and to the practitioner. Never throws for a mail: a failure is
 * logged and left for a retry, and the booking stays as it is.
 */
export async function notifyBooking(deps: NotifyDeps, booking: MailBooking, event: BookingEvent): Promise<void> {
  // A hold dropped before it was paid never became a booking: no one was told of it, so no one is told it ended.
  const unpaidHold = booking.payment.mode === 'online' && ['pending', 'failed'].includes(booking.payment.state);
  if (event === 'cancelled' && unpaidHold) return;
  const keys = mailKeys(booking, event);
  let context: MailContext;
  try {
    context = await mailContext(deps, booking, event === 'confirmed' || event === 'rescheduled');
  } catch (error) {
    console.warn(`[bookings] mails for booking ${booking._id} not prepared: ${failureReason(error)}`);
    return;
  }
  // A refund follows a cancellation (whose mail told the practitioner) or a payment that came too late for a booking
  // that was never confirmed: either way, only the client needs to hear of it.
  const toPractitioner = event !== 'refunded';
  await Promise.all([
    sendOnce(deps, booking._id, keys.client, () => clientMail(event, booking, context)),
    toPractitioner
      ? sendOnce(deps, booking._id, keys.practitioner, () => practitionerMail(event, booking, context))
      : Promise.resolve(false),
  ]);
}
