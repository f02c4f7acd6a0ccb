// The client-rendered fallback for /service/{id} pages that did not exist at the last build (netlify.toml rewrites
// /service/* to it). Plain TypeScript, no framework: it must stay within the detail page's 10 KB script budget.
// It draws nothing by hand: the page ships ServiceDetail.astro's markup in a <template> and fill.ts binds the
// service into a copy of it (docs/public-site.md, "One markup").
import { API_TIMEOUT_MS } from '../../shared/constants';
import { watchBookBar } from './book-bar';
import { fillTemplate } from './fill';
import { serviceDetailView, type DetailSource } from './model';

const ID = /^[a-f0-9]{24}$/;

/** '/service/<id>' or '/service/<id>/' → the id, when it has the shape of one. */
export function serviceIdFromPath(pathname: string): string | null {
  const match = /^\/service\/([^/]+)\/?$/.exec(pathname);
  const id = match?.[1]?.toLowerCase() ?? '';
  return ID.test(id) ? id : null;
}

const str = (value: unknown): string => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];

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
  return {
    _id: d._id,
    name: d.name,
    category: str(d.category),
    shortDescription: str(d.shortDescription),
    description: str(d.description),
    price: d.price,
    ...(typeof d.offerPrice === 'number' ? { offerPrice: d.offerPrice } : {}),
    duration: str(d.duration),
    deliveryMethod: str(d.deliveryMethod),
    availability: str(d.availability),
    bookingLink: str(d.bookingLink),
    image: str(d.image),
    imageAlt: str(d.imageAlt),
    note: str(d.note),
    whatIsThis: str(d.whatIsThis),
    processDescription: str(d.processDescription),
    preparation: str(d.preparation),
    afterCare: str(d.afterCare),
    benefits: strings(d.benefits),
    prerequisites: strings(d.prerequisites),
    whatCanBeAsked: objects(d.whatCanBeAsked).map((b) => ({
      category: str(b.category),
      questions: strings(b.questions),
    })),
    faq: objects(d.faq).map((f) => ({ question: str(f.question), answer: str(f.answer) })),
    tags: strings(d.tags),
    isFeatured: d.isFeatured === true,
    testimonials: objects(d.testimonials).map((t) => ({
      name: str(t.name),
      text: str(t.text),
      rating: typeof t.rating === 'number' ? t.rating : undefined,
      date: str(t.date),
    })),
  };
}

async function loadService(id: string): Promise<DetailSource | null> {
  try {
    const response = await fetch(`/api/services/${id}`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (!response.ok) return null;
    return readService(await response.json());
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
