// Who the practice is, in one place: the header, footer, About page, SEO tags and JSON-LD all read from here.
// Browser-safe (no server imports), so the islands and the fallback script may use it too.
import { CONTACT_DETAILS } from '../shared/constants';

export const SITE = {
  /** The brand name shown next to the logo. */
  brand: 'Ishita Verma',
  /** Product rules (docs/product-rules.md, "Product"): the tagline next to the logo and the brand name. */
  tagline: 'Soul Guidance & Healing',
  practitioner: {
    name: 'Ishita Verma',
    firstName: 'Ishita',
    jobTitle: 'Akashic Records Reader and Soul Guide',
    since: 2023,
  },
  /** Default meta description, written in the practitioner's own voice. */
  description:
    'Gentle Akashic Records readings, tarot and healing sessions online with Ishita Verma. A calm, unhurried space to find clarity about love, work and your soul’s path.',
  email: CONTACT_DETAILS.email,
  phone: CONTACT_DETAILS.phone,
  /** Spec: "Three social links (instagram, whatsapp, youtube) point nowhere." A link appears once a URL is set. */
  socials: [
    { id: 'instagram', label: 'Instagram', url: '' },
    { id: 'whatsapp', label: 'WhatsApp', url: '' },
    { id: 'youtube', label: 'YouTube', url: '' },
  ],
  /** The About photo. Replace the file (or the path) with a real portrait; the placeholder shows if it fails. */
  aboutPhoto: {
    src: '/images/about-portrait.svg',
    placeholder: '/images/about-placeholder.svg',
    alt: 'Ishita seated in meditation, drawn in warm candle-light colours',
    width: 480,
    height: 600,
  },
  specializations: [
    'Akashic Records readings',
    'Tarot and intuitive guidance',
    'Karmic and energy healing',
    'Life purpose and relationship clarity',
  ],
  copyrightYear: 2025,
  locale: 'en_IN',
} as const;

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

/** Phone as a tel: link target (digits and a leading +). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
