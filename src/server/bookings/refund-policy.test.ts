// The cancellation policy's arithmetic (docs/bookings.md, "Cancelling").
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../shared/schemas/booking';
import { DEFAULT_CANCELLATION_POLICY } from '../../shared/schemas/availability';
import { refundDue } from './service';

const START = Date.parse('2030-05-10T10:00:00.000Z');
const HOUR = 3_600_000;

function paid(overrides: Partial<Booking['payment']> = {}): Booking {
  return {
    start: new Date(START).toISOString(),
    payment: { mode: 'online', state: 'paid', amountPaise: 250000, paymentId: 'pay_1', ...overrides },
  } as Booking;
}

describe('refundDue', () => {
  it('gives everything back up to 24 hours before the start by default, nothing later', () => {
    expect(refundDue(paid(), DEFAULT_CANCELLATION_POLICY, new Date(START - 24 * HOUR))).toBe(250000);
    expect(refundDue(paid(), DEFAULT_CANCELLATION_POLICY, new Date(START - 24 * HOUR + 1))).toBe(0);
  });

  it('gives the late percentage inside the window, rounded down to the paisa, and nothing once it has started', () => {
    const policy = { fullRefundHours: 48, lateRefundPercent: 33 };
    expect(refundDue(paid(), policy, new Date(START - 49 * HOUR))).toBe(250000);
    expect(refundDue(paid(), policy, new Date(START - 2 * HOUR))).toBe(82500);
    expect(refundDue(paid({ amountPaise: 99999 }), policy, new Date(START - HOUR))).toBe(32999);
    expect(refundDue(paid(), policy, new Date(START))).toBe(0);
  });

  it('counts what was refunded already, and refunds nothing that was not paid online', () => {
    expect(refundDue(paid({ refundedPaise: 50000 }), DEFAULT_CANCELLATION_POLICY, new Date(START - 30 * HOUR))).toBe(
      200000,
    );
    for (const state of ['none', 'pending', 'failed', 'refunded'] as const) {
      expect(refundDue(paid({ state }), DEFAULT_CANCELLATION_POLICY, new Date(START - 30 * HOUR))).toBe(0);
    }
  });
});
