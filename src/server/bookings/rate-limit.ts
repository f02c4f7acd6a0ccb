// Booking requests per address (docs/bookings.md, "Limits"), like the contact form's: a script cannot fill the
// calendar with holds. Generous for a person, who books once and may retry a few times.
import { Refusal } from '../refusal';
import type { Stores } from '../stores/types';

export const BOOKING_RATE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 } as const;

export async function checkBookingRateLimit(
  stores: Pick<Stores, 'rateLimits'>,
  ip: string,
  now = Date.now(),
): Promise<void> {
  const state = await stores.rateLimits.hit(`booking:${ip}`, BOOKING_RATE_LIMIT.windowMs);
  if (state.count > BOOKING_RATE_LIMIT.max) {
    const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - now) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new Refusal(
      'too-many',
      `You have tried to book several times in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      seconds,
    );
  }
}
