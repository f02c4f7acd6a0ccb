import { describe, expect, it } from 'vitest';
import { firstIssue as issueOf } from '../../../tests/support/schema-issues';
import { itAppliesFormRules } from './form-rules.fixtures';
import { blankServiceContent, serviceFormText } from '../../../tests/support/factories';
import { SERVICE_CATEGORIES, DELIVERY_METHODS } from '../constants';
import {
  REQUIRED_FIELDS_MESSAGE,
  SERVICE_EDIT_FALLBACK_CATEGORY,
  SERVICE_FORM_DEFAULTS,
  ServiceInputSchema,
  ServiceListQuerySchema,
  ServiceSchema,
  StoredServiceSchema,
} from './service';
import { INVALID_SERVICE_FORMS } from './service.fixtures';

const valid = serviceFormText();

const firstIssue = (input: Record<string, unknown>) => issueOf(ServiceInputSchema, input);

describe('ServiceInputSchema (docs/product-rules.md, "Validation", service form)', () => {
  it('accepts the required fields alone and fills the optional ones', () => {
    expect(ServiceInputSchema.parse(valid)).toEqual({
      ...valid,
      price: 1111,
      ...blankServiceContent(),
      whatToExpected: [],
      isActive: true,
      isFeatured: false,
    });
  });

  itAppliesFormRules(ServiceInputSchema, valid, {
    refused: [
      ...INVALID_SERVICE_FORMS,
      // Fields left out altogether, which a multipart form cannot send.
      ['description missing', { description: undefined }, 'description', REQUIRED_FIELDS_MESSAGE],
      ['category missing', { category: undefined }, 'category', 'Please choose a category from the list'],
    ],
    accepted: [
      ['short description of exactly 200', { shortDescription: 'x'.repeat(200) }],
      ['note of exactly 500', { note: 'n'.repeat(500) }],
      ['price 0', { price: '0' }],
      ['price with paise', { price: '1999.50' }],
      ['numeric JSON price', { price: 2500, offerPrice: 1999 }],
      ['offer price 0', { offerPrice: '0' }],
      ['an http booking link', { bookingLink: 'http://example.org/book' }],
    ],
  });

  it.each(SERVICE_CATEGORIES.map((category) => [category]))('accepts the category %s', (category) => {
    expect(ServiceInputSchema.parse({ ...valid, category }).category).toBe(category);
  });

  it.each(DELIVERY_METHODS.map((method) => [method]))('accepts the delivery method %s', (deliveryMethod) => {
    expect(ServiceInputSchema.parse({ ...valid, deliveryMethod }).deliveryMethod).toBe(deliveryMethod);
  });

  it('completes a booking link typed without https:// (docs/admin.md)', () => {
    expect(ServiceInputSchema.parse({ ...valid, bookingLink: ' calendly.com/priya/tarot ' }).bookingLink).toBe(
      'https://calendly.com/priya/tarot',
    );
  });

  it('treats an empty offer price as no offer', () => {
    expect(ServiceInputSchema.parse({ ...valid, offerPrice: '' })).not.toHaveProperty('offerPrice', expect.anything());
    expect(ServiceInputSchema.parse({ ...valid, offerPrice: '999' }).offerPrice).toBe(999);
  });

  it('reads list fields sent as JSON text and drops empty entries (docs/product-rules.md, "Validation")', () => {
    const parsed = ServiceInputSchema.parse({
      ...valid,
      benefits: JSON.stringify(['Clarity', '  ', '', ' Calm ']),
      prerequisites: '',
      tags: ['love', ''],
      whatCanBeAsked: JSON.stringify([
        { category: '', questions: ['  '] },
        { category: 'Love', questions: ['Is this the right person?', ''] },
        { category: '', questions: ['A question without a heading'] },
      ]),
      faq: JSON.stringify([
        { question: '', answer: '' },
        { question: 'How long?', answer: '' },
        { question: 'Online?', answer: 'Yes.' },
      ]),
    });
    expect(parsed.benefits).toEqual(['Clarity', 'Calm']);
    expect(parsed.prerequisites).toEqual([]);
    expect(parsed.tags).toEqual(['love']);
    expect(parsed.whatCanBeAsked).toEqual([
      { category: 'Love', questions: ['Is this the right person?'] },
      { category: '', questions: ['A question without a heading'] },
    ]);
    expect(parsed.faq).toEqual([
      { question: 'How long?', answer: '' },
      { question: 'Online?', answer: 'Yes.' },
    ]);
  });

  it.each([
    ['true', true],
    ['on', true],
    ['1', true],
    ['false', false],
    ['off', false],
    ['0', false],
    [true, true],
    [false, false],
  ])('reads the switch value %j as %s', (value, expected) => {
    const parsed = ServiceInputSchema.parse({ ...valid, isActive: value, isFeatured: value });
    expect(parsed.isActive).toBe(expected);
    expect(parsed.isFeatured).toBe(expected);
  });

  it('strips fields the server owns', () => {
    const parsed = ServiceInputSchema.parse({ ...valid, _id: 'x', createdAt: 'y', averageRating: 5 });
    expect(parsed).not.toHaveProperty('_id');
    expect(parsed).not.toHaveProperty('createdAt');
    expect(parsed).not.toHaveProperty('averageRating');
  });

  it('refuses list text that is not JSON', () => {
    expect(ServiceInputSchema.safeParse({ ...valid, benefits: 'not json' }).success).toBe(false);
  });
});

