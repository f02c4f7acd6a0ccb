// The practitioner's side of bookings (docs/bookings.md, "In the portal"): what the admin routes read and change,
// over the booking stores and the booking service. Stores come in through deps; the routes stay thin.
import { randomBytes } from 'node:crypto';
import {
  RAZORPAY_VARIABLES,
  type AdminAvailabilityInput,
  type AdminAvailabilityReply,
  type AdminBookingRow,
  type AdminBookingsQuery,
  type ClientSummary,
  type FunnelReply,
  type PaymentSetup,
} from '../../shared/schemas/admin-bookings';
import { DEFAULT_AVAILABILITY, type CancellationPolicy } from '../../shared/schemas/availability';
import type { Booking, FunnelStep } from '../../shared/schemas/booking';
import { nextDate, zonedToUtc } from '../../shared/zoned-time';
import type { AppDeps } from '../deps';
import type { Env } from '../env';
import { missingPaymentVariables } from '../payments/from-env';
import { groupClients } from './clients';
import { toCsv } from './csv';
import { policyOf, refundDue } from './service';

/** Which Razorpay variable is missing first, if any: online payment needs all three. */
export function paymentSetup(env: Env): PaymentSetup {
  const missing = RAZORPAY_VARIABLES.find((name) => missingPaymentVariables(env).includes(name)) ?? null;
  return { online: missing === null, missing };
}

/** The private feed's address for a token (served by the public calendar route). */
export const feedUrl = (siteUrl: string, token: string) =>
  `${siteUrl.replace(/\/+$/, '')}/api/calendar/${encodeURIComponent(token)}.ics`;

/** GET /api/admin/availability: the form's values, the feed address, the calendar's last read, payment. */
export async function availabilityReply(deps: AppDeps): Promise<AdminAvailabilityReply> {
  const { availability, busyCache, settings } = deps.stores;
  const [stored, busy, site] = await Promise.all([availability.get(), busyCache.get(), settings.get()]);
  // Never saved: the weekly hours are read in the zone the site's contact hours already use.
  const saved = stored.updatedAt !== undefined;
  const timeZone = saved ? stored.timeZone : (site?.contact.timeZone ?? DEFAULT_AVAILABILITY.timeZone);
  return {
    availability: {
      timeZone,
      weekly: stored.weekly,
      datesOff: stored.datesOff,
      minNoticeMinutes: stored.minNoticeMinutes,
      bufferMinutes: stored.bufferMinutes,
      maxPerDay: stored.maxPerDay,
      horizonDays: stored.horizonDays,
      cancellation: policyOf(stored),
      paymentChoice: stored.paymentChoice ?? 'online',
      calendarUrl: stored.calendarUrl ?? '',
    },
    feedUrl: stored.feedToken ? feedUrl(deps.env.SITE_URL, stored.feedToken) : null,
    calendar: { fetchedAt: busy?.fetchedAt ?? null, error: busy?.error ?? null },
    payment: paymentSetup(deps.env),
  };
}

/** PUT /api/admin/availability. The feed token is kept; a new calendar address is read at the next refresh. */
export async function saveAvailability(deps: AppDeps, input: AdminAvailabilityInput): Promise<AdminAvailabilityReply> {
  const { availability } = deps.stores;
  const stored = await availability.get();
  const { calendarUrl, ...rest } = input;
  // The token is not the form's: the feed keeps its address across saves.
  await availability.put({
    ...rest,
    ...(calendarUrl ? { calendarUrl } : {}),
    ...(stored.feedToken ? { feedToken: stored.feedToken } : {}),
  });
  return availabilityReply(deps);
}

/** POST /api/admin/availability/feed-token: a new unguessable token; the old address stops working at once. */
export async function rotateFeedToken(deps: AppDeps): Promise<AdminAvailabilityReply> {
  const { availability } = deps.stores;
  const stored = await availability.get();
  const { updatedAt: _updatedAt, ...rest } = stored;
  await availability.put({ ...rest, feedToken: randomBytes(24).toString('base64url') });
  return availabilityReply(deps);
}

/** A booking as the portal shows it, with what cancelling it now would refund in full and by the policy. */
export function adminRow(booking: Booking, policy: CancellationPolicy, now: Date): AdminBookingRow {
  const paid = booking.payment.state === 'paid';
  const left = booking.payment.amountPaise - (booking.payment.refundedPaise ?? 0);
  return {
    booking,
    refundFullPaise: paid ? left : 0,
    refundPolicyPaise: refundDue(booking, policy, now),
  };
}

