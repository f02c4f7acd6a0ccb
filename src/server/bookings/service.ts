// The booking rules (docs/bookings.md): making a booking, its payment, cancelling, rescheduling, the refund policy.
// Routes stay thin and call these; stores and the payment provider come in through `deps`, so tests swap them.
import { currentPolicyVersion } from '../../shared/policies';
import { readSiteSettings } from '../domain/site-settings';
import type { AppDeps } from '../deps';
import { Refusal } from '../refusal';
import { newId } from '../stores/ids';
import { STALE_BOOKING_MESSAGE as STALE, type BookingPatch, type StoredAvailability } from '../stores/types';
import { PaymentProviderError, type PaymentEvent, type PaymentProvider } from '../payments/provider';
import { paymentProviderFromEnv } from '../payments/from-env';
import {
  BOOKING_MESSAGES,
  HOLD_MINUTES,
  MANAGE_MESSAGES,
  type Booking,
  type BookingRequest,
  type CancelledBy,
  type SlotsQuery,
} from '../../shared/schemas/booking';
import { DEFAULT_CANCELLATION_POLICY, type CancellationPolicy } from '../../shared/schemas/availability';
import type { Service } from '../../shared/schemas/service';
import { publicOffer } from '../../shared/schedule';
import { zonedToUtc, nextDate } from '../../shared/zoned-time';
import { computeSlots, type Busy, type Slot } from './slots';
import { readManageToken, signManageToken } from './manage-link';
import { notifyBooking } from './notify';
import { findPublicService } from '../domain/services';

export type BookingDeps = Pick<AppDeps, 'env' | 'stores' | 'mailer' | 'payments'>;

/** What the browser's checkout needs to open the payment of a held booking. */
export interface CheckoutOrder {
  provider: 'razorpay';
  keyId: string;
  orderId: string;
  amountPaise: number;
  currency: 'INR';
  /** Where the browser loads Checkout's script from (RAZORPAY_CHECKOUT_URL; tests point it at the stand-in). */
  checkoutUrl: string;
}

export interface CreatedBooking {
  booking: Booking;
  /** null: nothing to pay online (free, or paid at the session). */
  payment: CheckoutOrder | null;
  /** The client's link to cancel or reschedule; only once the booking is confirmed. */
  manageUrl: string | null;
}

export type RefundChoice = 'policy' | 'full' | 'none';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How often a change that lost a race on the booking's version is tried again with a fresh read. */
const VERSION_RETRIES = 4;

/** The deploy's payment provider: the one passed in, else the one the RAZORPAY_* variables make, else none. */
export function paymentsOf(deps: BookingDeps): PaymentProvider | null {
  return deps.payments !== undefined ? deps.payments : paymentProviderFromEnv(deps.env);
}

/** The cancellation policy in force (the practitioner's, else the default: full refund up to 24 hours before). */
export function policyOf(availability: StoredAvailability): CancellationPolicy {
  return availability.cancellation ?? DEFAULT_CANCELLATION_POLICY;
}

/**
 * What a cancellation at `now` gives back, in paise: all that was paid (less earlier refunds) up to
 * `fullRefundHours` before the start; `lateRefundPercent` of it after that, until the session starts; then nothing.
 */
export function refundDue(booking: Booking, policy: CancellationPolicy, now: Date): number {
  if (booking.payment.state !== 'paid') return 0;
  const left = booking.payment.amountPaise - (booking.payment.refundedPaise ?? 0);
  const start = Date.parse(booking.start);
  if (start - now.getTime() >= policy.fullRefundHours * HOUR) return left;
  if (start <= now.getTime()) return 0;
  return Math.floor((left * policy.lateRefundPercent) / 100);
}

/** The site's manage page for this booking, with a token for its current version. */
export function manageUrl(deps: BookingDeps, booking: Booking, now: Date): string {
  const token = signManageToken(
    deps.env.JWT_SECRET,
    { bookingId: booking._id, version: booking.version, sessionEnd: new Date(booking.end) },
    now,
  );
  return `${deps.env.SITE_URL.replace(/\/+$/, '')}/booking/manage?token=${encodeURIComponent(token)}`;
}

/** A service that books on this site: active, bookingMode 'site', with a session length. */
export async function bookableService(deps: BookingDeps, idOrSlug: string): Promise<Service> {
  const service = await findPublicService(deps as AppDeps, idOrSlug);
  if (!service || service.bookingMode !== 'site' || !service.sessionMinutes) {
    throw new Refusal('not-found', BOOKING_MESSAGES.notBookable);
  }
  return service;
}

