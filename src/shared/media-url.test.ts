import { describe, expect, it } from 'vitest';
import { apiOrigin, localBlobUrl, resolveMediaUrl } from './media-url';

// Product rules (docs/product-rules.md, "Calls"): a path beginning with '/' becomes absolute on the API host without /api; http(s) URLs are kept.
describe('resolveMediaUrl', () => {
  it.each([
    ['/media/abc.webp', 'https://api.example.org/api', 'https://api.example.org/media/abc.webp'],
    ['/media/abc.webp', 'https://api.example.org/api/', 'https://api.example.org/media/abc.webp'],
    ['/media/abc.webp', 'http://localhost:8888/api', 'http://localhost:8888/media/abc.webp'],
    ['/media/abc.webp', 'https://api.example.org', 'https://api.example.org/media/abc.webp'],
    ['/media/abc.webp', 'https://example.org/v1/api', 'https://example.org/v1/media/abc.webp'],
    ['/uploads/x.png', 'https://example.org/API', 'https://example.org/uploads/x.png'],
    // Same-origin API: the path stays relative to this site.
    ['/media/abc.webp', '/api', '/media/abc.webp'],
    ['/media/abc.webp', '', '/media/abc.webp'],
    [' /media/abc.webp ', 'https://example.org/api', 'https://example.org/media/abc.webp'],
    // Absolute http(s) URLs are kept unchanged.
    ['https://cdn.example.com/a.jpg', 'https://example.org/api', 'https://cdn.example.com/a.jpg'],
    ['http://cdn.example.com/a.jpg?w=1', '/api', 'http://cdn.example.com/a.jpg?w=1'],
    ['HTTPS://CDN.example.com/a.jpg', '', 'HTTPS://CDN.example.com/a.jpg'],
  ])('resolves %j against %j', (path, base, expected) => {
    expect(resolveMediaUrl(path, base)).toBe(expected);
  });

  it.each([
    ['an empty path', ''],
    ['null', null],
    ['undefined', undefined],
    ['a relative path', 'media/abc.webp'],
    ['a protocol-relative URL', '//evil.example/x.png'],
    ['a backslash trick', '/\\evil.example/x.png'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a data: URL', 'data:image/png;base64,AAAA'],
  ])('refuses %s', (_label, path) => {
    expect(resolveMediaUrl(path, 'https://example.org/api')).toBe('');
  });
});

describe('apiOrigin', () => {
  it.each([
    ['https://example.org/api', 'https://example.org'],
    ['https://example.org/api///', 'https://example.org'],
    ['https://example.org', 'https://example.org'],
    ['http://localhost:8888/api', 'http://localhost:8888'],
  ])('takes %j to %j', (base, expected) => {
    expect(apiOrigin(base)).toBe(expected);
  });

  // A same-origin API, or none set: media paths stay relative to this site.
  it.each(['/api', '', '  '])('gives no origin for %j', (base) => {
    expect(apiOrigin(base)).toBe('');
  });
});

describe('localBlobUrl', () => {
  const origin = 'http://localhost:8888';
  it('keeps a blob: address of this origin (a picked file in the unsaved preview)', () => {
    const url = `blob:${origin}/0b5e3c1a-1f1e-4a63-9f0e-6b1c1d2e3f40`;
    expect(localBlobUrl(url, origin)).toBe(url);
  });

  it.each([
    ['another origin', 'blob:https://evil.example/0b5e3c1a'],
    ['an origin that only starts the same', `blob:${origin}.evil.example/0b5e3c1a`],
    ['a site path', '/media/abc.webp'],
    ['a data: URL', 'data:image/png;base64,AAAA'],
    ['nothing', ''],
  ])('refuses %s', (_label, value) => {
    expect(localBlobUrl(value, origin)).toBe('');
  });

  it('refuses everything for an opaque origin', () => {
    expect(localBlobUrl('blob:null/0b5e3c1a', 'null')).toBe('');
  });

  it('is not what the shared resolver takes: stored content never shows a blob: address', () => {
    expect(resolveMediaUrl(`blob:${origin}/0b5e3c1a`, '/api')).toBe('');
  });
});
