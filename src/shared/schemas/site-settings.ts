import { z } from 'zod';
import { completeUrl } from '../complete-url';
import { CONTACT_SUBJECTS } from '../constants';
import { normalisePhone, parsePhone, PHONE_INVALID_MESSAGE } from '../phone';
import {
  EmailSchema,
  hasNul,
  IdSchema,
  IsoDateSchema,
  isHttpUrl,
  optionalText,
  requiredText,
  singleLine,
} from './common';
import { POLICIES_DEFAULTS, PoliciesSchema } from './policies';

// The practitioner's own site: who they are, the About story, how to reach them, the footer and the SEO texts.
// One document; the portal's Site screen edits it, PUT /api/admin/site-settings checks it with this schema, and the
// build bakes it into every page (docs/site-settings.md). The defaults are the spec's texts and the site as it
// looked before the settings existed, so a store without the document still builds the same site.

/** The drawn marks the header and footer can show (src/components/BrandMark.astro). */
export const LOGO_MARKS = ['lotus', 'mandala'] as const;
export const LogoMarkSchema = z.enum(LOGO_MARKS, { error: 'Please choose a logo mark from the list' });

/** The line-art icons an About "What I Offer" card can carry (src/pages/about.astro). */
export const OFFER_ICONS = ['shield', 'eye', 'heart'] as const;
export const OfferIconSchema = z.enum(OFFER_ICONS, { error: 'Please choose an icon from the list' });

export const SITE_SETTINGS_LIMITS = {
  roles: 8,
  offers: 6,
  specializations: 10,
  subjects: 15,
  footerServices: 8,
} as const;

/** An uploaded picture on this site (`/media/<key>`), or '' for none. */
const mediaPath = (message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    z
      .string()
      .trim()
      .max(300)
      .refine((value) => value === '' || /^\/media\/[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(value), { error: message }),
  );

/** An optional web address: typed without https:// it is completed (as the service form's booking link is). */
const optionalUrl = (message: string) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? '' : typeof value === 'string' ? completeUrl(value) : value),
    z
      .string({ error: message })
      .trim()
      .max(2_000, { error: 'Must be at most 2000 characters' })
      .refine((value) => value === '' || (isHttpUrl(value) && !hasNul(value)), { error: message }),
  );

const line = (message: string, max: number) =>
  singleLine(requiredText(message, max, `Must be at most ${max} characters`));
const optionalLine = (max: number) => singleLine(optionalText(max));

/** A list of one-line texts; blank entries are dropped (docs/product-rules.md, "Validation"). */
const lineList = (maxItems: number, maxLength: number, emptyMessage?: string) => {
  const list = z
    .array(
      z.string({ error: 'List entries must be text' }).trim().max(maxLength, `Must be at most ${maxLength} characters`),
    )
    .max(maxItems, { error: `At most ${maxItems} entries` })
    .transform((items) => items.filter((item) => item !== '' && !/[\r\n]/.test(item)));
  return emptyMessage ? list.refine((items) => items.length > 0, { error: emptyMessage }) : list;
};

/** True for a time zone name this runtime knows (Asia/Kolkata, Europe/London, UTC). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

/**
 * An optional phone number, read the Indian way unless it starts with a country code, saved in E.164
 * (src/shared/phone.ts, docs/phone-numbers.md). Anything that cannot be a phone number is refused with `message`.
 */
const optionalPhone = (message: string) =>
  singleLine(optionalText(30, 'Phone number is too long'))
    .refine((value) => value === '' || parsePhone(value) !== null, { error: message })
    .transform(normalisePhone);

export const OfferCardSchema = z.object({
  title: line('Card title is required', 60),
  text: requiredText('Card text is required', 400, 'Must be at most 400 characters'),
  icon: OfferIconSchema,
});