/** GET /api/admin/bookings: the bookings starting within [from, to] (whole days in the practitioner's zone). */
export async function listAdminBookings(
  deps: AppDeps,
  query: AdminBookingsQuery,
  now: Date,
): Promise<{ rows: AdminBookingRow[]; timeZone: string }> {
  const stored = await deps.stores.availability.get();
  const { timeZone } = stored;
  const fromIso = query.from
    ? (zonedToUtc(query.from, 0, timeZone) ?? new Date(query.from)).toISOString()
    : '0000-01-01T00:00:00.000Z';
  const toIso = query.to
    ? (zonedToUtc(nextDate(query.to), 0, timeZone) ?? new Date(nextDate(query.to))).toISOString()
    : '9999-12-31T00:00:00.000Z';
  const bookings = await deps.stores.bookings.listBetween(fromIso, toIso);
  const policy = policyOf(stored);
  return {
    rows: bookings.sort((a, b) => a.start.localeCompare(b.start)).map((booking) => adminRow(booking, policy, now)),
    timeZone,
  };
}

const ALL_TIME = ['0000-01-01T00:00:00.000Z', '9999-12-31T00:00:00.000Z'] as const;

/** GET /api/admin/clients: everyone who booked (a hold that never became a booking is not a client) or wrote. */
export async function clientList(deps: AppDeps): Promise<ClientSummary[]> {
  const [bookings, messages] = await Promise.all([
    deps.stores.bookings.listBetween(...ALL_TIME),
    deps.stores.contact.list(),
  ]);
  return groupClients(
    bookings.filter((booking) => booking.status !== 'expired'),
    messages,
  );
}

export type ExportTable = 'clients' | 'bookings';

/** GET /api/admin/clients/export.csv?table=clients|bookings. Answers are left out: they stay in the portal. */
export async function exportCsv(deps: AppDeps, table: ExportTable): Promise<string> {
  if (table === 'clients') {
    const clients = await clientList(deps);
    return toCsv(
      ['Name', 'Email', 'Phone', 'Bookings', 'Messages', 'Last activity'],
      clients.map((client) => [
        client.name,
        client.email,
        client.phone,
        client.bookings,
        client.messages,
        client.lastAt,
      ]),
    );
  }
  const bookings = (await deps.stores.bookings.listBetween(...ALL_TIME)).sort((a, b) => a.start.localeCompare(b.start));
  return toCsv(
    [
      'Start (UTC)',
      'End (UTC)',
      'Time zone',
      'Service',
      'Name',
      'Email',
      'Phone',
      'Status',
      'Payment',
      'Payment state',
      'Amount (INR)',
      'Refunded (INR)',
      'Client note',
      'Your notes',
      'Booked at',
    ],
    bookings.map((booking) => [
      booking.start,
      booking.end,
      booking.timeZone,
      booking.serviceName,
      booking.client.name,
      booking.client.email,
      booking.client.phone ?? '',
      booking.status,
      booking.payment.mode,
      booking.payment.state,
      rupees(booking.payment.amountPaise),
      rupees(booking.payment.refundedPaise ?? 0),
      booking.note,
      booking.practitionerNotes,
      booking.createdAt,
    ]),
  );
}

/** Whole paise as rupees with two decimals, a number a spreadsheet sums. */
const rupees = (paise: number) => (paise / 100).toFixed(2);

/** GET /api/admin/funnel?days=7|30: per service, the steps counted over the last `days` days (today included). */
export async function funnelReport(deps: AppDeps, days: number, now: Date): Promise<FunnelReply> {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const [totals, services] = await Promise.all([
    deps.stores.funnel.totals(from, to),
    deps.stores.services.list({ activeOnly: true }),
  ]);
  const zero = (): Record<FunnelStep, number> => ({
    'slots-viewed': 0,
    'booking-started': 0,
    paid: 0,
    'link-clicked': 0,
  });
  const rows = services.map((service) => ({
    serviceId: service._id,
    serviceName: service.name,
    bookingMode: service.bookingMode ?? 'link',
    counts: { ...zero(), ...(totals[service._id] ?? {}) },
  }));
  return { days, from, to, services: rows };
}
