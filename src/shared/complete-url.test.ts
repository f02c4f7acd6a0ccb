import { describe, expect, it } from 'vitest';
import { completeUrl } from './complete-url';

describe('completeUrl', () => {
  it('adds https:// to a link typed without a scheme', () => {
    expect(completeUrl('calendly.com/priya/tarot')).toBe('https://calendly.com/priya/tarot');
    expect(completeUrl('  www.example.com ')).toBe('https://www.example.com');
    expect(completeUrl('book.example.in:8443/slot?day=mon#top')).toBe('https://book.example.in:8443/slot?day=mon#top');
    expect(completeUrl('//calendly.com/x')).toBe('https://calendly.com/x');
  });

  it.each([
    ' https://calendly.com/x ',
    'http://example.com',
    'javascript:alert(1)',
    'mailto:priya@example.com',
    '/service',
    'book me',
    'localhost',
    '',
  ])('leaves %j as typed (trimmed): a link with a scheme, a site path or not a link', (typed) => {
    expect(completeUrl(typed)).toBe(typed.trim());
  });
});
