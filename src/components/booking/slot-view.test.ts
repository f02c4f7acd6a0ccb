import { describe, expect, it } from 'vitest';
import {
  addMonths,
  datesOfMonth,
  formatLongDate,
  monthQuery,
  placeOfZone,
  sessionSentence,
  slotsByDate,
  timeLabel,
  weekdayIndex,
  zoneAbbreviation,
} from './slot-view';

// 10:00 in India is 04:30 UTC all year (India keeps no daylight saving).
const tenIst = (date: string) => ({ start: `${date}T04:30:00.000Z`, end: `${date}T05:30:00.000Z` });

describe('times on the visitor’s clock', () => {
  it('shows a London visitor 10:00 IST as 04:30 in winter and 05:30 after the clocks go forward', () => {
    // The UK moves to summer time on Sunday 28 March 2027.
    expect(timeLabel(tenIst('2027-03-27').start, 'Europe/London', 'Asia/Kolkata')).toEqual({
      time: '04:30',
      practitioner: '10:00 in India (IST)',
      spoken: '04:30, which is 10:00 in India (IST)',
    });
    expect(timeLabel(tenIst('2027-03-29').start, 'Europe/London', 'Asia/Kolkata').time).toBe('05:30');
  });

  it('names zones as people there do', () => {
    expect(zoneAbbreviation(new Date('2027-03-26T12:00:00Z'), 'Europe/London')).toBe('GMT');
    expect(zoneAbbreviation(new Date('2027-03-29T12:00:00Z'), 'Europe/London')).toBe('BST');
    expect(zoneAbbreviation(new Date('2027-03-29T12:00:00Z'), 'Asia/Kolkata')).toBe('IST');
    expect(zoneAbbreviation(new Date('2027-01-04T12:00:00Z'), 'America/Los_Angeles')).toBe('PST');
    expect(zoneAbbreviation(new Date('2027-01-04T12:00:00Z'), 'Asia/Tbilisi')).toBe('GMT+4');
  });

  it('notes nothing when the visitor is in the practitioner’s zone (or an alias of it)', () => {
    expect(timeLabel(tenIst('2027-03-29').start, 'Asia/Kolkata', 'Asia/Kolkata').practitioner).toBeNull();
    expect(timeLabel(tenIst('2027-03-29').start, 'Asia/Calcutta', 'Asia/Kolkata').practitioner).toBeNull();
  });

  it('puts a slot on the visitor’s own date across the date line', () => {
    // 10:00 IST on 1 Dec is 20:30 on 30 Nov in Los Angeles.
    const byDate = slotsByDate([tenIst('2026-12-01')], 'America/Los_Angeles');
    expect([...byDate.keys()]).toEqual(['2026-11-30']);
    expect(slotsByDate([tenIst('2026-12-01')], 'Asia/Kolkata').has('2026-12-01')).toBe(true);
  });

  it('orders each day’s slots by time, whatever order they came in', () => {
    const late = { start: '2026-12-01T08:30:00.000Z', end: '2026-12-01T09:30:00.000Z' };
    expect(slotsByDate([late, tenIst('2026-12-01')], 'Asia/Kolkata').get('2026-12-01')).toEqual([
      tenIst('2026-12-01'),
      late,
    ]);
  });

  it('says the whole session in one sentence, with both clocks', () => {
    expect(sessionSentence(tenIst('2027-03-29'), 'Europe/London', 'Asia/Kolkata')).toBe(
      'Monday 29 March 2027, 05:30 to 06:30 (London time), which is 10:00 in India (IST)',
    );
    expect(sessionSentence(tenIst('2027-03-29'), 'Asia/Kolkata', 'Asia/Kolkata')).toBe(
      'Monday 29 March 2027, 10:00 to 11:00 (India time)',
    );
  });
});

describe('the month grid', () => {
  it('knows weekdays, month lengths and month steps', () => {
    expect(weekdayIndex('2026-12-07')).toBe(0);
    expect(weekdayIndex('2026-12-06')).toBe(6);
    expect(datesOfMonth('2027-02')).toHaveLength(28);
    expect(datesOfMonth('2028-02')).toHaveLength(29);
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(formatLongDate('2026-12-07')).toBe('Monday 7 December 2026');
    expect(placeOfZone('America/Los_Angeles')).toBe('Los Angeles');
  });

  it('asks the API for a day either side of the month, so no zone loses a slot at its edges', () => {
    expect(monthQuery('2026-12')).toEqual({ from: '2026-11-30', to: '2027-01-01' });
  });
});
