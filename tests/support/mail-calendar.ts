// Reads the calendar files out of a received mail and parses them with ical.js, the way a calendar program would:
// tests of the booking mails check the UID, times, METHOD and SEQUENCE a client's calendar would act on.
import ICAL from 'ical.js';
import type { ReceivedMail } from './smtp';

export interface MailCalendarPart {
  /** The part's Content-Type header, e.g. 'text/calendar; charset=utf-8; method=REQUEST'. */
  contentType: string;
  /** The attachment's file name, when the part is an attachment. */
  filename: string | undefined;
  text: string;
}

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function walk(raw: string, found: MailCalendarPart[]): void {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(split >= 0 ? raw.slice(0, split) : raw);
  const body = split >= 0 ? raw.slice(split).replace(/^\r?\n\r?\n/, '') : '';
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      walk(part.replace(/^\r?\n/, ''), found);
    }
    return;
  }
  if (!/^(text\/calendar|application\/ics)/i.test(type)) return;
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  const disposition = headers['content-disposition'] ?? '';
  found.push({
    contentType: type,
    filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /name="?([^";]+)"?/i.exec(type)?.[1],
    text,
  });
}

/** Every calendar part of the mail (the inline invitation and the attached file). */
export function calendarParts(mail: ReceivedMail): MailCalendarPart[] {
  const found: MailCalendarPart[] = [];
  walk(mail.raw, found);
  return found;
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
