// The one phone rule (docs/phone-numbers.md): numbers are read the Indian way unless they say otherwise, kept in
// E.164 ("+919840012345"), shown grouped ("+91 98400 12345"), and linked only when they parse, so no tel: or wa.me
// link is ever broken. Browser-safe; libphonenumber-js's smaller ("min") metadata is enough: it knows every
// country's code and number lengths, which is what deciding "can this be a phone number" needs.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/** Numbers typed without a country code ("98400 12345", "044 2345 6789") are Indian. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'IN';

/** What a number that cannot be a phone is told. */
export const PHONE_INVALID_MESSAGE = 'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210';

export interface ParsedPhone {
  /** "+919840012345": what is stored. */
  e164: string;
  /** "+91 98400 12345": what people see. */
  display: string;
}

/** The number a text holds, or null when it cannot be a phone number (too short, too long, letters, no digits). */
export function parsePhone(text: string): ParsedPhone | null {
  const trimmed = text.trim();
  // Letters are refused outright: the library would otherwise read "call 98400 12345" or vanity words as digits.
  if (trimmed === '' || /[A-Za-z]/.test(trimmed) || trimmed.length > 40) return null;
  const parsed = parsePhoneNumberFromString(trimmed, DEFAULT_PHONE_COUNTRY);
  if (!parsed?.isValid()) return null;
  return { e164: parsed.number, display: parsed.formatInternational() };
}

/** E.164 of a valid number; anything else comes back trimmed, as typed (callers validate first). */
export function normalisePhone(text: string): string {
  return parsePhone(text)?.e164 ?? text.trim();
}

/** How a stored number is shown: grouped when it parses, otherwise exactly as it was typed (older free text). */
export function formatPhone(stored: string): string {
  return parsePhone(stored)?.display ?? stored.trim();
}

/** `tel:+919840012345`, or '' when the text is not a number (then it is shown without a link). */
export function telHref(stored: string): string {
  const phone = parsePhone(stored);
  return phone ? `tel:${phone.e164}` : '';
}

/**
 * `https://wa.me/919840012345` (country code first, digits only, as WhatsApp requires), with an optional message
 * the chat opens with; '' when the text is not a number.
 */
export function whatsappHref(stored: string, message = ''): string {
  const phone = parsePhone(stored);
  if (!phone) return '';
  const text = message.trim();
  return `https://wa.me/${phone.e164.slice(1)}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
