import { describe, expect, it } from 'vitest';
import { completeUrl } from './complete-url';

describe('completeUrl', () => {
  it('adds https:// to a link typed without a scheme', () => {
    expect(completeUrl('calendly.com/priya/tarot')).toBe('https://calendly.com/priya/tarot');
    expect(completeUrl('  www.example.com ')).toBe('https://www.example.com');
    expect(completeUrl('book.example.in:8443/slot?day=mon#top')).toBe('https://book.example.in:8443/slot?day=mon#top');
    expect(completeUrl('//calendly.com/x')).toBe('https://calendly.com/x');
  });

  it('leaves links with a scheme, site paths and non-links as typed (trimmed)', () => {
    expect(completeUrl(' https://calendly.com/x ')).toBe('https://calendly.com/x');
    expect(completeUrl('http://example.com')).toBe('http://example.com');
    expect(completeUrl('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(completeUrl('mailto:priya@example.com')).toBe('mailto:priya@example.com');
    expect(completeUrl('/service')).toBe('/service');
    expect(completeUrl('book me')).toBe('book me');
    expect(completeUrl('localhost')).toBe('localhost');
    expect(completeUrl('')).toBe('');
  });
});
