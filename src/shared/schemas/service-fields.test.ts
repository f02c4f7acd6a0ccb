import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serviceFormText, storedService } from '../../../tests/support/factories';
import { defineFields } from './field-pairs';
import { SERVICE_FIELDS, ServiceInputSchema, ServiceSchema } from './service';

/** What the server adds to the practitioner's fields; nothing else may stand in a stored service. */
const SERVER_OWNED = [
  '_id',
  'previousSlugs',
  'image',
  'position',
  'testimonials',
  'averageRating',
  'createdAt',
  'updatedAt',
];

describe('SERVICE_FIELDS, the one fields object (docs/content-api.md, "One fields object")', () => {
  it('is every field the form submits, and nothing else', () => {
    expect(Object.keys(ServiceInputSchema.shape).sort()).toEqual(Object.keys(SERVICE_FIELDS).sort());
  });

  it('is every field of a stored service but those the server owns', () => {
    expect(Object.keys(ServiceSchema.shape).sort()).toEqual([...Object.keys(SERVICE_FIELDS), ...SERVER_OWNED].sort());
  });

  it('keeps, in each stored shape, what its input rule gives for a full form', () => {
    const input = ServiceInputSchema.parse(
      serviceFormText({
        slug: 'tarot-reading',
        offerPrice: '999',
        bookingMode: 'site',
        sessionMinutes: '45',
        intakeQuestions: JSON.stringify([{ id: 'your-question', question: 'Your question?', required: true }]),
        imageAlt: 'A lit candle',
        benefits: JSON.stringify(['Calm']),
        whatCanBeAsked: JSON.stringify([{ category: 'Career', questions: ['Which path?'] }]),
        faq: JSON.stringify([{ question: 'Q', answer: 'A' }]),
        tags: JSON.stringify(['clarity']),
      }),
    );
    for (const [name, pair] of Object.entries(SERVICE_FIELDS)) {
      const value: unknown = input[name as keyof typeof input];
      expect(pair.stored.safeParse(value).success, name).toBe(true);
    }
  });

  it('still loads a service saved before the optional fields existed', () => {
    const old: Record<string, unknown> = { ...storedService() };
    const optional = ['slug', 'offerPrice', 'offerStart', 'offerEnd', 'imageAlt', 'bookingMode', 'sessionMinutes'];
    for (const name of [...optional, 'intakeQuestions']) delete old[name];
    expect(ServiceSchema.safeParse(old).success).toBe(true);
  });
});

describe('defineFields refuses a field with one side missing or a stored shape that cannot hold its input', () => {
  it('compiles only complete pairs (the @ts-expect-error lines fail the typecheck once they stop being errors)', () => {
    const fields = defineFields({ note: { input: z.string().trim(), stored: z.string() } });
    expect(Object.keys(fields)).toEqual(['note']);
    // @ts-expect-error: no stored shape
    defineFields({ note: { input: z.string() } });
    // @ts-expect-error: no input rule
    defineFields({ note: { stored: z.string() } });
    // @ts-expect-error: the input may be absent but the stored shape requires it
    defineFields({ note: { input: z.string().optional(), stored: z.string() } });
    // @ts-expect-error: a number cannot be stored as text
    defineFields({ note: { input: z.number(), stored: z.string() } });
  });
});
