import { describe, expect, it } from 'vitest';
import { serviceFormText } from '../../../tests/support/factories';
import { BannerInputSchema } from './banner';
import { ContactMessageInputSchema } from './contact';
import { ServiceInputSchema } from './service';

// Issue 11 item 7: no NUL characters in text fields; prices are plain decimals with an upper bound.

const service = serviceFormText();
const banner = { title: 'Full moon', link: '/services' };
const contact = {
  name: 'Visitor',
  email: 'v@example.com',
  subject: 'Healing Session',
  message: 'Hello there',
  consent: true,
};

function issueAt(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? `${issue.path.join('.')}: ${issue.message}` : null;
}

describe('NUL characters', () => {
  it.each([
    ['service name', ServiceInputSchema, { ...service, name: 'Tarot\u0000Reading' }, 'name'],
    ['service description', ServiceInputSchema, { ...service, description: 'a\u0000b' }, 'description'],
    ['service optional text', ServiceInputSchema, { ...service, note: 'x\u0000' }, 'note'],
    ['service list entry', ServiceInputSchema, { ...service, benefits: ['calm\u0000'] }, 'benefits.0'],
    [
      'service booking link',
      ServiceInputSchema,
      { ...service, bookingLink: 'https://a.example/\u0000' },
      'bookingLink',
    ],
    ['banner title', BannerInputSchema, { ...banner, title: 'Moon\u0000' }, 'title'],
    ['banner link', BannerInputSchema, { ...banner, link: '/services\u0000' }, 'link'],
    ['contact message', ContactMessageInputSchema, { ...contact, message: 'Hello\u0000there' }, 'message'],
  ])('are refused in the %s', (_label, schema, input, field) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect(issueAt(result)).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
  });

  it('leave ordinary text alone', () => {
    expect(ServiceInputSchema.safeParse(service).success).toBe(true);
    expect(BannerInputSchema.safeParse(banner).success).toBe(true);
    expect(ContactMessageInputSchema.safeParse(contact).success).toBe(true);
  });
});

describe('price', () => {
  it.each(['0x10', '1e3', 'Infinity', '0b11', '12abc', '٣'])('refuses %s as not a number', (price) => {
    expect(issueAt(ServiceInputSchema.safeParse({ ...service, price }))).toBe('price: Must be a number');
  });

  it('has an upper bound of 10,000,000 for price and offer price', () => {
    expect(ServiceInputSchema.safeParse({ ...service, price: '10000000' }).success).toBe(true);
    expect(issueAt(ServiceInputSchema.safeParse({ ...service, price: '10000001' }))).toBe(
      'price: Price must be at most 1,00,00,000',
    );
    expect(issueAt(ServiceInputSchema.safeParse({ ...service, price: 20_000_000, offerPrice: 10_000_001 }))).toMatch(
      /^price: /,
    );
    expect(ServiceInputSchema.parse({ ...service, price: ' 1999.50 ' }).price).toBe(1999.5);
  });
});
