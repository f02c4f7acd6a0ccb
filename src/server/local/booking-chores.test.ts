import { describe, expect, it } from 'vitest';
import { createTestDeps } from '../../../tests/support/server/admin-session';
import { sampleService } from '../../../tests/support/server/samples';
import { startBookingChoresTimer } from './booking-chores';

// Under `npm start` the bookings' chores run on a timer in the server process: at once on start, then every period.
describe('startBookingChoresTimer', () => {
  it('expires a lapsed hold at start and again on each tick, and stops cleanly', async () => {
    const deps = createTestDeps();
    const service = await deps.stores.services.create({ ...sampleService(1), bookingMode: 'site', sessionMinutes: 60 });
    const hold = (lapsesInMinutes: number, id: string, daysAhead: number) =>
      deps.stores.bookings.create(
        {
          _id: id,
          serviceId: service._id,
          serviceName: service.name,
          start: new Date(Date.now() + daysAhead * 86_400_000).toISOString(),
          end: new Date(Date.now() + daysAhead * 86_400_000 + 3_600_000).toISOString(),
          timeZone: 'Asia/Kolkata',
          client: { name: 'Ravi', email: 'ravi@example.com' },
          note: '',
          answers: [],
          consent: { at: new Date().toISOString(), policyVersion: 'test' },
          status: 'held',
          payment: { mode: 'online', state: 'pending', amountPaise: 100_000 },
          holdExpiresAt: new Date(Date.now() + lapsesInMinutes * 60_000).toISOString(),
          practitionerNotes: '',
          mailsSent: [],
        },
        15,
      );
    const lapsed = await hold(-1, '6750f0a1b2c3d4e5f6a7b801', 2);
    const lines: string[] = [];
    const timer = startBookingChoresTimer(deps, (line) => lines.push(line), 200);
    await expect.poll(async () => (await deps.stores.bookings.get(lapsed._id))?.status).toBe('expired');

    // A hold that lapses while the server runs is expired by a later tick.
    const soon = await hold(0.01, '6750f0a1b2c3d4e5f6a7b802', 3);
    await expect.poll(async () => (await deps.stores.bookings.get(soon._id))?.status).toBe('expired');
    await timer.stop();
    expect(lines).toEqual([]);
  });
});
