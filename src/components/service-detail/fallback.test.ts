import { describe, expect, it } from 'vitest';
import { canonicalPathOf, readService, serviceIdFromPath } from './fallback';

describe('the fallback page reads the slug or id from the address', () => {
  it.each(['/service/0123456789abcdef01234567', '/service/0123456789ABCDEF01234567/'])(
    'reads the id in %s, in lower case',
    (path) => {
      expect(serviceIdFromPath(path)).toBe('0123456789abcdef01234567');
    },
  );

  it.each(['/service/tarot-reading', '/service/tarot-reading/'])('reads the slug in %s', (path) => {
    expect(serviceIdFromPath(path)).toBe('tarot-reading');
  });

  it.each([
    '/service/tarot--reading',
    '/service/tarot%20reading',
    '/service/fallback',
    '/service/',
    '/service/0123456789abcdef01234567/extra',
    '/service/../admin',
  ])('%s → null', (path) => {
    expect(serviceIdFromPath(path)).toBeNull();
  });
});

describe('canonicalPathOf: a page opened by an old address shows the current one', () => {
  const body = { success: true, data: { _id: 'a', slug: 'tarot-reading' } };
  it.each([
    ['/service/0123456789abcdef01234567', '/service/tarot-reading'],
    ['/service/tarot', '/service/tarot-reading'],
    ['/service/tarot-reading', null],
    ['/service/tarot-reading/', null],
  ])('%s → %s', (path, expected) => {
    expect(canonicalPathOf(body, path)).toBe(expected);
  });
  it('leaves the address alone when the reply has no usable slug', () => {
    expect(canonicalPathOf({ success: true, data: { _id: 'a' } }, '/service/x')).toBeNull();
    expect(canonicalPathOf({ success: true, data: { slug: '../admin' } }, '/service/x')).toBeNull();
  });
});

describe('readService', () => {
  it('accepts the API reply and fills absent lists', () => {
    const service = readService({
      success: true,
      data: { _id: 'a', name: 'Tarot', price: 900, offerPrice: 700, faq: [{ question: 'Q', answer: 'A' }] },
    });
    expect(service).toMatchObject({ _id: 'a', name: 'Tarot', price: 900, offerPrice: 700, benefits: [], tags: [] });
    expect(service?.faq).toEqual([{ question: 'Q', answer: 'A' }]);
  });

  it.each([null, {}, { success: false }, { success: true, data: null }, { success: true, data: { name: 'x' } }])(
    'refuses %j',
    (body) => {
      expect(readService(body)).toBeNull();
    },
  );
});

describe('readService: testimonials', () => {
  it('reads the derived testimonials and drops malformed entries', () => {
    const service = readService({
      success: true,
      data: {
        _id: 'a',
        name: 'Tarot',
        price: 900,
        testimonials: [{ name: 'Meera', text: 'Kind.', rating: 5, date: '2026-09-14' }, 'junk', { text: 'No name' }],
      },
    });
    expect(service?.testimonials).toEqual([
      { name: 'Meera', text: 'Kind.', rating: 5, date: '2026-09-14' },
      { name: '', text: 'No name', rating: undefined, date: '' },
    ]);
  });
});
