// Which ticks a booking claims (docs/bookings.md, "Stores").
import { describe, expect, it } from 'vitest';
import { claimTicks } from './booking-records';

const ticks = (start: string, end: string, bufferMinutes = 0) =>
  claimTicks({ start: `2030-01-01T${start}:00.000Z`, end: `2030-01-01T${end}:00.000Z`, bufferMinutes }).map((t) =>
    t.slice(11, 16),
  );

describe('claimTicks', () => {
  it('claims every 5-minute instant inside the session and its buffer', () => {
    expect(ticks('10:00', '10:30', 15)).toEqual([
      '10:00',
      '10:05',
      '10:10',
      '10:15',
      '10:20',
      '10:25',
      '10:30',
      '10:35',
      '10:40',
    ]);
  });

  it('lets sessions on a grid that is not on the tick sit back to back, buffer apart', () => {
    const first = ticks('09:32', '10:32', 15);
    const next = ticks('10:47', '11:47', 15);
    expect(first.filter((t) => next.includes(t))).toEqual([]);
    // Starting five minutes into the first one's buffer shares a tick, and is refused.
    const early = ticks('10:42', '11:42', 15);
    expect(first.filter((t) => early.includes(t))).toEqual(['10:45']);
  });
});