export const SiteSettingsInputSchema = z.object({
  identity: z.object({
    siteName: line('Site name is required', 60),
    practitionerName: line('Practitioner name is required', 80),
    /** How the About page greets ("Hello, I’m Ishita"). */
    firstName: line('First name is required', 40),
    jobTitle: line('Job title is required', 100),
    tagline: line('Tagline is required', 80),
    logoMark: LogoMarkSchema,
    /** An uploaded portrait; '' keeps the drawn portrait. */
    portraitUrl: mediaPath('Upload the portrait here (a /media/ path)'),
    /** Describes the uploaded photo; the drawn portrait has its own description. */
    portraitAlt: optionalLine(150),
  }),
  about: z.object({
    intro: requiredText('Introduction is required', 600, 'Must be at most 600 characters'),
    roles: lineList(SITE_SETTINGS_LIMITS.roles, 60),
    /** Paragraphs separated by a blank line. */
    story: requiredText('Your story is required', 5_000, 'Must be at most 5000 characters'),
    mission: requiredText('Mission is required', 600, 'Must be at most 600 characters'),
    offers: z.array(OfferCardSchema).max(SITE_SETTINGS_LIMITS.offers, {
      error: `At most ${SITE_SETTINGS_LIMITS.offers} cards`,
    }),
    sinceYear: z.coerce
      .number({ error: 'Since year must be a year' })
      .int({ error: 'Since year must be a year' })
      .min(1950, { error: 'Since year must be 1950 or later' })
      .max(2100, { error: 'Since year must be 2100 or earlier' }),
  }),
  home: z.object({
    aboutText: requiredText('Home About text is required', 600, 'Must be at most 600 characters'),
    specializations: lineList(SITE_SETTINGS_LIMITS.specializations, 80),
  }),
  contact: z.object({
    email: z.preprocess(
      (value) => (value === undefined || value === null ? '' : value),
      z.union([z.literal(''), EmailSchema], { error: 'Please enter a valid email address' }),
    ),
    phone: optionalPhone(PHONE_INVALID_MESSAGE),
    /** Saved in E.164; the site links to https://wa.me/<digits>. Typed without +, it is an Indian number. */
    whatsapp: optionalPhone('Please enter a valid WhatsApp number, e.g. 98765 43210 or +91 98765 43210'),
    /** The WhatsApp chat button on every public page (docs/phone-numbers.md): shown only with a WhatsApp number. */
    whatsappButton: z.boolean({ error: 'Must be true or false' }).default(false),
    /** What the chat opens with, already typed for the visitor to send or change; '' opens an empty chat. */
    whatsappMessage: optionalLine(200),
    location: line('Location is required', 80),
    hours: line('Hours are required', 80),
    timeZone: singleLine(requiredText('Time zone is required', 60)).refine(isTimeZone, {
      error: 'Use a time zone name such as Asia/Kolkata',
    }),
    subjects: lineList(SITE_SETTINGS_LIMITS.subjects, 60, 'Keep at least one subject'),
  }),
  social: z.object({
    instagram: optionalUrl('Instagram must be a web address'),
    youtube: optionalUrl('YouTube must be a web address'),
    facebook: optionalUrl('Facebook must be a web address'),
    website: optionalUrl('Website must be a web address'),
  }),
  seo: z.object({
    siteDescription: line('Site description is required', 300),
    aboutDescription: line('About description is required', 300),
    contactDescription: line('Contact description is required', 300),
    servicesDescription: line('Services description is required', 300),
    shareImageUrl: mediaPath('Upload the share image here (a /media/ path)'),
  }),
  footer: z.object({
    blurb: requiredText('Footer text is required', 400, 'Must be at most 400 characters'),
    /** Services listed under 'Our Services', in this order; none chosen lists the first four active ones. */
    serviceIds: z
      .array(IdSchema)
      .max(SITE_SETTINGS_LIMITS.footerServices, { error: `At most ${SITE_SETTINGS_LIMITS.footerServices} services` })
      .transform((ids) => [...new Set(ids)]),
  }),
  /** The policy pages (docs/policies.md); absent in documents saved before they existed, so it has a default. */
  policies: PoliciesSchema.default(POLICIES_DEFAULTS),
});

export type SiteSettingsInput = z.output<typeof SiteSettingsInputSchema>;
export type SiteSettingsFormValues = z.input<typeof SiteSettingsInputSchema>;

/**
 * The stored document as the API returns it. Phone numbers are as stored: a number saved as free text before the
 * phone rule still loads (the Site screen then asks for a valid one on save, docs/phone-numbers.md).
 */
export const SiteSettingsSchema = SiteSettingsInputSchema.extend({
  contact: z.object({ ...SiteSettingsInputSchema.shape.contact.shape, phone: z.string(), whatsapp: z.string() }),
  updatedAt: IsoDateSchema.nullable(),
});
export type SiteSettings = z.output<typeof SiteSettingsSchema>;

export const SITE_SETTINGS_MESSAGES = {
  saved: 'Site settings saved',
  saveFailed: 'Failed to save site settings',
  loadFailed: 'Failed to load site settings',
} as const;