/** The session's price at `now` in paise (an offer in its window counts). */
export function pricePaise(service: Service, now: Date): number {
  const shown = publicOffer(service, now);
  return Math.round((shown.offerPrice ?? shown.price) * 100);
}

const isActive = (booking: Booking) => booking.status === 'held' || booking.status === 'confirmed';

/** Everything that keeps a time from being offered: live bookings and holds, and the practitioner's calendar. */
async function busyTimes(deps: BookingDeps, from: Date, to: Date, exceptId?: string): Promise<Busy[]> {
  const margin = 2 * 24 * HOUR;
  const bookings = await deps.stores.bookings.listBetween(
    new Date(from.getTime() - margin).toISOString(),
    new Date(to.getTime() + margin).toISOString(),
  );
  const busy: Busy[] = bookings
    .filter((booking) => isActive(booking) && booking._id !== exceptId)
    .map((booking) => ({ start: new Date(booking.start), end: new Date(booking.end), isSession: true }));
  const calendar = await deps.stores.busyCache.get();
  for (const item of calendar?.busy ?? []) {
    busy.push({ start: new Date(item.start), end: new Date(item.end), isSession: false });
  }
  return busy;
}

/**
 * The bookable times of a service from the `from` date to the `to` date, both whole days in the practitioner's zone.
 * Lapsed holds are expired first, so their times show again.
 */
export async function bookableSlots(
  deps: BookingDeps,
  idOrSlug: string,
  query: SlotsQuery,
  now: Date,
): Promise<{ service: Service; slots: Slot[] }> {
  const service = await bookableService(deps, idOrSlug);
  const availability = await deps.stores.availability.get();
  await deps.stores.bookings.expireHolds(now);
  const zone = availability.timeZone;
  const from = zonedToUtc(query.from, 0, zone) ?? new Date(`${query.from}T00:00:00Z`);
  const to = zonedToUtc(nextDate(query.to), 0, zone) ?? new Date(`${nextDate(query.to)}T00:00:00Z`);
  const busy = await busyTimes(deps, from, to);
  const slots = computeSlots({ availability, durationMinutes: service.sessionMinutes ?? 60, from, to, now, busy });
  return { service, slots };
}

/** Refuses a start that is not offered now: 409 when something busy is in the way, 400 when it never was a slot. */
async function assertOffered(
  deps: BookingDeps,
  availability: StoredAvailability,
  durationMinutes: number,
  start: Date,
  now: Date,
  exceptId?: string,
): Promise<void> {
  const window = { from: start, to: new Date(start.getTime() + 1) };
  const offered = (busy: Busy[]) =>
    computeSlots({ availability, durationMinutes, ...window, now, busy }).some(
      (slot) => slot.start.getTime() === start.getTime(),
    );
  if (!offered([])) throw new Refusal('invalid', BOOKING_MESSAGES.notOffered, { start: BOOKING_MESSAGES.notOffered });
  if (!offered(await busyTimes(deps, start, window.to, exceptId))) {
    throw new Refusal('conflict', BOOKING_MESSAGES.taken);
  }
}

function storedAnswers(service: Service, request: BookingRequest): Booking['answers'] {
  const questions = service.intakeQuestions ?? [];
  const given = new Map(request.answers.map((answer) => [answer.questionId, answer.answer.trim()]));
  const errors: Record<string, string> = {};
  for (const [index, answer] of request.answers.entries()) {
    if (!questions.some((question) => question.id === answer.questionId)) {
      errors[`answers.${index}.questionId`] = 'This question is not asked for this service';
    }
  }
  for (const question of questions) {
    if (question.required && !given.get(question.id)) errors[`answers.${question.id}`] = BOOKING_MESSAGES.answer;
  }
  if (Object.keys(errors).length > 0) {
    throw new Refusal('invalid', Object.values(errors)[0] ?? BOOKING_MESSAGES.answer, errors);
  }
  return questions
    .filter((question) => given.get(question.id))
    .map((question) => ({
      questionId: question.id,
      question: question.question,
      answer: given.get(question.id) ?? '',
    }));
}

/**
 * Books a time. A free session is confirmed at once. A paid one, when online payment is configured and chosen, is
 * held for HOLD_MINUTES with an order for checkout; otherwise it is confirmed to be paid at the session. The slot is
 * claimed by the store's unique keys, so of two visitors racing for one time exactly one gets it (409 for the other).
 */
