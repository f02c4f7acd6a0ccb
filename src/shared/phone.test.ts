import { describe, expect, it } from 'vitest';
import { formatPhone, normalisePhone, parsePhone, telHref, whatsappHref } from './phone';

describe('phone numbers the Indian way', () => {
  const expectRead = (typed: string, e164: string, display: string) => {
    expect(parsePhone(typed)).toEqual({ e164, display });
    expect(normalisePhone(typed)).toBe(e164);
    expect(formatPhone(e164)).toBe(display);
  };

  // One mobile number, typed the ways people type it.
  it.each(['98400 12345', '098400 12345', '+91 98400-12345', '0091 98400 12345'])(
    'reads %s as +919840012345, shown +91 98400 12345',
    (typed) => {
      expectRead(typed, '+919840012345', '+91 98400 12345');
    },
  );

  it.each([
    ['044 2345 6789', '+914423456789', '+91 44 2345 6789'],
    ['+44 20 7946 0958', '+442079460958', '+44 20 7946 0958'],
  ])('reads %s as %s, shown %s', expectRead);

  it.each(['', '12', '98400', 'call me', '98400 12345 6789 0', 'ph: 98400 12345'])('refuses %j', (typed) => {
    expect(parsePhone(typed)).toBeNull();
    expect(telHref(typed)).toBe('');
    expect(whatsappHref(typed)).toBe('');
  });

  it('links the broken case of the issue to a working chat', () => {
    // Before: 'https://wa.me/9840012345', a number without its country code.
    expect(whatsappHref('98400 12345')).toBe('https://wa.me/919840012345');
    expect(telHref('98400 12345')).toBe('tel:+919840012345');
  });

  it('adds the prefilled chat message, encoded', () => {
    expect(whatsappHref('+919840012345', ' Hello Ishita & co? ')).toBe(
      'https://wa.me/919840012345?text=Hello%20Ishita%20%26%20co%3F',
    );
  });

  it('shows an old free-text number as typed, with no link', () => {
    expect(formatPhone(' Call 9-5 on weekdays ')).toBe('Call 9-5 on weekdays');
    expect(normalisePhone(' 12 ')).toBe('12');
  });
});
