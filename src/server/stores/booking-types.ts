// The booking stores' interfaces (docs/bookings.md, "Stores"); re-exported by ./types.ts, which wires them into
// `Stores`. Both backends implement them (embedded/bookings.ts, mongo/bookings.ts) against one contract suite
// (contract/bookings.test.ts).
import type { AvailabilitySettings } from '../../shared/schemas/availability';
import type { Booking, FunnelStep } from '../../shared/schemas/booking';

/** Slots are claimed in 5-minute ticks: one unique key per tick, so two bookings can never hold the same minute. */
export const CLAIM_TICK_MINUTES = 5;

/** The message of Refusal('conflict') when `update` or `reclaim` is given a version that is no longer current. */
export const STALE_BOOKING_MESSAGE = 'This booking was changed meanwhile';

/** What the store decides itself: the version and the change times. */
export type NewBooking = Omit<Booking, 'version' | 'createdAt' | 'updatedAt'>;

/** Fields a caller may change; `version` and `updatedAt` are the store's. */
export type BookingPatch = Partial<Omit<Booking, '_id' | 'version' | 'createdAt' | 'updatedAt' | 'mailsSent'>>;

/** Where a booking's claims go: its session plus the buffer kept after it. */
export interface ClaimSpan {
  start: string;
  end: string;
  bufferMinutes: number;
}

export interface BookingStore {
  /**
   * Claims every tick of [start, end + bufferMinutes) under a unique key and stores the booking (version 0) in the
   * same step. Throws Refusal('conflict') when any tick is taken already, and then nothing is kept: no read before the
   * write decides it, the unique keys do, so of any number of racing calls exactly one wins a tick.
   */
  create(booking: NewBooking, bufferMinutes: number): Promise<Booking>;
  get(id: string): Promise<Booking | null>;
  findByOrderId(orderId: string): Promise<Booking | null>;
  /** Bookings of any status whose session overlaps [fromIso, toIso), by start. */
  listBetween(fromIso: string, toIso: string): Promise<Booking[]>;
  /** Every booking of this address (case-insensitive), newest start first. */
  listByEmail(email: string): Promise<Booking[]>;
  /**
   * Applies the patch and raises the version, only when the stored version is still `expectedVersion`: a stale
   * version throws Refusal('conflict'). null when no booking has this id.
   */
  update(id: string, patch: BookingPatch, expectedVersion: number): Promise<Booking | null>;
  /**
   * Moves the booking's claims to `span` (a reschedule, or a payment that arrived after its hold lapsed and was
   * released) and applies the patch, raising the version. Ticks it holds already stay its own; a tick held by another
   * booking throws Refusal('conflict') and leaves the booking and its old claims as they were.
   */
  reclaim(id: string, span: ClaimSpan, patch: BookingPatch, expectedVersion: number): Promise<Booking | null>;
  /** Frees every tick the booking holds (after a cancellation, an expiry, a no-show); the booking stays. */
  release(id: string): Promise<void>;
  /** Held bookings whose hold ended at or before `now` become 'expired' and free their ticks; answers them. */
  expireHolds(now: Date): Promise<Booking[]>;
  /**
   * Sets the practitioner's private notes without raising the version (a note must not kill the client's manage
   * link). null when no booking has this id.
   */
  setNotes(id: string, practitionerNotes: string): Promise<Booking | null>;
  /** Records that the mail `key` went out; true only for the first caller, so a mail is never sent twice. */
  markMailSent(id: string, key: string): Promise<boolean>;
  /** Removes every booking of this address and its claims (the data-erase request); answers how many. */
  eraseClient(email: string): Promise<number>;
}

/** Webhook idempotency: the processor delivers an event again until it gets a 2xx. */
export interface ProcessedEventStore {
  /** True the first time an event id is seen, false afterwards (ids are kept 30 days). */
  remember(eventId: string, now?: Date): Promise<boolean>;
  /** Forgets an event whose handling failed, so the processor's next delivery is handled again. */
  forget(eventId: string): Promise<void>;
}

/** Per service, per step, how many; every step present (0 when none). */
export type FunnelTotals = Record<string, Record<FunnelStep, number>>;

/** Counts of the booking funnel per service and day: no personal data, no cookies. */
export interface FunnelStore {
  /** Adds one. `day` is a date like 2026-12-01 (UTC). */
  count(serviceId: string, step: FunnelStep, day: string): Promise<void>;
  /** The sums over the days from `fromDay` to `toDay`, both included. */
  totals(fromDay: string, toDay: string): Promise<FunnelTotals>;
}

/** The availability record: the settings the portal saves plus the private feed's token. */
export type StoredAvailability = AvailabilitySettings & {
  /** The secret in the private calendar feed's address (GET /api/calendar/{feedToken}.ics); rotated on request. */
  feedToken?: string;
  updatedAt?: string;
};

export interface AvailabilityStore {
  /** The saved record; DEFAULT_AVAILABILITY while none was ever saved. */
  get(): Promise<StoredAvailability>;
  put(value: StoredAvailability): Promise<StoredAvailability>;
}

/** The practitioner's calendar, as last read: busy times as UTC ISO instants. */
export interface BusyCache {
  fetchedAt: string;
  busy: { start: string; end: string }[];
  /** Why the last read failed (the cached busy times stay in use meanwhile). */
  error?: string;
}

export interface BusyCacheStore {
  get(): Promise<BusyCache | null>;
  put(value: BusyCache): Promise<void>;
}

export interface BookingStores {
  bookings: BookingStore;
  processedEvents: ProcessedEventStore;
  funnel: FunnelStore;
  availability: AvailabilityStore;
  busyCache: BusyCacheStore;
}