describe('service form defaults (docs/product-rules.md, "States")', () => {
  it('creates with Akashic Records Reading, Video Call, the availability text, active and not featured', () => {
    expect(SERVICE_FORM_DEFAULTS).toEqual({
      category: 'Akashic Records Reading',
      deliveryMethod: 'Video Call',
      availability: 'Check booking link for availability',
      isActive: true,
      isFeatured: false,
    });
    expect(SERVICE_EDIT_FALLBACK_CATEGORY).toBe('Tarot Reading');
  });
});

describe('ServiceListQuerySchema (GET /api/services)', () => {
  it.each([
    [{}, {}],
    [
      { limit: '6', isFeatured: 'true' },
      { limit: 6, isFeatured: true },
    ],
    [{ limit: '20' }, { limit: 20 }],
    [{ isFeatured: 'false' }, { isFeatured: false }],
  ])('reads %j', (query, expected) => {
    expect(ServiceListQuerySchema.parse(query)).toEqual(expected);
  });

  it.each([
    { limit: '0' },
    { limit: '-1' },
    { limit: '1.5' },
    { limit: 'ten' },
    { limit: '101' },
    { isFeatured: 'yes' },
  ])('refuses %j', (query) => {
    expect(ServiceListQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('ServiceSchema (a stored service)', () => {
  it('refuses an id that is not 24 lower-case hex characters', () => {
    const stored = {
      ...ServiceInputSchema.parse(valid),
      image: '/media/a.webp',
      testimonials: [],
      averageRating: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(ServiceSchema.safeParse({ ...stored, _id: '0123456789abcdef01234567' }).success).toBe(true);
    expect(ServiceSchema.safeParse({ ...stored, _id: '0123456789ABCDEF01234567' }).success).toBe(false);
    expect(ServiceSchema.safeParse({ ...stored, _id: '42' }).success).toBe(false);
  });
});

describe('StoredServiceSchema (a stored service as the edit form loads it)', () => {
  it('opens a record saved by an older version, with only an id and a name, and keeps a category no longer listed', () => {
    const old = StoredServiceSchema.parse({ _id: 'a1', name: 'Tarot', category: 'Crystal Healing' });
    expect(old).toEqual({ _id: 'a1', name: 'Tarot', category: 'Crystal Healing' });
    expect(StoredServiceSchema.safeParse({ name: 'No id' }).success).toBe(false);
  });
});

describe('image alt text', () => {
  it('is optional, trimmed and at most 150 characters', () => {
    expect(ServiceInputSchema.parse(valid).imageAlt).toBeUndefined();
    expect(ServiceInputSchema.parse({ ...valid, imageAlt: '  A lit candle  ' }).imageAlt).toBe('A lit candle');
    const tooLong = ServiceInputSchema.safeParse({ ...valid, imageAlt: 'x'.repeat(151) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe('Image alt text must be at most 150 characters');
  });
});

describe('ServiceInputSchema: how visitors book (docs/bookings.md)', () => {
  it('keeps the booking link required for a service booked through it, named with the other missing fields', () => {
    const result = ServiceInputSchema.safeParse({ ...valid, name: '', bookingLink: '' });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['name', 'bookingLink']));
  });

  it('books on this site without a link, and then asks for the session length', () => {
    expect(firstIssue({ ...valid, bookingLink: '', bookingMode: 'site' })).toEqual({
      path: 'sessionMinutes',
      message: 'Session length must be whole minutes from 10 to 480',
    });
    const parsed = ServiceInputSchema.parse({
      ...valid,
      bookingLink: '',
      bookingMode: 'site',
      sessionMinutes: '60',
      intakeQuestions: JSON.stringify([{ id: 'focus', question: 'What would you like to look at?', required: true }]),
    });
    expect(parsed).toMatchObject({ bookingLink: '', bookingMode: 'site', sessionMinutes: 60 });
    expect(parsed.intakeQuestions).toEqual([
      { id: 'focus', question: 'What would you like to look at?', required: true },
    ]);
  });

  it('refuses a session length that is not whole minutes in range, and an unknown mode', () => {
    for (const minutes of ['5', '481', '30.5']) {
      expect(firstIssue({ ...valid, bookingMode: 'site', sessionMinutes: minutes })?.path).toBe('sessionMinutes');
    }
    expect(firstIssue({ ...valid, bookingMode: 'phone' })?.path).toBe('bookingMode');
  });

  it('leaves services saved before bookings as they were: no mode means the link', () => {
    const parsed = ServiceInputSchema.parse(valid);
    expect(parsed.bookingMode).toBeUndefined();
    expect(parsed.bookingLink).toMatch(/^https:/);
  });
});
