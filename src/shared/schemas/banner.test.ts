import { describe, expect, it } from 'vitest';
import { firstIssue as issueOf } from '../../../tests/support/schema-issues';
import { BannerInputSchema, BannerLinkSchema } from './banner';

const valid = { title: 'Full Moon Readings', link: 'https://example.org/moon' };

const firstIssue = (input: Record<string, unknown>) => issueOf(BannerInputSchema, input);

describe('BannerInputSchema (docs/product-rules.md, "Validation", banner form)', () => {
  it('fills the defaults: active, empty description, no order (the server places the banner)', () => {
    expect(BannerInputSchema.parse(valid)).toEqual({
      ...valid,
      description: '',
      order: undefined,
      mediaUrl: '',
      isActive: true,
    });
  });

  it.each([
    ['title missing', { title: '' }, 'title', 'Title is required'],
    ['title over 100', { title: 't'.repeat(101) }, 'title', 'Title must be at most 100 characters'],
    [
      'description over 500',
      { description: 'd'.repeat(501) },
      'description',
      'Description must be at most 500 characters',
    ],
    ['link missing', { link: '' }, 'link', 'Link is required'],
    [
      'link not a URL',
      { link: 'somewhere' },
      'link',
      'Link must be an http(s) URL or a path on this site starting with /',
    ],
    [
      'javascript: link',
      { link: 'javascript:alert(1)' },
      'link',
      'Link must be an http(s) URL or a path on this site starting with /',
    ],
    [
      'protocol-relative link',
      { link: '//evil.example' },
      'link',
      'Link must be an http(s) URL or a path on this site starting with /',
    ],
    ['order negative', { order: '-1' }, 'order', 'Order must be 0 or more'],
    ['order not a number', { order: 'first' }, 'order', 'Order must be a number'],
    ['order fractional', { order: '1.5' }, 'order', 'Order must be a whole number'],
    ['media type unknown', { mediaType: 'gif' }, 'mediaType', 'Media type must be image or video'],
  ])('refuses %s', (_label, change, path, message) => {
    expect(firstIssue({ ...valid, ...change })).toEqual({ path, message });
  });

  it.each([
    ['title of exactly 100', { title: 't'.repeat(100) }],
    ['description of exactly 500', { description: 'd'.repeat(500) }],
    ['a path on this site', { link: '/service' }],
    ['a service page', { link: '/service/0123456789abcdef01234567' }],
    ['order as text', { order: '3' }],
    ['an empty order (the server places the banner)', { order: '' }],
    ['a video', { mediaType: 'video' }],
    ['inactive', { isActive: 'false' }],
  ])('accepts %s', (_label, change) => {
    expect(BannerInputSchema.safeParse({ ...valid, ...change }).success).toBe(true);
  });

  it('reads the order and the active switch from form text', () => {
    expect(BannerInputSchema.parse({ ...valid, order: '2', isActive: 'false' })).toMatchObject({
      order: 2,
      isActive: false,
    });
  });
});

describe('BannerLinkSchema', () => {
  it('trims', () => {
    expect(BannerLinkSchema.parse('  /service  ')).toBe('/service');
  });
});