/**
 * The site as it was before the settings: the spec's texts (About, Contact, footer) and the words written for this
 * project. Contact details are empty here: the demo seed fills them (src/server/demo/demo-seed.ts).
 */
export const SITE_SETTINGS_DEFAULTS: SiteSettingsInput = {
  identity: {
    siteName: 'Ishita Verma',
    practitionerName: 'Ishita Verma',
    firstName: 'Ishita',
    jobTitle: 'Akashic Records Reader and Soul Guide',
    tagline: 'Soul Guidance & Healing',
    logoMark: 'lotus',
    portraitUrl: '',
    portraitAlt: '',
  },
  about: {
    intro:
      'I help people pause, breathe and listen to what their soul is asking for. My work brings together the Akashic Records, tarot and gentle energy healing, in sessions that feel safe, warm and grounded.',
    roles: ['Akashic Reader Since 2023', 'CA Student', 'Soul Guide'],
    story: [
      'My path began quietly. In 2023, during a season of my own questions, I was introduced to the Akashic Records, and I felt something settle in me that I had been searching for. I trained, practised and kept listening, and the readings I offered to friends slowly became the heart of my work.',
      'Alongside this I am studying to become a chartered accountant. People are sometimes surprised by that pairing, but I find it keeps me honest: I value clarity, care with detail and keeping my word, in numbers and in readings alike.',
      'I do not see myself as someone with answers to hand out. I see myself as a companion who holds the lantern while you find your own way through.',
    ].join('\n\n'),
    mission:
      'To offer a calm, trustworthy space where you can reconnect with your own inner knowing, and leave each session feeling a little lighter, a little clearer, and more yourself.',
    offers: [
      {
        title: 'Safe Space',
        text: 'Whatever you bring is welcome here. Our conversations stay private, and there is no judgement and no rush.',
        icon: 'shield',
      },
      {
        title: 'Deep Insights',
        text: 'Through the Akashic Records and the cards, I help you see the patterns beneath what you are living.',
        icon: 'eye',
      },
      {
        title: 'Personalized Guidance',
        text: 'No scripts. Each session is shaped around your questions, your pace and what feels true for you.',
        icon: 'heart',
      },
    ],
    sinceYear: 2023,
  },
  home: {
    aboutText:
      'I am an Akashic Records reader and soul guide, and a chartered accountancy student. I hold space for people who feel stuck, heavy or unsure, so they can hear their own inner wisdom again.',
    specializations: [
      'Akashic Records readings',
      'Tarot and intuitive guidance',
      'Karmic and energy healing',
      'Life purpose and relationship clarity',
    ],
  },
  contact: {
    email: '',
    phone: '',
    whatsapp: '',
    whatsappButton: false,
    whatsappMessage: '',
    location: 'Available Online',
    hours: 'Mon-Sun: 9 AM - 9 PM',
    timeZone: 'Asia/Kolkata',
    subjects: [...CONTACT_SUBJECTS],
  },
  social: { instagram: '', youtube: '', facebook: '', website: '' },
  seo: {
    siteDescription:
      'Gentle Akashic Records readings, tarot and healing sessions online with Ishita Verma. A calm, unhurried space to find clarity about love, work and your soul’s path.',
    aboutDescription:
      'I am Ishita, an Akashic Records reader since 2023, a CA student and a soul guide. Read my story, my mission, and what you can expect when we work together.',
    contactDescription:
      'Write to me with a question or to find the right session. I read every message myself and reply personally. Sessions are online, every day from 9 AM to 9 PM.',
    servicesDescription:
      'Akashic Records readings, tarot, healing and soul guidance sessions, offered online. Read what each session holds, how long it takes and what it costs, then book when it feels right.',
    shareImageUrl: '',
  },
  footer: {
    blurb:
      'Akashic Records readings, tarot and healing, offered online with care since 2023. A quiet space to listen, reflect and move forward gently.',
    serviceIds: [],
  },
  policies: POLICIES_DEFAULTS,
};

/** Short and long names of a time zone at `at` ("IST", "India Standard Time"); the zone itself if unknown. */
export function timeZoneNames(timeZone: string, at = new Date()): { short: string; long: string } {
  const name = (style: 'short' | 'long') => {
    try {
      const parts = new Intl.DateTimeFormat('en-IN', { timeZone, timeZoneName: style }).formatToParts(at);
      return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
    } catch {
      return timeZone;
    }
  };
  return { short: name('short'), long: name('long') };
}
