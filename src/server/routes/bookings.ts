// The public booking API (docs/bookings.md, "HTTP"): slots, booking, payment, the webhook, the manage link, the
// funnel beacon and the practitioner's private calendar feed. Thin: the rules are in src/server/bookings/service.ts.
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import {
  BookingRequestSchema,
  CheckoutConfirmationSchema,
  FunnelBeaconSchema,
  ManageRescheduleSchema,
  ManageTokenSchema,
  SlotsQuerySchema,
  toManagedBooking,
  toPublicBooking,
} from '../../shared/schemas/booking';
import { IdSchema } from '../../shared/schemas/common';
import { clientIp } from '../auth/client-ip';
import type { AppEnv } from '../deps';
import { HttpError } from '../http/errors';
import { parseOrThrow, readJson } from '../http/validate';
import { Refusal } from '../refusal';
import { calendarFile } from '../bookings/calendar-file';
import { checkBookingRateLimit } from '../bookings/rate-limit';
import {
  bookableSlots,
  cancelBooking,
  confirmPayment,
  createBooking,
  handlePaymentEvent,
  manageUrl,
  paymentsOf,
  readManageLink,
  rescheduleBooking,
} from '../bookings/service';

const today = (now: Date) => now.toISOString().slice(0, 10);

/** GET /api/services/{slug or id}/slots?from=&to= */
export const serviceSlotsRoutes = new Hono<AppEnv>().get('/:idOrSlug/slots', async (c) => {
  const query = parseOrThrow(SlotsQuerySchema, { from: c.req.query('from'), to: c.req.query('to') });
  const now = new Date();
  const deps = c.var.deps;
  const { service, slots } = await bookableSlots(deps, c.req.param('idOrSlug'), query, now);
  await deps.stores.funnel.count(service._id, 'slots-viewed', today(now));
  c.header('Cache-Control', 'no-store');
  return c.json({
    success: true as const,
    data: slots.map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
  });
});

export const bookingsRoutes = new Hono<AppEnv>()
  /** POST /api/bookings: books a time (201), or 409 when it was just taken. */
  .post('/', async (c) => {
    const deps = c.var.deps;
    const request = await readJson(c, BookingRequestSchema);
    await checkBookingRateLimit(deps.stores, clientIp(c));
    const created = await createBooking(deps, request, new Date());
    return c.json(
      {
        success: true as const,
        data: {
          booking: toPublicBooking(created.booking),
          payment: created.payment,
          ...(created.manageUrl ? { manageUrl: created.manageUrl } : {}),
        },
      },
      201,
    );
  })
  /** GET /api/bookings/manage?token= : the booking a manage link names, with what may be done now. */
  .get('/manage', async (c) => {
    const { token } = parseOrThrow(ManageTokenSchema, { token: c.req.query('token') });
    const view = await readManageLink(c.var.deps, token, new Date());
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, data: { ...view, booking: toManagedBooking(view.booking) } });
  })
  /** POST /api/bookings/manage/cancel { token }: the client cancels; the refund follows the policy. */
  .post('/manage/cancel', async (c) => {
    const { token } = await readJson(c, ManageTokenSchema);
    const deps = c.var.deps;
    const now = new Date();
    const view = await readManageLink(deps, token, now);
    if (!view.canCancel) throw new Refusal('conflict', 'This booking can no longer be cancelled here.');
    const booking = await cancelBooking(deps, view.booking._id, 'client', { refund: 'policy' }, now);
    return c.json({ success: true as const, data: { booking: toManagedBooking(booking) } });
  })
  /** POST /api/bookings/manage/reschedule { token, start }: moves the session; the reply carries the new link. */
  .post('/manage/reschedule', async (c) => {
    const { token, start } = await readJson(c, ManageRescheduleSchema);
    const deps = c.var.deps;
    const now = new Date();
    const view = await readManageLink(deps, token, now);
    if (!view.canReschedule) {
      throw new Refusal('conflict', 'This booking can no longer be moved here. Please write to me instead.');
    }
    const booking = await rescheduleBooking(deps, view.booking._id, start, now);
    return c.json({
      success: true as const,
      data: { booking: toManagedBooking(booking), manageUrl: manageUrl(deps, booking, now) },
    });
  })
  /** POST /api/bookings/{id}/payment: what checkout's handler received, verified before it counts. */
  .post('/:id/payment', async (c) => {
    const id = parseOrThrow(IdSchema, c.req.param('id'));
    const body = await readJson(c, CheckoutConfirmationSchema);
    const deps = c.var.deps;
    const now = new Date();
    const booking = await confirmPayment(
      deps,
      id,
      { orderId: body.razorpay_order_id, paymentId: body.razorpay_payment_id, signature: body.razorpay_signature },
      now,
    );
    return c.json({
      success: true as const,
      data: {
        booking: toPublicBooking(booking),
        ...(booking.status === 'confirmed' ? { manageUrl: manageUrl(deps, booking, now) } : {}),
      },
    });
  });

/** POST /api/payments/razorpay/webhook: 200 once the signature is ours (ignored events too), 400 otherwise. */
export const paymentWebhookRoutes = new Hono<AppEnv>().post('/razorpay/webhook', async (c) => {
  const deps = c.var.deps;
  const raw = await c.req.text();
  const event = paymentsOf(deps)?.readWebhook(raw, {
    signature: c.req.header('x-razorpay-signature'),
    eventId: c.req.header('x-razorpay-event-id'),
  });
  if (!event) throw new HttpError(400, 'The webhook signature does not match');
  const outcome = await handlePaymentEvent(deps, event, new Date());
  return c.json({ success: true as const, data: { outcome } });
});

/** POST /api/funnel { serviceId, step }: one count, nothing about the visitor (no cookie, no address kept). */
export const funnelRoutes = new Hono<AppEnv>().post('/', async (c) => {
  const { serviceId, step } = await readJson(c, FunnelBeaconSchema);
  const deps = c.var.deps;
  const service = await deps.stores.services.get(serviceId);
  if (service?.isActive) await deps.stores.funnel.count(serviceId, step, today(new Date()));
  return c.body(null, 204);
});

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const FEED_PAST_DAYS = 60;
const FEED_AHEAD_DAYS = 400;

/** GET /api/calendar/{feedToken}.ics: the practitioner's private feed of booked sessions; 404 for any other token. */
export const calendarFeedRoutes = new Hono<AppEnv>().get('/:file', async (c) => {
  const file = c.req.param('file');
  const deps = c.var.deps;
  const availability = await deps.stores.availability.get();
  const token = file.endsWith('.ics') ? file.slice(0, -4) : '';
  if (!token || !availability.feedToken || !sameSecret(token, availability.feedToken)) {
    throw new HttpError(404, 'Not found');
  }
  const now = new Date();
  const bookings = await deps.stores.bookings.listBetween(
    new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000).toISOString(),
    new Date(now.getTime() + FEED_AHEAD_DAYS * 86_400_000).toISOString(),
  );
  const body = calendarFile({
    kind: 'publish',
    name: 'Booked sessions',
    now,
    sessions: bookings
      .filter((b) => b.status === 'confirmed' || b.status === 'cancelled' || b.status === 'no-show')
      .map((b) => ({
        id: b._id,
        start: new Date(b.start),
        end: new Date(b.end),
        summary: `${b.serviceName}: ${b.client.name}`,
        description: [b.client.email, b.client.phone, b.note].filter(Boolean).join('\n'),
        cancelled: b.status === 'cancelled',
        sequence: b.version,
      })),
  });
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Cache-Control': 'private, no-store',
  });
});
