import { describe, expect, it } from 'vitest';
import { activeNavHref, NAV_ITEMS, telHref } from './site-info';

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

  it('dials a phone number without its spaces', () => {
    expect(telHref('+91 98765 43210')).toBe('tel:+919876543210');
  });
});
