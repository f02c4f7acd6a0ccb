// The store contract for bookings (docs/bookings.md, "Stores"; harness: ./harness.ts): claims that refuse a double
// booking under a race, versions, holds that lapse, webhook ids, the funnel, availability and the calendar cache.
import { describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY } from '../../../shared/schemas/availability';
import type { Booking } from '../../../shared/schemas/booking';
import { Refusal } from '../../refusal';
import { newId } from '../ids';
import { STALE_BOOKING_MESSAGE, type NewBooking } from '../types';
import { describeEachStoreFresh, MISSING_ID } from './harness';

const SERVICE = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const BASE = Date.parse('2030-03-04T05:00:00.000Z');
const at = (minutes: number) => new Date(BASE + minutes * 60_000).toISOString();

function booking(startMinute: number, length = 60, overrides: Partial<NewBooking> = {}): NewBooking {
  return {
    _id: newId(),
    serviceId: SERVICE,
    serviceName: 'Akashic Records Reading',
    start: at(startMinute),
    end: at(startMinute + length),
    timeZone: 'Asia/Kolkata',
    client: { name: 'Asha Rao', email: 'Asha@Example.com', phone: '+919812345678' },
    note: '',
    answers: [{ questionId: 'focus', question: 'What would you like to explore?', answer: 'Work' }],
    consent: { at: at(-6000), policyVersion: '2026-11-27' },
    status: 'confirmed',
    payment: { mode: 'free', state: 'none', amountPaise: 0 },
    practitionerNotes: '',
    mailsSent: [],
    ...overrides,
  };
}

async function refusal(work: Promise<unknown>): Promise<Refusal> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Refusal);
  return error as Refusal;
}

