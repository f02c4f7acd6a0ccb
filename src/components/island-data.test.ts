import { describe, expect, it } from 'vitest';
import { bannerTarget } from './island-data';

const site = new URL('https://soul.example');

describe('bannerTarget', () => {
  it('opens links to other sites in a new tab', () => {
    expect(bannerTarget('https://elsewhere.example/page', site)).toEqual({
      href: 'https://elsewhere.example/page',
      newTab: true,
    });
  });

  it('keeps this site’s own pages in the same tab, as a path or as an absolute URL on its origin', () => {
    expect(bannerTarget('/about', site)).toEqual({ href: '/about', newTab: false });
    expect(bannerTarget(' /service/abc ', site)).toEqual({ href: '/service/abc', newTab: false });
    expect(bannerTarget('https://soul.example/contact', site)).toEqual({
      href: 'https://soul.example/contact',
      newTab: false,
    });
    // Another port or scheme is another origin.
    expect(bannerTarget('http://soul.example/contact', site).newTab).toBe(true);
  });

  it('sends anything that is not a link to /service in the same tab', () => {
    for (const link of ['', 'javascript:alert(1)', '//evil.example', '/\\evil.example', 'mailto:a@b.c', 'https://']) {
      expect(bannerTarget(link, site), link).toEqual({ href: '/service', newTab: false });
    }
  });
});
