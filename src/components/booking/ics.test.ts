import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingIcs } from './ics';

describe('the done screen’s calendar file', () => {
  it('is one event a calendar library reads back with its times, text and UID', () => {
    const text = bookingIcs({
      uid: 'abc@bookings.soul-guidance',
      start: '2026-12-07T04:30:00.000Z',
      end: '2026-12-07T05:30:00.000Z',
      summary: 'Akashic Records Reading; deep, long',
      description: 'Line one\nLine two, with a comma',
      now: new Date('2026-11-27T04:00:00Z'),
    });
    expect(text.split('\r\n').every((line) => line.length <= 75)).toBe(true);
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstSubcomponent('vevent') as ICAL.Component,
    );
    expect(event.uid).toBe('abc@bookings.soul-guidance');
    expect(event.summary).toBe('Akashic Records Reading; deep, long');
    expect(event.description).toBe('Line one\nLine two, with a comma');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-07T04:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-07T05:30:00.000Z');
  });
});
