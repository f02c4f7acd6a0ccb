import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_DEFAULTS } from '../shared/schemas/site-settings';
import { siteView } from './site-info';
import {
  breadcrumbList,
  canonicalUrl,
  normalizePath,
  practiceGraph,
  serializeJsonLd,
  serviceJsonLd,
  type ServiceLdSource,
} from './seo';

const site = new URL('https://soulguidance.in');

describe('canonical URLs', () => {
  const expectCanonical = (input: string, expected: string) => {
    expect(normalizePath(input)).toBe(expected);
    expect(canonicalUrl(input, site)).toBe(`https://soulguidance.in${expected}`);
  };

  // No trailing slash, and the home page is never the empty path.
  it.each([
    ['', '/'],
    ['/about/', '/about'],
    ['/service//', '/service'],
  ])('%j → %j', expectCanonical);

  it.each(['/', '/service/abc'])('%j stays as it is', (path) => {
    expectCanonical(path, path);
  });
});

describe('serializeJsonLd', () => {
  it('cannot be closed early by content, and still parses to the same data', () => {
    const data = { name: '</script><script>alert(1)</script> & more', note: 'line\u2028break' };
    const text = serializeJsonLd(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe('structured data', () => {
  const service: ServiceLdSource = {
    _id: '0123456789abcdef01234567',
    name: 'Akashic Records Reading',
    category: 'Akashic Records Reading',
    shortDescription: 'A gentle reading.',
    price: 2100,
    offerPrice: 1500,
    image: '/media/abc.jpg',
    bookingLink: 'https://booking.example.org/a',
  };

  it('gives a service an Offer in INR at the price the visitor pays', () => {
    const ld = serviceJsonLd(service, site);
    expect(ld).toMatchObject({
      '@type': 'Service',
      url: 'https://soulguidance.in/service/0123456789abcdef01234567',
      offers: { '@type': 'Offer', price: '1500.00', priceCurrency: 'INR', url: 'https://booking.example.org/a' },
    });
    expect(String(ld.image)).toMatch(/^https:\/\/soulguidance\.in\/\.netlify\/images\?url=%2Fmedia%2Fabc\.jpg/);
    const regular = serviceJsonLd({ ...service, offerPrice: undefined }, site);
    expect(regular.offers).toMatchObject({ price: '2100.00' });
  });

  it('numbers breadcrumbs from 1 with absolute URLs', () => {
    expect(breadcrumbList(site, { name: 'About', path: '/about' })).toEqual({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://soulguidance.in/' },
        { '@type': 'ListItem', position: 2, name: 'About', item: 'https://soulguidance.in/about' },
      ],
    });
  });
});

describe('the practice in JSON-LD follows the site settings', () => {
  it('names the practitioner and leaves out contact details and profiles that are not set', () => {
    const [business, person] = practiceGraph(site, siteView(SITE_SETTINGS_DEFAULTS));
    expect(person).toMatchObject({ '@type': 'Person', name: 'Ishita Verma' });
    expect(person?.['image']).toBe('https://soulguidance.in/images/about-portrait.svg');
    expect(business).not.toHaveProperty('email');
    expect(business).not.toHaveProperty('telephone');
    expect(business).not.toHaveProperty('sameAs');
  });

  it('carries the e-mail, phone and social profiles once set', () => {
    const [business] = practiceGraph(
      site,
      siteView({
        ...SITE_SETTINGS_DEFAULTS,
        contact: { ...SITE_SETTINGS_DEFAULTS.contact, email: 'asha@example.org', phone: '+91 90000 11111' },
        social: { ...SITE_SETTINGS_DEFAULTS.social, instagram: 'https://instagram.com/asha' },
      }),
    );
    expect(business).toMatchObject({
      email: 'asha@example.org',
      telephone: '+91 90000 11111',
      sameAs: ['https://instagram.com/asha'],
    });
  });
});
