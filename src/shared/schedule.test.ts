import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  bannersShownAt,
  endsAfterStart,
  formatInZone,
  instantToZonedLocal,
  isInWindow,
  nextBoundary,
  publicOffer,
  scheduleInstant,
  windowState,
  zoneLabel,
  zonedLocalToInstant,
} from './schedule';

const at = (iso: string) => new Date(iso);
const window = { start: '2026-11-01T03:30:00.000Z', end: '2026-11-05T18:30:00.000Z' };

describe('windows', () => {
  it.each([
    ['2026-11-01T03:29:59.999Z', 'scheduled'],
    ['2026-11-01T03:30:00.000Z', 'live'],
    ['2026-11-05T18:29:59.999Z', 'live'],
    ['2026-11-05T18:30:00.000Z', 'ended'],
  ] as const)('at %s the window is %s (start included, end not)', (moment, state) => {
    expect(windowState(window, at(moment))).toBe(state);
  });

  it('treats a window without dates as always on, and open ends as open', () => {
    expect(windowState({}, at('2026-01-01T00:00:00Z'))).toBe('always');
    expect(windowState({ start: null, end: null }, at('2026-01-01T00:00:00Z'))).toBe('always');
    expect(isInWindow({ end: window.end }, at('2020-01-01T00:00:00Z'))).toBe(true);
    expect(isInWindow({ start: window.start }, at('2099-01-01T00:00:00Z'))).toBe(true);
  });

  it('finds the next boundary strictly after a moment', () => {
    const windows = [window, { start: null, end: '2026-11-03T00:00:00.000Z' }, {}];
    expect(nextBoundary(windows, at('2026-10-01T00:00:00Z'))?.toISOString()).toBe(window.start);
    expect(nextBoundary(windows, at(window.start))?.toISOString()).toBe('2026-11-03T00:00:00.000Z');
    expect(nextBoundary(windows, at(window.end))).toBeNull();
  });

  it('shows the public an offer only inside its window, and banners only inside theirs', () => {
    const service = { name: 'x', price: 1000, offerPrice: 800, offerStart: window.start, offerEnd: window.end };
    expect(publicOffer(service, at('2026-11-02T00:00:00Z'))).toEqual(service);
    expect(publicOffer(service, at('2026-10-02T00:00:00Z'))).toEqual({ name: 'x', price: 1000 });
    expect(publicOffer({ price: 1, offerPrice: 0 }, at('2026-10-02T00:00:00Z'))).toEqual({ price: 1, offerPrice: 0 });
    const banners = [{ id: 1, startsAt: window.start, endsAt: window.end }, { id: 2 }, { id: 3, endsAt: window.start }];
    expect(bannersShownAt(banners, at('2026-11-02T00:00:00Z')).map((b) => b.id)).toEqual([1, 2]);
  });
});

describe('the practitioner’s zone', () => {
  it('turns what is typed in India into UTC and back', () => {
    expect(zonedLocalToInstant('2026-11-01T09:00', 'Asia/Kolkata')).toBe('2026-11-01T03:30:00.000Z');
    expect(instantToZonedLocal('2026-11-01T03:30:00.000Z', 'Asia/Kolkata')).toBe('2026-11-01T09:00');
    expect(formatInZone('2026-11-01T03:30:00.000Z', 'Asia/Kolkata')).toMatch(/^1 Nov 2026, 9:00 am IST$/i);
    expect(zoneLabel('Asia/Kolkata')).toBe('India Standard Time (IST)');
  });

  it('follows daylight saving where the zone has it', () => {
    expect(zonedLocalToInstant('2026-07-01T09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z');
    expect(zonedLocalToInstant('2026-12-01T09:00', 'Europe/London')).toBe('2026-12-01T09:00:00.000Z');
    expect(instantToZonedLocal('2026-07-01T08:00:00.000Z', 'Europe/London')).toBe('2026-07-01T09:00');
  });

  it('refuses text that is not a wall-clock time', () => {
    expect(zonedLocalToInstant('tomorrow', 'Asia/Kolkata')).toBeNull();
    expect(instantToZonedLocal('', 'Asia/Kolkata')).toBe('');
  });
});

describe('the schema of a bound', () => {
  const schema = z.object({ start: scheduleInstant('Start') });
  it('stores UTC, reads blank as no bound, leaves absent as absent, and says what is wrong', () => {
    expect(schema.parse({ start: '2026-11-01T09:00:00+05:30' })).toEqual({ start: '2026-11-01T03:30:00.000Z' });
    expect(schema.parse({ start: '' })).toEqual({ start: null });
    expect(schema.parse({})).toEqual({});
    expect(schema.safeParse({ start: '2026-11-01T09:00' }).error?.issues[0]?.message).toBe(
      'Start must be a date and time',
    );
    expect(endsAfterStart(window.start, window.end)).toBe(true);
    expect(endsAfterStart(window.end, window.start)).toBe(false);
    expect(endsAfterStart(window.end, window.end)).toBe(false);
    expect(endsAfterStart(null, window.start)).toBe(true);
  });
});
