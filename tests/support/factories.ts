// One factory per entity for unit tests: a valid record with every kind of field filled, parsed by the shared
// schema (so a new required field fails here once, not in every test), with the fields a test cares about overridden.
import { ServiceSchema, type Service } from '../../src/shared/schemas/service';

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

type OptionalContent =
  | 'availability'
  | 'note'
  | 'whatIsThis'
  | 'processDescription'
  | 'preparation'
  | 'afterCare'
  | 'benefits'
  | 'prerequisites'
  | 'whatCanBeAsked'
  | 'faq'
  | 'tags';

/** A service's optional content, all blank: no optional card of the detail page has anything to show. */
export function blankServiceContent(): Pick<Service, OptionalContent> {
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
