// What the service detail page shows, decided once. ServiceDetail.astro draws it at build time; the fallback page
// ships the same component as a <template> and fill.ts binds this view into it (docs/public-site.md, "One markup").
import { formatDayDate, formatINR } from '../../shared/format';
import type { Service } from '../../shared/schemas/service';
import { serviceImageAlt } from '../../shared/service-image-alt';

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

/** One testimonial as the detail page shows it. */
export interface TestimonialView {
  name: string;
  text: string;
  /** 'stars stars--4', read by the CSS that lights four of the five stars; 'stars' when unrated. */
  starsClass: string;
  /** 'Rated 4 out of 5' for screen readers; '' when unrated (the stars are then left out). */
  ratingLabel: string;
  /** '14 Sep 2026', spelled out here rather than by Intl so the build and the browser agree to the letter. */
  date: string;
  /** YYYY-MM-DD for the <time> element. */
  dateTime: string;
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

/** The optional content the detail page shows only when filled in (each its own card or row). */
export type OptionalDetailField =
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

/** The stored fields the detail page reads (a type-only import: the fallback's script carries no schema). */
type DetailField =
  | '_id'
  | 'name'
  | 'category'
  | 'shortDescription'
  | 'description'
  | 'price'
  | 'offerPrice'
  | 'duration'
  | 'sessionFormat'
  | 'bookingLink'
  | 'image'
  | 'imageAlt'
  | 'isFeatured'
  | OptionalDetailField;

/**
 * What the detail page reads, derived from the stored Service so a field added to the schema reaches this type
 * by itself. The fallback page reads one from the API reply (fallback.ts); the delivery method stays a plain string
 * there, as the page shows whatever the reply carries.
 */
export type DetailSource = Pick<Service, DetailField> & {
  deliveryMethod: string;
  /** The visible testimonials of this service, derived by the server (src/server/domain/testimonials.ts). */
  testimonials?: Service['testimonials'] | undefined;
};

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
  /** The booking link when it is an http(s) URL, else null (no Book button is drawn). */
  bookingUrl: string | null;
  image: string;
  imageAlt: string;
  isFeatured: boolean;
  tags: string[];
  /** Availability or tags: the small facts under the description. */
  hasMeta: boolean;
  /** 'What is {name}?' */
  whatIsThisTitle: string;
  cards: DetailCards;
  testimonials: TestimonialView[];
  /** 'Rated 4.7 out of 5 by 3 clients', or '' when no testimonial has a rating. */
  reviewSummary: string;
}

/** The widest image the detail hero offers in its srcset (both renderers use it). */
export const DETAIL_IMAGE_MAX_WIDTH = 1280;

const text = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

const list = (values: readonly string[] | null | undefined): string[] =>
  (values ?? []).map((v) => v.trim()).filter((v) => v !== '');

