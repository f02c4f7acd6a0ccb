// Who the practice is, as the pages show it: derived from the site settings (docs/site-settings.md), which the
// practitioner edits in the portal and the build reads from the store. Browser-safe (no server imports): the pages
// pass the settings in, and the islands and the fallback script get plain values.
import type { Service } from '../shared/schemas/service';
import { formatPhone, telHref, whatsappHref } from '../shared/phone';
import { timeZoneNames, type LOGO_MARKS, type SiteSettingsInput } from '../shared/schemas/site-settings';

// The phone rule lives in src/shared/phone.ts; the pages import the link builders from here with the rest.
export { formatPhone, telHref, whatsappHref };
import { servicePath } from '../shared/schemas/slug';

/** The drawn portrait, shown until the practitioner uploads a photo, and the placeholder if a photo fails. */
export const DRAWN_PORTRAIT = {
  src: '/images/about-portrait.svg',
  placeholder: '/images/about-placeholder.svg',
  width: 480,
  height: 600,
} as const;

/** How many services the footer lists when the practitioner has chosen none. */
export const FOOTER_SERVICES_FALLBACK = 4;

const SOCIAL_LABELS = {
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
  youtube: 'YouTube',
  facebook: 'Facebook',
  website: 'Website',
} as const;
export type SocialId = keyof typeof SOCIAL_LABELS;

export interface SiteView {
  brand: string;
  tagline: string;
  logoMark: (typeof LOGO_MARKS)[number];
  practitioner: { name: string; firstName: string; jobTitle: string; since: number };
  description: string;
  email: string;
  /** As shown ("+91 98400 12345"); an old free-text number that does not parse, as it was typed. */
  phone: string;
  /** `tel:+91…`, or '' when the number does not parse (then it is shown without a link). */
  phoneHref: string;
  /** The WhatsApp chat button's link (with the prefilled message), or '' when it is off or has no valid number. */
  chatButtonHref: string;
  location: string;
  hours: string;
  /** The hours' time zone: its IANA name, abbreviation ("IST") and long name ("India Standard Time"). */
  timeZone: { id: string; short: string; long: string };
  /** Only the links that are set: no icon points nowhere. */
  socials: { id: SocialId; label: string; url: string }[];
  portrait: { src: string; alt: string; uploaded: boolean };
  footer: { blurb: string; services: { name: string; href: string }[] };
  /** The build year: a rebuild in a new year moves it on. */
  copyrightYear: number;
  locale: string;
}

/** Paragraphs of a multi-line text: split at blank lines, single line breaks kept as spaces. */
export function reflowedParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.replace(/\s*\n\s*/g, ' ').trim())
    .filter((part) => part !== '');
}

type FooterSource = Pick<Service, '_id' | 'slug' | 'name' | 'isFeatured'>;

/** The footer's 'Our Services': the chosen ones that are still on the site, else the first few (featured first). */
export function footerServices(chosen: readonly string[], services: readonly FooterSource[]) {
  const byId = new Map(services.map((service) => [service._id, service]));
  const picked = chosen.map((id) => byId.get(id)).filter((service) => service !== undefined);
  const list =
    picked.length > 0
      ? picked
      : [...services.filter((s) => s.isFeatured), ...services.filter((s) => !s.isFeatured)].slice(
          0,
          FOOTER_SERVICES_FALLBACK,
        );
  return list.map((service) => ({ name: service.name, href: servicePath(service) }));
}

/** Everything the pages show about the practice, from the settings and the active services. */
export function siteView(
  settings: SiteSettingsInput,
  services: readonly FooterSource[] = [],
  now = new Date(),
): SiteView {
  const { identity, about, contact, social, seo, footer } = settings;
  const links: { id: SocialId; url: string }[] = [
    { id: 'instagram', url: social.instagram },
    { id: 'whatsapp', url: whatsappHref(contact.whatsapp) },
    { id: 'youtube', url: social.youtube },
    { id: 'facebook', url: social.facebook },
    { id: 'website', url: social.website },
  ];
  return {
    brand: identity.siteName,
    tagline: identity.tagline,
    logoMark: identity.logoMark,
    practitioner: {
      name: identity.practitionerName,
      firstName: identity.firstName,
      jobTitle: identity.jobTitle,
      since: about.sinceYear,
    },
    description: seo.siteDescription,
    email: contact.email,
    phone: formatPhone(contact.phone),
    phoneHref: telHref(contact.phone),
    chatButtonHref: contact.whatsappButton ? whatsappHref(contact.whatsapp, contact.whatsappMessage) : '',
    location: contact.location,
    hours: contact.hours,
    timeZone: { id: contact.timeZone, ...timeZoneNames(contact.timeZone, now) },
    socials: links.filter((link) => link.url !== '').map((link) => ({ ...link, label: SOCIAL_LABELS[link.id] })),
    portrait: identity.portraitUrl
      ? { src: identity.portraitUrl, alt: identity.portraitAlt || identity.practitionerName, uploaded: true }
      : {
          src: DRAWN_PORTRAIT.src,
          alt: `${identity.firstName} seated in meditation, drawn in warm candle-light colours`,
          uploaded: false,
        },
    footer: { blurb: footer.blurb, services: footerServices(footer.serviceIds, services) },
    copyrightYear: now.getFullYear(),
    locale: 'en_IN',
  };
}

/** The four header entries (docs/product-rules.md, "Screens", Header). */
export const NAV_ITEMS = [
  { href: '/', label: 'Home' },
  { href: '/service', label: 'Services' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
] as const;

/**
 * Which header entry a path belongs to: '/' only for the home page, the others for their whole section
 * (so /service/{id} highlights Services).
 */
export function activeNavHref(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return '/';
  for (const item of NAV_ITEMS) {
    if (item.href !== '/' && (path === item.href || path.startsWith(`${item.href}/`))) return item.href;
  }
  return null;
}
