import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, BookingRequestSchema, SlotsQuerySchema } from './booking';

const valid = {
  serviceId: '65a1b2c3d4e5f60718293a4b',
  start: '2026-12-07T04:30:00.000Z',
  name: 'Asha Rao',
  email: ' Asha@Example.com ',
  phone: '98765 43210',
  note: 'First time',
  answers: [{ questionId: 'what-to-ask', answer: 'Career' }],
  consent: true,
};

describe('a booking request', () => {
  it('accepts a complete request, normalising e-mail and phone like the contact form', () => {
    const parsed = BookingRequestSchema.parse(valid);
    expect(parsed.email).toBe('asha@example.com');
    expect(parsed.phone).toBe('+919876543210');
    expect(
      BookingRequestSchema.parse({ ...valid, phone: undefined, note: undefined, answers: undefined }),
    ).toMatchObject({
      phone: '',
      note: '',
      answers: [],
    });
  });

  it('refuses a booking without consent, with a time that is not an instant, or with unknown fields', () => {
    const issue = (input: unknown) => BookingRequestSchema.safeParse(input).error?.issues[0]?.message;
    expect(issue({ ...valid, consent: false })).toBe(BOOKING_MESSAGES.consent);
    expect(issue({ ...valid, consent: undefined })).toBe(BOOKING_MESSAGES.consent);
    expect(issue({ ...valid, start: 'Monday at ten' })).toBe(BOOKING_MESSAGES.start);
    expect(BookingRequestSchema.safeParse({ ...valid, price: 0 }).success).toBe(false);
    expect(BookingRequestSchema.safeParse({ ...valid, name: 'Asha\nBcc: x' }).success).toBe(false);
    expect(BookingRequestSchema.safeParse({ ...valid, answers: [{ questionId: '../x', answer: 'a' }] }).success).toBe(
      false,
    );
  });
});

describe('a slots query', () => {
  it('takes two dates in order, at most 93 days apart', () => {
    expect(SlotsQuerySchema.safeParse({ from: '2026-12-01', to: '2027-03-03' }).success).toBe(true);
    expect(SlotsQuerySchema.safeParse({ from: '2026-12-01', to: '2027-03-05' }).success).toBe(false);
    expect(SlotsQuerySchema.safeParse({ from: '2026-12-02', to: '2026-12-01' }).success).toBe(false);
    expect(SlotsQuerySchema.safeParse({ from: '1 Dec', to: '2026-12-01' }).success).toBe(false);
  });
});