/** Blank lines separate paragraphs; single line breaks are kept by the CSS (white-space: pre-line). */
export function paragraphsKeepingLines(value: string | null | undefined): string[] {
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

/** Service Information: delivery, duration, session format, availability — the rows that have a value. */
export function serviceInformation(
  service: Pick<DetailSource, 'deliveryMethod' | 'duration' | 'sessionFormat' | 'availability'>,
): InfoRow[] {
  const rows: InfoRow[] = [];
  const delivery = text(service.deliveryMethod);
  const duration = text(service.duration);
  const sessionFormat = text(service.sessionFormat);
  const availability = text(service.availability);
  if (delivery) rows.push({ label: 'Delivery', value: delivery });
  if (duration) rows.push({ label: 'Duration', value: duration });
  if (sessionFormat) rows.push({ label: 'Session format', value: sessionFormat });
  if (availability) rows.push({ label: 'Availability', value: availability });
  return rows;
}

export function detailCards(service: DetailSource): DetailCards {
  return {
    whatIsThis: text(service.whatIsThis),
    whatCanBeAsked: (service.whatCanBeAsked ?? [])
      // A block without a category is still worth showing; its accordion needs a label.
      .map((block) => ({ category: block.category.trim() || 'Questions', questions: list(block.questions) }))
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

export function testimonialViews(service: Pick<DetailSource, 'testimonials'>): TestimonialView[] {
  return (service.testimonials ?? [])
    .map((t) => ({ ...t, name: t.name.trim(), text: t.text.trim() }))
    .filter((t) => t.text !== '')
    .map((t) => {
      const rating = typeof t.rating === 'number' && t.rating >= 1 && t.rating <= 5 ? Math.round(t.rating) : undefined;
      const date = formatDayDate(t.date);
      return {
        name: t.name,
        text: t.text,
        starsClass: rating === undefined ? 'stars' : `stars stars--${rating}`,
        ratingLabel: rating === undefined ? '' : `Rated ${rating} out of 5`,
        date,
        dateTime: date === '' ? '' : (t.date ?? ''),
      };
    });
}

/** The line under the testimonials' heading: the average of the rated ones, as the dashboard computes it. */
export function reviewSummary(service: Pick<DetailSource, 'testimonials'>): string {
  const ratings = (service.testimonials ?? []).flatMap((t) =>
    typeof t.rating === 'number' && t.rating >= 1 && t.rating <= 5 && t.text.trim() !== '' ? [t.rating] : [],
  );
  if (ratings.length === 0) return '';
  const average = Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;
  return `Rated ${average.toFixed(1)} out of 5 by ${ratings.length} ${ratings.length === 1 ? 'client' : 'clients'}`;
}

export function serviceDetailView(service: DetailSource): ServiceDetailView {
  const availability = service.availability.trim();
  const tags = list(service.tags);
  return {
    id: service._id,
    name: service.name,
    category: service.category,
    shortDescription: service.shortDescription,
    description: paragraphsKeepingLines(service.description),
    price: priceView(service.price, service.offerPrice),
    duration: service.duration,
    deliveryMethod: service.deliveryMethod,
    availability,
    bookingUrl: safeExternalUrl(service.bookingLink),
    image: service.image,
    imageAlt: serviceImageAlt(service),
    isFeatured: service.isFeatured,
    tags,
    hasMeta: availability !== '' || tags.length > 0,
    whatIsThisTitle: CARD_TITLES.whatIsThis(service.name),
    cards: detailCards(service),
    testimonials: testimonialViews(service),
    reviewSummary: reviewSummary(service),
  };
}

/**
 * The view the fallback page's <template> is drawn from: every optional part present, every list holding one blank
 * item (the prototype fill.ts clones per entry), and an image path so the <img> exists. No text of its own.
 */
export function templateView(): ServiceDetailView {
  return {
    id: '',
    name: '',
    category: '',
    shortDescription: '',
    description: [''],
    price: { current: '', regular: '' },
    duration: '',
    deliveryMethod: '',
    availability: '',
    bookingUrl: '',
    image: '/media/template',
    imageAlt: '',
    isFeatured: true,
    tags: [''],
    hasMeta: true,
    whatIsThisTitle: '',
    cards: {
      whatIsThis: '',
      whatCanBeAsked: [{ category: '', questions: [''] }],
      processDescription: '',
      faq: [{ question: '', answer: '' }],
      preparation: '',
      afterCare: '',
      benefits: [''],
      prerequisites: [''],
      serviceInformation: [{ label: '', value: '' }],
      note: '',
    },
    testimonials: [{ name: '', text: '', starsClass: 'stars', ratingLabel: '', date: '', dateTime: '' }],
    reviewSummary: '',
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
  testimonials: 'Kind Words from Clients',
} as const;

/** Only http(s) booking links become links; anything else (which the API refuses anyway) is dropped. */
export function safeExternalUrl(value: string | null | undefined): string | null {
  const url = (value ?? '').trim();
  return /^https?:\/\//i.test(url) ? url : null;
}
