// Bookings as iCalendar text (docs/bookings.md, "Calendars"): the private feed the practitioner subscribes to, and
// the .ics attached to confirmation and cancellation mails, so both sides' calendars stay in step. Written with
// ical-generator, which folds lines and escapes text as RFC 5545 asks.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

export interface CalendarSession {
  /** The booking id: stays the event's UID for its whole life, so an update or cancellation replaces it. */
  id: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** Where it happens, e.g. "Online (the link comes by e-mail)". */
  location?: string;
  cancelled: boolean;
  /** Raised by every change, so calendars take the newest version. */
  sequence: number;
}

export interface CalendarParty {
  name: string;
  email: string;
}

const UID_DOMAIN = 'bookings.soul-guidance';

/**
 * A calendar file. `publish` is a feed to subscribe to; `request` the invitation a confirmation mail carries (with
 * the practitioner as organiser and the client as attendee); `cancel` the file that removes it again.
 */
export function calendarFile(options: {
  kind: 'publish' | 'request' | 'cancel';
  name: string;
  sessions: readonly CalendarSession[];
  organizer?: CalendarParty;
  attendee?: CalendarParty;
  now?: Date;
}): string {
  const method = {
    publish: ICalCalendarMethod.PUBLISH,
    request: ICalCalendarMethod.REQUEST,
    cancel: ICalCalendarMethod.CANCEL,
  }[options.kind];
  const calendar = ical({ name: options.name, method, prodId: { company: 'Soul Guidance', product: 'Bookings' } });
  for (const session of options.sessions) {
    const event = calendar.createEvent({
      id: `${session.id}@${UID_DOMAIN}`,
      start: session.start,
      end: session.end,
      stamp: options.now ?? new Date(),
      summary: session.summary,
      description: session.description,
      sequence: session.sequence,
      status: session.cancelled || options.kind === 'cancel' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(session.location ? { location: session.location } : {}),
      ...(options.organizer ? { organizer: options.organizer } : {}),
    });
    if (options.attendee)
      event.createAttendee({ name: options.attendee.name, email: options.attendee.email, rsvp: false });
  }
  return calendar.toString();
}
