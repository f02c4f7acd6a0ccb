// What both booking store backends share (docs/bookings.md, "Stores"): which ticks a booking claims, how a patch
// makes the next version, the default availability and the funnel's empty totals.
import { DEFAULT_AVAILABILITY } from '../../shared/schemas/availability';
import { FUNNEL_STEPS, type Booking, type FunnelStep } from '../../shared/schemas/booking';
import {
  CLAIM_TICK_MINUTES,
  type BookingPatch,
  type ClaimSpan,
  type FunnelTotals,
  type StoredAvailability,
} from './booking-types';

const TICK_MS = CLAIM_TICK_MINUTES * 60_000;

/**
 * The 5-minute instants a booking claims: from its start (rounded down to a tick) up to, not including, its end plus
 * the buffer. Two bookings closer than the buffer always share a tick, so the unique key refuses the second.
 */
export function claimTicks(span: ClaimSpan): string[] {
  const first = Math.floor(Date.parse(span.start) / TICK_MS) * TICK_MS;
  const until = Date.parse(span.end) + span.bufferMinutes * 60_000;
  const ticks: string[] = [];
  for (let tick = first; tick < until; tick += TICK_MS) ticks.push(new Date(tick).toISOString());
  return ticks;
}

/** The patched booking: undefined fields are removed, the version goes up by one. */
export function patched(current: Booking, patch: BookingPatch, raiseVersion = true): Booking {
  const next: Record<string, unknown> = { ...current, ...patch, updatedAt: new Date().toISOString() };
  for (const [key, value] of Object.entries(next)) if (value === undefined) delete next[key];
  return { ...(next as Booking), version: current.version + (raiseVersion ? 1 : 0) };
}

/** The field names a patch removes (set to undefined): MongoDB needs them in $unset. */
export function removedFields(patch: BookingPatch): string[] {
  return Object.entries(patch)
    .filter(([, value]) => value === undefined)
    .map(([key]) => key);
}

export function defaultAvailability(): StoredAvailability {
  return structuredClone(DEFAULT_AVAILABILITY);
}

export function addToTotals(totals: FunnelTotals, serviceId: string, step: FunnelStep, n: number): void {
  const row = (totals[serviceId] ??= Object.fromEntries(FUNNEL_STEPS.map((s) => [s, 0])) as Record<FunnelStep, number>);
  row[step] += n;
}

/** Webhook event ids are kept this long (Razorpay retries for about a day). */
export const PROCESSED_EVENT_DAYS = 30;
