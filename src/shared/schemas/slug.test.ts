import { describe, expect, it } from 'vitest';
import { SLUG_MAX, SLUG_MESSAGES, SlugFieldSchema, SlugSchema, servicePath, slugify, withSuffix } from './slug';

describe('slugify: the slug a service name gives', () => {
  const expectSlug = (name: string, slug: string) => {
    expect(slugify(name)).toBe(slug);
    expect(SlugSchema.safeParse(slug).success).toBe(true);
  };

  it.each([
    ['Akashic Records Reading', 'akashic-records-reading'],
    ['Tarot Reading (Love & Relationships)', 'tarot-reading-love-and-relationships'],
    ['  --Chakra 7--  ', 'chakra-7'],
  ])('spells out %j as %j', expectSlug);

  it.each([
    ['Maha Kālī Healing', 'maha-kali-healing'],
    ['Séance — Ōm  Reiki!!', 'seance-om-reiki'],
    ['Straße Æther Øre', 'strasse-aether-ore'],
  ])('writes the accented letters of %j plainly: %j', expectSlug);

  // A name with no Latin letters, a reserved word or an id's shape would not make an address of its own.
  it.each([
    ['महा काली', 'service'],
    ['Fallback', 'fallback-service'],
    ['0123456789abcdef01234567', '0123456789abcdef01234567-service'],
  ])('gives %j the slug %j', expectSlug);

  it('cuts a long name at a word boundary within the limit', () => {
    const slug = slugify('Healing '.repeat(20));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug).toMatch(/^healing(-healing)+$/);
    expect(withSuffix(slug, 12).length).toBeLessThanOrEqual(SLUG_MAX);
    expect(withSuffix(slug, 12)).toMatch(/-12$/);
  });
});

describe('SlugFieldSchema: what the form sends', () => {
  it('forgives spaces and capitals, and reads empty as "make it from the name"', () => {
    expect(SlugFieldSchema.parse('  Tarot-Reading ')).toBe('tarot-reading');
    expect(SlugFieldSchema.parse('')).toBe('');
    expect(SlugFieldSchema.parse(undefined)).toBe('');
  });
  it.each([
    ['tarot reading', SLUG_MESSAGES.format],
    ['edit', SLUG_MESSAGES.reserved],
    ['abcdefabcdefabcdefabcdef', SLUG_MESSAGES.idShape],
    ['x'.repeat(SLUG_MAX + 1), SLUG_MESSAGES.tooLong],
  ])('refuses %j', (value, message) => {
    const result = SlugFieldSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('servicePath', () => {
  it('uses the slug, and the id for a service saved before slugs', () => {
    expect(servicePath({ _id: '0123456789abcdef01234567', slug: 'tarot' })).toBe('/service/tarot');
    expect(servicePath({ _id: '0123456789abcdef01234567' })).toBe('/service/0123456789abcdef01234567');
  });
});
