import { describe, expect, it } from 'vitest';
import { TestimonialInputSchema } from './testimonial';

const valid = { name: 'A. R.', text: 'A gentle, clear reading.', date: '2026-02-28' };
const dateIssue = (date: string) => {
  const result = TestimonialInputSchema.safeParse({ ...valid, date });
  return result.success ? null : result.error.issues.find((issue) => issue.path[0] === 'date')?.message;
};

describe('TestimonialInputSchema: the date is a real calendar date', () => {
  it.each(['2026-02-31', '2026-04-31', '2025-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-01-00'])(
    'refuses %s',
    (date) => {
      expect(dateIssue(date)).toBe('Date must be a valid date');
    },
  );

  it.each(['2024-02-29', '2000-02-29', '2026-12-31', '2026-01-01'])('accepts %s', (date) => {
    expect(dateIssue(date)).toBeNull();
    expect(TestimonialInputSchema.parse({ ...valid, date }).date).toBe(date);
  });

  it('refuses other shapes', () => {
    for (const date of ['2026-2-3', '26-02-03', '2026-02-03T00:00:00Z', '03/02/2026']) {
      expect(dateIssue(date)).toBe('Date must be a valid date');
    }
  });
});
