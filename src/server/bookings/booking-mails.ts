// What a booking sends (docs/bookings.md, "Mails and reminders"): the words of each mail to the client and to the
// practitioner, built from a booking-shaped value alone, so the texts are tested without a store or a mail server.
// Plain text first (every client reads it, screen readers read it as is) and a small HTML part with inline styles.
import { formatINR } from '../../shared/format';
import { escapeHtml } from '../mail/templates';
import type { MailMessage } from '../mail/types';
import { calendarFile } from './calendar-file';

/** The parts of a booking the mails read (a Booking satisfies it). */
export interface MailBooking {
  _id: string;
  serviceName: string;
  start: string;
  end: string;
  timeZone: string;
  client: { name: string; email: string; phone?: string | undefined };
  note?: string | undefined;
  status: string;
  /** Set on a cancelled booking; 'system' when a payment came after its time was taken by someone else. */
  cancelledBy?: string | undefined;
  payment: { mode: string; state: string; amountPaise: number; refundedPaise?: number | undefined };
  version: number;
}

/** The cancellation policy in the words the mails need: full refund up to `hours` before, `latePercent` after. */
export interface MailRefundPolicy {
  fullRefundHours: number;
  latePercent: number;
}

export interface MailContext {
  /** The site's name: the sender's display name and the calendar's name. */
  siteName: string;
  /** Who the client meets: signs the client's mails and organises the calendar event. */
  practitionerName: string;
  /** Where mails to the practitioner go; also the event's organiser address. */
  practitionerEmail: string;
  siteUrl: string;
  /** The client's cancel-or-reschedule link (confirmations, reschedules and reminders). */
  manageUrl?: string;
  policy: MailRefundPolicy;
  now?: Date;
}

export type ClientMailKind = 'confirmed' | 'rescheduled' | 'cancelled' | 'refunded' | 'reminder-24h' | 'reminder-1h';
export type PractitionerMailKind = 'confirmed' | 'rescheduled' | 'cancelled' | 'refunded';

const HOUR_MS = 3_600_000;

