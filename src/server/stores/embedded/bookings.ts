// The booking stores over SQLite (docs/bookings.md, "Stores"). A booking's time is claimed in `booking_claims`,
// whose PRIMARY KEY is the tick: the claims and the booking are written in one IMMEDIATE transaction, so of racing
// writers (in this process or another) exactly one gets a tick, and a refused booking leaves nothing behind.
import type { DatabaseSync } from 'node:sqlite';
import type { Booking } from '../../../shared/schemas/booking';
import { Refusal } from '../../refusal';
import { BOOKING_MESSAGES } from '../../../shared/schemas/booking';
import {
  STALE_BOOKING_MESSAGE,
  type BookingStores,
  type BusyCache,
  type FunnelTotals,
  type StoredAvailability,
} from '../booking-types';
import { addToTotals, claimTicks, defaultAvailability, patched, PROCESSED_EVENT_DAYS } from '../booking-records';
import { transaction } from './database';
import { kv } from './kv';

function createTables(db: DatabaseSync): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS bookings (
      id TEXT PRIMARY KEY,
      doc TEXT NOT NULL,
      start TEXT NOT NULL,
      end_at TEXT NOT NULL,
      email TEXT NOT NULL,
      order_id TEXT,
      status TEXT NOT NULL,
      hold_expires_at TEXT
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS bookings_start ON bookings (start);
    CREATE INDEX IF NOT EXISTS bookings_email ON bookings (email);
    CREATE INDEX IF NOT EXISTS bookings_order ON bookings (order_id) WHERE order_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS bookings_holds ON bookings (hold_expires_at) WHERE status = 'held';
    CREATE TABLE IF NOT EXISTS booking_claims (
      tick TEXT PRIMARY KEY,
      booking_id TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS booking_claims_booking ON booking_claims (booking_id);
    CREATE TABLE IF NOT EXISTS funnel (
      day TEXT NOT NULL,
      service_id TEXT NOT NULL,
      step TEXT NOT NULL,
      n INTEGER NOT NULL,
      PRIMARY KEY (day, service_id, step)
    ) WITHOUT ROWID;
  `);
}

export function embeddedBookingStores(db: DatabaseSync): BookingStores {
  createTables(db);
  const state = kv(db);
  const getStmt = db.prepare('SELECT doc FROM bookings WHERE id = ?');
  const insertStmt = db.prepare(
    'INSERT INTO bookings (id, doc, start, end_at, email, order_id, status, hold_expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const writeStmt = db.prepare(
    'UPDATE bookings SET doc = ?, start = ?, end_at = ?, email = ?, order_id = ?, status = ?, hold_expires_at = ? WHERE id = ?',
  );
  const claimStmt = db.prepare('INSERT INTO booking_claims (tick, booking_id) VALUES (?, ?) ON CONFLICT DO NOTHING');
  const releaseStmt = db.prepare('DELETE FROM booking_claims WHERE booking_id = ?');

  const read = (id: string): Booking | null => {
    const row = getStmt.get(id) as { doc: string } | undefined;
    return row ? (JSON.parse(row.doc) as Booking) : null;
  };
  const columns = (b: Booking) =>
    [
      b.start,
      b.end,
      b.client.email.toLowerCase(),
      b.payment.orderId ?? null,
      b.status,
      b.holdExpiresAt ?? null,
    ] as const;
  const write = (b: Booking) => writeStmt.run(JSON.stringify(b), ...columns(b), b._id);
  const docs = (rows: unknown[]) => (rows as { doc: string }[]).map((row) => JSON.parse(row.doc) as Booking);
  /** Claims every tick or throws (the surrounding transaction then rolls back the ones already taken). */
  const claim = (id: string, ticks: string[]) => {
    for (const tick of ticks) {
      if (Number(claimStmt.run(tick, id).changes) === 0) throw new Refusal('conflict', BOOKING_MESSAGES.taken);
    }
  };
  const current = (id: string, expectedVersion: number): Booking | null => {
    const found = read(id);
    if (found && found.version !== expectedVersion) throw new Refusal('conflict', STALE_BOOKING_MESSAGE);
    return found;
  };

  return {
    bookings: {
      async create(booking, bufferMinutes) {
        const now = new Date().toISOString();
        const stored: Booking = { ...booking, version: 0, createdAt: now, updatedAt: now };
        return transaction(db, () => {
          claim(stored._id, claimTicks({ start: stored.start, end: stored.end, bufferMinutes }));
          insertStmt.run(stored._id, JSON.stringify(stored), ...columns(stored));
          return stored;
        });
      },
      async get(id) {
        return read(id);
      },
      async findByOrderId(orderId) {
        return docs(db.prepare('SELECT doc FROM bookings WHERE order_id = ? LIMIT 1').all(orderId))[0] ?? null;
      },
      async listBetween(fromIso, toIso) {
        return docs(
          db.prepare('SELECT doc FROM bookings WHERE start < ? AND end_at > ? ORDER BY start, id').all(toIso, fromIso),
        );
      },
      async listByEmail(email) {
        return docs(
          db.prepare('SELECT doc FROM bookings WHERE email = ? ORDER BY start DESC, id').all(email.toLowerCase()),
        );
      },
      async update(id, patch, expectedVersion) {
        return transaction(db, () => {
          const found = current(id, expectedVersion);
          if (!found) return null;
          const next = patched(found, patch);
          write(next);
          return next;
        });
      },
      async reclaim(id, span, patch, expectedVersion) {
        return transaction(db, () => {
          const found = current(id, expectedVersion);
          if (!found) return null;
          releaseStmt.run(id);
          claim(id, claimTicks(span));
          const next = patched(found, patch);
          write(next);
          return next;
        });
      },
      async release(id) {
        releaseStmt.run(id);
      },
      async expireHolds(now) {
        return transaction(db, () => {
          const lapsed = docs(
            db
              .prepare("SELECT doc FROM bookings WHERE status = 'held' AND hold_expires_at <= ? ORDER BY start")
              .all(now.toISOString()),
          );
          return lapsed.map((booking) => {
            const next = patched(booking, { status: 'expired' });
            write(next);
            releaseStmt.run(booking._id);
            return next;
          });
        });
      },
      async setNotes(id, practitionerNotes) {
        return transaction(db, () => {
          const found = read(id);
          if (!found) return null;
          const next = patched(found, { practitionerNotes }, false);
          write(next);
          return next;
        });
      },
      async markMailSent(id, key) {
        return transaction(db, () => {
          const found = read(id);
          if (!found || found.mailsSent.includes(key)) return false;
          write({ ...found, mailsSent: [...found.mailsSent, key] });
          return true;
        });
      },
      async eraseClient(email) {
        return transaction(db, () => {
          const ids = (
            db.prepare('SELECT id FROM bookings WHERE email = ?').all(email.toLowerCase()) as { id: string }[]
          ).map((row) => row.id);
          for (const id of ids) {
            releaseStmt.run(id);
            db.prepare('DELETE FROM bookings WHERE id = ?').run(id);
          }
          return ids.length;
        });
      },
    },
    processedEvents: {
      async remember(eventId, now = new Date()) {
        state.purgeExpired('payment-event:', now.getTime());
        const keepUntil = now.getTime() + PROCESSED_EVENT_DAYS * 86_400_000;
        return state.setIfAbsent(`payment-event:${eventId}`, now.toISOString(), keepUntil, now.getTime());
      },
      async forget(eventId) {
        state.delete(`payment-event:${eventId}`);
      },
    },
    funnel: {
      async count(serviceId, step, day) {
        db.prepare(
          'INSERT INTO funnel (day, service_id, step, n) VALUES (?, ?, ?, 1) ON CONFLICT DO UPDATE SET n = n + 1',
        ).run(day, serviceId, step);
      },
      async totals(fromDay, toDay) {
        const rows = db
          .prepare(
            'SELECT service_id, step, sum(n) AS n FROM funnel WHERE day >= ? AND day <= ? GROUP BY service_id, step',
          )
          .all(fromDay, toDay) as { service_id: string; step: Parameters<typeof addToTotals>[2]; n: number }[];
        const totals: FunnelTotals = {};
        for (const row of rows) addToTotals(totals, row.service_id, row.step, Number(row.n));
        return totals;
      },
    },
    availability: {
      async get() {
        return state.get<StoredAvailability>('booking-availability') ?? defaultAvailability();
      },
      async put(value) {
        const stored = { ...value, updatedAt: new Date().toISOString() };
        state.set('booking-availability', stored);
        return stored;
      },
    },
    busyCache: {
      async get() {
        return state.get<BusyCache>('booking-busy-cache');
      },
      async put(value) {
        state.set('booking-busy-cache', value);
      },
    },
  };
}
