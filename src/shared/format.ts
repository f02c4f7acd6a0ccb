// Formatting shared by the static pages, the islands and the admin. Pure functions, no Node APIs.

const rupeesWhole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const rupeesWithPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₹1,11,111 — Indian grouping; paise only when present (₹1,234.50). */
export function formatINR(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  // `|| 0` turns -0 (from -0 or a tiny negative amount) into 0, which Intl would print as '-₹0'.
  const paise = Math.round(amount * 100) || 0;
  return paise % 100 === 0 ? rupeesWhole.format(paise / 100) : rupeesWithPaise.format(paise / 100);
}

export interface DateFormatOptions {
  /** IANA zone; the static build passes Asia/Kolkata so pages do not depend on the build machine's zone. */
  timeZone?: string;
}

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

type DateInput = string | number | Date | null | undefined;

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

/** `value` in Indian English with `fields`; '' for a missing or invalid date. */
function formatWith(value: DateInput, fields: Intl.DateTimeFormatOptions, options: DateFormatOptions): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat('en-IN', {
    ...fields,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}

/** '22 Nov 2026'; '' for a missing or invalid date. */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  return formatWith(value, DAY, options);
}

/** '22 Nov 2026, 3:05 pm'; '' for a missing or invalid date. */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  return formatWith(value, { ...DAY, hour: 'numeric', minute: '2-digit' }, options);
}

/** First `max` characters, with an ellipsis when cut (admin table previews). */
export function preview(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A calendar day (YYYY-MM-DD, e.g. a testimonial's date) as '14 Sep 2026'; anything else gives ''. Spelled out here
 * rather than by Intl, whose month names differ between ICU versions ('Sep' / 'Sept'), so the build, the browser and
 * the admin agree to the letter, and no time zone can move the day.
 */
export function formatDayDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : '';
}
