import { describe, expect, it } from 'vitest';
import { dueReminder, type ChoresBooking } from './scheduled';

const HOUR = 3_600_000;
const start = new Date('2026-12-10T09:30:00Z');
const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * HOUR);
const booking = (createdHoursBefore: number, status = 'confirmed'): ChoresBooking => ({
  _id: '6750f0a1b2c3d4e5f6a7b8c9',
  serviceName: 'Tarot Reading',
  start: start.toISOString(),
  end: new Date(start.getTime() + HOUR).toISOString(),
  timeZone: 'Asia/Kolkata',
  client: { name: 'Asha', email: 'asha@example.com' },
  status,
  payment: { mode: 'free', state: 'none', amountPaise: 0 },
  version: 1,
  createdAt: at(createdHoursBefore).toISOString(),
});

describe('dueReminder', () => {
  it('is nothing before 24 hours, the 24-hour one from its mark, the 1-hour one from its mark, nothing after the start', () => {
    const made = booking(72);
    expect(dueReminder(made, at(24.01))).toBeNull();
    expect(dueReminder(made, at(24))?.key).toBe('reminder-24h');
    expect(dueReminder(made, at(2))?.key).toBe('reminder-24h');
    expect(dueReminder(made, at(1))?.key).toBe('reminder-1h');
    expect(dueReminder(made, at(0.1))?.key).toBe('reminder-1h');
    expect(dueReminder(made, at(0))).toBeNull();
    expect(dueReminder(made, at(-1))).toBeNull();
  });

  it('skips a mark the booking was made after: its confirmation told the time', () => {
    const lastMinute = booking(3);
    expect(dueReminder(lastMinute, at(2.5))).toBeNull();
    expect(dueReminder(lastMinute, at(1))?.key).toBe('reminder-1h');
    expect(dueReminder(booking(0.5), at(0.4))).toBeNull();
  });

  it('reminds only confirmed bookings', () => {
    for (const status of ['held', 'cancelled', 'expired', 'no-show']) {
      expect(dueReminder(booking(72, status), at(1))).toBeNull();
    }
  });
});
