// A booking world for the mail tests: the real embedded store, the real mailer over loopback SMTP, a bookable
// service, and (when asked) Razorpay's stand-in as the payment provider. Times are fixed, so slots are known.
import { BookingRequestSchema, type Booking } from '../../shared/schemas/booking';
import { createMailer } from '../mail/mailer';
import type { PaymentProvider } from '../payments/provider';
import { createEmbeddedStores } from '../stores/embedded';
import type { Stores } from '../stores/types';
import { createTestEnv } from '../../../tests/support/server/admin-session';
import { sampleService } from '../../../tests/support/server/samples';
import { heldBookingRecord } from '../../../tests/support/factories';
import { bookableSlots, createBooking, type BookingDeps } from './service';

/** A Tuesday morning in India; the default availability then offers Thursday 10:00 IST onwards. */
export const NOW = new Date('2026-12-01T04:00:00.000Z');
export const PRACTITIONER_INBOX = 'ishita@example.com';

export interface MailWorld {
  deps: BookingDeps & { stores: Stores };
  serviceId: string;
  /** The first bookable starts, in order. */
  slots: string[];
  /** Books `start` (default: the first slot) for this client through the service layer. */
  book(email: string, start?: string): Promise<Booking>;
  /** Stores a paid booking's hold at `start` for this client, as while Razorpay Checkout is still open. */
  hold(id: string, start: string, client: { name: string; email: string }): Promise<Booking>;
}

export async function mailWorld(
  smtpUrl: string,
  options: { payments?: PaymentProvider | null; price?: number; stores?: Stores } = {},
): Promise<MailWorld> {
  const env = createTestEnv({ SMTP_URL: smtpUrl, CONTACT_INBOX: PRACTITIONER_INBOX, SITE_URL: 'https://soul.example' });
  const stores = options.stores ?? createEmbeddedStores(':memory:');
  const deps = { env, stores, mailer: createMailer(env), payments: options.payments ?? null };
  const service = await stores.services.create(
    sampleService(1, {
      name: 'Akashic Records Reading',
      price: options.price ?? 0,
      offerPrice: undefined,
      bookingMode: 'site',
      sessionMinutes: 60,
    }),
  );
  const { slots } = await bookableSlots(deps, service._id, { from: '2026-12-03', to: '2026-12-05' }, NOW);
  const starts = slots.map((slot) => slot.start.toISOString());
  return {
    deps,
    serviceId: service._id,
    slots: starts,
    async book(email, start = starts[0] ?? '') {
      const request = BookingRequestSchema.parse({
        serviceId: service._id,
        start,
        name: 'Asha Verma',
        email,
        consent: true,
      });
      return (await createBooking(deps, request, NOW)).booking;
    },
    hold(id, start, client) {
      const record = heldBookingRecord({ _id: id, serviceId: service._id, start, client, now: NOW });
      return stores.bookings.create(record, 15);
    },
  };
}
