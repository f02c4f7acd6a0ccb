// Under `npm start`, the bookings' chores run on a timer in the server process: the same step the deployed site's
// scheduled function runs (src/server/bookings/scheduled.ts), so holds expire, reminders go out (to .data/outbox/
// without SMTP_URL) and the practitioner's calendar is read locally too.
import type { AppDeps } from '../deps';
import { BOOKING_CHORES_EVERY_MS, runBookingChores } from '../bookings/scheduled';

export interface ChoresTimer {
  stop(): Promise<void>;
}

export function startBookingChoresTimer(
  deps: AppDeps,
  log: (line: string) => void,
  everyMs: number = BOOKING_CHORES_EVERY_MS,
): ChoresTimer {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return; // a slow calendar server never stacks runs
    running = runBookingChores(deps, new Date())
      .then((outcome) => {
        if (outcome.reminders > 0) log(`Sent ${outcome.reminders} booking reminder(s).`);
        for (const error of outcome.errors) log(`Bookings: ${error}`);
      })
      .catch((error: unknown) => log(`Bookings: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (running = undefined));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