describeEachStoreFresh((stores) => {
  describe('bookings', () => {
    it('stores a booking at version 0 and reads it by id, order and e-mail', async () => {
      const made = await stores.bookings.create(
        booking(0, 60, { payment: { mode: 'online', state: 'pending', amountPaise: 250000, orderId: 'order_A1' } }),
        15,
      );
      expect(made.version).toBe(0);
      expect(made.createdAt).toBe(made.updatedAt);
      expect(await stores.bookings.get(made._id)).toEqual(made);
      expect(await stores.bookings.findByOrderId('order_A1')).toEqual(made);
      expect(await stores.bookings.findByOrderId('order_none')).toBeNull();
      expect(await stores.bookings.listByEmail('asha@example.COM')).toEqual([made]);
      expect(await stores.bookings.get(MISSING_ID)).toBeNull();
    });

    it('refuses a second booking on a taken time, and one inside the buffer, and keeps nothing of it', async () => {
      await stores.bookings.create(booking(0), 15);
      const same = booking(0);
      expect((await refusal(stores.bookings.create(same, 15))).reason).toBe('conflict');
      // Starts 10 minutes after the first ends: inside its 15-minute buffer.
      expect((await refusal(stores.bookings.create(booking(70), 15))).reason).toBe('conflict');
      // Ends 10 minutes before the first starts: its own buffer reaches into the first.
      expect((await refusal(stores.bookings.create(booking(-70), 15))).reason).toBe('conflict');
      expect(await stores.bookings.get(same._id)).toBeNull();
      // Exactly the buffer apart on both sides is fine.
      await stores.bookings.create(booking(75), 15);
      await stores.bookings.create(booking(-75), 15);
      expect(await stores.bookings.listBetween(at(-1000), at(1000))).toHaveLength(3);
    });

    it('gives exactly one of 20 parallel requests for one time the slot', async () => {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => stores.bookings.create(booking(0), 15)),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'rejected') expect((result.reason as Refusal).reason).toBe('conflict');
      }
      expect(await stores.bookings.listBetween(at(-1000), at(1000))).toHaveLength(1);
    });

    it('gives exactly one of 20 parallel requests for overlapping times the slot', async () => {
      // Starts 3 minutes apart, an hour long: every pair overlaps (the last starts at minute 57).
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => stores.bookings.create(booking(i * 3), 15)),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
      expect(await stores.bookings.listBetween(at(-1000), at(1000))).toHaveLength(1);
    });

    it('lists the bookings that overlap a window, by start', async () => {
      const later = await stores.bookings.create(booking(300), 0);
      const first = await stores.bookings.create(booking(0), 0);
      await stores.bookings.create(booking(2000), 0);
      expect((await stores.bookings.listBetween(at(30), at(310))).map((b) => b._id)).toEqual([first._id, later._id]);
      expect(await stores.bookings.listBetween(at(60), at(300))).toEqual([]);
    });

    it('updates with the current version only, raising it; removes fields set to undefined', async () => {
      const made = await stores.bookings.create(
        booking(0, 60, {
          status: 'held',
          holdExpiresAt: at(-5000),
          payment: { mode: 'online', state: 'pending', amountPaise: 100 },
        }),
        0,
      );
      const paid = await stores.bookings.update(
        made._id,
        {
          status: 'confirmed',
          holdExpiresAt: undefined,
          payment: { ...made.payment, state: 'paid', paymentId: 'pay_1' },
        },
        0,
      );
      expect(paid?.version).toBe(1);
      expect(paid?.status).toBe('confirmed');
      expect(paid && 'holdExpiresAt' in paid).toBe(false);
      expect(await stores.bookings.get(made._id)).toEqual(paid);
      const stale = await refusal(stores.bookings.update(made._id, { status: 'cancelled' }, 0));
      expect(stale.reason).toBe('conflict');
      expect(stale.message).toBe(STALE_BOOKING_MESSAGE);
      expect((await stores.bookings.get(made._id))?.status).toBe('confirmed');
      expect(await stores.bookings.update(MISSING_ID, { status: 'cancelled' }, 0)).toBeNull();
    });

    it('frees the time on release', async () => {
      const made = await stores.bookings.create(booking(0), 15);
      await stores.bookings.update(made._id, { status: 'cancelled' }, 0);
      await stores.bookings.release(made._id);
      await stores.bookings.create(booking(0), 15);
    });

    it('moves a booking to a new time on reclaim, keeping its own ticks and refusing another’s', async () => {
      const made = await stores.bookings.create(booking(0), 15);
      const other = await stores.bookings.create(booking(200), 15);
      // Overlaps its own old time: allowed.
      const moved = await stores.bookings.reclaim(
        made._id,
        { start: at(30), end: at(90), bufferMinutes: 15 },
        { start: at(30), end: at(90) },
        0,
      );
      expect(moved).toMatchObject({ start: at(30), end: at(90), version: 1 });
      // The old first half is free again.
      await stores.bookings.create(booking(-60, 30), 15);
      // Into the other booking: refused, and nothing changed.
      const refused = await refusal(
        stores.bookings.reclaim(made._id, { start: at(180), end: at(240), bufferMinutes: 15 }, { start: at(180) }, 1),
      );
      expect(refused.reason).toBe('conflict');
      expect(await stores.bookings.get(made._id)).toEqual(moved);
      expect((await refusal(stores.bookings.create(booking(40), 0))).reason).toBe('conflict');
      // A stale version: refused, and no claim is left behind at the target.
      await refusal(stores.bookings.reclaim(made._id, { start: at(500), end: at(560), bufferMinutes: 0 }, {}, 0));
      await stores.bookings.create(booking(500), 0);
      expect(await stores.bookings.get(other._id)).not.toBeNull();
    });

    it('expires lapsed holds, frees their time, and leaves live ones', async () => {
      const now = new Date(BASE - 86_400_000);
      const lapsed = await stores.bookings.create(
        booking(0, 60, { status: 'held', holdExpiresAt: new Date(now.getTime() - 1).toISOString() }),
        15,
      );
      const live = await stores.bookings.create(
        booking(300, 60, { status: 'held', holdExpiresAt: new Date(now.getTime() + 60_000).toISOString() }),
        15,
      );
      const expired = await stores.bookings.expireHolds(now);
      expect(expired.map((b) => [b._id, b.status, b.version])).toEqual([[lapsed._id, 'expired', 1]]);
      expect((await stores.bookings.get(live._id))?.status).toBe('held');
      await stores.bookings.create(booking(0), 15);
      expect((await refusal(stores.bookings.create(booking(300), 15))).reason).toBe('conflict');
      expect(await stores.bookings.expireHolds(now)).toEqual([]);
      // The lapsed booking's time can be claimed back while it is still free (a late payment).
      const elsewhere = await stores.bookings.reclaim(
        lapsed._id,
        { start: at(600), end: at(660), bufferMinutes: 15 },
        { status: 'confirmed', start: at(600), end: at(660) },
        1,
      );
      expect(elsewhere?.status).toBe('confirmed');
    });

    it('keeps notes and mails sent without raising the version', async () => {
      const made = await stores.bookings.create(booking(0), 15);
      expect((await stores.bookings.setNotes(made._id, 'Prefers mornings'))?.practitionerNotes).toBe(
        'Prefers mornings',
      );
      expect(await stores.bookings.markMailSent(made._id, 'confirmed:client')).toBe(true);
      expect(await stores.bookings.markMailSent(made._id, 'confirmed:client')).toBe(false);
      const twice = await Promise.all([
        stores.bookings.markMailSent(made._id, 'reminder-24h'),
        stores.bookings.markMailSent(made._id, 'reminder-24h'),
      ]);
      expect(twice.filter(Boolean)).toHaveLength(1);
      const stored = (await stores.bookings.get(made._id)) as Booking;
      expect(stored.version).toBe(0);
      expect(stored.mailsSent.sort()).toEqual(['confirmed:client', 'reminder-24h']);
      expect(await stores.bookings.setNotes(MISSING_ID, 'x')).toBeNull();
      expect(await stores.bookings.markMailSent(MISSING_ID, 'x')).toBe(false);
    });

    it('erases a client’s bookings and frees their times', async () => {
      await stores.bookings.create(booking(0), 15);
      await stores.bookings.create(booking(300), 15);
      const someoneElse = await stores.bookings.create(
        booking(600, 60, { client: { name: 'Ravi', email: 'ravi@example.com' } }),
        15,
      );
      expect(await stores.bookings.eraseClient('ASHA@example.com')).toBe(2);
      expect(await stores.bookings.listByEmail('asha@example.com')).toEqual([]);
      expect((await stores.bookings.listBetween(at(-1000), at(2000))).map((b) => b._id)).toEqual([someoneElse._id]);
      await stores.bookings.create(booking(0), 15);
    });

    it('reads bookings saved before optional fields existed', async () => {
      const bare = booking(0);
      delete bare.client.phone;
      const made = await stores.bookings.create(bare, 0);
      expect((await stores.bookings.get(made._id))?.client).toEqual({ name: 'Asha Rao', email: 'Asha@Example.com' });
    });
  });

  describe('processed events', () => {
    it('remembers an event id once, forgets on request, and lets old ids go after 30 days', async () => {
      const now = new Date('2030-01-01T00:00:00Z');
      expect(await stores.processedEvents.remember('evt_1', now)).toBe(true);
      expect(await stores.processedEvents.remember('evt_1', now)).toBe(false);
      const parallel = await Promise.all(
        Array.from({ length: 10 }, () => stores.processedEvents.remember('evt_2', now)),
      );
      expect(parallel.filter(Boolean)).toHaveLength(1);
      await stores.processedEvents.forget('evt_1');
      expect(await stores.processedEvents.remember('evt_1', now)).toBe(true);
      expect(await stores.processedEvents.remember('evt_2', new Date(now.getTime() + 31 * 86_400_000))).toBe(true);
    });
  });

  describe('funnel', () => {
    it('counts per service, step and day, and sums a range of days', async () => {
      const other = 'bbbbbbbbbbbbbbbbbbbbbbb2';
      await Promise.all(Array.from({ length: 5 }, () => stores.funnel.count(SERVICE, 'slots-viewed', '2030-01-01')));
      await stores.funnel.count(SERVICE, 'slots-viewed', '2030-01-03');
      await stores.funnel.count(SERVICE, 'paid', '2030-01-02');
      await stores.funnel.count(other, 'link-clicked', '2030-01-02');
      await stores.funnel.count(other, 'link-clicked', '2030-02-01');
      expect(await stores.funnel.totals('2030-01-01', '2030-01-31')).toEqual({
        [SERVICE]: { 'slots-viewed': 6, 'booking-started': 0, paid: 1, 'link-clicked': 0 },
        [other]: { 'slots-viewed': 0, 'booking-started': 0, paid: 0, 'link-clicked': 1 },
      });
      expect(await stores.funnel.totals('2030-01-02', '2030-01-02')).toEqual({
        [SERVICE]: { 'slots-viewed': 0, 'booking-started': 0, paid: 1, 'link-clicked': 0 },
        [other]: { 'slots-viewed': 0, 'booking-started': 0, paid: 0, 'link-clicked': 1 },
      });
      expect(await stores.funnel.totals('2031-01-01', '2031-01-31')).toEqual({});
    });
  });

  describe('availability and the calendar cache', () => {
    it('answers the default until saved, then what was saved', async () => {
      expect(await stores.availability.get()).toEqual(DEFAULT_AVAILABILITY);
      const saved = await stores.availability.put({
        ...DEFAULT_AVAILABILITY,
        bufferMinutes: 30,
        cancellation: { fullRefundHours: 48, lateRefundPercent: 50 },
        calendarUrl: 'https://calendar.example.com/private/basic.ics',
        feedToken: 'feed-token-1',
      });
      expect(saved.updatedAt).toEqual(expect.any(String));
      expect(await stores.availability.get()).toEqual(saved);
    });

    it('keeps the last read of the practitioner’s calendar', async () => {
      expect(await stores.busyCache.get()).toBeNull();
      const value = { fetchedAt: at(0), busy: [{ start: at(10), end: at(70) }] };
      await stores.busyCache.put(value);
      expect(await stores.busyCache.get()).toEqual(value);
      await stores.busyCache.put({ ...value, error: 'The calendar could not be read' });
      expect((await stores.busyCache.get())?.error).toBe('The calendar could not be read');
    });
  });
});