export async function createBooking(deps: BookingDeps, request: BookingRequest, now: Date): Promise<CreatedBooking> {
  const service = await bookableService(deps, request.serviceId);
  const answers = storedAnswers(service, request);
  const availability = await deps.stores.availability.get();
  await deps.stores.bookings.expireHolds(now);
  const durationMinutes = service.sessionMinutes ?? 60;
  const start = new Date(request.start);
  await assertOffered(deps, availability, durationMinutes, start, now);

  const amountPaise = pricePaise(service, now);
  const provider = amountPaise > 0 && availability.paymentChoice !== 'at-session' ? paymentsOf(deps) : null;
  const online = provider !== null;
  const id = newId(now.getTime());
  const booking = await deps.stores.bookings.create(
    {
      _id: id,
      serviceId: service._id,
      serviceName: service.name,
      start: start.toISOString(),
      end: new Date(start.getTime() + durationMinutes * MINUTE).toISOString(),
      timeZone: availability.timeZone,
      client: { name: request.name, email: request.email, ...(request.phone ? { phone: request.phone } : {}) },
      note: request.note ?? '',
      answers,
      // The policies' version the visitor agreed to, as the contact form records it (docs/policies.md).
      consent: { at: now.toISOString(), policyVersion: currentPolicyVersion(await readSiteSettings(deps.stores)) },
      status: online ? 'held' : 'confirmed',
      payment: {
        mode: amountPaise === 0 ? 'free' : online ? 'online' : 'at-session',
        state: online ? 'pending' : 'none',
        amountPaise,
      },
      ...(online ? { holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * MINUTE).toISOString() } : {}),
      practitionerNotes: '',
      mailsSent: [],
    },
    availability.bufferMinutes,
  );
  await deps.stores.funnel.count(service._id, 'booking-started', now.toISOString().slice(0, 10));

  if (!provider) {
    await notifyBooking(deps, booking, 'confirmed');
    return { booking, payment: null, manageUrl: manageUrl(deps, booking, now) };
  }
  try {
    const order = await provider.createOrder({ amountPaise, receipt: booking._id, notes: { bookingId: booking._id } });
    const held = await deps.stores.bookings.update(
      booking._id,
      { payment: { ...booking.payment, orderId: order.id } },
      booking.version,
    );
    if (!held) throw new Refusal('not-found', BOOKING_MESSAGES.taken);
    return {
      booking: held,
      payment: {
        provider: 'razorpay',
        keyId: provider.publicKey,
        orderId: order.id,
        amountPaise,
        currency: 'INR',
        checkoutUrl: deps.env.RAZORPAY_CHECKOUT_URL,
      },
      manageUrl: null,
    };
  } catch (error) {
    // No order, no hold: the time is freed at once rather than blocked for ten minutes.
    await deps.stores.bookings.release(booking._id);
    await deps.stores.bookings
      .update(booking._id, { status: 'expired', holdExpiresAt: undefined }, booking.version)
      .catch(() => null);
    if (error instanceof PaymentProviderError) {
      console.error(`[bookings] no payment order for booking ${booking._id}: ${error.message}`);
      throw new Refusal('unavailable', 'Online payment is not available right now. Please try again in a few minutes.');
    }
    throw error;
  }
}

/** Runs `change` on a fresh read until it wins the version race (a webhook and the checkout handler may collide). */
async function withFreshBooking(
  deps: BookingDeps,
  id: string,
  change: (booking: Booking) => Promise<Booking>,
): Promise<Booking> {
  for (let attempt = 1; ; attempt += 1) {
    const booking = await deps.stores.bookings.get(id);
    if (!booking) throw new Refusal('not-found', MANAGE_MESSAGES.token);
    try {
      return await change(booking);
    } catch (error) {
      const stale = error instanceof Refusal && error.reason === 'conflict' && error.message === STALE;
      if (!stale || attempt >= VERSION_RETRIES) throw error;
    }
  }
}

/**
 * A captured payment for this booking, from either the checkout handler or the webhook; the second arrival changes
 * nothing. A payment for a hold that lapsed re-claims the time if it is still free; if someone else took it, the
 * whole amount goes back and the client is told.
 */
