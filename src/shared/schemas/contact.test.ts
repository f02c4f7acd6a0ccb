import { describe, expect, it } from 'vitest';
import { firstIssue as issueOf } from '../../../tests/support/schema-issues';
import { CONTACT_SUBJECTS } from '../constants';
import { ContactMessageInputSchema } from './contact';

const valid = {
  name: 'Asha Rao',
  email: 'Asha@Example.org',
  phone: '',
  subject: 'General Inquiry',
  message: 'I would like to know more about a reading.',
  consent: true,
};

const firstIssue = (input: Record<string, unknown>) => issueOf(ContactMessageInputSchema, input);

describe('ContactMessageInputSchema (docs/product-rules.md, "Validation", contact form)', () => {
  it('accepts a message without a phone and lower-cases the email', () => {
    expect(ContactMessageInputSchema.parse({ ...valid, phone: undefined })).toEqual({
      ...valid,
      email: 'asha@example.org',
      phone: '',
    });
  });

  it.each([
    ['name missing', { name: '' }, 'name', 'Please enter your full name'],
    ['name on two lines', { name: 'Asha\nBcc: x@y.z' }, 'name', 'Must not contain line breaks'],
    ['email missing', { email: '' }, 'email', 'Email is required'],
    ['email malformed', { email: 'asha@' }, 'email', 'Please enter a valid email address'],
    ['subject missing', { subject: '' }, 'subject', 'Please choose a subject'],
    ['subject too long', { subject: 'x'.repeat(61) }, 'subject', 'Please choose a subject'],
    ['message missing', { message: '   ' }, 'message', 'Please enter a message'],
    [
      'phone with letters',
      { phone: 'call me' },
      'phone',
      'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210',
    ],
    [
      'a phone too short to dial',
      { phone: '98400' },
      'phone',
      'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210',
    ],
    [
      'a phone too long to dial',
      { phone: '+91 98400 12345 678' },
      'phone',
      'Please enter a valid phone number, e.g. 98765 43210 or +91 98765 43210',
    ],
  ])('refuses %s', (_label, change, path, message) => {
    expect(firstIssue({ ...valid, ...change })).toEqual({ path, message });
  });

  it('refuses unknown fields', () => {
    expect(ContactMessageInputSchema.safeParse({ ...valid, admin: true }).success).toBe(false);
  });

  it.each(CONTACT_SUBJECTS.map((subject) => [subject]))('accepts the subject %s', (subject) => {
    expect(ContactMessageInputSchema.parse({ ...valid, subject }).subject).toBe(subject);
  });

  it.each([
    ['+91 98765 43210', '+919876543210'],
    ['(022) 2345-6789', '+912223456789'],
    ['98400 12345', '+919840012345'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('accepts the phone %s and keeps it as %s', (phone, e164) => {
    expect(ContactMessageInputSchema.parse({ ...valid, phone }).phone).toBe(e164);
  });
});
