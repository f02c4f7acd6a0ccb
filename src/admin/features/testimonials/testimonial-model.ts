// Between a stored testimonial, the form's state and the API input (one shared schema: TestimonialInputSchema).
import type { TestimonialInput, TestimonialRecord } from '../../../shared/schemas/testimonial';

/** The form holds the rating and service as select values ('' = none) and the date as the date input's text. */
export interface TestimonialFormState {
  name: string;
  text: string;
  rating: string;
  serviceId: string;
  date: string;
  isVisible: boolean;
  featuredOnHome: boolean;
}

/** Today in the browser's own calendar, as YYYY-MM-DD (what a date input holds). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function formDefaults(record: TestimonialRecord | null): TestimonialFormState {
  return {
    name: record?.name ?? '',
    text: record?.text ?? '',
    rating: record?.rating === undefined ? '' : String(record.rating),
    serviceId: record?.serviceId ?? '',
    date: record?.date ?? today(),
    isVisible: record?.isVisible ?? true,
    featuredOnHome: record?.featuredOnHome ?? false,
  };
}

/** The whole testimonial as the API takes it, e.g. to flip one flag from the list. */
export function toInput(record: TestimonialRecord): TestimonialInput {
  return {
    name: record.name,
    text: record.text,
    date: record.date,
    isVisible: record.isVisible,
    featuredOnHome: record.featuredOnHome,
    ...(record.rating !== undefined ? { rating: record.rating } : {}),
    ...(record.serviceId !== undefined ? { serviceId: record.serviceId } : {}),
  };
}
