// What the service detail page shows, decided once. The static page (ServiceDetail.astro) and the client-rendered
// fallback (render.ts) both draw from this model, so the two can never disagree about which card appears.
import { formatINR } from '../../shared/format';

export interface PriceView {
  /** What the visitor pays: the offer price when there is one. */
  current: string;
  /** The regular price, struck through, only when an offer applies. */
  regular: string | null;
}

export interface InfoRow {
  label: string;
  value: string;
}

export interface AskBlock {
  category: string;
  questions: string[];
}

export interface FaqEntry {
  question: string;
  answer: string;
}

/** The optional cards, in page order. Each is present only when it has content (docs/product-rules.md, "Screens"). */
export interface DetailCards {
  whatIsThis: string | null;
  whatCanBeAsked: AskBlock[];
  processDescription: string | null;
  faq: FaqEntry[];
  preparation: string | null;
  afterCare: string | null;
  benefits: string[];
  prerequisites: string[];
  serviceInformation: InfoRow[];
  note: string | null;
}

/**
 * The fields the detail page reads. A stored Service satisfies it; the fallback page builds one from the API reply
 * without the full schema.
 */
export interface DetailSource {
  _id: string;
  name: string;
  category: string;
  shortDescription: string;
  description: string;
  price: number;
  offerPrice?: number | undefined;
  duration: string;
  deliveryMethod: string;
  availability: string;
  bookingLink: string;
  image: string;
  imageAlt?: string | undefined;
  isFeatured: boolean;
  note: string;
  whatIsThis: string;
  processDescription: string;
  preparation: string;
  afterCare: string;
  benefits: string[];
  prerequisites: string[];
  whatCanBeAsked: { category: string; questions: string[] }[];
  faq: { question: string; answer: string }[];
  tags: string[];
}

export interface ServiceDetailView {
  id: string;
  name: string;
  category: string;
  shortDescription: string;
  description: string[];
  price: PriceView;
  duration: string;
  deliveryMethod: string;
  availability: string;
  bookingLink: string;
  image: string;
  imageAlt: string;
  isFeatured: boolean;
  tags: string[];
  cards: DetailCards;
}

const text = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

const list = (values: readonly string[] | null | undefined): string[] =>
  (values ?? []).map((v) => v.trim()).filter((v) => v !== '');

/** Blank lines separate paragraphs; single line breaks are kept by the CSS (white-space: pre-line). */
export function paragraphs(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export function priceView(price: number, offerPrice?: number | null): PriceView {
  const hasOffer = typeof offerPrice === 'number' && Number.isFinite(offerPrice) && offerPrice < price;
  return hasOffer
    ? { current: formatINR(offerPrice), regular: formatINR(price) }
    : { current: formatINR(price), regular: null };
}

/** Service Information: delivery, duration, availability — the rows that have a value. */
export function serviceInformation(
  service: Pick<DetailSource, 'deliveryMethod' | 'duration' | 'availability'>,
): InfoRow[] {
  const rows: InfoRow[] = [];
  const delivery = text(service.deliveryMethod);
  const duration = text(service.duration);
  const availability = text(service.availability);
  if (delivery) rows.push({ label: 'Delivery', value: delivery });
  if (duration) rows.push({ label: 'Duration', value: duration });
  if (availability) rows.push({ label: 'Availability', value: availability });
  return rows;
}

export function detailCards(service: DetailSource): DetailCards {
  return {
    whatIsThis: text(service.whatIsThis),
    whatCanBeAsked: (service.whatCanBeAsked ?? [])
      .map((block) => ({ category: block.category.trim(), questions: list(block.questions) }))
      .filter((block) => block.questions.length > 0),
    processDescription: text(service.processDescription),
    // Only entries having both a question and an answer (docs/product-rules.md, "Screens").
    faq: (service.faq ?? [])
      .map((entry) => ({ question: entry.question.trim(), answer: entry.answer.trim() }))
      .filter((entry) => entry.question !== '' && entry.answer !== ''),
    preparation: text(service.preparation),
    afterCare: text(service.afterCare),
    benefits: list(service.benefits),
    prerequisites: list(service.prerequisites),
    serviceInformation: serviceInformation(service),
    note: text(service.note),
  };
}

export function serviceDetailView(service: DetailSource): ServiceDetailView {
  return {
    id: service._id,
    name: service.name,
    category: service.category,
    shortDescription: service.shortDescription,
    description: paragraphs(service.description),
    price: priceView(service.price, service.offerPrice),
    duration: service.duration,
    deliveryMethod: service.deliveryMethod,
    availability: service.availability.trim(),
    bookingLink: service.bookingLink,
    image: service.image,
    imageAlt: service.imageAlt?.trim() || service.name,
    isFeatured: service.isFeatured,
    tags: list(service.tags),
    cards: detailCards(service),
  };
}

/** The card titles, exactly as the spec names them. */
export const CARD_TITLES = {
  whatIsThis: (name: string) => `What is ${name}?`,
  whatCanBeAsked: 'What Can Be Asked?',
  processDescription: 'How It Works',
  faq: 'Frequently Asked Questions',
  preparation: 'Preparation',
  afterCare: 'After Care',
  benefits: 'Benefits',
  prerequisites: 'Prerequisites',
  serviceInformation: 'Service Information',
  note: 'Important Note',
} as const;

/** Only http(s) booking links become links; anything else (which the API refuses anyway) is dropped. */
export function safeExternalUrl(value: string | null | undefined): string | null {
  const url = (value ?? '').trim();
  return /^https?:\/\//i.test(url) ? url : null;
}
