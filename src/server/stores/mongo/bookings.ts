// The booking stores over MongoDB (docs/bookings.md, "Stores"). A booking's time is claimed in `booking_claims`,
// one document per 5-minute tick with the tick's ISO instant as `_id`, so the primary key itself refuses a second
// claim. No transactions are needed (the stand-in has none, and Atlas's would cost a round trip each): claims are
// inserted one by one in time order, and on a duplicate the ones already inserted are deleted again. Ticks are taken
// in ascending order by every writer, so of racing bookings for one time the first to take its first tick wins; a
// writer refused by a claim that is rolled back a moment later tries again, so a race never ends with no winner.
import type { Db, UpdateFilter } from 'mongodb';
import { BOOKING_MESSAGES, type Booking, type FunnelStep } from '../../../shared/schemas/booking';
import { Refusal } from '../../refusal';
import {
  STALE_BOOKING_MESSAGE,
  type BookingPatch,
  type BookingStores,
  type BusyCache,
  type FunnelTotals,
  type StoredAvailability,
} from '../booking-types';
import { addToTotals, claimTicks, defaultAvailability, PROCESSED_EVENT_DAYS, removedFields } from '../booking-records';
import { COLLECTIONS, isDuplicateKey } from './client';
import type { Run } from './documents';

/** As stored: the booking plus its lower-cased e-mail (for the client lookups), `_id` the 24-hex string itself. */
type BookingDoc = Booking & { emailLower: string };
type ClaimDoc = { _id: string; bookingId: string };
type EventDoc = { _id: string; expiresAt: Date };
type FunnelDoc = { _id: string; day: string; serviceId: string; step: FunnelStep; n: number };
type SettingDoc = { _id: string; value: unknown };

const CLAIM_RETRIES = 5;

const toBooking = (doc: BookingDoc | null): Booking | null => {
  if (!doc) return null;
  const { emailLower: _lower, ...booking } = doc;
  return booking;
};
const toDoc = (booking: Booking): BookingDoc => ({ ...booking, emailLower: booking.client.email.toLowerCase() });

