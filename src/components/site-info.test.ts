import { describe, expect, it } from 'vitest';
import { SITE_SETTINGS_DEFAULTS } from '../shared/schemas/site-settings';
import { activeNavHref, footerServices, NAV_ITEMS, reflowedParagraphs, siteView, telHref } from './site-info';

describe('header entries', () => {
  it('are the four of the spec, in order', () => {
    expect(NAV_ITEMS.map((item) => `${item.href} ${item.label}`)).toEqual([
      '/ Home',
      '/service Services',
      '/about About',
      '/contact Contact',
    ]);
  });

  it.each([
    ['/', '/'],
    ['/service', '/service'],
    ['/service/', '/service'],
    ['/service/0123456789abcdef01234567', '/service'],
    ['/about/', '/about'],
    ['/contact', '/contact'],
    ['/services', null],
    ['/nowhere', null],
  ])('%s highlights %s', (path, expected) => {
    expect(activeNavHref(path)).toBe(expected);
  });

  it('dials a phone number in E.164, and links nothing that is not a number', () => {
    expect(telHref('+91 98765 43210')).toBe('tel:+919876543210');
    expect(telHref('98400 12345')).toBe('tel:+919840012345');
    expect(telHref('call after 6')).toBe('');
  });
});

describe('the site as the settings describe it', () => {
  const service = (n: number, isFeatured = false) => ({ _id: String(n).padStart(24, 'a'), name: `S${n}`, isFeatured });

  it('shows only the social links that are set, WhatsApp as a wa.me link', () => {
    expect(siteView(SITE_SETTINGS_DEFAULTS).socials).toEqual([]);
    const view = siteView({
      ...SITE_SETTINGS_DEFAULTS,
      contact: { ...SITE_SETTINGS_DEFAULTS.contact, whatsapp: '+91 98765 43210' },
      social: { ...SITE_SETTINGS_DEFAULTS.social, youtube: 'https://youtube.com/@x' },
    });
    expect(view.socials).toEqual([
      { id: 'whatsapp', label: 'WhatsApp', url: 'https://wa.me/919876543210' },
      { id: 'youtube', label: 'YouTube', url: 'https://youtube.com/@x' },
    ]);
  });

  it('follows the build year, names the time zone and keeps the drawn portrait until one is uploaded', () => {
    const view = siteView(SITE_SETTINGS_DEFAULTS, [], new Date('2031-06-01T00:00:00Z'));
    expect(view.copyrightYear).toBe(2031);
    expect(view.timeZone).toEqual({ id: 'Asia/Kolkata', short: 'IST', long: 'India Standard Time' });
    expect(view.portrait).toMatchObject({ src: '/images/about-portrait.svg', uploaded: false });
  });

  it('lists the chosen footer services still on the site, else four (featured first)', () => {
    const services = [service(1), service(2, true), service(3), service(4), service(5)];
    expect(footerServices([service(3)._id, 'gone', service(1)._id], services).map((s) => s.name)).toEqual(['S3', 'S1']);
    expect(footerServices([], services).map((s) => s.name)).toEqual(['S2', 'S1', 'S3', 'S4']);
    expect(footerServices([], services)[0]?.href).toBe(`/service/${service(2)._id}`);
  });

  it('splits a story into paragraphs at blank lines', () => {
    expect(reflowedParagraphs('One\nstill one.\n\n  Two  \n\n\n')).toEqual(['One still one.', 'Two']);
  });
});
