// For the site settings tests (schema, store contract and routes): the defaults with one field changed, and the
// invalid values every level is checked with.
import { SITE_SETTINGS_DEFAULTS } from './site-settings';

function withValueAt(node: unknown, keys: readonly string[], value: unknown): unknown {
  const [key, ...rest] = keys;
  if (key === undefined) return value;
  if (Array.isArray(node)) {
    const copy = [...(node as unknown[])];
    copy[Number(key)] = withValueAt(copy[Number(key)], rest, value);
    return copy;
  }
  const record = node as Record<string, unknown>;
  return { ...record, [key]: withValueAt(record[key], rest, value) };
}

/**
 * The defaults with the field at a dotted path set to `value`; a number names a list entry
 * (`settingsWith('footer.serviceIds.0', 'nope')`).
 */
export function settingsWith(path: string, value: unknown): typeof SITE_SETTINGS_DEFAULTS {
  return withValueAt(SITE_SETTINGS_DEFAULTS, path.split('.'), value) as typeof SITE_SETTINGS_DEFAULTS;
}

/**
 * One invalid value per rule, with the message shown under the field (docs/site-settings.md): the schema test and
 * the route test both check every row. [the field, an invalid value for it, its message]
 */
export const INVALID_SETTINGS: [path: string, value: unknown, message: string][] = [
  ['identity.siteName', '', 'Site name is required'],
  ['identity.practitionerName', ' ', 'Practitioner name is required'],
  ['identity.tagline', 'a\nb', 'Must not contain line breaks'],
  ['identity.logoMark', 'dragon', 'Please choose a logo mark from the list'],
  ['identity.portraitUrl', '/images/x.svg', 'Upload the portrait here (a /media/ path)'],
  ['about.story', '  ', 'Your story is required'],
  ['about.offers.0.title', '', 'Card title is required'],
  ['about.sinceYear', 1800, 'Since year must be 1950 or later'],
  ['contact.email', 'not-mail', 'Please enter a valid email address'],
  ['contact.phone', 'call me', 'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210'],
  ['contact.phone', '12345', 'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210'],
  ['contact.whatsapp', '12', 'Please enter a valid WhatsApp number, e.g. 98765 43210 or +91 98765 43210'],
  ['contact.timeZone', 'IST', 'Use a time zone name such as Asia/Kolkata'],
  ['contact.timeZone', 'Mars/Olympus', 'Use a time zone name such as Asia/Kolkata'],
  ['contact.subjects', [' '], 'Keep at least one subject'],
  ['social.facebook', 'not a url', 'Facebook must be a web address'],
  ['social.youtube', 'javascript:alert(1)', 'YouTube must be a web address'],
  ['seo.siteDescription', 'x'.repeat(301), 'Must be at most 300 characters'],
  ['footer.serviceIds.0', 'nope', 'Invalid id'],
];
