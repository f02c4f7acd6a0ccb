// Reads the calendar files out of a received mail and parses them with ical.js, the way a calendar program would:
// tests of the booking mails check the UID, times, METHOD and SEQUENCE a client's calendar would act on.
import ICAL from 'ical.js';
import { mimeLeaves, type ReceivedMail } from './smtp';

export interface MailCalendarPart {
  /** The part's Content-Type header, e.g. 'text/calendar; charset=utf-8; method=REQUEST'. */
  contentType: string;
  /** The attachment's file name, when the part is an attachment. */
  filename: string | undefined;
  text: string;
}

/** Every calendar part of the mail (the inline invitation and the attached file). */
export function calendarParts(mail: ReceivedMail): MailCalendarPart[] {
  return mimeLeaves(mail.raw)
    .leaves.filter((leaf) => /^(text\/calendar|application\/ics)/i.test(leaf.contentType))
    .map((leaf) => ({
      contentType: leaf.contentType,
      filename:
        /filename="?([^";]+)"?/i.exec(leaf.headers['content-disposition'] ?? '')?.[1] ??
        /name="?([^";]+)"?/i.exec(leaf.contentType)?.[1],
      text: leaf.body,
    }));
}

export interface ParsedInvite {
  method: string;
  uid: string;
  start: Date;
  end: Date;
  sequence: number;
  status: string;
  summary: string;
  organizer: string;
  attendees: string[];
}

/** Parses one calendar file with ical.js; throws when it is not a calendar with exactly one event. */
export function parseInvite(text: string): ParsedInvite {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent');
  if (events.length !== 1 || !events[0]) throw new Error(`expected one event, found ${events.length}`);
  const event = new ICAL.Event(events[0]);
  return {
    method: String(calendar.getFirstPropertyValue('method') ?? ''),
    uid: event.uid,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    sequence: event.sequence,
    status: String(events[0].getFirstPropertyValue('status') ?? ''),
    summary: event.summary,
    organizer: String(events[0].getFirstPropertyValue('organizer') ?? '').replace(/^mailto:/i, 'mailto:'),
    attendees: events[0]
      .getAllProperties('attendee')
      .map((p) => String(p.getFirstValue()).replace(/^mailto:/i, 'mailto:')),
  };
}
