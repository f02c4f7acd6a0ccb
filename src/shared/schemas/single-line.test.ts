import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { singleLine } from './common';
import { ContactMessageInputSchema } from './contact';

const Name = singleLine(z.string());

describe('singleLine: every line terminator is refused (mail headers, log lines)', () => {
  it.each([
    ['LF', '\n'],
    ['CR', '\r'],
    ['VT', '\u000b'],
    ['FF', '\u000c'],
    ['file separator', '\u001c'],
    ['group separator', '\u001d'],
    ['record separator', '\u001e'],
    ['NEL (U+0085)', '\u0085'],
    ['line separator (U+2028)', '\u2028'],
    ['paragraph separator (U+2029)', '\u2029'],
  ])('refuses %s inside a value', (_label, breakChar) => {
    const result = Name.safeParse(`Asha${breakChar}Bcc: x@y.z`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Must not contain line breaks');
  });

  it('keeps tabs, non-breaking spaces and other scripts', () => {
    for (const value of ['Asha\tRao', 'Asha\u00a0Rao', 'आशा राव', 'Zoë 🌙']) expect(Name.parse(value)).toBe(value);
  });

  it('holds on the contact form name (NEL cannot start a mail header)', () => {
    const result = ContactMessageInputSchema.safeParse({
      name: 'Asha\u0085Bcc: x@y.z',
      email: 'asha@example.org',
      subject: 'General Inquiry',
      message: 'I would like to know more about a reading.',
      consent: true,
    });
    expect(result.success).toBe(false);
  });
});