async function applyCapture(deps: BookingDeps, id: string, paymentId: string, now: Date): Promise<Booking> {
  let event: 'confirmed' | 'refunded' | null = null;
  // Kept across retries: a lost version race must not ask for the same refund twice.
  let refunded: number | null = null;
  const booking = await withFreshBooking(deps, id, async (current) => {
    event = null;
    if (current.payment.state === 'paid' || current.payment.state === 'refunded') return current;
    const paid = { ...current.payment, state: 'paid' as const, paymentId };
    const patch: BookingPatch = { status: 'confirmed', payment: paid, holdExpiresAt: undefined };
    if (current.status === 'held') {
      const updated = await deps.stores.bookings.update(id, patch, current.version);
      event = 'confirmed';
      return updated ?? current;
    }
    if (current.status === 'expired') {
      const availability = await deps.stores.availability.get();
      const span = { start: current.start, end: current.end, bufferMinutes: availability.bufferMinutes };
      try {
        const updated = await deps.stores.bookings.reclaim(id, span, patch, current.version);
        event = 'confirmed';
        return updated ?? current;
      } catch (error) {
        if (!(error instanceof Refusal) || error.message === STALE) throw error;
      }
    }
    // Cancelled meanwhile, or the lapsed time was taken: everything paid goes back.
    refunded ??= await refundPayment(deps, { ...current, payment: paid }, current.payment.amountPaise);
    const updated = await deps.stores.bookings.update(
      id,
      {
        status: 'cancelled',
        cancelledBy: current.cancelledBy ?? 'system',
        cancelledAt: current.cancelledAt ?? now.toISOString(),
        holdExpiresAt: undefined,
        payment: { ...paid, state: 'refunded', refundedPaise: refunded },
      },
      current.version,
    );
    event = 'refunded';
    return updated ?? current;
  });
  if (event === 'confirmed') {
    await deps.stores.funnel.count(booking.serviceId, 'paid', now.toISOString().slice(0, 10));
  }
  if (event) await notifyBooking(deps, booking, event);
  return booking;
}

async function refundPayment(deps: BookingDeps, booking: Booking, amountPaise: number): Promise<number> {
  if (amountPaise <= 0) return 0;
  const provider = paymentsOf(deps);
  if (!provider || !booking.payment.paymentId) {
    throw new Refusal('unavailable', 'The refund cannot be made right now. Please try again later.');
  }
  try {
    const refund = await provider.refund({ paymentId: booking.payment.paymentId, amountPaise, receipt: booking._id });
    return refund.amountPaise;
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      console.error(`[bookings] the refund of booking ${booking._id} failed: ${error.message}`);
      throw new Refusal('unavailable', 'The refund cannot be made right now. Please try again later.');
    }
    throw error;
  }
}

/** Checkout's handler: believed only when the signature is ours for exactly this booking's order. */
export async function confirmPayment(
  deps: BookingDeps,
  bookingId: string,
  checkout: { orderId: string; paymentId: string; signature: string },
  now: Date,
): Promise<Booking> {
  const provider = paymentsOf(deps);
  const booking = await deps.stores.bookings.get(bookingId);
  if (!provider || !booking || booking.payment.orderId !== checkout.orderId || !provider.verifyCheckout(checkout)) {
    throw new Refusal(
      'invalid',
      'The payment could not be verified. If money was taken, it will be confirmed or refunded automatically.',
    );
  }
  return applyCapture(deps, bookingId, checkout.paymentId, now);
}

/**
 * A verified webhook event, idempotent by its event id: a redelivery returns 'duplicate' and changes nothing. An
 * event whose handling failed is forgotten again, so Razorpay's next delivery retries it.
 */
export async function handlePaymentEvent(
  deps: BookingDeps,
  event: PaymentEvent,
  now: Date,
): Promise<'applied' | 'duplicate' | 'ignored'> {
  if (!(await deps.stores.processedEvents.remember(event.eventId, now))) return 'duplicate';
  try {
    if (event.kind === 'captured') {
      const booking = await deps.stores.bookings.findByOrderId(event.orderId);
      if (!booking) return 'ignored';
      await applyCapture(deps, booking._id, event.paymentId, now);
      return 'applied';
    }
    if (event.kind === 'failed') {
      const booking = await deps.stores.bookings.findByOrderId(event.orderId);
      if (!booking || booking.status !== 'held' || booking.payment.state !== 'pending') return 'ignored';
      // The hold stays: checkout lets the visitor try again with the same order until it lapses.
      await deps.stores.bookings.update(
        booking._id,
        { payment: { ...booking.payment, state: 'failed' } },
        booking.version,
      );
      return 'applied';
    }
    // Refunds are recorded when we ask for them (cancelBooking); the processor's later notice adds nothing.
    return 'ignored';
  } catch (error) {
    await deps.stores.processedEvents.forget(event.eventId);
    throw error;
  }
}

/**
 * Cancels a held or confirmed booking and frees its time. `refund`: 'policy' (the client, by the manage link), 'full'
 * or 'none' (the practitioner's choice). The refund is asked for first; if the processor refuses, nothing changes.
 */
