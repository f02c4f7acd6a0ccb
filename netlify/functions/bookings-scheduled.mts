import type { Config } from '@netlify/functions';
import { runBookingChoresNow } from '../../src/server/bookings/chores-run';

/**
 * The bookings' chores (docs/bookings.md, "Mails and reminders"): every five minutes, expire unpaid holds, send the
 * reminders due 24 hours and 1 hour before a session, and refresh the practitioner's busy times from their calendar.
 */
export default async () => {
  const outcome = await runBookingChoresNow();
  // Scheduled functions' replies go nowhere; the function log is what an operator reads. Counts and reasons only:
  // no client's name or address is in the outcome.
  if ('action' in outcome || outcome.reminders > 0 || outcome.errors.length > 0 || outcome.busy.action === 'failed') {
    console.log(`[bookings] scheduled chores: ${JSON.stringify(outcome)}`);
  }
  return new Response(null, { status: 204 });
};

export const config: Config = {
  schedule: '*/5 * * * *',
};
