import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayDate, formatINR, preview } from './format';

describe('formatINR', () => {
  it.each([
    [0, '₹0'],
    [-0, '₹0'],
    [1, '₹1'],
    [999, '₹999'],
    [1_111, '₹1,111'],
    [2_500, '₹2,500'],
    [11_000, '₹11,000'],
    [1_00_000, '₹1,00,000'],
    [1_11_111, '₹1,11,111'],
    [1_00_00_000, '₹1,00,00,000'],
    [12_34_56_789.12, '₹12,34,56,789.12'],
    [1_234.5, '₹1,234.50'],
    [1_234.56, '₹1,234.56'],
    [1_234.567, '₹1,234.57'],
    [0.5, '₹0.50'],
    [1_999.999, '₹2,000'],
    [0.004, '₹0'],
    [-0.004, '₹0'],
    [-2_500, '-₹2,500'],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ])('formats %s as %s', (amount, expected) => {
    expect(formatINR(amount)).toBe(expected);
  });
});

describe('formatDate and formatDateTime', () => {
  it.each([
    ['2026-11-22T10:05:00Z', 'Asia/Kolkata', '22 Nov 2026', '22 Nov 2026, 3:35 pm'],
    ['2026-11-22T20:00:00Z', 'Asia/Kolkata', '23 Nov 2026', '23 Nov 2026, 1:30 am'],
    ['2026-11-22T00:00:00Z', 'UTC', '22 Nov 2026', '22 Nov 2026, 12:00 am'],
    ['2025-01-05T12:30:00.000Z', 'UTC', '5 Jan 2025', '5 Jan 2025, 12:30 pm'],
  ])('formats %s in %s', (value, timeZone, date, dateTime) => {
    expect(formatDate(value, { timeZone })).toBe(date);
    expect(formatDateTime(value, { timeZone })).toBe(dateTime);
  });

  it('accepts a Date and epoch milliseconds as well as a string', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4);
    expect(formatDate(new Date(at), { timeZone: 'UTC' })).toBe('2 Jan 2026');
    expect(formatDateTime(at, { timeZone: 'UTC' })).toBe('2 Jan 2026, 3:04 am');
  });

  it.each([null, undefined, '', 'not a date', Number.NaN])('gives an empty string for %s', (value) => {
    expect(formatDate(value)).toBe('');
    expect(formatDateTime(value)).toBe('');
  });
});

describe('preview', () => {
  it.each([
    ['short', 60, 'short'],
    ['x'.repeat(60), 60, 'x'.repeat(60)],
    ['x'.repeat(61), 60, `${'x'.repeat(60)}...`],
    ['https://example.org/a/very/long/link/path', 30, 'https://example.org/a/very/lon...'],
    ['', 30, ''],
    // Counted in characters, not UTF-16 units: an emoji is never cut in half.
    ['🌙🌙🌙', 2, '🌙🌙...'],
  ])('cuts %j at %i characters', (text, max, expected) => {
    expect(preview(text, max)).toBe(expected);
  });
});

describe('formatDayDate', () => {
  it.each([
    ['2026-09-14', '14 Sep 2026'],
    ['2026-01-02', '2 Jan 2026'],
    ['2026-13-01', ''],
    ['14/09/2026', ''],
    ['', ''],
    [null, ''],
  ])('%s → %j', (value, expected) => {
    expect(formatDayDate(value)).toBe(expected);
  });
});
