// The client-rendered fallback for /service/{slug} pages that did not exist at the last build (netlify.toml rewrites
// /service/* to it); an id address works too (docs/content-api.md, "Addresses"). Plain TypeScript, no framework: it
// must stay within the detail page's 10 KB script budget.
// It draws nothing by hand: the page ships ServiceDetail.astro's markup in a <template> and fill.ts binds the
// service into a copy of it (docs/public-site.md, "One markup").
import { API_TIMEOUT_MS } from '../../shared/constants';
import { watchBookBar } from './book-bar';
import { fillTemplate } from './fill';
import { serviceDetailView, type DetailSource } from './model';

/** An id or a slug: lowercase letters, digits and single hyphens (src/shared/schemas/slug.ts, without zod). */
const KEY = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** '/service/<slug or id>' or with a trailing slash → the slug or id, when it has the shape of one. */
export function serviceIdFromPath(pathname: string): string | null {
  const match = /^\/service\/([^/]+)\/?$/.exec(pathname);
  const key = match?.[1]?.toLowerCase() ?? '';
  return key.length <= 80 && KEY.test(key) && key !== 'fallback' ? key : null;
}

/** The service's own address when the page was opened by another one (an id, an earlier slug), else null. */
export function canonicalPathOf(body: unknown, pathname: string): string | null {
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
  const slug = typeof data === 'object' && data !== null && 'slug' in data ? data.slug : null;
  if (typeof slug !== 'string' || !KEY.test(slug)) return null;
  const path = `/service/${slug}`;
  return pathname.replace(/\/+$/, '') === path ? null : path;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/**
 * One reader per field of DetailSource. The `satisfies` makes the compiler refuse a DetailSource field without a
 * reader, so a field added to the service schema cannot be silently missing from this page.
 */
const READERS = {
  _id: str,
  name: str,
  category: str,
  shortDescription: str,
  description: str,
  price: (value) => num(value) ?? 0,
  offerPrice: num,
  duration: str,
  sessionFormat: str,
  deliveryMethod: str,
  availability: str,
  bookingLink: str,
  image: str,
  imageAlt: str,
  note: str,
  whatIsThis: str,
  processDescription: str,
  preparation: str,
  afterCare: str,
  benefits: strings,
  prerequisites: strings,
  whatCanBeAsked: (value) =>
    objects(value).map((b) => ({ category: str(b.category), questions: strings(b.questions) })),
  faq: (value) => objects(value).map((f) => ({ question: str(f.question), answer: str(f.answer) })),
  tags: strings,
  isFeatured: (value) => value === true,
  testimonials: (value) =>
    objects(value).map((t) => ({ name: str(t.name), text: str(t.text), rating: num(t.rating), date: str(t.date) })),
} satisfies { [K in keyof DetailSource]-?: (value: unknown) => DetailSource[K] };

/**
 * The reply's service, read defensively: the API is ours, but a wrong shape must end in 'Service Not Found', not in
 * a half-drawn page. (The zod schema would do this too, at several times the size of this whole script.)
 */
export function readService(body: unknown): DetailSource | null {
  if (typeof body !== 'object' || body === null || !('success' in body) || body.success !== true) return null;
  const data = 'data' in body ? body.data : null;
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (typeof d._id !== 'string' || typeof d.name !== 'string' || typeof d.price !== 'number') return null;
  const service: Record<string, unknown> = {};
  for (const [key, read] of Object.entries(READERS)) {
    const value: unknown = read(d[key]);
    // An absent optional (an offer price) stays absent rather than becoming a key holding undefined.
    if (value !== undefined) service[key] = value;
  }
  return service as DetailSource;
}

async function loadService(key: string): Promise<DetailSource | null> {
  try {
    const response = await fetch(`/api/services/${key}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const service = readService(body);
    // Opened by an id or an old slug before the rebuild wrote its redirect: show the address it will have.
    const canonical = service ? canonicalPathOf(body, window.location.pathname) : null;
    if (canonical) window.history.replaceState(null, '', canonical + window.location.search + window.location.hash);
    return service;
  } catch {
    return null;
  }
}

export async function startFallback(root: HTMLElement): Promise<void> {
  // The site name from the settings, baked into the page by the build (docs/site-settings.md).
  const brand = root.dataset.brand ?? '';
  const show = (state: 'loading' | 'not-found' | 'content') => {
    for (const element of root.querySelectorAll<HTMLElement>('[data-state]')) {
      element.hidden = element.dataset.state !== state;
    }
    root.dataset.current = state;
  };

  const id = serviceIdFromPath(window.location.pathname);
  const service = id ? await loadService(id) : null;
  if (!service) {
    document.title = `Service Not Found | ${brand}`;
    show('not-found');
    return;
  }
  const content = root.querySelector<HTMLElement>('[data-state="content"]');
  const template = root.querySelector<HTMLTemplateElement>('template[data-detail-template]');
  if (content && template) content.replaceChildren(fillTemplate(template, serviceDetailView(service)));
  document.title = `${service.name} | ${brand}`;
  document.querySelector('meta[name="description"]')?.setAttribute('content', service.shortDescription);
  show('content');
  watchBookBar(content ?? root);
}
