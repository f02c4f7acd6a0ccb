import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { busyTimesFromIcal } from './calendar-busy';
import { calendarFile, type CalendarSession } from './calendar-file';

const session: CalendarSession = {
  id: '65a1b2c3d4e5f60718293a4b',
  start: new Date('2026-12-07T04:30:00Z'),
  end: new Date('2026-12-07T05:30:00Z'),
  summary: 'Akashic Records Reading with Asha Rao',
  description: 'Questions: career; family, health\nNotes: first session — “calm”, please',
  location: 'Online (the link comes by e-mail)',
  cancelled: false,
  sequence: 0,
};

const lines = (text: string) => text.split('\r\n');

describe('bookings as calendar files', () => {
  it('publishes a feed that any calendar reads back as busy, without the cancelled sessions', () => {
    const cancelled = {
      ...session,
      id: '65a1b2c3d4e5f60718293a4c',
      start: new Date('2026-12-08T04:30:00Z'),
      end: new Date('2026-12-08T05:30:00Z'),
      cancelled: true,
    };
    const feed = calendarFile({ kind: 'publish', name: 'My bookings', sessions: [session, cancelled] });
    expect(lines(feed)).toContain('METHOD:PUBLISH');
    const busy = busyTimesFromIcal(feed, {
      from: new Date('2026-12-01T00:00:00Z'),
      to: new Date('2026-12-31T00:00:00Z'),
      timeZone: 'Asia/Kolkata',
    });
    expect(busy.map((b) => [b.start.toISOString(), b.end.toISOString()])).toEqual([
      ['2026-12-07T04:30:00.000Z', '2026-12-07T05:30:00.000Z'],
    ]);
  });

  it('invites the client with the practitioner as organiser, a stable UID and the text intact', () => {
    const invite = calendarFile({
      kind: 'request',
      name: 'Soul Guidance',
      sessions: [session],
      organizer: { name: 'Soul Guidance', email: 'hello@soulguidance.test' },
      attendee: { name: 'Asha Rao', email: 'asha@example.com' },
    });
    expect(lines(invite)).toContain('METHOD:REQUEST');
    expect(invite).toContain(`UID:${session.id}@bookings.soul-guidance`);
    expect(lines(invite).every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(invite) as unknown[]).getFirstSubcomponent('vevent') as ICAL.Component,
    );
    expect(event.description).toBe(session.description);
    expect(event.location).toBe(session.location);
    expect(event.organizer).toBe('mailto:hello@soulguidance.test');
    expect(event.attendees.map((a) => a.getFirstValue())).toEqual(['MAILTO:asha@example.com']);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-07T04:30:00.000Z');
  });

  it('cancels with the same UID and a higher sequence, so the calendar removes the event', () => {
    const cancel = calendarFile({ kind: 'cancel', name: 'Soul Guidance', sessions: [{ ...session, sequence: 1 }] });
    expect(lines(cancel)).toEqual(expect.arrayContaining(['METHOD:CANCEL', 'STATUS:CANCELLED', 'SEQUENCE:1']));
    expect(cancel).toContain(`UID:${session.id}@bookings.soul-guidance`);
  });
});
