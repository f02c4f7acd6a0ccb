import { describe, expect, it } from 'vitest';
import type { PortalBooking } from '../../../shared/schemas/admin-bookings';
import { mondayOf, paymentLabel, placeSessions, sessionTime, shiftWeek, weekBounds, weekDates } from './booking-view';

const booking = (start: string, end: string): PortalBooking => ({
  _id: start,
  serviceId: 's',
  serviceName: 'Tarot',
  start,
  end,
  timeZone: 'Asia/Kolkata',
  client: { name: 'Asha', email: 'a@example.com' },
  note: '',
  answers: [],
  status: 'confirmed',
  payment: { mode: 'online', state: 'paid', amountPaise: 250000 },
  practitionerNotes: '',
  consent: { at: start, policyVersion: '2026-11-27' },
  mailsSent: [],
  version: 0,
  createdAt: start,
  updatedAt: start,
});

describe('the week grid', () => {
  it('finds the Monday in the practitioner’s zone, not the browser’s', () => {
    // Sunday 23:30 UTC is already Monday 05:00 in India.
    expect(mondayOf(new Date('2026-12-06T23:30:00Z'), 'Asia/Kolkata')).toBe('2026-12-07');
    expect(mondayOf(new Date('2026-12-06T23:30:00Z'), 'Europe/London')).toBe('2026-11-30');
    expect(weekDates('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(shiftWeek('2026-12-28', -1)).toBe('2026-12-21');
  });

  it('bounds a week by the zone’s midnights, across a clock change', () => {
    const { from, to } = weekBounds('2026-03-23', 'Europe/London');
    expect(from.toISOString()).toBe('2026-03-23T00:00:00.000Z');
    // London is on summer time by the next Monday.
    expect(to.toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });

  it('places sessions in their day column at their wall-clock minutes', () => {
    const placed = placeSessions(
      [
        booking('2026-12-09T05:30:00Z', '2026-12-09T06:30:00Z'),
        booking('2026-12-07T04:30:00Z', '2026-12-07T05:00:00Z'),
      ],
      '2026-12-07',
      'Asia/Kolkata',
    );
    expect(placed.map((p) => [p.day, p.top, p.bottom, p.lanes])).toEqual([
      [0, 10 * 60, 10 * 60 + 30, 1],
      [2, 11 * 60, 12 * 60, 1],
    ]);
  });

  it('puts overlapping sessions side by side', () => {
    const placed = placeSessions(
      [
        booking('2026-12-07T04:30:00Z', '2026-12-07T05:30:00Z'),
        booking('2026-12-07T05:00:00Z', '2026-12-07T06:00:00Z'),
        booking('2026-12-07T08:30:00Z', '2026-12-07T09:30:00Z'),
      ],
      '2026-12-07',
      'Asia/Kolkata',
    );
    expect(placed.map((p) => [p.lane, p.lanes])).toEqual([
      [0, 2],
      [1, 2],
      [0, 1],
    ]);
  });
});

describe('labels', () => {
  it('says the time in the zone given', () => {
    const b = booking('2026-12-07T04:30:00Z', '2026-12-07T05:30:00Z');
    expect(sessionTime(b, 'Asia/Kolkata')).toBe('Mon, 7 Dec, 10:00 am – 11:00 am');
    expect(sessionTime(b, 'Europe/London')).toBe('Mon, 7 Dec, 4:30 am – 5:30 am');
  });

  it('names the payment state', () => {
    expect(paymentLabel({ mode: 'online', state: 'paid', amountPaise: 250000 })).toBe('Paid ₹2,500');
    expect(paymentLabel({ mode: 'online', state: 'refunded', amountPaise: 250000, refundedPaise: 125000 })).toBe(
      'Refunded ₹1,250',
    );
    expect(paymentLabel({ mode: 'at-session', state: 'none', amountPaise: 250000 })).toBe('Pay at the session ₹2,500');
    expect(paymentLabel({ mode: 'free', state: 'none', amountPaise: 0 })).toBe('Free');
  });
});