export function mongoBookingStores(run: Run): BookingStores {
  const bookings = (db: Db) => db.collection<BookingDoc>(COLLECTIONS.bookings);
  const claims = (db: Db) => db.collection<ClaimDoc>(COLLECTIONS.bookingClaims);
  const events = (db: Db) => db.collection<EventDoc>(COLLECTIONS.processedEvents);
  const funnel = (db: Db) => db.collection<FunnelDoc>(COLLECTIONS.funnel);
  const settings = (db: Db) => db.collection<SettingDoc>(COLLECTIONS.bookingSettings);

  /**
   * Inserts a claim on each tick in order; on a tick someone holds, deletes the ones it inserted and throws
   * Refusal('conflict'). A holder that vanished meanwhile (its own claim was rolled back) gets a fresh try.
   */
  async function claim(db: Db, bookingId: string, ticks: readonly string[]): Promise<string[]> {
    for (let attempt = 1; ; attempt += 1) {
      const inserted: string[] = [];
      let taken: string | undefined;
      for (const tick of ticks) {
        try {
          await claims(db).insertOne({ _id: tick, bookingId });
          inserted.push(tick);
        } catch (error) {
          if (!isDuplicateKey(error)) {
            await claims(db).deleteMany({ _id: { $in: inserted }, bookingId });
            throw error;
          }
          taken = tick;
          break;
        }
      }
      if (taken === undefined) return inserted;
      await claims(db).deleteMany({ _id: { $in: inserted }, bookingId });
      const holder = await claims(db).findOne({ _id: taken });
      if (holder || attempt >= CLAIM_RETRIES) throw new Refusal('conflict', BOOKING_MESSAGES.taken);
    }
  }

  function updateOf(patch: BookingPatch): UpdateFilter<BookingDoc> {
    const set: Record<string, unknown> = { updatedAt: new Date().toISOString() };
    for (const [key, value] of Object.entries(patch)) if (value !== undefined) set[key] = value;
    if (patch.client) set['emailLower'] = patch.client.email.toLowerCase();
    const unset = Object.fromEntries(removedFields(patch).map((key) => [key, 1 as const]));
    return {
      $set: set,
      $inc: { version: 1 },
      ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
    };
  }

  /** Applies the patch when the version is still `expectedVersion`; throws the stale refusal when it is not. */
  async function versioned(db: Db, id: string, patch: BookingPatch, expectedVersion: number): Promise<Booking | null> {
    const updated = await bookings(db).findOneAndUpdate({ _id: id, version: expectedVersion }, updateOf(patch), {
      returnDocument: 'after',
    });
    if (updated) return toBooking(updated);
    if (await bookings(db).findOne({ _id: id })) throw new Refusal('conflict', STALE_BOOKING_MESSAGE);
    return null;
  }

  const sorted = (list: BookingDoc[], by: (a: Booking, b: Booking) => number) =>
    list.map((doc) => toBooking(doc) as Booking).sort(by);
  const byStart = (a: Booking, b: Booking) => a.start.localeCompare(b.start) || a._id.localeCompare(b._id);

  return {
    bookings: {
      create: (booking, bufferMinutes) =>
        run(async (db) => {
          const now = new Date().toISOString();
          const stored: Booking = { ...booking, version: 0, createdAt: now, updatedAt: now };
          const ticks = await claim(
            db,
            stored._id,
            claimTicks({ start: stored.start, end: stored.end, bufferMinutes }),
          );
          try {
            await bookings(db).insertOne(toDoc(stored));
          } catch (error) {
            await claims(db).deleteMany({ _id: { $in: ticks }, bookingId: stored._id });
            throw error;
          }
          return stored;
        }),
      get: (id) => run(async (db) => toBooking(await bookings(db).findOne({ _id: id }))),
      findByOrderId: (orderId) =>
        run(async (db) => toBooking(await bookings(db).findOne({ 'payment.orderId': orderId }))),
      listBetween: (fromIso, toIso) =>
        run(async (db) =>
          sorted(
            await bookings(db)
              .find({ start: { $lt: toIso }, end: { $gt: fromIso } })
              .toArray(),
            byStart,
          ),
        ),
      listByEmail: (email) =>
        run(async (db) =>
          sorted(
            await bookings(db).find({ emailLower: email.toLowerCase() }).toArray(),
            (a, b) => b.start.localeCompare(a.start) || a._id.localeCompare(b._id),
          ),
        ),
      update: (id, patch, expectedVersion) => run((db) => versioned(db, id, patch, expectedVersion)),
      reclaim: (id, span, patch, expectedVersion) =>
        run(async (db) => {
          const found = toBooking(await bookings(db).findOne({ _id: id }));
          if (!found) return null;
          if (found.version !== expectedVersion) throw new Refusal('conflict', STALE_BOOKING_MESSAGE);
          const held = new Set((await claims(db).find({ bookingId: id }).toArray()).map((doc) => doc._id));
          const wanted = claimTicks(span);
          const added = await claim(
            db,
            id,
            wanted.filter((tick) => !held.has(tick)),
          );
          let updated: Booking | null;
          try {
            updated = await versioned(db, id, patch, expectedVersion);
          } catch (error) {
            await claims(db).deleteMany({ _id: { $in: added }, bookingId: id });
            throw error;
          }
          const keep = new Set(wanted);
          await claims(db).deleteMany({ _id: { $in: [...held].filter((tick) => !keep.has(tick)) }, bookingId: id });
          return updated;
        }),
      release: (id) =>
        run(async (db) => {
          await claims(db).deleteMany({ bookingId: id });
        }),
      expireHolds: (now) =>
        run(async (db) => {
          const lapsed = await bookings(db)
            .find({ status: 'held', holdExpiresAt: { $lte: now.toISOString() } })
            .toArray();
          const expired: Booking[] = [];
          for (const doc of lapsed) {
            // Only the writer that moves it from 'held' frees its claims; a payment that won the race keeps them.
            const updated = await bookings(db).findOneAndUpdate(
              { _id: doc._id, status: 'held', version: doc.version },
              { $set: { status: 'expired', updatedAt: new Date().toISOString() }, $inc: { version: 1 } },
              { returnDocument: 'after' },
            );
            if (!updated) continue;
            await claims(db).deleteMany({ bookingId: doc._id });
            expired.push(toBooking(updated) as Booking);
          }
          return expired.sort(byStart);
        }),
      setNotes: (id, practitionerNotes) =>
        run(async (db) =>
          toBooking(
            await bookings(db).findOneAndUpdate(
              { _id: id },
              { $set: { practitionerNotes, updatedAt: new Date().toISOString() } },
              { returnDocument: 'after' },
            ),
          ),
        ),
      markMailSent: (id, key) =>
        run(async (db) => {
          const result = await bookings(db).updateOne(
            { _id: id, mailsSent: { $ne: key } },
            { $push: { mailsSent: key } },
          );
          return result.modifiedCount > 0;
        }),
      eraseClient: (email) =>
        run(async (db) => {
          const ids = (await bookings(db).find({ emailLower: email.toLowerCase() }).toArray()).map((doc) => doc._id);
          if (ids.length === 0) return 0;
          await claims(db).deleteMany({ bookingId: { $in: ids } });
          return (await bookings(db).deleteMany({ _id: { $in: ids } })).deletedCount;
        }),
    },
    processedEvents: {
      remember: (eventId, now = new Date()) =>
        run(async (db) => {
          const expiresAt = new Date(now.getTime() + PROCESSED_EVENT_DAYS * 86_400_000);
          try {
            await events(db).insertOne({ _id: eventId, expiresAt });
            return true;
          } catch (error) {
            if (!isDuplicateKey(error)) throw error;
            // The TTL monitor is lazy: an entry past its time counts as gone.
            const stale = await events(db).findOneAndUpdate(
              { _id: eventId, expiresAt: { $lte: now } },
              { $set: { expiresAt } },
            );
            return stale !== null;
          }
        }),
      forget: (eventId) =>
        run(async (db) => {
          await events(db).deleteOne({ _id: eventId });
        }),
    },
    funnel: {
      count: (serviceId, step, day) =>
        run(async (db) => {
          await funnel(db).updateOne(
            { _id: `${day}|${serviceId}|${step}` },
            { $inc: { n: 1 }, $setOnInsert: { day, serviceId, step } },
            { upsert: true },
          );
        }),
      totals: (fromDay, toDay) =>
        run(async (db) => {
          const totals: FunnelTotals = {};
          for (const doc of await funnel(db)
            .find({ day: { $gte: fromDay, $lte: toDay } })
            .toArray()) {
            addToTotals(totals, doc.serviceId, doc.step, doc.n);
          }
          return totals;
        }),
    },
    availability: {
      get: () =>
        run(async (db) => {
          const doc = await settings(db).findOne({ _id: 'availability' });
          return doc ? (doc.value as StoredAvailability) : defaultAvailability();
        }),
      put: (value) =>
        run(async (db) => {
          const stored = JSON.parse(
            JSON.stringify({ ...value, updatedAt: new Date().toISOString() }),
          ) as StoredAvailability;
          await settings(db).replaceOne({ _id: 'availability' }, { value: stored }, { upsert: true });
          return stored;
        }),
    },
    busyCache: {
      get: () =>
        run(async (db) => {
          const doc = await settings(db).findOne({ _id: 'busy-cache' });
          return doc ? (doc.value as BusyCache) : null;
        }),
      put: (value) =>
        run(async (db) => {
          await settings(db).replaceOne(
            { _id: 'busy-cache' },
            { value: JSON.parse(JSON.stringify(value)) as unknown },
            {
              upsert: true,
            },
          );
        }),
    },
  };
}
