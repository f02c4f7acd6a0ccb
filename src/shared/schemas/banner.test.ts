import { describe, expect, it } from 'vitest';
import { itAppliesFormRules } from './form-rules.fixtures';
import { BannerInputSchema, BannerLinkSchema } from './banner';
import { INVALID_BANNER_FORMS } from './banner.fixtures';

const valid = { title: 'Full Moon Readings', link: 'https://example.org/moon' };

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

  itAppliesFormRules(BannerInputSchema, valid, {
    refused: INVALID_BANNER_FORMS,
    accepted: [
      ['title of exactly 100', { title: 't'.repeat(100) }],
      ['description of exactly 500', { description: 'd'.repeat(500) }],
      ['a path on this site', { link: '/service' }],
      ['a service page', { link: '/service/0123456789abcdef01234567' }],
      ['order as text', { order: '3' }],
      ['an empty order (the server places the banner)', { order: '' }],
      ['a video', { mediaType: 'video' }],
      ['inactive', { isActive: 'false' }],
    ],
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
