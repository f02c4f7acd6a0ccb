// The done screen's "Add to calendar": the booked session as a one-event iCalendar file made in the browser
// (RFC 5545), so it works the moment the booking is confirmed, before any e-mail arrives. The UID is the one the
// confirmation mail's invitation uses (calendar-file.ts), so a calendar that receives both keeps one event.

/** 20261207T053000Z */
const stamp = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Escapes TEXT values: backslash, semicolon, comma and line breaks. */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (approximated by UTF-16 units, which is never longer than the octets). */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (rest.length > 74) {
    parts.push(rest.slice(0, 74));
    rest = rest.slice(74);
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

export interface IcsEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  url?: string;
  now?: Date;
}

export function bookingIcs(event: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Soul Guidance & Healing//Booking//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp((event.now ?? new Date()).toISOString())}`,
    `DTSTART:${stamp(event.start)}`,
    `DTEND:${stamp(event.end)}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
