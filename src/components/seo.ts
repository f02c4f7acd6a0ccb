// Structured data (JSON-LD) and URL helpers for the page heads. Pure functions over plain data.
import type { Service } from '../shared/schemas/service';
import { absoluteImageUrl } from './image-url';
import type { SiteView } from './site-info';
import { servicePath } from '../shared/schemas/slug';

type JsonLd = Record<string, unknown>;

/** '/about/' → '/about'; '' → '/'. Canonical URLs use the spec's routes, without a trailing slash. */
export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

export function canonicalUrl(pathname: string, site: URL): string {
  return new URL(normalizePath(pathname), site).href;
}

/**
 * JSON for a <script type="application/ld+json"> block. `<`, `>` and `&` are written as \u escapes (still valid
 * JSON), so no text from the content — a service name containing `</script>` — can end the block early.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const ids = (site: URL) => ({
  business: new URL('/#practice', site).href,
  person: new URL('/about#person', site).href,
});

/**
 * The practitioner and the practice: Home and About carry this. The hours are free text in the settings
 * ("Mon-Sun: 9 AM - 9 PM"), so they are not turned into opening-hours data; e-mail, phone and profiles appear only
 * when set.
 */
export function practiceGraph(site: URL, practice: SiteView): JsonLd[] {
  const { business, person } = ids(site);
  const portrait = absoluteImageUrl(practice.portrait.src, site, 800);
  return [
    {
      '@type': 'ProfessionalService',
      '@id': business,
      name: `${practice.brand} · ${practice.tagline}`,
      description: practice.description,
      url: new URL('/', site).href,
      logo: new URL('/logo.svg', site).href,
      image: new URL('/og-default.png', site).href,
      ...(practice.email ? { email: practice.email } : {}),
      ...(practice.phone ? { telephone: practice.phone } : {}),
      areaServed: 'Worldwide',
      currenciesAccepted: 'INR',
      founder: { '@id': person },
      ...(practice.socials.length > 0 ? { sameAs: practice.socials.map((social) => social.url) } : {}),
    },
    {
      '@type': 'Person',
      '@id': person,
      name: practice.practitioner.name,
      jobTitle: practice.practitioner.jobTitle,
      url: new URL('/about', site).href,
      ...(portrait ? { image: portrait } : {}),
      worksFor: { '@id': business },
      knowsAbout: ['Akashic Records', 'Tarot', 'Energy healing', 'Spiritual guidance'],
    },
  ];
}

export interface Crumb {
  name: string;
  path: string;
}

/** An inner page's trail (docs/public-site.md, "Decisions"): Home first, then the given crumbs down to the page. */
export function breadcrumbList(site: URL, ...belowHome: Crumb[]): JsonLd {
  const crumbs: Crumb[] = [{ name: 'Home', path: '/' }, ...belowHome];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: canonicalUrl(crumb.path, site),
    })),
  };
}

export type ServiceLdSource = Pick<
  Service,
  '_id' | 'slug' | 'name' | 'category' | 'shortDescription' | 'price' | 'offerPrice' | 'image' | 'bookingLink'
>;

/** A service with its offer: the price the visitor pays (the offer price when there is one), in INR. */
export function serviceJsonLd(service: ServiceLdSource, site: URL): JsonLd {
  const url = canonicalUrl(servicePath(service), site);
  const image = absoluteImageUrl(service.image, site);
  const price =
    service.offerPrice !== undefined && service.offerPrice < service.price ? service.offerPrice : service.price;
  return {
    '@type': 'Service',
    '@id': `${url}#service`,
    name: service.name,
    description: service.shortDescription,
    serviceType: service.category,
    url,
    ...(image ? { image } : {}),
    provider: { '@id': ids(site).business },
    areaServed: 'Worldwide',
    offers: {
      '@type': 'Offer',
      price: price.toFixed(2),
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      url: service.bookingLink || url,
    },
  };
}

/** One @graph document per page. */
export function jsonLdDocument(nodes: JsonLd[]): JsonLd {
  return { '@context': 'https://schema.org', '@graph': nodes };
}
