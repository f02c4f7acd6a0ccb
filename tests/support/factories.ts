// One factory per entity for unit tests: a valid record with every kind of field filled, parsed by the shared
// schema (so a new required field fails here once, not in every test), with the fields a test cares about overridden.
import type { OptionalDetailField } from '../../src/components/service-detail/model';
import { ServiceSchema, type Service } from '../../src/shared/schemas/service';
import { newId } from '../../src/server/stores/ids';
import type { NewBooking } from '../../src/server/stores/booking-types';

/** A stored service as the API returns it. */
export function storedService(overrides: Partial<Service> = {}): Service {
  return ServiceSchema.parse({
    _id: 'a'.repeat(24),
    name: 'Akashic Reading',
    category: 'Astrology',
    shortDescription: 'Short',
    description: 'Long',
    price: 2500,
    offerPrice: 1999,
    duration: '60 minutes',
    deliveryMethod: 'Chat',
    availability: 'Evenings',
    bookingLink: 'https://example.test/book',
    image: '/media/abc.png',
    note: '',
    whatIsThis: '',
    processDescription: '',
    preparation: '',
    afterCare: '',
    benefits: ['Calm'],
    prerequisites: [],
    whatToExpected: ['A recording'],
    whatCanBeAsked: [{ category: 'Career', questions: ['Which path?'] }],
    faq: [{ question: 'Q', answer: 'A' }],
    tags: ['clarity'],
    isActive: true,
    isFeatured: false,
    testimonials: [],
    averageRating: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

/** The least a service form can send, as multipart text (docs/product-rules.md, "Calls": every field as text). */
export function serviceFormText(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Tarot Reading',
    category: 'Tarot Reading',
    shortDescription: 'A gentle look at where you stand.',
    description: 'We lay the cards together and talk about what they show.',
    price: '1111',
    duration: '45 minutes',
    deliveryMethod: 'Video Call',
    bookingLink: 'https://example.org/book',
    ...overrides,
  };
}

/** A service's optional content, all blank: no optional card of the detail page has anything to show. */
export function blankServiceContent(): Pick<Service, OptionalDetailField> {
  return {
    availability: '',
    note: '',
    whatIsThis: '',
    processDescription: '',
    preparation: '',
    afterCare: '',
    benefits: [],
    prerequisites: [],
    whatCanBeAsked: [],
    faq: [],
    tags: [],
  };
}

/** A service form as the portal posts it: serviceFormText named `name`, with `image` as a PNG file part if given. */
export function serviceFormData(name: string, image?: Uint8Array): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(serviceFormText({ name }))) form.set(key, String(value));
  if (image) form.set('image', new File([new Uint8Array(image)], 'service.png', { type: 'image/png' }));
  return form;
}

/** A banner form as the portal posts it: the given fields, active, with `media` as its file part. */
export function bannerFormData(
  fields: { title: string; description: string; link: string; order: number },
  media: File,
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries({ ...fields, isActive: true })) form.set(key, String(value));
  form.set('media', media);
  return form;
}

/** Anything that answers requests like a Hono app's `request()` (the app itself in unit tests). */
interface RequestTarget {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** Creates a service through the admin API, as the portal does: POST /api/admin/services with serviceFormData. */
export async function postService(
  app: RequestTarget,
  authHeader: Record<string, string>,
  name: string,
  image?: Uint8Array,
): Promise<Response> {
  return app.request('/api/admin/services', {
    method: 'POST',
    headers: authHeader,
    body: serviceFormData(name, image),
  });
}

/**
 * A booking as a store's `create` takes it: a confirmed hour paid at the session, starting `start` (UTC ISO), with the
 * fields a test cares about overridden (a held one: `{ status: 'held', payment: {...}, holdExpiresAt }`).
 */
export function bookingRecord(
  overrides: Partial<NewBooking> & { start: string; minutes?: number; now?: Date },
): NewBooking {
  const { start, minutes = 60, now = new Date(), ...rest } = overrides;
  return {
    _id: newId(),
    serviceId: 'b'.repeat(24),
    serviceName: 'Akashic Records Reading',
    start,
    end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
    timeZone: 'Asia/Kolkata',
    client: { name: 'Ravi', email: 'ravi@example.com' },
    note: '',
    answers: [],
    consent: { at: now.toISOString(), policyVersion: 'test' },
    status: 'confirmed',
    payment: { mode: 'at-session', state: 'none', amountPaise: 250000 },
    practitionerNotes: '',
    mailsSent: [],
    ...rest,
  };
}

/** A paid booking's 10-minute hold while Checkout is open. */
export function heldBookingRecord(overrides: Partial<NewBooking> & { start: string; now: Date }): NewBooking {
  return bookingRecord({
    status: 'held',
    payment: { mode: 'online', state: 'pending', amountPaise: 250000 },
    holdExpiresAt: new Date(overrides.now.getTime() + 10 * 60_000).toISOString(),
    ...overrides,
  });
}
