// The demo practitioner's texts and how the site stops showing them once the practitioner renames the site
// (docs/site-settings.md, "Sample texts"). Browser-safe: the Site screen marks the fields that still hold a sample
// text, the dashboard's checklist counts them, and the build replaces the ones that describe the demo person.
import { SITE_SETTINGS_DEFAULTS, type SiteSettingsInput } from './schemas/site-settings';

/** Demo contact details the seed writes: placeholders that must never reach a renamed practitioner's site. */
export const DEMO_CONTACT = { email: 'hello@soulguidance.in', phone: '+91 98765 43210' } as const;

/** The text fields a practitioner is expected to make their own, by section, in the Site screen's order. */
export const SAMPLE_FIELDS = {
  identity: [
    'identity.siteName',
    'identity.tagline',
    'identity.practitionerName',
    'identity.firstName',
    'identity.jobTitle',
  ],
  about: ['about.intro', 'about.roles', 'about.story', 'about.mission'],
  home: ['home.aboutText'],
  contact: ['contact.email', 'contact.phone'],
  social: [],
  seo: ['seo.siteDescription', 'seo.aboutDescription', 'seo.contactDescription', 'seo.servicesDescription'],
  footer: ['footer.blurb'],
  // Empty policy texts are written from the identity (src/shared/policies.ts), so they carry no demo persona.
  policies: [],
} as const satisfies Record<keyof SiteSettingsInput, readonly string[]>;

export type SampleSection = keyof typeof SAMPLE_FIELDS;
export type SampleField = (typeof SAMPLE_FIELDS)[SampleSection][number];

/** The sample value of a field: the defaults, with the seed's demo contact details. */
function sampleValue(field: SampleField): string {
  if (field === 'contact.email') return DEMO_CONTACT.email;
  if (field === 'contact.phone') return DEMO_CONTACT.phone;
  const [section, key] = field.split('.') as [keyof SiteSettingsInput, string];
  return normalise((SITE_SETTINGS_DEFAULTS[section] as Record<string, unknown>)[key]);
}

/** A value as compared: lists joined by lines, whitespace at the ends and Windows line ends ignored. */
function normalise(value: unknown): string {
  if (Array.isArray(value)) {
    return value
      .map((item) => String(item).trim())
      .filter((item) => item !== '')
      .join('\n');
  }
  return typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\r\n/g, '\n').trim() : '';
}

/** Reads `identity.siteName` from a settings-shaped value (the saved document or the form's state). */
function valueAt(settings: unknown, field: string): unknown {
  const [section, key] = field.split('.') as [string, string];
  const part = (settings as Record<string, unknown> | undefined)?.[section];
  const value = (part as Record<string, unknown> | undefined)?.[key];
  // The Site form keeps lists as rows of { value } (site-form-model.ts).
  if (Array.isArray(value)) {
    return value.map((item: unknown) =>
      typeof item === 'object' && item !== null && 'value' in item ? item.value : item,
    );
  }
  return value;
}

/** True for a field the sample notes cover (any dotted path may be asked). */
export function isSampleField(path: string): path is SampleField {
  return (Object.values(SAMPLE_FIELDS) as readonly (readonly string[])[]).some((fields) => fields.includes(path));
}

const digits = (text: string) => text.replace(/\D/g, '');

/** True while `field` still holds the demo's text. An empty e-mail or phone is not a sample (it shows nothing). */
export function isSample(settings: unknown, field: SampleField): boolean {
  const value = normalise(valueAt(settings, field));
  if (value === '') return false;
  // Phone numbers are stored in E.164 (docs/phone-numbers.md) while the seed's is written grouped: compare digits.
  if (field === 'contact.phone') return digits(value) === digits(sampleValue(field));
  return value === sampleValue(field);
}

/** The fields of each section that still hold the demo's text. */
export function sampleFields(settings: unknown): Record<SampleSection, SampleField[]> {
  const result = {} as Record<SampleSection, SampleField[]>;
  for (const section of Object.keys(SAMPLE_FIELDS) as SampleSection[]) {
    result[section] = (SAMPLE_FIELDS[section] as readonly SampleField[]).filter((field) => isSample(settings, field));
  }
  return result;
}

/** True once the practitioner's name is no longer the demo's. */
export function isRenamed(settings: Pick<SiteSettingsInput, 'identity'>): boolean {
  const demo = SITE_SETTINGS_DEFAULTS.identity;
  return (
    settings.identity.practitionerName.trim() !== demo.practitionerName ||
    settings.identity.firstName.trim() !== demo.firstName
  );
}

/**
 * The settings as a renamed site shows them: every text that still describes the demo practitioner (her name, her
 * studies, the year she began, her placeholder contact details) is replaced by one derived from the new identity or
 * left out. Texts the practitioner wrote themselves are never touched; an unrenamed (demo) site is shown as it is.
 */
export function withoutDemoPersona<T extends SiteSettingsInput>(settings: T): T {
  if (!isRenamed(settings)) return settings;
  const { identity, about, home, contact, seo, footer } = settings;
  const sample = (field: SampleField) => isSample(settings, field);
  const name = identity.practitionerName.trim();
  const first = identity.firstName.trim();
  return {
    ...settings,
    about: {
      ...about,
      roles: sample('about.roles') ? [identity.jobTitle] : about.roles,
      // The demo's story is her life; a renamed site shows the introduction until the practitioner writes theirs.
      story: sample('about.story') ? about.intro : about.story,
    },
    home: { ...home, aboutText: sample('home.aboutText') ? about.intro : home.aboutText },
    contact: {
      ...contact,
      email: sample('contact.email') ? '' : contact.email,
      phone: sample('contact.phone') ? '' : contact.phone,
    },
    seo: {
      ...seo,
      siteDescription: sample('seo.siteDescription')
        ? `${identity.jobTitle}: sessions online with ${name}. A calm, unhurried space to find clarity about love, work and your path.`
        : seo.siteDescription,
      aboutDescription: sample('seo.aboutDescription')
        ? `About ${first}: my story, my mission, and what you can expect when we work together.`
        : seo.aboutDescription,
    },
    footer: {
      ...footer,
      blurb: sample('footer.blurb')
        ? 'Readings and healing, offered online with care. A quiet space to listen, reflect and move forward gently.'
        : footer.blurb,
    },
  };
}
