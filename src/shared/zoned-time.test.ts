import { describe, expect, it } from 'vitest';
import { nextDate, offsetMinutes, wallTime, zonedToUtc } from './zoned-time';

describe('wall-clock times in a named zone', () => {
  it('reads an instant as a clock in India and in London shows it', () => {
    const instant = new Date('2026-12-01T04:30:00Z');
    expect(wallTime(instant, 'Asia/Kolkata')).toEqual({ date: '2026-12-01', minutes: 600, weekday: 'tue' });
    expect(wallTime(instant, 'Europe/London')).toEqual({ date: '2026-12-01', minutes: 270, weekday: 'tue' });
    expect(offsetMinutes(instant, 'Asia/Kolkata')).toBe(330);
    expect(offsetMinutes(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe(60);
  });

  it('turns "10:00 in India" into the instant, and back', () => {
    const start = zonedToUtc('2026-12-01', 600, 'Asia/Kolkata');
    expect(start?.toISOString()).toBe('2026-12-01T04:30:00.000Z');
    expect(wallTime(start ?? new Date(0), 'Asia/Kolkata').minutes).toBe(600);
  });

  it('has no 01:30 in London on the morning the clocks go forward, and the first of two when they go back', () => {
    expect(zonedToUtc('2027-03-28', 90, 'Europe/London')).toBeNull();
    expect(zonedToUtc('2027-03-28', 150, 'Europe/London')?.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    // 01:30 happens twice on 2026-10-25: first in summer time (00:30 UTC), then in winter time (01:30 UTC).
    expect(zonedToUtc('2026-10-25', 90, 'Europe/London')?.toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('crosses the date line: midnight in Kiritimati (UTC+14) is the day before in UTC', () => {
    expect(zonedToUtc('2026-12-01', 0, 'Pacific/Kiritimati')?.toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
  });
});