/** "India Standard Time", "British Summer Time": the zone's own long name at that moment. */
function zoneName(instant: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'long' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

function clock(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(instant)
    .replace(/\s?([ap])\.?m\.?$/i, (_, letter: string) => ` ${letter.toLowerCase()}m`);
}

function day(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(instant);
}

/**
 * "Tuesday, 1 December 2026, 3:00 pm to 4:00 pm India Standard Time (Asia/Kolkata)": the session in the
 * practitioner's zone, named in words and by its identifier, never as a UTC offset.
 */
export function sessionWhen(booking: Pick<MailBooking, 'start' | 'end' | 'timeZone'>): string {
  const start = new Date(booking.start);
  const end = new Date(booking.end);
  const zone = booking.timeZone;
  const sameDay = day(start, zone) === day(end, zone);
  const span = sameDay
    ? `${day(start, zone)}, ${clock(start, zone)} to ${clock(end, zone)}`
    : `${day(start, zone)}, ${clock(start, zone)} to ${day(end, zone)}, ${clock(end, zone)}`;
  return `${span} ${zoneName(start, zone)} (${zone})`;
}

function minutesBetween(start: string, end: string): number {
  return Math.round((Date.parse(end) - Date.parse(start)) / 60_000);
}

/** The refund rules as the client reads them before and after paying. */
export function refundRulesText(policy: MailRefundPolicy): string {
  const hours = policy.fullRefundHours;
  const window = hours === 1 ? '1 hour' : `${hours} hours`;
  const late =
    policy.latePercent <= 0
      ? 'After that, the session can no longer be refunded.'
      : policy.latePercent >= 100
        ? 'After that, you still get a full refund.'
        : `After that, ${policy.latePercent}% of the price is refunded.`;
  return `You can cancel or move the session up to ${window} before it starts and get a full refund. ${late}`;
}

function paymentLine(booking: MailBooking): string | null {
  const { payment } = booking;
  if (payment.mode === 'free' || payment.amountPaise <= 0) return 'This session is free.';
  const amount = formatINR(payment.amountPaise / 100);
  if (payment.mode === 'at-session') return `You pay ${amount} at the session.`;
  if (payment.state === 'paid') return `Your payment of ${amount} has been received.`;
  return `The price is ${amount}.`;
}

function practitionerPaymentLine(booking: MailBooking): string {
  const { payment } = booking;
  if (payment.mode === 'free' || payment.amountPaise <= 0) return 'Free';
  const amount = formatINR(payment.amountPaise / 100);
  if (payment.mode === 'at-session') return `${amount}, to be paid at the session`;
  if (payment.state === 'refunded') return `${amount}, refunded`;
  if (payment.state === 'paid') return `${amount}, paid online`;
  return `${amount}, payment ${payment.state}`;
}

interface Draft {
  subject: string;
  title: string;
  /** Paragraphs; each is plain text (escaped for HTML). */
  paragraphs: string[];
  /** Label and value lines shown as a small table. */
  details: [string, string][];
  link?: { label: string; url: string };
  signature: string;
}

function render(to: string, draft: Draft, replyTo?: string): Pick<MailMessage, 'to' | 'subject' | 'text' | 'html'> {
  const text = [
    ...draft.paragraphs.flatMap((p) => [p, '']),
    ...draft.details.map(([label, value]) => `${label}: ${value}`),
    '',
    ...(draft.link ? [`${draft.link.label}: ${draft.link.url}`, ''] : []),
    draft.signature,
  ].join('\n');
  const rows = draft.details
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 12px 4px 0;color:#5d5670;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const paragraphs = draft.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join('\n');
  const link = draft.link
    ? `<p style="margin:16px 0"><a href="${escapeHtml(draft.link.url)}" style="display:inline-block;background:#b8862b;color:#1f1830;text-decoration:none;padding:10px 18px;border-radius:6px;font-weight:bold">${escapeHtml(draft.link.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;padding:24px;background:#faf6ef;color:#2a2340;font-family:Arial,Helvetica,sans-serif;font-size:16px">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="margin:0 0 16px;font-family:Georgia,serif;font-size:22px;color:#3b2a5c">${escapeHtml(draft.title)}</h1>
${paragraphs}
<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;line-height:1.4">${rows}</table>
${link}
<p style="margin:24px 0 0;line-height:1.5;color:#5d5670">${escapeHtml(draft.signature).replace(/\n/g, '<br>')}</p>
</div>
</body>
</html>`;
  return { to, subject: draft.subject, text, html, ...(replyTo ? { replyTo } : {}) };
}

function calendarAttachment(
  booking: MailBooking,
  context: MailContext,
  kind: 'request' | 'cancel',
): NonNullable<MailMessage['icalEvent']> {
  const content = calendarFile({
    kind,
    name: context.siteName,
    sessions: [
      {
        id: booking._id,
        start: new Date(booking.start),
        end: new Date(booking.end),
        summary: `${booking.serviceName} with ${context.practitionerName}`,
        description: context.manageUrl
          ? `To cancel or move this session: ${context.manageUrl}`
          : `Booked on ${context.siteUrl}`,
        cancelled: kind === 'cancel',
        sequence: booking.version,
      },
    ],
    organizer: { name: context.practitionerName, email: context.practitionerEmail },
    attendee: { name: booking.client.name, email: booking.client.email },
    ...(context.now ? { now: context.now } : {}),
  });
  return {
    method: kind === 'cancel' ? 'CANCEL' : 'REQUEST',
    filename: kind === 'cancel' ? 'cancelled-session.ics' : 'session.ics',
    content,
  };
}

/** What differs from one kind of mail to the next; the details, link and signature are the same for each. */
type DraftTexts = Pick<Draft, 'subject' | 'title' | 'paragraphs'>;

function clientDraft(kind: ClientMailKind, booking: MailBooking, context: MailContext): Draft {
  const when = sessionWhen(booking);
  const details: [string, string][] = [
    ['Session', booking.serviceName],
    ['When', when],
    ['Length', `${minutesBetween(booking.start, booking.end)} minutes`],
  ];
  const signature = `Warmly,\n${context.practitionerName}`;
  const manage = context.manageUrl ? { label: 'Cancel or move this session', url: context.manageUrl } : undefined;
  // Only mails about a session still to come offer to cancel or move it.
  const link = manage && kind !== 'cancelled' && kind !== 'refunded' ? { link: manage } : {};
  const texts = clientTexts(kind, booking, context);
  // Every mail to the client opens with their first name.
  const first = booking.client.name.split(/\s+/)[0] || booking.client.name;
  return { ...texts, paragraphs: [`Dear ${first},`, ...texts.paragraphs], details, ...link, signature };
}

function clientTexts(kind: ClientMailKind, booking: MailBooking, context: MailContext): DraftTexts {
  const payment = paymentLine(booking);
  const calendarNote =
    'The attached calendar file adds the session to your calendar, which shows it in your own time zone if you are elsewhere.';
  switch (kind) {
    case 'confirmed':
      return {
        subject: `Your ${booking.serviceName} is booked`,
        title: 'Your session is booked',
        paragraphs: [
          `Thank you for booking your ${booking.serviceName} with me. I have set aside this time for you and look forward to our session.`,
          ...(payment ? [payment] : []),
          calendarNote,
          refundRulesText(context.policy),
        ],
      };
    case 'rescheduled':
      return {
        subject: `Your ${booking.serviceName} has moved`,
        title: 'Your session has a new time',
        paragraphs: [
          'Your session has moved to the time below. The earlier time is free again, and nothing else changes.',
          'The attached calendar file updates the event in your calendar.',
          refundRulesText(context.policy),
        ],
      };
    case 'cancelled': {
      const refund = booking.payment.refundedPaise ?? 0;
      return {
        subject: `Your ${booking.serviceName} is cancelled`,
        title: 'Your session is cancelled',
        paragraphs: [
          'The session below is cancelled. The attached calendar file removes it from your calendar.',
          ...(refund > 0
            ? [`A refund of ${formatINR(refund / 100)} is on its way to the account you paid from.`]
            : booking.payment.state === 'paid'
              ? ['Under the cancellation policy, this payment is not refunded.']
              : []),
          `Whenever you feel ready, you are welcome to book again at ${context.siteUrl}.`,
        ],
      };
    }
    case 'refunded':
      return {
        subject: `Your refund for ${booking.serviceName}`,
        title: 'Your refund is on its way',
        paragraphs: [
          ...(booking.cancelledBy === 'system'
            ? [
                'Your payment arrived after the time you chose had been given to someone else, so I could not keep it for you. I am sorry for the trouble.',
              ]
            : []),
          `I have refunded ${formatINR((booking.payment.refundedPaise ?? booking.payment.amountPaise) / 100)} to the account you paid from. Banks usually show it within 5 to 7 working days.`,
          ...(booking.cancelledBy === 'system'
            ? [`You are welcome to choose another time at ${context.siteUrl}.`]
            : []),
        ],
      };
    case 'reminder-24h':
    case 'reminder-1h': {
      const soon = kind === 'reminder-1h' ? 'in about an hour' : 'tomorrow';
      return {
        subject: `Reminder: ${booking.serviceName} ${kind === 'reminder-1h' ? 'in an hour' : 'tomorrow'}`,
        title: kind === 'reminder-1h' ? 'Our session starts soon' : 'Our session is tomorrow',
        paragraphs: [`A gentle reminder: our session is ${soon}. A quiet place where you will not be disturbed helps.`],
      };
    }
  }
}

function practitionerDraft(kind: PractitionerMailKind, booking: MailBooking, context: MailContext): Draft {
  const details: [string, string][] = [
    ['Client', booking.client.name],
    ['E-mail', booking.client.email],
    ...(booking.client.phone ? ([['Phone', booking.client.phone]] as [string, string][]) : []),
    ['Session', booking.serviceName],
    ['When', sessionWhen(booking)],
    ['Payment', practitionerPaymentLine(booking)],
  ];
  const portal = { label: 'Open Bookings in the portal', url: `${context.siteUrl}/admin/bookings` };
  const signature = 'Sent by the booking system of your website';
  return { ...practitionerTexts(kind, booking), details, link: portal, signature };
}

function practitionerTexts(kind: PractitionerMailKind, booking: MailBooking): DraftTexts {
  const name = booking.client.name;
  switch (kind) {
    case 'confirmed':
      return {
        subject: `New booking: ${booking.serviceName}, ${name}`,
        title: 'A new session is booked',
        paragraphs: [
          `${name} booked ${booking.serviceName}. The attached calendar file adds it to your calendar.`,
          ...(booking.note ? [`Their note: ${booking.note}`] : []),
        ],
      };
    case 'rescheduled':
      return {
        subject: `Moved: ${booking.serviceName}, ${name}`,
        title: 'A session has moved',
        paragraphs: [`${name} moved their session to the time below. The attached file updates your calendar.`],
      };
    case 'cancelled':
      return {
        subject: `Cancelled: ${booking.serviceName}, ${name}`,
        title: 'A session is cancelled',
        paragraphs: [
          `The session with ${name} below is cancelled and its time is free again. The attached file removes it from your calendar.`,
          ...((booking.payment.refundedPaise ?? 0) > 0
            ? [`${formatINR((booking.payment.refundedPaise ?? 0) / 100)} was refunded.`]
            : []),
        ],
      };
    case 'refunded':
      return {
        subject: `Refunded: ${booking.serviceName}, ${name}`,
        title: 'A payment was refunded',
        paragraphs: [
          `${formatINR((booking.payment.refundedPaise ?? booking.payment.amountPaise) / 100)} was refunded to ${name}.`,
        ],
      };
  }
}

/** Confirmations and moves carry the calendar event, cancellations its cancellation (docs/bookings.md). */
function withCalendar(
  message: MailMessage,
  kind: ClientMailKind | PractitionerMailKind,
  booking: MailBooking,
  context: MailContext,
): MailMessage {
  if (kind === 'confirmed' || kind === 'rescheduled')
    message.icalEvent = calendarAttachment(booking, context, 'request');
  if (kind === 'cancelled') message.icalEvent = calendarAttachment(booking, context, 'cancel');
  return message;
}

/** The mail to the client; confirmations, moves and cancellations carry the calendar file. */
export function clientMail(kind: ClientMailKind, booking: MailBooking, context: MailContext): MailMessage {
  const draft = clientDraft(kind, booking, context);
  return withCalendar(render(booking.client.email, draft, context.practitionerEmail), kind, booking, context);
}

/** The mail to the practitioner; the client's address is the reply address, so "Reply" writes to them. */
export function practitionerMail(kind: PractitionerMailKind, booking: MailBooking, context: MailContext): MailMessage {
  const draft = practitionerDraft(kind, booking, context);
  return withCalendar(render(context.practitionerEmail, draft, booking.client.email), kind, booking, context);
}

/** When each reminder is due: this long before the start. */
export const REMINDERS = [
  { key: 'reminder-24h', beforeMs: 24 * HOUR_MS },
  { key: 'reminder-1h', beforeMs: HOUR_MS },
] as const;