export async function cancelBooking(
  deps: BookingDeps,
  id: string,
  by: CancelledBy,
  options: { refund: RefundChoice },
  now: Date,
): Promise<Booking> {
  const availability = await deps.stores.availability.get();
  let refunded = 0;
  const booking = await withFreshBooking(deps, id, async (current) => {
    if (!isActive(current)) throw new Refusal('conflict', 'This booking is already cancelled or over.');
    const left = current.payment.amountPaise - (current.payment.refundedPaise ?? 0);
    const due =
      options.refund === 'policy'
        ? refundDue(current, policyOf(availability), now)
        : options.refund === 'full' && current.payment.state === 'paid'
          ? left
          : 0;
    if (refunded === 0) refunded = await refundPayment(deps, current, due);
    const payment =
      refunded > 0
        ? {
            ...current.payment,
            state: refunded >= left ? ('refunded' as const) : current.payment.state,
            refundedPaise: (current.payment.refundedPaise ?? 0) + refunded,
          }
        : current.payment;
    const updated = await deps.stores.bookings.update(
      id,
      { status: 'cancelled', cancelledAt: now.toISOString(), cancelledBy: by, holdExpiresAt: undefined, payment },
      current.version,
    );
    if (!updated) throw new Refusal('not-found', MANAGE_MESSAGES.token);
    return updated;
  });
  await deps.stores.bookings.release(id);
  await notifyBooking(deps, booking, 'cancelled');
  return booking;
}

/** Moves a confirmed booking to another offered time of the same length; the old time is freed. */
export async function rescheduleBooking(deps: BookingDeps, id: string, newStart: string, now: Date): Promise<Booking> {
  const availability = await deps.stores.availability.get();
  await deps.stores.bookings.expireHolds(now);
  const booking = await withFreshBooking(deps, id, async (current) => {
    if (current.status !== 'confirmed') throw new Refusal('conflict', 'Only a confirmed booking can be moved.');
    const length = Date.parse(current.end) - Date.parse(current.start);
    const start = new Date(newStart);
    await assertOffered(deps, availability, Math.round(length / MINUTE), start, now, id);
    const end = new Date(start.getTime() + length).toISOString();
    const span = { start: start.toISOString(), end, bufferMinutes: availability.bufferMinutes };
    const updated = await deps.stores.bookings.reclaim(id, span, { start: span.start, end }, current.version);
    if (!updated) throw new Refusal('not-found', MANAGE_MESSAGES.token);
    return updated;
  });
  await notifyBooking(deps, booking, 'rescheduled');
  return booking;
}

/** The client did not come: only after the start of a confirmed session. */
export async function markNoShow(deps: BookingDeps, id: string, now: Date): Promise<Booking> {
  const booking = await withFreshBooking(deps, id, async (current) => {
    if (current.status !== 'confirmed' || Date.parse(current.start) > now.getTime()) {
      throw new Refusal('conflict', 'Only a confirmed session that has started can be marked as a no-show.');
    }
    const updated = await deps.stores.bookings.update(id, { status: 'no-show' }, current.version);
    if (!updated) throw new Refusal('not-found', MANAGE_MESSAGES.token);
    return updated;
  });
  await deps.stores.bookings.release(id);
  return booking;
}

/** The practitioner's private notes (never shown to the client; the manage link keeps working). */
export async function setNotes(deps: BookingDeps, id: string, practitionerNotes: string): Promise<Booking> {
  const updated = await deps.stores.bookings.setNotes(id, practitionerNotes);
  if (!updated) throw new Refusal('not-found', 'This booking does not exist.');
  return updated;
}

export interface ManageView {
  booking: Booking;
  canCancel: boolean;
  canReschedule: boolean;
  /** What cancelling now gives back, in paise. */
  refundPaise: number;
  policy: CancellationPolicy;
}

/** The booking a manage link names, if the link is genuine and the booking has not changed since it was sent. */
export async function readManageLink(deps: BookingDeps, token: string, now: Date): Promise<ManageView> {
  const target = readManageToken(deps.env.JWT_SECRET, token, now);
  const booking = target ? await deps.stores.bookings.get(target.bookingId) : null;
  if (!target || !booking || booking.version !== target.version) {
    throw new Refusal('not-found', MANAGE_MESSAGES.token);
  }
  const policy = policyOf(await deps.stores.availability.get());
  const upcoming = Date.parse(booking.start) > now.getTime();
  return {
    booking,
    canCancel: isActive(booking) && upcoming,
    // Moving a session is allowed while cancelling would still refund in full, so a move never dodges the policy.
    canReschedule:
      booking.status === 'confirmed' && Date.parse(booking.start) - now.getTime() >= policy.fullRefundHours * HOUR,
    refundPaise: refundDue(booking, policy, now),
    policy,
  };
}
