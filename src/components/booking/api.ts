// The booking islands' calls to the API (docs/bookings.md, "HTTP"). Each returns a small tagged result instead of
// throwing, so every screen can say plainly what happened and what to do next. Replies are read defensively: a proxy
// error page or a timeout becomes the general failure message, never a crash.
import { API_TIMEOUT_MS } from '../../shared/constants';
import type { CancellationPolicy } from '../../shared/schemas/availability';
import type {
  CheckoutConfirmation,
  ManagedBooking,
  PublicBooking as PublicBookingShape,
} from '../../shared/schemas/booking';
import type { Slot } from './slot-view';

/** The order a paid hold comes with (src/server/bookings/service.ts, CheckoutOrder). */
interface CheckoutOrderShape {
  provider: 'razorpay';
  keyId: string;
  orderId: string;
  amountPaise: number;
  currency: 'INR';
}

export const MESSAGES = {
  failed: 'Something went wrong on my side. Please try again in a moment.',
  offline: 'I could not reach the site. Please check your connection and try again.',
  taken: 'Someone has just booked that time. Please choose another.',
  slotsFailed: 'I could not load the free times. Please try again.',
} as const;

/** What the visitor's browser is told about a booking (PublicBookingSchema); a hold may say when it lapses. */
export type PublicBooking = PublicBookingShape & { holdExpiresAt?: string };

/** The order Checkout pays (createBooking's `payment`). */
export type PaymentOrder = CheckoutOrderShape;

export interface BookingCreated {
  booking: PublicBooking;
  payment: PaymentOrder | null;
  manageUrl?: string | null;
}

/** GET /api/bookings/manage's reply: the booking as its link holder sees it, and what they may do now. */
export interface ManageView {
  booking: ManagedBooking;
  canCancel: boolean;
  canReschedule: boolean;
  refundPaise: number;
  policy: CancellationPolicy;
}

export type Result<T> =
  { ok: true; data: T } | { ok: false; status: number; message: string; errors?: Record<string, string> };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** One JSON call with the site's timeout; the reply's `data` on success, else its message (or ours). */
async function call<T>(path: string, init: RequestInit = {}): Promise<Result<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
      credentials: 'omit',
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, status: 0, message: MESSAGES.offline };
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok && isRecord(body) && body['success'] === true) return { ok: true, data: body['data'] as T };
  if (response.status === 204) return { ok: true, data: undefined as T };
  const message = isRecord(body) && typeof body['message'] === 'string' && body['message'] ? body['message'] : null;
  const errors = isRecord(body) && isRecord(body['errors']) ? (body['errors'] as Record<string, string>) : undefined;
  return {
    ok: false,
    status: response.status,
    message: response.status === 409 ? MESSAGES.taken : (message ?? MESSAGES.failed),
    ...(errors ? { errors } : {}),
  };
}

const post = <T>(path: string, body: unknown) => call<T>(path, { method: 'POST', body: JSON.stringify(body) });

export const fetchSlots = (serviceId: string, from: string, to: string) =>
  call<Slot[]>(`/api/services/${encodeURIComponent(serviceId)}/slots?${new URLSearchParams({ from, to }).toString()}`);

export const createBooking = (request: unknown) => post<BookingCreated>('/api/bookings', request);

/** What Checkout's handler receives, passed on unchanged for the server to verify. */
export type CheckoutSuccess = CheckoutConfirmation;

export const confirmPayment = (bookingId: string, paid: CheckoutSuccess) =>
  post<{ booking: PublicBooking }>(`/api/bookings/${encodeURIComponent(bookingId)}/payment`, paid);

export const readManage = (token: string) =>
  call<ManageView>(`/api/bookings/manage?${new URLSearchParams({ token }).toString()}`);

export const cancelManaged = (token: string) =>
  post<{ booking: ManagedBooking }>('/api/bookings/manage/cancel', { token });

export const rescheduleManaged = (token: string, start: string) =>
  post<{ booking: ManagedBooking; manageUrl: string }>('/api/bookings/manage/reschedule', { token, start });
