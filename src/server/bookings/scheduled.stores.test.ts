import { describe, expect, it } from 'vitest';
import { useSmtpServer } from '../../../tests/support/smtp';
import { storeImplementations } from '../stores/contract/harness';
import { mailWorld, PRACTITIONER_INBOX } from './mail.fixtures';
import { notifyBooking } from './notify';
import { runBookingChores } from './scheduled';

// The mails' send-once rule on both stores (MongoDB on its stand-in when present, as on Atlas): racing
// notifications and two scheduled runs that overlap (a slow run and the next one) still send each mail once.
const HOUR = 3_600_000;

describe('mails once, on every store', () => {
  const smtp = useSmtpServer();
  for (const implementation of storeImplementations()) {
    describe.skipIf(!implementation.available)(implementation.name, () => {
      it('racing notifications and overlapping scheduled runs send each mail once', async () => {
        const { stores, dispose } = await implementation.open();
        try {
          const world = await mailWorld(smtp.url, { stores });
          const email = `once-${implementation.name}@example.com`;
          const booking = await world.book(email);
          await Promise.all([1, 2, 3].map(() => notifyBooking(world.deps, booking, 'confirmed')));
          const mark = new Date(Date.parse(booking.start) - 24 * HOUR + 60_000);
          const runs = await Promise.all([runBookingChores(world.deps, mark), runBookingChores(world.deps, mark)]);
          expect(runs.map((run) => run.reminders).sort()).toEqual([0, 1]);
          await new Promise((resolve) => setTimeout(resolve, 400));
          const toClient = smtp.messages.filter((mail) => mail.to.includes(email));
          expect(toClient).toHaveLength(2); // the confirmation and one reminder
          const toPractitioner = smtp.messages.filter(
            (mail) => mail.to.includes(PRACTITIONER_INBOX) && mail.raw.includes(booking._id),
          );
          expect(toPractitioner).toHaveLength(1);
          expect((await stores.bookings.get(booking._id))?.mailsSent.sort()).toEqual([
            'confirmed:client',
            'confirmed:practitioner',
            `reminder-24h@${booking.start}`,
          ]);
        } finally {
          await dispose();
        }
      }, 60_000);
    });
  }
});
